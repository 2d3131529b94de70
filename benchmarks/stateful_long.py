"""A long run of the engine's stateful property test (tests/stateful_support.py): every
public action of Game, for every player, on any object, with the invariants checked
after every step (issue 9: 0 cards lost, 0 hidden names leaked, 0 undocumented errors).

Run: ``python benchmarks/stateful_long.py [EXAMPLES] [STEPS]`` (default 2500 sequences
of up to 50 steps: over 100,000 actions). Prints the actions attempted and refused, the
counts of lost cards, leaks and undocumented exceptions, each action's share, and the
time; a failure prints hypothesis's shrunk sequence and exits non-zero.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from arguments import add_count, parser
from hypothesis import HealthCheck, settings
from stateful_support import BY_ACTION, STATS, EngineMachine


def _arguments(argv: list[str]) -> argparse.Namespace:
    command = parser(__doc__)
    add_count(command, "EXAMPLES", 2500, "sequences (default 2500)")
    add_count(command, "STEPS", 50, "the most steps in one sequence (default 50)")
    return command.parse_args(argv)


def main(argv: list[str]) -> None:
    arguments = _arguments(argv)
    examples: int = arguments.examples
    steps: int = arguments.steps
    EngineMachine.TestCase.settings = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    start = time.perf_counter()
    try:
        EngineMachine.TestCase("runTest").runTest()
    finally:
        took = time.perf_counter() - start
        print(f"{examples} sequences of up to {steps} steps, {took:.0f} s")
        print(", ".join(f"{key} {value:,}" for key, value in STATS.items()))
        for name, (attempts, refusals) in sorted(BY_ACTION.items()):
            print(f"  {name:32} {attempts:7,} attempted {attempts - refusals:7,} done")


if __name__ == "__main__":
    main(sys.argv[1:])
