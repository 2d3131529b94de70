"""A long run of the engine's stateful property test (tests/stateful_support.py).

Run: ``python benchmarks/stateful_long.py [EXAMPLES] [STEPS]`` (default 1000 sequences of
up to 50 steps). Prints how many sequences and actions ran, and the time; any failure
prints hypothesis's shrunk sequence and exits non-zero.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hypothesis import HealthCheck, settings
from stateful_support import STEPS, EngineMachine


def main(argv: list[str]) -> None:
    examples = int(argv[0]) if argv else 1000
    steps = int(argv[1]) if len(argv) > 1 else 50
    EngineMachine.TestCase.settings = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    start = time.perf_counter()
    EngineMachine.TestCase("runTest").runTest()
    took = time.perf_counter() - start
    actions = f"{STEPS[0]:,} actions"
    print(f"{examples} sequences of up to {steps} steps: {actions}, all invariants held, {took:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
