"""The bundled suite on each shipped engine, against the reference engine in the same run.

Run: ``python benchmarks/engines.py [ROUNDS]`` (default 1; needs ``dfc-plugin[phase]``).
Alternating rounds, medians; the figure to quote is each engine's time as a multiple of
the reference engine's, with the runs it judged (phase.rs pays a game built from decks
and a state export and reload for every state edit, so it is slower per run).
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable

from arguments import parse_rounds
from timing import timed

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.report import Report, run_suite
from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios


def engines() -> dict[str, tuple[Callable[[], object], dict[str, str]]]:
    found: dict[str, tuple[Callable[[], object], dict[str, str]]] = {"reference": (ReferenceDriver, {})}
    try:
        from dfc_plugin.drivers.phase import KNOWN_GAPS, PhaseDriver
    except ImportError:  # pragma: no cover
        return found
    found["phase.rs"] = (PhaseDriver, load_known_gaps(KNOWN_GAPS))
    return found


def main(argv: list[str]) -> None:
    rounds = parse_rounds(__doc__, 1, argv)
    scenarios, errors = load_scenarios()
    assert not errors, errors
    measured = engines()
    reports: dict[str, Report] = {}
    for name, (factory, gaps) in measured.items():  # warm: card data, handlers
        reports[name] = run_suite(scenarios, factory, known_gaps=gaps)  # type: ignore[arg-type]
    times: dict[str, list[float]] = {name: [] for name in measured}
    for _ in range(rounds):
        for name, (factory, gaps) in measured.items():
            times[name].append(timed(lambda f=factory, g=gaps: run_suite(scenarios, f, known_gaps=g)))  # type: ignore[misc]
    base = statistics.median(times["reference"])
    print(f"{len(reports['reference'].outcomes)} runs, {rounds} rounds, medians")
    for name, values in times.items():
        report = reports[name]
        judged = sum(o.judged for o in report.outcomes)
        median = statistics.median(values)
        print(f"  {name:<10} {median:7.2f} s  {median / base:6.1f}x reference  {judged} judged")


if __name__ == "__main__":
    main(sys.argv[1:])
