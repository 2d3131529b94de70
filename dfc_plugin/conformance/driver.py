"""The driver protocol (version 2): what a conformance scenario needs from an engine, and
the reference engine's driver.

A driver declares what it can do (:class:`Capabilities`: actions, questions, editions,
whether it cites rules), sets up a game (``start``, ``add``, then the optional
``setup_done`` hook, so an engine that builds a game from decks places everything at
once), acts (``act``) and observes (``observe``). Handles are whatever the engine uses to
name objects; the runner only passes them back. An engine whose rules refuse an action
raises :class:`Refused` with the rule; "nothing happens" is an :class:`ActResult` with
``happened=False``. A scenario that needs something the driver did not declare is
``unsupported``. A driver without ``capabilities`` is a version 1 driver: it is taken to
do everything, under every edition, citing rules. ``docs/conformance.md`` is the full
protocol. ``dfc-plugin conformance --engine module:factory`` and
``pytest --dfc-engine=module:factory`` load another engine's driver: ``factory()`` returns
a new driver, and each scenario gets its own.
"""

from __future__ import annotations

import importlib
import os
import re
import string
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from dfc_plugin.editions import EDITIONS, edition_named
from dfc_plugin.errors import CardNotFoundError, DriverError, IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.host.agents import PassAgent
from dfc_plugin.host.core import ActionResult
from dfc_plugin.host.game import STEPS, Activate, Cast, Pass, PlayLand
from dfc_plugin.registry import Registry
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.transform import is_transformed
from dfc_plugin.script.library import Library
from dfc_plugin.state import Side, Zone

__all__ = [
    "PROTOCOL_VERSION",
    "STATE_EDITS",
    "ActResult",
    "Capabilities",
    "Driver",
    "Player",
    "ReferenceDriver",
    "Refused",
    "Unsupported",
    "capabilities_of",
    "driver_name",
    "load_driver_factory",
    "with_libraries",
]

#: The version of the driver protocol this runner speaks (docs/conformance.md).
PROTOCOL_VERSION = 2

#: Actions that are state edits on the reference engine, not game actions: an engine may
#: implement them through a debug interface, or leave them out of its capabilities.
STATE_EDITS = frozenset(
    {
        "link",
        "add_effect",
        "choose_name",
        "set_day_night",
        "become_copy",
        "token_copy",
        "next_turn",
        "permit_cast",
    }
)

#: The question the runner asks before every other question about an object; every
#: driver answers it, so it is never a capability.
ALWAYS_ASKED = "object.exists"


@dataclass(frozen=True)
class Capabilities:
    """What a driver implements. ``questions`` are ``kind.question`` (``object.name``,
    ``zone.count``, ``log.text``); ``editions`` are edition names (``current`` is
    ``2026-09-25``). With ``cites_rules`` false, the rule an action or a refusal cites is
    not compared (whether it happened, or was refused, still is)."""

    actions: frozenset[str]
    questions: frozenset[str]
    editions: frozenset[str] = frozenset({"current"})
    cites_rules: bool = True

    def __post_init__(self) -> None:
        try:
            names = frozenset(EDITIONS[name].name for name in self.editions)
        except KeyError as error:
            raise DriverError(
                f"a driver declares unknown edition {error.args[0]!r}; "
                f"editions: {', '.join(sorted(EDITIONS))}"
            ) from None
        object.__setattr__(self, "editions", names)
        object.__setattr__(self, "actions", frozenset(self.actions))
        object.__setattr__(self, "questions", frozenset(self.questions) | {ALWAYS_ASKED})

    @classmethod
    def everything(cls, *, cites_rules: bool = True) -> Capabilities:
        """Every action and question of the schema, under every edition."""
        from dfc_plugin.conformance.schema import (
            ACTIONS,
            ARGUMENT_CAPABILITIES,
            CHECK_FIELDS,
            SETUP_CAPABILITIES,
        )

        questions = {f"{kind}.{q}" for kind, fields in CHECK_FIELDS.items() if kind != "log" for q in fields}
        actions = frozenset(ACTIONS) | SETUP_CAPABILITIES | ARGUMENT_CAPABILITIES
        return cls(actions, frozenset(questions | {"log.text"}), frozenset(EDITIONS), cites_rules)

    def missing(self, actions: Iterable[str], questions: Iterable[str], edition: str) -> list[str]:
        """What of a run's needs is not declared, in words (empty: the run is supported)."""
        lacking = [f"action {a}" for a in sorted(set(actions) - self.actions)]
        lacking += [f"question {q}" for q in sorted(set(questions) - self.questions)]
        if EDITIONS[edition].name not in self.editions:
            lacking.append(f"edition {edition}")
        return lacking

    def as_dict(self) -> dict[str, Any]:
        return {
            "actions": sorted(self.actions),
            "questions": sorted(self.questions),
            "editions": sorted(self.editions),
            "cites_rules": self.cites_rules,
        }


def capabilities_of(driver: object) -> Capabilities:
    """A driver's declared capabilities (a method or an attribute); a version 1 driver,
    which declares none, is taken to do everything."""
    declared = getattr(driver, "capabilities", None)
    if callable(declared):
        declared = declared()
    if declared is None:
        return Capabilities.everything()
    if not isinstance(declared, Capabilities):
        raise DriverError(f"a driver's capabilities must be a Capabilities, not {type(declared).__name__}")
    return declared


