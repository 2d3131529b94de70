"""The conformance reports and command line as their readers use them: errors apart from
failures, statuses the runner does not know, JUnit XML that agrees with pytest's own,
the HTML page, exit codes, and the pytest plugin's rule selection and tracebacks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from helpers import ROOT
from test_conformance_machinery import run_cli as conformance

import dfc_plugin
from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.html_report import OPEN_FAILURES
from dfc_plugin.conformance.report import Report, junit_class, run_suite
from dfc_plugin.conformance.runner import Outcome, load_scenarios, planned_runs
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.state import DfcState

SCENARIO = """
[[scenario]]
id = "t-{rule}-{n}"
rule = "{rule}"
text = "Rule {rule} says so."
source = "Comprehensive Rules test"
[scenario.setup]
hunt = {{ card = "{card}", zone = "battlefield" }}
[[scenario.check]]
object = "hunt"
mana_value = {value}
"""


def scenario_file(tmp_path: Path, *entries: tuple[str, str, int]) -> Path:
    """A scenario file: one scenario per (rule, card, expected mana value)."""
    path = tmp_path / "cr712_reports.toml"
    text = "".join(
        SCENARIO.format(rule=rule, card=card, value=value, n=n) for n, (rule, card, value) in enumerate(entries)
    )
    path.write_text(text, encoding="utf-8")
    return path


class Shaky:
    """A rules plugin that answers Delver's mana value wrongly and raises for Graf Rats."""

    builtin: Any = None

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        self.builtin = registry.register("mana_value", self.mana_value, plugin="shaky-rules")

    def mana_value(self, state: DfcState) -> int:
        if state.card.name == "Graf Rats":
            raise RuntimeError("no idea\x1b[31m about meld")
        return 7 if state.card.name == "Delver of Secrets" else int(self.builtin(state))


def shaky() -> ReferenceDriver:
    return ReferenceDriver(plugins=[Shaky()])


MIXED = (("712.8a", "Huntmaster of the Fells", 4), ("712.8e", "Delver of Secrets", 1), ("712.8g", "Graf Rats", 2))


def mixed_report(tmp_path: Path) -> Report:
    scenarios, errors = load_scenarios([scenario_file(tmp_path, *MIXED)], bundled=False)
    assert errors == []
    return run_suite(scenarios, shaky)


def test_errors_are_counted_apart_from_failures(tmp_path: Path) -> None:
    report = mixed_report(tmp_path)
    assert (report.count("passed"), report.failed, report.errors) == (1, 1, 1)
    assert "3 scenario runs: 1 passed, 1 failed, 1 errors, 0 descriptive, 0 known gaps" in report.text()
    data = report.as_json()
    assert (data["passed"], data["failed"], data["errors"], data["load_errors"]) == (1, 1, 1, [])
    assert data["statuses"]["error"] == 1


def test_the_header_names_version_engine_and_plugins(tmp_path: Path) -> None:
    report = mixed_report(tmp_path)
    head = report.text().splitlines()[:2]
    assert head[0].startswith(f"dfc-plugin {dfc_plugin.__version__} conformance: dfc-plugin reference engine")
    assert head[1] == f"rules plugins: dfc-plugin (dfc-plugin {dfc_plugin.__version__}), Shaky"
    data = report.as_json()
    assert data["version"] == dfc_plugin.__version__ and data["answered_by"] == {"mana_value": "shaky-rules"}
    assert "answered: mana_value by plugin 'shaky-rules'" in report.text()


def test_a_status_the_runner_does_not_know_is_counted_and_shown(tmp_path: Path) -> None:
    report = mixed_report(tmp_path)
    passed = next(o for o in report.outcomes if o.status == "passed")
    report.outcomes.append(Outcome(passed.run, "unsupported", "this engine has no meld"))
    assert report.summary().endswith(f"0 known gaps, 1 unsupported in {report.seconds:.1f} s")
    assert report.as_json()["statuses"]["unsupported"] == 1
    assert "1 unsupported" in report.html()
    case = ET.fromstring(report.junit_xml()).findall(".//testcase")[3]
    assert case.find("skipped") is not None and case.find("skipped").get("type") == "unsupported"  # type: ignore[union-attr]
    assert report.failed == 1 and report.errors == 1  # neither a failure nor an error


