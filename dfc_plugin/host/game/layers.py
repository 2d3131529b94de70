"""Continuous effects in layers, as far as the cards need them (613): the face's
printed values (what the plugin's ``characteristics`` handler says, 613.1a and 712.8),
then type-changing effects (layer 4), ability-adding ones (layer 6), P/T setting (7b),
P/T changes from effects and statics (7c) and counters (7d). Within a layer, effects
apply in timestamp order (613.7); a static ability's effect has its source's timestamp.
Durations: "until end of turn" effects end in the cleanup step (514.2); an effect on
an object lasts while it is the same object (400.7), through a transform (712.18).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["Animation", "Layers"]


@dataclass(frozen=True, slots=True)
class Animation:
    """An effect that sets P/T and adds types or keywords (Animate, layers 4 and 7b)."""

    power: int | None
    toughness: int | None
    types: tuple[str, ...]
    keywords: tuple[str, ...]
    until_end_of_turn: bool
    timestamp: int
    #: What of the printed type line it takes away: "card" types, "creature" types (205.1b).
    removes: frozenset[str] = frozenset()


class Layers(LoopState):
    """The layer system (mixed into :class:`dfc_plugin.host.Game`)."""

    def _statics_for(self, found: GameObject) -> list[Any]:
        from dfc_plugin.host.abilities.statics import continuous

        if found.zone is not Zone.BATTLEFIELD or self.__dict__.get("_in_statics"):
            return []  # 613.8: an effect's own applicability reads the layers below it
        cache = self.__dict__.setdefault("_parts", {})
        key = (self.version, found.id)
        if key in cache:
            return cache[key]  # type: ignore[no-any-return]
        if len(cache) > 10_000:
            cache.clear()
        self.__dict__["_in_statics"] = True
        try:
            parts = continuous(self, found)
        finally:
            self.__dict__["_in_statics"] = False
        cache[key] = parts
        return parts

    def _cda_parts(self, found: GameObject) -> list[Any]:
        """Characteristic-defining abilities work in every zone (604.3, 613.4a): a
        face's ``Continuous`` static with ``CharacteristicDefining$ True``."""
        from dfc_plugin.host.abilities.statics import cda_part

        face = self.face_of(found)
        if face is None:
            return []
        return [
            cda_part(self, self.ability_ctx(found, face), a.params)
            for a in face.abilities
            if a.kind == "S" and "CharacteristicDefining" in a.params
        ]

    def pt_of(self, found: GameObject) -> tuple[int | None, int | None]:
        """Power and toughness now (613.4): printed or set, then changes, then counters."""
        shown = self.rules.characteristics(found.state)
        power = shown.power.value if shown.power is not None else None
        toughness = shown.toughness.value if shown.toughness is not None else None
        for animation in self.animations.get(found.id, []):
            if animation.power is not None:
                power, toughness = animation.power, animation.toughness
        parts = self._cda_parts(found) + self._statics_for(found)
        for part in parts:
            if part.set_power is not None:
                power = part.set_power
            if part.set_toughness is not None:
                toughness = part.set_toughness
        if power is None or toughness is None:
            if not self.has_type_of(found, "Creature"):
                return None, None
            power, toughness = power or 0, toughness or 0
        bonus = found.counter("P1P1") - found.counter("M1M1")
        power += bonus + sum(e.power for e in found.effects) + sum(p.power for p in parts)
        toughness += bonus + sum(e.toughness for e in found.effects) + sum(p.toughness for p in parts)
        return power, toughness

    def power_toughness(self, object_id: int) -> tuple[int | None, int | None]:
        return self.pt_of(self.obj(object_id))

    def keywords_of(self, found: GameObject) -> set[str]:
        """Keywords now (layer 6): the face's, granted by effects and statics."""
        face = self.rules.characteristics(found.state).face
        words = (
            {k.name.lower() for k in face.keywords}
            if face is not None and not found.state.face_down
            else set()
        )
        for effect in found.effects:
            words.update(k.lower() for k in effect.keywords)
        for animation in self.animations.get(found.id, []):
            words.update(k.lower() for k in animation.keywords)
        for part in self._statics_for(found):
            words.update(k.lower() for k in part.keywords)
        return words

    def has_keyword_of(self, found: GameObject, word: str) -> bool:
        return word.lower() in self.keywords_of(found)

    def has_keyword(self, object_id: int, word: str) -> bool:
        found = self.objects.get(object_id)
        return found is not None and self.has_keyword_of(found, word)

    def has_type_of(self, found: GameObject, word: str) -> bool:
        """Card types, subtypes and supertypes now (layer 4)."""
        face = self.face_of(found)
        line = face.type_line if face is not None else self.rules.characteristics(found.state).type_line
        if line.has(word) and not self._type_removed(found, line, word):
            return True
        return any(word in a.types for a in self.animations.get(found.id, [])) or (
            found.zone is Zone.BATTLEFIELD and any(word in p.types for p in self._statics_for(found))
        )

    def has_type(self, object_id: int, word: str) -> bool:
        return self.has_type_of(self.obj(object_id), word)

    def may_target(self, player: int, found: GameObject) -> bool:
        """Shroud: no player may target it (702.18a); hexproof: its controller's
        opponents may not (702.11b)."""
        if self.has_keyword_of(found, "Shroud"):
            return False
        return found.controller == player or not self.has_keyword_of(found, "Hexproof")

    def is_creature(self, found: GameObject) -> bool:
        return self.has_type_of(found, "Creature")

    @action("animate")
    def animate(
        self,
        object_id: int,
        power: int | None,
        toughness: int | None,
        types: tuple[str, ...] = (),
        keywords: tuple[str, ...] = (),
        *,
        until_end_of_turn: bool = True,
        removes: frozenset[str] = frozenset(),
    ) -> ActionResult:
        """An object becomes a creature of a size, with types and keywords (613.1d, 7b);
        ``removes`` its printed card types and/or creature types first (205.1b)."""
        found = self.obj(object_id)
        self.animations.setdefault(found.id, []).append(
            Animation(power, toughness, types, keywords, until_end_of_turn, self._tick(), removes)
        )
        self.record("animate", found, f"{{obj}} becomes a {power}/{toughness} {' '.join(types)}", "613.1d")
        return ActionResult(True, "613.1d", "animated", (found.id,))

    def end_of_turn_effects(self) -> None:
        """Cleanup: "until end of turn" effects end (514.2)."""
        for object_id in list(self.animations):
            kept = [a for a in self.animations[object_id] if not a.until_end_of_turn]
            if kept:
                self.animations[object_id] = kept
            else:
                del self.animations[object_id]

    def keyword_entering(self, object_id: int) -> None:
        """Keyword "as it enters" replacements: ``etbCounter:<type>:<n>`` and the hidden
        keyword "CARDNAME enters the battlefield tapped." (614.1c)."""
        found = self.obj(object_id)
        face = self.rules.characteristics(found.state).face
        if face is None:
            return
        for word in face.keywords:
            if word.name == "etbCounter" and word.args:
                count = int(word.args[1]) if len(word.args) > 1 and word.args[1].isdigit() else 1
                self.add_counters(object_id, word.args[0], count)
            elif word.name == "CARDNAME enters the battlefield tapped.":
                self._replace(self.obj(object_id), tapped=True)
            elif word.name == "ETBReplacement" and len(word.args) >= 2:
                self.run_etb_svar(object_id, face, word.args[1])
            elif word.name == "Chapter":
                self.add_lore(object_id)  # 714.3a: a Saga enters with a lore counter

    def add_lore(self, object_id: int) -> None:
        """Put a lore counter on a Saga (714.3a-b); each chapter whose number it
        reaches triggers (714.2b): ``K:Chapter:<final>:<SVar>,<SVar>,...``."""
        from dfc_plugin.host.abilities.values import svar_params
        from dfc_plugin.host.game.events import PendingTrigger

        found = self.obj(object_id)
        face = self.face_of(found)
        word = face.keyword("Chapter") if face is not None else None
        if face is None or word is None or len(word.args) < 2:
            return
        before = found.counter("LORE")
        self.add_counters(object_id, "LORE", 1)
        chapters = [n.strip() for n in word.args[1].split(",")]
        number = before + 1
        if number <= len(chapters):
            ctx = self.ability_ctx(self.obj(object_id), face)
            body = svar_params(ctx, chapters[number - 1])
            self.pending.append(PendingTrigger(ctx, ParamMap(), body, f"chapter {number}"))

    def run_etb_svar(self, object_id: int, face: Any, name: str) -> None:
        """Overridden by the stack mixin (runs an SVar chain as it enters)."""

    def _type_removed(self, found: GameObject, line: Any, word: str) -> bool:
        """Whether an animation took this printed type away (layer 4, 205.1b): card types
        ("it's no longer a planeswalker"), or creature types (subtypes of a creature)."""
        for animation in self.animations.get(found.id, []):
            if "card" in animation.removes and word in line.types:
                return True
            if "creature" in animation.removes and word in line.subtypes and "Creature" in line.types:
                return True
        return False

    def land_plays(self, player: int) -> int:
        """One land a turn, plus the additional land plays effects grant (305.2a)."""
        from dfc_plugin.host.abilities.land_plays import land_plays_allowed

        return land_plays_allowed(self, player)

