"""Several engines side by side: one row per scenario run, one column per engine.

Each cell is an engine's verdict on a run: ``pass``, ``fail`` (a failure or a known gap),
``error``, ``unsupported`` or ``descriptive``. Engines *disagree* on a run when one passes
and another fails it; the scenarios are the Comprehensive Rules and rulings as data, so
the rules back the engines that pass, unless the failing engine's known gap says the
scenario itself is wrong (a reason that begins "the suite's side:", checked against the
rules like every gap): then the rules back the engine that fails it. The matrix prints as
text (a summary per engine and every disagreement), as JSON (every row) and as an HTML
fragment for a report page.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dfc_plugin.conformance.report import Report

__all__ = ["SUITE_SIDE", "Matrix", "Row", "matrix", "unsupported_summary"]

#: How a known gap says the rules back the engine and the scenario is wrong.
SUITE_SIDE = "the suite's side:"

#: An outcome's status as a cell of the matrix.
VERDICTS = {
    "passed": "pass",
    "xpassed": "pass",
    "failed": "fail",
    "xfailed": "fail",
    "error": "error",
    "unsupported": "unsupported",
    "descriptive": "descriptive",
}


@dataclass(frozen=True)
class Row:
    """One scenario run across the engines."""

    id: str
    rule: str
    verdicts: tuple[str, ...]
    suite_wrong: tuple[bool, ...] = ()

    @property
    def disagreement(self) -> bool:
        return "pass" in self.verdicts and "fail" in self.verdicts

    def backed(self, engines: Sequence[str]) -> list[str]:
        """The engines the rules back where the engines disagree: those that pass, or
        those whose known gap shows the scenario is wrong."""
        disputed = [e for e, wrong in zip(engines, self.suite_wrong, strict=False) if wrong]
        return disputed or [e for e, v in zip(engines, self.verdicts, strict=True) if v == "pass"]


@dataclass(frozen=True)
class Matrix:
    engines: tuple[str, ...]
    rows: tuple[Row, ...]

    def totals(self, column: int) -> dict[str, int]:
        counts = dict.fromkeys(("pass", "fail", "error", "unsupported", "descriptive"), 0)
        for row in self.rows:
            counts[row.verdicts[column]] += 1
        counts["judged"] = counts["pass"] + counts["fail"]
        return counts

    @property
    def disagreements(self) -> list[Row]:
        return [row for row in self.rows if row.disagreement]

    def text(self) -> str:
        width = max(12, *(len(e) for e in self.engines))
        lines = [f"{'engine':<{width}}  judged  pass  fail  error  unsupported  descriptive"]
        for i, engine in enumerate(self.engines):
            t = self.totals(i)
            lines.append(
                f"{engine:<{width}}  {t['judged']:>6}  {t['pass']:>4}  {t['fail']:>4}  {t['error']:>5}"
                f"  {t['unsupported']:>11}  {t['descriptive']:>11}"
            )
        rows = self.disagreements
        lines.append("")
        lines.append(f"{len(rows)} runs where the engines disagree, and the engines the rules back:")
        for row in rows:
            cells = ", ".join(f"{e} {v}" for e, v in zip(self.engines, row.verdicts, strict=True))
            lines.append(
                f"  {row.id} (rule {row.rule}): {cells}; rules back {', '.join(row.backed(self.engines))}"
            )
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        return {
            "engines": list(self.engines),
            "totals": {e: self.totals(i) for i, e in enumerate(self.engines)},
            "rows": [
                {
                    "id": row.id,
                    "rule": row.rule,
                    "verdicts": dict(zip(self.engines, row.verdicts, strict=True)),
                    "disagree": row.disagreement,
                    "rules_back": row.backed(self.engines) if row.disagreement else [],
                }
                for row in self.rows
            ],
        }

    def html_fragment(self) -> str:
        """A ``<section>`` with the totals and every row; disagreements first."""
        head = "".join(f"<th>{html.escape(e)}</th>" for e in self.engines)
        ordered = sorted(self.rows, key=lambda r: not r.disagreement)
        body = "".join(
            f'<tr class="{"bad" if row.disagreement else ""}"><td>{html.escape(row.id)}</td>'
            f"<td>{html.escape(row.rule)}</td>"
            + "".join(f'<td class="{v}">{v}</td>' for v in row.verdicts)
            + f"<td>{html.escape(', '.join(row.backed(self.engines)) if row.disagreement else '')}</td></tr>"
            for row in ordered
        )
        totals = "".join(
            f"<li>{html.escape(e)}: " + ", ".join(f"{k} {v}" for k, v in self.totals(i).items()) + "</li>"
            for i, e in enumerate(self.engines)
        )
        return (
            f'<section class="matrix"><h2>Engines side by side</h2><ul>{totals}</ul>'
            f"<p>{len(self.disagreements)} runs where the engines disagree; "
            "the rules back those that pass.</p>"
            f"<table><tr><th>run</th><th>rule</th>{head}<th>rules back</th></tr>{body}</table></section>"
        )

    def html_page(self) -> str:
        return _PAGE.format(fragment=self.html_fragment())


def matrix(reports: Sequence[Report]) -> Matrix:
    """The matrix of several reports of the same scenarios (one per engine)."""
    engines = tuple(_unique_names([r.engine.name for r in reports]))
    by_engine = [{o.run.id: o for o in r.outcomes} for r in reports]
    ids = list(dict.fromkeys(o.run.id for r in reports for o in r.outcomes))
    rows = []
    for run_id in ids:
        found = [table.get(run_id) for table in by_engine]
        rule = next(o.run.scenario.rule for o in found if o is not None)
        verdicts = tuple(VERDICTS.get(o.status, o.status) if o else "unsupported" for o in found)
        wrong = tuple(bool(o and o.status == "xfailed" and SUITE_SIDE in o.message) for o in found)
        rows.append(Row(run_id, rule, verdicts, wrong))
    return Matrix(engines, tuple(rows))


def unsupported_summary(report: Report, limit: int = 12) -> list[str]:
    """What an engine's unsupported runs lack, most common first: what to implement
    next. One line per missing action, question, edition or inexpressible thing, with
    the number of runs that need it."""
    unsupported = [o for o in report.outcomes if o.status == "unsupported"]
    reasons = Counter(need for o in unsupported for need in (o.lacking or [o.message]))
    if not reasons:
        return []
    lines = [f"{len(unsupported)} runs unsupported; what they need (runs), most common first:"]
    lines += [f"  {count:>4}  {reason}" for reason, count in reasons.most_common(limit)]
    if len(reasons) > limit:
        lines.append(f"  ... and {len(reasons) - limit} more reasons (--json has each run's)")
    return lines


def _unique_names(names: list[str]) -> list[str]:
    """Engine names, numbered where two engines share one."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        result.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return result


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>dfc-plugin conformance: engines side by side</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: 2px 8px; }}
td.pass {{ background: #dff5df; }} td.fail, td.error {{ background: #f8d4d4; }}
td.unsupported, td.descriptive {{ background: #eee; }} tr.bad td:first-child {{ font-weight: bold; }}
</style></head><body><h1>dfc-plugin conformance</h1>
{fragment}
</body></html>
"""
