"""The conformance machinery itself: the schema's errors, the runner's verdicts (a suite
that can fail), another engine through --engine with strict known gaps, the reports,
and the pytest plugin through pytest's own plugin tester."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from dfc_plugin.conformance.driver import ReferenceDriver, load_driver_factory
from dfc_plugin.conformance.report import run_suite
from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios, planned_runs, run_scenario
from dfc_plugin.conformance.schema import load_file
from dfc_plugin.errors import DriverError, ScenarioError
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.state import DfcState

GOOD = """
[[scenario]]
id = "t-712.8e"
rule = "712.8e"
text = "While a nonmodal double-faced permanent has its back face up ... its mana value is calculated using the mana cost of its front face."
source = "test"
[scenario.setup]
hunt = { card = "Huntmaster of the Fells", zone = "battlefield" }
[[scenario.step]]
do = "transform"
object = "hunt"
expect = { happened = true, rule = "701.27a" }
[[scenario.check]]
object = "hunt"
name = "Ravager of the Fells"
mana_value = 4
"""

MELD = """
[[scenario]]
id = "t-701.42a"
rule = "701.42a"
text = "To meld the two cards in a meld pair, put them onto the battlefield with their back faces up and combined."
source = "test"
[scenario.setup]
rats = { card = "Graf Rats", zone = "battlefield" }
scav = { card = "Midnight Scavengers", zone = "battlefield" }
[[scenario.step]]
do = "meld"
objects = ["rats", "scav"]
as = "host"
[[scenario.check]]
object = "host"
name = "Chittering Host"
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- schema errors


def test_malformed_toml_names_file_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.toml", '[[scenario]]\nid = "x"\nrule = [\n')
    with pytest.raises(ScenarioError) as caught:
        load_file(path)
    error = caught.value
    assert (error.path, error.line) == (str(path), 4)
    assert "not valid TOML" in error.message


@pytest.mark.parametrize(
    ("text", "key_path", "message"),
    [
        (
            GOOD.replace('do = "transform"', 'do = "teleport"'),
            "scenario[0].step[0].do",
            "unknown action 'teleport'",
        ),
        (
            GOOD.replace('object = "hunt"\nexpect', 'object = "hnt"\nexpect'),
            "scenario[0].step[0].object",
            "an alias defined before this step",
        ),
        (GOOD.replace('rule = "712.8e"', ""), "scenario[0].rule", "names the rule number"),
        (
            GOOD.replace("mana_value = 4", "mana_valu = 4"),
            "scenario[0].check[0].mana_valu",
            "unknown key 'mana_valu'",
        ),
        (
            GOOD.replace('zone = "battlefield"', 'zone = "moon"'),
            "scenario[0].setup.hunt.zone",
            "unknown zone 'moon'",
        ),
        (GOOD + '\neditions = ["1999"]\n', "scenario[0].editions", "unknown edition '1999'"),
    ],
)
def test_schema_errors_name_the_scenario_and_key_path(
    tmp_path: Path, text: str, key_path: str, message: str
) -> None:
    path = write(tmp_path, "s.toml", text)
    if "editions" in key_path:  # editions must be a key of the scenario, not of a check
        path.write_text(
            GOOD.replace('source = "test"', 'source = "test"\neditions = ["1999"]'), encoding="utf-8"
        )
    with pytest.raises(ScenarioError) as caught:
        load_file(path)
    error = caught.value
    assert (error.scenario, error.key_path) == ("t-712.8e", key_path)
    assert message in error.message
    assert str(path) in str(error)


def test_a_bad_file_is_reported_and_the_others_still_run(tmp_path: Path) -> None:
    write(tmp_path, "a_good.toml", GOOD)
    write(tmp_path, "b_bad.toml", "[[scenario]]\nid = 3\n")
    scenarios, errors = load_scenarios([tmp_path], bundled=False)
    assert [s.id for s in scenarios] == ["t-712.8e"]
    assert len(errors) == 1 and errors[0].path.endswith("b_bad.toml")


