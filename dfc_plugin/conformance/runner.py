"""Running scenarios against a driver, and the results.

Each scenario runs once per rules edition it holds for (or only under the edition asked
for), on a fresh driver: scenarios share nothing, so any order and any number of workers
give the same results. A result keeps the step log (the engine's own event log, each line
with the rule that decided it) for the failure report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dfc_plugin.conformance.driver import ActResult, Driver, Refused
from dfc_plugin.conformance.schema import Check, Scenario, Step, load_file, scenario_files
from dfc_plugin.editions import EDITIONS
from dfc_plugin.errors import DfcError, ScenarioError

__all__ = [
    "BUNDLED",
    "Mismatch",
    "Outcome",
    "Run",
    "load_known_gaps",
    "load_scenarios",
    "planned_runs",
    "run_scenario",
]

BUNDLED = Path(__file__).resolve().parent / "rulings"


@dataclass(frozen=True)
class Mismatch:
    """One expectation that did not hold: where, what was expected, what happened."""

    where: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.where}: expected {self.expected!r}, got {self.actual!r}"


@dataclass(frozen=True)
class Run:
    """One scenario under one edition."""

    scenario: Scenario
    edition: str

    @property
    def id(self) -> str:
        """The scenario id, with the edition when the scenario holds for several."""
        if len(self.scenario.editions) > 1:
            return f"{self.scenario.id}@{self.edition}"
        return self.scenario.id


@dataclass
class Outcome:
    """The result of a run: passed, failed, error (the engine or driver broke),
    descriptive (nothing to play), xfailed / xpassed (a known gap)."""

    run: Run
    status: str
    message: str = ""
    mismatches: list[Mismatch] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "descriptive", "xfailed")


def load_scenarios(
    paths: Iterable[Path] = (), bundled: bool = True
) -> tuple[list[Scenario], list[ScenarioError]]:
    """Scenarios of the bundled files and of ``paths`` (a file of the same name replaces a
    bundled one). A malformed file is reported and skipped; the others still load. Two
    scenarios with one id are an error."""
    roots = ([BUNDLED] if bundled else []) + list(paths)
    scenarios: list[Scenario] = []
    errors: list[ScenarioError] = []
    seen: dict[str, Scenario] = {}
    for file in scenario_files(roots):
        try:
            loaded = load_file(file)
        except ScenarioError as error:
            errors.append(error)
            continue
        for scenario in loaded:
            earlier = seen.get(scenario.id)
            if earlier is not None:
                errors.append(
                    ScenarioError(
                        f"scenario id is also used in {earlier.file}:{earlier.line}",
                        path=scenario.file,
                        line=scenario.line,
                        scenario=scenario.id,
                        key_path="id",
                    )
                )
                continue
            seen[scenario.id] = scenario
            scenarios.append(scenario)
    return scenarios, errors


def load_known_gaps(path: Path) -> dict[str, str]:
    """A known-gaps file: TOML with a ``[gaps]`` table of scenario id (or ``id@edition``)
    to the reason the engine fails it. Those runs are strict expected failures."""
    from dfc_plugin.conformance.schema import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(f"cannot read known-gaps file: {error.strerror}", path=str(path)) from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"known-gaps file is not valid TOML: {error}", path=str(path)) from None
    gaps = data.get("gaps")
    if not isinstance(gaps, dict) or not all(isinstance(v, str) for v in gaps.values()):
        raise ScenarioError(
            'a known-gaps file has a [gaps] table: "scenario-id" = "reason"', path=str(path), key_path="gaps"
        )
    return dict(gaps)


def planned_runs(scenarios: Iterable[Scenario], edition: str | None = None) -> list[Run]:
    """A run per scenario and edition it holds for; only ``edition`` if one is asked for."""
    wanted = EDITIONS[edition].name if edition is not None else None
    return [
        Run(scenario, name)
        for scenario in scenarios
        for name in scenario.editions
        if wanted is None or name == wanted
    ]


# --------------------------------------------------------------------------- one run


class _Failed(Exception):
    """A step's result that makes the rest of the scenario meaningless."""


@dataclass
class _Session:
    driver: Driver
    handles: dict[str, Any] = field(default_factory=dict)
    mismatches: list[Mismatch] = field(default_factory=list)

    def handle(self, alias: str) -> Any:
        return self.handles[alias]

    def args(self, step: Step) -> dict[str, Any]:
        resolved = {}
        for name, value in step.args.items():
            if (
                name in ("object", "linked_to", "source", "card")
                and isinstance(value, str)
                and value in self.handles
            ):
                resolved[name] = self.handles[value]
            elif name in ("objects", "materials"):
                resolved[name] = [self.handles[v] for v in value]
            else:
                resolved[name] = value
        return resolved

    def compare(self, where: str, expected: Any, actual: Any) -> None:
        if _normal(actual) != _normal(expected):
            self.mismatches.append(Mismatch(where, expected, actual))