def driver_name(factory: Callable[[], Any]) -> str:
    """The name a factory's drivers give, or a plain description if the factory fails
    (the runs then report the failure; naming the engine must not end the run)."""
    try:
        return str(getattr(factory(), "name", "") or getattr(factory, "__name__", "engine"))
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{getattr(factory, '__qualname__', 'engine')} (its factory raised {type(error).__name__})"


@cache
def _shared_registry(edition: str) -> Registry:
    """The built-in rules for one edition, loaded once per process (handlers are pure, so
    games share them)."""
    from dfc_plugin.hostspec import build_registry, plugin_manager

    return build_registry(plugin_manager(), edition_named(edition), checked=True)


@cache
def _shared_library(extra: tuple[str, ...] = ()) -> Library:
    """The plugins' card scripts (and the ``--library`` folders), read once per process
    and shared by every driver (a library is read-only, so games can't see each other
    through it). A later folder's card replaces an earlier one of the same name."""
    from dfc_plugin.hostspec import plugin_manager

    folders = [folder for group in plugin_manager().hook.dfc_card_folders() for folder in group]
    return Library.load([*folders, *extra])


class Unsupported(Exception):
    """The engine can't express what the scenario asks here (a card it has no data for,
    an argument its interface lacks): the run is ``unsupported``, never failed or passed.
    Raise it only for what the engine cannot be asked, never for a rule it gets wrong."""


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


@dataclass(frozen=True)
class Player:
    """A player named where an object may be too (a step's ``targets`` and ``defender``),
    so a driver whose handles are numbers can tell the two apart."""

    number: int


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

    # Optional (protocol v2): ``capabilities`` (a Capabilities, or a method returning one),
    # ``use_libraries(paths)`` (card-script folders for this run, called before start),
    # ``setup_game(settings)`` (``[scenario.game]``, after the last add, only for a
    # driver that declares its ``game.<key>`` capabilities),
    # ``setup_done()`` (called after the last add, before the first step).


def _importable_from_here() -> None:
    """Let ``--engine`` name a module in the current directory, as ``python -m`` would,
    for a console script (whose sys.path has no such entry). Appended, so it never
    shadows an installed module."""
    here = os.getcwd()
    if "" not in sys.path and here not in sys.path:
        sys.path.append(here)


#: Engines known by a short name (``--engine phase``).
ENGINES = {
    "reference": "dfc_plugin.conformance.driver:ReferenceDriver",
    "phase": "dfc_plugin.drivers.phase:PhaseDriver",
}


def load_driver_factory(spec: str) -> Callable[[], Driver]:
    """``module:factory`` (or a name of :data:`ENGINES`) to the factory. Raises
    :class:`DriverError` with a plain message if the module can't be imported or has no
    such callable."""
    spec = ENGINES.get(spec, spec)
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise DriverError(
            f"--engine takes module:factory or one of {', '.join(sorted(ENGINES))}, not {spec!r}"
        )
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


def with_libraries(factory: Callable[[], Driver], paths: Sequence[Path]) -> Callable[[], Driver]:
    """A factory whose drivers are given the ``--library`` card-script folders (through
    ``use_libraries``; a driver without it gets none, and a card it lacks fails as it
    would without them)."""
    if not paths:
        return factory
    folders = [Path(p) for p in paths]

    def make() -> Driver:
        driver = factory()
        use = getattr(driver, "use_libraries", None)
        if callable(use):
            use(folders)
        return driver

    make.__name__ = getattr(factory, "__name__", "factory")
    make.__qualname__ = getattr(factory, "__qualname__", "factory")
    return make


# --------------------------------------------------------------------------- the reference driver


