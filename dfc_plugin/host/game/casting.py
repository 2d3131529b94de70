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

import re
from typing import TYPE_CHECKING, Any

from dfc_plugin.cards import Ability, Face, ForgeCost, Keyword, ManaCost, SymbolKind
from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host.abilities.batches import count_use, limit_reached
from dfc_plugin.host.abilities.census import link_missing
from dfc_plugin.host.abilities.chain import choose_targets, has_legal_target, links, run_link
from dfc_plugin.host.abilities.dividing import divide_as_cast
from dfc_plugin.host.abilities.free_casting import free_permission
from dfc_plugin.host.abilities.land_played import land_played
from dfc_plugin.host.abilities.loyalty import may_activate_again, note_again
from dfc_plugin.host.abilities.mana_restrictions import Spending
from dfc_plugin.host.abilities.mayplay import any_color
from dfc_plugin.host.abilities.statics import cant_be_cast, cast_with_flash, cost_change
from dfc_plugin.host.abilities.unearth import keyword_abilities
from dfc_plugin.host.abilities.values import ACTIVATION_CONDITIONS, Ctx, zone_named
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.cache import is_fresh, memo_by_identities, memo_by_identity
from dfc_plugin.host.game.costs import Costs, needs
from dfc_plugin.host.game.events import StackItem
from dfc_plugin.host.game.stack import StackActions
from dfc_plugin.host.model import GameObject
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.script.parser import parse_value, read_value
from dfc_plugin.state import Zone

__all__ = ["CastingActions", "spell_ability"]

MAIN_STEPS = ("main1", "main2")
_UNSET = object()  # (no ``pay_only`` of the game's own, only the class's)


@memo_by_identity
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


@memo_by_identity
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


@memo_by_identity
def _mana_count(cost: ManaCost | None) -> tuple[int, int]:
    """How many mana :func:`~dfc_plugin.host.game.costs.needs` asks for the cost (X as 0):
    the colour-constrained ones, and the generic amount before any tax or reduction."""
    if cost is None:
        return 0, 0
    generic = sum(s.amount for s in cost.symbols if s.kind is SymbolKind.GENERIC)
    return sum(1 for s in cost.symbols if s.kind not in _UNCONSTRAINED), generic


_UNCONSTRAINED = (SymbolKind.GENERIC, SymbolKind.VARIABLE)


def _has_x(cost: ManaCost | None) -> bool:
    return cost is not None and any(s.kind is SymbolKind.VARIABLE for s in cost.symbols)


def _missing(ctx: Ctx, first: Any) -> list[str]:
    card = ctx.game.cards.get(ctx.card)
    return list(_chain_missing(first, ctx.face, card.definition if card is not None else None, ctx))


@memo_by_identities(3)
def _chain_missing(first: Any, face: Face, definition: Any, ctx: Ctx) -> tuple[str, ...]:
    """What the chain starting at ``first`` misses: it reads only the face and the
    card's definition (its SVars), so it is remembered by their identity."""
    try:
        return tuple(m for link in links(ctx, first) for m in link_missing(link))
    except UnsupportedAbilityError as error:
        return tuple(error.missing)


def _refuse_missing(ctx: Ctx, first: Any, what: str) -> None:
    missing = _missing(ctx, first)
    if missing:
        raise UnsupportedAbilityError(
            f"{what} can't run here (missing {', '.join(missing)})", missing=tuple(missing)
        )


def activated_from(face: Face, zone: Zone) -> list[tuple[int, Ability]]:
    """The face's activated abilities (with their index) activated from ``zone``: an
    ability activated from elsewhere can't be activated there (602.2, ``ActivationZone$``)."""
    return _activated_by_zone(face).get(zone, [])


@memo_by_identity
def _activated_by_zone(face: Face) -> dict[Zone, list[tuple[int, Ability]]]:
    by_zone: dict[Zone, list[tuple[int, Ability]]] = {}
    for index, ability in enumerate(activated(face)):
        by_zone.setdefault(_activation_zone(ability), []).append((index, ability))
    return by_zone


@memo_by_identity
def _activation_zone(ability: Ability) -> Zone:
    return _activation_rules(ability)[0]


@memo_by_identity
@memo_by_identity
def _activation_rules(ability: Ability) -> tuple[Zone, bool, bool, str | None, bool]:
    """What of an ability's parameters says when it may be activated: the zone
    (``ActivationZone$``), a loyalty ability, ``SorcerySpeed$``, ``Activation$``, and
    whether ``ActivationLimit$`` limits it (602.5b); read once per (immutable) ability."""
    params = ability.params
    zone = zone_named(params.get("ActivationZone") or "Battlefield")
    limited = params.get("ActivationLimit") is not None
    return zone, "Planeswalker" in params, "SorcerySpeed" in params, params.get("Activation"), limited


