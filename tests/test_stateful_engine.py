"""The stateful property test of the reference engine, bounded for CI (see
tests/stateful_support.py for the rules and invariants, benchmarks/stateful_long.py for
the long run)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from stateful_support import EngineMachine

EngineMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestEngineSequences = EngineMachine.TestCase
