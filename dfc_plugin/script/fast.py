"""String-operation readers for the grammar's simplest value rules.

A fresh process reads some 5,000 distinct values of the corpus with the LALR parser
(about 80 us each); type lines, keywords, most Forge costs, mana costs and P/T values
are regular enough to be read with a split and a few set look-ups. Each reader here gives exactly what the
grammar's rule and its transformer give, or ``None`` when the text is not of the simple
shape it knows (then the parser reads it, and reports any error with its column).
tests/test_corpus.py and tests/test_fast_values.py check every reader against its rule
on every such value of the corpus.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from dfc_plugin.cards import ForgeCost, ManaCost, ManaSymbol, PTValue, SymbolKind, TypeLine

__all__ = ["FAST_READERS"]

_SPACES = re.compile(r"[ \t]+")
# The words of the grammar's SUPERTYPE and CARDTYPE terminals.
_SUPERTYPES = frozenset({"Legendary", "Basic", "Snow", "World", "Ongoing"})
_CARDTYPES = frozenset(
    {
        "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
        "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal",
        "Vanguard",
    }
)  # fmt: skip


def _type_line(text: str) -> TypeLine | None:
    if not text:
        return None
    words = _SPACES.split(text)
    return TypeLine(
        supertypes=tuple(w for w in words if w in _SUPERTYPES),
        types=tuple(w for w in words if w in _CARDTYPES),
        subtypes=tuple(w for w in words if w not in _SUPERTYPES and w not in _CARDTYPES),
    )


def _keyword(text: str) -> tuple[str, tuple[str, ...]] | None:
    if not text or text[0] == ":" or "\n" in text or "\r" in text:
        return None
    name, *args = text.split(":")
    return name.strip(), tuple(arg.strip() for arg in args if arg)  # (Lark drops an empty part)


# One item of a simple Forge cost: a named part (which may hold spaces), or a word.
_COST_ITEM = re.compile(r"[A-Za-z]+<[^>\r\n]*>|[^ \t]+")
_SIMPLE_SHARDS: dict[str, ManaSymbol] = {
    **{c: ManaSymbol(SymbolKind.COLORED, (c,)) for c in "WUBRG"},
    "C": ManaSymbol(SymbolKind.COLORLESS),
    "S": ManaSymbol(SymbolKind.SNOW),
    **{v: ManaSymbol(SymbolKind.VARIABLE, variable=v) for v in "XYZ"},
}
_COST_WORDS = frozenset({"T", "Q", "Untap", "XCantBe0"})
_COST_PART = re.compile(r"[A-Za-z]+<[^>\r\n]*>")


def _cost(text: str) -> ForgeCost | None:
    if not text:
        return None
    symbols: list[ManaSymbol] = []
    words: list[str] = []
    position = 0
    for found in _COST_ITEM.finditer(text):
        if text[position : found.start()].strip(" \t") or (found.start() == position and position):
            return None  # something other than spaces between items, or none at all
        item = found.group()
        position = found.end()
        if item.isdigit() and item.isascii():
            symbols.append(ManaSymbol(SymbolKind.GENERIC, amount=int(item)))
        elif item in _SIMPLE_SHARDS:
            symbols.append(_SIMPLE_SHARDS[item])
        elif item in _COST_WORDS or _COST_PART.fullmatch(item):
            words.append(item)
        else:
            return None  # a hybrid, Phyrexian or two-brid shard, or an error: the parser's
    if position != len(text):
        return None
    return ForgeCost(
        mana=ManaCost(tuple(symbols)) if symbols else None,
        tap="T" in words,
        untap="Q" in words or "Untap" in words,
        parts=tuple(w for w in words if w not in ("T", "Q", "Untap")),
    )


def _mana_cost(text: str) -> ManaCost | None:
    """Generic amounts and one-letter shards (``2 U U``, ``X R``); a hybrid, Phyrexian or
    two-brid shard, and ``no cost`` (whose value is ``None``), are the parser's."""
    symbols: list[ManaSymbol] = []
    for item in _SPACES.split(text):
        if item.isdigit() and item.isascii():
            symbols.append(ManaSymbol(SymbolKind.GENERIC, amount=int(item)))
        elif item in _SIMPLE_SHARDS:
            symbols.append(_SIMPLE_SHARDS[item])
        else:
            return None  # (an empty text gives one empty item)
    return ManaCost(tuple(symbols))


# One side of a plain P/T: a number, a negative number or a star (the grammar's pt_value
# holds no spaces, and its text is the value).
_PT_SIDE = re.compile(r"-?[0-9]+|\*")


def _pt(text: str) -> tuple[PTValue, PTValue] | None:
    power, slash, toughness = text.partition("/")
    if not slash or not _PT_SIDE.fullmatch(power) or not _PT_SIDE.fullmatch(toughness):
        return None
    return _pt_value(power), _pt_value(toughness)


def _pt_value(text: str) -> PTValue:
    return PTValue(text, None if text == "*" else int(text))


#: The fast reader of each value rule that has one.
FAST_READERS: dict[str, Callable[[str], Any]] = {
    "type_line": _type_line,
    "keyword": _keyword,
    "cost": _cost,
    "mana_cost": _mana_cost,
    "pt": _pt,
}