def kinds(root: ET.Element) -> dict[str, str]:
    """Test id -> failure / error / skipped / passed, from a JUnit XML tree."""
    result = {}
    for case in root.iter("testcase"):
        name = case.get("name", "")
        found = re.search(r"\[(.*)\]$", name)
        key = found.group(1) if found else name
        result[key] = next((child.tag for child in case if child.tag in ("failure", "error", "skipped")), "passed")
    return result


def test_junit_xml_has_times_timestamp_hostname_and_split_classnames(tmp_path: Path) -> None:
    report = mixed_report(tmp_path)
    root = ET.fromstring(report.junit_xml())  # well-formed despite the ESC in the engine's message
    suite = root.find("testsuite")
    assert suite is not None and suite.get("hostname") and suite.get("timestamp")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "1")
    cases = root.findall(".//testcase")
    assert {c.get("classname") for c in cases} == {"dfc_conformance.cr712_reports"}
    assert all(float(c.get("time", "-1")) >= 0 for c in cases)
    assert kinds(root) == {"t-712.8a-0": "passed", "t-712.8e-1": "failure", "t-712.8g-2": "error"}
    assert junit_class("a/b/rulings_x.v2.toml") == "dfc_conformance.rulings_x_v2"


def test_junit_xml_agrees_with_pytests_own(pytester: pytest.Pytester, tmp_path: Path) -> None:
    """The same scenarios, engine and known gap through pytest --junitxml and through
    the report: the same verdict per scenario (failure, error, skipped, passed)."""
    entries = (*MIXED, ("712.8b", "Huntmaster of the Fells", 9))
    path = scenario_file(tmp_path, *entries)
    gaps = tmp_path / "gaps.toml"
    gaps.write_text('[gaps]\n"t-712.8b-3" = "wrong on purpose"\n', encoding="utf-8")
    (pytester.path / "shaky_engine.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'tests')!r})\nfrom test_conformance_reports import shaky\n",
        encoding="utf-8",
    )
    pytester.makepyfile(
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_verdict\n"
        "def test_scenario(dfc_played):\n    dfc_verdict(dfc_played)\n"
    )
    pytester.syspathinsert()
    xml = tmp_path / "pytest.xml"
    pytester.runpytest(
        "-p", "no:cacheprovider", f"--dfc-scenarios={path}", "--dfc-only", "--dfc-engine=shaky_engine:shaky",
        f"--dfc-known-gaps={gaps}", f"--junitxml={xml}",
    )
    from dfc_plugin.conformance.runner import load_known_gaps

    scenarios, _ = load_scenarios([path], bundled=False)
    ours = run_suite(scenarios, shaky, known_gaps=load_known_gaps(gaps)).junit_xml()
    theirs = kinds(ET.parse(xml).getroot())
    assert theirs == kinds(ET.fromstring(ours))
    assert set(theirs.values()) == {"passed", "failure", "error", "skipped"}


def test_html_report_anchors_rule_text_sections_filter_and_header(tmp_path: Path) -> None:
    page = mixed_report(tmp_path).html()
    assert '<tr id="rule-712.8e"' in page and '<details id="scenario-t-712.8e-1"' in page
    row = page.split('<tr id="rule-712.8e"', 1)[1].split("</tr>", 1)[0]
    assert 'href="#scenario-t-712.8e-1"' in row and "Rule 712.8e says so." in row
    assert '<section id="section-712"' in page and "<svg" in page and "http" not in page.split("<body>")[1]
    assert '<input id="filter"' in page
    for shown in (dfc_plugin.__version__, "dfc-plugin reference engine", "Shaky", "every edition it holds for"):
        assert shown in page
    assert re.search(r"<th>date</th><td>\d{4}-\d\d-\d\d \d\d:\d\d UTC</td>", page)