def test_duplicate_ids_are_an_error(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", GOOD)
    _, errors = load_scenarios([tmp_path], bundled=False)
    assert "scenario id is also used in" in errors[0].message


# --------------------------------------------------------------------------- verdicts


def scenario(tmp_path: Path, text: str = GOOD) -> list:  # type: ignore[type-arg]
    scenarios, errors = load_scenarios([write(tmp_path, "s.toml", text)], bundled=False)
    assert errors == []
    return planned_runs(scenarios)


def test_a_passing_scenario(tmp_path: Path) -> None:
    (run,) = scenario(tmp_path)
    outcome = run_scenario(run, ReferenceDriver)
    assert outcome.status == "passed", outcome.message
    assert any("701.27a" in line for line in outcome.log)


class WrongManaValue:
    """A deliberately broken rules plugin: a back face's mana value is its own (0)."""

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("mana_value", self.mana_value, plugin="broken-mana-value")

    def mana_value(self, state: DfcState) -> int:
        face = state.card.faces[-1] if state.up.value == "back" else state.card.faces[0]
        return face.mana_value


def test_a_broken_handler_makes_the_scenario_fail_readably(tmp_path: Path) -> None:
    """The suite can fail: a plugin that answers 712.8e wrongly fails the scenario, and
    the message shows the ruling, expected against actual, and the step log."""
    from dfc_plugin.conformance.report import failure_text

    (run,) = scenario(tmp_path)
    outcome = run_scenario(run, lambda: ReferenceDriver(plugins=[WrongManaValue()]))
    assert outcome.status == "failed"
    text = "\n".join(failure_text(outcome))
    assert "check[0] object hunt mana_value: expected 4, got 0" in text
    assert "its mana value is calculated using the mana cost of its front face" in text
    assert "it transforms into Ravager of the Fells  [rule 701.27a]" in text


def test_refusal_expectations(tmp_path: Path) -> None:
    refused = GOOD.replace(
        'do = "transform"\nobject = "hunt"\nexpect = { happened = true, rule = "701.27a" }',
        'do = "cast"\nobject = "hunt"\nface = "Ravager of the Fells"\nexpect = { refused = "712.11c" }',
    ).replace('[[scenario.check]]\nobject = "hunt"\nname = "Ravager of the Fells"\nmana_value = 4\n', "")
    refused = refused.replace('zone = "battlefield"', 'zone = "hand"')
    (run,) = scenario(tmp_path, refused)
    assert run_scenario(run, ReferenceDriver).status == "passed"


def test_known_gaps_are_strict(tmp_path: Path) -> None:
    runs = scenario(tmp_path)
    gaps = {"t-712.8e": "we pretend this fails"}
    outcome = run_scenario(runs[0], ReferenceDriver, gaps)
    assert outcome.status == "xpassed" and "remove it from the list" in outcome.message
    broken = run_scenario(runs[0], lambda: ReferenceDriver(plugins=[WrongManaValue()]), gaps)
    assert broken.status == "xfailed"


def test_bad_engine_specs() -> None:
    with pytest.raises(DriverError, match="module:factory"):
        load_driver_factory("nocolon")
    with pytest.raises(DriverError, match="cannot import engine module 'no_such_engine_xyz'"):
        load_driver_factory("no_such_engine_xyz:make")
    with pytest.raises(DriverError, match="has no callable 'nope'"):
        load_driver_factory("json:nope")


def test_reports(tmp_path: Path) -> None:
    scenarios, _ = load_scenarios([write(tmp_path, "s.toml", GOOD + MELD)], bundled=False)
    report = run_suite(scenarios, ReferenceDriver)
    assert report.ok and report.count("passed") == 2
    text = report.text()
    assert "712.8e" in text and "2 scenario runs: 2 passed, 0 failed" in text
    data = report.as_json()
    assert {r["id"] for r in data["results"]} == {"t-712.8e", "t-701.42a"}
    assert data["edition"] == "all" and data["failed"] == 0
    assert "<testsuite" in report.junit_xml() and 'tests="2"' in report.junit_xml()
    page = report.html()
    assert page.startswith("<!DOCTYPE html>")
    assert page.count('<details id="scenario-') == 2 and 'class="verdict good"' in page
    broken = run_suite(scenarios, lambda: ReferenceDriver(plugins=[WrongManaValue()])).html()
    assert 'class="verdict bad"' in broken
    failures = broken.split("<h2>Failures</h2>", 1)[1].split("<h2>Rules by section</h2>", 1)[0]
    assert failures.count('<details class="failed filterable"') == 1 and "t-712.8e" in failures
    assert "mana_value: expected 4, got 0" in failures


# --------------------------------------------------------------------------- another engine


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT / "tests"), "PATH": str(Path(sys.executable).parent)}
    return subprocess.run(
        [sys.executable, "-m", "dfc_plugin.cli", "conformance", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
    )


def test_engine_option_with_known_gaps(tmp_path: Path) -> None:
    """--engine drives another engine; its known gaps run as strict expected failures."""
    files = [str(write(tmp_path, "g.toml", GOOD)), str(write(tmp_path, "m.toml", MELD))]
    gaps = write(tmp_path, "gaps.toml", '[gaps]\n"t-701.42a" = "no meld yet"\n')
    done = run_cli(
        "--only",
        *files,
        "--engine",
        "incomplete_engine:factory",
        "--known-gaps",
        str(gaps),
        "--json",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(done.stdout)
    assert data["engine"] == "incomplete test engine"
    assert {r["id"]: r["status"] for r in data["results"]} == {"t-712.8e": "passed", "t-701.42a": "xfailed"}
    without = run_cli("--only", *files, "--engine", "incomplete_engine:factory", cwd=tmp_path)
    assert without.returncode == 1
    assert (
        "FAILED t-701.42a" in without.stdout
        and "refused by rule 0.0: this engine does not do meld" in without.stdout
    )
    missing = run_cli("--engine", "not_an_engine:make", cwd=tmp_path)
    assert missing.returncode == 1 and missing.stderr.startswith(
        "dfc-plugin: cannot import engine module 'not_an_engine'"
    )
    assert "Traceback" not in missing.stderr


def test_pytest_plugin_items_and_known_gaps(pytester: pytest.Pytester, tmp_path: Path) -> None:
    """The real pytest plugin: one item per scenario with the scenario id as its id;
    --dfc-engine and --dfc-known-gaps give strict xfails; -k picks one rule."""
    good, meld = write(tmp_path, "g.toml", GOOD), write(tmp_path, "m.toml", MELD)
    gaps = write(tmp_path, "gaps.toml", '[gaps]\n"t-701.42a" = "no meld yet"\n')
    pytester.makepyfile(
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_check\n"
        "def test_scenario(dfc_run, dfc_driver_factory):\n    dfc_check(dfc_run, dfc_driver_factory)\n"
    )
    pytester.syspathinsert(ROOT / "tests")
    options = [
        f"--dfc-scenarios={good}",
        f"--dfc-scenarios={meld}",
        "--dfc-only",
        "--dfc-engine=incomplete_engine:factory",
    ]
    result = pytester.runpytest(
        "-p", "no:cacheprovider", *options, f"--dfc-known-gaps={gaps}", "-k", "t-", "-v"
    )
    result.stdout.fnmatch_lines(
        ["*test_scenario[[]t-712.8e[]] PASSED*", "*test_scenario[[]t-701.42a[]] XFAIL*"]
    )
    assert result.ret == 0
    one = pytester.runpytest("-p", "no:cacheprovider", *options, "-k", "t-712.8e", "-q")
    assert one.parseoutcomes()["passed"] == 1 and "failed" not in one.parseoutcomes()


def test_bundled_suite_same_results_with_two_workers(pytester: pytest.Pytester) -> None:
    """Scenarios are independent: pytest -n 2 gives the same outcomes as one process."""
    pytester.makepyfile(
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_check\n"
        "def test_scenario(dfc_run, dfc_driver_factory):\n    dfc_check(dfc_run, dfc_driver_factory)\n"
    )
    serial = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q")
    parallel = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q", "-n", "2")
    assert serial.parseoutcomes() == parallel.parseoutcomes()
    assert serial.ret == parallel.ret == 0


def test_known_gaps_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"\[gaps\] table"):
        load_known_gaps(write(tmp_path, "g.toml", "gaps = 3\n"))


def test_game_checks_ask_about_a_named_player(tmp_path: Path) -> None:
    """``player`` picks whose spells or mana a game check asks about (default player 1)."""
    text = """
[[scenario]]
id = "t-spells-cast"
rule = "712.11"
text = "test"
source = "test"
[scenario.setup]
delver = { card = "Delver of Secrets", zone = "hand", player = 2 }
[[scenario.step]]
do = "cast"
object = "delver"
player = 2
[[scenario.check]]
game = "player 2"
player = 2
spells_cast = 1
[[scenario.check]]
game = "player 1"
spells_cast = 0
"""
    (run,) = scenario(tmp_path, text)
    outcome = run_scenario(run, ReferenceDriver)
    assert outcome.status == "passed", outcome.message
    wrong = scenario(tmp_path, text.replace("spells_cast = 0", "spells_cast = 1"))
    assert "expected 1, got 0" in run_scenario(wrong[0], ReferenceDriver).message


def test_engine_module_in_the_current_directory(tmp_path: Path) -> None:
    """Regression: the console script could not import an --engine module from the
    directory it was run in (its sys.path has no entry for it)."""
    (tmp_path / "my_engine.py").write_text(
        (ROOT / "tests" / "incomplete_engine.py").read_text(encoding="utf-8")
    )
    command = shutil.which("dfc-plugin") or str(Path(sys.executable).parent / "dfc-plugin")
    done = subprocess.run(
        [
            command,
            "conformance",
            "--only",
            str(write(tmp_path, "g.toml", GOOD)),
            "--engine",
            "my_engine:factory",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "incomplete test engine" in done.stdout
