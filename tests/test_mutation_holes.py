"""The mutation benchmark (benchmarks/mutation.py) and the questions added for the holes
it found (issue 14): each new question has a scenario that fails on an engine that gets
its rule wrong, the mutator makes each kind of change, a mutant is patched into the live
program and taken out again, and the list of equivalent mutants names only real ones."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from dataclasses import astuple, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import load_scenarios, planned_runs, run_scenario
from dfc_plugin.editions import EDITIONS
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.rules import casting, mana, meld, visibility
from dfc_plugin.rules.daynight import DayNight, next_designation

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_benchmark", BENCHMARKS / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


MUTATION = _benchmark()


# --------------------------------------------------------------------------- broken engines


class Broken:
    """A rules plugin that replaces one rule point with a wrong answer."""

    def __init__(self, point: str, make: Callable[[Registry], Callable[..., Any]]) -> None:
        self.point, self.make = point, make

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register(self.point, self.make(registry), plugin=f"broken-{self.point}")


def _owner_never_orders(registry: Registry) -> Callable[..., Any]:
    def leave(state: Any, destination: Any, order: Any = None) -> Any:
        departure = meld.leave_battlefield(registry.edition, state, destination, order)
        return replace(departure, owner_orders=False)

    return leave


def _everyone_looks(registry: Registry) -> Callable[..., Any]:
    return lambda state, may_look: visibility.view(registry.edition, state, True)


def _mana_anywhere(registry: Registry) -> Callable[..., Any]:
    def abilities(state: Any) -> Any:
        face = state.card.faces[0]
        return mana._face_mana_abilities(face)

    return abilities


def _convert_always(registry: Registry) -> Callable[..., Any]:
    edition = replace(registry.edition, convert=True)
    return lambda card, zone: casting.cast_options(edition, card, zone)


BROKEN = {
    "leaves_to_<zone> (712.21a)": (
        Broken("leave_battlefield", _owner_never_orders),
        "712.21a-melded-graveyard-and-library-owner-orders",
        "leaves_to_graveyard",
    ),
    "views (712.7)": (
        Broken("view", _everyone_looks),
        "712.7-views-hand-card-hidden-from-opponent@2026-09-25",
        "views",
    ),
    "mana_abilities (605.1a)": (
        Broken("mana_abilities", _mana_anywhere),
        "605.1a-no-mana-abilities-outside-the-battlefield",
        "mana_abilities",
    ),
    "cast_options (701.28, 2022)": (
        Broken("cast_options", _convert_always),
        "701.28-2022-no-convert-no-more-than-meets-the-eye",
        "cast_options",
    ),
}


def _run(run_id: str) -> Any:
    scenarios, errors = load_scenarios([], bundled=True)
    assert not errors
    return next(run for run in planned_runs(scenarios) if run.id == run_id)


@pytest.mark.rule("712.21a", "712.7", "605.1a", "701.28")
@pytest.mark.parametrize("question", list(BROKEN))
def test_each_new_question_fails_on_a_wrong_engine(question: str) -> None:
    """The scenario passes on the reference engine and fails, on the new question, when a
    plugin answers that rule wrongly."""
    plugin, run_id, asked = BROKEN[question]
    run = _run(run_id)
    assert run_scenario(run, ReferenceDriver).status == "passed"
    broken = run_scenario(run, lambda: ReferenceDriver(plugins=[plugin]))
    assert broken.status in ("failed", "error"), broken.message
    assert asked in broken.message or "refused" in broken.message or "allowed" in broken.message


def test_cast_via_is_the_permission_used() -> None:
    """The `cast_via` question reports the permission a spell was cast with; a permanent
    put onto the battlefield was not cast."""
    driver = ReferenceDriver()
    driver.start("current", 2)
    beggar = driver.add("Beloved Beggar", "graveyard", 1, {})
    spell = driver.act("cast", {"object": beggar, "via": "disturb"}).objects[0]
    assert driver.observe("object", spell, "cast_via", {}) == "disturb"
    bears = driver.add("Grizzly Bears", "hand", 1, {})
    put = driver.act("put_onto_battlefield", {"object": bears}).objects[0]
    assert driver.observe("object", put, "cast_via", {}) == ""


# --------------------------------------------------------------------------- the mutator


def test_the_mutator_makes_every_kind_of_change() -> None:
    mutants = MUTATION.mutants_of("dfc_plugin.rules.daynight")
    kinds = {m.operator for m in mutants}
    assert kinds >= {"compare", "boundary", "negate", "bool_op", "remove_guard", "enum_swap", "constant"}
    assert "off_by_one" in {m.operator for m in MUTATION.mutants_of("dfc_plugin.rules.casting")}
    assert len({m.key for m in mutants}) == len(mutants)
    swap = next(m for m in mutants if m.operator == "enum_swap" and m.scope == "next_designation")
    assert swap.before == "DayNight.DAY" and swap.after == "DayNight.NIGHT"


def test_a_mutant_is_patched_in_and_taken_out() -> None:
    """Flipping 731.2a's "no spells" test changes the live handler (through every
    reference to it), the suite kills it, and restoring brings the old answer back."""
    target = MUTATION._Target.of("dfc_plugin.rules.daynight")
    flip = next(
        m
        for m in MUTATION.mutants_of("dfc_plugin.rules.daynight")
        if m.scope == "next_designation" and m.operator == "compare" and "== 0" in m.before
    )
    suite = MUTATION.Suite.bundled(timeout=60)
    assert next_designation(DayNight.DAY, 0) is DayNight.NIGHT
    patch = MUTATION.apply(target, flip)
    try:
        assert next_designation(DayNight.DAY, 0) is DayNight.DAY
        status, by = suite.verdict()
        assert status == "killed", by
    finally:
        patch.restore()
    assert next_designation(DayNight.DAY, 0) is DayNight.NIGHT
    assert suite.verdict() == ("survived", "")


def test_a_module_level_mutant_is_patched_in_place() -> None:
    """An edition flag (module level) is changed on the live Edition object, which every
    importer holds, and put back."""
    target = MUTATION._Target.of("dfc_plugin.editions")
    flag = next(
        m
        for m in MUTATION.mutants_of("dfc_plugin.editions")
        if m.scope == "<module>" and m.operator == "constant" and m.before == "True"
    )
    live = dict(EDITIONS)
    before = {name: astuple(e) for name, e in EDITIONS.items()}
    patch = MUTATION.apply(target, flag)
    try:
        during = {name: astuple(e) for name, e in EDITIONS.items()}
        assert patch.applied and during != before
        assert all(EDITIONS[name] is edition for name, edition in live.items())  # in place
    finally:
        patch.restore()
    assert {name: astuple(e) for name, e in EDITIONS.items()} == before


def test_every_listed_equivalent_mutant_exists() -> None:
    """The hand-read list names mutants the mutator still makes (a stale key would hide
    nothing, and count nothing, silently)."""
    equivalent = MUTATION.load_equivalent()
    assert equivalent and all(reason.strip() for reason in equivalent.values())
    modules = sorted({key.split(":", 1)[0] for key in equivalent})
    assert set(modules) <= set(MUTATION.MODULES)
    made = {m.key for module in modules for m in MUTATION.mutants_of(module)}
    assert sorted(set(equivalent) - made) == []


def test_a_default_value_mutant_is_patched() -> None:
    """A default value lives on the function object, not in its code: ``count: int = 1``
    of the host's mill becomes 2 while the mutant is in, and 1 again after."""
    from dfc_plugin.host.changes import ChangeActions

    target = MUTATION._Target.of("dfc_plugin.host.changes")
    mutant = next(
        m
        for m in MUTATION.mutants_of("dfc_plugin.host.changes")
        if m.scope == "ChangeActions.mill" and m.operator == "off_by_one" and m.after == "2"
    )
    mill = ChangeActions.mill.__wrapped__  # type: ignore[attr-defined]
    assert mill.__defaults__ == (1,)
    patch = MUTATION.apply(target, mutant)
    try:
        assert patch.applied and mill.__defaults__ == (2,)
    finally:
        patch.restore()
    assert mill.__defaults__ == (1,)
