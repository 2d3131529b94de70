"""The shipped LALR tables (dfc_plugin/script/lalr_tables.json) are current, and the
parser loaded from them reads every value (and reports every error) as the parser built
from the grammar does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FORGE_2020, need_shared
from lark import Lark
from lark.exceptions import UnexpectedInput, VisitError
from lark.grammar import Rule
from lark.lexer import TerminalDef

from dfc_plugin.script import parser as parser_module
from dfc_plugin.script.parser import START_SYMBOLS, build_parser
from dfc_plugin.script.tables import TABLES, _decode, load_parser, parser_key, write_tables

_VALUE_KEYS = {
    "ManaCost": "mana_cost",
    "Types": "type_line",
    "PT": "pt",
    "Loyalty": "loyalty",
    "Defense": "loyalty",
    "Colors": "colors",
    "K": "keyword",
    "AlternateMode": "alternate_mode",
    "SPECIALIZE": "specialize_color",
}
# Values each rule rejects, so that errors (messages, columns, expected terminals) are compared too.
_BAD = ["2 U/U", "W/P/P", "2/2/", "Legendary  ", "*/", "X/", "red,,green", "Transformed", "PURPLE", ":a", ""]


def _reading(parser: Lark, start: str, text: str) -> object:
    """What the parser gives, or the error ``check`` would report (Lark's own message
    lists the expected terminals in set order, which differs between processes)."""
    try:
        return parser.parse(text, start=start)
    except UnexpectedInput as error:
        reported = parser_module._syntax_error(start, text, error)
        return reported.message, reported.column, reported.hint
    except VisitError as error:
        return type(error.orig_exc).__name__, str(error.orig_exc)
    except parser_module._SemanticError as error:
        return error.message, error.column, error.hint


@pytest.fixture(scope="module")
def both() -> tuple[Lark, Lark]:
    built, key = build_parser()
    loaded = load_parser(key, parser_module._ScriptTransformer())
    assert loaded is not None, "lalr_tables.json is stale: run python -m dfc_plugin.script.tables"
    return built, loaded


def test_the_running_parser_is_the_loaded_one() -> None:
    assert parser_module._lark().source_path == "<deserialized>"


def test_written_tables_load_back_as_lark_serialised_them(tmp_path: Path, both: tuple[Lark, Lark]) -> None:
    """JSON carries Lark's tuples and non-string keys exactly (state numbers can differ
    between two builds, since Lark orders sets by hash, so the round trip is compared)."""
    built, _ = both
    write_tables(built, "k", tmp_path / "tables.json")
    stored = json.loads((tmp_path / "tables.json").read_text(encoding="utf-8"), object_hook=_decode)
    data, memo = built.memo_serialize([TerminalDef, Rule])
    assert stored["memo"] == memo
    assert stored["data"] == {**data, "options": {**data["options"], "transformer": None}}
    assert load_parser("k", None, tmp_path / "tables.json") is not None


def test_tables_of_another_grammar_are_not_used(tmp_path: Path) -> None:
    stored = json.loads(TABLES.read_text(encoding="utf-8"))
    stored["key"] = parser_key("start: \"x\"", {})
    (tmp_path / "old.json").write_text(json.dumps(stored), encoding="utf-8")
    _, key = build_parser()
    assert load_parser(key, None, tmp_path / "old.json") is None
    assert load_parser(key, None, tmp_path / "missing.json") is None
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert load_parser(key, None, tmp_path / "bad.json") is None


def test_a_changed_grammar_changes_the_key() -> None:
    options = {"parser": "lalr", "start": list(START_SYMBOLS)}
    assert parser_key("a: b", options) != parser_key("a: c", options)
    assert parser_key("a: b", options) != parser_key("a: b", {**options, "lexer": "basic"})


def test_loaded_parser_reads_bad_values_as_the_built_one(both: tuple[Lark, Lark]) -> None:
    built, loaded = both
    for start in sorted(set(_VALUE_KEYS.values()) | {"cost"}):
        for text in _BAD:
            assert _reading(loaded, start, text) == _reading(built, start, text), (start, text)


def test_loaded_parser_reads_every_corpus_value_as_the_built_one(both: tuple[Lark, Lark]) -> None:
    built, loaded = both
    values: set[tuple[str, str]] = set()
    for path in sorted(need_shared(FORGE_2020).rglob("*.txt")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            key, colon, value = line.partition(":")
            if colon and key in _VALUE_KEYS:
                values.add((_VALUE_KEYS[key], value.strip()))
    assert len(values) > 1000
    for start, text in sorted(values):
        assert _reading(loaded, start, text) == _reading(built, start, text), (start, text)
