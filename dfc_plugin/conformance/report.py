"""Running the whole suite, and its reports: text, JSON, JUnit XML, one HTML page."""

from __future__ import annotations

import html
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree as ET

from dfc_plugin.conformance.coverage import Coverage, coverage
from dfc_plugin.conformance.driver import Driver
from dfc_plugin.conformance.runner import Outcome, planned_runs, run_scenario
from dfc_plugin.conformance.schema import Scenario
from dfc_plugin.errors import ScenarioError

__all__ = ["Report", "run_suite"]


@dataclass
class Report:
    """The outcome of a conformance run."""

    engine: str
    edition: str | None
    outcomes: list[Outcome]
    load_errors: list[ScenarioError]
    coverage: Coverage
    seconds: float

    def count(self, *statuses: str) -> int:
        return sum(1 for o in self.outcomes if o.status in statuses)

    @property
    def failed(self) -> int:
        """Failures, errors, and known gaps that passed (strict xfail)."""
        return self.count("failed", "error", "xpassed") + len(self.load_errors)

    @property
    def ok(self) -> bool:
        return self.failed == 0

    def rule_table(self) -> list[tuple[str, int, int, int, int]]:
        """(rule, scenarios, passed, failed, descriptive) per rule number, in rule order."""
        rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for outcome in self.outcomes:
            for rule in outcome.run.scenario.rules:
                row = rows[rule]
                row[0] += 1
                row[1] += outcome.status in ("passed", "xfailed")
                row[2] += outcome.status in ("failed", "error", "xpassed")
                row[3] += outcome.status == "descriptive"
        return [(rule, *row) for rule, row in sorted(rows.items(), key=lambda kv: _rule_key(kv[0]))]  # type: ignore[misc]

    # ------------------------------------------------------------------ text
    def text(self) -> str:
        editions = self.edition or "each scenario under every edition it holds for"
        lines = [f"dfc-plugin conformance: {self.engine}; editions: {editions}"]
        lines.append(f"{'rule':<12}{'scenarios':>10}{'passed':>8}{'failed':>8}{'descr.':>8}")
        for rule, total, passed, failed, descriptive in self.rule_table():
            lines.append(f"{rule:<12}{total:>10}{passed:>8}{failed:>8}{descriptive:>8}")
        lines.append("")
        lines.extend(self.coverage.lines())
        for error in self.load_errors:
            lines.append("")
            lines.append(error.render())
        for outcome in self.outcomes:
            if not outcome.ok:
                lines.append("")
                lines.extend(_failure_text(outcome))
        lines.append("")
        lines.append(
            f"{len(self.outcomes)} scenario runs: {self.count('passed')} passed, {self.failed} failed, "
            f"{self.count('descriptive')} descriptive, {self.count('xfailed')} known gaps, "
            f"{self.count('unsupported')} unsupported in {self.seconds:.1f} s"
        )
        return "\n".join(lines)

    # ------------------------------------------------------------------ JSON
    def as_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition or "all",
            "engine": self.engine,
            "scenarios": len(self.outcomes),
            "passed": self.count("passed"),
            "failed": self.failed,
            "descriptive": self.count("descriptive"),
            "known_gaps": self.count("xfailed"),
            "unsupported": self.count("unsupported"),
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
            "errors": [e.as_dict() for e in self.load_errors],
            "coverage": self.coverage.as_dict(),
        }

    # ------------------------------------------------------------------ JUnit XML
    def junit_xml(self) -> str:
        suite = ET.Element(
            "testsuite",
            name="dfc-plugin conformance",
            tests=str(len(self.outcomes)),
            failures=str(self.count("failed", "xpassed")),
            errors=str(self.count("error") + len(self.load_errors)),
            skipped=str(self.count("descriptive", "xfailed", "unsupported")),
            time=f"{self.seconds:.3f}",
        )
        for outcome in self.outcomes:
            case = ET.SubElement(
                suite, "testcase", classname=outcome.run.scenario.file.rsplit("/", 1)[-1], name=outcome.run.id
            )
            if outcome.status in ("failed", "xpassed"):
                ET.SubElement(case, "failure", message=outcome.message).text = "\n".join(
                    _failure_text(outcome)
                )
            elif outcome.status == "error":
                ET.SubElement(case, "error", message=outcome.message).text = "\n".join(_failure_text(outcome))
            elif outcome.status in ("descriptive", "xfailed", "unsupported"):
                ET.SubElement(case, "skipped", message=outcome.message)
        for error in self.load_errors:
            case = ET.SubElement(
                suite, "testcase", classname=error.path.rsplit("/", 1)[-1], name=error.scenario or "load"
            )
            ET.SubElement(case, "error", message=str(error)).text = error.render()
        return ET.tostring(suite, encoding="unicode", xml_declaration=True)

    # ------------------------------------------------------------------ HTML
    def html(self) -> str:
        rows = "".join(
            f'<tr class="{"bad" if failed else "good" if passed else "grey"}"><td>{html.escape(rule)}</td>'
            f"<td>{total}</td><td>{passed}</td><td>{failed}</td><td>{descriptive}</td></tr>"
            for rule, total, passed, failed, descriptive in self.rule_table()
        )
        coverage_items = "".join(f"<li>{html.escape(line)}</li>" for line in self.coverage.lines())
        bad = [o for o in self.outcomes if o.status in _BAD]
        failures = "".join(_scenario_html(o, opened=True) for o in bad) or "<p>None.</p>"
        failures += "".join(f"<pre>{html.escape(e.render())}</pre>" for e in self.load_errors)
        scenarios = "".join(_scenario_html(o) for o in self.outcomes)
        summary = html.escape(
            f"{len(self.outcomes)} runs: {self.count('passed')} passed, {self.failed} failed, "
            f"{self.count('descriptive')} descriptive, {self.count('xfailed')} known gaps ({self.engine})"
        )
        return _PAGE.format(
            verdict="good" if self.ok else "bad",
            summary=summary,
            failures=failures,
            rows=rows,
            coverage=coverage_items,
            scenarios=scenarios,
        )


