"""Running the whole suite, and its reports: text, JSON and JUnit XML (the HTML page is
:mod:`dfc_plugin.conformance.html_report`).

A run's status is a plain string. The runner's statuses are ``passed``, ``failed`` (the
engine answered wrong), ``error`` (the engine raised, or could not run a step),
``descriptive`` (nothing to play), ``xfailed`` and ``xpassed`` (a known gap); any other
status a driver or runner reports (``unsupported``, say) is counted under its own name,
shown in every summary, and is neither a pass nor a failure.
"""

from __future__ import annotations

import socket
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from xml.etree import ElementTree as ET

from dfc_plugin import __version__
from dfc_plugin.conformance.coverage import Coverage, SectionCoverage, coverage
from dfc_plugin.conformance.driver import Driver
from dfc_plugin.conformance.runner import Outcome, planned_runs, run_scenario
from dfc_plugin.conformance.schema import Scenario
from dfc_plugin.errors import ScenarioError

__all__ = [
    "EngineInfo",
    "Report",
    "answered_lines",
    "engine_info",
    "failure_text",
    "header_lines",
    "probe_engine",
    "run_suite",
]

#: The statuses the runner gives, and what each one counts as.
PASSING = ("passed", "xfailed")
FAILING = ("failed", "xpassed")
ERRORS = ("error",)
NOT_PLAYED = ("descriptive",)
KNOWN = (*PASSING, *FAILING, *ERRORS, *NOT_PLAYED)
#: The rules plugin that ships with dfc-plugin (its answers are the reference).
BUILTIN_PLUGIN = "dfc-plugin"


@dataclass(frozen=True)
class EngineInfo:
    """What ran the suite: the engine's name, its rules plugins (with versions) and which
    rule points a plugin other than the built-in one answers."""

    name: str
    plugins: tuple[str, ...] = ()
    answered_by: Mapping[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "plugins": list(self.plugins), "answered_by": dict(self.answered_by)}


def engine_info(driver: object, name: str = "") -> EngineInfo:
    """Ask a started driver what it runs. A driver may say it with ``plugins`` (a list of
    strings) and ``answered_by`` (rule point to plugin); the reference driver's game
    answers through its rules registry."""
    rules = getattr(getattr(driver, "game", None), "rules", None)
    plugins = getattr(driver, "plugins", None)
    if plugins is None or callable(plugins):
        plugins = [str(p) for p in getattr(rules, "plugins", ())]
    answered = getattr(driver, "answered_by", None)
    if answered is None and rules is not None and hasattr(rules, "owners"):
        answered = {point: owner for point, owner in rules.owners().items() if owner != BUILTIN_PLUGIN}
    label = name or str(getattr(driver, "name", "") or "engine")
    return EngineInfo(label, tuple(str(p) for p in plugins or ()), dict(answered or {}))