def test_html_report_folds_failures_after_the_first_few(tmp_path: Path) -> None:
    many = [("712.8e", "Delver of Secrets", 1)] * (OPEN_FAILURES + 3)
    scenarios, _ = load_scenarios([scenario_file(tmp_path, *many)], bundled=False)
    page = run_suite(scenarios, shaky).html()
    failures = page.split("<h2>Failures</h2>", 1)[1].split("<h2>Rules by section</h2>", 1)[0]
    assert failures.count("open>") == OPEN_FAILURES
    assert '<details class="more filterable-group"><summary>3 more failures</summary>' in failures
    assert "answered: mana_value by plugin &#x27;shaky-rules&#x27;" in failures


# --------------------------------------------------------------------------- the command line


def test_a_run_that_plays_nothing_exits_5_and_reports_no_coverage(tmp_path: Path) -> None:
    done = conformance("--only", cwd=tmp_path)
    assert done.returncode == 5 and "no scenario was played" in done.stderr
    assert "covered" not in done.stdout


def test_coverage_names_only_the_sections_the_run_touched(tmp_path: Path) -> None:
    lines = [line for line in mixed_report(tmp_path).text().splitlines() if "covered" in line]
    assert [line.split(":")[0] for line in lines] == ["712", "seed 000 (CR 712, current)"]
    assert lines[0].startswith("712: 3/")


def test_wrong_editions_and_unwritable_reports_are_command_line_errors(tmp_path: Path) -> None:
    wrong = conformance("--edition", "2019", cwd=tmp_path)
    assert wrong.returncode == 2 and "known editions: 2017, 2022-04-29" in wrong.stderr
    listed = conformance("--help", cwd=tmp_path)
    assert re.search(r"edition:\s+2017, 2022-04-29, 2026-09-25,\s+current", listed.stdout)
    for flag, target in (("--html", tmp_path / "no" / "r.html"), ("--junit-xml", tmp_path)):
        refused = conformance(flag, str(target), cwd=tmp_path)
        assert refused.returncode == 2 and "cannot write a report" in refused.stderr
        assert refused.stdout == ""  # refused before the run


