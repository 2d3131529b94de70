"""What the benchmarks share: timing one piece of work in this process."""

from __future__ import annotations

import time
from collections.abc import Callable


def timed(work: Callable[[], object]) -> float:
    """Seconds one call of ``work`` takes (a monotonic clock read around it)."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start
