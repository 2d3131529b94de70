"""Bad input everywhere a user can give it: one clear message that names the culprit,
a non-zero exit for a command, and no traceback for a user mistake; and nothing in a card
script, a scenario file or the cache can make the plugin run code."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_support import new_game
from rules_support import library

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import load_scenarios, planned_runs, run_scenario
from dfc_plugin.errors import CardNotFoundError, IllegalActionError, PluginError
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.script.build import read_script
from dfc_plugin.script.library import Library
from dfc_plugin.state import Zone

Write = Callable[[str, str | bytes], Path]


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "dfc_plugin.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, check=False)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["check"], 2, "the following arguments are required: PATH"),
        (["check", "/no/such/folder"], 1, "/no/such/folder: error: no such file or folder"),
        (["show", "No Such Card Anywhere"], 1, "no card has a face named 'No Such Card Anywhere'"),
        (["frobnicate"], 2, "invalid choice: 'frobnicate'"),
        (["conformance", "--edition", "1993"], 2, "unknown rules edition '1993'"),
        (["conformance", "--engine", "json"], 1, "--engine takes module:factory"),
        (["conformance", "/no/such/scenarios.toml"], 1, "no such file or folder"),
    ],
)
def test_command_line_mistakes(args: list[str], code: int, message: str) -> None:
    done = cli(*args)
    assert done.returncode == code, done.stderr
    assert message in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_broken_scenario_file_is_reported_and_the_rest_runs(tmp_path: Path) -> None:
    (tmp_path / "broken.toml").write_text(
        "[[scenario]]\nid = 'x'\nrule = '712.8a'\ntext = 't'\nsource = 's'\n[[scenario.step]]\ndo = 'explode'\n",
        encoding="utf-8",
    )
    done = cli("conformance", str(tmp_path))
    assert done.returncode == 1
    assert "broken.toml:2: scenario 'x': key scenario[0].step[0].do: unknown action 'explode'" in done.stdout
    assert "Traceback" not in done.stderr


def test_unknown_card_in_a_scenario_is_an_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        "[[scenario]]\nid = 'ghost'\nrule = '712.8a'\ntext = 't'\nsource = 's'\n"
        "[scenario.setup]\nx = { card = 'Nonexistent Card' }\n[[scenario.check]]\nobject = 'x'\nzone = 'hand'\n",
        encoding="utf-8",
    )
    scenarios, errors = load_scenarios([path], bundled=False)
    assert errors == []
    outcome = run_scenario(planned_runs(scenarios)[0], ReferenceDriver)
    assert outcome.status == "error"
    assert "no card has a face named 'Nonexistent Card'" in outcome.message


def test_engine_card_name_mistakes() -> None:
    game = new_game()
    with pytest.raises(CardNotFoundError, match="Delver of Secret'; did you mean 'Delver of Secrets'"):
        game.add("Delver of Secret", Zone.HAND)
    with pytest.raises(IllegalActionError, match="there is no player 7"):
        game.add("Delver of Secrets", Zone.HAND, player=7)


class WrongType:
    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("transform", lambda *a: "transformed!", plugin="wrong-type")


def test_engine_reports_a_plugin_that_returns_the_wrong_type() -> None:
    from dfc_plugin.host import Game

    game = Game(library=library(), plugins=[WrongType()])
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD)
    with pytest.raises(
        PluginError, match="plugin 'wrong-type', rule point 'transform': returned str, expected Outcome"
    ):
        game.transform(delver)
    assert game.name_of(delver) == "Delver of Secrets"  # the game is unchanged


def test_two_cards_with_one_name(write: Write, tmp_path: Path) -> None:
    bears = "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n"
    write("a.txt", bears)
    write("b.txt", bears)
    done = cli("check", str(tmp_path / "scripts"))
    assert done.returncode == 1 and "two cards have a face named 'Grizzly Bears'" in done.stdout


# --------------------------------------------------------------------------- no code from data

PAYLOAD = "__import__('os').system('touch {marker}')"


def test_card_script_text_is_never_evaluated(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    payload = PAYLOAD.format(marker=marker)
    script = (
        f"Name:{payload}\nManaCost:1\nTypes:Creature\nPT:1/1\n"
        f"A:AB$ {payload} | Cost$ {payload}\nSVar:{payload}:DB$ {payload}\nK:{payload}\nOracle:{payload}\n{payload}:x\n"
    )
    result = read_script(script.encode(), "evil.txt")
    card = result.card
    assert card is not None
    for face in card.faces:
        [a.params for a in face.abilities]
        [(s.name, s.params) for s in face.svars]
        assert payload in face.oracle_text
    assert not marker.exists()


def test_scenario_values_are_never_evaluated(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    payload = PAYLOAD.format(marker=marker).replace("'", '"')
    path = tmp_path / "s.toml"
    path.write_text(
        f"[[scenario]]\nid = '{payload}'\nrule = '712.8a'\ntext = '{payload}'\nsource = 's'\n"
        f"[scenario.setup]\nx = {{ card = '{payload}' }}\n[[scenario.check]]\nobject = 'x'\nname = '{payload}'\n",
        encoding="utf-8",
    )
    scenarios, errors = load_scenarios([path], bundled=False)
    assert errors == []
    outcome = run_scenario(planned_runs(scenarios)[0], ReferenceDriver)
    assert outcome.status == "error" and "no card has a face named" in outcome.message
    assert not marker.exists()


def test_hostile_cache_never_runs_code(write: Write, tmp_path: Path) -> None:
    """A pickle that would run a command, put where the cache pack is, is never executed:
    the pack is JSON, so the file is just ignored and rebuilt."""
    import pickle

    from dfc_plugin.script.cache import Pack

    marker = tmp_path / "pwned"

    class Exploit:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            import os

            return (os.system, (f"touch {marker}",))

    write("a/bears.txt", "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n")
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    Pack.location(cache, (tmp_path / "scripts").resolve()).write_bytes(pickle.dumps(Exploit()))
    library_again = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert library_again.get("Grizzly Bears").name == "Grizzly Bears"
    assert not marker.exists()
