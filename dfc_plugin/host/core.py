"""The reference engine's core: zones, objects, moves, actions as transactions, the event
log, player views, the access check every action makes first (:meth:`GameCore.reach`,
tables in :mod:`dfc_plugin.host.access`) and the invariants checked inside every action.

It knows no DFC rule: every DFC decision is a call to the plugin's rule handlers
(``self.rules``, a :class:`~dfc_plugin.registry.Registry` built from the entry-point
group). The action mixins in :mod:`dfc_plugin.host.play`, :mod:`dfc_plugin.host.changes`
and :mod:`dfc_plugin.host.turns` use only what this class provides.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from dfc_plugin.cards import CardDef
from dfc_plugin.editions import CURRENT, Edition
from dfc_plugin.errors import DfcError, EngineError, IllegalActionError, PluginError
from dfc_plugin.host.access import GAME_ZONES, REACH, is_secret, public_description
from dfc_plugin.host.model import CardInstance, Event, GameObject, evolved, new_card, new_event, new_object
from dfc_plugin.hostspec import build_registry, plugin_manager
from dfc_plugin.registry import Registry
from dfc_plugin.rules.characteristics import Characteristics
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.script.library import Library
from dfc_plugin.state import DfcState, Side, TokenKind, Zone

__all__ = ["ActionResult", "Chooser", "FirstChoice", "GameCore", "action", "destination", "location"]

#: Zones each player has one of (400.1); the others are shared.
PLAYER_ZONES = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD)
T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


class Chooser(Protocol):
    """How players make choices the rules leave to them. Every method gets the player,
    what the choice is for, and the options; it returns its pick. No hidden randomness:
    the engine never chooses on a player's behalf except through this."""

    def order(self, player: int, purpose: str, items: Sequence[int]) -> Sequence[int]: ...

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T: ...


class FirstChoice:
    """The default chooser: keeps the given order and takes the first option."""

    def order(self, player: int, purpose: str, items: Sequence[int]) -> Sequence[int]:
        return list(items)

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T:
        if not options:
            raise IllegalActionError(f"player {player} has nothing to choose for {purpose}")
        return options[0]


@dataclass(frozen=True, init=False)
class ActionResult:
    """What an action did: whether it happened, the rule that decided it, the objects it
    made (new ids), and counts of objects and cards that changed zones (712.21e)."""

    happened: bool
    rule: str
    reason: str
    objects: tuple[int, ...] = ()
    objects_moved: int = 0
    cards_moved: int = 0
    notes: tuple[str, ...] = field(default=())

    def __init__(  # noqa: PLR0917  (the dataclass's own signature, its defaults above)
        self,
        happened: bool,
        rule: str,
        reason: str,
        objects: tuple[int, ...] = (),
        objects_moved: int = 0,
        cards_moved: int = 0,
        notes: tuple[str, ...] = (),
    ) -> None:
        """The fields stored straight into the instance dictionary: the frozen
        ``__init__`` would set each through ``object.__setattr__`` (every action and every
        move within one makes a result; the instance stays frozen)."""
        own = self.__dict__  # (in the fields' order, as the dataclass's __init__ would)
        own["happened"], own["rule"], own["reason"], own["objects"] = happened, rule, reason, objects
        own["objects_moved"], own["cards_moved"], own["notes"] = objects_moved, cards_moved, notes

    @property
    def object(self) -> int:
        """The one object the action made (or changed)."""
        if not self.objects:
            raise EngineError(f"the action made no object ({self.reason})")
        return self.objects[0]


