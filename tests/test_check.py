"""`check` reads every line: ability lines, costs, SVar references, names, the DFC
cross-checks, and every mistake of a file reported in one run (issue 11)."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dfc_plugin.cli import main
from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.build import read_script
from dfc_plugin.script.validate import MAX_LINE_PROBLEMS, known_names

Write = Callable[[str, str | bytes], Path]
ROOT_FOLDER = Path(__file__).resolve().parent.parent

FIVE_MISTAKES = """Name:Bad Meld
ManaCost:2 Q
Types:Creature Human
PT:2/2
Oracel:Something
A:AB$ Meld Cost$ 2
A:AB Draw | Cost 2 T
A:
A:AB$ Draw | Cost$ 2 Z | NumCards$ 1
A:AB$ Draw || NumCards$ 1
K:Flyng
AlternateMode:Meld
MeldPair:Bad Partnr
ALTERNATE
Name:Melded Thing
ManaCost:5 W U
Types:Creature Horror
PT:9/9
"""

#: (severity, code, line, column) of every mistake in FIVE_MISTAKES, in file order.
EXPECTED = [
    ("error", "bad-mana-cost", 2, 12),
    ("warning", "unknown-key", 5, 1),
    ("error", "missing-pipe", 6, 12),
    ("error", "no-lead", 7, 3),
    ("warning", "missing-dollar", 7, 13),
    ("error", "empty-ability", 8, 3),
    ("error", "bad-cost", 9, 22),
    ("warning", "empty-segment", 10, 12),
    ("warning", "unknown-keyword", 11, 3),
    ("error", "no-meld-partner", 13, 10),
    ("error", "back-face-mana-cost", 16, 10),
]


def check_json(*paths: Path | str) -> tuple[int, Any]:
    out = io.StringIO()
    code = main(["check", "--json", "--no-cache", *map(str, paths)], out)
    return code, json.loads(out.getvalue())


def test_every_mistake_of_a_file_is_reported_in_one_run(write: Write, tmp_path: Path) -> None:
    write("b/bad_meld.txt", FIVE_MISTAKES)
    code, data = check_json(tmp_path / "scripts")
    assert code == 1
    found = [(d["severity"], d["code"], d["line"], d["column"]) for d in data["errors"] + data["warnings"]]
    assert sorted(found, key=lambda f: (f[2], f[3])) == EXPECTED


def test_the_five_mistakes_have_their_hints(write: Write, tmp_path: Path) -> None:
    write("b/bad_meld.txt", FIVE_MISTAKES)
    _, data = check_json(tmp_path / "scripts")
    by_code = {d["code"]: d for d in data["errors"] + data["warnings"]}
    assert by_code["unknown-key"]["hint"] == "did you mean 'Oracle'?"
    assert by_code["unknown-keyword"]["hint"] == "did you mean 'Flying'?"
    assert by_code["missing-pipe"]["message"].startswith("Cost$ inside the value of AB$")
    assert "712.8g" in by_code["back-face-mana-cost"]["hint"]
    assert by_code["bad-cost"]["message"] == "bad Cost$ cost: Z is not a cost symbol"
    for entry in by_code.values():
        assert entry["end_column"] > entry["column"]
        assert entry["source_line"]  # every one, the cross-file ones too


def test_text_output_lists_every_diagnostic_with_its_line_and_caret(write: Write, tmp_path: Path) -> None:
    write("b/bad_meld.txt", FIVE_MISTAKES)
    out = io.StringIO()
    main(["check", "--no-cache", str(tmp_path / "scripts")], out)
    text = out.getvalue()
    heads = [line for line in text.splitlines() if line.startswith(str(tmp_path))]
    assert len(heads) == len(EXPECTED)
    assert [int(h.split(":")[1]) for h in heads] == [e[2] for e in EXPECTED]  # file, then line order
    assert "    MeldPair:Bad Partnr\n             ^\n" in text
    assert text.splitlines()[-1].endswith("; 7 errors, 4 warnings")


@pytest.mark.parametrize(
    ("line", "code", "column"),
    [
        ("A:SP$ Draw | SubAbility$ DBMissing", "unknown-svar", 26),
        ("A:SP$ Draw | References$ TrigDraw, Y", "unknown-svar", 36),
        ("T:Mode$ ChangesZon | Execute$ TrigDraw", "unknown-trigger", 9),
        ("S:Mode$ Continous | Affected$ Card.Self", "unknown-static", 9),
        ("R:Event$ Moveed | ReplaceWith$ TrigDraw", "unknown-replacement", 10),
        ("A:AB$ Drw | Cost$ T", "unknown-api", 7),
        ("A:AB$ Draw | Cost$ 2 U T Sac<1/CARDNAME>", None, 0),
        ("A:AB$ Draw | Cost$ 1 W Untap", None, 0),
        ("A:AB$ Draw | Cost$ 2 U+", "bad-cost", 23),
        ("A:AB$ Draw | $ 2", "empty-key", 14),
        ("K:Cycling:2 Z", "bad-cost", 13),
        ("K:Disturb:1 Q", "bad-cost", 13),
        ("K:Protection from Humans", None, 0),
        ("SVar:Unused:DB$ Draw | NumCards$ 1", "unused-svar", 6),
        ("SVar:X:Count$CardPower", None, 0),
    ],
)
def test_each_kind_of_problem_in_an_ability_line(line: str, code: str | None, column: int) -> None:
    text = f"Name:A\nTypes:Creature\nSVar:TrigDraw:DB$ Draw | NumCards$ 1\n{line}\n"
    if "TrigDraw" not in line:
        text += "A:SP$ Draw | SubAbility$ TrigDraw\n"
    result = read_script(text.encode(), "a.txt")
    found = [(p.code, p.line, p.column) for p in result.errors + result.warnings]
    assert found == ([(code, 4, column)] if code else []), [
        p.render() for p in result.errors + result.warnings
    ]


def test_a_missing_reference_suggests_a_near_svar() -> None:
    text = "Name:A\nTypes:Creature\nA:SP$ Draw | SubAbility$ DBDarw\nSVar:DBDraw:DB$ Draw\n"
    unknown, unused = read_script(text.encode(), "a.txt").warnings
    assert (unknown.code, unknown.hint) == ("unknown-svar", "did you mean 'DBDraw'?")
    assert (unused.code, unused.line) == ("unused-svar", 4)


def test_a_structural_error_does_not_hide_the_rest_of_the_file() -> None:
    text = "Name:A\nTypes:Creature\nPT:x/1\nA:AB$ Draw | Cost$ 2 Z\nK:Flyng\nALTERNATE\nName:B\nManaCost:1\nTypes:Creature\n"
    result = read_script(text.encode(), "a.txt")
    codes = [p.code for p in result.errors + result.warnings]
    assert codes.count("bad-pt") == 1 and "bad-cost" in codes and "unknown-keyword" in codes
    assert "no-alternate-mode" in codes
    assert result.card is None and result.outline is not None


def test_a_hostile_ability_line_is_reported_briefly() -> None:
    text = "Name:A\nTypes:Creature\nA:AB$ Draw" + " | x" * 100_000 + "\n"
    result = read_script(text.encode(), "a.txt")
    codes = [w.code for w in result.warnings]
    assert len(codes) == MAX_LINE_PROBLEMS + 1
    assert codes.count("line-not-checked") == 1 and codes.count("missing-dollar") == MAX_LINE_PROBLEMS


def test_warnings_are_sorted_by_line_and_errors_too() -> None:
    text = "Name:A\nTypes:Creature\nK:Flyng\nFoo:1\nA:AB$ Drw\n"
    result = read_script(text.encode(), "a.txt")
    assert [w.line for w in result.warnings] == [3, 4, 5]


def test_control_characters_from_a_script_are_escaped_in_text_output(write: Write, tmp_path: Path) -> None:
    write("a/esc.txt", "Name:A\nTypes:Creature\nFoo\x1b]0;owned\x07:1\nManaCost:\x1b[31m\n")
    out = io.StringIO()
    main(["check", "--no-cache", str(tmp_path / "scripts")], out)
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert "Foo\\x1b]0;owned\\x07" in out.getvalue()


def test_caret_stays_under_the_token_when_control_characters_are_escaped() -> None:
    error = CardScriptError("bad", path="p", line=1, column=4, source_line="\x1b\x1bab")
    shown, caret = error.caret_lines()
    assert shown == "    \\x1b\\x1bab" and caret.index("^") == shown.index("a") + 1


def test_known_names_come_from_the_generated_list() -> None:
    names = known_names()
    assert {"Draw", "SetState", "Meld", "ChangeZone"} <= names["apis"]
    assert {"ChangesZone", "Phase"} <= names["triggers"]
    assert "Flying" in names["keywords"] and "Flyng" not in names["keywords"]
    assert "Protection from" in names["keyword_families"]


def test_meld_partner_near_name_is_suggested(write: Write, tmp_path: Path) -> None:
    write("a/a.txt", "Name:Alpha\nTypes:Creature\nAlternateMode:Meld\nMeldPair:Betta\n")
    write("b/b.txt", "Name:Beta\nTypes:Creature\nAlternateMode:Meld\nMeldPair:Alpha\n")
    _, data = check_json(tmp_path / "scripts")
    problem = next(e for e in data["errors"] if e["code"] == "no-meld-partner")
    assert problem["hint"] == "did you mean 'Beta'?"
    assert (problem["line"], problem["column"], problem["source_line"]) == (4, 10, "MeldPair:Betta")


def test_a_partner_from_the_bundled_scripts_is_said(write: Write, tmp_path: Path) -> None:
    """A meld card checked alone finds its partner in the bundled scripts, and says so."""
    write(
        "g/graf_rats.txt",
        "Name:Graf Rats\nManaCost:1 B\nTypes:Creature Rat\nPT:2/1\nAlternateMode:Meld\n"
        "MeldPair:Midnight Scavengers\nALTERNATE\nName:Chittering Host\nManaCost:no cost\n"
        "Types:Creature Eldrazi Horror\nPT:5/6\n",
    )
    code, data = check_json(tmp_path / "scripts")
    assert code == 0
    (warning,) = data["warnings"]
    assert warning["code"] == "partner-from-bundled"
    assert "midnight_scavengers.txt" in warning["message"]


def test_a_melded_face_has_no_mana_cost_but_a_modal_back_face_may() -> None:
    modal = "Name:A\nManaCost:1 G\nTypes:Instant\nAlternateMode:Modal\nALTERNATE\nName:B\nManaCost:2\nTypes:Land\n"
    assert read_script(modal.encode(), "a.txt").errors == ()
    transform = modal.replace("Modal", "DoubleFaced").replace("Types:Land", "Types:Creature\nPT:1/1")
    (error,) = read_script(transform.encode(), "a.txt").errors
    assert error.code == "back-face-mana-cost" and "712.8e" in error.hint


def test_check_example_prints_what_the_readme_shows(tmp_path: Path) -> None:
    """The README's `check` example: its script, checked, prints its output exactly."""
    text = (ROOT_FOLDER / "README.md").read_text(encoding="utf-8")
    section = text.split("## Card scripts: `check` and `show`", 1)[1].split("\n## ", 1)[0]
    script = re.findall(r"```text\n(.*?)```", section, re.DOTALL)[0]
    shown = re.findall(r"```\n\$ dfc-plugin check my-scripts/\n(.*?)```", section, re.DOTALL)[0]
    target = tmp_path / "my-scripts" / "b" / "bad_bears.txt"
    target.parent.mkdir(parents=True)
    target.write_text(script, encoding="utf-8")
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        main(["check", "--no-cache", "my-scripts/"], out)
    finally:
        os.chdir(cwd)
    assert out.getvalue() == shown