@dataclass
class Report:
    """The outcome of a conformance run."""

    engine: EngineInfo
    edition: str | None
    outcomes: list[Outcome]
    load_errors: list[ScenarioError]
    coverage: Coverage
    seconds: float
    durations: list[float] = field(default_factory=list)
    started: datetime = field(default_factory=lambda: datetime.now(UTC))
    hostname: str = field(default_factory=socket.gethostname)

    def count(self, *statuses: str) -> int:
        return sum(1 for o in self.outcomes if o.status in statuses)

    def counts(self) -> dict[str, int]:
        """Runs per status; the known statuses always, any other one when it occurs."""
        seen = Counter(o.status for o in self.outcomes)
        return {status: seen.get(status, 0) for status in KNOWN} | {
            status: n for status, n in sorted(seen.items()) if status not in KNOWN
        }

    def other_statuses(self) -> dict[str, int]:
        """Runs whose status is none of the runner's (``unsupported``, say)."""
        return {status: n for status, n in self.counts().items() if status not in KNOWN}

    @property
    def failed(self) -> int:
        """Runs the engine answered wrong, and known gaps that passed (strict xfail)."""
        return self.count(*FAILING)

    @property
    def errors(self) -> int:
        """Runs the engine could not play (it raised), and scenario files that failed to load."""
        return self.count(*ERRORS) + len(self.load_errors)

    @property
    def executed(self) -> int:
        """Runs that played at least a set-up: neither descriptive nor of another status."""
        return self.count(*PASSING, *FAILING, *ERRORS)

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.errors == 0

    def rule_table(self) -> list[tuple[str, int, int, int, int]]:
        """(rule, scenarios, passed, failed or error, descriptive) per rule number, in rule order."""
        rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for outcome in self.outcomes:
            for rule in outcome.run.scenario.rules:
                row = rows[rule]
                row[0] += 1
                row[1] += outcome.status in PASSING
                row[2] += outcome.status in (*FAILING, *ERRORS)
                row[3] += outcome.status in NOT_PLAYED
        return [(rule, *row) for rule, row in sorted(rows.items(), key=lambda kv: rule_key(kv[0]))]  # type: ignore[misc]

    def coverage_run(self) -> list[tuple[str, SectionCoverage]]:
        """(noun, section) for every section the run touched: one it ran no scenario of is
        not reported (a run of one file says nothing of the sections it left out)."""
        cov = self.coverage
        groups = (("subrules", cov.sections), ("rules", cov.seeds), ("rulings", cov.rulings))
        return [(noun, s) for noun, sections in groups for s in sections if s.covered]

    def header(self) -> list[str]:
        return header_lines(self.engine, self.edition)

    def summary(self) -> str:
        others = "".join(f", {n} {status}" for status, n in self.other_statuses().items())
        load = f" ({len(self.load_errors)} scenario files did not load)" if self.load_errors else ""
        return (
            f"{len(self.outcomes)} scenario runs: {self.count('passed')} passed, {self.failed} failed, "
            f"{self.errors} errors{load}, {self.count('descriptive')} descriptive, "
            f"{self.count('xfailed')} known gaps{others} in {self.seconds:.1f} s"
        )

    # ------------------------------------------------------------------ text
    def text(self) -> str:
        lines = self.header()
        lines.append(f"{'rule':<12}{'scenarios':>10}{'passed':>8}{'failed':>8}{'descr.':>8}")
        for rule, total, passed, failed, descriptive in self.rule_table():
            lines.append(f"{rule:<12}{total:>10}{passed:>8}{failed:>8}{descriptive:>8}")
        lines.append("")
        lines.extend(section.line(noun) for noun, section in self.coverage_run())
        for error in self.load_errors:
            lines.append("")
            lines.append(error.render())
        for outcome in self.outcomes:
            if outcome.status in (*FAILING, *ERRORS):
                lines.append("")
                lines.extend(failure_text(outcome, self.engine.answered_by))
        lines.append("")
        lines.append(self.summary())
        return "\n".join(lines)

    # ------------------------------------------------------------------ JSON
    def as_json(self) -> dict[str, Any]:
        return {
            "version": __version__,
            "started": self.started.isoformat(timespec="seconds"),
            "edition": self.edition or "all",
            "engine": self.engine.name,
            "plugins": list(self.engine.plugins),
            "answered_by": dict(self.engine.answered_by),
            "scenarios": len(self.outcomes),
            "passed": self.count("passed"),
            "failed": self.failed,
            "errors": self.errors,
            "descriptive": self.count("descriptive"),
            "known_gaps": self.count("xfailed"),
            "statuses": self.counts(),
            "seconds": round(self.seconds, 3),
            "results": [
                {
                    "id": o.run.id,
                    "rule": o.run.scenario.rule,
                    "rules": list(o.run.scenario.rules),
                    "rulings": list(o.run.scenario.rulings),
                    "edition": o.run.edition,
                    "status": o.status,
                    "file": f"{o.run.scenario.file}:{o.run.scenario.line}",
                    "message": o.message,
                }
                for o in self.outcomes
            ],
            "load_errors": [e.as_dict() for e in self.load_errors],
            "coverage": self.coverage.as_dict(),
        }

    # ------------------------------------------------------------------ JUnit XML
    def junit_xml(self) -> str:
        """JUnit XML as pytest's ``--junitxml`` writes it: a wrong answer is a
        ``failure``, an engine that raised is an ``error``, descriptive scenarios and
        known gaps are ``skipped``; the class name is ``dfc_conformance.<file stem>``."""
        root = ET.Element("testsuites")
        skipped = self.count(*NOT_PLAYED, "xfailed") + sum(self.other_statuses().values())
        suite = ET.SubElement(
            root,
            "testsuite",
            name="dfc_conformance",
            errors=str(self.errors),
            failures=str(self.failed),
            skipped=str(skipped),
            tests=str(len(self.outcomes) + len(self.load_errors)),
            time=f"{self.seconds:.3f}",
            timestamp=self.started.isoformat(timespec="milliseconds"),
            hostname=self.hostname,
        )
        properties = ET.SubElement(suite, "properties")
        for name, value in (
            ("dfc_plugin_version", __version__),
            ("engine", self.engine.name),
            ("edition", self.edition or "all"),
            *(("plugin", plugin) for plugin in self.engine.plugins),
        ):
            ET.SubElement(properties, "property", name=name, value=_xml_safe(value))
        for index, outcome in enumerate(self.outcomes):
            seconds = self.durations[index] if index < len(self.durations) else 0.0
            _junit_case(suite, outcome, seconds, self.engine.answered_by)
        for error in self.load_errors:
            where = {"classname": junit_class(error.path), "name": error.scenario or "load", "time": "0.000"}
            case = ET.SubElement(suite, "testcase", where)
            ET.SubElement(case, "error", message=_xml_safe(str(error))).text = _xml_safe(error.render())
        return ET.tostring(root, encoding="unicode", xml_declaration=True)

    # ------------------------------------------------------------------ HTML
    def html(self) -> str:
        from dfc_plugin.conformance.html_report import page

        return page(self)


def header_lines(engine: EngineInfo, edition: str | None) -> list[str]:
    """What ran: package version, engine, editions, and the rules plugins with versions."""
    editions = edition or "each scenario under every edition it holds for"
    plugins = ", ".join(engine.plugins) or "(the engine names none)"
    return [
        f"dfc-plugin {__version__} conformance: {engine.name}; editions: {editions}",
        f"rules plugins: {plugins}",
    ]


