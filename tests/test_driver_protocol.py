"""Driver protocol version 2: declared capabilities and the ``unsupported`` status, the
set-up hook, rule citations, the minimal driver of docs/conformance.md over the whole
suite, ``--library``, engines side by side, and an engine that misbehaves (issue 9,
item 7: a factory that raises, a log of non-strings, ``sys.exit``, printing, a loop)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from helpers import ROOT
from test_conformance_machinery import GOOD, MELD, run_cli, write

from dfc_plugin.conformance.driver import (
    ActResult,
    Capabilities,
    ReferenceDriver,
    Unsupported,
    capabilities_of,
    with_libraries,
)
from dfc_plugin.conformance.matrix import matrix, unsupported_summary
from dfc_plugin.conformance.report import run_suite
from dfc_plugin.conformance.runner import load_scenarios, planned_runs, printable, run_scenario
from dfc_plugin.errors import DriverError

ZONE = """
[[scenario]]
id = "t-zone"
rule = "712.8a"
text = "zones"
source = "test"
[scenario.setup]
hunt = { card = "Huntmaster of the Fells", zone = "hand" }
[[scenario.check]]
zone = "hand"
count = 1
"""


def scenarios_of(tmp_path: Path, *texts: str) -> list[Any]:
    loaded, errors = load_scenarios([write(tmp_path, "s.toml", "".join(texts))], bundled=False)
    assert not errors
    return loaded


class Declared(ReferenceDriver):
    """The reference engine, declaring only a transform and three object questions."""

    name = "declared"

    def __init__(self, cites_rules: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cites_rules = cites_rules

    def capabilities(self) -> Capabilities:
        return Capabilities(
            frozenset({"transform"}),
            frozenset({"object.name", "object.mana_value", "object.up"}),
            frozenset({"current"}),
            self.cites_rules,
        )


# --------------------------------------------------------------------------- capabilities


def test_an_undeclared_question_makes_the_run_unsupported_counted_apart(tmp_path: Path) -> None:
    report = run_suite(scenarios_of(tmp_path, GOOD, ZONE), Declared)
    assert {o.run.id: o.status for o in report.outcomes} == {"t-712.8e": "passed", "t-zone": "unsupported"}
    (zone,) = [o for o in report.outcomes if o.status == "unsupported"]
    assert zone.message == "the driver does not declare question zone.count"
    assert report.ok and report.failed == 0
    data = report.as_json()
    assert data["statuses"]["unsupported"] == 1 and data["passed"] == 1 and data["failed"] == 0
    assert "1 unsupported" in report.text()
    skipped = ET.fromstring(report.junit_xml()).findall("testsuite/testcase/skipped")
    assert len(skipped) == 1
    assert unsupported_summary(report) == [
        "1 runs unsupported; what they need (runs), most common first:",
        "     1  question zone.count",
    ]


def test_an_undeclared_edition_is_unsupported(tmp_path: Path) -> None:
    old = GOOD.replace('source = "test"', 'source = "test"\neditions = ["2017"]')
    (outcome,) = run_suite(scenarios_of(tmp_path, old), Declared).outcomes
    assert outcome.status == "unsupported" and outcome.message.endswith("edition 2017")


def test_a_version_1_driver_is_taken_to_do_everything() -> None:
    class Old:
        name = "v1"

    everything = capabilities_of(Old())
    assert {"meld", "transform"} <= everything.actions and "log.text" in everything.questions
    assert everything.editions == {"2026-09-25", "2022-04-29", "2017"} and everything.cites_rules
    with pytest.raises(DriverError, match="unknown edition 'nope'"):
        Capabilities(frozenset(), frozenset(), frozenset({"nope"}))


def test_rules_are_compared_only_for_a_driver_that_cites_them(tmp_path: Path) -> None:
    class NoRules(Declared):
        def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
            done = super().act(action, args)
            return ActResult(done.happened, "", done.objects)

    scenarios = scenarios_of(tmp_path, GOOD)
    citing = run_suite(scenarios, lambda: NoRules(cites_rules=True)).outcomes[0]
    assert citing.status == "failed" and "rule: expected '701.27a', got ''" in citing.message
    assert run_suite(scenarios, lambda: NoRules(cites_rules=False)).outcomes[0].status == "passed"


def test_setup_done_comes_after_every_add_and_before_the_first_step(tmp_path: Path) -> None:
    calls: list[str] = []

    class Recording(ReferenceDriver):
        def add(self, card: str, zone: str, player: int, options: Mapping[str, Any]) -> Any:
            calls.append(f"add {card}")
            return super().add(card, zone, player, options)

        def setup_done(self) -> None:
            calls.append("setup_done")

        def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
            calls.append(action)
            return super().act(action, args)

    assert run_suite(scenarios_of(tmp_path, GOOD), Recording).ok
    assert calls == ["add Huntmaster of the Fells", "setup_done", "transform"]


def test_a_driver_may_say_a_card_is_beyond_its_engine(tmp_path: Path) -> None:
    class NoData(ReferenceDriver):
        def add(self, card: str, zone: str, player: int, options: Mapping[str, Any]) -> Any:
            raise Unsupported(f"no card data for {card}")

    (outcome,) = run_suite(scenarios_of(tmp_path, GOOD), NoData).outcomes
    assert outcome.status == "unsupported" and "no card data for Huntmaster" in outcome.message


# --------------------------------------------------------------------------- the minimal driver


def minimal_driver_source() -> str:
    text = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- tiny_engine.py -->\n```python\n(.*?)```", text, re.S)
    assert match, "docs/conformance.md has the minimal driver"
    return match.group(1)


def test_the_minimal_driver_of_the_docs_runs_the_whole_suite(tmp_path: Path) -> None:
    source = minimal_driver_source()
    assert 40 <= source.count("\n") <= 60, "about fifty lines"
    write(tmp_path, "tiny_engine.py", source)
    done = run_cli("--engine", "tiny_engine:TinyDriver", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    statuses = {r["status"] for r in data["results"]}
    assert statuses == {"passed", "unsupported", "descriptive"}
    assert data["passed"] >= 2 and data["failed"] == 0
    assert data["statuses"]["unsupported"] == data["scenarios"] - data["passed"] - data["descriptive"]


# --------------------------------------------------------------------------- an engine that breaks


def test_a_factory_that_raises_gives_each_run_an_error_and_no_traceback(tmp_path: Path) -> None:
    write(tmp_path, "raising_engine.py", "def make():\n    raise RuntimeError('no engine today')\n")
    write(tmp_path, "g.toml", GOOD)
    done = run_cli("--only", "g.toml", "--engine", "raising_engine:make", cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert "the engine's factory raised RuntimeError: no engine today" in done.stdout


BROKEN = """
import sys
from dfc_plugin.conformance.driver import ReferenceDriver