@memo_by_identity
def _ability_cost(ability: Ability) -> ForgeCost:
    cost: ForgeCost = parse_value("cost", ability.params.get("Cost") or "0")
    return cost


@memo_by_identity
def instant_speed(face: Face) -> bool:
    """The face may be cast at instant speed: an instant or with flash (307.1, 702.8a)."""
    return face.type_line.has("Instant") or face.has_keyword("Flash")


@memo_by_identity
def craft_keyword(face: Face) -> Keyword | None:
    """The face's ``K:Craft`` keyword (702.167a), if it has one."""
    return face.keyword("Craft")


@memo_by_identity
def _taps(ability: Ability) -> bool:
    """The ability's cost includes {T} (an unreadable cost: ``False``, checked later)."""
    cost = read_value("cost", ability.params.get("Cost") or "0")
    return isinstance(cost, ForgeCost) and cost.tap


@memo_by_identity
def plain_ability(ability: Ability) -> bool:
    """No loyalty, sorcery speed, ``Activation$`` condition, cost part, mana or target:
    whether it may be activated depends only on its source, controller and the turn."""
    _, loyalty, sorcery_speed, condition, _ = _activation_rules(ability)
    cost = read_value("cost", ability.params.get("Cost") or "0")
    return (
        not (loyalty or sorcery_speed or condition is not None)
        and "ActivationLimit" not in ability.params  # used up within the turn (602.5b)
        and isinstance(cost, ForgeCost)
        and not cost.parts
        and cost.mana is None
        and _may_target_nothing(ability.params)
    )


def never_now(found: GameObject, ability: Ability, sorcery: bool) -> bool:
    """Whether :meth:`CastingActions.activatable` is ``False`` for a reason read only
    from the object and the timing: its {T} with the object tapped, or a loyalty or
    ``SorcerySpeed$`` ability without sorcery timing (606.3, 307.1)."""
    if found.tapped and _taps(ability):
        return True
    _, loyalty, sorcery_speed, _, _ = _activation_rules(ability)
    return (loyalty or sorcery_speed) and not sorcery


@memo_by_identity
def _may_target_nothing(params: Any) -> bool:
    """No target is needed: no ``ValidTgts$``, or ``TargetMin$ 0``."""
    return "ValidTgts" not in params or int(params.get("TargetMin") or 1) == 0