def junit_class(path: str) -> str:
    """``dfc_conformance.<stem>`` for a scenario file: CI tools split a class name at its
    dots into package and class, so the file's own dots become underscores."""
    stem = path.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml")
    return "dfc_conformance." + stem.replace(".", "_")


def _junit_case(suite: ET.Element, outcome: Outcome, seconds: float, answered_by: Mapping[str, str]) -> None:
    case = ET.SubElement(
        suite,
        "testcase",
        classname=junit_class(outcome.run.scenario.file),
        name=_xml_safe(outcome.run.id),
        time=f"{seconds:.3f}",
    )
    message = _xml_safe(outcome.message)
    details = _xml_safe("\n".join(failure_text(outcome, answered_by)))
    if outcome.status in FAILING:
        ET.SubElement(case, "failure", message=message).text = details
    elif outcome.status in ERRORS:
        ET.SubElement(case, "error", message=message).text = details
    elif outcome.status == "xfailed":
        ET.SubElement(case, "skipped", type="pytest.xfail", message=message)
    elif outcome.status not in PASSING:
        ET.SubElement(case, "skipped", type=outcome.status, message=f"{outcome.status}: {message}")


def _xml_safe(text: str) -> str:
    """Text XML 1.0 can hold: control characters (an engine's message may have any) are
    shown as ``\\xNN`` instead of making the file not well-formed."""
    return "".join(
        c if c in "\t\n\r" or (" " <= c <= "\ud7ff") or ("\ue000" <= c <= "\ufffd") or c > "\uffff"
        else f"\\x{ord(c):02x}"
        for c in text
    )


def rule_key(rule: str) -> tuple[int, int, str]:
    """Sort key of a rule number: 712.2 before 712.10, 712.8 before 712.8a."""
    head, _, tail = rule.partition(".")
    digits = "".join(c for c in tail if c.isdigit())
    return int(head) if head.isdigit() else 0, int(digits or 0), tail.lstrip("0123456789")


def failure_text(outcome: Outcome, answered_by: Mapping[str, str] | None = None) -> list[str]:
    """A failed or broken run as lines: which scenario, its rule text, what was expected
    against what happened, which non-built-in plugin answered the rule points involved,
    and the step log."""
    scenario = outcome.run.scenario
    where = f"{scenario.file}:{scenario.line}"
    lines = [f"{outcome.status.upper()} {outcome.run.id} ({where}) rule {', '.join(scenario.rules)}"]
    if scenario.text:
        lines.append(f"  text: {scenario.text}")
    lines.extend(f"  {m}" for m in outcome.mismatches)
    if outcome.message and not outcome.mismatches:
        lines.append(f"  {outcome.message}")
    lines.extend(answered_lines(outcome, answered_by or {}))
    if outcome.log:
        lines.append("  step log:")
        lines.extend(f"    {line}" for line in outcome.log)
    return lines


def answered_lines(outcome: Outcome, answered_by: Mapping[str, str]) -> list[str]:
    """Which plugin answered: the rule points a failure names, else every rule point a
    plugin other than the built-in one answers (one of them may be to blame)."""
    if not answered_by:
        return []
    said = outcome.message + " ".join(str(m) for m in outcome.mismatches)
    named = {point: plugin for point, plugin in answered_by.items() if point in said}
    shown = named or answered_by
    listed = ", ".join(f"{point} by plugin {plugin!r}" for point, plugin in sorted(shown.items()))
    lead = "answered" if named else "rule points answered by other plugins"
    return [f"  {lead}: {listed}"]


def probe_engine(factory: Callable[[], Driver], edition: str | None = None, engine: str = "") -> EngineInfo:
    """Start one driver to learn what it runs; an engine that can't even start is named
    as it is, and its scenarios will say why."""
    try:
        driver = factory()
        driver.start(edition or "current", 2)
        return engine_info(driver, engine)
    except Exception as error:  # reported by every scenario's own run
        return EngineInfo(engine or "engine", (f"(the engine could not start: {type(error).__name__})",))


def run_suite(
    scenarios: list[Scenario],
    factory: Callable[[], Driver],
    *,
    edition: str | None = None,
    known_gaps: Mapping[str, str] | None = None,
    load_errors: Iterable[ScenarioError] = (),
    engine: str = "",
) -> Report:
    """Run every planned run (each scenario under each edition it holds for, or only
    ``edition``) and gather the report, with each run's time."""
    info = probe_engine(factory, edition, engine)
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    durations: list[float] = []
    for run in planned_runs(scenarios, edition):
        began = time.perf_counter()
        outcomes.append(run_scenario(run, factory, known_gaps))
        durations.append(time.perf_counter() - began)
    ran = list({id(o.run.scenario): o.run.scenario for o in outcomes}.values())
    return Report(
        info, edition, outcomes, list(load_errors), coverage(ran), time.perf_counter() - start, durations
    )
