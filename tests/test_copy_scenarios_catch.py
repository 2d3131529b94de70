"""The copy and Fable ruling scenarios (issue 14 item 3) catch a wrong engine: each is
run on the reference engine with one copy rule deliberately broken, and the scenarios
about that rule fail (or error) while they pass on the real engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import BUNDLED, load_scenarios, planned_runs, run_scenario
from dfc_plugin.host.abilities import copying
from dfc_plugin.host.game import layers

FILES = (
    "rulings_copy-effects-moritte-cytoshape-spark-double-mirror-image.toml",
    "rulings_neo-fable-of-the-mirror-breaker.toml",
)
COPY = "copy-effects-moritte-cytoshape-spark-double-mirror-image#"
FABLE = "neo-fable-of-the-mirror-breaker#"


def _statuses(ids: set[str]) -> dict[str, str]:
    scenarios, errors = load_scenarios([BUNDLED / name for name in FILES], bundled=False)
    assert errors == []
    runs = [r for r in planned_runs(scenarios) if r.scenario.id in ids]
    assert {r.scenario.id for r in runs} == ids
    return {r.scenario.id: run_scenario(r, ReferenceDriver, timeout=None).status for r in runs}


def _no_exceptions(face: Any, exceptions: Any) -> Any:
    return face


BREAKS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], set[str]]] = {
    "copy exceptions ignored (707.9b)": (
        lambda mp: mp.setattr(layers, "_excepted", _no_exceptions),
        {COPY + "2-moritte-legendary-copy", COPY + "28-spark-double-not-legendary"},
    ),
    "simultaneous entry ignored (614.12)": (
        lambda mp: mp.setattr(layers.Layers, "entering_together", lambda self: frozenset()),
        {COPY + "9-moritte-simultaneous-entry", COPY + "41-mirror-image-simultaneous-entry"},
    ),
    "copies last past cleanup (514.2)": (
        lambda mp: mp.setattr(layers.Layers, "revert_copies", lambda self: None),
        {COPY + "26-cytoshape-ends-at-end-of-turn"},
    ),
    "no token doubling (614.1a)": (
        lambda mp: mp.setattr(copying, "token_count", lambda game, controller, count: count),
        {FABLE + "8-doubling-season-sacrifice-each"},
    ),
}


@pytest.mark.rule("707.9b", "614.12", "514.2", "614.1a")
@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_a_broken_copy_rule_fails_its_scenarios(broken: str, monkeypatch: pytest.MonkeyPatch) -> None:
    breaks, ids = BREAKS[broken]
    assert set(_statuses(ids).values()) == {"passed"}
    breaks(monkeypatch)
    assert "passed" not in _statuses(ids).values()
