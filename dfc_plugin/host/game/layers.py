"""Continuous effects in layers, as far as the cards need them (613): the face's
printed values (what the plugin's ``characteristics`` handler says, 613.1a and 712.8),
then type-changing effects (layer 4), ability-adding ones (layer 6), P/T setting (7b),
P/T changes from effects and statics (7c) and counters (7d). Within a layer, effects
apply in timestamp order (613.7); a static ability's effect has its source's timestamp.
Durations: "until end of turn" effects end in the cleanup step (514.2); an effect on
an object lasts while it is the same object (400.7), through a transform (712.18).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from dfc_plugin.cards import Ability, Face, Keyword, ParamMap, TypeLine
from dfc_plugin.host.abilities.copying import counter_count
from dfc_plugin.host.abilities.land_plays import land_plays_allowed
from dfc_plugin.host.abilities.living_metal import reads_the_turn, types_added
from dfc_plugin.host.abilities.statics import active_continuous, any_static_with, cda_part, continuous, gives
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.game.creature_types import CREATURE_TYPES
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import DfcState, Zone

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
    #: What of the printed characteristics it takes away: "card" types (205.1b),
    #: "creature" types ("becomes that type", 205.1a), "abilities" (layer 6, 613.1f).
    removes: frozenset[str] = frozenset()


@memo_by_identity
def continuous_abilities(face: Face) -> tuple[Ability, ...]:
    """The face's ``Continuous`` static abilities."""
    return tuple(a for a in face.abilities if a.kind == "S" and a.params.api == "Continuous")


@memo_by_identity
def _printed_words(face: Face) -> frozenset[str]:
    """The (immutable) face's keywords, in lower case."""
    return frozenset(k.name.lower() for k in face.keywords)


@memo_by_identity
def characteristic_defining(face: Face) -> tuple[Ability, ...]:
    """The face's characteristic-defining static abilities (604.3)."""
    return tuple(a for a in face.abilities if a.kind == "S" and "CharacteristicDefining" in a.params)