class AnsweringAgent(PassAgent):
    """A scenario's player: passes priority and declines or takes the first of
    everything (as :class:`PassAgent`), except that a question whose purpose begins
    with the text of the next answer ``choose`` queued gets that answer. An answer no
    question took is an error once a ``pass`` or ``advance`` leaves the stack empty,
    never dropped."""

    def __init__(self) -> None:
        self.answers: list[tuple[str, Any]] = []
        #: What a step's own arguments answer (question prefix -> the ids or players).
        self.plans: dict[str, list[Any]] = {}

    def _take(self, purpose: str) -> tuple[bool, Any]:
        if self.answers and purpose.startswith(self.answers[0][0]):
            return True, self.answers.pop(0)[1]
        return False, None

    def yes(self, player: int, purpose: str) -> bool:
        taken, answer = self._take(purpose)
        return bool(answer) if taken else super().yes(player, purpose)

    def pick(self, player: int, purpose: str, options: Sequence[Any]) -> Any:
        taken, answer = self._take(purpose)
        if not taken:
            return super().pick(player, purpose, options)
        return _one_of(player, purpose, answer, options)

    def pick_many(self, player: int, purpose: str, options: Sequence[Any], low: int, high: int) -> list[Any]:
        """A multi-pick (targets, attackers, blockers, modes): the driver's plan for this
        question first (the step's ``targets``, ``attackers``, ``blocks``), then a queued
        answer (a list, or one option), then the default."""
        for prefix, wanted in list(self.plans.items()):
            if purpose.startswith(prefix):
                chosen = [o for o in options if _target_key(o) in wanted][:high]
                self.told(player, purpose, chosen)
                if len(chosen) < low:
                    raise IllegalActionError(
                        f"the named choices are not legal for {purpose}", rule=PLAN_RULES.get(prefix, "")
                    )
                return chosen
        taken, answer = self._take(purpose)
        if not taken:
            return super().pick_many(player, purpose, options, low, high)
        answers = answer if isinstance(answer, list) else [answer]
        return [_one_of(player, purpose, a, options) for a in answers]

    def told(self, player: int, purpose: str, chosen: Sequence[Any]) -> None:
        """A choice the rules made (one way to make it): the planned ones it made are
        used up, as if picked."""
        for prefix, wanted in list(self.plans.items()):
            if purpose.startswith(prefix):
                made = {_target_key(o) for o in chosen}
                left = [w for w in wanted if w not in made]
                if left:
                    self.plans[prefix] = left
                else:
                    del self.plans[prefix]
                return

    def order(self, player: int, purpose: str, items: list[int]) -> list[int]:
        """The order of simultaneous triggers (603.3b): a queued answer lists their
        indices (in the order they triggered), the first put on the stack first."""
        taken, answer = self._take(purpose)
        if not taken:
            return super().order(player, purpose, items)
        if not isinstance(answer, list) or sorted(answer) != sorted(items):
            raise DriverError(f"player {player}'s answer {answer!r} to {purpose!r} must order {items!r}")
        return list(answer)


#: The rule that forbids a named choice a question did not offer.
PLAN_RULES = {
    "targets for": "601.2c",
    "attackers": "508.1a",
    "blockers for": "509.1b",
    "materials": "702.167a",
}


def _one_of(player: int, purpose: str, answer: Any, options: Sequence[Any]) -> Any:
    for option in options:
        if option == answer or str(option) == str(answer):
            return option
    for option in options:  # a target named by its object's handle (an alias in the scenario)
        if isinstance(option, tuple) and _target_key(option) == answer:
            return option
    raise DriverError(f"player {player}'s answer {answer!r} to {purpose!r} is not one of {list(options)!r}")


def _target_key(option: Any) -> Any:
    """An option of a multi-pick as the driver names it: an object id, or ``("p", n)``
    for a player (targets are ``("o", id)``/``("p", n)``; attackers and blockers ids)."""
    if isinstance(option, tuple) and len(option) == 2 and option[0] == "o":
        return option[1]
    return option


def _types_fit(types: Sequence[str]) -> Callable[[Any], bool]:
    return lambda chars: any(chars.type_line.has(t) for t in types)


def _resolve_top(game: Game) -> None:
    """Every player passes until the object now on top of the stack has resolved (a
    trigger it causes may be on the stack after it)."""
    top = game.stack_items[-1]
    game.give_priority(game.priority if game.priority is not None else game.active)
    while top in game.stack_items and game.priority is not None:
        game.apply(game.priority, Pass())


