"""What the game loop adds to the engine's state, and how it hears what happens.

Life totals, the stack's abilities, what each card remembers (607), damage marked on
permanents, the step and who has priority, triggered abilities waiting for the stack,
and one agent per player. Zone changes, transforms and day/night changes are heard
through the core's own moves (``_remove``/``_place``/``_arrive``, ``transform``,
``_settle``), so the existing actions need no knowledge of triggers: every move any
action makes becomes an event (:class:`~dfc_plugin.host.game.events.GameEvent`).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Sequence
from itertools import compress, repeat
from operator import is_, itemgetter
from typing import TYPE_CHECKING, Any, TypeVar

from dfc_plugin.cards import CardDef, Face
from dfc_plugin.errors import EngineError, IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host.abilities.batches import flush
from dfc_plugin.host.abilities.census import card_report
from dfc_plugin.host.abilities.replacements import entering
from dfc_plugin.host.abilities.values import Ctx, Target
from dfc_plugin.host.core import ActionResult, GameCore
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.game.events import GameEvent, PendingTrigger, StackItem
from dfc_plugin.host.model import CardInstance, Event, GameObject
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import DfcState, Zone

__all__ = ["LoopState", "Seats"]

T = TypeVar("T")

#: Starting life total (103.4).
STARTING_LIFE = 20

#: Entries of ``_static_cache`` (each for one version of the game) kept before the old
#: versions' are dropped.
_STATIC_ENTRIES = 256


class Seats:
    """The core's chooser, answered by each player's agent (so every choice the
    existing actions ask, such as a face to cast or a mana colour, reaches an agent)."""

    def __init__(self, game: LoopState) -> None:
        # (weakly: the game holds its chooser, so a game its caller lets go of is freed
        # at once, not left as a cycle for the cyclic garbage collector to find)
        self._game: weakref.ref[LoopState] = weakref.ref(game)

    @property
    def game(self) -> LoopState:
        game = self._game()
        if game is None:
            raise EngineError("the game these seats belong to is gone")
        return game

    def order(self, player: int, purpose: str, items: Sequence[int]) -> Sequence[int]:
        ordered: Sequence[int] = self.game.agent(player).order(player, purpose, list(items))
        return ordered

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T:
        return self.game.ask(player, purpose, list(options))


class LoopState(GameCore):
    """State of a played game (mixed into :class:`dfc_plugin.host.Game`)."""

    #: The game's seed for the random choices the rules make (shuffles, "at random").
    seed: int = 0

    if TYPE_CHECKING:  # the engine's actions the loop uses (host/play.py, changes.py, turns.py)

        def controlled_since_turn_began(self, object_id: int) -> bool: ...
        def free_to_tap(self, found: GameObject) -> bool: ...
        def move(self, object_id: int, zone: Zone, *, top: bool = True, **kw: Any) -> ActionResult: ...
        def destroy(self, object_id: int) -> ActionResult: ...
        def bounce(self, object_id: int) -> ActionResult: ...
        def mill(self, player: int, count: int = 1) -> ActionResult: ...
        def meld(self, first: int, second: int) -> ActionResult: ...
        def put_onto_battlefield(self, object_id: int, **kw: Any) -> ActionResult: ...
        def add_counters(self, object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult: ...
        def remove_counters(self, object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult: ...
        def add_effect(self, object_id: int, *args: Any, **kw: Any) -> ActionResult: ...
        def set_day_night(self, designation: Any) -> ActionResult: ...
        def cast(self, player: int, object_id: int, **kw: Any) -> ActionResult: ...
        def resolve(self, enters_transformed: bool | None = None) -> ActionResult: ...
        def play_land(self, player: int, object_id: int, **kw: Any) -> ActionResult: ...
        def activate_mana_ability(
            self, object_id: int, index: int = 0, color: str | None = None, *, player: int | None = None
        ) -> ActionResult: ...
        def next_turn(self) -> ActionResult: ...
        def _options(
            self, player: int, found: GameObject, via: str | None, linked_to: int | None, fits: Any
        ) -> list[Any]: ...
        def _choose_option(
            self, player: int, definition: Any, options: list[Any], face: Any, via: str | None
        ) -> Any: ...
        def _pay_tap_costs(self, found: GameObject, tap: bool, untap: bool) -> None: ...
        def give_priority(self, player: int) -> None: ...
        def keyword_entering(self, object_id: int) -> None: ...
        def defense_removed(self, object_id: int, before: int, after: int) -> None: ...
        def has_type_of(self, found: GameObject, word: str) -> bool: ...
        def attach(self, attachment: int, target: int) -> ActionResult: ...
        def add_lore(self, object_id: int) -> None: ...
        def destroy_permanent(self, object_id: int, *, regenerate: bool = True) -> list[int]: ...

    def __init__(  # noqa: PLR0915  (one statement per record the loop keeps)
        self, *args: Any, agents: dict[int, Any] | None = None, life: int = STARTING_LIFE, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        from dfc_plugin.host.agents import PassAgent

        self.agents: dict[int, Any] = {p: PassAgent() for p in self.players}
        self.agents.update(agents or {})
        if agents is not None or kwargs.get("chooser") is None:
            self.chooser = Seats(self)
        self.starting_life = life
        self.life = dict.fromkeys(self.players, life)
        self.losers: list[int] = []
        self.remembered: dict[int, list[Target]] = {}
        self.exiled_with: dict[int, int] = {}
        self.damage: dict[int, int] = {}
        self.deathtouched: set[int] = set()
        self.step = "main1"
        self.priority: int | None = None
        self.passed: set[int] = set()
        self.stack_items: list[StackItem] = []
        self.pending: list[PendingTrigger] = []
        self.attackers: dict[int, int] = {}
        self.blockers: dict[int, list[int]] = {}
        self.animations: dict[int, list[Any]] = {}
        self.loyalty_used: set[int] = set()
        self.spells_last_turn: dict[int, int] = {}
        self.drew_from_empty: set[int] = set()
        self.activations: dict[tuple[int, int], int] = {}
        #: Delayed triggered abilities (603.7): what the creating ability knew, the
        #: trigger's parameters, and the turn it lasts for (``None``: until it triggers).
        self.delayed: list[tuple[Ctx, Any, int | None]] = []
        #: Creatures that attacked this turn; life gained this turn, per player.
        self.attacked_this_turn: set[int] = set()
        self.life_gained: dict[int, int] = {}
        #: Regeneration shields (701.19a) and "until end of turn" control changes.
        self.regeneration: dict[int, int] = {}
        self.control_reverts: list[tuple[int, int]] = []
        #: "Until end of turn" copy effects: (object id, what it copied before), 514.2.
        self.copy_reverts: list[tuple[int, Any]] = []
        #: Creature types chosen by a ChooseType effect, per source card (``ChosenType``).
        self.chosen_types: dict[int, str] = {}
        #: SVars written by StoreSVar effects, per card (they shadow the script's).
        self.stored_svars: dict[int, dict[str, str]] = {}
        #: "Until your next turn" effects: (object id, effect timestamp, player).
        self.until_next_turn: list[tuple[int, int, int]] = []
        #: Cards chosen by a ChooseCard effect, per source card (``Defined$ ChosenCard``).
        self.chosen: dict[int, list[Target]] = {}
        #: Cards imprinted by a source, per source card (``IsImprinted``, 607.2: linked
        #: abilities); effects whose remembered cards are forgotten as they leave a zone.
        self.imprinted: dict[int, list[Target]] = {}
        self.forget_on_moved: dict[int, str] = {}
        #: Permanents a static ability gives another controller: the controller before (613.1b).
        self.static_control: dict[int, int] = {}
        #: Auras attached to players: Aura object id -> the player (303.4a).
        self.attached_players: dict[int, int] = {}
        #: Auras and Equipment: attachment object id -> the object it is attached to (301.5, 303.4).
        self.attached: dict[int, int] = {}
        #: Effects in the command zone and how each ends (Effect API).
        self.effect_ends: dict[int, tuple[str, int, str | None, tuple[int, ...], tuple[Any, ...]]] = {}
        self._leaving: dict[int, GameObject] = {}
        self._faces: dict[int, tuple[DfcState, Face | None]] = {}
        self._static_cache: dict[Any, Any] = {}
        self._mana: dict[int, tuple[DfcState, tuple[Any, ...]]] = {}
        #: Bumped on every change to an object or a life total: what caches key on.
        self.version = 0
        #: Bumped on every zone change, every change of an object's state or cards and
        #: every rollback: while it stands, every zone holds the same objects with the
        #: very same states and cards (what the memos of the board's states check first).
        self.moves = 0
        #: Objects as they last existed before they left their zone (608.2h, 603.10).
        self.lki: dict[int, GameObject] = {}
        self._quiet = 0
        self.playing = False
        self._day_seen = self.day_night
        #: The trigger lines of a face by mode, kept with the very face (triggers._triggers_of).
        self._face_triggers: dict[tuple[int, str], tuple[Any, list[Any]]] = {}
        self._load_notes: dict[int, tuple[str, ...]] = {}
        #: This turn's events, each with its objects as they were then (turn, event, objects).
        self.this_turn: list[tuple[int, GameEvent, dict[int, GameObject]]] = []
        #: Zone changes and damage since the last batch closed (``ChangesZoneAll``).
        self.batch: list[GameEvent] = []

    # ------------------------------------------------------------------ snapshots
    _LOOP_FIELDS = (
        "life",
        "remembered",
        "exiled_with",
        "damage",
        "deathtouched",
        "passed",
        "attackers",
        "blockers",
        "animations",
        "loyalty_used",
        "spells_last_turn",
        "drew_from_empty",
        "activations",
        "delayed",
        "effect_ends",
        "attached",
        "chosen",
        "stored_svars",
        "until_next_turn",
        "attacked_this_turn",
        "life_gained",
        "regeneration",
        "control_reverts",
        "batch",
        "imprinted",
        "forget_on_moved",
        "static_control",
        "attached_players",
    )

    #: The fields among :attr:`_LOOP_FIELDS` whose values may be lists or tables that are
    #: changed in place (``remembered.setdefault(card, []).append``; StoreSVar writes into
    #: ``stored_svars``' table of its card): each of those is copied too. Every other field
    #: is a set, a list, or a dict of values that are neither (tests/test_speed11a.py
    #: checks so after random games), copied by ``copy()``.
    _DEEP_FIELDS = frozenset(("remembered", "blockers", "animations", "chosen", "imprinted", "stored_svars"))

    def _snapshot(self) -> dict[str, Any]:
        snapshot = super()._snapshot()
        # (most are empty: those need no copy, _restore makes new ones; all read in one
        # call, from the instance's dictionary, where __init__ put each of them)
        values = _loop_items(self.__dict__)
        deep = self._DEEP_FIELDS
        snapshot["loop"] = {
            name: _copy(value) if name in deep else value.copy()
            for name, value in compress(zip(self._LOOP_FIELDS, values, strict=True), values)
        }
        # This turn's events are only appended to, or replaced by a new list as a turn
        # begins: the list and its length restore it (no copy of a turn's worth).
        snapshot["this_turn"] = (self.this_turn, len(self.this_turn))
        losers = self.losers.copy()
        snapshot["loop_scalars"] = (self.step, self.priority, losers, self._day_seen, self.playing)
        snapshot["loop_lists"] = (self.stack_items.copy(), self.pending.copy())
        return snapshot

    def _restore(self, snapshot: dict[str, Any]) -> None:
        super()._restore(snapshot)
        kept = snapshot["loop"]
        for name in self._LOOP_FIELDS:  # an empty container was kept as a new empty one
            setattr(self, name, kept[name] if name in kept else type(getattr(self, name))())
        events, count = snapshot["this_turn"]
        del events[count:]
        self.this_turn = events
        self.version += 1
        self.moves += 1
        self.step, self.priority, self.losers, self._day_seen, self.playing = snapshot["loop_scalars"]
        self.stack_items, self.pending = snapshot["loop_lists"]
        self._leaving = {}

    # ------------------------------------------------------------------ agents
    def agent(self, player: int) -> Any:
        return self.agents[player]

    def ask(self, player: int, purpose: str, options: list[T]) -> T:
        """One choice by ``player``'s agent (a forced choice is not asked)."""
        if len(options) == 1:
            return options[0]
        if not options:
            raise IllegalActionError(f"player {player} has nothing to choose for {purpose}")
        answer: T = self.agent(player).pick(player, purpose, options)
        return answer

    def ask_many(self, player: int, purpose: str, options: list[T], low: int, high: int) -> list[T]:
        """``low`` to ``high`` distinct options, chosen by ``player``'s agent."""
        high = min(high, len(options))
        if high <= 0:
            return []
        if low >= len(options):
            self.tell(player, purpose, list(options))
            return list(options)
        chosen: list[T] = list(self.agent(player).pick_many(player, purpose, options, low, high))
        if not low <= len(chosen) <= high or any(c not in options for c in chosen):
            raise IllegalActionError(
                f"player {player} chose {len(chosen)} for {purpose}; {low} to {high} of the offered"
            )
        return chosen

    def ask_yes(self, player: int, purpose: str) -> bool:
        return bool(self.agent(player).yes(player, purpose))

    # ------------------------------------------------------------------ hearing moves
    def add(self, *args: Any, **kwargs: Any) -> int:
        """Set-up (not a move): nothing triggers and no replacement applies."""
        self._quiet += 1
        try:
            made: int = super().add(*args, **kwargs)
        finally:
            self._quiet -= 1
        self._note_unsupported(self.objects[made])
        return made

    def _remove(self, found: GameObject) -> None:
        for card in found.cards:
            self._leaving[card.id] = found
        self.lki[found.id] = found
        self.version += 1
        self.moves += 1
        super()._remove(found)

    def _place(
        self,
        cards: tuple[CardInstance, ...],
        state: DfcState,
        controller: int,
        *,
        top: bool = True,
        **fields: Any,
    ) -> GameObject:
        made = super()._place(cards, state, controller, top=top, **fields)
        self.version += 1
        self.moves += 1
        lki = self._leaving.pop(cards[0].id, None)
        for card in cards[1:]:
            self._leaving.pop(card.id, None)
        if self._quiet:
            return made
        origin = lki.zone if lki is not None else None
        if state.zone is Zone.BATTLEFIELD:
            made = self._entered(made, origin)
        self.emit(
            GameEvent(
                "ChangesZone", {"Card": made.id}, {}, {"Origin": origin, "Destination": state.zone}, _lki(lki)
            )
        )
        return made

    def _arrive(
        self,
        cards: tuple[CardInstance, ...],
        state: DfcState,
        controller: int,
        top: bool = True,
        **fields: Any,
    ) -> GameObject | None:
        made = super()._arrive(cards, state, controller, top, **fields)
        if made is None and not self._quiet:
            lki = self._leaving.pop(cards[0].id, None)
            if lki is not None:  # a token that left the battlefield (111.7) still "died"
                data = {"Origin": lki.zone, "Destination": state.zone}
                self.emit(GameEvent("ChangesZone", {"Card": lki.id}, {}, data, _lki(lki)))
        return made

    def _entered(self, made: GameObject, origin: Zone | None) -> GameObject:
        """A permanent entering: loyalty and defense counters (306.5b, 310.4b), then the
        replacements that modify how it enters (614.1c-d)."""

        shown = self.rules.characteristics(made.state)
        for kind, value in (("LOYALTY", shown.loyalty), ("DEFENSE", shown.defense)):
            if value is not None and value.value and not made.counter(kind):
                made = self._replace(
                    made, counters=tuple(sorted({**dict(made.counters), kind: value.value}.items()))
                )
        try:
            if self._may_be_replaced(made):  # (else no replacement modifies how it enters)
                entering(self, made, origin)
            self.keyword_entering(made.id)
        except UnsupportedAbilityError as error:
            if self.playing:
                raise
            self.unsupported_note(made, error)
        return self.objects[made.id]

    def replaced_destination(self, found: GameObject, zone: Zone) -> Zone:
        """Where a move to ``zone`` goes after replacement effects (614.1a): the ability
        interpreter's ``moved_destination`` looks for ``R:Event$ Moved`` lines on the
        moving object's face and on every face on the battlefield and in the command
        zone, and with none that may apply (most moves: a draw, a spell resolving) the
        destination stands; so it does for a face-down object (it has no abilities,
        708.2). Another object's ``ValidCard$ Card.Self`` replacement ("if ~ would be put
        into a graveyard", a disturb back face) never applies: "Self" is a card of the
        replacement's own object, and each card is in one object only."""
        if found.state.face_down or not self._may_be_replaced(found):
            return zone
        return super().replaced_destination(found, zone)  # type: ignore[misc, no-any-return]

    def _may_be_replaced(self, found: GameObject) -> bool:
        """Whether a ``Moved`` replacement may apply to this object's zone change: one on
        its own face (as its state shows it), or one on the battlefield or in the
        command zone that may move another object. The replacement interpreter looks
        nowhere else (``moved_destination``, ``entering``: their ``_sources``)."""
        own = _has_moved_replacement(self.rules.characteristics(found.state).face)
        return own or self._moved_replacement_somewhere()

    def _moved_replacement_somewhere(self) -> bool:
        """Whether a face on the battlefield or in the command zone has a ``Moved``
        replacement that may move another object (the face its state shows: with an
        animation that took abilities away, the face has fewer, never more). Kept with
        the very states there, and surely the same while ``moves`` is (nothing is kept
        within ``fresh()``)."""
        last = self.__dict__.get("_moved_seen")
        if last is not None and last[2] == self.moves and not is_fresh():
            return bool(last[3])
        ids = (*self.zones.get((None, Zone.BATTLEFIELD), ()), *self.zones.get((None, Zone.COMMAND), ()))
        states = tuple(self.objects[i].state for i in ids)
        if last is not None and last[0] == ids and all(map(is_, last[1], states)) and not is_fresh():
            self.__dict__["_moved_seen"] = (ids, last[1], self.moves, last[3])
            return bool(last[3])
        characteristics = self.rules.characteristics
        answer = any(_moves_others(characteristics(state).face) for state in states)
        if not is_fresh():
            self.__dict__["_moved_seen"] = (ids, states, self.moves, answer)
        return answer

    def unsupported_note(self, found: GameObject, error: UnsupportedAbilityError) -> None:
        """Driven directly (no ``start()``), an ability that can't run is said in the
        log and skipped; in a played game it refuses the action instead."""
        self.record("unsupported", found, f"{{obj}}: not applied, it can't run here ({error})")

    def transform(self, object_id: int, **kwargs: Any) -> Any:
        result = super().transform(object_id, **kwargs)  # type: ignore[misc]
        if result.happened and not self._quiet:
            self.emit(GameEvent("Transformed", {"Card": object_id}))
        return result

    def _settle(self) -> None:
        # Day/night follows the permanents' states only (turns.py asks the plugin about
        # each ``DfcState``): nothing to do while the designation and every permanent's
        # id and (immutable) state are as last settled (surely so while ``moves`` is).
        seen = self.__dict__.get("_settled")
        if seen is None or seen[0] is not self.day_night or not self._same_states(seen[1], seen[2], seen[3]):
            super()._settle()
            ids = list(self.zones[(None, Zone.BATTLEFIELD)])
            states = [self.objects[i].state for i in ids]
            self.__dict__["_settled"] = (self.day_night, ids, states, self.moves)
        elif seen[3] != self.moves:  # (the very same states again: no need to compare them next time)
            self.__dict__["_settled"] = (*seen[:3], self.moves)
        self.check_day_change()

    def _same_states(self, ids: list[int], states: list[DfcState], moves: int = -1) -> bool:
        if moves == self.moves:  # (no zone change and no new state since: the same)
            return True
        now = self.zones[(None, Zone.BATTLEFIELD)]
        objects = self.objects
        return ids == now and all(map(is_, states, (objects[i].state for i in now)))

    def check_day_change(self) -> None:
        """Day became night or night became day (731.1): "whenever" abilities trigger."""
        before, now = self._day_seen, self.day_night
        self._day_seen = now
        if before is not now and DayNight.NEITHER not in (before, now):
            self.emit(GameEvent("DayTimeChanges", data={"From": before.value, "To": now.value}))

    def emit(self, event: GameEvent) -> None:
        """An event happened: triggered abilities trigger now (603.2). Driven directly
        (before ``start()``), the engine runs no triggers: its caller is the game."""
        if self.playing:
            self.remember_event(event)
            self.collect_triggers(event)

    def remember_event(self, event: GameEvent) -> None:
        """Keep the event, with its objects as they are now, for "this turn" questions
        (``Count$ThisTurnCast``, ``wasDealtDamageThisTurn``); last turn's are dropped."""
        if self.this_turn and self.this_turn[0][0] != self.turn:
            self.this_turn = []
        seen = {i: self.objects[i] for i in event.objects.values() if i in self.objects}
        self.this_turn.append((self.turn, event, seen))
        if event.mode in ("ChangesZone", "DamageDone"):
            self.batch.append(event)  # closed by abilities.batches.flush

    def collect_triggers(self, event: GameEvent) -> None:
        """Overridden by the trigger mixin."""

    # ------------------------------------------------------------------ abilities' view
    def ability_ctx(self, found: GameObject, face: Face, controller: int | None = None) -> Ctx:
        return Ctx(
            self,
            found.id,
            found.cards[0].id,
            found.controller if controller is None else controller,
            face,
            x=found.x,
        )

    def face_of(self, found: GameObject) -> Face | None:
        """The face whose abilities the object has now (none face down, 708.2); the
        plugin's answer is remembered per (immutable) state."""
        state = found.state
        if state.face_down:
            return None
        cached = self._faces.get(id(state))
        if cached is not None:  # (the entry keeps its state alive: no other has its id)
            face = cached[1]
        else:
            face = self.rules.characteristics(state).face
            if len(self._faces) > 50_000:
                self._faces.clear()
            self._faces[id(state)] = (state, face)
        # (with no animation anywhere, nothing took its abilities away)
        return self._without_abilities(found, face) if self.animations else face

    def _without_abilities(self, found: GameObject, face: Face | None) -> Face | None:
        """An object that lost all its abilities (layer 6, 613.1f) has a face with none."""
        animations = self.animations.get(found.id)
        if face is None or not animations or not any("abilities" in a.removes for a in animations):
            return face
        from dataclasses import replace

        return replace(face, abilities=(), keywords=())

    def _replace(self, found: GameObject, **changes: Any) -> GameObject:
        self.version += 1
        if "state" in changes or "cards" in changes:
            self.moves += 1
        return super()._replace(found, **changes)

    def _cards_held(self) -> int:
        """How many cards the objects hold: the same while ``moves`` is (only a zone
        change, a rollback or a new state or cards of an object changes it)."""
        seen = self.__dict__.get("_held")
        if seen is not None and seen[0] == self.moves and not is_fresh():
            return int(seen[1])
        held = super()._cards_held()
        if not is_fresh():
            self.__dict__["_held"] = (self.moves, held)
        return held

    def faces_on_battlefield(self) -> Iterator[tuple[GameObject, Face]]:
        for found in self.in_zone(Zone.BATTLEFIELD):
            face = self.face_of(found)
            if face is not None:
                yield found, face

    def faces_with_statics(self) -> list[tuple[GameObject, Face]]:
        """Objects on the battlefield or in the command zone with static abilities
        (remembered until anything changes)."""
        key = ("statics", self.version)
        cached = self._static_cache.get(key)
        if cached is None:
            cached = self._statics_now()
            # (an entry of an earlier version is never asked for again, as the version only
            # grows: the old ones are dropped only now and then, not at every version)
            if len(self._static_cache) > _STATIC_ENTRIES:
                self._static_cache = {k: v for k, v in self._static_cache.items() if k[1] == self.version}
            self._static_cache[key] = cached
        return cached

    def _statics_now(self) -> list[tuple[GameObject, Face]]:
        """:meth:`faces_with_statics` worked out: while the very same states are in the
        two zones (and no animation could take abilities away), the faces found last
        time, with the objects as they are now (a tapped permanent is a new object
        with the same state; surely the same while ``moves`` is as it was then)."""
        last = self.__dict__.get("_statics_seen", ((), (), [], -1))
        if last[3] == self.moves and not self.animations and not is_fresh():
            return [(self.objects[i], face) for i, face in last[2]]
        ids = (*self.zones.get((None, Zone.BATTLEFIELD), ()), *self.zones.get((None, Zone.COMMAND), ()))
        states = tuple(self.objects[i].state for i in ids)
        same = last[0] == ids and all(map(is_, last[1], states))
        if same and not self.animations and not is_fresh():
            self.__dict__["_statics_seen"] = (*last[:3], self.moves)
            return [(self.objects[i], face) for i, face in last[2]]
        found = [
            (self.objects[i], face)
            for i in ids
            if (face := self.face_of(self.objects[i])) is not None and _has_statics(face)
        ]
        if not is_fresh():
            self.__dict__["_statics_seen"] = (ids, states, [(o.id, face) for o, face in found], self.moves)
        return found

    def mana_abilities_of(self, found: GameObject) -> tuple[Any, ...]:
        """The plugin's ``mana_abilities`` for the object, remembered per state."""
        state = found.state
        cached = self._mana.get(id(state))
        if cached is not None and cached[0] is state:
            return cached[1]
        abilities = tuple(self.rules.mana_abilities(state))
        if len(self._mana) > 50_000:
            self._mana.clear()
        self._mana[id(state)] = (state, abilities)
        return abilities

    def object_of_card(self, card_id: int) -> GameObject | None:
        return next((o for o in self.objects.values() if any(c.id == card_id for c in o.cards)), None)

    def random_pick(self, pool: list[int], count: int) -> list[int]:
        """A random choice the rules make (not a player's): seeded by the game."""
        import random

        return random.Random(self.seed * 7907 + len(self.log)).sample(pool, count)

    def designation(self) -> DayNight:
        """Day, night or neither, now (731.1)."""
        return self.day_night

    def alive(self, player: int) -> bool:
        return player not in self.losers

    def settle_between_links(self) -> None:
        """Between two links of a chain a later link sees the board as the earlier one
        left it (forge-abilities.md 3.3); nothing to do in this engine, whose
        characteristics are computed when asked. A link's events are simultaneous:
        the batch closes ("one or more" triggers, 603.2c)."""

        flush(self)

    # ------------------------------------------------------------------ load-time notes
    def _note_unsupported(self, found: GameObject) -> None:
        """Say in the log, as a card comes into the game, which of its lines can't run."""

        definition = found.cards[0].definition
        key = id(definition)
        if key in self._load_notes:
            return
        missing = _missing_lines(definition)
        self._load_notes[key] = missing
        if missing:
            viewers = tuple(p for p in self.players if self.may_look(p, found))
            text = f"{self.describe(found)}: these can't run here: {', '.join(missing)}"
            public = "a card's abilities can't all run here"
            self.log.append(
                Event(
                    self.turn,
                    "unsupported",
                    text,
                    "",
                    viewers if len(viewers) < len(self.players) else None,
                    public,
                )
            )

    # ------------------------------------------------------------------ set-up and trials
    def set_up_object(
        self,
        object_id: int,
        *,
        counters: dict[str, int] | None = None,
        damage: int = 0,
        attacking: bool = False,
    ) -> None:
        """Set-up (not a move, nothing triggers): the object's counters (these kinds set
        to these counts), damage marked on it, and whether it is attacking the next
        player (506.3, 508.1)."""
        found = self.obj(object_id)
        if counters:
            merged = {**dict(found.counters), **counters}
            self._replace(found, counters=tuple(sorted((k, v) for k, v in merged.items() if v)))
        if damage:
            self.damage[object_id] = damage
        if attacking:
            order = list(players_in_order(self, found.controller))
            self.attackers[object_id] = order[1] if len(order) > 1 else found.controller
        self.version += 1

    def set_life(self, player: int, life: int) -> None:
        """Set-up: a player's life total (119.1 starts it at 20)."""
        self.life[player] = life
        self.version += 1

    def tell(self, player: int, purpose: str, chosen: list[Any]) -> None:
        """A choice with only one way to make it is not asked; an agent that listens
        (``told``) hears what it was (a scenario's named targets are then used up)."""
        told = getattr(self.agent(player), "told", None)
        if callable(told):
            told(player, purpose, chosen)

    def all_or_nothing(self, attempt: Any) -> Any:
        """Run several actions as one: if any is refused, the game is restored to how it
        was before the first (a cast whose mana was added first, 601.2)."""
        snapshot = self._snapshot()
        try:
            return attempt()
        except IllegalActionError:
            self._restore(snapshot)
            raise

    def refusal(self, attempt: Any) -> str:
        """Whether ``attempt()`` would be allowed now, without letting it happen: the rule
        that refuses it, or ``""``; the game is as it was either way ("can this be cast
        now?"). An ability the engine can't run raises :class:`UnsupportedAbilityError`."""
        snapshot = self._snapshot()
        try:
            attempt()
        except UnsupportedAbilityError:
            raise  # not the rules refusing: the engine can't run it
        except IllegalActionError as error:
            return error.rule or "?"
        finally:
            self._restore(snapshot)
        return ""