class Printing(ReferenceDriver):
    name = "printing"
    def act(self, action, args):
        print("engine chatter on stdout")
        return super().act(action, args)
    def log(self):
        return [1, None, "ok\\x1b[31m"]

class Exiting(ReferenceDriver):
    def act(self, action, args):
        sys.exit(0)

class Looping(ReferenceDriver):
    def act(self, action, args):
        while True:
            pass
"""


def test_an_engine_that_prints_keeps_json_readable_and_a_log_of_non_strings_is_shown(tmp_path: Path) -> None:
    write(tmp_path, "broken_engine.py", BROKEN)
    write(tmp_path, "g.toml", GOOD.replace("mana_value = 4", "mana_value = 5"))
    done = run_cli("--only", "g.toml", "--engine", "broken_engine:Printing", "--json", cwd=tmp_path)
    data = json.loads(done.stdout)
    assert data["failed"] == 1 and "engine chatter" in done.stderr
    text = run_cli("--only", "g.toml", "--engine", "broken_engine:Printing", cwd=tmp_path).stdout
    assert "    1\n    None\n    ok\\x1b[31m\n" in text and "\x1b" not in text


def test_sys_exit_in_an_engine_is_an_error_and_the_suite_goes_on(tmp_path: Path) -> None:
    write(tmp_path, "broken_engine.py", BROKEN)
    write(tmp_path, "g.toml", GOOD + GOOD.replace("t-712.8e", "t-second"))
    done = run_cli("--only", "g.toml", "--engine", "broken_engine:Exiting", "--json", cwd=tmp_path)
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert [r["status"] for r in data["results"]] == ["error", "error"]
    assert "called sys.exit(0)" in data["results"][0]["message"]


def test_a_run_that_loops_ends_at_its_timeout(tmp_path: Path) -> None:
    sys.path.insert(0, str(write(tmp_path, "broken_engine.py", BROKEN).parent))
    try:
        from broken_engine import Looping  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    (run,) = planned_runs(scenarios_of(tmp_path, GOOD))
    outcome = run_scenario(run, Looping, timeout=0.3)
    assert outcome.status == "error" and outcome.message == "the run took longer than its timeout of 0.3 s"


def test_control_characters_in_an_engine_message_are_escaped(tmp_path: Path) -> None:
    class Noisy(ReferenceDriver):
        def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
            raise RuntimeError("bad\x00state\x1b[2J\x0c")

    report = run_suite(scenarios_of(tmp_path, GOOD), Noisy)
    (outcome,) = report.outcomes
    assert outcome.message == "RuntimeError: bad\\x00state\\x1b[2J\\x0c"
    ET.fromstring(report.junit_xml())  # well-formed
    assert printable("tab\tand\nnewline stay") == "tab\tand\nnewline stay"


# --------------------------------------------------------------------------- cards for other scenarios

NEW_CARD = """Name:Tiny Test Werewolf
ManaCost:1 G
Types:Creature Human Werewolf
PT:1/1
AlternateMode:DoubleFaced
Oracle:A test card.

