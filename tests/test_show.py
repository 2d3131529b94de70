"""``dfc-plugin show``: a card whose script has errors says so; text shows mana values as
the rules give them for the permanent (712.8e, 712.8g); JSON keeps Scryfall's fields at
Scryfall's places and ours under ``dfc``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from test_cli import run

Write = Callable[[str, str | bytes], Path]

BROKEN = "Name:Foo Bar\nManaCost:1 Q\nTypes:Creature Bear\nPT:2/2\nOracle:\n"


def test_a_card_whose_script_has_errors_says_so(write: Write, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write("f/foo_bar.txt", BROKEN)
    code, _ = run("show", "foo bar", "--library", str(tmp_path / "scripts"))
    err = capsys.readouterr().err
    assert code == 1
    assert "the script of 'foo bar' has errors, so the card is not in the library" in err
    assert "foo_bar.txt:2:12: error: bad ManaCost" in err and "no card has a face named" not in err
    code, text = run("show", "Foo Bar", "--library", str(tmp_path / "scripts"), "--json")
    data = json.loads(text)
    assert code == 1 and data["scripts"][0]["path"].endswith("foo_bar.txt")
    assert data["scripts"][0]["errors"][0]["line"] == 2


@pytest.mark.rule("712.8e", "712.8g")
@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("Delver of Secrets", "Back: Insectile Aberration  no mana cost  (mana value 1 as a permanent: its front face's, 712.8e)"),
        ("Graf Rats", "Melded: Chittering Host  no mana cost  (mana value 7 as the melded permanent: its fronts' total, 712.8g)"),
        ("Emeria's Call", "Back: Emeria, Shattered Skyclave  no mana cost  (mana value 0)"),  # modal: its own (712.8f)
    ],
)
def test_text_shows_the_permanents_mana_value(name: str, line: str) -> None:
    """712.8e: "its mana value is calculated using the mana cost of its front face";
    712.8g: a melded permanent's is the sum of its fronts' (Graf Rats 2 + Midnight
    Scavengers 5)."""
    code, text = run("show", name)
    assert code == 0 and line in text.splitlines()


def test_json_has_scryfalls_top_level_fields_and_keeps_ours_under_dfc() -> None:
    code, text = run("show", "Beloved Beggar", "--json")
    data = json.loads(text)
    assert code == 0
    assert data["type_line"] == "Creature — Human Peasant // Creature — Spirit"
    assert (data["color_identity"], data["keywords"]) == (["W"], ["Disturb", "Flying", "Vigilance"])
    scryfall_face_fields = {
        "object", "name", "mana_cost", "type_line", "oracle_text", "colors", "color_indicator",
        "power", "toughness", "loyalty", "defense",
    }
    assert all(set(face) <= scryfall_face_fields for face in data["card_faces"])
    faces = data["dfc"]["faces"]
    assert [f["name"] for f in faces] == ["Beloved Beggar", "Generous Soul"]
    assert "Disturb:4 W W" in faces[0]["script_keywords"] and faces[0]["source_line"] == 1


def test_json_of_a_single_faced_card_has_no_script_fields_at_the_top(write: Write, tmp_path: Path) -> None:
    write("g/grizzly_bears.txt", "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nK:Trample\nOracle:\n")
    code, text = run("show", "Grizzly Bears", "--library", str(tmp_path / "scripts"), "--json")
    data = json.loads(text)
    assert code == 0 and "script_keywords" not in data and "source_line" not in data
    assert data["keywords"] == ["Trample"] and data["color_identity"] == ["G"]
