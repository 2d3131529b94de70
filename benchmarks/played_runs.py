"""What playing the game costs a scenario run, against the runs that use direct actions.

Run: ``python benchmarks/played_runs.py [ROUNDS]`` (default 5). In one process, in
alternating rounds, reported as medians per run (quote the ratio; the machines are shared):

- baseline: the bundled behaviour runs whose steps are direct actions only (a cast, a
  transform, a meld as a state edit), on the reference engine, invariants checked.
- played: the bundled runs that drive the game (``coverage.drives_the_game``: pass,
  advance, activate, attack, block, a cast or craft through the loop), the same way.
- trials: only the runs that ask ``can_cast``/``can_activate``/their refusals, each of which
  makes the attempt and undoes it.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable

from arguments import parse_rounds
from timing import timed

from dfc_plugin.conformance.coverage import drives_the_game
from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import Run, load_scenarios, planned_runs, run_scenario

TRIAL_QUESTIONS = {"can_cast", "cast_refused", "can_activate", "activate_refused"}


def _asks_a_trial(run: Run) -> bool:
    return any(TRIAL_QUESTIONS & set(check.fields) for check in run.scenario.checks)


def groups() -> dict[str, list[Run]]:
    scenarios, errors = load_scenarios([], bundled=True)
    assert not errors, errors
    runs = [r for r in planned_runs(scenarios) if not r.scenario.descriptive]
    return {
        "baseline (direct)": [r for r in runs if not drives_the_game(r.scenario)],
        "played": [r for r in runs if drives_the_game(r.scenario)],
        "trials": [r for r in runs if _asks_a_trial(r)],
    }


def player(runs: list[Run]) -> Callable[[], int]:
    def play() -> int:
        outcomes = [run_scenario(run, ReferenceDriver) for run in runs]
        assert all(o.status == "passed" for o in outcomes), [
            o.message for o in outcomes if o.status != "passed"
        ]
        return len(outcomes)

    return play


def main(argv: list[str]) -> None:
    rounds = parse_rounds(__doc__, 5, argv)
    measured = {name: (len(runs), player(runs)) for name, runs in groups().items()}
    for _, work in measured.values():
        work()  # warm: card scripts, handlers, value caches
    times: dict[str, list[float]] = {name: [] for name in measured}
    for _ in range(rounds):
        for name, (count, work) in measured.items():
            times[name].append(timed(work) / count)
    base = statistics.median(times["baseline (direct)"])
    print(f"{rounds} rounds, medians per run")
    for name, values in times.items():
        median = statistics.median(values)
        count = measured[name][0]
        print(f"  {name:<18} {count:4d} runs {median * 1e6:8.0f} us/run  {median / base:6.2f}x baseline")


if __name__ == "__main__":
    main(sys.argv[1:])