ALTERNATE

Name:Tiny Test Beast
ManaCost:no cost
Colors:green
Types:Creature Werewolf
PT:3/3
Oracle:A test card's back face.
"""

NEW_SCENARIO = (
    GOOD.replace("t-712.8e", "t-library")
    .replace("Huntmaster of the Fells", "Tiny Test Werewolf")
    .replace("Ravager of the Fells", "Tiny Test Beast")
    .replace("mana_value = 4", "mana_value = 2")
)


def test_library_adds_cards_and_a_missing_card_says_how(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    write(cards, "tiny_test_werewolf.txt", NEW_CARD)
    write(tmp_path, "n.toml", NEW_SCENARIO)
    done = run_cli("--only", "n.toml", "--library", "cards", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout)["passed"] == 1
    missing = run_cli("--only", "n.toml", cwd=tmp_path)
    assert missing.returncode == 1
    assert "no card has a face named 'Tiny Test Werewolf'" in missing.stdout
    assert "pass --library FOLDER (pytest: --dfc-library FOLDER)" in missing.stdout
    bad = run_cli("--only", "n.toml", "--library", "nowhere", cwd=tmp_path)
    assert bad.returncode == 1 and "--library nowhere: not a folder" in bad.stderr


def test_pytest_dfc_library(pytester: pytest.Pytester, tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    write(cards, "tiny_test_werewolf.txt", NEW_CARD)
    scenario = write(tmp_path, "n.toml", NEW_SCENARIO)
    pytester.makepyfile(
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_check\n"
        "def test_scenario(dfc_run, dfc_driver_factory):\n    dfc_check(dfc_run, dfc_driver_factory)\n"
    )
    options = ["-p", "no:cacheprovider", f"--dfc-scenarios={scenario}", "--dfc-only", "-q"]
    assert pytester.runpytest(*options, f"--dfc-library={cards}").parseoutcomes() == {"passed": 1}
    assert pytester.runpytest(*options).parseoutcomes() == {"failed": 1}


def test_with_libraries_leaves_a_driver_without_the_hook_alone() -> None:
    class Plain:
        name = "plain"

    assert isinstance(with_libraries(Plain, [Path("x")])(), Plain)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- side by side


def test_the_matrix_shows_where_engines_disagree_and_which_the_rules_back(tmp_path: Path) -> None:
    write(tmp_path, "s.toml", GOOD + ZONE + MELD.replace("t-701.42a", "t-meld"))
    args = ["--only", "s.toml", "--engine", "reference", "--compare", "incomplete_engine:factory"]
    done = run_cli(*args, "--engine", "test_driver_protocol:Declared", "--json", cwd=tmp_path)
    assert done.returncode == 1  # the incomplete engine fails meld
    table = json.loads(done.stdout)["matrix"]
    assert table["engines"] == ["dfc-plugin reference engine", "declared", "incomplete test engine"]
    rows = {row["id"]: row for row in table["rows"]}
    assert rows["t-meld"]["disagree"] and rows["t-meld"]["rules_back"] == ["dfc-plugin reference engine"]
    assert rows["t-meld"]["verdicts"]["declared"] == "unsupported"
    assert not rows["t-712.8e"]["disagree"] and not rows["t-zone"]["disagree"]
    assert table["totals"]["declared"] == {
        "pass": 1,
        "fail": 0,
        "error": 0,
        "unsupported": 2,
        "descriptive": 0,
        "judged": 1,
    }
    html_file = tmp_path / "m.html"
    text = run_cli(*args, "--html", str(html_file), cwd=tmp_path).stdout
    assert "1 runs where the engines disagree" in text
    assert "t-meld (rule 701.42a): dfc-plugin reference engine pass, incomplete test engine fail" in text
    page = html_file.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<td class="fail">fail</td>' in page


def test_matrix_of_reports_in_process(tmp_path: Path) -> None:
    scenarios = scenarios_of(tmp_path, GOOD, ZONE)
    table = matrix([run_suite(scenarios, ReferenceDriver), run_suite(scenarios, ReferenceDriver)])
    assert table.engines == ("dfc-plugin reference engine", "dfc-plugin reference engine #2")
    assert table.disagreements == [] and "0 runs where the engines disagree" in table.text()
    assert "<section" in table.html_fragment()


def test_every_known_gap_of_phase_is_explained_in_its_document() -> None:
    """docs/engines/phase.md lists each disagreement with its rule; the gaps file and the
    document can't drift apart (this needs no phase-python)."""
    from dfc_plugin.conformance.runner import load_known_gaps

    gaps = load_known_gaps(ROOT / "dfc_plugin" / "drivers" / "phase_gaps.toml")
    document = (ROOT / "docs" / "engines" / "phase.md").read_text(encoding="utf-8")
    assert gaps and [scenario for scenario in gaps if f"`{scenario}`" not in document] == []
