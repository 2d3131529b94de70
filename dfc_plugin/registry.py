"""The registry of rule handlers: one handler per named rule point, called directly.

Plugins fill a :class:`Registry` once, through the ``dfc_register_rules`` hook; the engine
then calls ``registry.<point>(...)`` on its hot path, a plain function call with no
pluggy in between: a pluggy hook call costs tens of times a direct call, and an engine
asks these questions millions of times a game. A later registration overrides an earlier
one; :meth:`Registry.register` returns the handler it replaced, so a plugin can extend a
rule point by calling the previous handler.

Every rule point is a typed attribute of :class:`Registry` whose signature is the
built-in handler's (without the rules edition, which the registry binds), so a type
checker checks a host's calls: ``registry.transform(state, action="flip")`` is an error
under ``mypy --strict``.

A handler that raises is never swallowed: in a *checked* registry each call is wrapped
and any exception, or a result of the wrong type, becomes a
:class:`~dfc_plugin.errors.PluginError` naming the plugin whose handler did it (a
handler a plugin extends is checked too, so the one that returned a bad value is the one
blamed); in an unchecked one (fastest), :meth:`Registry.guard` attributes an exception
after the fact from its traceback.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import CodeType, MethodType, TracebackType
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from dfc_plugin.editions import CURRENT, Edition
from dfc_plugin.errors import PluginError
from dfc_plugin.rules import casting as _casting
from dfc_plugin.rules import characteristics as _characteristics
from dfc_plugin.rules import copies as _copies
from dfc_plugin.rules import daynight as _daynight
from dfc_plugin.rules import facedown as _facedown
from dfc_plugin.rules import mana as _mana
from dfc_plugin.rules import meld as _meld
from dfc_plugin.rules import naming as _naming
from dfc_plugin.rules import transform as _transform
from dfc_plugin.rules import visibility as _visibility
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.rules.characteristics import Characteristics
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.mana import ManaAbility
from dfc_plugin.rules.meld import Departure
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.state import CopyValues, DfcState

__all__ = ["RULE_POINTS", "PluginInfo", "Registry", "RulePoint", "RuleSlot"]

P = ParamSpec("P")
R = TypeVar("R")
Handler = Callable[..., Any]
Returns = type | tuple[type, ...]
Item = type | None
EditionHandler = Callable[Concatenate[Edition, P], R]


@dataclass(frozen=True, slots=True)
class RulePoint:
    """A named decision the rules make, the rules that govern it, and what it returns.

    ``returns`` is the type (or types) a handler's answer must have; ``items`` the type
    every element of a tuple or frozenset answer must have. ``doc`` is the signature a
    handler is called with and the first line of the built-in handler's docstring.
    """

    name: str
    rules: str
    returns: Returns
    doc: str
    items: type | None = None


@dataclass(frozen=True, slots=True)
class PluginInfo:
    """A loaded rules plugin: its name in the plugin manager, the distribution that
    installed it and that distribution's version (empty for a plugin passed in code)."""

    name: str
    distribution: str = ""
    version: str = ""

    def __str__(self) -> str:
        installed = f" ({self.distribution} {self.version})" if self.distribution else ""
        return f"{self.name}{installed}"


class RuleSlot(Generic[P, R]):
    """A rule point as a typed attribute of :class:`Registry`.

    Read on a registry it is the registered handler, typed ``Callable[P, R]`` from the
    built-in handler's signature. The handler itself sits in the registry's ``__dict__``
    (this is a non-data descriptor), so the hot path is an ordinary attribute read.
    """

    def __init__(
        self, builtin: Handler, *, takes_edition: bool, rules: str, returns: Returns, items: type | None
    ) -> None:
        self.builtin = builtin
        self.takes_edition = takes_edition
        self.rules = rules
        self.returns = returns
        self.items = items
        self.name = builtin.__name__
        self.__doc__ = builtin.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, registry: None, owner: type) -> RuleSlot[P, R]: ...
    @overload
    def __get__(self, registry: object, owner: type) -> Callable[P, R]: ...
    def __get__(self, registry: object | None, owner: type) -> Any:
        if registry is None:
            return self
        raise AttributeError(f"no plugin registered a handler for rule point {self.name!r}")

    def bind(self, edition: Edition) -> Handler:
        """The built-in handler for ``edition``: a bound method when it takes the edition
        (fast as a plain call, and ``help()`` shows the handler's signature and docstring)."""
        return MethodType(self.builtin, edition) if self.takes_edition else self.builtin

    def point(self) -> RulePoint:
        signature = inspect.signature(self.bind(CURRENT))
        summary = (self.builtin.__doc__ or "").strip().split("\n\n", 1)[0].replace("\n", " ")
        doc = f"{signature}: {' '.join(summary.split())}"
        return RulePoint(self.name, self.rules, self.returns, doc, self.items)


