"""A hostile file repeats one bad line thousands of times: the loader keeps the first
MAX_DIAGNOSTICS errors and warnings, counts the rest in one last entry, and reads each
line's value once per text (build.py's memo of short lines, its bulk count of the line
checks' findings). What is kept and counted must be what reporting each line gives."""

from __future__ import annotations

from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.build import MAX_DIAGNOSTICS, read_script

HEAD = b"Name:A\nTypes:Creature\n"


def kept(diagnostics: tuple[CardScriptError, ...]) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in diagnostics]


def test_a_bad_value_repeated_is_kept_fifty_times_and_the_rest_counted() -> None:
    result = read_script(HEAD + b"PT:1\n" * 120, "x.txt")
    assert kept(result.errors) == [("bad-pt", n) for n in range(3, 53)] + [("too-many", 52)]
    assert result.errors[-1].message == "70 more errors after this line are not shown"
    # every PT: line after the first is also a second PT: of the face
    assert kept(result.warnings) == [("duplicate-key", n) for n in range(4, 54)] + [("too-many", 53)]
    assert result.warnings[-1].message == "69 more warnings after this line are not shown"
    assert MAX_DIAGNOSTICS == 50


def test_a_value_too_long_is_reported_on_each_line() -> None:
    line = b"ManaCost:" + b"1 " * 150 + b"\n"
    result = read_script(HEAD + line * 61, "x.txt")
    assert kept(result.errors) == [("value-too-long", n) for n in range(3, 53)] + [("too-many", 52)]
    assert result.errors[-1].message == "11 more errors after this line are not shown"
    assert result.errors[0].column == 10 + 200  # (the value starts in column 10; its limit is 200)


def test_findings_of_the_line_checks_past_the_limit_are_counted() -> None:
    result = read_script(HEAD + b"K:a\n" * 120, "x.txt")
    assert kept(result.warnings) == [("unknown-keyword", n) for n in range(3, 53)] + [("too-many", 52)]
    assert result.warnings[-1].message == "70 more warnings after this line are not shown"


def test_errors_and_warnings_of_the_line_checks_are_kept_apart_in_order() -> None:
    # (validate.py finds the ability lines' errors before the keywords' warnings)
    result = read_script(HEAD + b"A:x\nK:a\n" * 80, "x.txt")
    assert kept(result.errors) == [("no-lead", n) for n in range(3, 103, 2)] + [("too-many", 101)]
    assert result.errors[-1].message == "30 more errors after this line are not shown"
    assert kept(result.warnings) == [("unknown-keyword", n) for n in range(4, 104, 2)] + [("too-many", 102)]
    assert result.warnings[-1].message == "30 more warnings after this line are not shown"


def test_a_line_read_before_is_placed_where_it_is_now() -> None:
    text = b"PT:2/2\nName:A\nTypes:Creature\nPT:x/1\nPT:2/2\n\nALTERNATE\nName:B\nTypes:Creature\nPT:x/1\n"
    result = read_script(text, "x.txt")
    assert [(e.code, e.line, e.column) for e in result.errors] == [
        ("before-name", 1, 1),
        ("bad-pt", 4, 4),
        ("no-alternate-mode", 7, 1),
        ("bad-pt", 10, 4),
    ]
    assert kept(result.warnings) == [("duplicate-key", 5)]


def test_a_line_read_before_is_stored_in_the_face_it_is_in_now() -> None:
    text = b"Name:A\nTypes:Creature\nPT:2/2\nAlternateMode:Modal\nALTERNATE\nName:B\nTypes:Creature\nPT:2/2\n"
    card = read_script(text, "x.txt").card
    assert card is not None
    assert [(f.power, f.toughness) for f in card.faces] == [
        (f.power, f.toughness) for f in card.faces[:1]
    ] * 2
    assert [(f.power.text, f.toughness.text) for f in card.faces if f.power and f.toughness] == [
        ("2", "2")
    ] * 2
