"""Conformance scenarios: the TOML schema and its loader.

One file holds many scenarios (``[[scenario]]`` tables); one scenario replays one rule or
one ruling: its id, the rule numbers it checks, the ruling it replays (card and date),
the text verbatim, its source, the rules editions it holds for, a set-up of named objects,
steps (actions with expected results) and checks of the state that follows. The schema is
documented in ``docs/conformance.md``; everything here enforces it, and every problem is a
:class:`~dfc_plugin.errors.ScenarioError` naming the file, the scenario and the key path
(and TOML's own line and column for a file that is not TOML at all).
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dfc_plugin.editions import EDITIONS
from dfc_plugin.errors import ScenarioError
from dfc_plugin.host.game.steps import STEPS

if sys.version_info >= (3, 11):  # noqa: UP036 (tomli below 3.11, as the package allows)
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "ACTIONS",
    "CHECK_FIELDS",
    "Check",
    "ObjectSpec",
    "Scenario",
    "Step",
    "load_file",
    "read_text",
    "scenario_files",
    "tomllib",
]

#: Bounds on what one file may ask for: a scenario is a handful of objects and steps, and
#: an unbounded count (``players = 30000000``, ``spells_cast = 1e12``) only exhausts the
#: machine. Every bound is checked, with the key path, before anything runs.
LIMITS = {
    "file_bytes": 8 * 1024 * 1024,
    "scenarios": 20_000,
    "players": 8,
    "setup": 64,
    "steps": 64,
    "checks": 128,
    "list": 64,
    "int": 1_000,
    "string": 10_000,
}

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")

#: Every action a step may take: its arguments, and which of them are required.
#: Types: "object" (an alias), "objects" (a list of aliases), "player", "int", "bool",
#: "str", "zone", "card" (a card name), "order" (a list of ints), "types" (a list of card
#: types the front face must have), "keywords" (a list of keyword names).
ACTIONS: dict[str, dict[str, tuple[str, bool]]] = {
    "transform": {
        "object": ("object", True),
        "action": ("str", False),
        "cause": ("str", False),
        "since": ("int", False),
    },
    "convert": {"object": ("object", True), "since": ("int", False)},
    "cast": {
        "player": ("player", False),
        "object": ("object", True),
        "face": ("str", False),
        "via": ("str", False),
        "x": ("int", False),
        "linked_to": ("object", False),
        "from_group": ("types", False),
        "targets": ("targets", False),
        "pay": ("objects", False),
        "mana": ("mana", False),
    },
    "resolve": {"enters_transformed": ("bool", False)},
    "play_land": {
        "player": ("player", False),
        "object": ("object", True),
        "face": ("str", False),
        "linked_to": ("object", False),
    },
    "put_onto_battlefield": {
        "object": ("object", True),
        "transformed": ("bool", False),
        "face_down": ("bool", False),
        "require": ("types", False),
        "controller": ("player", False),
        "tapped": ("bool", False),
        "attacking": ("bool", False),
    },
    "meld": {"objects": ("objects", True), "tapped": ("bool", False), "attacking": ("bool", False)},
    "move": {
        "object": ("object", True),
        "to": ("zone", True),
        "order": ("order", False),
        "bottom": ("bool", False),
    },
    "destroy": {"object": ("object", True)},
    "exile": {"object": ("object", True), "order": ("order", False)},
    "bounce": {"object": ("object", True)},
    "blink": {"object": ("object", True)},
    "mill": {"player": ("player", True), "count": ("int", False)},
    "turn_face_down": {"object": ("object", True)},
    "turn_face_up": {"object": ("object", True)},
    "exile_face_down": {"object": ("object", True), "by": ("player", False)},
    "token_copy": {"object": ("object", True), "controller": ("player", False)},
    "copy_spell": {"object": ("object", True)},
    "become_copy": {"object": ("object", True), "source": ("object", True)},
    "create_token": {"card": ("card", True), "player": ("player", False), "counters": ("int", False)},
    "choose_name": {"object": ("object", True), "name": ("str", True)},
    "set_day_night": {"value": ("str", True)},
    "next_turn": {"spells_cast": ("int", False)},
    "activate_mana_ability": {"object": ("object", True), "index": ("int", False), "color": ("str", False)},
    "add_effect": {
        "object": ("object", True),
        "power": ("int", False),
        "toughness": ("int", False),
        "keywords": ("keywords", False),
    },
    "add_counters": {"object": ("object", True), "kind": ("str", False), "count": ("int", False)},
    "link": {"object": ("object", True), "card": ("object", True)},
    "craft": {
        "object": ("object", True),
        "materials": ("objects", False),
        "player": ("player", False),
        "pay": ("objects", False),
        "mana": ("mana", False),
    },
    "defeat_siege": {"object": ("object", True)},
    "permit_cast": {"object": ("object", True), "player": ("player", False)},
    # The played game (issue 14): every player passes, the game moves on, the agents are
    # told their answers, a player activates an ability; docs/conformance.md, "Playing".
    "pass": {"until": ("until", False)},
    "advance": {"step": ("step", True), "turn": ("int", False)},
    "choose": {"answers": ("answers", False), "player": ("player", False), "targets": ("targets", False)},
    "activate": {
        "object": ("object", True),
        "index": ("int", False),
        "text": ("str", False),
        "player": ("player", False),
        "targets": ("targets", False),
        "x": ("int", False),
        "pay": ("objects", False),
        "mana": ("mana", False),
    },
    "attack": {"attackers": ("objects", True), "defender": ("defender", False)},
    "block": {"blocks": ("blocks", True)},
    "counter": {"object": ("object", True), "ability": ("bool", False)},
    "concede": {"player": ("player", True)},
}
#: 707.12: an effect copies a card in exile and its controller casts the copy without
#: paying its mana cost (Isochron Scepter, Mizzix's Mastery), with ``targets``.
ACTIONS["cast_copy"] = {
    "object": ("object", True),
    "player": ("player", False),
    "face": ("str", False),
    "targets": ("targets", False),
}
#: 122.1: an effect removes counters of a kind from a permanent or an exiled card, as many
#: as it has at most (a cost that can't remove them all can't be paid, 118.3).
ACTIONS["remove_counters"] = {"object": ("object", True), "kind": ("str", False), "count": ("int", False)}

#: The set-up keys of one object beyond card, zone and player, and of the game
#: (``[scenario.game]``); each is a capability a driver declares (``setup.<key>``,
#: ``game.<key>``, listed with its actions), so a driver that can't place counters
#: gets ``unsupported``, never a wrong pass.
OBJECT_SETUP: dict[str, str] = {
    "up": "str",
    "face_down": "bool",
    "tapped": "bool",
    "sick": "bool",
    "counters": "counts",
    "damage": "int",
    "loyalty": "int",
    "attacking": "bool",
}
#: The Commander variant (903.3): ``commander = true`` designates the card its owner's
#: commander (in any zone; usually ``zone = "command"``).
OBJECT_SETUP["commander"] = "bool"
GAME_SETUP: dict[str, str] = {
    "life": "per_player_int",
    "active": "player",
    "step": "step",
    "mana": "per_player_mana",
    "library": "per_player_objects",
}
#: The set-up keys older drivers always had: not capabilities of their own.
PLAIN_SETUP = frozenset({"up", "face_down", "tapped", "sick"})
SETUP_CAPABILITIES = frozenset(
    {f"setup.{key}" for key in OBJECT_SETUP if key not in PLAIN_SETUP} | {f"game.{key}" for key in GAME_SETUP}
)
#: Action arguments added after drivers were written: each is a capability of its own
#: (``<action>.<argument>``), so a driver that would ignore it gets ``unsupported``.
ARGUMENT_CAPABILITIES = frozenset({"add_effect.keywords"})

#: Actions that need at least one of some arguments.
ONE_OF = {"choose": ("answers", "targets")}

#: What ``pass`` may wait for: the stack empty, or only its top object resolved. The
#: steps ``advance`` may name are the engine's own (500.1), in turn order.
PASS_UNTIL = ("empty", "top")

#: What a step may expect of its action's result.
RESULT_FIELDS = {
    "happened": "bool",
    "rule": "str",
    "objects_moved": "int",
    "cards_moved": "int",
    "made": "int",
    "refused": "str",
    "notes": "list",
}

#: What a check may ask, by kind: of an object, of the game, of a card (by name).
CHECK_FIELDS: dict[str, dict[str, str]] = {
    "object": {
        "name": "str|none",
        "mana_value": "int",
        "zone": "str",
        "up": "str",
        "face_down": "bool",
        "melded": "bool",
        "transformed": "bool",
        "double_faced": "bool",
        "token": "str",
        "power": "int|none",
        "toughness": "int|none",
        "types": "list",
        "subtypes": "list",
        "colors": "list",
        "could_produce": "list",
        "cards": "int",
        "exists": "bool",
        "hidden_from": "int",
        "visible_to": "int",
        "has_name": "str",
        "lacks_name": "str",
        "can_transform": "bool",
        "can_pay_tap_cost": "bool",
        "tapped": "bool",
        "controller": "int",
        "copy_of": "str|none",
        "linked": "int",
        "leaves_to_graveyard": "table",
        "leaves_to_library": "table",
        "leaves_to_exile": "table",
        "leaves_to_hand": "table",
        "views": "table",
        "mana_abilities": "list",
        "cast_via": "str|none",
        "loyalty": "int|none",
        "counters": "table",
        "keywords": "list",
        "supertypes": "list",
        "damage": "int",
        "attacking": "bool",
        "can_cast": "bool",
        "cast_refused": "str",
        "can_activate": "bool",
        "activate_refused": "str",
    },
    "game": {
        "day_night": "str",
        "mana_pool": "list",
        "spells_cast": "int",
        "life": "int",
        "stack": "list",
        "legal_actions": "list",
        "step": "str",
        "turn": "int",
        "active": "int",
    },
    "zone": {"names": "list", "count": "int"},
    "card": {
        "choosable_names": "list",
        "color_identity": "list",
        "cast_faces": "list",
        "land_faces": "list",
        "mana_value": "int",
        "name": "str",
        "cast_options": "list",
    },
    "log": {"mentions": "str", "hides": "str"},
}
#: The Commander variant: whether an object is a commander (903.3, a melded one 903.3b).
CHECK_FIELDS["object"]["commander"] = "bool"


@dataclass(frozen=True)
class ObjectSpec:
    """An object the set-up puts into the game, named by ``alias``."""

    alias: str
    card: str
    zone: str
    player: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One action, its arguments, what its result must be, and aliases for what it makes."""

    action: str
    args: Mapping[str, Any]
    expect: Mapping[str, Any]
    bind: tuple[str, ...]
    index: int