def _by_edition(fn: EditionHandler[P, R], rules: str, returns: Returns, items: Item = None) -> RuleSlot[P, R]:
    return RuleSlot(fn, takes_edition=True, rules=rules, returns=returns, items=items)


def _plain(fn: Callable[P, R], rules: str, returns: Returns, items: Item = None) -> RuleSlot[P, R]:
    return RuleSlot(fn, takes_edition=False, rules=rules, returns=returns, items=items)


def _code_of(handler: Handler) -> CodeType | None:
    """The code object a handler runs (through functools.partial, bound methods,
    decorators and callable objects)."""
    target: Any = handler
    while isinstance(target, functools.partial):
        target = target.func
    target = getattr(target, "__wrapped__", target)
    target = getattr(target, "__func__", target)
    if not inspect.isfunction(target) and not inspect.isbuiltin(target) and callable(target):
        target = getattr(type(target).__call__, "__func__", type(target).__call__)
    code = getattr(target, "__code__", None)
    return code if isinstance(code, CodeType) else None


class Registry:
    """Rule handlers by rule point, for one rules edition. See the module docstring.

    Each attribute below is a rule point (:data:`RULE_POINTS` lists them with their rules);
    its docstring is the built-in handler's.
    """

    characteristics = _plain(_characteristics.characteristics, "712.8a-g, 708.2a, 707.8", Characteristics)
    mana_value = _plain(_characteristics.mana_value, "202.3, 712.8c/e/g", int)
    copiable_values = _plain(_characteristics.copiable_values, "707.2, 707.8, 708.2", CopyValues)
    is_double_faced = _by_edition(_transform.is_double_faced, "712.1, 712.9, 707.8a", bool)
    is_transformed = _by_edition(_transform.is_transformed, "701.27g", bool)
    can_transform = _by_edition(
        _transform.can_transform, "701.27, 701.28, 712.4c, 712.9, 712.10, 712.15a", Verdict
    )
    transform = _by_edition(_transform.transform, "701.27a, 701.28a, 712.18, 712.20", Outcome)
    cast_options = _by_edition(_casting.cast_options, "712.11a-d, 702.146a, 702.162a", tuple, CastOption)
    land_options = _by_edition(_casting.land_options, "305.1, 712.12", tuple, CastOption)
    play_land = _by_edition(_casting.play_land, "305.1, 712.12", Outcome)
    options_from_group = _by_edition(_casting.options_from_group, "release notes", tuple, CastOption)
    transformed_option = _by_edition(
        _casting.transformed_option, "310.11b, 712.11a", (CastOption, type(None))
    )
    spell_state = _by_edition(_casting.spell_state, "712.11a-c, 712.15", DfcState)
    resolve = _by_edition(_casting.resolve, "712.13, 712.13a, 608.2n", Outcome)
    put_onto_battlefield = _by_edition(_casting.put_onto_battlefield, "712.14, 712.14a-b, 712.15", Outcome)
    can_meld = _by_edition(_meld.can_meld, "701.42b", Verdict)
    meld = _by_edition(_meld.meld, "701.42a, 701.42c, 712.4a, 712.14c", Outcome)
    leave_battlefield = _by_edition(_meld.leave_battlefield, "400.7, 712.21, 712.21a-e", Departure)
    turn_face_down = _by_edition(_facedown.turn_face_down, "712.16, 708.2b", Outcome)
    turn_face_up = _by_edition(_facedown.turn_face_up, "712.15a, 708.8", Outcome)
    exile_face_down = _by_edition(_facedown.exile_face_down, "712.17, 406.3a", DfcState)
    token_copy = _by_edition(_copies.token_copy, "707.8, 707.8a", DfcState)
    become_copy = _by_edition(_copies.become_copy, "707.2, 707.8, 712.9", DfcState)
    copy_spell = _by_edition(_copies.copy_spell, "707.10g", DfcState)
    choosable_names = _by_edition(_naming.choosable_names, "712.19, 201.4d-e", tuple, str)
    has_chosen_name = _plain(_naming.has_chosen_name, "712.8, release notes", bool)
    color_identity = _by_edition(_naming.color_identity, "903.4, 903.4c-d", tuple, str)
    view = _by_edition(_visibility.view, "712.6, 712.7, 712.17, 713", dict)
    mana_abilities = _by_edition(_mana.mana_abilities, "605.1a, 712.8", tuple, ManaAbility)
    could_produce = _by_edition(_mana.could_produce, "106.7", frozenset, str)
    can_pay_tap_cost = _by_edition(_mana.can_pay_tap_cost, "302.6, 712.18", Verdict)
    day_night_transform = _by_edition(_daynight.day_night_transform, "702.145c, 702.145f", bool)
    enters_transformed_at_night = _by_edition(_daynight.enters_transformed_at_night, "702.145b", bool)
    designation_with = _plain(_daynight.designation_with, "702.145d, 702.145g", DayNight)
    next_designation = _plain(_daynight.next_designation, "731.2a-c", DayNight)

    def __init__(self, edition: Edition = CURRENT, *, checked: bool = False) -> None:
        self.edition = edition
        self.checked = checked
        #: The plugins loaded when the registry was built (``build_registry`` fills it).
        self.plugins: tuple[PluginInfo, ...] = ()
        self._handlers: dict[str, list[tuple[str, Handler]]] = {}
        self._codes: dict[CodeType, tuple[str, str]] = {}

    @classmethod
    def slots(cls) -> dict[str, RuleSlot[Any, Any]]:
        """Every rule point's slot, by name, in declaration order."""
        return {name: value for name, value in vars(cls).items() if isinstance(value, RuleSlot)}

    def register(self, point: str, handler: Handler, *, plugin: str) -> Handler | None:
        """Make ``handler`` answer ``point``; returns the handler it replaces (if any), to
        call from the new one. In a checked registry the returned handler is checked too,
        so a bad answer from it is blamed on the plugin that registered it."""
        spec = RULE_POINTS.get(point)
        if spec is None:
            known = ", ".join(sorted(RULE_POINTS))
            raise PluginError(f"unknown rule point; known points: {known}", plugin=plugin, rule_point=point)
        if not callable(handler):
            raise PluginError(
                f"handler is {type(handler).__name__}, not callable", plugin=plugin, rule_point=point
            )
        chain = self._handlers.setdefault(point, [])
        previous = self.__dict__.get(point) if chain else None
        chain.append((plugin, handler))
        code = _code_of(handler)
        if code is not None:
            self._codes[code] = (plugin, point)
        self.__dict__[point] = _checked(spec, handler, plugin) if self.checked else handler
        return previous

    def copy(self) -> Registry:
        """A registry that answers as this one does now, and whose own registrations
        reach only itself (the handlers and their checking wrappers, which keep nothing,
        are shared): a game's own copy of the registry built once for its edition."""
        other = Registry.__new__(Registry)
        other.__dict__.update(self.__dict__)
        other._handlers = {point: list(chain) for point, chain in self._handlers.items()}
        other._codes = dict(self._codes)
        return other

    def owner(self, point: str) -> str:
        """The plugin whose handler answers ``point`` now."""
        chain = self._handlers.get(point)
        return chain[-1][0] if chain else ""

    def owners(self) -> dict[str, str]:
        """The plugin answering each rule point that has a handler."""
        return {point: chain[-1][0] for point, chain in self._handlers.items() if chain}

    def handler(self, point: str) -> Handler:
        """The raw handler of ``point`` (never the checking wrapper)."""
        return self._handlers[point][-1][1]

    def missing(self) -> list[str]:
        """The rule points no plugin has registered a handler for."""
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


