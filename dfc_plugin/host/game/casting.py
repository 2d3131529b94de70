"""Casting spells (601.2), activating abilities (602, loyalty abilities 606, mana
abilities 605), crafting (702.167a) and playing lands (305), with timing: sorcery speed
for a sorcery, a permanent spell, a loyalty ability or ``SorcerySpeed$`` (307.1, 606.3),
instant speed for an instant or flash (702.8a).

Which face is cast and which permission allows it stay the plugin's answers
(``_options`` asks ``rules.cast_options``/``transformed_option``); this module adds the
order of 601.2: the spell moves to the stack, its targets are chosen (601.2c), its total
cost is determined with cost changes (601.2f), then mana abilities pay it (601.2g-h).
If any step fails the whole cast is undone (601.2, the action is a transaction).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import Ability, Face, ForgeCost
from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host.abilities.batches import count_use, limit_reached
from dfc_plugin.host.abilities.census import link_missing
from dfc_plugin.host.abilities.chain import choose_targets, legal_targets, links, run_link
from dfc_plugin.host.abilities.loyalty import may_activate_again, note_again
from dfc_plugin.host.abilities.statics import cant_be_cast, cast_with_flash, cost_change
from dfc_plugin.host.abilities.unearth import keyword_abilities
from dfc_plugin.host.abilities.values import ACTIVATION_CONDITIONS, Ctx, zone_named
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.costs import Costs, needs
from dfc_plugin.host.game.events import StackItem
from dfc_plugin.host.game.stack import StackActions
from dfc_plugin.host.model import GameObject
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.script.parser import parse_value
from dfc_plugin.state import Zone

__all__ = ["CastingActions", "spell_ability"]

MAIN_STEPS = ("main1", "main2")


def spell_ability(face: Face) -> Ability | None:
    """The face's spell ability (its ``SP$`` line), if it has one."""
    return next(
        (
            a
            for a in face.abilities
            if a.kind == "A" and a.params.lead is not None and a.params.lead.key == "SP"
        ),
        None,
    )


def activated(face: Face) -> list[Ability]:
    """The face's activated abilities (``AB$`` lines) in script order, then those its
    keywords stand for (equip, 702.6a)."""
    found = [
        a for a in face.abilities if a.kind == "A" and a.params.lead is not None and a.params.lead.key == "AB"
    ]
    for word in face.keywords:
        if word.name == "Equip" and word.args:
            text = f"AB$ Attach | Cost$ {word.args[0]} | ValidTgts$ Creature.YouCtrl | SorcerySpeed$ True"
            found.append(Ability("A", text, word.line, word.column))
        if word.name == "Cycling" and word.args:
            text = f"AB$ Draw | Cost$ {word.args[0]} Discard<1/CARDNAME> | ActivationZone$ Hand | NumCards$ 1"
            found.append(Ability("A", text, word.line, word.column))
        if word.name == "Crew" and word.args:
            text = f"AB$ Crew | Cost$ tapXPower<{word.args[0]}/Creature.Other> | CrewPower$ {word.args[0]}"
            found.append(Ability("A", text, word.line, word.column))
        found.extend(keyword_abilities(word))
    return found


def _missing(ctx: Ctx, first: Any) -> list[str]:
    try:
        return [m for link in links(ctx, first) for m in link_missing(link)]
    except UnsupportedAbilityError as error:
        return list(error.missing)


def _refuse_missing(ctx: Ctx, first: Any, what: str) -> None:
    missing = _missing(ctx, first)
    if missing:
        raise UnsupportedAbilityError(
            f"{what} can't run here (missing {', '.join(missing)})", missing=tuple(missing)
        )