class Layers(LoopState):
    """The layer system (mixed into :class:`dfc_plugin.host.Game`)."""

    if TYPE_CHECKING:  # the play mixin's (host/play.py)

        def _last_turn_of(self, player: int) -> int: ...

    def _statics_for(self, found: GameObject) -> list[Any]:
        if found.zone is not Zone.BATTLEFIELD or self.__dict__.get("_in_statics"):
            return []  # 613.8: an effect's own applicability reads the layers below it
        if self.no_continuous():
            return []  # no Continuous static anywhere: nothing to ask
        cache = self.__dict__.setdefault("_parts", {})
        key = (self.version, self.active, found.id)  # "as long as it's your turn"
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

    def continuous_gives(self) -> frozenset[str]:
        """What the parts of the ``Continuous`` statics that work now may hold
        (:func:`~dfc_plugin.host.abilities.statics.gives`), none while the layers are
        being worked out (613.8, as :meth:`_statics_for`), remembered for one version
        of the game and the active player ("as long as it's your turn")."""
        if self.__dict__.get("_in_statics"):
            return frozenset()
        # (one entry, kept in _static_cache so that drop_caches forgets it; the loop
        # asks for every type, keyword and P/T it reads)
        slot: tuple[int, int, frozenset[str]] | None = self._static_cache.get(_GIVES_SLOT)
        if slot is not None and slot[0] == self.version and slot[1] == self.active:
            return slot[2]
        held: frozenset[str] = frozenset()
        if not self.no_continuous():
            self.__dict__["_in_statics"] = True  # (the statics continuous() asks)
            try:
                held = held.union(*(gives(params) for _, params in active_continuous(self)))
            finally:
                self.__dict__["_in_statics"] = False
        self._static_cache[_GIVES_SLOT] = (self.version, self.active, held)
        return held

    def statics_give_keyword(self, word: str) -> bool:
        """Whether a ``Continuous`` static that works now names ``word`` among the keywords
        it gives (``AddKeyword$``, ``AddHiddenKeyword$``: the only keywords a part holds,
        ``statics.continuous_part``); with none, an object's ``word`` is its face's and
        its effects' (a question the object answers), remembered like
        :meth:`continuous_gives`."""
        if "keywords" not in self.continuous_gives():
            return False
        key = ("statics give keyword", self.version, self.active, word)
        cached: bool | None = self._static_cache.get(key)
        if cached is None:
            self.__dict__["_in_statics"] = True  # (the statics continuous_gives read)
            try:
                named = (p.get(k) or "" for _, p in active_continuous(self) for k in _KEYWORD_PARAMS)
                cached = any(w.strip().lower() == word for text in named for w in text.split("&"))
            finally:
                self.__dict__["_in_statics"] = False
            self._static_cache[key] = cached
        return cached

    def no_continuous(self) -> bool:
        """Whether no object has a ``Continuous`` static ability now (remembered until
        anything changes)."""
        if self.__dict__.get("_no_continuous") == self.version:
            return True
        if self.__dict__.get("_some_continuous") == self.version:
            return False  # (the other answer, remembered too: the layers ask per object)
        if not any(continuous_abilities(face) for _, face in self.faces_with_statics()):
            self.__dict__["_no_continuous"] = self.version
            return True
        self.__dict__["_some_continuous"] = self.version
        return False

    def _cda_parts(self, found: GameObject) -> list[Any]:
        """Characteristic-defining abilities work in every zone (604.3, 613.4a): a
        face's ``Continuous`` static with ``CharacteristicDefining$ True``."""
        face = self.face_of(found)
        if face is None or not characteristic_defining(face):
            return []
        ctx = self.ability_ctx(found, face)
        return [cda_part(self, ctx, a.params) for a in characteristic_defining(face)]

    def pt_of(self, found: GameObject) -> tuple[int | None, int | None]:
        """Power and toughness now (613.4): printed or set, then changes, then counters."""
        shown = self.rules.characteristics(found.state)
        power = shown.power.value if shown.power is not None else None
        toughness = shown.toughness.value if shown.toughness is not None else None
        for animation in self.animations.get(found.id, []):
            if animation.power is not None:
                power, toughness = animation.power, animation.toughness
        parts = self._cda_parts(found)
        if self.continuous_gives() & {"power", "toughness"}:
            parts = parts + self._statics_for(found)
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
        """Keywords now (layer 6): the face's (none once it lost all abilities), granted
        by effects and statics."""
        face = self.face_of(found)
        words = set(_printed_words(face)) if face is not None else set()
        for effect in found.effects:
            words.update(k.lower() for k in effect.keywords)
        for animation in self.animations.get(found.id, []):
            words.update(k.lower() for k in animation.keywords)
        if "keywords" in self.continuous_gives():
            for part in self._statics_for(found):
                words.update(k.lower() for k in part.keywords)
        return words

    def free_to_tap(self, found: GameObject) -> bool:
        """302.6 as the host knows it, with haste from any source (a creature with haste
        may attack, 702.10b, and pay {T} and {Q}, 702.10c, the turn it came under its
        controller's control): an effect or a static may grant it, which the face's own
        words don't say."""
        # (controlled_since_turn_began's question, read here: the listing asks it of every
        # object it lists; of an object gone, that question says so)
        now = self.objects.get(found.id)
        if now is None:
            return self.controlled_since_turn_began(found.id) or self.has_keyword_of(found, "Haste")
        since = now.controlled_since_turn < self._last_turn_of(now.controller)
        return since or self.has_keyword_of(found, "Haste")

    def has_keyword_of(self, found: GameObject, word: str) -> bool:
        """:meth:`keywords_of` asked about one word: with no effect, animation or static
        that could add one, the face's own words answer (no set is built)."""
        added = found.effects or found.id in self.animations or "keywords" in self.continuous_gives()
        if not added:
            face = self.face_of(found)
            return face is not None and word.lower() in _printed_words(face)
        return word.lower() in self.keywords_of(found)

    def has_keyword(self, object_id: int, word: str) -> bool:
        found = self.objects.get(object_id)
        return found is not None and self.has_keyword_of(found, word)

    def has_type_of(self, found: GameObject, word: str) -> bool:
        """Card types, subtypes and supertypes now (layer 4): the characteristic-defining
        changeling first (613.3), then effects in timestamp order (613.7), an effect that
        sets the creature types overwriting those before it (205.1a); printed types an
        effect took away are gone (205.1b)."""
        animations = self.animations.get(found.id)
        if not animations:  # (the common case: what the state prints, then the statics)
            state = found.state
            row = self.__dict__.get("_type_rows", _NO_ROWS).get((id(state), word))
            if row is None or is_fresh():
                row = self._type_row(state, word)
            return (
                row[1]
                or (row[2] is not None and word in types_added(self, found, row[2]))
                or self._static_type(found, word)
            )
        if word in CREATURE_TYPES and any("creature" in a.removes for a in animations):
            last = max(a.timestamp for a in animations if "creature" in a.removes)
            return any(word in a.types for a in animations if a.timestamp >= last)
        shown = self.rules.characteristics(found.state)
        line = shown.type_line
        if line.has(word) and not self._type_removed(found, line, word):
            return True
        if _changeling_for(shown, found.state, word) or self._keyword_type(found, word):
            return True
        if any(word in a.types for a in animations):
            return True
        return self._static_type(found, word)

    def _printed_type(self, state: DfcState, word: str) -> bool:
        """Whether the object with this (immutable) state has the type before any effect
        (its type line, or changeling for a creature type), remembered per state."""
        table: dict[tuple[int, str], tuple[DfcState, bool]] = self.__dict__.setdefault("_types", {})
        hit = table.get((id(state), word))
        if hit is not None and not is_fresh():  # (the entry keeps its state alive)
            return hit[1]
        shown = self.rules.characteristics(state)
        answer = shown.type_line.has(word) or _changeling_for(shown, state, word)
        if not is_fresh():
            if len(table) > 50_000:
                table.clear()
            table[(id(state), word)] = (state, answer)
        return answer

    def _type_row(self, state: DfcState, word: str) -> tuple[DfcState, bool, Face | None]:
        """What :meth:`has_type_of` reads of the (immutable) state with no animation on
        its object: whether it prints the type (:meth:`_printed_type`) and, where a
        keyword of the printed face may add it (:meth:`_keyword_type`: living metal,
        Creature or Artifact, face up), that face; worked out and remembered per state
        and word (has_type_of reads the entry)."""
        table: dict[tuple[int, str], tuple[DfcState, bool, Face | None]]
        table = self.__dict__.setdefault("_type_rows", {})  # (an entry keeps its state alive)
        face = None
        if word in ("Creature", "Artifact") and not state.face_down:
            printed = self.rules.characteristics(state).face  # (the face that is up, before layer 6)
            face = printed if reads_the_turn(printed) else None
        row = (state, self._printed_type(state, word), face)
        if not is_fresh():
            if len(table) > 50_000:
                table.clear()
            table[(id(state), word)] = row
        return row

    def _keyword_type(self, found: GameObject, word: str) -> bool:
        """702.161a: living metal makes the Vehicle an artifact creature during its
        controller's turn (layer 4); only Creature and Artifact can be added, so the
        printed face is looked at only for those."""
        if word not in ("Creature", "Artifact") or found.state.face_down:
            return False
        # before layer 6 (613.1f): with no animation, the face that is up is the printed one
        printed = self.face_of(found) if not self.animations else self.rules.characteristics(found.state).face
        return word in types_added(self, found, printed)

    def _static_type(self, found: GameObject, word: str) -> bool:
        """Whether a static ability gives the object the type (layer 4)."""
        if found.zone is not Zone.BATTLEFIELD or self.__dict__.get("_no_continuous") == self.version:
            return False  # (what _statics_for would say: no statics to ask)
        if "types" not in self.continuous_gives():
            return False  # (no static that works now adds a type)
        return any(word in p.types for p in self._statics_for(found))

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
        ``removes`` takes away its printed card types, its creature types (layer 4) or all
        its abilities (layer 6)."""
        found = self.obj(object_id)
        self.animations.setdefault(found.id, []).append(
            Animation(power, toughness, types, keywords, until_end_of_turn, self._tick(), removes)
        )
        self.version += 1  # what the statics' cache keys on (an anthem may now apply)
        self.record("animate", found, f"{{obj}} becomes a {power}/{toughness} {' '.join(types)}", "613.1d")
        return ActionResult(True, "613.1d", "animated", (found.id,))

    def end_of_turn_effects(self) -> None:
        """Cleanup: "until end of turn" effects end (514.2)."""
        self.revert_copies()
        self.version += 1
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
                # "Enters with counters" is an effect putting them: Doubling Season too (614.1c)
                count = counter_count(self, object_id, self._etb_count(found, face, word.args[1:]))
                self.add_counters(object_id, word.args[0], count)
            elif word.name == "CARDNAME enters the battlefield tapped.":
                self._replace(self.obj(object_id), tapped=True)
            elif word.name == "ETBReplacement" and len(word.args) >= 2:
                if not self.etb_replacement_applies(object_id, face, word.args[1]):
                    continue
                asked = "Optional" in word.args[2:]
                if asked and not self.ask_yes(found.controller, "apply the replacement effect"):
                    continue  # "you may have it enter as ..." (614.1c)
                self.run_etb_svar(object_id, face, word.args[1])
            elif word.name == "Chapter":
                self.add_lore(object_id)  # 714.3a: a Saga enters with a lore counter

    def _etb_count(self, found: GameObject, face: Face, args: Sequence[str]) -> int:
        """How many counters ``etbCounter`` puts: a number, or an amount such as X, which
        is the X of the spell that became this permanent (107.3m), 0 otherwise."""
        from dfc_plugin.host.abilities.values import amount

        if not args:
            return 1
        if args[0].isdigit():
            return int(args[0])
        ctx = self.ability_ctx(found, face)
        ctx.x = self.__dict__.get("_entering_x", 0)
        return amount(ctx, args[0], 0)

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

    # ------------------------------------------------------------------ copy effects (layer 1)
    def copy_with_exceptions(
        self, target_id: int, source_id: int, exceptions: Any, *, until_end_of_turn: bool = False
    ) -> ActionResult:
        """``target`` becomes a copy of ``source`` (613.1a, 707.2): the copiable values are
        the plugin's (707.8); the copy effect's exceptions become part of them (707.9b),
        so a later copy of this one copies them too. "Until end of turn": cleanup undoes
        it (514.2), each copy effect in the reverse order it began."""
        target = self.obj(target_id)
        before = target.state.copy_of
        state = self.rules.become_copy(target.state, self.obj(source_id).state)
        if exceptions and state.copy_of is not None and state.copy_of.face is not None:
            face = _excepted(state.copy_of.face, exceptions)
            state = state.evolve(copy_of=replace(state.copy_of, face=face))
        if until_end_of_turn:
            self.copy_reverts.append((target.id, before))
        updated = self._replace(target, state=state)
        self.record("become_copy", updated, "it becomes a copy: {obj}", "707.2")
        return ActionResult(True, "707.2", "became a copy", (target.id,))

    def printed_counters_entering(self, object_id: int) -> None:
        """A permanent that entered as a copy enters with the loyalty or defense
        counters of the printed values it copied (306.5b, 310.4b, 707.5)."""
        found = self.obj(object_id)
        shown = self.rules.characteristics(found.state)
        for kind, value in (("LOYALTY", shown.loyalty), ("DEFENSE", shown.defense)):
            if value is not None and value.value and not found.counter(kind):
                self.add_counters(object_id, kind, value.value)

    def revert_copies(self) -> None:
        """Cleanup: "until end of turn" copy effects end (514.2); an object that left
        the battlefield is a new object, untouched (400.7)."""
        for object_id, before in reversed(self.copy_reverts):
            found = self.objects.get(object_id)
            if found is not None:
                self._replace(found, state=found.state.evolve(copy_of=before))
        self.copy_reverts.clear()

    def entering_together(self) -> frozenset[int]:
        """The cards of the permanents entering the battlefield in the same event (614.12,
        707.5): a permanent entering as a copy can't copy one of them."""
        together: frozenset[int] = self.__dict__.get("_together", frozenset())
        return together

    @contextmanager
    def together(self, object_ids: list[int]) -> Iterator[None]:
        """Objects moved by one effect arrive at the same time (614.12)."""
        saved = self.entering_together()
        self.__dict__["_together"] = saved | {self.obj(i).cards[0].id for i in object_ids}
        try:
            yield
        finally:
            self.__dict__["_together"] = saved

    def sacrifice_at_next_end_step(self, ctx: Any, object_ids: list[int]) -> None:
        """Sacrifice them at the beginning of the next end step: a delayed triggered
        ability (603.7a) for each of the objects (Reflection of Kiki-Jiki's ruling:
        every token a replacement effect added too)."""
        from dfc_plugin.cards import Param

        params = ParamMap(
            (Param("Mode", "Phase"), Param("Phase", "End of Turn"), Param("Execute", _SACRIFICE))
        )
        self.delayed.append((replace(ctx, delayed=[("o", i) for i in object_ids]), params, None))
        text = f"{ctx.face.name}: sacrifice at the beginning of the next end step"
        self.record("delayed", None, text, "603.7a")

    def etb_replacement_applies(self, object_id: int, face: Any, name: str) -> bool:
        """``K:ETBReplacement:Copy:<SVar>``: "enters as a copy" with nothing to copy
        can't apply (614.12)."""
        from dfc_plugin.host.abilities.copying import copy_possible
        from dfc_plugin.host.abilities.values import svar_params

        ctx = self.ability_ctx(self.obj(object_id), face)
        ctx.replaced = object_id
        return copy_possible(self, ctx, svar_params(ctx, name))


    def granted_abilities(self, found: GameObject) -> list[Ability]:
        """Activated abilities static abilities grant it now (``AddAbility$``, layer 6)."""
        if found.zone is not Zone.BATTLEFIELD or not self._any_grant():
            return []
        return [a for part in self._statics_for(found) for a in part.abilities]

    def _any_grant(self) -> bool:
        """Whether any static ability that grants abilities is in the game now
        (remembered until anything changes: most games have none)."""
        return any_static_with(self, "AddAbility")


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
        return land_plays_allowed(self, player)


