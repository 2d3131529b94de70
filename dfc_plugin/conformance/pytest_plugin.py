"""The conformance suite as a pytest plugin (entry point ``pytest11``).

Any test that takes the ``dfc_run`` argument is parametrized with one item per scenario
run, its id the scenario id (``@edition`` added when a scenario holds for several
editions), so ``pytest -k 712.8e`` runs one rule. ``dfc_plugin.conformance.test_suite``
is such a test: ``pytest --pyargs dfc_plugin.conformance`` runs the bundled suite anywhere.

Options: ``--dfc-engine=module:factory`` (another engine's driver), ``--dfc-edition``,
``--dfc-known-gaps=FILE`` (its entries run as strict xfails; default: the gaps the
driver ships, as phase's does), ``--dfc-scenarios=PATH``
(more scenario files; repeatable), ``--dfc-only`` (only those), ``--dfc-library=PATH``
(card-script folders the scenarios may use; repeatable). An ``unsupported`` run (the
driver does not declare what it needs) is skipped with what is missing. This module imports
nothing heavy until a test asks for ``dfc_run``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

__all__ = ["dfc_check"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dfc-plugin", "dfc-plugin conformance suite")
    group.addoption("--dfc-engine", metavar="MODULE:FACTORY", help="driver factory of the engine to test")
    group.addoption(
        "--dfc-edition", metavar="NAME", help="run only scenarios that hold for this rules edition"
    )
    group.addoption(
        "--dfc-known-gaps", metavar="FILE", help="TOML [gaps] table: scenario id = reason (strict xfail)"
    )
    group.addoption(
        "--dfc-scenarios", metavar="PATH", action="append", default=[], help="more scenario files"
    )
    group.addoption(
        "--dfc-only", action="store_true", help="run only the --dfc-scenarios files, not the bundled ones"
    )
    group.addoption(
        "--dfc-library",
        metavar="PATH",
        action="append",
        default=[],
        help="a folder of card scripts the scenarios may use (repeatable)",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "dfc_run" not in metafunc.fixturenames:
        return
    from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios, planned_runs
    from dfc_plugin.editions import edition_named

    config = metafunc.config
    extra = [Path(p) for p in config.getoption("--dfc-scenarios")]
    scenarios, errors = load_scenarios(extra, bundled=not config.getoption("--dfc-only"))
    if errors:
        raise pytest.UsageError("\n".join(e.render() for e in errors))
    edition = config.getoption("--dfc-edition")
    runs = planned_runs(scenarios, edition_named(edition).name if edition else None)
    gaps_file = config.getoption("--dfc-known-gaps") or _shipped_gaps(config.getoption("--dfc-engine"))
    gaps = load_known_gaps(Path(gaps_file)) if gaps_file else {}
    params = []
    for run in runs:
        reason = gaps.get(run.id) or gaps.get(run.scenario.id)
        marks = [pytest.mark.xfail(strict=True, reason=f"known gap: {reason}")] if reason else []
        params.append(pytest.param(run, id=run.id, marks=marks))
    metafunc.parametrize("dfc_run", params)


def _shipped_gaps(spec: str | None) -> Path | None:
    """The known gaps a driver ships (``known_gaps`` on its factory), used unless
    --dfc-known-gaps names others."""
    if not spec:
        return None
    from dfc_plugin.conformance.driver import load_driver_factory

    shipped = getattr(load_driver_factory(spec), "known_gaps", None)
    return Path(shipped) if shipped else None


@pytest.fixture(scope="session")
def dfc_driver_factory(pytestconfig: pytest.Config) -> Any:
    """The factory of the engine under test (the reference engine by default)."""
    from dfc_plugin.conformance.driver import ReferenceDriver, load_driver_factory, with_libraries

    spec = pytestconfig.getoption("--dfc-engine")
    libraries = [Path(p) for p in pytestconfig.getoption("--dfc-library")]
    return with_libraries(load_driver_factory(spec) if spec else ReferenceDriver, libraries)


def dfc_check(run: Any, factory: Any) -> None:
    """Play one scenario run; fail the test with the ruling, expected against actual, and
    the step log; skip a descriptive scenario."""
    from dfc_plugin.conformance.report import _failure_text
    from dfc_plugin.conformance.runner import run_scenario

    outcome = run_scenario(run, factory)
    if outcome.status in ("descriptive", "unsupported"):
        pytest.skip(f"{outcome.status}: {outcome.message}")
    if outcome.status != "passed":
        pytest.fail("\n".join(_failure_text(outcome)), pytrace=False)