#: Every rule point by name: its rules, what it returns and how it is called.
RULE_POINTS: dict[str, RulePoint] = {name: slot.point() for name, slot in Registry.slots().items()}



def _type_names(types: Returns) -> str:
    return types.__name__ if isinstance(types, type) else "/".join(t.__name__ for t in types)


def wrong_answer(spec: RulePoint, result: object) -> str | None:
    """Why ``result`` is not an answer ``spec`` allows, or None when it is. A bool is not
    an int here (``True`` is no mana value), and a tuple answer's items are checked."""
    expected = spec.returns if isinstance(spec.returns, tuple) else (spec.returns,)
    if not isinstance(result, expected) or (isinstance(result, bool) and bool not in expected):
        return f"returned {type(result).__name__}, expected {_type_names(spec.returns)}"
    if spec.items is not None and isinstance(result, (tuple, frozenset)):
        for index, item in enumerate(result):
            if not isinstance(item, spec.items):
                return (
                    f"returned a {type(result).__name__} whose item {index} is "
                    f"{type(item).__name__}, expected {spec.items.__name__}"
                )
    return None


def _checked(spec: RulePoint, handler: Handler, plugin: str) -> Handler:
    """Wrap a handler: exceptions and results of the wrong type become PluginErrors."""

    # Answers of exactly the declared type need no closer look (the hot path).
    exact = frozenset(spec.returns if isinstance(spec.returns, tuple) else (spec.returns,))
    if spec.items is not None:
        exact = frozenset()

    @functools.wraps(handler)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            result = handler(*args, **kwargs)
        except PluginError:
            raise
        except Exception as error:
            message = f"raised {type(error).__name__}: {error}"
            raise PluginError(message, plugin=plugin, rule_point=spec.name) from error
        if result.__class__ in exact:
            return result
        wrong = wrong_answer(spec, result)
        if wrong is not None:
            raise PluginError(wrong, plugin=plugin, rule_point=spec.name)
        return result

    return call
