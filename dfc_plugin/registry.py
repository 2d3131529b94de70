"""The registry of rule handlers: one handler per named rule point, called directly.

Plugins fill a :class:`Registry` once, through the ``dfc_register_rules`` hook; the engine
then calls ``registry.<point>(...)`` on its hot path, a plain function call with no
pluggy in between (DESIGN.md, decision 2). A later registration overrides an earlier
one; :meth:`Registry.register` returns the handler it replaced, so a plugin can extend a
rule point by calling the previous handler.

A handler that raises is never swallowed: in a *checked* registry each call is wrapped
and any exception, or a result of the wrong type, becomes a
:class:`~dfc_plugin.errors.PluginError` naming the plugin and the rule point; in an
unchecked one (fastest), :meth:`Registry.guard` attributes an exception after the fact
from its traceback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import CodeType, TracebackType
from typing import Any

from dfc_plugin.cards import Face
from dfc_plugin.editions import CURRENT, Edition
from dfc_plugin.errors import PluginError
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.rules.characteristics import Characteristics
from dfc_plugin.rules.meld import Departure
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.state import CopyValues, DfcState

__all__ = ["RULE_POINTS", "Registry", "RulePoint"]


@dataclass(frozen=True, slots=True)
class RulePoint:
    """A named decision the rules make, the rules that govern it, and what it returns."""

    name: str
    rules: str
    returns: type | tuple[type, ...] | None
    doc: str


def _points(*items: tuple[str, str, type | tuple[type, ...] | None, str]) -> dict[str, RulePoint]:
    return {name: RulePoint(name, rules, returns, doc) for name, rules, returns, doc in items}


RULE_POINTS: dict[str, RulePoint] = _points(
    (
        "characteristics",
        "712.8a-g, 708.2a, 707.8",
        Characteristics,
        "(state) -> the object's characteristics now",
    ),
    ("mana_value", "202.3, 712.8c/e/g", int, "(state) -> its mana value"),
    ("copiable_values", "707.2, 707.8, 708.2", CopyValues, "(state) -> what a copy of it copies"),
    ("is_double_faced", "712.1, 712.9, 707.8a", bool, "(state) -> represented by a DFC or DF token"),
    ("is_transformed", "701.27g", bool, "(state) -> a transformed permanent"),
    (
        "can_transform",
        "701.27, 701.28, 712.4c, 712.9, 712.10, 712.15a",
        Verdict,
        "(state, action, cause, since)",
    ),
    ("transform", "701.27a, 701.28a, 712.18, 712.20", Outcome, "(state, action, cause, since) -> outcome"),
    ("cast_options", "712.11a-d, 702.146a, 702.162a", tuple, "(card, zone) -> ways to cast or play it"),
    ("land_options", "305.1, 712.12", tuple, "(card) -> faces playable as a land"),
    (
        "options_from_group",
        "release notes",
        tuple,
        "(card, 'cast'|'play', fits) -> faces a group permission allows",
    ),
    (
        "transformed_option",
        "310.11b, 712.11a",
        (CastOption, type(None)),
        "(card, via) -> casting it transformed",
    ),
    ("spell_state", "712.11a-c, 712.15", DfcState, "(card, option, x) -> the spell on the stack"),
    ("resolve", "712.13, 712.13a, 608.2n", Outcome, "(spell, enters_transformed) -> where it goes"),
    (
        "put_onto_battlefield",
        "712.14, 712.14a-b, 712.15",
        Outcome,
        "(card, zone, transformed, face_down, fits)",
    ),
    ("can_meld", "701.42b", Verdict, "(a, b) -> may they meld"),
    ("meld", "701.42a, 701.42c, 712.4a, 712.14c", Outcome, "(a, b, melded_face) -> the melded permanent"),
    (
        "leave_battlefield",
        "400.7, 712.21, 712.21a-e",
        Departure,
        "(state, destination, order) -> new objects",
    ),
    ("turn_face_down", "712.16, 708.2b", Outcome, "(state) -> outcome"),
    ("turn_face_up", "712.15a, 708.8", Outcome, "(state) -> outcome"),
    ("exile_face_down", "712.17, 406.3a", DfcState, "(state) -> the hidden card in exile"),
    ("token_copy", "707.8, 707.8a", DfcState, "(source) -> the token"),
    ("become_copy", "707.2, 707.8, 712.9", DfcState, "(target, source) -> the target as a copy"),
    ("copy_spell", "707.10g", DfcState, "(spell) -> the copy on the stack"),
    ("choosable_names", "712.19, 201.4d-e", tuple, "(card, melded_face, fits) -> names a player may choose"),
    ("has_chosen_name", "712.8, release notes", bool, "(state, name) -> does it have that name now"),
    ("color_identity", "903.4, 903.4c-d", tuple, "(card, melded_face) -> Commander colour identity"),
    ("view", "712.6, 712.7, 712.17, 713", dict, "(state, may_look) -> what a player may see"),
    ("mana_abilities", "605.1a, 712.8", tuple, "(state) -> mana abilities of the face up"),
    ("could_produce", "106.7", frozenset, "(state, reflected) -> mana types it could produce"),
    ("can_pay_tap_cost", "302.6, 712.18", Verdict, "(state, controlled_since_turn_began, untap)"),
    ("day_night_transform", "702.145c, 702.145f", bool, "(state, designation) -> transforms now"),
    ("enters_transformed_at_night", "702.145b", bool, "(state, designation) -> enters transformed"),
    ("designation_with", "702.145d, 702.145g", None, "(current, daybound, nightbound) -> day/night"),
    ("next_designation", "731.2a-c", None, "(current, spells_cast_last_turn) -> day/night"),
)

Handler = Callable[..., Any]


def _code_of(handler: Handler) -> CodeType | None:
    """The code object a handler runs (through functools.partial and decorators)."""
    target: Any = handler
    while isinstance(target, functools.partial):
        target = target.func
    target = getattr(target, "__wrapped__", target)
    code = getattr(target, "__code__", None)
    return code if isinstance(code, CodeType) else None


class Registry:
    """Rule handlers by rule point, for one rules edition. See the module docstring."""

    # The rule points, as attributes (filled by register(); see RULE_POINTS for each).
    characteristics: Callable[[DfcState], Characteristics]
    mana_value: Callable[[DfcState], int]
    copiable_values: Callable[[DfcState], CopyValues]
    is_double_faced: Callable[[DfcState], bool]
    is_transformed: Callable[[DfcState], bool]
    can_transform: Handler
    transform: Handler
    cast_options: Handler
    land_options: Handler
    options_from_group: Handler
    transformed_option: Handler
    spell_state: Handler
    resolve: Handler
    put_onto_battlefield: Handler
    can_meld: Callable[[DfcState, DfcState], Verdict]
    meld: Callable[[DfcState, DfcState, Face | None], Outcome]
    leave_battlefield: Handler
    turn_face_down: Callable[[DfcState], Outcome]
    turn_face_up: Callable[[DfcState], Outcome]
    exile_face_down: Callable[[DfcState], DfcState]
    token_copy: Callable[[DfcState], DfcState]
    become_copy: Callable[[DfcState, DfcState], DfcState]
    copy_spell: Callable[[DfcState], DfcState]
    choosable_names: Handler
    has_chosen_name: Callable[[DfcState, str], bool]
    color_identity: Handler
    view: Callable[[DfcState, bool], dict[str, Any]]
    mana_abilities: Handler
    could_produce: Handler
    can_pay_tap_cost: Handler
    day_night_transform: Handler
    enters_transformed_at_night: Handler
    designation_with: Handler
    next_designation: Handler

    def __init__(self, edition: Edition = CURRENT, *, checked: bool = False) -> None:
        self.edition = edition
        self.checked = checked
        self._handlers: dict[str, list[tuple[str, Handler]]] = {}
        self._codes: dict[CodeType, tuple[str, str]] = {}

    def register(self, point: str, handler: Handler, *, plugin: str) -> Handler | None:
        """Make ``handler`` answer ``point``; returns the handler it replaces (if any)."""
        spec = RULE_POINTS.get(point)
        if spec is None:
            known = ", ".join(sorted(RULE_POINTS))
            raise PluginError(f"unknown rule point; known points: {known}", plugin=plugin, rule_point=point)
        if not callable(handler):
            raise PluginError(
                f"handler is {type(handler).__name__}, not callable", plugin=plugin, rule_point=point
            )
        chain = self._handlers.setdefault(point, [])
        previous = chain[-1][1] if chain else None
        chain.append((plugin, handler))
        code = _code_of(handler)
        if code is not None:
            self._codes[code] = (plugin, point)
        setattr(self, point, _checked(spec, handler, plugin) if self.checked else handler)
        return previous

    def owner(self, point: str) -> str:
        """The plugin whose handler answers ``point`` now."""
        chain = self._handlers.get(point)
        return chain[-1][0] if chain else ""

    def handler(self, point: str) -> Handler:
        """The raw handler of ``point`` (never the checking wrapper)."""
        return self._handlers[point][-1][1]

    def missing(self) -> list[str]:
        return [point for point in RULE_POINTS if point not in self._handlers]

    def blame(self, error: BaseException) -> PluginError | None:
        """The plugin and rule point whose handler raised ``error``, from its traceback."""
        found: tuple[str, str] | None = None
        tb: TracebackType | None = error.__traceback__
        while tb is not None:
            found = self._codes.get(tb.tb_frame.f_code, found)
            tb = tb.tb_next
        if found is None:
            return None
        plugin, point = found
        return PluginError(f"raised {type(error).__name__}: {error}", plugin=plugin, rule_point=point)

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Turn an exception from an unchecked handler into a :class:`PluginError`."""
        try:
            yield
        except PluginError:
            raise
        except Exception as error:
            blamed = self.blame(error)
            if blamed is None:
                raise
            raise blamed from error


def _checked(spec: RulePoint, handler: Handler, plugin: str) -> Handler:
    """Wrap a handler: exceptions and results of the wrong type become PluginErrors."""

    @functools.wraps(handler)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            result = handler(*args, **kwargs)
        except PluginError:
            raise
        except Exception as error:
            message = f"raised {type(error).__name__}: {error}"
            raise PluginError(message, plugin=plugin, rule_point=spec.name) from error
        if spec.returns is not None and not isinstance(result, spec.returns):
            expected = (
                spec.returns.__name__
                if isinstance(spec.returns, type)
                else "/".join(t.__name__ for t in spec.returns)
            )
            message = f"returned {type(result).__name__}, expected {expected}"
            raise PluginError(message, plugin=plugin, rule_point=spec.name)
        return result

    return call
