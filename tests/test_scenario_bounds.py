"""Scenario and known-gaps files an adversary writes (issue 9, item 6): every count is
bounded, deep nesting, non-UTF-8 bytes, FIFOs and devices are one clear error naming the
file (and the scenario's line and key path), and control characters never reach a report."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios
from dfc_plugin.conformance.schema import LIMITS, load_file
from dfc_plugin.errors import ScenarioError

HEAD = """[[scenario]]
id = "t-bounds"
rule = "712.8e"
text = "bounds"
source = "test"
"""
SETUP = """[scenario.setup]
hunt = { card = "Huntmaster of the Fells", zone = "battlefield" }
"""
CHECK = """[[scenario.check]]
object = "hunt"
name = "Huntmaster of the Fells"
"""


def write(tmp_path: Path, text: str | bytes, name: str = "s.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_file(path)
    return caught.value


def test_a_huge_player_count_is_refused_with_its_line_and_key(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, HEAD + "players = 30000000\n" + SETUP + CHECK))
    assert error.key_path == "scenario[0].players" and error.line == 2
    assert f"players is 1 to {LIMITS['players']}, not 30000000" in str(error)
    assert str(error).startswith(f"{tmp_path / 's.toml'}:2: scenario 't-bounds': key scenario[0].players:")


@pytest.mark.parametrize("value", ["1000000000000", "1e12", "-5000"])
def test_spells_cast_is_bounded(tmp_path: Path, value: str) -> None:
    step = f'[[scenario.step]]\ndo = "next_turn"\nspells_cast = {value}\n'
    error = error_of(write(tmp_path, HEAD + SETUP + step + CHECK))
    assert error.key_path == "scenario[0].step[0].spells_cast"
    assert "an integer from -1000 to 1000" in error.message


def test_long_lists_and_many_steps_are_refused(tmp_path: Path) -> None:
    order = ", ".join("0" for _ in range(LIMITS["list"] + 1))
    step = f'[[scenario.step]]\ndo = "exile"\nobject = "hunt"\norder = [{order}]\n'
    assert error_of(write(tmp_path, HEAD + SETUP + step + CHECK)).key_path == "scenario[0].step[0].order"
    steps = '[[scenario.step]]\ndo = "transform"\nobject = "hunt"\n' * (LIMITS["steps"] + 1)
    assert error_of(write(tmp_path, HEAD + SETUP + steps + CHECK)).key_path == "scenario[0].step"


def test_deep_nesting_is_one_error_and_the_other_files_still_load(tmp_path: Path) -> None:
    write(tmp_path, "x = " + "[" * 20000 + "]" * 20000 + "\n", "deep.toml")
    write(tmp_path, HEAD + SETUP + CHECK, "good.toml")
    scenarios, errors = load_scenarios([tmp_path], bundled=False)
    assert [s.id for s in scenarios] == ["t-bounds"]
    (error,) = errors
    assert error.path.endswith("deep.toml") and "nested too deeply" in error.message


def test_control_characters_in_a_scenario_are_refused(tmp_path: Path) -> None:
    text = (HEAD + SETUP + CHECK).replace('id = "t-bounds"', 'id = "t-\\u001b[2Jbounds"')
    error = error_of(write(tmp_path, text))
    assert error.key_path == "scenario[0].id" and "control character" in error.message
    assert "\x1b" not in str(error)
    text = (HEAD + SETUP + CHECK).replace('text = "bounds"', 'text = "a\\u0000b"')
    assert error_of(write(tmp_path, text)).key_path == "scenario[0].text"


def test_a_scenario_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, (HEAD + SETUP).encode() + b"# caf\xe9\n" + CHECK.encode()))
    assert error.line == 8 and "not UTF-8 (byte 0xe9)" in error.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_or_a_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert "not a regular file" in error_of(fifo).message
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    assert "not a regular file" in error_of(zero).message
    with pytest.raises(ScenarioError, match="not a regular file"):
        load_known_gaps(fifo)


def test_known_gaps_files_that_are_not_utf8_or_too_deep(tmp_path: Path) -> None:
    bad = write(tmp_path, b'[gaps]\n"t" = "caf\xe9"\n', "gaps.toml")
    with pytest.raises(ScenarioError, match=r"gaps.toml:2: known-gaps file is not UTF-8"):
        load_known_gaps(bad)
    deep = write(tmp_path, "x = " + "[" * 20000 + "]" * 20000 + "\n", "deep_gaps.toml")
    with pytest.raises(ScenarioError, match="nested too deeply"):
        load_known_gaps(deep)


def test_thousands_of_scenarios_keep_their_lines(tmp_path: Path) -> None:
    """Each scenario's line comes from one pass over the file (it was one scan per
    scenario: quadratic); ``benchmarks/scenario_loading.py`` measures it."""
    one = HEAD + SETUP + CHECK
    text = "".join(one.replace("t-bounds", f"t-{i}") for i in range(4000))
    loaded = load_file(write(tmp_path, text))
    lines_each = one.count("\n")
    assert [s.line for s in loaded[:3]] == [2, 2 + lines_each, 2 + 2 * lines_each]
    assert loaded[-1].id == "t-3999" and loaded[-1].line == 2 + 3999 * lines_each
