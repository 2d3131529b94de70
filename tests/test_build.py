"""Reading whole scripts: line endings, separators, face order, what is kept, and every
error with its line and column (CR-independent: this is Forge's format)."""

from __future__ import annotations

import re

import pytest

from dfc_plugin.cards import Layout
from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.build import ScriptResult, read_script
from dfc_plugin.script.parser import _line_lexer
from dfc_plugin.script.resources import grammar_path

DELVER = """Name:Delver of Secrets
ManaCost:U
Types:Creature Human Wizard
PT:1/1
T:Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | Execute$ TrigPeek | TriggerDescription$ At the beginning of your upkeep, look.
SVar:TrigPeek:DB$ Dig | DigNum$ 1 | Reveal$ True | SubAbility$ TurnOver
SVar:TurnOver:DB$ SetState | Defined$ Self | Mode$ Transform
AlternateMode:DoubleFaced
Oracle:At the beginning of your upkeep, look at the top card of your library.\\nYou may reveal it.

ALTERNATE

Name:Insectile Aberration
ManaCost:no cost
Colors:blue
Types:Creature Human Insect
PT:3/2
K:Flying
Oracle:Flying
"""


def read(text: str | bytes, path: str = "card.txt") -> ScriptResult:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return read_script(data, path)


def only_error(result: ScriptResult) -> CardScriptError:
    assert result.card is None
    assert len(result.errors) == 1, [e.render() for e in result.errors]
    return result.errors[0]


@pytest.mark.parametrize(
    "variant",
    [
        DELVER,
        DELVER.replace("\n", "\r\n"),
        DELVER.rstrip("\n"),
        DELVER.replace("\n", "\r\n").rstrip("\r\n"),
        "\n\n# a comment\n" + DELVER.replace("ALTERNATE\n", "ALTERNATE\n# between faces\n\n"),
        "\ufeff" + DELVER,
    ],
    ids=["lf", "crlf", "lf-no-final-newline", "crlf-no-final-newline", "comments-blank-lines", "bom"],
)
def test_line_ending_and_layout_variants_read_the_same(variant: str) -> None:
    result = read(variant)
    assert result.errors == ()
    card = result.card
    assert card is not None
    assert card.layout is Layout.TRANSFORM
    assert card.face_names == ("Delver of Secrets", "Insectile Aberration")
    front, back = card.faces
    assert front.mana_cost is not None and front.mana_cost.text == "{U}"
    assert back.mana_cost is None
    assert back.color_indicator == ("U",)
    assert back.colors == ("U",)
    assert (back.power.text, back.toughness.text) == ("3", "2")  # type: ignore[union-attr]
    assert front.oracle_text.endswith("library.\nYou may reveal it.")
    transform = card.dfc.transforms
    assert len(transform) == 1
    assert (transform[0].face, transform[0].action, transform[0].source) == (0, "transform", "SVar:TurnOver")


def test_positions_count_from_one() -> None:
    card = read(DELVER).card
    assert card is not None
    assert card.front.line == 1
    assert card.back is not None and card.back.line == 13
    assert card.back.keywords[0].line == 18
    assert card.front.abilities[0].column == 3  # the value of "T:" starts in column 3


def test_unknown_keys_are_kept_and_warned() -> None:
    result = read("Name:X\nManaCost:1\nTypes:Artifact\nFrobnicate:yes\n// a note\nOracle:\n")
    card = result.card
    assert card is not None
    kept = [(e.key, e.value, e.known) for e in card.front.extra]
    assert kept == [("Frobnicate", "yes", False)]
    messages = [w.message for w in result.warnings]
    assert any("unknown key 'Frobnicate'" in m for m in messages)
    assert any('expected a "Key:Value" line' in m for m in messages)
    assert [w.line for w in result.warnings] == [4, 5]


def test_values_are_trimmed_as_forge_trims_them() -> None:
    card = read(
        "Name: Valki \nManaCost: 1 B \nTypes: Legendary Creature God \nAlternateMode: Split\nOracle: text \n"
    ).card
    assert card is None or card.name == "Valki"
    result = read("Name: Valki \nManaCost: 1 B \nTypes: Legendary Creature God \nOracle: text \n")
    assert result.card is not None
    assert result.card.name == "Valki"
    assert result.card.front.oracle_text == "text"


