"""The driver protocol: what a conformance scenario needs from an engine, and the reference
engine's driver.

A driver sets up a game (``start``, ``add``), acts (``act``) and observes (``observe``).
Handles are whatever the engine uses to name objects; the runner only passes them back.
An engine whose rules refuse an action (casting a face it may not cast) raises
:class:`Refused` with the rule; "nothing happens" is an :class:`ActResult` with
``happened=False``. ``dfc-plugin conformance --engine module:factory`` and
``pytest --dfc-engine=module:factory`` load another engine's driver: ``factory()`` returns
a new driver, and each scenario gets its own.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, runtime_checkable

from dfc_plugin.editions import edition_named
from dfc_plugin.errors import DriverError, IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.registry import Registry
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.transform import is_transformed
from dfc_plugin.script.library import Library
from dfc_plugin.state import Side, Zone

__all__ = ["ActResult", "Driver", "ReferenceDriver", "Refused", "load_driver_factory"]


@cache
def _shared_registry(edition: str) -> Registry:
    """The built-in rules for one edition, loaded once per process (handlers are pure, so
    games share them)."""
    from dfc_plugin.hostspec import build_registry, plugin_manager

    return build_registry(plugin_manager(), edition_named(edition), checked=True)


@cache
def _shared_library() -> Library:
    """The plugins' card scripts, read once per process and shared by every driver (a
    library is read-only, so games can't see each other through it)."""
    from dfc_plugin.hostspec import plugin_manager

    folders = [folder for group in plugin_manager().hook.dfc_card_folders() for folder in group]
    return Library.load(folders)


class Refused(Exception):
    """The engine refuses an action as illegal; ``rule`` is the rule that forbids it."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class ActResult:
    """What an action did: as :class:`dfc_plugin.host.ActionResult`, with handles."""

    happened: bool
    rule: str
    objects: Sequence[Any] = ()
    objects_moved: int = 0
    cards_moved: int = 0
    notes: Sequence[str] = field(default=())


@runtime_checkable
class Driver(Protocol):
    """The small interface a scenario needs from an engine."""

    name: str

    def start(self, edition: str, players: int) -> None:
        """Begin a new game under the named rules edition (see dfc_plugin.editions)."""

    def add(self, card: str, zone: str, player: int, options: Mapping[str, Any]) -> Any:
        """Put a card into a zone as set-up; options: up, face_down, tapped, sick."""

    def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
        """Do one action of ``schema.ACTIONS``; aliases are already handles."""

    def observe(self, kind: str, target: Any, question: str, extra: Mapping[str, Any]) -> Any:
        """Answer one question of ``schema.CHECK_FIELDS[kind]`` about ``target``."""

    def log(self) -> list[str]:
        """The game's event log so far, one line per event, with the rule that decided it."""


def _importable_from_here() -> None:
    """Let ``--engine`` name a module in the current directory, as ``python -m`` would,
    for a console script (whose sys.path has no such entry). Appended, so it never
    shadows an installed module."""
    here = os.getcwd()
    if "" not in sys.path and here not in sys.path:
        sys.path.append(here)


