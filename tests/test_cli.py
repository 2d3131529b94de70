"""The command line, as a user runs it: exit codes, text and JSON output, and plain
messages (never a traceback) for user mistakes."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from dfc_plugin.cli import main

Write = Callable[[str, str | bytes], Path]

BEAR = "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue()


def test_check_clean_folder(write: Write, tmp_path: Path) -> None:
    write("g/grizzly_bears.txt", BEAR)
    code, text = run("check", str(tmp_path / "scripts"))
    assert code == 0
    assert text.strip() == "1 files, 1 cards, 1 faces (normal 1); 0 errors, 0 warnings"


def test_check_reports_every_error_then_a_summary(write: Write, tmp_path: Path) -> None:
    write("a/one.txt", "Name:One\nManaCost:2 Q\nTypes:Creature\n")
    write("b/two.txt", "Name:Two\nTypes:Creature\nPT:x/1\n")
    write("c/bears.txt", BEAR)
    code, text = run("check", str(tmp_path / "scripts"))
    assert code == 1
    lines = text.splitlines()
    assert lines[0].endswith("a/one.txt:2:12: error: " + lines[0].split(": error: ")[1])
    assert "b/two.txt:3:4: error: bad PT" in text
    assert lines[-1] == "3 files, 1 cards, 1 faces (normal 1); 2 errors, 0 warnings"


def test_check_json(write: Write, tmp_path: Path) -> None:
    write("a/one.txt", "Name:One\nManaCost:2 Q\nTypes:Creature\n")
    write("c/bears.txt", BEAR + "Mystery:yes\n")
    code, text = run("check", "--json", str(tmp_path / "scripts"))
    assert code == 1
    data = json.loads(text)
    assert data["files"] == 2 and data["cards"] == 1 and data["layouts"] == {"normal": 1}
    (error,) = data["errors"]
    assert error["path"].endswith("one.txt") and (error["line"], error["column"]) == (2, 12)
    assert set(error) == {
        "path",
        "severity",
        "code",
        "line",
        "column",
        "end_column",
        "message",
        "hint",
        "source_line",
    }
    assert (error["severity"], error["code"], error["end_column"]) == ("error", "bad-mana-cost", 13)
    assert error["hint"].startswith("write mana symbols") and error["hint"] not in error["message"]
    (warning,) = data["warnings"]
    assert warning["message"].startswith("unknown key 'Mystery'")
    assert (warning["severity"], warning["code"], warning["line"]) == ("warning", "unknown-key", 6)


def test_check_missing_path_is_one_error_and_the_rest_is_checked(write: Write, tmp_path: Path) -> None:
    write("g/grizzly_bears.txt", BEAR)
    code, text = run("check", str(tmp_path / "missing"), str(tmp_path / "scripts"))
    assert code == 1
    assert text.splitlines()[0] == f"{tmp_path / 'missing'}: error: no such file or folder"
    assert text.splitlines()[-1] == "1 files, 1 cards, 1 faces (normal 1); 1 errors, 0 warnings"


def test_check_json_is_json_even_for_a_missing_path(tmp_path: Path) -> None:
    code, text = run("check", "--json", str(tmp_path / "missing"))
    assert code == 1
    (error,) = json.loads(text)["errors"]
    assert (error["path"], error["code"], error["line"]) == (str(tmp_path / "missing"), "no-such-path", 0)


def test_show_text_and_json(write: Write, tmp_path: Path) -> None:
    write("g/grizzly_bears.txt", BEAR)
    code, text = run("show", "grizzly bears", "--library", str(tmp_path / "scripts"))
    assert code == 0
    assert text.splitlines()[0].startswith("Grizzly Bears  [normal]")
    code, text = run("show", "Grizzly Bears", "--library", str(tmp_path / "scripts"), "--json")
    data = json.loads(text)
    assert (data["layout"], data["mana_cost"], data["type_line"], data["power"]) == (
        "normal",
        "{1}{G}",
        "Creature — Bear",
        "2",
    )


def test_show_unknown_card(write: Write, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write("g/grizzly_bears.txt", BEAR)
    code, _ = run("show", "Grizly Bears", "--library", str(tmp_path / "scripts"))
    assert code == 1
    assert "no card has a face named 'Grizly Bears'; did you mean 'Grizzly Bears'?" in capsys.readouterr().err
    code, text = run("show", "Grizly Bears", "--library", str(tmp_path / "scripts"), "--json")
    assert code == 1 and json.loads(text)["suggestions"] == ["Grizzly Bears"]


def test_bad_command_line_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["check"])
    assert caught.value.code == 2
    assert "the following arguments are required: PATH" in capsys.readouterr().err


def test_bundled_delver_through_the_installed_command() -> None:
    """The console script of the installed package, as a user runs it."""
    command = shutil.which("dfc-plugin") or str(Path(sys.executable).parent / "dfc-plugin")
    result = subprocess.run(
        [command, "show", "Delver of Secrets", "--json"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["layout"] == "transform"
    assert [face["name"] for face in data["card_faces"]] == ["Delver of Secrets", "Insectile Aberration"]


def test_bundled_scripts_are_clean() -> None:
    from dfc_plugin.script.resources import bundled_cardscripts

    code, text = run("check", "--json", str(bundled_cardscripts()))
    data = json.loads(text)
    assert (data["errors"], data["warnings"]) == ([], [])
    assert code == 0