def test_the_json_header_fields(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, MIXED[0])
    done = conformance("--only", str(path), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["plugins"] == [f"dfc-plugin (dfc-plugin {dfc_plugin.__version__})"]
    assert (data["errors"], data["answered_by"]) == (0, {})


# --------------------------------------------------------------------------- the pytest plugin


def bundled_runs_citing(rule: str) -> set[str]:
    scenarios, _ = load_scenarios()
    return {run.id for run in planned_runs(scenarios) if rule in run.scenario.rules}


def test_dfc_rule_selects_every_scenario_citing_a_rule(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_verdict\n"
        "def test_scenario(dfc_played):\n    dfc_verdict(dfc_played)\n"
    )
    wanted = bundled_runs_citing("712.8e")
    done = pytester.runpytest("-p", "no:cacheprovider", "--dfc-rule", "712.8e", "--collect-only", "-q")
    collected = {m.group(1) for m in re.finditer(r"test_scenario\[(.*)\]", done.stdout.str())}
    assert collected == wanted and len(wanted) > 3
    by_k = pytester.runpytest("-p", "no:cacheprovider", "-k", "712.8e", "--collect-only", "-q")
    assert len(re.findall(r"test_scenario\[", by_k.stdout.str())) < len(wanted)  # why the option exists


def test_rule_selection_takes_subrules() -> None:
    from dfc_plugin.conformance.pytest_plugin import rule_selected

    assert rule_selected("712.8e", "712.8") and rule_selected("712.8e", "712")
    assert not rule_selected("712.80", "712.8") and not rule_selected("712.8e", "712.8a")


ENGINE_THAT_BREAKS = '''
from dfc_plugin.conformance.driver import ReferenceDriver


class Breaks(ReferenceDriver):
    def observe(self, kind, target, question, extra):
        return where_the_engine_broke()


def where_the_engine_broke():
    raise ZeroDivisionError("the engine's own bug")


def factory():
    return Breaks()
'''


def test_an_engine_exception_is_a_pytest_error_with_its_traceback(
    pytester: pytest.Pytester, tmp_path: Path
) -> None:
    path = scenario_file(tmp_path, MIXED[0])
    pytester.makepyfile(
        breaking_engine=ENGINE_THAT_BREAKS,
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_verdict\n"
        "def test_scenario(dfc_played):\n    dfc_verdict(dfc_played)\n",
    )
    pytester.syspathinsert()
    done = pytester.runpytest(
        "-p", "no:cacheprovider", f"--dfc-scenarios={path}", "--dfc-only", "--dfc-engine=breaking_engine:factory"
    )
    assert done.parseoutcomes() == {"errors": 1} or done.parseoutcomes() == {"error": 1}
    out = done.stdout.str()
    assert "def where_the_engine_broke" in out and "ZeroDivisionError: the engine's own bug" in out
    assert "ERROR t-712.8a-0" in out  # the scenario report rides along as a note


def test_markers_per_rule(pytester: pytest.Pytester, tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    path.write_text(
        SCENARIO.format(rule="712.8e", card="Delver of Secrets", value=1, n=0).replace(
            'rule = "712.8e"', 'rules = ["712.8e", "202.3b"]'
        ),
        encoding="utf-8",
    )
    pytester.makeconftest(
        "def pytest_collection_finish(session):\n"
        "    for item in session.items:\n"
        "        print('MARKS', [m.args[0] for m in item.iter_markers('dfc_rule')])\n"
    )
    pytester.makepyfile(test_dfc="def test_scenario(dfc_run):\n    pass\n")
    done = pytester.runpytest("-p", "no:cacheprovider", f"--dfc-scenarios={path}", "--dfc-only", "-s")
    assert "MARKS ['712.8e', '202.3b']" in done.stdout.str()
    assert f"dfc-plugin {dfc_plugin.__version__} conformance: dfc-plugin reference engine" in done.stdout.str()
    assert f"rules plugins: dfc-plugin (dfc-plugin {dfc_plugin.__version__})" in done.stdout.str()
    assert done.ret == 0


def test_an_installed_rules_plugin_is_named_in_the_header_and_in_failures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_hostspec import install_plugin, mana_value_plugin

    site = tmp_path / "site"
    site.mkdir()
    install_plugin(site, monkeypatch, "seven", "seven_rules", mana_value_plugin(7))
    path = scenario_file(tmp_path, MIXED[0])
    env = {"PYTHONPATH": str(site), "PATH": str(Path(sys.executable).parent)}
    done = subprocess.run(
        [sys.executable, "-m", "dfc_plugin.cli", "conformance", "--only", str(path)],
        capture_output=True, text=True, cwd=tmp_path, env=env, check=False,
    )
    assert done.returncode == 1, done.stderr
    assert f"rules plugins: dfc-plugin (dfc-plugin {dfc_plugin.__version__}), seven (seven_rules 1.2.3)" in done.stdout
    assert "answered: mana_value by plugin 'plugin-7'" in done.stdout


@pytest.mark.parametrize(("status", "verdict"), [("unsupported", "skipped"), ("descriptive", "skipped"), ("failed", "failed"), ("passed", "passed")])
def test_pytest_verdicts_by_status(tmp_path: Path, status: str, verdict: str) -> None:
    from dfc_plugin.conformance.pytest_plugin import Played, dfc_verdict

    (run,) = planned_runs(load_scenarios([scenario_file(tmp_path, MIXED[0])], bundled=False)[0])
    try:
        dfc_verdict(Played(Outcome(run, status, "why")))
        seen = "passed"
    except pytest.skip.Exception:
        seen = "skipped"
    except pytest.fail.Exception:
        seen = "failed"
    assert seen == verdict
