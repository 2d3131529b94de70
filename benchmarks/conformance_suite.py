"""How long the bundled conformance suite takes on the reference engine, against a baseline.

Run: ``python benchmarks/conformance_suite.py [ROUNDS]`` (default 5). In one process, in
alternating rounds, reported as medians (the ratios are the figures to quote; the
machines this runs on are shared and noisy):

- baseline: reading the scenario files (TOML and the schema) and planning the runs:
  what any run of the suite pays before it plays anything.
- suite: playing every planned run on the reference engine with its invariants checked
  after every action (what ``dfc-plugin conformance`` does after start-up).
- suite, unchecked: the same with the engine's invariant checks off, to show their share.

Card scripts and rule handlers are loaded once, before the first round, as in a run.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable

from arguments import parse_rounds
from timing import timed

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import load_scenarios, planned_runs, run_scenario


def load() -> int:
    scenarios, errors = load_scenarios([], bundled=True)
    assert not errors, errors
    return len(planned_runs(scenarios))


def suite(check_invariants: bool) -> Callable[[], int]:
    scenarios, _ = load_scenarios([], bundled=True)
    runs = planned_runs(scenarios)

    def factory() -> ReferenceDriver:
        driver = ReferenceDriver()
        if not check_invariants:
            start = driver.start

            def start_unchecked(edition: str, players: int) -> None:
                start(edition, players)
                driver.g.check_invariants = False

            driver.start = start_unchecked  # type: ignore[method-assign]
        return driver

    def play() -> int:
        outcomes = [run_scenario(run, factory) for run in runs]
        assert all(o.status in ("passed", "descriptive") for o in outcomes)
        return len(outcomes)

    return play


def main(argv: list[str]) -> None:
    rounds = parse_rounds(__doc__, 5, argv)
    count = load()
    measured: dict[str, Callable[[], int]] = {
        "baseline (load)": load,
        "suite": suite(True),
        "suite, unchecked": suite(False),
    }
    for work in measured.values():
        work()  # warm: card scripts, handlers, value caches
    times: dict[str, list[float]] = {name: [] for name in measured}
    for _ in range(rounds):
        for name, work in measured.items():
            times[name].append(timed(work))
    base = statistics.median(times["baseline (load)"])
    print(f"{count} scenario runs, {rounds} rounds, medians")
    for name, values in times.items():
        median = statistics.median(values)
        per_run = median / count * 1e6
        print(f"  {name:<18} {median:7.3f} s  {per_run:7.0f} us/run  {median / base:6.2f}x baseline")


if __name__ == "__main__":
    main(sys.argv[1:])
