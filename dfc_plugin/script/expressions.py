"""The small languages inside ability parameters, as values: valid-card expressions,
comparisons, amounts, ``Defined$`` references and the named parts of a cost.

The grammar's "ability values" section reads them (``grammar/cardscript.lark``); the
:class:`ExpressionBuilder` callbacks below build these records while Lark parses, so the
interpreter never splits a string itself. What a record *means* in a game is the
interpreter's business (``dfc_plugin/host/abilities/values.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

__all__ = [
    "Amount",
    "Compare",
    "CostPart",
    "Defined",
    "ExpressionBuilder",
    "MathStep",
    "ValidAlt",
    "ValidExpr",
]


@dataclass(frozen=True, slots=True)
class ValidAlt:
    """One alternative of a valid expression: a type word (``Card``, ``Creature``,
    ``Player``...) and the properties that must all hold; ``negated`` for ``!``."""

    word: str
    props: tuple[str, ...] = ()
    negated: bool = False


@dataclass(frozen=True, slots=True)
class ValidExpr:
    """``Creature.YouCtrl+nonLegendary,Card.Self``: any alternative may match."""

    alternatives: tuple[ValidAlt, ...]

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(alt.word for alt in self.alternatives)


@dataclass(frozen=True, slots=True)
class Compare:
    """``GE3``: an operator and its right-hand side (a number or an SVar name)."""

    op: str
    operand: str

    def holds(self, left: int, right: int) -> bool:
        return bool(_OPERATORS[self.op](left, right))


_OPERATORS: dict[str, Any] = {
    "GE": lambda a, b: a >= b,
    "LE": lambda a, b: a <= b,
    "GT": lambda a, b: a > b,
    "LT": lambda a, b: a < b,
    "EQ": lambda a, b: a == b,
    "NE": lambda a, b: a != b,
}


@dataclass(frozen=True, slots=True)
class MathStep:
    """``/Plus.1``, ``/Twice``: arithmetic applied to an amount."""

    op: str
    operand: str | None = None


@dataclass(frozen=True, slots=True)
class Amount:
    """An amount: a number (``kind="number"``), an SVar name (``"svar"``), a count
    (``"count"``, e.g. ``Count$Valid Land.YouCtrl``), a constant (``Number$0``), or a
    function of a list of objects (``"list"``: ``Targeted$CardPower``, ``source`` is
    ``Targeted``, ``value`` is ``CardPower``), or a choice (``"compare"``:
    ``Count$Compare X GE6.DoubledX.X``, ``value`` is ``X``, ``args`` the operator,
    operand, and the amounts if it holds and if not)."""

    kind: str
    value: str
    negative: bool = False
    valid: ValidExpr | None = None
    math: tuple[MathStep, ...] = ()
    source: str = ""
    #: A count form's argument after a dot: ``LANDMARK`` in ``Count$CardCounters.LANDMARK``.
    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Defined:
    """A ``Defined$`` reference: a word (``Self``, ``Remembered``, ``Player``) with
    properties (``Player.Opponent``), or ``Valid <expr>``."""

    ref: str
    props: tuple[str, ...] = ()
    valid: ValidExpr | None = None


@dataclass(frozen=True, slots=True)
class CostPart:
    """A named part of a cost: ``Sac<1/CARDNAME>`` is ``("Sac", "1", "CARDNAME")``;
    ``Sac<3/Creature.Other/other creatures>`` has the description ``other creatures``
    after its valid-card expression (the words Forge shows, not part of what it means)."""

    name: str
    amount: str
    what: str = ""
    description: str = ""


def _text(token: Any) -> str:
    return str(token)


class ExpressionBuilder:
    """Lark callbacks for the grammar's "ability values" section (mixed into the
    script transformer in :mod:`dfc_plugin.script.parser`)."""

    def valid(self, c: list[Any]) -> ValidExpr:
        return ValidExpr(tuple(x for x in c if isinstance(x, ValidAlt)))

    def valid_alt(self, c: list[Any]) -> ValidAlt:
        tokens = [x for x in c if isinstance(x, Token)]
        negated = bool(tokens) and tokens[0].type == "V_NOT"
        word = next(str(t) for t in tokens if t.type == "V_WORD")
        props = next((x for x in c if isinstance(x, tuple)), ())
        return ValidAlt(word, props, negated)

    def valid_props(self, c: list[Token]) -> tuple[str, ...]:
        return tuple(str(t).strip() for t in c if t.type == "V_PROP")

    def compare(self, c: list[Token]) -> Compare:
        return Compare(str(c[0]), str(c[1]))

    def amount_number(self, c: list[Token]) -> Amount:
        return Amount("number", _text(c[-1]), negative=len(c) > 1 and str(c[0]) == "-")

    def amount_svar(self, c: list[Token]) -> Amount:
        return Amount("svar", _text(c[-1]), negative=len(c) > 1 and str(c[0]) == "-")

    def amount_count(self, c: list[Any]) -> Amount:
        kind = next(str(t) for t in c if isinstance(t, Token) and t.type == "V_COUNT_KIND")
        valid = next((x for x in c if isinstance(x, ValidExpr)), None)
        math = tuple(x for x in c if isinstance(x, MathStep))
        args = next((x for x in c if isinstance(x, tuple)), ())
        return Amount("count", kind, valid=valid, math=math, args=args)

    def amount_compare(self, c: list[Token]) -> Amount:
        left = next(str(t) for t in c if t.type == "V_SVAR_NAME")
        op = next(str(t) for t in c if t.type == "V_CMP_OP")
        operand, then, otherwise = (str(t) for t in c if t.type == "V_BRANCH")
        return Amount("compare", left, args=(op, operand, then, otherwise))

    def amount_constant(self, c: list[Token]) -> Amount:
        return Amount("number", _text(c[-1]))

    def amount_list(self, c: list[Any]) -> Amount:
        source = next(str(t) for t in c if isinstance(t, Token) and t.type == "V_LIST")[:-1]
        function = next(str(t) for t in c if isinstance(t, Token) and t.type == "V_LIST_FN")
        math = tuple(x for x in c if isinstance(x, MathStep))
        return Amount("list", function, math=math, source=source)

    def amount_math(self, c: list[Token]) -> MathStep:
        op = next(str(t) for t in c if t.type == "V_MATH_OP")
        operand = next((str(t) for t in c if t.type == "V_OPERAND"), None)
        return MathStep(op, operand)

    def defined_valid(self, c: list[Any]) -> Defined:
        return Defined("Valid", valid=next(x for x in c if isinstance(x, ValidExpr)))

    def defined_ref(self, c: list[Any]) -> Defined:
        props = next((x for x in c if isinstance(x, tuple)), ())
        return Defined(str(c[0]), props)

    def cost_part(self, c: list[Token]) -> CostPart:
        what = next((str(t) for t in c if t.type == "V_PART_WHAT"), "")
        what, _, description = what.partition("/")
        return CostPart(str(c[0]), str(c[2]), what, description)