def _rule_key(rule: str) -> tuple[int, int, str]:
    head, _, tail = rule.partition(".")
    digits = "".join(c for c in tail if c.isdigit())
    return int(head), int(digits or 0), tail.lstrip("0123456789")


def _failure_text(outcome: Outcome) -> list[str]:
    scenario = outcome.run.scenario
    where = f"{scenario.file}:{scenario.line}"
    lines = [f"{outcome.status.upper()} {outcome.run.id} ({where}) rule {', '.join(scenario.rules)}"]
    if scenario.text:
        lines.append(f"  text: {scenario.text}")
    lines.extend(f"  {m}" for m in outcome.mismatches)
    if outcome.message and not outcome.mismatches:
        lines.append(f"  {outcome.message}")
    if outcome.log:
        lines.append("  step log:")
        lines.extend(f"    {line}" for line in outcome.log)
    return lines


_BAD = ("failed", "error", "xpassed")


def _scenario_html(outcome: Outcome, opened: bool = False) -> str:
    """One scenario as a ``<details>`` block: summary line, text, source, what went wrong
    (if anything), and the step log with the rule that decided each step."""
    scenario = outcome.run.scenario
    log = html.escape("\n".join(outcome.log)) or "(no steps)"
    detail = html.escape("\n".join(str(m) for m in outcome.mismatches) or outcome.message)
    return (
        f'<details class="{outcome.status}"{" open" if opened else ""}>'
        f"<summary><b>{html.escape(outcome.run.id)}</b> "
        f"{html.escape(outcome.status)}: rule {html.escape(', '.join(scenario.rules))}</summary>"
        f"<p>{html.escape(scenario.text)}</p><p><i>{html.escape(scenario.source)}</i> "
        f"{html.escape(scenario.file)}:{scenario.line}</p>"
        + (f'<pre class="why">{detail}</pre>' if detail else "")
        + f"<pre>{log}</pre></details>"
    )


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>dfc-plugin conformance</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; }}
td, th {{ border: 1px solid #ccc; padding: 2px 8px; text-align: right; }}
td:first-child {{ text-align: left; font-family: monospace; }}
tr.good {{ background: #dff5df; }} tr.bad {{ background: #f8d4d4; }} tr.grey {{ background: #eee; }}
details {{ margin: 2px 0; padding: 2px 6px; border-left: 4px solid #9c9; }}
details.failed, details.error, details.xpassed {{ border-color: #c66; background: #fdf0f0; }}
details.descriptive, details.xfailed {{ border-color: #aaa; }}
pre {{ white-space: pre-wrap; background: #f6f6f6; padding: 4px; }}
pre.why {{ background: #fbe3e3; }}
p.verdict {{ display: inline-block; padding: 4px 10px; border-radius: 4px; }}
p.good {{ background: #dff5df; }} p.bad {{ background: #f8d4d4; }}
</style></head><body>
<h1>dfc-plugin conformance</h1><p class="verdict {verdict}">{summary}</p>
<h2>Failures</h2>{failures}
<h2>Rules</h2><table><tr><th>rule</th><th>scenarios</th><th>passed</th><th>failed</th><th>descriptive</th></tr>{rows}</table>
<h2>Coverage</h2><ul>{coverage}</ul>
<h2>Scenarios</h2>{scenarios}
</body></html>
"""


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
    ``edition``) and gather the report."""
    start = time.perf_counter()
    outcomes = [run_scenario(run, factory, known_gaps) for run in planned_runs(scenarios, edition)]
    name = engine or getattr(factory(), "name", "engine")
    return Report(
        name, edition, outcomes, list(load_errors), coverage(scenarios), time.perf_counter() - start
    )
