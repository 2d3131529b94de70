"""The LALR parser's tables, written out once so a process loads them instead of building them.

Building the grammar's LALR(1) parser (:func:`dfc_plugin.script.parser._lark`) is the
largest part of a cold ``check``'s fixed cost (0.12-0.24 s); loading the same tables
from Lark's own serialised form takes a fifth of that. The tables ship as
``lalr_tables.json`` beside this module: JSON data only (never pickle or code), with
the key of what they were built from: the grammar's text, the parser's options and
Lark's version. When the key differs the parser is built as before, so a changed
grammar is never read with stale tables; tests/test_tables.py checks the shipped tables
are current and that the loaded parser reads values as the built one does.

JSON has no tuples and only string keys, and Lark's tables hold both: a tuple is
written ``{"t": [...]}`` and a dict with other keys ``{"d": [[key, value], ...]}`` (no
dict of Lark's has the single key ``t`` or ``d``; :func:`_encode` checks).

Regenerate after changing the grammar: ``python -m dfc_plugin.script.tables``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

__all__ = ["TABLES", "load_parser", "parser_key", "write_tables"]

TABLES = Path(__file__).with_name("lalr_tables.json")


def parser_key(grammar: str, options: dict[str, Any]) -> str:
    """What a parser's tables depend on, as a digest: the grammar, its options, Lark's version."""
    text = "\n".join((lark.__version__, repr(sorted(options.items())), grammar))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_parser(key: str, transformer: Any, path: Path = TABLES) -> Lark | None:
    """The parser from the shipped tables, or ``None`` if there are none or they were
    built from anything else."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"), object_hook=_decode)
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("key") != key:
        return None
    parser: Lark = Lark._load_from_dict(stored["data"], stored["memo"], transformer=transformer)  # type: ignore[no-untyped-call]
    return parser


def write_tables(parser: Lark, key: str, path: Path = TABLES) -> None:
    """Write ``parser``'s tables (Lark's serialised form, its transformer left out: the
    loader gives its own) to ``path``."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {**data["options"], "transformer": None}
    stored = {"key": key, "data": _encode(data), "memo": _encode(memo)}
    path.write_text(json.dumps(stored, separators=(",", ":")) + "\n", encoding="utf-8")


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(type(k) is str for k in value) and not (len(value) == 1 and ("t" in value or "d" in value)):
            return {k: _encode(v) for k, v in value.items()}
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or type(value) in (str, int, bool, float):
        return value
    raise TypeError(f"Lark's tables hold a {type(value).__name__}, which JSON cannot carry")


def _decode(found: dict[str, Any]) -> Any:
    if len(found) == 1:
        if "t" in found:
            return tuple(found["t"])
        if "d" in found:
            return dict(found["d"])  # (a tuple key is already a tuple: inner values come first)
    return found


def main() -> None:
    from dfc_plugin.script.parser import build_parser

    parser, key = build_parser()
    write_tables(parser, key)
    print(f"wrote {TABLES} ({key[:12]})", file=sys.stderr)


if __name__ == "__main__":
    main()