def test_specialize_blocks_are_faces() -> None:
    base = "Name:Karlach\nManaCost:1 R\nTypes:Legendary Creature Tiefling\nPT:3/3\nAlternateMode:Specialize\nOracle:\n"
    blocks = "".join(
        f"\nSPECIALIZE:{color}\n\nName:Karlach {color.title()}\nManaCost:1 R\nTypes:Legendary Creature Tiefling\nPT:4/4\nOracle:\n"
        for color in ("WHITE", "BLUE", "BLACK", "RED", "GREEN")
    )
    card = read(base + blocks).card
    assert card is not None
    assert card.layout is Layout.SPECIALIZE
    assert len(card.faces) == 6
    assert card.faces[5].name == "Karlach Green"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("Name:A\nManaCost:2 Q\nTypes:Creature\n", 2, 12, "bad ManaCost: unexpected 'Q'"),
        ("Name:A\nManaCost:1\nTypes:Creature\nPT:2\n", 4, 5, "bad PT"),
        ("ManaCost:1\nName:A\nTypes:Creature\n", 1, 1, "ManaCost: comes before this face's Name: line"),
        ("Name:A\nTypes:Creature\nName:B\n", 3, 1, "second Name: in one face"),
        ("Name:A\nManaCost:1\nOracle:\n", 1, 1, "has no Types: line"),
        ("", 1, 1, "empty file"),
        ("# only a comment\n", 1, 1, "no Name: line"),
        ("Name:A\nTypes:Creature\nColors:red, mauve\n", 3, 13, "bad Colors"),
        ("Name:A\nTypes:Creature\nAlternateMode:Doublefaced\n", 3, 15, "bad AlternateMode"),
        (
            "Name:A\nTypes:Creature\nK:Disturb:1 Q\nAlternateMode:DoubleFaced\nALTERNATE\nName:B\nTypes:Creature\n",
            3,
            13,
            "bad Disturb cost",
        ),
    ],
)
def test_errors_point_at_line_and_column(text: str, line: int, column: int, message: str) -> None:
    error = only_error(read(text))
    assert (error.line, error.column) == (line, column), error.render()
    assert message in error.message
    assert error.path == "card.txt"


def test_every_error_in_a_file_is_reported() -> None:
    result = read("Name:A\nManaCost:2 Q\nTypes:Creature Human\nPT:x/1\nColors:blue,teal\n")
    assert [e.line for e in result.errors] == [2, 4, 5]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_lines_inside_a_run_keep_their_own_positions(newline: str) -> None:
    """A run of lines of one kind is one token of the grammar; each line in it is still
    read, and reported, at its own line and column (blank lines inside the run count)."""
    text = newline.join(
        [
            "Name:A",
            "Types:Creature",
            "K:Flying",
            "",
            "K:Disturb:1 Q",
            "A:AB$ Draw | Cost$ T",
            "K:Disturb:2 Q",
            "",
        ]
    )
    result = read(text)
    assert [(e.line, e.column) for e in result.errors] == [(5, 13), (7, 13)]
    assert all("bad Disturb cost" in e.message for e in result.errors)


def test_a_bad_value_repeated_is_reported_at_each_place() -> None:
    """Bad values are remembered like good ones; each occurrence keeps its own column."""
    result = read("Name:A\nTypes:Creature\nPT:2\nPT:   2\n")
    assert [(e.line, e.column) for e in result.errors] == [(3, 5), (4, 8)]


def test_rendered_error_shows_line_and_caret() -> None:
    error = only_error(read("Name:A\nManaCost:2 Q\nTypes:Creature\n", "d/a.txt"))
    first, shown, caret = error.render().splitlines()[:3]
    assert first.startswith("d/a.txt:2:12: error: bad ManaCost: unexpected 'Q'; expected ")
    assert (shown, caret) == ("    ManaCost:2 Q", "               ^")
    assert "hint: write mana symbols" in error.render()


def test_second_alternate_is_an_error() -> None:
    text = DELVER + "\nALTERNATE\n\nName:Third\nTypes:Creature\n"
    errors = read(text).errors
    assert any("second face separator" in e.message and e.line == 21 for e in errors)


def test_second_face_needs_an_alternate_mode() -> None:
    text = DELVER.replace("AlternateMode:DoubleFaced\n", "")
    error = only_error(read(text))
    assert "no AlternateMode" in error.message
    assert error.line == 10  # the ALTERNATE line


def test_double_faced_mode_needs_a_second_face() -> None:
    error = only_error(read("Name:A\nTypes:Creature\nAlternateMode:Modal\n"))
    assert "needs a second face" in error.message


