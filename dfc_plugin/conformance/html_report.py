"""The conformance report as one self-contained HTML page (no network: inline CSS, SVG
and a few lines of script).

At the top: date, package version, edition, engine, rules plugins, and the verdict. Then
the failures (the first few open, the rest folded), the rules grouped by section, each
section with a coverage bar and each rule with its text, its counts and links to its
scenarios, and every scenario with an anchor of its own. A filter box hides the rules and
scenarios that do not contain what is typed.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from dfc_plugin import __version__
from dfc_plugin.conformance.coverage import SectionCoverage
from dfc_plugin.conformance.runner import Outcome
from dfc_plugin.conformance.schema import Scenario

if TYPE_CHECKING:
    from dfc_plugin.conformance.report import Report

__all__ = ["OPEN_FAILURES", "anchor", "page"]

#: How many failures are shown open; the others are folded under one summary line.
OPEN_FAILURES = 5
_BAD = ("failed", "xpassed", "error")
_CHART_WIDTH = 320


def anchor(kind: str, name: str) -> str:
    """The element id of a rule (``rule-712.8e``) or scenario (``scenario-<id>``)."""
    return f"{kind}-" + re.sub(r"[^A-Za-z0-9._@-]", "_", name)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def rule_texts(scenarios: Iterable[Scenario]) -> dict[str, str]:
    """Each rule's text, from the scenario that states it (one whose source is the
    Comprehensive Rules first, else any scenario about that rule)."""
    texts: dict[str, str] = {}
    for scenario in sorted(scenarios, key=lambda s: not s.source.startswith("Comprehensive Rules")):
        if scenario.rule and scenario.text:
            texts.setdefault(scenario.rule, scenario.text)
    return texts


def _section_of(rule: str, names: list[str]) -> str:
    """The longest coverage section a rule belongs to (701.27 for 701.27a), else the
    number before its dot."""
    for name in names:
        if rule == name or (rule.startswith(name) and not rule[len(name)].isdigit()):
            return name
    return rule.partition(".")[0]


def _chart(title: str, parts: list[tuple[str, int, str]]) -> str:
    """A stacked bar as inline SVG: one segment per (label, count, colour)."""
    total = sum(n for _, n, _ in parts) or 1
    x = 0.0
    bars = []
    for label, n, colour in parts:
        width = _CHART_WIDTH * n / total
        if n:
            bars.append(
                f'<rect x="{x:.1f}" y="0" width="{width:.1f}" height="14" fill="{colour}">'
                f"<title>{_e(label)}: {n}</title></rect>"
            )
        x += width
    legend = ", ".join(f"{n} {label}" for label, n, _ in parts if n)
    return (
        f'<svg class="chart" role="img" width="{_CHART_WIDTH}" height="14" viewBox="0 0 {_CHART_WIDTH} 14">'
        f"<title>{_e(title)}: {_e(legend)}</title>"
        f'<rect width="{_CHART_WIDTH}" height="14" fill="#fff" stroke="#bbb"/>{"".join(bars)}</svg>'
        f' <span class="legend">{_e(legend)}</span>'
    )


def _section_html(
    name: str,
    rows: list[tuple[str, int, int, int, int]],
    covered: SectionCoverage | None,
    texts: dict[str, str],
    links: dict[str, list[str]],
) -> str:
    passing = sum(1 for _, total, passed, failed, descr in rows if not failed and passed)
    failing = sum(1 for row in rows if row[3])
    descriptive = sum(1 for _, _, passed, failed, descr in rows if not failed and not passed and descr)
    missing = len(covered.missing) if covered is not None else 0
    chart = _chart(
        f"section {name}",
        [
            ("passing", passing, "#5cb85c"),
            ("failing", failing, "#d9534f"),
            ("descriptive only", descriptive, "#aaa"),
            ("not covered", missing, "#fff"),
        ],
    )
    body = "".join(_rule_row(row, texts.get(row[0], ""), links.get(row[0], [])) for row in rows)
    return (
        f'<section id="{anchor("section", name)}" class="filterable-group"><h3>{_e(name)} {chart}</h3>'
        "<table><tr><th>rule</th><th class=\"text\">text</th><th>scenarios</th><th>passed</th><th>failed</th>"
        f"<th>descr.</th></tr>{body}</table></section>"
    )


def _rule_row(row: tuple[str, int, int, int, int], text: str, ids: list[str]) -> str:
    rule, total, passed, failed, descriptive = row
    verdict = "bad" if failed else "good" if passed else "grey"
    scenario_links = " ".join(f'<a href="#{anchor("scenario", i)}">{_e(i)}</a>' for i in ids)
    return (
        f'<tr id="{anchor("rule", rule)}" class="{verdict} filterable" data-filter="{_e(rule + " " + text)}">'
        f'<td><a href="#{anchor("rule", rule)}">{_e(rule)}</a></td><td class="text">{_e(text)}</td>'
        f'<td><details><summary>{total}</summary><div class="links">{scenario_links}</div></details></td>'
        f"<td>{passed}</td><td>{failed}</td><td>{descriptive}</td></tr>"
    )


def _scenario_html(
    outcome: Outcome, answered_by: Mapping[str, str], *, opened: bool = False, with_id: bool = True
) -> str:
    """One scenario as a ``<details>`` block: summary line, text, source, what went wrong
    (if anything) and which plugin answered, and the step log with the rule that decided
    each step."""
    from dfc_plugin.conformance.report import answered_lines

    scenario = outcome.run.scenario
    log = _e("\n".join(outcome.log)) or "(no steps)"
    why = "\n".join(str(m) for m in outcome.mismatches) or outcome.message
    if outcome.status in _BAD:
        why = "\n".join([why, *(line.strip() for line in answered_lines(outcome, answered_by))])
    detail = _e(why.strip())
    rules = " ".join(f'<a href="#{anchor("rule", r)}">{_e(r)}</a>' for r in scenario.rules)
    ident = f' id="{anchor("scenario", outcome.run.id)}"' if with_id else ""
    words = " ".join((outcome.run.id, outcome.status, *scenario.rules, scenario.text, *scenario.cards))
    return (
        f'<details{ident} class="{_e(outcome.status)} filterable" data-filter="{_e(words)}"'
        f"{' open' if opened else ''}>"
        f'<summary><a href="#{anchor("scenario", outcome.run.id)}"><b>{_e(outcome.run.id)}</b></a> '
        f"{_e(outcome.status)}: rule {rules}</summary>"
        f"<p>{_e(scenario.text)}</p><p><i>{_e(scenario.source)}</i> {_e(scenario.file)}:{scenario.line}</p>"
        + (f'<pre class="why">{detail}</pre>' if detail else "")
        + f"<pre>{log}</pre></details>"
    )


def _failures_html(report: Report) -> str:
    bad = [o for o in report.outcomes if o.status in _BAD]
    answered = report.engine.answered_by
    shown = "".join(_scenario_html(o, answered, opened=True, with_id=False) for o in bad[:OPEN_FAILURES])
    rest = bad[OPEN_FAILURES:]
    if rest:
        folded = "".join(_scenario_html(o, answered, with_id=False) for o in rest)
        shown += (
            f'<details class="more filterable-group"><summary>{len(rest)} more failures</summary>'
            f"{folded}</details>"
        )
    shown += "".join(f"<pre>{_e(e.render())}</pre>" for e in report.load_errors)
    return shown or "<p>None.</p>"


def _rules_html(report: Report) -> str:
    coverage = {s.name: s for s in report.coverage.sections}
    names = sorted(coverage, key=len, reverse=True)
    texts = rule_texts(o.run.scenario for o in report.outcomes)
    links: dict[str, list[str]] = defaultdict(list)
    for outcome in report.outcomes:
        for rule in outcome.run.scenario.rules:
            links[rule].append(outcome.run.id)
    grouped: dict[str, list[tuple[str, int, int, int, int]]] = defaultdict(list)
    for row in report.rule_table():
        grouped[_section_of(row[0], names)].append(row)
    return "".join(
        _section_html(name, rows, coverage.get(name), texts, links) for name, rows in grouped.items()
    )


def page(report: Report) -> str:
    """The whole report as one HTML page."""
    meta = [
        ("date", report.started.strftime("%Y-%m-%d %H:%M UTC")),
        ("dfc-plugin", __version__),
        ("edition", report.edition or "each scenario under every edition it holds for"),
        ("engine", report.engine.name),
        ("rules plugins", ", ".join(report.engine.plugins) or "(the engine names none)"),
        ("host", report.hostname),
    ]
    meta_rows = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in meta)
    coverage_items = "".join(f"<li>{_e(s.line(noun))}</li>" for noun, s in report.coverage_run())
    return _PAGE.format(
        verdict="good" if report.ok else "bad",
        summary=_e(report.summary()),
        meta=meta_rows,
        failures=_failures_html(report),
        rules=_rules_html(report),
        coverage=coverage_items,
        scenarios="".join(_scenario_html(o, report.engine.answered_by) for o in report.outcomes),
    )


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>dfc-plugin conformance</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 1em; }}
td, th {{ border: 1px solid #ccc; padding: 2px 8px; text-align: right; vertical-align: top; }}
td:first-child {{ text-align: left; font-family: monospace; white-space: nowrap; }}
td.text, th.text {{ text-align: left; max-width: 46em; font-size: 90%; }}
table.meta th {{ text-align: left; background: #f4f4f4; }} table.meta td {{ text-align: left; }}
tr.good {{ background: #dff5df; }} tr.bad {{ background: #f8d4d4; }} tr.grey {{ background: #eee; }}
tr:target, details:target {{ outline: 3px solid #36c; }}
details {{ margin: 2px 0; padding: 2px 6px; border-left: 4px solid #aaa; }}
details.passed, details.xfailed {{ border-color: #9c9; }}
details.failed, details.error, details.xpassed {{ border-color: #c66; background: #fdf0f0; }}
details.more {{ border-color: #c66; }}
td details {{ border: none; padding: 0; }}
div.links a {{ display: inline-block; margin: 1px 4px; font-family: monospace; font-size: 85%; }}
pre {{ white-space: pre-wrap; background: #f6f6f6; padding: 4px; }}
pre.why {{ background: #fbe3e3; }}
p.verdict {{ display: inline-block; padding: 4px 10px; border-radius: 4px; }}
p.good {{ background: #dff5df; }} p.bad {{ background: #f8d4d4; }}
h3 svg {{ vertical-align: middle; margin-left: 1em; }} span.legend {{ font-size: 70%; font-weight: normal; }}
#filter {{ font-size: 110%; padding: 4px; width: 24em; }}
.hidden {{ display: none; }}
</style></head><body>
<h1>dfc-plugin conformance</h1>
<table class="meta">{meta}</table>
<p class="verdict {verdict}">{summary}</p>
<p><input id="filter" type="search" placeholder="filter rules and scenarios: 712.8e, meld, failed"
 aria-label="filter rules and scenarios"></p>
<h2>Failures</h2>{failures}
<h2>Rules by section</h2>{rules}
<h2>Coverage</h2><ul>{coverage}</ul>
<h2>Scenarios</h2>{scenarios}
<script>
document.getElementById("filter").addEventListener("input", function () {{
  var words = this.value.toLowerCase();
  document.querySelectorAll(".filterable").forEach(function (el) {{
    el.classList.toggle("hidden", words !== "" && el.dataset.filter.toLowerCase().indexOf(words) < 0);
  }});
  document.querySelectorAll(".filterable-group").forEach(function (group) {{
    group.classList.toggle("hidden", group.querySelector(".filterable:not(.hidden)") === null);
  }});
}});
</script>
</body></html>
"""