def _normal(value: Any) -> Any:
    """TOML has no null: an empty string stands for "none"; tuples are lists."""
    if value is None:
        return ""
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_normal(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (frozenset, set)) else items
    return value


def _do_step(session: _Session, step: Step) -> None:
    where = f"step[{step.index}] {step.action}"
    expect = step.expect
    try:
        result: ActResult = session.driver.act(step.action, session.args(step))
    except Refused as refusal:
        if "refused" in expect:
            session.compare(f"{where} refused rule", expect["refused"], refusal.rule)
            return
        session.mismatches.append(
            Mismatch(where, "the action to be allowed", f"refused by rule {refusal.rule}: {refusal}")
        )
        raise _Failed from None
    if "refused" in expect:
        session.mismatches.append(
            Mismatch(where, f"refused by rule {expect['refused']}", "the action was allowed")
        )
        raise _Failed
    for key, wanted in expect.items():
        actual = {
            "happened": result.happened,
            "rule": result.rule,
            "objects_moved": result.objects_moved,
            "cards_moved": result.cards_moved,
            "made": len(result.objects),
            "notes": list(result.notes),
        }[key]
        session.compare(f"{where} {key}", wanted, actual)
    for alias, handle in zip(step.bind, result.objects, strict=False):
        session.handles[alias] = handle
    if len(step.bind) > len(result.objects):
        missing = ", ".join(step.bind[len(result.objects) :])
        session.mismatches.append(
            Mismatch(f"{where} as", f"objects for {missing}", f"{len(result.objects)} objects")
        )
        raise _Failed


def _question(check: Check, name: str, value: Any) -> tuple[dict[str, Any], Any]:
    """The extra arguments a question needs, and the answer it must get."""
    extra = dict(check.extra)
    if name in ("hidden_from", "visible_to"):
        return {**extra, "player": value}, True
    if name == "has_name":
        return {**extra, "name": value}, True
    if name == "lacks_name":
        return {**extra, "name": value}, False
    return extra, value


def _do_check(session: _Session, check: Check) -> None:
    target = session.handle(check.target) if check.kind == "object" else check.target
    for name, value in check.fields.items():
        where = f"check[{check.index}] {check.kind} {check.target} {name}"
        if check.kind == "log":
            text = session.driver.observe("log", None, "text", {"reader": check.extra.get("reader")})
            present = value in text
            if present != (name == "mentions"):
                session.mismatches.append(
                    Mismatch(where, f"{'in' if name == 'mentions' else 'not in'} the log", text)
                )
            continue
        if (
            check.kind == "object"
            and name != "exists"
            and not session.driver.observe("object", target, "exists", {})
        ):
            session.mismatches.append(
                Mismatch(where, value, f"object {check.target} is no longer in the game")
            )
            continue
        extra, expected = _question(check, name, value)
        session.compare(where, expected, session.driver.observe(check.kind, target, name, extra))


def run_scenario(
    run: Run, factory: Callable[[], Driver], known_gaps: Mapping[str, str] | None = None
) -> Outcome:
    """Play one scenario on a fresh driver and judge it."""
    scenario = run.scenario
    if scenario.descriptive:
        return Outcome(run, "descriptive", scenario.reason)
    driver = factory()
    session = _Session(driver)
    outcome = _play(run, session)
    gap = (known_gaps or {}).get(run.id) or (known_gaps or {}).get(scenario.id)
    if gap is not None:
        if outcome.status == "passed":
            return Outcome(
                run,
                "xpassed",
                f"listed as a known gap ({gap}) but it passed: remove it from the list",
                [],
                outcome.log,
            )
        return Outcome(run, "xfailed", f"known gap: {gap}", outcome.mismatches, outcome.log)
    return outcome


def _play(run: Run, session: _Session) -> Outcome:
    scenario = run.scenario
    driver = session.driver
    try:
        driver.start(run.edition, scenario.players)
        for spec in scenario.setup:
            session.handles[spec.alias] = driver.add(spec.card, spec.zone, spec.player, spec.options or {})
        for step in scenario.steps:
            _do_step(session, step)
        for check in scenario.checks:
            _do_check(session, check)
    except _Failed:
        pass
    except (DfcError, Exception) as error:  # the engine under test broke: an error, not a failure
        return Outcome(run, "error", f"{type(error).__name__}: {error}", session.mismatches, _log(driver))
    if session.mismatches:
        return Outcome(
            run, "failed", "; ".join(str(m) for m in session.mismatches), session.mismatches, _log(driver)
        )
    return Outcome(run, "passed", "", [], _log(driver))


def _log(driver: Driver) -> list[str]:
    try:
        return list(driver.log())
    except Exception as error:  # a driver whose log fails still gets its verdict
        return [f"(the driver's log failed: {type(error).__name__}: {error})"]