def test_transforming_back_face_has_no_mana_cost() -> None:
    text = DELVER.replace("ManaCost:no cost", "ManaCost:2 U")
    error = only_error(read(text))
    assert "back face" in error.message and error.line == 14


@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        (b"Name:A\nTypes:Cre\xffature\n", 2, 10, "byte 0xff is not UTF-8"),
        (b"Name:A\x00\n", 1, 7, "NUL byte"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, 1, "is not UTF-8"),
        ("Name:Ab\u00e9\nTypes:Cr\u00e9\xff".encode("latin-1"), 1, 8, "is not UTF-8"),
    ],
)
def test_bytes_that_are_not_a_script(data: bytes, line: int, column: int, message: str) -> None:
    error = only_error(read(data))
    assert (error.line, error.column) == (line, column)
    assert message in error.message


def test_ten_megabyte_line_is_read_and_reported_briefly() -> None:
    long_value = "x" * 10_000_000
    result = read(f"Name:A\nTypes:Creature\nOracle:{long_value}\n")
    assert result.card is not None
    assert len(result.card.front.oracle_text) == 10_000_000
    bad = read(f"Name:A\nTypes:Creature\nManaCost:{'1 ' * 100}{long_value}\n")
    error = only_error(bad)
    assert error.line == 3 and error.column == len("ManaCost:") + 200 + 1
    assert len(error.render()) < 2000


def test_meld_records() -> None:
    primary = (
        "Name:Graf Rats\nManaCost:1 B\nTypes:Creature Rat\nPT:2/1\n"
        "T:Mode$ Phase | Phase$ BeginCombat | Execute$ Join | TriggerDescription$ meld.\n"
        "SVar:Join:DB$ Meld | Name$ Chittering Host | Primary$ Graf Rats | Secondary$ Midnight Scavengers\n"
        "AlternateMode:Meld\nMeldPair:Midnight Scavengers\nOracle:\n\nALTERNATE\n\n"
        "Name:Chittering Host\nManaCost:no cost\nColors:black\nTypes:Creature Eldrazi Horror\nPT:5/6\nOracle:\n"
    )
    card = read(primary).card
    assert card is not None
    meld = card.dfc.meld
    assert meld is not None
    assert (meld.partner, meld.melded_face, meld.carries_melded_face, meld.line) == (
        "Midnight Scavengers",
        "Chittering Host",
        True,
        8,
    )
    assert (meld.effect_source, meld.effect_line) == ("SVar:Join", 6)
    wrong = primary.replace("Name$ Chittering Host", "Name$ Chittering Hose")
    assert "not the melded face" in only_error(read(wrong)).message


def test_meld_needs_a_partner() -> None:
    error = only_error(read("Name:A\nTypes:Creature\nAlternateMode:Meld\n"))
    assert "MeldPair" in error.message


def test_the_line_lexer_has_exactly_the_script_rules_terminals() -> None:
    """The loader lexes the grammar's file-level section without a parser; a terminal
    there that the ``script`` rule does not list (or the reverse) would make its tokens
    differ from what the grammar says a script is."""
    rule = re.search(r"^script:(.*?)\n\n", grammar_path().read_text(encoding="utf-8"), re.S | re.M)
    assert rule is not None
    in_rule = set(re.findall(r"\b[A-Z_]{2,}\b", rule.group(1)))
    assert {t.name for t in _line_lexer().terminals} == in_rule


def test_incubate_effects_are_lifted_with_their_source() -> None:
    """An ability whose effect is ``DB$ Incubate`` makes a double-faced token (701.53,
    111.10i); the record names the face and the line that does it."""
    text = (
        "Name:Breeder\nManaCost:1 W\nTypes:Creature Phyrexian\nPT:1/1\n"
        "T:Mode$ ChangesZone | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ Breed\n"
        "SVar:Breed:DB$ Incubate | Amount$ 2\n"
        "SVar:Other:DB$ Draw | NumCards$ 1\n"
        "Oracle:When this enters, incubate 2.\n"
    )
    card = read(text).card
    assert card is not None
    assert [(i.face, i.source, i.line) for i in card.dfc.incubate] == [(0, "SVar:Breed", 6)]
    assert read(text.replace("DB$ Incubate", "DB$ Token")).card.dfc.incubate == ()  # type: ignore[union-attr]