class CastingActions(StackActions, Costs):
    """Casting and activating (mixed into :class:`dfc_plugin.host.Game`)."""

    if TYPE_CHECKING:  # the layers' (host/game/layers.py)

        def granted_abilities(self, found: GameObject) -> list[Ability]: ...

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
        """The ways ``player`` may cast this card from where it is (the plugin's). Without
        a permission or a link, that is the plugin's answer for the card and its zone, so
        it is remembered by the card's definition and zone (the owner's; others have none)."""
        card, zone, mine = found.state.card, found.zone, found.owner == player
        table = self.__dict__.setdefault("_cast_options", {})
        hit = table.get((id(card), zone, mine))
        if hit is not None and hit[0] is card and not is_fresh():
            return hit[1]  # type: ignore[no-any-return]
        options = [o for o in self._options(player, found, None, None, None) if o.play == "cast"]
        table[(id(card), zone, mine)] = (card, options)
        return options

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
        origin, tax = found.zone, self.tax_for(found)
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
            raise IllegalActionError(f"{forbidding} says this spell can't be cast", rule="601.3")
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
            divide_as_cast(self, ctx, links(ctx, params))  # 601.2d
        if not free and free_permission(self, player, found):  # 118.9: the caster decides (601.2b)
            free = self.ask_yes(player, f"cast {shown.name} without paying its mana cost")
        if not free:
            wanted = needs(option.cost, x, cost_change(self, spell, player, ctx.targets) + tax)
            wanted = any_color(self, player, found, wanted)  # found: the card where it was cast from
            paying = Spending(spell, spell=True)  # restricted mana (106.6)
            ctx.cost_paid["snow_spent"] = self.pay_mana(player, wanted, shown.name, paying)  # 107.4h
        spell = self._replace(spell, cast_from=origin)
        self.note_commander_cast(spell, origin)
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
        origin = self.obj(object_id).zone
        result: ActionResult = self.play_land(player, object_id, face=face)
        land_played(self, player, result.objects[0], origin)  # "whenever you play a land" (603.2)
        self._acted(player)
        return result

    # ------------------------------------------------------------------ activating
    def _activation_zone(self, ability: Ability) -> Zone:
        return _activation_zone(ability)

    def may_activate(self, player: int, found: GameObject, ability: Ability) -> str | None:
        """Why ``player`` may not activate this ability now (``None``: they may)."""
        zone, loyalty, sorcery_speed, condition, limited = _activation_rules(ability)
        if found.zone is not zone:
            return f"it is activated from the {zone}"
        if (found.controller if zone is Zone.BATTLEFIELD else found.owner) != player:
            return "only its controller activates it (602.2)"
        if loyalty:
            if found.id in self.loyalty_used and not may_activate_again(self, found):
                return "a loyalty ability of a permanent once each turn (606.3)"
            if not self.sorcery_timing(player):
                return "loyalty abilities at sorcery speed (606.3)"
        if sorcery_speed and not self.sorcery_timing(player):
            return "only as a sorcery (307.1)"
        face = self.face_of(found) if limited else None  # (else no limit: no ctx to make)
        if face is not None and limit_reached(self, self.ability_ctx(found, face, player), ability):
            return "no more times this turn (602.5b)"
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
        abilities, granted = self._abilities_and_grants(found, face)
        if not 0 <= index < len(abilities):
            raise IllegalActionError(f"{self.describe(found)} has no activated ability {index}", rule="602.1")
        ability = abilities[index]
        assert face is not None
        reason = self.may_activate(player, found, ability)
        if reason is not None:
            cited = re.search(r"\((\d{3}\.\d+[a-z]?)\)$", reason)  # the rule the reason names, else 602.5
            rule = cited.group(1) if cited else "602.5"
            raise IllegalActionError(f"can't activate now: {reason}", rule=rule)
        params = ability.params
        ctx = self.ability_ctx(found, face, player)
        ctx.x = x
        _refuse_missing(ctx, params, f"{face.name}'s ability")
        if params.api == "Mana":  # (a granted one is judged by its words: the plugin sees faces)
            given = bool(granted) and ability in granted
            if self._is_mana_ability(found, ability, given):
                return self._mana_ability(ctx, found, ability, given)
        if not choose_targets(self, ctx, links(ctx, params)):
            raise IllegalActionError(f"{face.name}'s ability has no legal targets", rule="602.2b")
        self.pay_cost(ctx, _ability_cost(ability), face.name)
        count_use(self, ctx, ability)
        if "Planeswalker" in params:
            if found.id in self.loyalty_used:
                note_again(self, found)
            self.loyalty_used.add(found.id)
        self.stack_items.append(StackItem("ability", ctx, params, text=ability.text, face=face))
        self.record("activate", found, f"player {player} activates an ability of {{obj}}", "602.2")
        self._acted(player)
        return ActionResult(True, "602.2", "activated", (found.id,))

    def _is_mana_ability(self, found: GameObject, ability: Ability, granted: bool) -> bool:
        """605.1a: the plugin's rule point judges the face's own abilities (a targeted
        or loyalty ``AB$ Mana`` is none: it uses the stack); an ability another object
        grants (``granted``) is judged by the same words here, the plugin seeing only faces."""
        if granted:
            return "ValidTgts" not in ability.params and "Planeswalker" not in ability.params
        return any(m.line == ability.line for m in self.rules.mana_abilities(found.state))

    def _mana_ability(self, ctx: Ctx, found: GameObject, ability: Ability, granted: bool) -> ActionResult:
        """A mana ability resolves at once (605.3b). With only {T} in its cost the
        plugin's mana handler runs it (it knows "tapped for mana", 106.12); with more
        (sacrifice, mana), its cost is paid here and its Mana effect runs; a granted one
        (not the face's) is run here too."""
        cost = _ability_cost(ability)
        if cost.parts or cost.mana is not None or granted:
            known = self.rules.mana_abilities(found.state)  # the plugin's: "tapped for mana"?
            ctx.cost_paid["tapped_for_mana"] = (
                cost.tap if granted else any(m.line == ability.line and m.taps_for_mana for m in known)
            )
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
    def given_flash(self, found: GameObject, player: int) -> bool:
        """A static lets ``player`` cast it as though it had flash (702.8a), for the
        listing; one this engine can't run leaves it out (casting it says why)."""
        try:
            return cast_with_flash(self, found, player)
        except IllegalActionError:
            return False

    def castable(self, player: int, found: GameObject, option: CastOption) -> bool:
        """Whether casting this way now could succeed (checked again when it's done)."""
        face = found.state.card.faces[option.face]
        if not (instant_speed(face) or self.sorcery_timing(player) or self.given_flash(found, player)):
            return False
        if not self._affordable_spell(player, found, option) and not free_permission(self, player, found):
            return False
        if not _has_x(option.cost) and cant_be_cast(self, found, player) is not None:
            return False  # 601.3; 601.3a: with {X}, a choice of X may make it allowed
        ability = spell_ability(face)
        if ability is None:
            return True
        ctx = self.ability_ctx(found, face, player)
        if _missing(ctx, ability.params):
            return False
        return (
            "ValidTgts" not in ability.params
            or int(ability.params.get("TargetMin") or 1) == 0
            or has_legal_target(self, ctx, ability.params)
        )

    def _affordable_spell(self, player: int, found: GameObject, option: CastOption) -> bool:
        """Whether the pool and the mana sources pay the spell's cost (X as 0, with the
        tax). Each pays one mana (601.2g-h), so a cost of more mana than the pool and the
        sources hold together is known to be unaffordable without planning a payment."""
        constrained, generic = _mana_count(option.cost)
        tax = self.tax_for(found)
        if constrained + max(0, generic + tax) > len(self.mana_pool[player]) + len(self.sources_now(player)):
            return False
        needed = any_color(self, player, found, needs(option.cost, 0, tax))
        return self.can_afford(player, needed, Spending(found, spell=True))

    def activatable(self, player: int, found: GameObject, face: Face, ability: Ability) -> bool:
        if found.tapped and _taps(ability):
            return False  # (the {T} check below, made first: it is the cheapest)
        if self.may_activate(player, found, ability) is not None:
            return False
        params = ability.params
        ctx = self.ability_ctx(found, face, player)
        if _missing(ctx, params):
            return False
        cost = _ability_cost(ability)
        if (cost.tap and (found.tapped or not self._may_pay_tap(found))) or not self.can_pay_parts(ctx, cost):
            return False
        if cost.untap and not self._may_pay_untap(found):
            return False
        sources_needed = needs(cost.mana)
        if sources_needed and not self._affordable(player, found, cost.tap, sources_needed):
            return False  # (nothing to pay is always affordable)
        return _may_target_nothing(params) or has_legal_target(self, ctx, params)

    def _may_pay_untap(self, found: GameObject) -> bool:
        """Whether a {Q} cost of ``found`` can be paid: it is tapped (107.6) and the
        plugin allows it (302.6 names {Q} beside {T}), as paying it checks."""
        return found.tapped and bool(self.rules.can_pay_tap_cost(found.state, self.free_to_tap(found), True))

    def _affordable(self, player: int, found: GameObject, taps: bool, wanted: list[frozenset[str]]) -> bool:
        """Whether the mana part of an ability's cost can be paid; when the ability taps a
        mana source for its own {T}, that source can't also pay (602.2b). Affordable is
        not activatable: the targets are still asked for (602.2b, 601.2c). Each mana of
        the pool and each source pays one mana (601.2g-h), so more mana than they hold
        together is known to be unaffordable without planning a payment."""
        sources = self.sources_now(player)
        own = taps and any(s[0].id == found.id for s in sources)
        if len(wanted) > len(self.mana_pool[player]) + len(sources) - own:
            return False
        if own:
            return self._affordable_without(player, found, wanted)
        return self.can_afford(player, wanted, Spending(found, spell=False))

    def _affordable_without(self, player: int, found: GameObject, wanted: list[frozenset[str]]) -> bool:
        """Whether the other sources pay ``wanted`` once ``found`` is tapped for its own {T}
        (602.2b, 601.2h): planned with ``found`` left out of the sources, as tapping it
        would, without changing the game (a trial tap would make every remembered
        answer for this state of the game cold)."""
        saved = self.__dict__.get("pay_only", _UNSET)
        allowed = self.pay_only if self.pay_only is not None else {s[0].id for s in self.mana_sources(player)}
        self.pay_only = frozenset(allowed) - {found.id}
        try:
            return self._plan(player, wanted, Spending(found, spell=False)) is not None
        finally:
            if saved is _UNSET:
                del self.__dict__["pay_only"]
            else:
                self.pay_only = saved

    def _acted(self, player: int) -> None:
        """After a player acts, they receive priority again (117.3c)."""
        self.passed = set()
        self.give_priority(player)

    # ------------------------------------------------------------------ variant hooks
    def tax_for(self, found: GameObject) -> int:
        """Generic mana a variant adds to casting ``found`` from where it is (the
        commander tax, 903.8: :mod:`.commander`); none here."""
        return 0

    def note_commander_cast(self, spell: GameObject, origin: Zone) -> None:
        """A spell was cast from ``origin`` and paid (counted by :mod:`.commander`)."""

    def activated_abilities(self, found: GameObject) -> list[Ability]:
        """The activated abilities of the face that is up, then those granted to it by
        static abilities (``AddAbility$``, 613.1f), in that order (their indices)."""
        return self._abilities_and_grants(found, self.face_of(found))[0]

    def _abilities_and_grants(
        self, found: GameObject, face: Face | None
    ) -> tuple[list[Ability], list[Ability]]:
        """:meth:`activated_abilities` (``face``: the object's, :meth:`face_of`), and the
        granted ones among them."""
        granted = self.granted_abilities(found)
        return [*(activated(face) if face is not None else []), *granted], granted