def action(name: str) -> Callable[[Callable[Concatenate[Any, P], R]], Callable[Concatenate[Any, P], R]]:
    """Run a method as one game action: all or nothing. If it raises, the game is restored
    to how it was before (an illegal action never leaves it half-changed). Before it
    commits, every card is checked to be in exactly one object (and, with invariant
    checking on, every invariant of :meth:`GameCore.verify`): a broken invariant rolls
    the action back and raises :class:`EngineError`, as does any exception that is not a
    :class:`DfcError` (an engine bug, reported as one, with the game unchanged)."""

    def wrap(method: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
        @functools.wraps(method)
        def run(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
            if self._depth:
                return method(self, *args, **kwargs)
            snapshot = self._snapshot()
            self._depth += 1
            try:
                try:  # (the registry's ``guard()``, without a context manager's cost)
                    result = method(self, *args, **kwargs)
                    self._settle()
                except PluginError:
                    raise
                except Exception as error:  # an unchecked handler's: a PluginError naming it
                    blamed = self.rules.blame(error)
                    if blamed is None:
                        raise
                    raise blamed from error
                self._check_after(name)
            except IllegalActionError as error:
                self._restore(snapshot)
                raise self._cited(error) from None
            except DfcError:
                self._restore(snapshot)
                raise
            except Exception as error:
                self._restore(snapshot)
                # The cause is chained for debugging, not quoted: its text may name a hidden card.
                raise EngineError(
                    f"{name} failed with {type(error).__name__} (a bug in the engine or code it called); "
                    "the game is unchanged"
                ) from error
            except BaseException:
                self._restore(snapshot)
                raise
            finally:
                self._depth -= 1
            if isinstance(result, ActionResult) and self.edition.renumbered:
                result = replace(result, rule=self.edition.cite(result.rule))
            return result

        return run

    return wrap


_cards_of = attrgetter("cards")
_card_id = attrgetter("id")
#: A game object's fields (every one an init field).
_OBJECT_FIELDS = frozenset(f.name for f in fields(GameObject))


class GameCore:
    """Zones and objects, moves, the log and views. See :class:`dfc_plugin.host.Game`."""

    def __init__(
        self,
        players: int = 2,
        *,
        edition: Edition = CURRENT,
        library: Library | None = None,
        folders: Iterable[str] = (),
        registry: Registry | None = None,
        plugins: Iterable[object] = (),
        chooser: Chooser | None = None,
        check_invariants: bool = False,
        checked: bool = True,
    ) -> None:
        self.edition = edition
        plugins = tuple(plugins)
        if registry is None and not plugins:  # (the installed plugins: built once, each game a copy)
            manager, template = _installed_rules(edition, checked)
            registry = template.copy()
            library = library or _plugin_library(manager, list(folders))
        elif registry is None or library is None:
            manager = plugin_manager(plugins=plugins)
            registry = registry or build_registry(manager, edition, checked=checked)
            library = library or _plugin_library(manager, list(folders))
        from dfc_plugin.host.game.cache import RememberingRules, is_fresh  # (the package imports this module)

        # The plugin's answers to pure questions are remembered (host/game/cache.py).
        self.rules: Registry = RememberingRules(registry)  # type: ignore[assignment]
        self._is_fresh = is_fresh  # (within ``fresh()`` nothing remembered is used)
        self.library = library
        self.players = list(range(1, players + 1))
        self.chooser: Chooser = chooser or FirstChoice()
        self.check_invariants = check_invariants
        self.objects: dict[int, GameObject] = {}
        self.zones: dict[tuple[int | None, Zone], list[int]] = {}
        self.cards: dict[int, CardInstance] = {}
        self.log: list[Event] = []
        self.turn = 1
        self.active = 1
        self.day_night = DayNight.NEITHER
        self.lands_played: dict[int, int] = {}
        self.spells_cast: dict[int, int] = {}
        self.spells_cast_last_turn = 0
        self.mana_pool: dict[int, list[str]] = {p: [] for p in self.players}
        self._next_object = 1
        self._next_card = 1
        self._clock = 0
        self._depth = 0
        self._described: dict[tuple[int, bool, bool], tuple[DfcState, CardDef, str]] = {}
        for player in self.players:
            for zone in PLAYER_ZONES:
                self.zones[(player, zone)] = []
        for zone in (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND):
            self.zones[(None, zone)] = []

    def _cited(self, error: IllegalActionError) -> IllegalActionError:
        """The error, citing the rule number of this game's edition."""
        if not error.rule or not self.edition.renumbered:
            return error
        message = str(error).removesuffix(f" (rule {error.rule})")
        return IllegalActionError(message, rule=self.edition.cite(error.rule))

    # ------------------------------------------------------------------ after each action
    def _settle(self) -> None:
        """What happens immediately after any action, not as a state-based action:
        day/night (702.145c-d, 702.145f-g). Overridden by the turn mixin."""

    # ------------------------------------------------------------------ snapshots
    def _snapshot(self) -> dict[str, Any]:
        # The game goes on with the copy, the snapshot keeps the table as it was: a copy
        # is compact, so the next one is quick (a table that objects have left is not).
        kept, self.objects = self.objects, dict(self.objects)
        return {
            "objects": kept,
            # (``dict.copy`` copies the table as it is, ``dict(...)`` inserts each entry
            # anew: measured 2.5 against 0.3 microseconds here. The zones' lists only, as
            # tuples in one C loop: one allocation each, none for an empty one; the zones
            # are the same keys from the start of the game on)
            "zones": tuple(map(tuple, self.zones.values())),
            "cards": self.cards.copy(),
            "log": len(self.log),
            "scalars": (self.turn, self.active, self.day_night, self.spells_cast_last_turn),
            "counts": (self.lands_played.copy(), self.spells_cast.copy()),
            "mana": tuple(map(tuple, self.mana_pool.values())),
            "ids": (self._next_object, self._next_card, self._clock),
        }

    def _restore(self, snapshot: dict[str, Any]) -> None:
        self.objects = snapshot["objects"]
        self.zones = _same_keys(self.zones, snapshot["zones"])
        self.cards = snapshot["cards"]
        del self.log[snapshot["log"] :]
        self.turn, self.active, self.day_night, self.spells_cast_last_turn = snapshot["scalars"]
        self.lands_played, self.spells_cast = snapshot["counts"]
        self.mana_pool = _same_keys(self.mana_pool, snapshot["mana"])
        self._next_object, self._next_card, self._clock = snapshot["ids"]

    def _check_after(self, name: str) -> None:
        """The invariants an action must keep before it commits (see :func:`action`)."""
        if self.check_invariants:
            self.verify(after=name)
            return
        held = self._cards_held()
        listed = sum(map(len, self.zones.values()))
        if held != len(self.cards) or listed != len(self.objects):
            self.verify(after=name)  # names the card or object that broke it
            raise EngineError(f"the cards and objects do not add up after {name}")

    def _cards_held(self) -> int:
        """How many cards the objects hold (a melded permanent two, any other one)."""
        return sum(map(len, map(_cards_of, self.objects.values())))

    # ------------------------------------------------------------------ the access check
    def reach(self, action: str, object_id: int, player: int | None = None) -> GameObject:
        """The object ``action`` acts on, after the check every action makes before
        anything else (:data:`dfc_plugin.host.access.REACH`): it is in the game, in a zone
        the action may touch, face down only where the action allows it; ``player``, if a
        player acts, is in the game and is the object's controller where the action asks
        for it (602.2). Raises :class:`IllegalActionError` that describes the
        object only as every player may know it."""
        reach = REACH[action]
        if player is not None:
            self.check_player(player)
        found = self.obj(object_id)
        if found.zone not in reach.zones:
            raise IllegalActionError(
                f"{_verb(action)} can't act on {self.public_name(found)}: it acts on {reach.what}",
                rule=reach.rule,
            )
        in_play = found.zone in (Zone.BATTLEFIELD, Zone.STACK)
        if found.state.face_down and (
            reach.face_down == "no" or (reach.face_down == "in play" and not in_play)
        ):
            raise IllegalActionError(
                f"{_verb(action)} can't act on {self.public_name(found)}: it is face down", rule=reach.rule
            )
        if player is not None and reach.actor == "controller" and found.controller != player:
            raise IllegalActionError(
                f"player {player} can't {_verb(action)} {self.public_name(found)}: only its controller can",
                rule=reach.rule,
            )
        return found

    def check_player(self, player: object, role: str = "player") -> int:
        """``player`` if it is a player of this game (102.1); else IllegalActionError."""
        if isinstance(player, bool) or not isinstance(player, int) or player not in self.players:
            raise IllegalActionError(f"there is no {role} {player!r} in this game", rule="102.1")
        return player

    def check_destination(self, zone: object) -> Zone:
        """A zone a card may be put into. Zone.OUTSIDE is refused: a card outside the
        game is in no zone (400.11a), and the reference engine keeps no cards there."""
        if zone.__class__ is Zone and zone in GAME_ZONES:  # (every move the engine makes)
            return zone
        try:
            found = Zone(zone)  # type: ignore[arg-type]
        except ValueError:
            raise IllegalActionError(f"there is no zone {zone!r}", rule="400.1") from None
        if found not in GAME_ZONES:
            raise IllegalActionError(
                "the reference engine keeps no cards outside the game, so none can be put there",
                rule="400.11",
            )
        return found

    def public_name(self, found: GameObject) -> str:
        """The object as every player may know it (for messages): see
        :func:`dfc_plugin.host.access.public_description`."""
        name = None if is_secret(found) else self.rules.characteristics(found.state).name
        return public_description(found, name)

    # ------------------------------------------------------------------ looking up
    def obj(self, object_id: int) -> GameObject:
        """The object with this id; raises :class:`IllegalActionError` if it is gone (it
        changed zones and became a new object, 400.7)."""
        found = self.objects.get(object_id) if isinstance(object_id, int) else None
        if found is None:
            raise IllegalActionError(
                f"object {object_id!r} is not in the game (a zone change makes a new object)", rule="400.7"
            )
        return found

    def zone_key(self, zone: Zone, owner: int) -> tuple[int | None, Zone]:
        return (owner, zone) if zone in PLAYER_ZONES else (None, zone)

    def in_zone(self, zone: Zone, player: int | None = None) -> list[GameObject]:
        """Objects in a zone, bottom to top (for a player's zone, that player's)."""
        objects = self.objects
        if zone not in PLAYER_ZONES:
            return [objects[i] for i in self.zones.get((None, zone), ())]
        if player is not None:  # (one player's zone: read straight from its list)
            return [objects[i] for i in self.zones.get((player, zone), ())] if player in self.players else []
        return [objects[i] for p in self.players for i in self.zones.get((p, zone), ())]

    def battlefield(self) -> list[GameObject]:
        return self.in_zone(Zone.BATTLEFIELD)

    def characteristics(self, object_id: int) -> Characteristics:
        return self.rules.characteristics(self.obj(object_id).state)

    def name_of(self, object_id: int) -> str | None:
        return self.characteristics(object_id).name

    def mana_value(self, object_id: int) -> int:
        return self.rules.mana_value(self.obj(object_id).state)

    def power_toughness(self, object_id: int) -> tuple[int | None, int | None]:
        """Power and toughness with counters and effects applied (613)."""
        found = self.obj(object_id)
        shown = self.rules.characteristics(found.state)
        if shown.power is None or shown.toughness is None:
            return None, None
        bonus = found.counter("P1P1") - found.counter("M1M1")
        power = (shown.power.value or 0) + bonus + sum(e.power for e in found.effects)
        toughness = (shown.toughness.value or 0) + bonus + sum(e.toughness for e in found.effects)
        return power, toughness

    def find(self, name: str, zone: Zone | None = None) -> GameObject:
        """The first object whose current name is ``name`` (for scripts and tests)."""
        for found in self.objects.values():
            if (zone is None or found.zone is zone) and self.rules.characteristics(found.state).name == name:
                return found
        raise IllegalActionError(f"no object named {name!r}" + (f" in the {zone}" if zone else ""))

    # ------------------------------------------------------------------ making objects
    def _tick(self) -> int:
        self._clock += 1
        return self._clock

    def _card(self, definition: CardDef, owner: int, token: bool = False) -> CardInstance:
        card = new_card(self._next_card, definition, owner, token)
        self.cards[card.id] = card
        self._next_card += 1
        return card

    def _place(
        self,
        cards: tuple[CardInstance, ...],
        state: DfcState,
        controller: int,
        *,
        top: bool = True,
        **fields: Any,
    ) -> GameObject:
        """Put a new object into its state's zone (on top, or at the bottom)."""
        made = new_object(
            self._next_object,
            cards,
            state,
            controller,
            self._tick(),
            controlled_since_turn=fields.pop("controlled_since_turn", self.turn),
            **fields,
        )
        self._next_object += 1
        self.objects[made.id] = made
        ids = self.zones[self.zone_key(state.zone, cards[0].owner)]
        if top:
            ids.append(made.id)
        else:
            ids.insert(0, made.id)
        return made

    def _remove(self, found: GameObject) -> None:
        """Take an object out of its zone (its cards go on to a new object, or, for a
        token arriving anywhere but the battlefield or stack, cease to exist: _arrive)."""
        self.zones[self.zone_key(found.zone, found.owner)].remove(found.id)
        del self.objects[found.id]

    def _replace(self, found: GameObject, **changes: Any) -> GameObject:
        """Change an object in place (same id: a transform, a tap, a counter)."""
        # (found.evolve, without replace()'s checks per field; it raises TypeError for a field it lacks)
        updated = evolved(found, changes) if _OBJECT_FIELDS.issuperset(changes) else found.evolve(**changes)
        self.objects[found.id] = updated
        return updated

    def _arrive(
        self,
        cards: tuple[CardInstance, ...],
        state: DfcState,
        controller: int,
        top: bool = True,
        **fields: Any,
    ) -> GameObject | None:
        """A card (or token) arriving in a zone as a new object (400.7). A token that
        arrives anywhere but the battlefield ceases to exist (704.5d, 111.7)."""
        if (
            state.zone is not Zone.BATTLEFIELD
            and state.zone is not Zone.STACK
            and all(c.token for c in cards)
        ):
            for card in cards:
                self.cards.pop(card.id, None)
            return None
        return self._place(
            cards,
            state,
            controller if state.zone in (Zone.BATTLEFIELD, Zone.STACK) else cards[0].owner,
            top=top,
            **fields,
        )

    # ------------------------------------------------------------------ the log
    def describe(self, found: GameObject, reader: int | None = None) -> str:
        """How ``reader`` sees an object (``None``: everything, for the debug log). The
        text reads only the object's (immutable) state, its first card's definition and
        whether the reader may look, so it is remembered by those (the entry keeps them
        alive: a key found is the very same state; nothing is kept within ``fresh()``)."""
        may_look = reader is None or self.may_look(reader, found)
        table: dict[tuple[int, bool, bool], tuple[DfcState, CardDef, str]] = self._described
        key = (id(found.state), may_look, reader is None)
        hit = table.get(key)
        definition = found.cards[0].definition
        if hit is not None and hit[0] is found.state and hit[1] is definition and not self._is_fresh():
            return hit[2]
        text = self._description_alike(found, reader, may_look)
        if not self._is_fresh():
            if len(table) > 50_000:
                table.clear()
            table[key] = (found.state, definition, text)
        return text

    def _description_alike(self, found: GameObject, reader: int | None, may_look: bool) -> str:
        """:meth:`_description`, remembered for a state of the same value as one described
        before (a new state each move: a card drawn is a hand's state of the same card),
        by its fields (those that are objects by identity, kept alive by the entry), the
        card's definition and the right to look: all the text reads, the ``view``
        handler being a pure function of the state (DESIGN.md decision 3)."""
        if self._is_fresh():
            return self._description(found, reader, may_look)
        state = found.state
        definition = found.cards[0].definition
        key = (*_state_fields(state), id(definition), may_look, reader is None)
        table: dict[tuple[Any, ...], tuple[DfcState, CardDef, str]] = self.__dict__.setdefault("_alike", {})
        hit = table.get(key)
        if hit is not None:
            return hit[2]
        text = self._description(found, reader, may_look)
        if len(table) > 50_000:
            table.clear()
        table[key] = (state, definition, text)
        return text

    def _description(self, found: GameObject, reader: int | None, may_look: bool) -> str:
        """:meth:`describe` worked out: the plugin's view of the object (712.7)."""
        view = self.rules.view(found.state, may_look)
        if view.get("hidden"):
            if view.get("face_down"):
                return "a face-down card" if found.zone is Zone.EXILE else "a face-down 2/2 creature"
            return "a card"
        name = view.get("name") or "a face-down creature"
        if found.state.face_down and reader is None:
            name = f"face-down {found.cards[0].definition.name}"
        return str(name)

    def record(self, verb: str, found: GameObject | None, text: str, rule: str = "", **data: Any) -> None:
        """Add an event; details of a hidden object go only to those who may see it."""
        rule = self.edition.cite(rule) if rule and self.edition.renumbered else rule
        # (the events made positionally: private_to None, public_text "", as by default)
        if found is None:
            self.log.append(new_event(self.turn, verb, text, rule, None, "", data))
            return
        data.setdefault("card_ids", tuple(map(_card_id, found.cards)))
        full = text.format(obj=self.describe(found))
        if _seen_by_everyone(found):  # (most: a permanent, a spell, a graveyard's card)
            self.log.append(new_event(self.turn, verb, full, rule, None, "", data))
            return
        viewers = tuple(p for p in self.players if self.may_look(p, found))
        if len(viewers) < len(self.players):
            public = text.format(obj=self.describe(found, reader=_NOBODY))
            self.log.append(new_event(self.turn, verb, full, rule, viewers, public, data))
        else:
            self.log.append(new_event(self.turn, verb, full, rule, data=data))

    def log_text(self, reader: int | None = None) -> str:
        """The event log as text, as ``reader`` may read it."""
        return "\n".join(event.line(reader) for event in self.log)

    # ------------------------------------------------------------------ views
    def may_look(self, player: int, found: GameObject) -> bool:
        """Whether ``player`` may look at this object (400.2, 406.3, 708.5)."""
        if player == _NOBODY:
            return False
        if _seen_by_everyone(found):
            return True
        state = found.state
        if state.face_down:
            if state.zone in (Zone.BATTLEFIELD, Zone.STACK):
                return found.controller == player  # 708.5
            return player in found.known_to  # 406.3: who exiled it may look
        if state.zone is Zone.HAND:
            return found.owner == player
        return state.zone is not Zone.LIBRARY

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (712.6, 712.7): each zone's objects through the plugin's
        ``view`` handler, with the looking rights of this player."""
        zones: dict[str, list[dict[str, Any]]] = {}
        for (owner, zone), ids in self.zones.items():
            label = f"{zone.value}:{owner}" if owner is not None else zone.value
            zones[label] = [self._object_view(self.objects[i], player) for i in ids]
        return {"player": player, "turn": self.turn, "day_night": self.day_night.value, "zones": zones}

    def _object_view(self, found: GameObject, player: int) -> dict[str, Any]:
        seen = dict(self.rules.view(found.state, self.may_look(player, found)))
        seen["id"] = found.id
        if not seen.get("hidden"):
            seen["tapped"] = found.tapped
        return seen

    # ------------------------------------------------------------------ invariants
    def verify(self, after: str = "") -> None:
        """The DFC invariant (outside the stack and the battlefield a DFC has only its front
        face's characteristics; on them exactly one face, or the melded face, is up: 712.8a),
        and every card in exactly one place.
        Raises :class:`EngineError` naming the action after which one broke."""
        where = f" after {after}" if after else ""
        seen: dict[int, int] = {}
        for key, ids in self.zones.items():
            for object_id in ids:
                found = self.objects.get(object_id)
                if found is None or self.zone_key(found.zone, found.owner) != key:
                    raise EngineError(f"object {object_id} is listed in {key} but is not there{where}")
                for card in found.cards:
                    if card.id in seen:
                        raise EngineError(
                            f"card {card.id} is in objects {seen[card.id]} and {object_id}{where}"
                        )
                    seen[card.id] = object_id
                self._verify_faces(found, where)
        if len(seen) != len(self.cards) or set(seen) != set(self.cards):
            raise EngineError(f"cards {sorted(set(self.cards) ^ set(seen))} are in no zone or unknown{where}")
        if sum(len(ids) for ids in self.zones.values()) != len(self.objects):
            raise EngineError(f"an object is in no zone{where}")

    def _verify_faces(self, found: GameObject, where: str) -> None:
        state = found.state
        shown = self.rules.characteristics(state)
        if state.melded and (len(found.cards) != 2 or state.zone is not Zone.BATTLEFIELD):
            raise EngineError(f"melded object {found.id} is not two cards on the battlefield{where}")
        if len(found.cards) != 1 and not state.melded:
            # 712.21: only a melded permanent is one object of two cards.
            raise EngineError(f"object {found.id} is {len(found.cards)} cards but not melded{where}")
        if state.face_down or state.copy_of is not None:
            return
        front = state.card.faces[0].name
        if state.zone not in (Zone.BATTLEFIELD, Zone.STACK) and shown.name != front:
            raise EngineError(
                f"object {found.id} in the {state.zone} shows {shown.name!r}, not its front face{where}"
            )
        if state.zone in (Zone.BATTLEFIELD, Zone.STACK) and not state.melded:
            up = state.card.faces[0 if state.up is Side.FRONT else -1].name
            if shown.name not in (up, front):
                raise EngineError(f"object {found.id} shows {shown.name!r}, not the face that is up{where}")

    # ------------------------------------------------------------------ setting up
    def add(
        self,
        name: str,
        zone: Zone = Zone.HAND,
        player: int = 1,
        *,
        up: Side = Side.FRONT,
        face_down: bool = False,
        tapped: bool = False,
        controlled_since_turn: int | None = None,
    ) -> int:
        """Put a card from the library of card scripts into the game (set-up, not a move).
        Returns its object id. Zone.OUTSIDE is refused (:meth:`check_destination`)."""
        self.check_player(player)
        zone = self.check_destination(zone)
        definition = self.library.get(name)
        token = definition.is_token
        if token and zone not in (Zone.BATTLEFIELD, Zone.STACK):
            raise IllegalActionError(f"a token can't be put {location(zone, player)}", rule="111.7")
        card = self._card(definition, player, token)
        state = DfcState.of(
            definition,
            zone,
            up=up if zone in (Zone.BATTLEFIELD, Zone.STACK) else Side.FRONT,
            face_down=face_down,
        )
        since = self.turn - 1 if controlled_since_turn is None else controlled_since_turn
        made = self._place((card,), state, player, tapped=tapped, controlled_since_turn=since)
        self.record("add", made, f"set-up: {{obj}} is {location(zone, player)}")
        return made.id

    def owner_zone_ids(self, player: int, zone: Zone) -> list[int]:
        return list(self.zones.get(self.zone_key(zone, player), ()))

    def objects_named(self, name: str) -> Iterator[GameObject]:
        for found in self.objects.values():
            if self.rules.characteristics(found.state).name == name:
                yield found

    def token_kind(self, object_id: int) -> TokenKind:
        return self.obj(object_id).state.token


def destination(zone: Zone) -> str:
    """ "the battlefield", "exile", "its owner's graveyard": where something moves to."""
    if zone in (Zone.BATTLEFIELD, Zone.STACK):
        return f"the {zone.value}"
    if zone is Zone.EXILE:
        return "exile"
    return f"its owner's {zone.value}"


def location(zone: Zone, player: int) -> str:
    """ "on the battlefield", "in exile", "in the hand of player 2": where something is."""
    if zone in (Zone.BATTLEFIELD, Zone.STACK):
        return f"on the {zone.value}"
    if zone is Zone.EXILE:
        return "in exile"
    return f"in the {zone.value} of player {player}"


#: A reader who may look at nothing: used to write the public text of a log entry.
_NOBODY = -1


#: The plugin manager and the registry built from the installed plugins, by edition,
#: checking and search path (a plugin installed on a new path is loaded for it).
_INSTALLED_RULES: dict[tuple[Edition, bool, tuple[str, ...]], tuple[Any, Registry]] = {}


def _installed_rules(edition: Edition, checked: bool) -> tuple[Any, Registry]:
    """The installed rule plugins' manager and registry for this edition: loading them
    (pluggy's hook specs, the entry points, every handler registered and wrapped) is the
    same work for every game, and the registry is copied before a game uses it."""
    key = (edition, checked, tuple(sys.path))
    built = _INSTALLED_RULES.get(key)
    if built is None:
        manager = plugin_manager()
        built = _INSTALLED_RULES[key] = (manager, build_registry(manager, edition, checked=checked))
    return built


def _same_keys(table: dict[Any, list[T]], kept: tuple[tuple[T, ...], ...]) -> dict[Any, list[T]]:
    """A table of lists (the zones, the mana pools) as a snapshot kept it: its lists, in
    its keys' order. The keys are made with the game and never change; a table that has
    other keys than when the snapshot was taken is an engine bug, not restored wrongly."""
    if len(table) != len(kept):
        raise EngineError("a table of the game has other keys than when its snapshot was taken")
    return dict(zip(table, map(list, kept), strict=True))


def _verb(action: str) -> str:
    """An action's name as a verb for its messages (``activate_mana_ability:...``)."""
    return action.partition(":")[0].replace("_", " ")


def _seen_by_everyone(found: GameObject) -> bool:
    """Every player may look at a face-up object outside the hands and libraries (400.2:
    the other zones are public; 708.5 and 406.3 are about face-down objects)."""
    state = found.state
    return not state.face_down and state.zone is not Zone.HAND and state.zone is not Zone.LIBRARY


def _state_fields(state: DfcState) -> tuple[Any, ...]:
    """Every compared field of a state (:data:`STATE_FIELDS`), the objects among them by
    identity: two states with the same tuple, both alive, are equal."""
    return (
        *map(id, state.cards),
        state.zone,
        state.up,
        state.face_down,
        state.melded,
        id(state.melded_face),
        state.token,
        id(state.copy_of),
        state.transform_count,
        state.x,
    )


#: The fields :func:`_state_fields` reads (tests/test_speed9a.py: every compared field).
STATE_FIELDS = (
    "cards",
    "zone",
    "up",
    "face_down",
    "melded",
    "melded_face",
    "token",
    "copy_of",
    "transform_count",
    "x",
)


def _plugin_library(manager: Any, folders: list[str]) -> Library:
    """The card scripts every loaded plugin provides, then the folders the user names
    (a later folder's card replaces an earlier one's)."""
    paths = [folder for group in manager.hook.dfc_card_folders() for folder in group]
    return Library.load([*paths, *folders])