@dataclass(frozen=True)
class Check:
    """One question about the state after the steps, and the answers it must get."""

    kind: str
    target: Any
    fields: Mapping[str, Any]
    extra: Mapping[str, Any]
    index: int


@dataclass(frozen=True)
class Scenario:
    """One rule or ruling, as data (see the module docstring)."""

    id: str
    rules: tuple[str, ...]
    rulings: tuple[str, ...]
    text: str
    source: str
    editions: tuple[str, ...]
    cards: tuple[str, ...]
    players: int
    setup: tuple[ObjectSpec, ...]
    steps: tuple[Step, ...]
    checks: tuple[Check, ...]
    status: str
    reason: str
    file: str
    line: int
    #: ``[scenario.game]``: life, active player, step, pools and library order.
    game: Mapping[str, Any] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        return self.rules[0] if self.rules else ""

    @property
    def descriptive(self) -> bool:
        return self.status == "descriptive"


# --------------------------------------------------------------------------- loading


class _Reader:
    """Validates one scenario table, naming the key path of every problem."""

    def __init__(self, path: str, scenario_id: str, base: str, line: int = 0) -> None:
        self.path = path
        self.scenario_id = scenario_id
        self.base = base
        self.line = line

    def fail(self, key: str, message: str, hint: str = "") -> ScenarioError:
        return ScenarioError(
            message,
            path=self.path,
            line=self.line,
            scenario=self.scenario_id,
            key_path=f"{self.base}.{key}" if key else self.base,
            hint=hint,
        )

    def get(
        self,
        table: Mapping[str, Any],
        key: str,
        kind: type | tuple[type, ...],
        where: str,
        default: Any = ...,
    ) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(f"{where}{key}", f"missing required key {key!r}")
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(f"{where}{key}", f"{key!r} must be {expected}, not {type(value).__name__}")
        return value

    def unknown(self, table: Mapping[str, Any], allowed: set[str], where: str) -> None:
        extra = sorted(set(table) - allowed)
        if extra:
            raise self.fail(
                f"{where}{extra[0]}",
                f"unknown key {extra[0]!r}",
                "allowed here: " + ", ".join(sorted(allowed)),
            )