class CastingActions(StackActions, Costs):
    """Casting and activating (mixed into :class:`dfc_plugin.host.Game`)."""

    # ------------------------------------------------------------------ timing
    def sorcery_timing(self, player: int) -> bool:
        """A player may act at sorcery speed: their main phase, stack empty (307.1)."""
        return player == self.active and self.step in MAIN_STEPS and not self.stack_items

    def _check_timing(self, player: int, found: GameObject, face: Face) -> None:
        if face.type_line.has("Instant") or face.has_keyword("Flash") or cast_with_flash(self, found, player):
            return
        if not self.sorcery_timing(player):
            raise IllegalActionError(
                "only in your main phase with an empty stack (it isn't an instant and has no flash)",
                rule="307.1",
            )

    # ------------------------------------------------------------------ casting
    def cast_options_for(self, player: int, found: GameObject) -> list[CastOption]:
        """The ways ``player`` may cast this card from where it is (the plugin's)."""
        return [o for o in self._options(player, found, None, None, None) if o.play == "cast"]

    @action("cast_spell")
    def cast_spell(
        self,
        player: int,
        object_id: int,
        *,
        via: str | None = None,
        face: int | str | None = None,
        x: int = 0,
        free: bool = False,
        timing: bool = True,
    ) -> ActionResult:
        """Cast a spell, in the order of 601.2 (see the module docstring)."""
        if via in ("siege", "cast_transformed") and timing:
            raise IllegalActionError("a Siege is cast transformed only by its defeat trigger", rule="310.11b")
        found = self.obj(object_id)
        options = self._options(player, found, via, None, None)
        option: CastOption = self._choose_option(player, found.state.card, options, face, via)
        if option.play != "cast":
            raise IllegalActionError("a land face is played, not cast", rule="712.12")
        if timing:
            self._check_timing(player, found, found.state.card.faces[option.face])
        result = self.cast(player, object_id, face=option.face, via=option.via, x=x)
        spell = self.obj(result.object)
        forbidding = cant_be_cast(self, spell, player)
        if forbidding is not None:
            raise IllegalActionError(f"{forbidding} says this spell can't be cast", rule="601.2")
        shown = self.face_of(spell)
        assert shown is not None
        ctx = self.ability_ctx(spell, shown, player)
        ctx.x = x
        ability = spell_ability(shown)
        params = ability.params if ability is not None else None
        if params is not None:
            _refuse_missing(ctx, params, f"{shown.name}'s spell ability")
            if not choose_targets(self, ctx, links(ctx, params)):
                raise IllegalActionError(f"{shown.name} has no legal targets", rule="601.2c")
        if not free:
            self.pay_mana(player, needs(option.cost, x, cost_change(self, spell, player)), shown.name)
        self.stack_items.append(StackItem("spell", ctx, params, spell=spell.id, face=shown))
        self.emit_spell_cast(spell.id, player)
        self._acted(player)
        return result

    # ------------------------------------------------------------------ lands
    @action("play_land_action")
    def play_land_now(self, player: int, object_id: int, *, face: int | str | None = None) -> ActionResult:
        """Play a land: in your main phase with an empty stack (305.1, 505.6b)."""
        if not self.sorcery_timing(player):
            raise IllegalActionError(
                "a land is played only in your main phase with an empty stack", rule="305.1"
            )
        result: ActionResult = self.play_land(player, object_id, face=face)
        self._acted(player)
        return result

    # ------------------------------------------------------------------ activating
    def _activation_zone(self, ability: Ability) -> Zone:
        return zone_named(ability.params.get("ActivationZone") or "Battlefield")

    def may_activate(self, player: int, found: GameObject, ability: Ability) -> str | None:
        """Why ``player`` may not activate this ability now (``None``: they may)."""
        params = ability.params
        zone = self._activation_zone(ability)
        if found.zone is not zone:
            return f"it is activated from the {zone}"
        if (found.controller if zone is Zone.BATTLEFIELD else found.owner) != player:
            return "only its controller activates it (602.2)"
        if "Planeswalker" in params:
            if found.id in self.loyalty_used and not may_activate_again(self, found):
                return "a loyalty ability of a permanent once each turn (606.3)"
            if not self.sorcery_timing(player):
                return "loyalty abilities at sorcery speed (606.3)"
        if "SorcerySpeed" in params and not self.sorcery_timing(player):
            return "only as a sorcery (307.1)"
        face = self.face_of(found)
        if face is not None and limit_reached(self, self.ability_ctx(found, face, player), ability):
            return "no more times this turn (602.5b)"
        condition = params.get("Activation")
        if condition is not None:
            check = ACTIVATION_CONDITIONS.get(condition)
            face = self.face_of(found)
            if check is None or face is None or not check(self.ability_ctx(found, face, player)):
                return f"only with {condition} (207.2c)"
        return None

    @action("activate")
    def activate(self, player: int, object_id: int, index: int = 0, *, x: int = 0) -> ActionResult:
        """Activate the ``index``-th ``AB$`` ability of the face that is up (602.2): a
        mana ability resolves at once (605.3b); any other goes on the stack."""
        found = self.obj(object_id)
        face = self.face_of(found)
        abilities = activated(face) if face is not None else []
        if not 0 <= index < len(abilities):
            raise IllegalActionError(f"{self.describe(found)} has no activated ability {index}", rule="602.1")
        ability = abilities[index]
        assert face is not None
        reason = self.may_activate(player, found, ability)
        if reason is not None:
            raise IllegalActionError(f"can't activate now: {reason}", rule="602.5")
        params = ability.params
        ctx = self.ability_ctx(found, face, player)
        ctx.x = x
        _refuse_missing(ctx, params, f"{face.name}'s ability")
        if params.api == "Mana" and "ValidTgts" not in params:
            return self._mana_ability(ctx, found, ability)
        if not choose_targets(self, ctx, links(ctx, params)):
            raise IllegalActionError(f"{face.name}'s ability has no legal targets", rule="602.2b")
        cost: ForgeCost = parse_value("cost", params.get("Cost") or "0")
        self.pay_cost(ctx, cost, face.name)
        count_use(self, ctx, ability)
        if "Planeswalker" in params:
            if found.id in self.loyalty_used:
                note_again(self, found)
            self.loyalty_used.add(found.id)
        self.stack_items.append(StackItem("ability", ctx, params, text=ability.text, face=face))
        self.record("activate", found, f"player {player} activates an ability of {{obj}}", "602.2")
        self._acted(player)
        return ActionResult(True, "602.2", "activated", (found.id,))

    def _mana_ability(self, ctx: Ctx, found: GameObject, ability: Ability) -> ActionResult:
        """A mana ability resolves at once (605.3b). With only {T} in its cost the
        plugin's mana handler runs it (it knows "tapped for mana", 106.12); with more
        (sacrifice, mana), its cost is paid here and its Mana effect runs."""
        cost: ForgeCost = parse_value("cost", ability.params.get("Cost") or "0")
        if cost.parts or cost.mana is not None:
            self.pay_cost(ctx, cost, f"{ctx.face.name}'s mana ability")
            run_link(self, ctx, ability.params)
            self.record("mana", None, f"{ctx.face.name}'s mana ability adds mana", "605.3b")
            return ActionResult(True, "605.3b", "mana added", (found.id,))
        mana = list(self.rules.mana_abilities(found.state))
        index = next((i for i, m in enumerate(mana) if m.line == ability.line), None)
        if index is None:
            raise IllegalActionError(f"{self.describe(found)}'s mana ability is not one now", rule="605.1a")
        result: ActionResult = self.activate_mana_ability(found.id, index)
        return result

    # ------------------------------------------------------------------ craft
    @action("craft_action")
    def activate_craft(self, player: int, object_id: int) -> ActionResult:
        """Craft with [materials] [cost] (702.167a): pay the cost, exile this permanent
        and exactly the named materials; the ability returns it transformed."""
        found = self.obj(object_id)
        face = self.face_of(found)
        word = face.keyword("Craft") if face is not None else None
        if face is None or word is None or found.zone is not Zone.BATTLEFIELD or found.controller != player:
            raise IllegalActionError("there is no craft ability to activate", rule="702.167a")
        if not self.sorcery_timing(player):
            raise IllegalActionError("craft only as a sorcery", rule="702.167a")
        ctx = self.ability_ctx(found, face, player)
        cost: ForgeCost = parse_value("cost", word.args[0] if word.args else "0")
        self.pay_cost(ctx, cost, f"{face.name}'s craft")
        materials = list(ctx.cost_paid.get("materials", ()))
        ctx.cost_paid["material_cards"] = [c.id for i in materials for c in self.obj(i).cards]
        exiled = [o for i in materials for o in self.move(i, Zone.EXILE).objects]
        ctx.cost_paid["exiled"] = exiled
        self.move(found.id, Zone.EXILE)
        self.stack_items.append(StackItem("ability", ctx, text="craft", face=face, intrinsic="craft"))
        self.record(
            "craft", None, f"player {player} crafts {face.name} with {len(materials)} material(s)", "702.167a"
        )
        self._acted(player)
        return ActionResult(True, "702.167a", "crafted", tuple(exiled))

    # ------------------------------------------------------------------ listing
    def castable(self, player: int, found: GameObject, option: CastOption) -> bool:
        """Whether casting this way now could succeed (checked again when it's done)."""
        face = found.state.card.faces[option.face]
        if not (face.type_line.has("Instant") or face.has_keyword("Flash") or self.sorcery_timing(player)):
            return False
        if not self.can_afford(player, needs(option.cost)):
            return False
        ability = spell_ability(face)
        if ability is None:
            return True
        ctx = self.ability_ctx(found, face, player)
        if _missing(ctx, ability.params):
            return False
        return (
            "ValidTgts" not in ability.params
            or int(ability.params.get("TargetMin") or 1) == 0
            or bool(legal_targets(self, ctx, ability.params))
        )

    def activatable(self, player: int, found: GameObject, face: Face, ability: Ability) -> bool:
        if self.may_activate(player, found, ability) is not None:
            return False
        params = ability.params
        ctx = self.ability_ctx(found, face, player)
        if _missing(ctx, params):
            return False
        cost: ForgeCost = parse_value("cost", params.get("Cost") or "0")
        if (
            cost.tap
            and (
                found.tapped
                or not self.rules.can_pay_tap_cost(
                    found.state, self.controlled_since_turn_began(found.id), False
                )
            )
        ) or not self.can_pay_parts(ctx, cost):
            return False
        sources_needed = needs(cost.mana)
        if cost.tap and any(s[0].id == found.id for s in self.mana_sources(player)) and sources_needed:
            return self._affordable_without(player, found, sources_needed)
        if not self.can_afford(player, sources_needed):
            return False
        return (
            "ValidTgts" not in params
            or int(params.get("TargetMin") or 1) == 0
            or bool(legal_targets(self, ctx, params))
        )

    def _affordable_without(self, player: int, found: GameObject, wanted: list[frozenset[str]]) -> bool:
        saved = found.tapped
        self._replace(found, tapped=True)
        try:
            return self.can_afford(player, wanted)
        finally:
            self._replace(self.obj(found.id), tapped=saved)

    def _acted(self, player: int) -> None:
        """After a player acts, they receive priority again (117.3c)."""
        self.passed = set()
        self.give_priority(player)