#: No rows yet (``_type_rows``, read by :meth:`Layers.has_type_of`).
_NO_ROWS: dict[tuple[int, str], Any] = {}

#: Where :meth:`Layers.continuous_gives` keeps its answer in the game's ``_static_cache``
#: (whose entries are kept while ``k[1]`` is the game's version: this one is not).
_GIVES_SLOT = ("continuous gives", -1)

#: The parameters of a ``Continuous`` static that name the keywords it gives.
_KEYWORD_PARAMS = ("AddKeyword", "AddHiddenKeyword")

#: The delayed trigger's body (:data:`dfc_plugin.host.abilities.keywords.KEYWORD_BODIES`).
_SACRIFICE = "<AtEOT Sacrifice>"


def _excepted(face: Face, exceptions: Any) -> Face:
    """The face with a copy effect's exceptions (707.9b): types added, legendary
    removed, keywords added."""
    line = face.type_line
    supers = tuple(s for s in line.supertypes if not (exceptions.nonlegendary and s == "Legendary"))
    supers += tuple(t for t in exceptions.add_types if t in _SUPERTYPES and t not in supers)
    added = tuple(t for t in exceptions.add_types if t not in _SUPERTYPES and t not in line.types)
    types = line.types + added
    wanted = exceptions.keywords + (exceptions.creature_keywords if "Creature" in types else ())
    words = tuple(Keyword(k, (), 0, 0) for k in wanted if face.keyword(k) is None)
    return replace(
        face, type_line=TypeLine(supers, types, line.subtypes), keywords=face.keywords + words
    )


_SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World"})


def _changeling_for(shown: Any, state: DfcState, word: str) -> bool:
    """702.73a: changeling, a characteristic-defining ability that works in every zone
    (604.3), gives every creature type; read from the printed face (before layer 6,
    613.1f), so not face down."""
    printed = shown.face if not state.face_down else None
    return word in CREATURE_TYPES and printed is not None and printed.keyword("Changeling") is not None