_TOP_KEYS = {
    "id",
    "rule",
    "rules",
    "ruling",
    "text",
    "source",
    "editions",
    "cards",
    "players",
    "setup",
    "step",
    "check",
    "status",
    "reason",
    "game",
}


def _small_int(value: Any, low: int = -LIMITS["int"]) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= LIMITS["int"]


def _short_list(value: Any, item: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and len(value) <= LIMITS["list"] and all(item(x) for x in value)


def _value_ok(kind: str, value: Any, aliases: set[str]) -> bool:
    checks: dict[str, Callable[[Any], bool]] = {
        "object": lambda v: isinstance(v, str) and v in aliases,
        "objects": lambda v: _short_list(v, lambda x: isinstance(x, str) and x in aliases),
        "player": _player,
        "int": _small_int,
        "bool": lambda v: isinstance(v, bool),
        "str": lambda v: isinstance(v, str),
        "card": lambda v: isinstance(v, str),
        "zone": lambda v: v in ZONES,
        "order": lambda v: _short_list(v, _small_int),
        "types": lambda v: _short_list(v, lambda x: isinstance(x, str)),
        "keywords": lambda v: _short_list(v, lambda x: isinstance(x, str) and bool(x.strip())),
        "step": lambda v: v in STEPS,
        "until": lambda v: v in PASS_UNTIL,
        "answers": lambda v: _short_list(v, _answer),
        "targets": lambda v: _short_list(v, lambda x: (isinstance(x, str) and x in aliases) or _player(x)),
        "mana": lambda v: isinstance(v, str) and bool(_MANA.fullmatch(v)),
        "defender": lambda v: (isinstance(v, str) and v in aliases) or _player(v),
        "blocks": lambda v: (
            isinstance(v, dict)
            and len(v) <= LIMITS["list"]
            and all(k in aliases and isinstance(a, str) and a in aliases for k, a in v.items())
        ),
    }
    return bool(checks[kind](value))


_KIND_WORDS = {
    "int": f"an integer from -{LIMITS['int']} to {LIMITS['int']}",
    "player": f"a player number from 1 to {LIMITS['players']}",
    "order": f"a list of at most {LIMITS['list']} small integers",
    "types": f"a list of at most {LIMITS['list']} card types",
    "keywords": f'a list of at most {LIMITS["list"]} keywords, e.g. ["Haste"]',
    "objects": f"a list of at most {LIMITS['list']} aliases defined before this step",
    "object": "an alias defined before this step",
    "step": "one of " + ", ".join(STEPS),
    "until": "one of " + ", ".join(PASS_UNTIL),
    "answers": 'a list of [question, answer] pairs: [["reveal the top card", true]] '
    "(the answer a bool, an integer, a string, or a list of them)",
    "targets": "a list of aliases defined before this step and player numbers",
    "mana": 'mana symbols, e.g. "1UU" (W U B R G C, a number: that much colorless)',
    "defender": "a player number or an alias defined before this step",
    "blocks": "a table of blocker alias = attacker alias, aliases defined before this step",
}

_MANA = re.compile(r"(?:[WUBRGC]|\d{1,2})+")


def _player(value: Any) -> bool:
    return _small_int(value, 1) and int(value) <= LIMITS["players"]


def _answer(value: Any) -> bool:
    """One ``choose`` answer: ``[question prefix, answer]``."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and bool(value[0])
        and (_plain_answer(value[1]) or _short_list(value[1], _plain_answer))
    )


def _plain_answer(value: Any) -> bool:
    return isinstance(value, (bool, str)) or _small_int(value)


def _controls(value: Any, path: str) -> str | None:
    """The key path of the first string (or key) in ``value`` with a control character
    or longer than the limit; None if there is none."""
    if isinstance(value, str):
        bad = _CONTROL.search(value.replace("\n", "").replace("\t", ""))
        return path if bad or len(value) > LIMITS["string"] else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _controls(key, path) or _controls(item, f"{path}.{key}" if path else str(key))
            if found:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = _controls(item, f"{path}[{i}]")
            if found:
                return found
    return None


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _setup(reader: _Reader, raw: Any) -> tuple[ObjectSpec, ...]:
    if not isinstance(raw, dict):
        raise reader.fail(
            "setup", "setup must be a table of aliases: setup.<alias> = { card = ..., zone = ... }"
        )
    specs = []
    for alias, table in raw.items():
        where = f"setup.{alias}."
        if not isinstance(table, dict):
            raise reader.fail(
                f"setup.{alias}", "each set-up object is an inline table { card = ..., zone = ... }"
            )
        reader.unknown(table, {"card", "zone", "player", *OBJECT_SETUP}, where)
        card = reader.get(table, "card", str, where)
        zone = reader.get(table, "zone", str, where, "hand")
        if zone not in ZONES:
            raise reader.fail(f"{where}zone", f"unknown zone {zone!r}", "zones: " + ", ".join(ZONES))
        player = reader.get(table, "player", int, where, 1)
        if not 1 <= player <= LIMITS["players"]:
            raise reader.fail(f"{where}player", f"player is 1 to {LIMITS['players']}, not {player}")
        options = {k: table[k] for k in OBJECT_SETUP if k in table}
        _object_options(reader, options, zone, where)
        specs.append(ObjectSpec(alias, card, zone, player, options))
    return tuple(specs)


_SETUP_WORDS = {
    "str": "a string",
    "bool": "true or false",
    "int": f"an integer from 0 to {LIMITS['int']}",
    "counts": f"a table of counter kind = count (0 to {LIMITS['int']}), e.g. {{ P1P1 = 2 }}",
}


def _object_options(reader: _Reader, options: Mapping[str, Any], zone: str, where: str) -> None:
    """The set-up keys of one object: each of its type; ``up`` front or back; counters a
    table of Forge counter kinds; ``attacking`` only on the battlefield."""
    fits: dict[str, Callable[[Any], bool]] = {
        "str": lambda v: isinstance(v, str),
        "bool": lambda v: isinstance(v, bool),
        "int": lambda v: _small_int(v, 0),
        "counts": lambda v: (
            isinstance(v, dict)
            and len(v) <= LIMITS["list"]
            and all(re.fullmatch(r"[A-Z][A-Z0-9_]*", k) and _small_int(n, 0) for k, n in v.items())
        ),
    }
    for key, value in options.items():
        kind = OBJECT_SETUP[key]
        if not fits[kind](value):
            raise reader.fail(f"{where}{key}", f"{key!r} must be {_SETUP_WORDS[kind]}, not {value!r}")
    if "up" in options and options["up"] not in ("front", "back"):
        raise reader.fail(f"{where}up", "up is 'front' or 'back'")
    for key in ("attacking", "damage"):
        if options.get(key) and zone != "battlefield":
            raise reader.fail(f"{where}{key}", f"{key!r} is set only on the battlefield, not in the {zone}")


def _game(reader: _Reader, raw: Any, setup: tuple[ObjectSpec, ...], players: Any) -> dict[str, Any]:
    """``[scenario.game]``: life totals, the active player, the step the played game
    begins in, mana in pools and the order of named library cards, each checked with
    its key path (a player key is ``"1"``..., as TOML keys are strings)."""
    if not isinstance(raw, dict):
        raise reader.fail("game", "game is a table: [scenario.game]")
    reader.unknown(raw, set(GAME_SETUP), "game.")
    count = players if isinstance(players, int) else 2
    by_alias = {spec.alias: spec for spec in setup}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        kind = GAME_SETUP[key]
        if kind == "player":
            if not (_player(value) and value <= count):
                raise reader.fail(f"game.{key}", f"{key!r} must be a player number from 1 to {count}")
            out[key] = value
        elif kind == "step":
            if value not in STEPS:
                raise reader.fail(f"game.{key}", f"step must be one of {', '.join(STEPS)}, not {value!r}")
            out[key] = value
        else:
            out[key] = _per_player(reader, key, kind, value, count=count, by_alias=by_alias)
    return out


def _per_player(
    reader: _Reader, key: str, kind: str, value: Any, *, count: int, by_alias: Mapping[str, ObjectSpec]
) -> dict[int, Any]:
    """A table of player number (a string key) to a life total, mana or library aliases."""
    if not isinstance(value, dict):
        raise reader.fail(f"game.{key}", f'{key} is a table of player = value, e.g. {key} = {{ "1" = ... }}')
    out: dict[int, Any] = {}
    for name, item in value.items():
        where = f"game.{key}.{name}"
        if not (name.isdigit() and 1 <= int(name) <= count):
            raise reader.fail(where, f'{name!r} is not a player: the keys are "1" to "{count}"')
        player = int(name)
        if kind == "per_player_int" and not _small_int(item, -LIMITS["int"]):
            raise reader.fail(where, f"a life total is {_KIND_WORDS['int']}, not {item!r}")
        if kind == "per_player_mana" and not _value_ok("mana", item, set()):
            raise reader.fail(where, f"mana is {_KIND_WORDS['mana']}, not {item!r}")
        if kind == "per_player_objects":
            _library_order(reader, where, item, player, by_alias)
        out[player] = list(item) if isinstance(item, list) else item
    return out


def _library_order(
    reader: _Reader, where: str, item: Any, player: int, by_alias: Mapping[str, ObjectSpec]
) -> None:
    """The named cards, top first: each an alias of a set-up card in that player's library."""
    if not _short_list(item, lambda x: isinstance(x, str)) or len(set(item)) != len(item):
        raise reader.fail(where, "a library order is a list of distinct aliases, top first")
    for alias in item:
        spec = by_alias.get(alias)
        if spec is None or spec.zone != "library" or spec.player != player:
            raise reader.fail(
                where,
                f"{alias!r} is not a set-up card in player {player}'s library",
                'set it up with zone = "library"',
            )


def _step(reader: _Reader, raw: Any, index: int, aliases: set[str]) -> Step:
    where = f"step[{index}]."
    if not isinstance(raw, dict):
        raise reader.fail(f"step[{index}]", "a step is a table: [[scenario.step]]")
    action = reader.get(raw, "do", str, where)
    spec = ACTIONS.get(action)
    if spec is None:
        raise reader.fail(
            f"{where}do", f"unknown action {action!r}", "actions: " + ", ".join(sorted(ACTIONS))
        )
    reader.unknown(raw, {"do", "expect", "as", *spec}, where)
    args = {}
    for name, (kind, required) in spec.items():
        if name not in raw:
            if required:
                raise reader.fail(f"{where}{name}", f"action {action!r} needs {name!r}")
            continue
        if not _value_ok(kind, raw[name], aliases):
            detail = _KIND_WORDS.get(kind, kind)
            raise reader.fail(f"{where}{name}", f"{name!r} must be {detail}, not {raw[name]!r}")
        args[name] = raw[name]
    wanted = ONE_OF.get(action, ())
    if wanted and not set(wanted) & set(args):
        raise reader.fail(f"{where}{wanted[0]}", f"action {action!r} needs {' or '.join(map(repr, wanted))}")
    expect = reader.get(raw, "expect", dict, where, {})
    reader.unknown(expect, set(RESULT_FIELDS), f"{where}expect.")
    bind = raw.get("as", [])
    bind = (bind,) if isinstance(bind, str) else tuple(bind)
    if not all(isinstance(b, str) for b in bind):
        raise reader.fail(
            f"{where}as", "'as' names the objects the action makes: a string or a list of strings"
        )
    aliases.update(bind)
    return Step(action, args, expect, bind, index)


def _check(reader: _Reader, raw: Any, index: int, aliases: set[str]) -> Check:
    where = f"check[{index}]."
    if not isinstance(raw, dict):
        raise reader.fail(f"check[{index}]", "a check is a table: [[scenario.check]]")
    # "zone" is also a question about an object and an argument of a card check, so it
    # names the kind only when nothing else does.
    kinds = [k for k in ("object", "game", "card", "log") if k in raw] or [k for k in ("zone",) if k in raw]
    if len(kinds) != 1:
        raise reader.fail(f"check[{index}]", "a check names exactly one of: object, game, zone, card, log")
    kind = kinds[0]
    target = raw[kind]
    if kind == "object" and target not in aliases:
        raise reader.fail(
            f"{where}object", f"unknown alias {target!r}", "aliases: " + ", ".join(sorted(aliases))
        )
    if kind == "zone" and target not in ZONES:
        raise reader.fail(f"{where}zone", f"unknown zone {target!r}")
    extra_keys = {"player", "zone", "reader"} if kind in ("zone", "card", "log", "game") else set()
    if kind == "object":
        extra_keys = _object_extra(reader, raw, where)
    allowed = {kind, *CHECK_FIELDS[kind], *extra_keys}
    reader.unknown(raw, allowed, where)
    fields = {k: v for k, v in raw.items() if k in CHECK_FIELDS[kind]}
    extra = {k: v for k, v in raw.items() if k in extra_keys}
    if not fields and kind != "game":
        raise reader.fail(
            f"check[{index}]",
            "a check asks at least one question",
            "fields: " + ", ".join(sorted(CHECK_FIELDS[kind])),
        )
    if kind == "game" and not fields:
        raise reader.fail(f"check[{index}]", "a game check asks at least one question")
    return Check(kind, target, fields, extra, index)


#: The extra keys an object question may take: the ability (``index`` or ``text``) of
#: ``can_activate``/``activate_refused``, the player of those and of ``can_cast``.
_OBJECT_EXTRA = {"index": "int", "text": "str", "player": "player"}


def _object_extra(reader: _Reader, raw: Mapping[str, Any], where: str) -> set[str]:
    for key, kind in _OBJECT_EXTRA.items():
        if key in raw and not _value_ok(kind, raw[key], set()):
            raise reader.fail(f"{where}{key}", f"{key!r} must be {_KIND_WORDS.get(kind, 'a string')}")
    return set(_OBJECT_EXTRA)


def _editions(reader: _Reader, raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(e, str) for e in raw):
        raise reader.fail(
            "editions",
            "editions is a non-empty list of edition names",
            "editions: " + ", ".join(sorted(EDITIONS)),
        )
    for name in raw:
        if name not in EDITIONS:
            raise reader.fail(
                "editions", f"unknown edition {name!r}", "editions: " + ", ".join(sorted(EDITIONS))
            )
    return tuple(dict.fromkeys(EDITIONS[name].name for name in raw))


def _scenario(path: str, raw: Any, index: int, lines: Mapping[str, int]) -> Scenario:
    base = f"scenario[{index}]"
    scenario_id = f"#{index}"
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        scenario_id = raw["id"]
    reader = _Reader(path, scenario_id, base, lines.get(scenario_id, 0))
    if not isinstance(raw, dict):
        raise reader.fail("", "a scenario is a table: [[scenario]]")
    bad = _controls(raw, "")
    if bad is not None:
        reader.scenario_id = printable_id(scenario_id)
        raise reader.fail(
            bad, f"a control character, or more than {LIMITS['string']} characters, in a string"
        )
    reader.unknown(raw, _TOP_KEYS, "")
    reader.get(raw, "id", str, "")
    _bounded(reader, raw)
    rules = raw.get("rules", [raw["rule"]] if "rule" in raw else [])
    if not rules or not all(isinstance(r, str) and re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", r) for r in rules):
        raise reader.fail("rule", 'each scenario names the rule number(s) it checks, e.g. rule = "712.8e"')
    status = reader.get(raw, "status", str, "", "behaviour")
    if status not in ("behaviour", "descriptive"):
        raise reader.fail("status", "status is 'behaviour' or 'descriptive'")
    aliases: set[str] = set()
    setup = _setup(reader, raw.get("setup", {}))
    aliases.update(spec.alias for spec in setup)
    steps = tuple(_step(reader, step, i, aliases) for i, step in enumerate(_list(reader, raw, "step")))
    checks = tuple(_check(reader, check, i, aliases) for i, check in enumerate(_list(reader, raw, "check")))
    reason = reader.get(raw, "reason", str, "", "")
    if status == "descriptive" and not reason:
        raise reader.fail("reason", "a descriptive scenario says why it has no steps")
    if status == "behaviour" and not checks and not any(s.expect for s in steps):
        raise reader.fail("check", "a behaviour scenario checks something (a check, or a step's expect)")
    return Scenario(
        id=scenario_id,
        rules=tuple(rules),
        rulings=_rulings(reader, raw.get("ruling", [])),
        text=reader.get(raw, "text", str, ""),
        source=reader.get(raw, "source", str, ""),
        editions=_editions(reader, raw.get("editions", ["current"])),
        cards=tuple(reader.get(raw, "cards", list, "", [])),
        players=reader.get(raw, "players", int, "", 2),
        setup=setup,
        steps=steps,
        checks=checks,
        status=status,
        reason=reason,
        file=path,
        line=lines.get(scenario_id, 0),
        game=_game(reader, raw["game"], setup, raw.get("players", 2)) if "game" in raw else {},
    )


def _bounded(reader: _Reader, raw: Mapping[str, Any]) -> None:
    """The counts of one scenario within LIMITS, each named by its key path."""
    players = raw.get("players", 2)
    if isinstance(players, int) and not 1 <= players <= LIMITS["players"]:
        raise reader.fail("players", f"players is 1 to {LIMITS['players']}, not {players}")
    for key, limit in (("setup", "setup"), ("step", "steps"), ("check", "checks")):
        value = raw.get(key)
        if isinstance(value, (list, dict)) and len(value) > LIMITS[limit]:
            raise reader.fail(key, f"at most {LIMITS[limit]} {limit} in one scenario, not {len(value)}")


def printable_id(text: str) -> str:
    """A scenario id fit to print: control characters as escapes."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _rulings(reader: _Reader, raw: Any) -> tuple[str, ...]:
    """``ruling = "valki-god-of-lies#16"`` or a list of such ids (one scenario may replay
    the same ruling printed for several cards)."""
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not all(
        isinstance(r, str) and re.fullmatch(r"[\w.-]+#\d+", r) for r in items
    ):
        raise reader.fail("ruling", 'ruling is an id like "valki-god-of-lies#16", or a list of them')
    return tuple(items)


def _list(reader: _Reader, raw: Mapping[str, Any], key: str) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise reader.fail(key, f"{key} is an array of tables: [[scenario.{key}]]")
    return value


_ID_LINE = re.compile(r"""^\s*id\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')""")


def _id_lines(text: str) -> dict[str, int]:
    """The line of each ``id = "..."`` (tomllib keeps no positions), in one pass: a file
    of thousands of scenarios must not be scanned once per scenario."""
    found: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        match = _ID_LINE.match(line)
        if match:
            found.setdefault(match.group(1) if match.group(1) is not None else match.group(2), number)
    return found


def _toml_error(path: str, error: Exception, text: str) -> ScenarioError:
    message = str(error)
    match = re.search(r"\(at line (\d+), column (\d+)\)", message)
    line = getattr(error, "lineno", None) or (int(match.group(1)) if match else 0)
    column = getattr(error, "colno", None) or (int(match.group(2)) if match else 0)
    if not line and "end of document" in message:
        line, column = text.count("\n") + 1, len(text) - text.rfind("\n")
    lines = text.splitlines()
    shown = lines[line - 1] if 0 < line <= len(lines) else ""
    plain = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
    return ScenarioError(f"not valid TOML: {plain}", path=path, line=line, column=column, source_line=shown)


def load_file(path: Path) -> list[Scenario]:
    """Every scenario of one file. Raises :class:`ScenarioError` for the first problem
    (the file, the scenario and the key path; TOML's line and column)."""
    shown = str(path)
    text = read_text(path, "scenario file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _toml_error(shown, error, text) from None
    except RecursionError:
        raise ScenarioError("not valid here: tables or arrays nested too deeply", path=shown) from None
    scenarios = data.get("scenario")
    if not isinstance(scenarios, list) or not scenarios:
        raise ScenarioError(
            "a scenario file holds one or more [[scenario]] tables", path=shown, key_path="scenario"
        )
    if len(scenarios) > LIMITS["scenarios"]:
        raise ScenarioError(
            f"at most {LIMITS['scenarios']} scenarios in one file, not {len(scenarios)}",
            path=shown,
            key_path="scenario",
        )
    lines = _id_lines(text)
    try:
        return [_scenario(shown, raw, i, lines) for i, raw in enumerate(scenarios)]
    except RecursionError:
        raise ScenarioError("a value nested too deeply", path=shown, key_path="scenario") from None


def read_text(path: Path, what: str) -> str:
    """A regular UTF-8 file of at most ``LIMITS["file_bytes"]``, as text; anything else is
    one :class:`ScenarioError` naming the file (a FIFO or /dev/zero is never read)."""
    shown = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise ScenarioError(f"{what} is not a regular file", path=shown)
            data = handle.read(LIMITS["file_bytes"] + 1)
    except OSError as error:
        raise ScenarioError(f"cannot read {what}: {error.strerror or error}", path=shown) from None
    if len(data) > LIMITS["file_bytes"]:
        raise ScenarioError(f"{what} is larger than {LIMITS['file_bytes']} bytes", path=shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ScenarioError(
            f"{what} is not UTF-8 (byte {data[error.start]:#04x})", path=shown, line=line
        ) from None


def scenario_files(paths: list[Path]) -> list[Path]:
    """``*.toml`` files in the given files and folders; a later file with the same name as
    an earlier one replaces it (so a PATH can replace a bundled file)."""
    found: dict[str, Path] = {}
    for path in paths:
        if path.is_dir():
            for file in sorted(path.rglob("*.toml")):
                found[file.name] = file
        elif path.exists():
            found[path.name] = path
        else:
            raise ScenarioError("no such file or folder", path=str(path))
    return list(found.values())
