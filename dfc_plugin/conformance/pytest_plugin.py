"""The conformance suite as a pytest plugin (entry point ``pytest11``).

Any test that takes the ``dfc_run`` argument is parametrized with one item per scenario
run, its id the scenario id (``@edition`` added when a scenario holds for several
editions). ``dfc_plugin.conformance.test_suite`` is such a test: ``pytest --pyargs
dfc_plugin.conformance`` runs the bundled suite anywhere.

Every item carries a ``dfc_rule(number)`` marker per rule its scenario cites, and
``--dfc-rule 712.8e`` (repeatable) keeps only the items citing that rule or one of its
subrules (``--dfc-rule 712.8`` keeps 712.8 and 712.8a-g). ``-k`` matches ids only, and a
scenario's id names one rule, so ``-k`` misses scenarios that cite a rule as a second one.

The ``dfc_played`` fixture plays the scenario while the test is set up: an engine that
raises is a pytest *error* with the engine's own traceback, a wrong answer a *failure*
(so pytest's ``--junitxml`` and ``dfc-plugin conformance --junit-xml`` agree).

Options: ``--dfc-engine=module:factory`` (another engine's driver), ``--dfc-edition``,
``--dfc-known-gaps=FILE`` (its entries run as strict xfails; default: the gaps the
driver ships, as phase's does), ``--dfc-scenarios=PATH`` (more scenario files;
repeatable), ``--dfc-only`` (only those), ``--dfc-rule``, ``--dfc-library=PATH``
(card-script folders the scenarios may use; repeatable). pytest is needed only for this
plugin (``pip install 'dfc-plugin[pytest]'``). This module imports
nothing heavy until a test asks for ``dfc_run``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

__all__ = ["Played", "dfc_check", "dfc_verdict", "rule_selected"]


@dataclass(frozen=True)
class Played:
    """A scenario run's outcome, and the rule points plugins other than the built-in one
    answered in the engine that played it (named in a failure)."""

    outcome: Any
    answered_by: Mapping[str, str] = field(default_factory=dict)


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
    group.addoption(
        "--dfc-rule",
        metavar="NUMBER",
        action="append",
        default=[],
        help="run only the scenarios citing this rule or its subrules, e.g. 712.8e (repeatable)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "dfc_rule(number): a Comprehensive Rules number the scenario cites")


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
        marks = [pytest.mark.dfc_rule(rule) for rule in run.scenario.rules]
        if reason:
            marks.append(pytest.mark.xfail(strict=True, reason=f"known gap: {reason}"))
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


def rule_selected(cited: str, wanted: str) -> bool:
    """Whether a cited rule is ``wanted`` or one of its subrules (712.8e is in 712.8 and
    in 712; 712.80 is not in 712.8)."""
    if cited == wanted:
        return True
    if not cited.startswith(wanted):
        return False
    following = cited[len(wanted)]
    return following == "." or (following.isalpha() and not wanted[-1:].isalpha())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = config.getoption("--dfc-rule")
    if not wanted:
        return
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        cited = [str(arg) for mark in item.iter_markers("dfc_rule") for arg in mark.args]
        selected = any(rule_selected(rule, want) for rule in cited for want in wanted)
        (kept if selected else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def _factory(config: pytest.Config) -> Any:
    from dfc_plugin.conformance.driver import ReferenceDriver, load_driver_factory, with_libraries

    spec = config.getoption("--dfc-engine")
    libraries = [Path(p) for p in config.getoption("--dfc-library")]
    return with_libraries(load_driver_factory(spec) if spec else ReferenceDriver, libraries)


def pytest_report_collectionfinish(config: pytest.Config, items: list[pytest.Item]) -> list[str]:
    """After collection, as pytest's own header does for its plugins: the package
    version, the engine and its rules plugins with their versions (only when scenario
    items were collected)."""
    if not any("dfc_run" in getattr(item, "fixturenames", ()) for item in items):
        return []
    from dfc_plugin.conformance.report import header_lines, probe_engine

    edition = config.getoption("--dfc-edition")
    return header_lines(probe_engine(_factory(config), edition), edition)


@pytest.fixture(scope="session")
def dfc_driver_factory(pytestconfig: pytest.Config) -> Any:
    """The factory of the engine under test (the reference engine by default)."""
    return _factory(pytestconfig)


class _Watched:
    """A driver whose first exception is kept (with its traceback) before the runner
    turns it into an ``error`` outcome, so pytest can show where the engine broke."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.raised: BaseException | None = None

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.driver, name)
        if not callable(value) or name.startswith("_"):
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return value(*args, **kwargs)
            except Exception as error:
                if self.raised is None and not _is_refusal(error):
                    self.raised = error
                raise

        return call


def _is_refusal(error: Exception) -> bool:
    from dfc_plugin.conformance.driver import Refused

    return isinstance(error, Refused)


def _play(run: Any, factory: Callable[[], Any]) -> Played:
    """Play the run on a watched driver; an engine that raised is raised again here."""
    from dfc_plugin.conformance.runner import run_scenario

    made: list[_Watched] = []

    def watched() -> Any:
        made.append(_Watched(factory()))
        return made[-1]

    outcome = run_scenario(run, watched)
    driver = made[-1] if made else None
    if outcome.status == "error":
        _raise_engine_error(outcome, driver)
    return Played(outcome, _answered_by(driver))


def _answered_by(watched: _Watched | None) -> Mapping[str, str]:
    from dfc_plugin.conformance.report import engine_info

    return engine_info(watched.driver).answered_by if watched is not None else {}


def _raise_engine_error(outcome: Any, watched: _Watched | None) -> None:
    """Re-raise what the engine raised, with its traceback; the report as the note."""
    from dfc_plugin.conformance.report import failure_text
    from dfc_plugin.errors import DriverError

    error: BaseException = (
        watched.raised if watched is not None and watched.raised is not None else DriverError(outcome.message)
    )
    error.add_note("\n".join(failure_text(outcome, _answered_by(watched))))
    raise error


@pytest.fixture
def dfc_played(dfc_run: Any, dfc_driver_factory: Any) -> Played:
    """The scenario, played while the test is set up: an engine that raises makes the
    test an error, with the engine's traceback; otherwise what happened, for
    :func:`dfc_verdict`."""
    return _play(dfc_run, dfc_driver_factory)


def dfc_verdict(played: Played) -> None:
    """Fail the test with the ruling, expected against actual, which plugin answered, and
    the step log; pass a passed one; skip the rest (descriptive, or a status such as
    ``unsupported`` that is neither a pass nor a failure)."""
    from dfc_plugin.conformance.report import failure_text

    outcome = played.outcome
    if outcome.status in ("failed", "xpassed"):
        pytest.fail("\n".join(failure_text(outcome, played.answered_by)), pytrace=False)
    if outcome.status != "passed":  # descriptive, or a status a driver adds: neither pass nor fail
        pytest.skip(f"{outcome.status}: {outcome.message}")


def dfc_check(run: Any, factory: Any) -> None:
    """Play one scenario run inside a test and judge it: an engine that raises fails the
    test with its own traceback; see :func:`dfc_verdict` for the rest."""
    dfc_verdict(_play(run, factory))