class ReferenceDriver:
    """Drives :class:`dfc_plugin.host.Game`, checking its invariants after every move."""

    name = "dfc-plugin reference engine"

    def __init__(self, library: Library | None = None, plugins: Sequence[object] = ()) -> None:
        self._library = library
        self._plugins = tuple(plugins)
        self._extra_libraries: tuple[str, ...] = ()
        self.game: Game | None = None
        #: Whether ``[scenario.game]`` started the played game (``cast`` then loops).
        self._game_set_up = False

    def capabilities(self) -> Capabilities:
        """Everything, under every edition: the reference engine is what the suite is."""
        return Capabilities.everything()

    def use_libraries(self, paths: Sequence[Path]) -> None:
        """Card-script folders to read besides the plugins' (``--library``)."""
        self._extra_libraries = tuple(str(p) for p in paths)

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
            library=self._library or _shared_library(self._extra_libraries),
            registry=None if self._plugins else _shared_registry(rules.name),
            plugins=self._plugins,
            check_invariants=True,
            agents={player: AnsweringAgent() for player in range(1, players + 1)},
        )

    def add(self, card: str, zone: str, player: int, options: Mapping[str, Any]) -> Any:
        sick = options.get("sick", False)
        try:
            self.g.library.get(card)
        except CardNotFoundError as error:
            raise DriverError(
                f"{error}: write its Forge script (from its Oracle text) in a folder and pass "
                "--library FOLDER (pytest: --dfc-library FOLDER)"
            ) from None
        handle = self.g.add(
            card,
            Zone(zone),
            player,
            up=Side(options.get("up", "front")),
            face_down=bool(options.get("face_down", False)),
            tapped=bool(options.get("tapped", False)),
            controlled_since_turn=self.g.turn if sick else None,
        )
        counters = dict(options.get("counters", {}))
        if "loyalty" in options:
            counters["LOYALTY"] = options["loyalty"]
        self.g.set_up_object(
            handle,
            counters=counters,
            damage=options.get("damage", 0),
            attacking=bool(options.get("attacking", False)),
        )
        if options.get("commander"):
            self.g.designate_commander(handle)  # 903.3
        return handle

    def setup_game(self, settings: Mapping[str, Any]) -> None:
        """``[scenario.game]``: the active player, life totals and the order of the named
        library cards (top first) are set, then the played game starts in ``step`` of
        turn 1 (no opening hands) and the pools get their mana (state edits)."""
        g = self.g
        if "active" in settings:
            g.active = settings["active"]
        for player, life in settings.get("life", {}).items():
            g.set_life(player, life)
        for handles in settings.get("library", {}).values():
            for handle in reversed(handles):
                g.move_within_library(handle, top=True)
        g.start(hand=0, step=settings.get("step", "upkeep"))
        self._game_set_up = True
        for player, mana in settings.get("mana", {}).items():
            g.mana_pool[player].extend(_mana_symbols(mana))

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
            "meld": self._meld,
            "move": lambda a: g.move(
                a["object"],
                Zone(a["to"]),
                order=a.get("order"),
                **({"top": not a["bottom"]} if "bottom" in a else {}),
            ),
            "destroy": lambda a: g.destroy(a["object"]),
            "exile": lambda a: g.exile(a["object"], a.get("order")),
            "bounce": lambda a: g.bounce(a["object"]),
            "blink": lambda a: g.blink(a["object"]),
            "mill": lambda a: g.mill(a["player"], **_given(a, "count")),
            "turn_face_down": lambda a: g.turn_face_down(a["object"]),
            "turn_face_up": lambda a: g.turn_face_up(a["object"]),
            "exile_face_down": lambda a: g.exile_face_down(a["object"], a.get("by")),
            "token_copy": lambda a: g.create_token_copy(a["object"], a.get("controller")),
            "copy_spell": lambda a: g.copy_spell(a["object"]),
            "become_copy": lambda a: g.become_copy(a["object"], a["source"]),
            "create_token": lambda a: g.create_token(a["card"], a.get("player", 1), **_given(a, "counters")),
            "choose_name": lambda a: g.choose_name(a["object"], a["name"]),
            "set_day_night": lambda a: g.set_day_night(DayNight(a["value"])),
            "next_turn": self._next_turn,
            "activate_mana_ability": lambda a: g.activate_mana_ability(
                a["object"], a.get("index", 0), a.get("color")
            ),
            "add_effect": lambda a: g.add_effect(
                a["object"], **_given(a, "power", "toughness"), keywords=tuple(a.get("keywords", ()))
            ),
            "add_counters": lambda a: g.add_counters(a["object"], **_given(a, "kind", "count")),
            "remove_counters": lambda a: g.remove_counters(a["object"], **_given(a, "kind", "count")),
            "link": lambda a: g.link(a["object"], a["card"]),
            "craft": self._craft,
            "defeat_siege": lambda a: g.defeat_siege(a["object"]),
            "permit_cast": lambda a: g.permit_cast(a["object"], a.get("player", 1)),
            "pass": self._pass,
            "advance": self._advance,
            "choose": self._choose,
            "activate": self._activate,
            "attack": self._attack,
            "block": self._block,
            "counter": self._counter,
            "concede": self._concede,
            "cast_copy": self._cast_copy,
        }

    # ------------------------------------------------------------------ the played game
    def _playing(self) -> Game:
        """The game, started the first time a step needs the game loop: no opening hands
        (the set-up placed every card), turn 1 begins in its upkeep with the triggers
        of its beginning on the stack (103.8, 503.1)."""
        if not self.g.playing:
            self.g.start(hand=0)
        return self.g

    def _made_while(self, run: Callable[[Game], None], rule: str, reason: str) -> ActionResult:
        """Run part of the game loop; the result lists the objects that came into being
        on the way (a melded permanent, a token), so a step may name them with ``as``.
        A ``choose`` answer still queued when the stack is empty was asked by nothing:
        an error, not a silent default."""
        game = self._playing()
        before = set(game.objects)
        run(game)
        for player, agent in game.agents.items():
            if not game.stack_items and isinstance(agent, AnsweringAgent) and agent.answers:
                raise DriverError(
                    f"player {player} was never asked {agent.answers[0][0]!r} (a `choose` answer left over)"
                )
            if not game.stack_items and isinstance(agent, AnsweringAgent) and agent.plans.get("targets for"):
                raise DriverError(f"player {player} never chose the targets {agent.plans['targets for']!r}")
        made = tuple(i for i in game.objects if i not in before)
        return ActionResult(True, rule, reason, objects=made)

    def _pass(self, args: dict[str, Any]) -> ActionResult:
        """Every player passes (117.4): until the stack is empty, or until the object on
        top of it has resolved (``until = "top"``)."""
        game = self._playing()
        if not game.stack_items and game.pending and game.priority is not None:
            game.give_priority(game.priority)  # 117.5: waiting triggers go on the stack first
        if not game.stack_items:
            return ActionResult(False, "117.4", "the stack is empty")
        if args.get("until", "empty") == "empty":
            return self._made_while(lambda g: g.resolve_stack(), "117.4", "the stack resolved")
        return self._made_while(_resolve_top, "608.1", "the top of the stack resolved")

    def _advance(self, args: dict[str, Any]) -> ActionResult:
        """Every player passes until ``step`` of turn ``turn`` (this turn or a later one)
        begins; the stack resolves on the way, and the step's own triggers are on the
        stack when it stops (500.2, 603.3)."""
        game = self._playing()
        turn = args.get("turn")
        if turn is not None and turn < game.turn:
            raise DriverError(f"advance: turn {turn} is over (this is turn {game.turn})")
        return self._made_while(
            lambda g: g.pass_until(args["step"], turn=turn), "500.2", f"now {args['step']}"
        )

    def _choose(self, args: dict[str, Any]) -> ActionResult:
        """Queue answers for a player's next questions (``[question prefix, answer]``),
        and ``targets`` (aliases, players) for their next target questions: a triggered
        ability's targets, which no step of its own names."""
        player = args.get("player", 1)
        agent = self.g.agents[player]  # not started here: the answer may be for turn 1's upkeep
        if not isinstance(agent, AnsweringAgent):
            raise DriverError(f"player {player}'s agent takes no scenario answers")
        agent.answers.extend((str(q), a) for q, a in args.get("answers", []))
        if "targets" in args:
            planned = agent.plans.setdefault("targets for", [])
            planned.extend(_player_key(t) for t in args["targets"])
        told = len(args.get("answers", [])) + len(args.get("targets", []))
        return ActionResult(True, "", f"{told} answers for player {player}")

    def _activate(self, args: dict[str, Any]) -> Any:
        """A player (by default the object's controller) activates one of the object's
        activated abilities, by ``index`` or by its ``text``, with ``targets``, ``x``,
        mana from ``mana`` and the permanents of ``pay`` (602.2, 601.2g-h); it goes on
        the stack (a mana ability resolves at once, 605.3b)."""
        game = self._playing()
        handle = args["object"]
        player = args.get("player", game.obj(handle).controller)
        index = self._ability_index(handle, args)
        return self._paying(player, args, lambda: game.activate(player, handle, index, x=args.get("x", 0)))

    def _ability_index(self, handle: Any, args: Mapping[str, Any]) -> int:
        """``index``, or the one activated ability whose text or description contains
        ``text`` (case-insensitive); none is 602.1 (the object has no such ability)."""
        if "text" not in args:
            return int(args.get("index", 0))
        wanted = str(args["text"]).lower()
        found = [
            i
            for i, ability in enumerate(self.g.activated_abilities(self.g.obj(handle)))
            if wanted in ability.text.lower()
            or wanted in str(ability.params.get("SpellDescription") or "").lower()
        ]
        if not found:
            raise IllegalActionError(
                f"no activated ability of it has the text {args['text']!r}", rule="602.1"
            )
        if len(found) > 1:
            raise DriverError(
                f"{len(found)} activated abilities have the text {args['text']!r}: give an index"
            )
        return found[0]

    def _paying(self, player: int, args: Mapping[str, Any], act: Callable[[], Any]) -> Any:
        """Do a cast or activation for ``player`` through the loop: they receive
        priority, ``mana`` is added to their pool, only the permanents of ``pay`` (if
        given) pay the mana, and ``targets`` answer the target questions. A named target
        no question offered was not legal: the whole action is undone (601.2c)."""
        game = self._playing()
        self._priority_to(player)
        agent = game.agents[player]
        plans = isinstance(agent, AnsweringAgent) and "targets" in args
        if plans:
            agent.plans["targets for"] = [_player_key(t) for t in args["targets"]]
        game.pay_only = frozenset(args["pay"]) if "pay" in args else None

        def whole() -> Any:
            game.mana_pool[player].extend(_mana_symbols(args.get("mana", "")))
            result = act()
            left = agent.plans.get("targets for") if plans else None
            if left:
                raise IllegalActionError(f"{left!r} was not a legal target", rule="601.2c")
            return result

        try:
            return game.all_or_nothing(whole)  # the mana added, and the cast if it happened
        finally:
            game.pay_only = None
            if plans:
                agent.plans.pop("targets for", None)

    def _priority_to(self, player: int) -> None:
        """The players before ``player`` pass, so that ``player`` has priority (117.3d);
        a pass that would resolve the stack or end the step is not made (Refused)."""
        game = self._playing()
        if game.priority is None:
            raise IllegalActionError("no player has priority now", rule="117.1")
        for _ in game.players:
            if game.priority == player:
                return
            holder = game.priority
            alive = {p for p in game.players if game.alive(p)}
            if alive <= game.passed | {holder}:
                break
            game.apply(holder, Pass())
        if game.priority != player:
            raise IllegalActionError(f"player {player} can't receive priority now", rule="117.3")

    def _cast(self, args: dict[str, Any]) -> Any:
        """In a game set up with ``[scenario.game]`` (or with ``targets``, ``pay`` or
        ``mana``) a spell is cast through the loop: timing, face and permission, targets,
        total cost and payment (601.2). Otherwise ``cast`` is the state edit it always
        was, also in a game that a ``pass`` or ``advance`` started (scenarios written
        before the loop cast rely on that)."""
        looped = self._game_set_up or any(k in args for k in ("targets", "pay", "mana"))
        if looped and "linked_to" not in args and "from_group" not in args:
            player = args.get("player", 1)
            handle = args["object"]
            return self._paying(
                player,
                args,
                lambda: self.g.cast_spell(
                    player, handle, via=args.get("via"), face=args.get("face"), x=args.get("x", 0)
                ),
            )
        loop_keys = sorted({"targets", "pay", "mana"} & set(args))
        if loop_keys:
            raise DriverError(
                f"cast: {', '.join(loop_keys)} can't go with linked_to or from_group "
                "(an effect's permission is cast as the direct action)"
            )
        group = args.pop("from_group", None)
        if group is not None:
            args["fits"] = _types_fit(group)
        return self.g.cast(args.pop("player", 1), args.pop("object"), **args)

    def _put(self, args: dict[str, Any]) -> Any:
        require = args.pop("require", None)
        attacking = args.pop("attacking", False)
        if require is not None:
            args["fits"] = _types_fit(require)
        result = self.g.put_onto_battlefield(args.pop("object"), **args)
        self._arrived(result, tapped=False, attacking=attacking)
        return result

    def _meld(self, args: dict[str, Any]) -> Any:
        result = self.g.meld(*args["objects"])
        self._arrived(result, tapped=args.get("tapped", False), attacking=args.get("attacking", False))
        return result

    def _arrived(self, result: Any, *, tapped: bool, attacking: bool) -> None:
        """A permanent put onto the battlefield tapped or attacking (506.3: it was never
        declared as an attacker, so nothing "whenever attacks" triggers)."""
        for handle in result.objects:
            found = self.g.objects.get(handle)
            if found is None or found.zone is not Zone.BATTLEFIELD:
                continue
            if tapped:
                self.g.set_tapped(handle, True)
            if attacking:
                self.g.set_up_object(handle, attacking=True)

    def _craft(self, args: dict[str, Any]) -> Any:
        """In a game set up with ``[scenario.game]`` (or with ``pay`` or ``mana``) craft
        is activated through the loop: its cost paid, this permanent and exactly the
        named ``materials`` exiled, the ability on the stack (702.167a); a ``pass``
        returns it transformed. Otherwise the direct action it always was."""
        g = self.g
        handle = args["object"]
        if not (self._game_set_up or "pay" in args or "mana" in args):
            return g.craft(handle, args.get("materials", []))
        player = args.get("player", g.obj(handle).controller)
        agent = g.agents[player]
        if isinstance(agent, AnsweringAgent) and "materials" in args:
            agent.plans["materials"] = list(args["materials"])
        try:
            return self._paying(player, args, lambda: g.activate_craft(player, handle))
        finally:
            if isinstance(agent, AnsweringAgent):
                agent.plans.pop("materials", None)

    # ------------------------------------------------------------------ combat and the rest
    def _attack(self, args: dict[str, Any]) -> Any:
        """The game moves to this turn's declare attackers step, where the active player
        declares ``attackers`` (508.1); "whenever attacks" triggers are then on the
        stack. One that can't attack is refused (508.1a), before the game moves."""
        game = self._playing()
        if STEPS.index(game.step) >= STEPS.index("declare_attackers"):
            raise DriverError(f"attack: this turn's declare attackers step is over (now {game.step})")
        defender = args.get("defender")
        if defender is not None and _player_key(defender) != ("p", game.defending_player()):
            raise Unsupported("the reference engine's creatures attack the next player only")
        attackers = list(args["attackers"])
        for handle in attackers:
            if not game.may_attack(game.obj(handle)):
                raise IllegalActionError(f"{game.describe(game.obj(handle))} can't attack", rule="508.1a")
        agent = game.agents[game.active]
        if isinstance(agent, AnsweringAgent):
            agent.plans["attackers"] = attackers
        try:
            self._made_while(lambda g: g.pass_until("declare_attackers", turn=g.turn), "508.1", "")
        finally:
            if isinstance(agent, AnsweringAgent):
                agent.plans.pop("attackers", None)
        missing = [h for h in attackers if h not in game.attackers]
        if missing:
            raise IllegalActionError(f"{len(missing)} of the attackers could not attack", rule="508.1a")
        return ActionResult(True, "508.1", "attackers declared", tuple(attackers))

    def _block(self, args: dict[str, Any]) -> Any:
        """The game moves to declare blockers, where the defending player blocks as
        ``blocks`` says (509.1); a block the rules forbid is refused (509.1b)."""
        game = self._playing()
        if game.step != "declare_attackers" or not game.attackers:
            raise DriverError(f"block: no attackers were declared this combat (now {game.step})")
        defender = game.defending_player()
        agent = game.agents[defender]
        wanted: dict[str, list[Any]] = {}
        for blocker, attacker in args["blocks"].items():
            key = f"blockers for {game.describe(game.obj(attacker))}"
            wanted.setdefault(key, []).append(blocker)
        described = [game.describe(game.obj(a)) for a in game.attackers if a in game.objects]
        if len(set(described)) < len(described):
            raise Unsupported(
                "two attackers are described alike; the engine asks for blockers by description"
            )
        if isinstance(agent, AnsweringAgent):
            agent.plans.update(wanted)
        try:
            self._made_while(lambda g: g.pass_until("declare_blockers", turn=g.turn), "509.1", "")
        finally:
            if isinstance(agent, AnsweringAgent):
                for key in wanted:
                    agent.plans.pop(key, None)
        for blocker, attacker in args["blocks"].items():
            if blocker not in game.blockers.get(attacker, []):
                raise IllegalActionError(f"{game.describe(game.obj(blocker))} could not block", rule="509.1b")
        return ActionResult(True, "509.1", "blockers declared", tuple(args["blocks"]))

    def _counter(self, args: dict[str, Any]) -> Any:
        """The spell is countered (701.6a): off the stack, into its owner's graveyard.
        ``ability = true``: the topmost ability on the stack whose source is the object
        is countered instead (701.6a: removed from the stack)."""
        handle = args["object"]
        if args.get("ability"):
            countered = self.g.counter_ability(handle)
            return ActionResult(countered, "701.6a", "ability countered" if countered else "no such ability")
        if self.g.obj(handle).zone is not Zone.STACK:
            return ActionResult(False, "701.6a", "it is not a spell on the stack")
        moved = self.g.counter_spell(handle)
        return ActionResult(
            True, "701.6a", "countered", tuple(moved), objects_moved=1, cards_moved=len(moved)
        )

    def _cast_copy(self, args: dict[str, Any]) -> Any:
        """An effect copies a card in exile and ``player`` casts the copy without paying
        its mana cost, with ``targets`` (707.12); through the loop."""
        player = args.get("player", 1)
        return self._paying(
            player, args, lambda: self.g.cast_copy(player, args["object"], face=args.get("face"))
        )

    def _concede(self, args: dict[str, Any]) -> Any:
        """The player concedes and leaves the game (104.3a, 800.4a)."""
        player = args["player"]
        if not self.g.alive(player):
            return ActionResult(False, "104.3a", f"player {player} has left the game")
        self.g.concede(player)
        return ActionResult(True, "104.3a", f"player {player} concedes")

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
            "can_pay_tap_cost": lambda: bool(g.rules.can_pay_tap_cost(state, g.free_to_tap(found))),
            "hidden_from": lambda: self._hidden(found, extra["player"]),
            "visible_to": lambda: not self._hidden(found, extra["player"]),
            "has_name": lambda: g.has_chosen_name(handle, extra["name"]),
            "lacks_name": lambda: g.has_chosen_name(handle, extra["name"]),
        }
        answers.update(self._more_object_answers(found))
        answers.update(self._played_answers(found, extra))
        if question not in answers:
            raise DriverError(f"the reference driver can't answer object.{question}")
        return answers[question]()

    def _more_object_answers(self, found: Any) -> dict[str, Callable[[], Any]]:
        """Questions added for the holes the mutation benchmark found (issue 14): how a
        permanent would leave for each zone (712.21a-e), each player's view of it (712.7),
        its mana abilities (605.1a) and the permission it was cast with."""
        answers: dict[str, Callable[[], Any]] = {
            f"leaves_to_{zone.value}": partial(self._leaving, found, zone)
            for zone in (Zone.GRAVEYARD, Zone.LIBRARY, Zone.EXILE, Zone.HAND)
        }
        answers["views"] = lambda: {str(player): self._view(found, player) for player in self.g.players}
        answers["mana_abilities"] = lambda: [
            {"produced": sorted(a.produced), "amount": a.amount, "taps_for_mana": a.taps_for_mana}
            for a in self.g.rules.mana_abilities(found.state)
        ]
        answers["cast_via"] = lambda: found.cast_via or ""
        answers["commander"] = lambda: self.g.is_commander(found.id)  # 903.3, 903.3b
        return answers

    def _played_answers(self, found: Any, extra: Mapping[str, Any]) -> dict[str, Callable[[], Any]]:
        """Questions of the played game (issue 14): counters, loyalty, keywords, damage,
        combat, and whether a player could cast it or activate one of its abilities now
        (the attempt is made and undone: the answer is the rule that refuses it)."""
        g = self.g
        handle = found.id
        return {
            "loyalty": lambda: found.counter("LOYALTY") if g.has_type_of(found, "Planeswalker") else None,
            "counters": lambda: dict(found.counters),
            "keywords": lambda: _keyword_names(g, found),
            "supertypes": lambda: list(g.characteristics(handle).type_line.supertypes),
            "damage": lambda: g.damage.get(handle, 0),
            "attacking": lambda: handle in g.attackers and found.zone is Zone.BATTLEFIELD,
            "can_cast": lambda: self._cast_refusal(handle, extra) == "",
            "cast_refused": lambda: self._cast_refusal(handle, extra),
            "can_activate": lambda: self._activate_refusal(handle, extra) == "",
            "activate_refused": lambda: self._activate_refusal(handle, extra),
        }

    def _trial(self, attempt: Callable[[], Any]) -> str:
        """The rule that refuses ``attempt`` now, or "": the game, and every agent's
        queued answers, are as they were afterwards."""
        saved = {
            p: (list(a.answers), dict(a.plans))
            for p, a in self.g.agents.items()
            if isinstance(a, AnsweringAgent)
        }
        try:
            return self.g.refusal(attempt)
        except UnsupportedAbilityError as error:
            raise Unsupported(str(error)) from None
        finally:
            for player, (answers, plans) in saved.items():
                self.g.agents[player].answers, self.g.agents[player].plans = answers, plans

    def _cast_refusal(self, handle: Any, extra: Mapping[str, Any]) -> str:
        player = extra.get("player", self.g.obj(handle).owner)
        return self._trial(lambda: self._paying(player, {}, lambda: self.g.cast_spell(player, handle)))

    def _activate_refusal(self, handle: Any, extra: Mapping[str, Any]) -> str:
        player = extra.get("player", self.g.obj(handle).controller)

        def attempt() -> None:
            index = self._ability_index(handle, extra)
            self._paying(player, {}, lambda: self.g.activate(player, handle, index))

        return self._trial(attempt)

    def _leaving(self, found: Any, zone: Zone) -> dict[str, Any]:
        """What the rules say leaving the battlefield for ``zone`` would be (712.21)."""
        departure = self.g.rules.leave_battlefield(found.state, zone)
        return {
            "objects": departure.objects_moved,
            "cards": departure.cards_moved,
            "owner_orders": departure.owner_orders,
            "order_hidden": departure.order_hidden,
            "timestamps_chosen": departure.timestamps_chosen,
            "rule": departure.rule,
        }

    def _view(self, found: Any, player: int) -> dict[str, Any]:
        """The view one player gets of the object (712.6, 712.7); lists as lists, and no
        name (TOML has no null) as ``""``."""
        seen = self.g.rules.view(found.state, self.g.may_look(player, found))
        return {
            key: list(value) if isinstance(value, tuple) else "" if value is None else value
            for key, value in seen.items()
        }

    def _cast_options(self, definition: Any, zone: Zone) -> list[dict[str, Any]]:
        """Every way the card itself lets its owner cast or play it from ``zone``, with
        the face evaluated, the face up, the permission, its cost and the rule."""
        return [
            {
                "face": definition.faces[o.face].name,
                "up": o.up.value,
                "play": o.play,
                "via": o.via,
                "cost": o.cost.text if o.cost is not None else "",
                "rule": o.rule,
            }
            for o in self.g.rules.cast_options(definition, zone)
        ]

    def _hidden(self, found: Any, player: int) -> bool:
        """Whether the view ``player`` gets of the object hides its faces (712.7)."""
        return bool(self.g.rules.view(found.state, self.g.may_look(player, found)).get("hidden"))

    def _game(self, question: str, extra: Mapping[str, Any]) -> Any:
        player = extra.get("player", 1)
        answers: dict[str, Callable[[], Any]] = {
            "day_night": lambda: self.g.day_night.value,
            "mana_pool": lambda: list(self.g.mana_pool[player]),
            "spells_cast": lambda: self.g.spells_cast.get(player, 0),
            "life": lambda: self.g.life[player],
            "stack": self._stack_names,
            "legal_actions": lambda: [self._action_text(a) for a in self.g.legal_actions(player)],
            "step": lambda: self.g.step,
            "turn": lambda: self.g.turn,
            "active": lambda: self.g.active,
        }
        return answers[question]()

    def _action_text(self, act: Any) -> str:
        """One legal action in words: ``pass``, ``play NAME``, ``cast NAME`` (with its
        permission when not the normal one), ``activate NAME 0``, ``craft NAME``."""
        g = self.g
        if isinstance(act, Pass):
            return "pass"
        found = g.obj(act.object_id)
        if isinstance(act, (PlayLand, Cast)):
            face = found.state.card.faces[act.face].name
            if isinstance(act, PlayLand):
                return f"play {face}"
            return f"cast {face}" + ("" if act.via == "normal" else f" ({act.via})")
        name = g.name_of(act.object_id)
        return f"activate {name} {act.index}" if isinstance(act, Activate) else f"craft {name}"

    def _stack_names(self) -> list[str]:
        """The stack, top first: a spell by its name, an ability as "ability of NAME"."""
        g = self.g
        return [
            str(g.name_of(item.spell))
            if item.spell is not None and item.spell in g.objects
            else f"ability of {item.face.name if item.face else '?'}"
            for item in reversed(g.stack_items)
        ]

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
            "cast_options": lambda: self._cast_options(definition, zone),
        }
        return answers[question]()

    def log(self) -> list[str]:
        return [event.line() for event in self.g.log]


def _mana_symbols(text: str) -> list[str]:
    """``"1UU"`` as pool mana: each coloured letter (or C) itself, a number that much
    colorless (a pool holds no generic mana, 106.4)."""
    out: list[str] = []
    for number, letter in re.findall(r"(\d+)|([WUBRGC])", text):
        out += ["C"] * int(number) if number else [letter]
    return out


def _player_key(target: Any) -> Any:
    """A step's target as the agent's options name it: a handle, or ``("p", n)``."""
    return ("p", target.number) if isinstance(target, Player) else target


def _keyword_names(game: Game, found: Any) -> list[str]:
    """The object's keywords now (layer 6) as the face's script spells them (``Flying``,
    ``First Strike``), without arguments, sorted."""
    words = game.keywords_of(found)
    face = game.face_of(found)
    spelled = {k.name.lower(): k.name for k in face.keywords} if face is not None else {}
    return sorted(spelled.get(w, string.capwords(w)) for w in words)


def _given(args: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    """The step's arguments among ``keys``, for the engine's call of the same names: one
    the step leaves out gets the engine's own default (the one docs/conformance.md
    states), so an engine whose default differs fails the scenarios that rely on it."""
    return {key: args[key] for key in keys if key in args}