@memo_by_identity
def _has_statics(face: Face) -> bool:
    """The face has a static ability (an ``S:`` line)."""
    return any(a.kind == "S" for a in face.abilities)


@memo_by_identity
def _missing_lines(definition: CardDef) -> tuple[str, ...]:
    """What the census finds missing among a script's lines, each once (read once per
    card definition: the census keys on the definition's value, a hash of every face)."""
    return tuple(dict.fromkeys(m for line in card_report(definition).lines for m in line.missing))


@memo_by_identity
def _has_moved_replacement(face: Face | None) -> bool:
    """The face has a ``Moved`` replacement (an ``R:Event$ Moved`` line, 614.1a)."""
    return face is not None and any(a.kind == "R" and a.params.api == "Moved" for a in face.abilities)


@memo_by_identity
def _moves_others(face: Face | None) -> bool:
    """The face has a ``Moved`` replacement that may apply to another object: one whose
    ``ValidCard$`` isn't ``Card.Self`` (the replacement's own card: values' ``Self``)."""
    return face is not None and any(
        a.kind == "R" and a.params.api == "Moved" and a.params.get("ValidCard") != "Card.Self"
        for a in face.abilities
    )


def _lki(found: GameObject | None) -> dict[int, GameObject]:
    return {found.id: found} if found is not None else {}


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is list or kind is set:  # (the exact types first: the loop's fields are these)
        return value.copy()
    if isinstance(value, dict):
        if not any(map(isinstance, value.values(), repeat((list, dict)))):  # (most: counts, ids)
            return value.copy() if kind is dict else dict(value)  # (copy: quicker, the same)
        return {k: v.copy() if isinstance(v, (list, dict)) else v for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    if isinstance(value, list):
        return list(value)
    return value


def players_in_order(game: Any, start: int) -> Iterable[int]:
    """APNAP order starting from ``start`` (101.4)."""
    players = list(game.players)
    index = players.index(start)
    return players[index:] + players[:index]


#: Every field of :attr:`LoopState._LOOP_FIELDS` from a game's instance dictionary, read
#: in one call (each snapshot reads them all).
_loop_items = itemgetter(*LoopState._LOOP_FIELDS)
