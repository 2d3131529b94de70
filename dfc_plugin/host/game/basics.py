"""The game's basic actions that effects use: drawing (121), life (119), damage (120),
tapping (701.21), shuffling (701.24), looking and revealing (701.16), and tokens (111).
Each is a small transaction that records what happened; damage and tokens raise the
events triggers listen to.
"""

from __future__ import annotations

import random
from typing import Any

from dfc_plugin.cards import CardDef, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.combat_prevention import prevented
from dfc_plugin.host.abilities.control_statics import control_from_statics
from dfc_plugin.host.abilities.damage_maps import defer_damage
from dfc_plugin.host.abilities.forgetting import control_lost, forget_moved
from dfc_plugin.host.abilities.player_auras import player_aura_problems
from dfc_plugin.host.abilities.prevention import prevents_all
from dfc_plugin.host.abilities.protection import protected
from dfc_plugin.host.abilities.values import Ctx, Target, amount
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.layers import Layers
from dfc_plugin.host.model import GameObject
from dfc_plugin.script.build import read_script
from dfc_plugin.state import DfcState, TokenKind, Zone

__all__ = ["Basics"]


class Basics(Layers):
    """Draw, life, damage, tokens (mixed into :class:`dfc_plugin.host.Game`)."""

    @action("draw")
    def draw(self, player: int, count: int = 1) -> ActionResult:
        """Draw ``count`` cards; drawing from an empty library loses the game the next
        time state-based actions are checked (121.4, 704.5b)."""
        library = self.zones[(player, Zone.LIBRARY)]
        drawn: list[int] = []
        for _ in range(count):
            if not library:
                self.drew_from_empty.add(player)
                break
            drawn.extend(self.move(library[-1], Zone.HAND).objects)
            self.emit(GameEvent("Drawn", {"Card": drawn[-1]}, {"Player": player}))  # each draw, 121.2
        return ActionResult(True, "121.1", f"drew {len(drawn)}", tuple(drawn))

    @action("life")
    def change_life(self, player: int, delta: int) -> ActionResult:
        """A player gains (positive) or loses life (119.3)."""
        self.life[player] += delta
        if delta > 0:
            self.life_gained[player] = self.life_gained.get(player, 0) + delta
            self.emit(GameEvent("LifeGained", {}, {"Player": player}, {"Amount": delta}))
        self.version += 1
        verb = "gains" if delta >= 0 else "loses"
        self.record(
            "life", None, f"player {player} {verb} {abs(delta)} life (now {self.life[player]})", "119.3"
        )
        return ActionResult(True, "119.3", f"life {self.life[player]}")

    @action("damage")
    def deal_damage(
        self, source: int, target: Target, count: int, *, combat: bool = False, ctx: Ctx | None = None
    ) -> ActionResult:
        """Damage (120.3): to a player, loss of life; to a creature, marked damage; to a
        planeswalker or battle, its loyalty or defense counters removed; lifelink gains
        its controller that much life (702.15b); deathtouch marks it lethal (702.2b)."""
        if count <= 0:
            return ActionResult(False, "120.8", "no damage")
        if ctx is not None and defer_damage(ctx, source, target, count):
            return ActionResult(True, "120.3", "damage to be dealt with the rest (DamageResolve)")
        if target[0] == "o" and prevents_all(self, target[1]):
            self.record("damage", self.objects.get(target[1]), "damage to {obj} is prevented", "615.1a")
            return ActionResult(False, "615.1a", "prevented")
        preventer = prevented(self, self.objects.get(source) or self.lki.get(source), target, combat)
        if preventer is not None:
            self.record("damage", None, f"{preventer} prevents {count} damage", "615.1a")
            return ActionResult(False, "615.1a", "prevented")
        if target[0] == "o" and protected(self, target[1], source):
            shielded = self.objects.get(target[1])
            self.record("damage", shielded, "damage to {obj} is prevented (protection)", "702.16e")
            return ActionResult(False, "702.16e", "prevented by protection")
        origin = self.objects.get(source)
        kind, value = target
        event_objects = {"Source": source}
        event_players: dict[str, int] = {}
        self.version += 1
        if kind == "p":
            self.life[value] -= count
            event_players["Target"] = value
            self.record(
                "damage", None, f"{count} damage to player {value} (now {self.life[value]})", "120.3a"
            )
        else:
            self._damage_permanent(value, count, origin)
            event_objects["Target"] = value
        if origin is not None and self.has_keyword_of(origin, "Lifelink"):
            self.life[origin.controller] += count
            self.emit(GameEvent("LifeGained", {}, {"Player": origin.controller}, {"Amount": count}))
        data = {"Amount": count, "Combat": combat}
        self.emit(GameEvent("DamageDone", event_objects, event_players, data))
        return ActionResult(True, "120.3", f"{count} damage")

    def _damage_permanent(self, object_id: int, count: int, origin: Any) -> None:
        found = self.objects.get(object_id)
        if found is None:
            return
        for kind, rule in (("LOYALTY", "120.3c"), ("DEFENSE", "120.3h")):
            if found.counter(kind) and (
                self.has_type_of(found, "Planeswalker" if kind == "LOYALTY" else "Battle")
            ):
                before = found.counter(kind)
                self.remove_counters(object_id, kind, count)
                if kind == "DEFENSE":
                    self.defense_removed(object_id, before, self.obj(object_id).counter(kind))
                self.record("damage", found, f"{count} damage to {{obj}}", rule)
                return
        self.damage[object_id] = self.damage.get(object_id, 0) + count
        if origin is not None and self.has_keyword_of(origin, "Deathtouch"):
            self.deathtouched.add(object_id)
        self.record("damage", found, f"{count} damage to {{obj}}", "120.3e")

    def defense_removed(self, object_id: int, before: int, after: int) -> None:
        """Overridden by the stack mixin (sieges)."""

    def destroy_permanent(self, object_id: int, *, regenerate: bool = True) -> list[int]:
        """Destroy (701.8): a regeneration shield replaces it (701.19a: tap it, remove
        its damage, remove it from combat) unless it can't be regenerated."""
        found = self.obj(object_id)
        if regenerate and self.regeneration.get(object_id, 0) > 0:
            self.regeneration[object_id] -= 1
            self.set_tapped(object_id, True)
            self.damage.pop(object_id, None)
            self.deathtouched.discard(object_id)
            self.attackers.pop(object_id, None)
            self.blockers.pop(object_id, None)
            self.record("regenerate", found, "{obj} regenerates", "701.19a")
            return []
        return list(self.destroy(object_id).objects)

    @action("control")
    def change_control(self, object_id: int, player: int, *, until_end_of_turn: bool = False) -> ActionResult:
        """A control-changing effect (613.1b): the permanent's new controller hasn't
        controlled it since their turn began (302.6)."""
        found = self.obj(object_id)
        if until_end_of_turn:
            self.control_reverts.append((object_id, found.controller))
        self._replace(found, controller=player, controlled_since_turn=self.turn, timestamp=self._tick())
        self.record("control", found, f"player {player} gains control of {{obj}}", "613.1b")
        return ActionResult(True, "613.1b", "control changed", (object_id,))

    def end_of_turn_control(self) -> None:
        """ "Until end of turn" control effects end (514.2)."""
        for object_id, player in reversed(self.control_reverts):
            found = self.objects.get(object_id)
            if found is not None and found.zone is Zone.BATTLEFIELD:
                self._replace(found, controller=player, timestamp=self._tick())
        self.control_reverts = []
        self.regeneration = {}

    @action("sacrifice")
    def sacrifice(self, object_id: int) -> ActionResult:
        """Sacrifice a permanent (701.17a): to its owner's graveyard; "sacrificed"
        triggers look at it as it was."""
        found = self.obj(object_id)
        result = self.move(object_id, Zone.GRAVEYARD)
        self.emit(
            GameEvent("Sacrificed", {"Card": found.id}, {"Player": found.controller}, {}, {found.id: found})
        )
        return result

    @action("tap")
    def set_tapped(self, object_id: int, tapped: bool) -> ActionResult:
        """Tap or untap a permanent (701.21)."""
        found = self.obj(object_id)
        if found.zone is Zone.BATTLEFIELD and found.tapped != tapped:
            self._replace(found, tapped=tapped)
            self.record("tap", found, "{obj} " + ("becomes tapped" if tapped else "untaps"), "701.21")
        return ActionResult(True, "701.21", "tapped" if tapped else "untapped", (object_id,))

    def shuffle(self, player: int) -> None:
        """Shuffle a library (701.24): the game's own seeded random order."""
        ids = self.zones[(player, Zone.LIBRARY)]
        random.Random(self.seed * 7919 + self.turn * 31 + len(self.log)).shuffle(ids)
        self.record("shuffle", None, f"player {player} shuffles their library", "701.24a")

    def move_within_library(self, object_id: int, *, top: bool) -> None:
        ids = self.zones[self.zone_key(Zone.LIBRARY, self.obj(object_id).owner)]
        ids.remove(object_id)
        if top:
            ids.append(object_id)
        else:
            ids.insert(0, object_id)

    def look(self, player: int, object_ids: list[int]) -> None:
        """``player`` looks at cards (701.16b): only they learn what they are."""
        for object_id in object_ids:
            found = self.obj(object_id)
            self._replace(found, known_to=tuple(sorted({*found.known_to, player})))

    def reveal(self, object_ids: list[int]) -> None:
        """Cards are revealed to every player (701.20a)."""
        for object_id in object_ids:
            found = self.obj(object_id)
            self._replace(found, known_to=tuple(self.players))
            name = self.rules.characteristics(found.state).name
            cards = tuple(c.id for c in found.cards)
            self.record("reveal", None, f"revealed: {name}", "701.20a", card_ids=cards)

    # ------------------------------------------------------------------ tokens
    def token_definition(self, ctx: Ctx, link: ParamMap) -> CardDef:
        """The token a Token effect makes: a token script (``TokenScript$``), or the
        2020 inline description written out as a token script and read by the grammar."""
        script = link.get("TokenScript")
        if script is not None:
            found = self.token_script(script)
            if found is None:
                raise UnsupportedAbilityError(
                    f"no token script {script!r} in the library", missing=(f"TokenScript:{script}",)
                )
            return found
        name = link.get("TokenName")
        if name is None:
            raise UnsupportedAbilityError(
                "a Token effect with neither TokenScript$ nor TokenName$", missing=("Token.TokenScript",)
            )
        return self._inline_token(ctx, link, name)

    def _inline_token(self, ctx: Ctx, link: ParamMap, name: str) -> CardDef:
        types = " ".join((link.get("TokenTypes") or "Creature").split(","))
        colors = link.get("TokenColors") or "colorless"
        lines = [f"Name:{name}", "ManaCost:no cost", f"Colors:{colors.lower()}", f"Types:{types}"]
        if link.get("TokenPower") is not None:
            power = amount(ctx, link.get("TokenPower"), 0)
            toughness = amount(ctx, link.get("TokenToughness"), 0)
            lines.append(f"PT:{power}/{toughness}")
        lines += [f"K:{k.strip()}" for k in (link.get("TokenKeywords") or "").split("&") if k.strip()]
        for part, prefix in (("TokenAbilities", "A"), ("TokenTriggers", "T")):
            lines += [f"{prefix}:{self._host_svar(ctx, n)}" for n in _listed(link, part)]
        lines += [f"SVar:{n}:{self._host_svar(ctx, n)}" for n in _listed(link, "TokenSVars")]
        text = "\n".join(lines) + "\n"
        return self._generated_card(text, f"the inline token {name!r}", "Token.inline")

    def _host_svar(self, ctx: Ctx, name: str) -> str:
        for face in (ctx.face, *self.cards[ctx.card].definition.faces):
            found = face.svar(name)
            if found is not None:
                return str(found.body)
        raise UnsupportedAbilityError(f"{ctx.face.name}: no SVar named {name!r}", missing=(f"SVar:{name}",))

    @property
    def _token_cache(self) -> dict[Any, CardDef]:
        cache = self.__dict__.get("_tokens")
        if cache is None:
            cache = {}
            self.__dict__["_tokens"] = cache
        return cache

    def token_script(self, name: str) -> CardDef | None:
        """The token script with this file name (``tokenscripts/<name>.txt``)."""
        key = ("script", name)
        if key not in self._token_cache:
            for loaded in self.library.files:
                if loaded.path.replace("\\", "/").endswith(f"tokenscripts/{name}.txt"):
                    card = loaded.card()
                    if card is not None:
                        self._token_cache[key] = card
                    break
        return self._token_cache.get(key)

    # ------------------------------------------------------------------ attachments
    @action("attach")
    def attach(self, attachment: int, target: int) -> ActionResult:
        """Attach an Aura or Equipment to an object (701.3a); attaching it again to the
        same object does nothing (701.3b). It gets a new timestamp (613.7e)."""
        found, onto = self.obj(attachment), self.obj(target)
        if self.attached.get(attachment) == target:
            return ActionResult(False, "701.3b", "already attached there")
        self.attached[attachment] = target
        self._replace(found, timestamp=self._tick())
        self.record("attach", found, f"{{obj}} becomes attached to {self.describe(onto)}", "701.3a")
        return ActionResult(True, "701.3a", "attached", (attachment,))

    def attachment_problems(self) -> tuple[list[int], list[int]]:
        """Auras attached illegally or to nothing (to the graveyard, 704.5m) and
        Equipment attached illegally (unattached, 704.5n)."""
        auras: list[int] = []
        loose: list[int] = []
        for attachment, target in list(self.attached.items()):
            found = self.objects.get(attachment)
            if found is None or found.zone is not Zone.BATTLEFIELD:
                del self.attached[attachment]
                continue
            onto = self.objects.get(target)
            legal = onto is not None and onto.zone is Zone.BATTLEFIELD and onto.id != attachment
            legal = legal and not protected(self, target, attachment)  # 702.16c-d
            if self.has_type_of(found, "Equipment"):
                if not legal or not self.is_creature(onto):  # type: ignore[arg-type]
                    loose.append(attachment)
            elif not legal:
                auras.append(attachment)
        if self.attached_players:
            auras += player_aura_problems(self)  # attached to a player who left (704.5m)
        return auras, loose

    # ------------------------------------------------------------------ effects
    def effect_definition(self, text: str, name: str) -> CardDef:
        """An Effect's card, written out as a script and read by the grammar."""
        return self._generated_card(text, f"the effect {name!r}", "Effect.build")

    def _generated_card(self, text: str, what: str, missing: str) -> CardDef:
        """A card the engine writes out as a script (an inline token, an Effect's card),
        read by the grammar once per text."""
        key = ("generated", text)
        cached = self._token_cache.get(key)
        if cached is None:
            result = read_script(text.encode(), f"<{what}>", is_token=True)
            if result.card is None:
                raise UnsupportedAbilityError(f"{what} can't be built", missing=(missing,))
            cached = result.card
            self._token_cache[key] = cached
        return cached

    @action("make_effect")
    def make_effect(
        self,
        definition: CardDef,
        owner: int,
        *,
        duration: str,
        host: int,
        remembered: list[int],
        exile_on_moved: str | None,
    ) -> int:
        """Put an effect object into the command zone (611.2, 114.1) and remember how it
        ends (:meth:`end_effects`)."""
        card = self._card(definition, owner, token=True)
        made = self._place((card,), DfcState.of(definition, Zone.COMMAND), owner)
        zones = {self.objects[i].zone for i in remembered if i in self.objects}
        self.effect_ends[made.id] = (duration, host, exile_on_moved, tuple(remembered), tuple(zones))
        self.remembered[card.id] = [("o", i) for i in remembered]
        self.record("effect", made, "{obj} is created in the command zone", "611.2")
        self._note_unsupported(made)  # an effect's line that can't run is said, not skipped silently
        return made.id

    def end_effects(self, moment: str) -> None:
        """End the effects whose duration is over (514.2 "until end of turn";
        "until your next turn", 611.2b; "until its host leaves", 610.3; or when a
        remembered object moved, for ``ExileOnMoved$``)."""
        if self.forget_on_moved:
            forget_moved(self)  # ForgetOnMoved$: its cards are forgotten as they leave
        for object_id, (duration, host, moved, remembered, _zones) in list(self.effect_ends.items()):
            found = self.objects.get(object_id)
            if found is None:
                del self.effect_ends[object_id]
                continue
            ends = (
                (moment == "cleanup" and duration == "EndOfTurn")
                or (moment == "turn" and duration == "UntilYourNextTurn" and found.owner == self.active)
                or (duration == "UntilHostLeavesPlay" and not self._host_on_battlefield(host))
                or (duration == "AsLongAsControl" and control_lost(self, host, found.owner))
                or (
                    duration == "HostLeavesOrEOT"
                    and (moment == "cleanup" or not self._host_on_battlefield(host))
                )
                or (moved is not None and any(i not in self.objects for i in remembered))
            )
            if ends:
                del self.effect_ends[object_id]
                self.move(object_id, Zone.EXILE)

    def _settle(self) -> None:
        super()._settle()
        if self.effect_ends:
            self.end_effects("check")
        control_from_statics(self)  # layer 2 from static abilities (613.1b)

    def _host_on_battlefield(self, card_id: int) -> bool:
        found = self.object_of_card(card_id)
        return found is not None and found.zone is Zone.BATTLEFIELD

    @action("make_token")
    def make_token(
        self, definition: CardDef, controller: int, *, tapped: bool = False, attacking: bool = False
    ) -> int:
        """Create one token (111.1); tapped, and attacking (508.4) if asked."""
        card = self._card(definition, controller, token=True)
        state = DfcState.of(definition, Zone.BATTLEFIELD)
        if state.token is TokenKind.NONE:
            state = state.evolve(token=TokenKind.TOKEN)
        made = self._place((card,), state, controller, tapped=tapped)
        if attacking and self.attackers:
            self.attackers[made.id] = self.defender_for_entering(made)
        self.record("create_token", made, "{obj} token is created", "111.1")
        return made.id

    def defender_for_entering(self, found: GameObject) -> int:
        """508.4: a creature put onto the battlefield attacking attacks the player its
        controller chooses among the opponents (not necessarily the one the other
        attackers attack; planeswalkers and battles are not attacked in this engine)."""
        opponents = [p for p in self.players if p != found.controller and self.alive(p)]
        return self.ask(found.controller, f"which player {self.describe(found)} attacks (508.4)", opponents)


def _listed(link: ParamMap, key: str) -> list[str]:
    return [n.strip() for n in (link.get(key) or "").split(",") if n.strip()]