def load_driver_factory(spec: str) -> Callable[[], Driver]:
    """``module:factory`` to the factory. Raises :class:`DriverError` with a plain
    message if the module can't be imported or has no such callable."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise DriverError(f"--engine takes module:factory, not {spec!r}")
    _importable_from_here()
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # any import failure is the user's engine, reported plainly
        raise DriverError(
            f"cannot import engine module {module_name!r}: {type(error).__name__}: {error}"
        ) from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise DriverError(f"engine module {module_name!r} has no callable {attribute!r}")
    return factory  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- the reference driver


def _types_fit(types: Sequence[str]) -> Callable[[Any], bool]:
    return lambda chars: any(chars.type_line.has(t) for t in types)


class ReferenceDriver:
    """Drives :class:`dfc_plugin.host.Game`, checking its invariants after every move."""

    name = "dfc-plugin reference engine"

    def __init__(self, library: Library | None = None, plugins: Sequence[object] = ()) -> None:
        self._library = library
        self._plugins = tuple(plugins)
        self.game: Game | None = None

    @property
    def g(self) -> Game:
        if self.game is None:
            raise DriverError("start() was not called")
        return self.game

    def start(self, edition: str, players: int) -> None:
        rules = edition_named(edition)
        self.game = Game(
            players,
            edition=rules,
            library=self._library or _shared_library(),
            registry=None if self._plugins else _shared_registry(rules.name),
            plugins=self._plugins,
            check_invariants=True,
        )

    def add(self, card: str, zone: str, player: int, options: Mapping[str, Any]) -> Any:
        sick = options.get("sick", False)
        return self.g.add(
            card,
            Zone(zone),
            player,
            up=Side(options.get("up", "front")),
            face_down=bool(options.get("face_down", False)),
            tapped=bool(options.get("tapped", False)),
            controlled_since_turn=self.g.turn if sick else None,
        )

    def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
        perform = self._actions().get(action)
        if perform is None:
            raise DriverError(f"the reference driver has no action {action!r}")
        try:
            result = perform(dict(args))
        except IllegalActionError as error:
            raise Refused(error.rule, str(error)) from None
        return ActResult(
            result.happened,
            result.rule,
            result.objects,
            result.objects_moved,
            result.cards_moved,
            result.notes,
        )

    def _actions(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        """Each scenario action, as a call of :class:`dfc_plugin.host.Game`."""
        g = self.g
        return {
            "transform": lambda a: g.transform(a.pop("object"), **a),
            "convert": lambda a: g.convert(a.pop("object"), **a),
            "cast": self._cast,
            "resolve": lambda a: g.resolve(a.get("enters_transformed")),
            "play_land": lambda a: g.play_land(a.pop("player", 1), a.pop("object"), **a),
            "put_onto_battlefield": self._put,
            "meld": lambda a: g.meld(*a["objects"]),
            "move": lambda a: g.move(
                a["object"], Zone(a["to"]), top=not a.get("bottom", False), order=a.get("order")
            ),
            "destroy": lambda a: g.destroy(a["object"]),
            "exile": lambda a: g.exile(a["object"], a.get("order")),
            "bounce": lambda a: g.bounce(a["object"]),
            "blink": lambda a: g.blink(a["object"]),
            "mill": lambda a: g.mill(a["player"], a.get("count", 1)),
            "turn_face_down": lambda a: g.turn_face_down(a["object"]),
            "turn_face_up": lambda a: g.turn_face_up(a["object"]),
            "exile_face_down": lambda a: g.exile_face_down(a["object"], a.get("by")),
            "token_copy": lambda a: g.create_token_copy(a["object"], a.get("controller")),
            "copy_spell": lambda a: g.copy_spell(a["object"]),
            "become_copy": lambda a: g.become_copy(a["object"], a["source"]),
            "create_token": lambda a: g.create_token(a["card"], a.get("player", 1), a.get("counters", 0)),
            "choose_name": lambda a: g.choose_name(a["object"], a["name"]),
            "set_day_night": lambda a: g.set_day_night(DayNight(a["value"])),
            "next_turn": self._next_turn,
            "activate_mana_ability": lambda a: g.activate_mana_ability(
                a["object"], a.get("index", 0), a.get("color")
            ),
            "add_effect": lambda a: g.add_effect(a["object"], a.get("power", 0), a.get("toughness", 0)),
            "add_counters": lambda a: g.add_counters(a["object"], a.get("kind", "P1P1"), a.get("count", 1)),
            "link": lambda a: g.link(a["object"], a["card"]),
            "craft": lambda a: g.craft(a["object"], a.get("materials", [])),
            "defeat_siege": lambda a: g.defeat_siege(a["object"]),
        }

    def _cast(self, args: dict[str, Any]) -> Any:
        group = args.pop("from_group", None)
        if group is not None:
            args["fits"] = _types_fit(group)
        return self.g.cast(args.pop("player", 1), args.pop("object"), **args)

    def _put(self, args: dict[str, Any]) -> Any:
        require = args.pop("require", None)
        if require is not None:
            args["fits"] = _types_fit(require)
        return self.g.put_onto_battlefield(args.pop("object"), **args)

    def _next_turn(self, args: dict[str, Any]) -> Any:
        for _ in range(args.get("spells_cast", 0)):
            self.g.note_spell_cast(self.g.active)
        return self.g.next_turn()

    # ------------------------------------------------------------------ observing
    def observe(self, kind: str, target: Any, question: str, extra: Mapping[str, Any]) -> Any:
        if kind == "object":
            return self._object(target, question, extra)
        if kind == "game":
            return self._game(question, extra)
        if kind == "zone":
            names = [self.g.name_of(o.id) for o in self.g.in_zone(Zone(target), extra.get("player"))]
            return names if question == "names" else len(names)
        if kind == "card":
            return self._card(target, question, extra)
        if kind == "log":
            return self.g.log_text(extra.get("reader"))
        raise DriverError(f"the reference driver can't answer {kind}.{question}")

    def _object(self, handle: Any, question: str, extra: Mapping[str, Any]) -> Any:
        g = self.g
        if question == "exists":
            return handle in g.objects
        found = g.obj(handle)
        state = found.state
        shown = g.characteristics(handle)
        answers: dict[str, Callable[[], Any]] = {
            "name": lambda: shown.name,
            "mana_value": lambda: g.mana_value(handle),
            "zone": lambda: found.zone.value,
            "up": lambda: state.up.value,
            "face_down": lambda: state.face_down,
            "melded": lambda: state.melded,
            "transformed": lambda: is_transformed(g.edition, state),
            "double_faced": lambda: g.rules.is_double_faced(state),
            "token": lambda: state.token.value,
            "power": lambda: g.power_toughness(handle)[0],
            "toughness": lambda: g.power_toughness(handle)[1],
            "types": lambda: list(shown.type_line.types),
            "subtypes": lambda: list(shown.type_line.subtypes),
            "colors": lambda: list(shown.colors),
            "could_produce": lambda: sorted(g.could_produce(handle)),
            "cards": lambda: len(found.cards),
            "tapped": lambda: found.tapped,
            "controller": lambda: found.controller,
            "copy_of": lambda: state.copy_of.face.name if state.copy_of and state.copy_of.face else None,
            "linked": lambda: len(found.linked),
            "can_transform": lambda: bool(g.rules.can_transform(state)),
            "can_pay_tap_cost": lambda: bool(
                g.rules.can_pay_tap_cost(state, g.controlled_since_turn_began(handle))
            ),
            "hidden_from": lambda: self._hidden(found, extra["player"]),
            "visible_to": lambda: not self._hidden(found, extra["player"]),
            "has_name": lambda: g.has_chosen_name(handle, extra["name"]),
            "lacks_name": lambda: g.has_chosen_name(handle, extra["name"]),
        }
        if question not in answers:
            raise DriverError(f"the reference driver can't answer object.{question}")
        return answers[question]()

    def _hidden(self, found: Any, player: int) -> bool:
        """Whether the view ``player`` gets of the object hides its faces (712.7)."""
        return bool(self.g.rules.view(found.state, self.g.may_look(player, found)).get("hidden"))

    def _game(self, question: str, extra: Mapping[str, Any]) -> Any:
        player = extra.get("player", 1)
        answers: dict[str, Callable[[], Any]] = {
            "day_night": lambda: self.g.day_night.value,
            "mana_pool": lambda: list(self.g.mana_pool[player]),
            "spells_cast": lambda: self.g.spells_cast.get(player, 0),
        }
        return answers[question]()

    def _card(self, card: str, question: str, extra: Mapping[str, Any]) -> Any:
        g = self.g
        definition = g.library.get(card)
        melded = g.library.melded_face(definition) if definition.dfc.meld else None
        zone = Zone(extra.get("zone", "hand"))
        answers: dict[str, Callable[[], Any]] = {
            "choosable_names": lambda: list(g.rules.choosable_names(definition, melded)),
            "color_identity": lambda: list(g.rules.color_identity(definition, melded)),
            "cast_faces": lambda: [
                definition.faces[o.face].name
                for o in g.rules.cast_options(definition, zone)
                if o.play == "cast"
            ],
            "land_faces": lambda: [definition.faces[o.face].name for o in g.rules.land_options(definition)],
            "mana_value": lambda: definition.faces[0].mana_value,
            "name": lambda: definition.name,
        }
        return answers[question]()

    def log(self) -> list[str]:
        return [event.line() for event in self.g.log]
