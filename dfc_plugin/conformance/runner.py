"""Running scenarios against a driver, and the results.

Each scenario runs once per rules edition it holds for (or only under the edition asked
for), on a fresh driver: scenarios share nothing, so any order and any number of workers
give the same results. A result keeps the step log (the engine's own event log, each line
with the rule that decided it) for the failure report.

The engine under test is not trusted: whatever its driver does (its factory raises, it
calls ``sys.exit``, prints, returns a log of non-strings, loops, puts control characters
in its messages), the run gets a verdict and the suite goes on. A scenario that needs an
action, a question or an edition its driver does not declare is ``unsupported``: counted
apart from ``failed`` and ``error``, never a pass.
"""

from __future__ import annotations

import contextlib
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dfc_plugin.conformance.driver import (
    ActResult,
    Capabilities,
    Driver,
    Player,
    Refused,
    Unsupported,
    capabilities_of,
)
from dfc_plugin.conformance.schema import (
    ARGUMENT_CAPABILITIES,
    PLAIN_SETUP,
    Check,
    Scenario,
    Step,
    load_file,
    scenario_files,
)
from dfc_plugin.editions import EDITIONS
from dfc_plugin.errors import DfcError, ScenarioError
from dfc_plugin.script.resources import package_path

__all__ = [
    "BUNDLED",
    "Mismatch",
    "Outcome",
    "Run",
    "load_known_gaps",
    "load_scenarios",
    "needs",
    "planned_runs",
    "run_scenario",
]

#: Seconds one scenario run may take before it is an error (main thread only: the timer
#: is SIGALRM). Scenarios are a handful of actions; a run this long is a loop.
DEFAULT_TIMEOUT = 30.0

BUNDLED = package_path("conformance", "rulings")


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
    unsupported (the driver does not declare what the run needs), descriptive (nothing to
    play), xfailed / xpassed (a known gap). ``status`` is a plain string."""

    run: Run
    status: str
    message: str = ""
    mismatches: list[Mismatch] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    #: For an unsupported run: each thing it needs that the driver lacks.
    lacking: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "descriptive", "xfailed", "unsupported")

    @property
    def judged(self) -> bool:
        """Whether the engine's behaviour was judged (passed, failed, or a known gap)."""
        return self.status in ("passed", "failed", "xfailed", "xpassed")


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
    from dfc_plugin.conformance.schema import read_text, tomllib

    text = read_text(path, "known-gaps file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"known-gaps file is not valid TOML: {error}", path=str(path)) from None
    except RecursionError:
        raise ScenarioError("known-gaps file is nested too deeply", path=str(path)) from None
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


def needs(scenario: Scenario) -> tuple[set[str], set[str]]:
    """The actions and the questions (``kind.question``) a scenario asks of a driver."""
    actions = {step.action for step in scenario.steps} | setup_needs(scenario) | argument_needs(scenario)
    questions = {
        "log.text" if check.kind == "log" else f"{check.kind}.{name}"
        for check in scenario.checks
        for name in check.fields
    }
    return actions, questions


def setup_needs(scenario: Scenario) -> set[str]:
    """The set-up capabilities a scenario uses: ``setup.<key>`` for an object's counters,
    damage, loyalty or attacking, ``game.<key>`` for each key of ``[scenario.game]``."""
    used = {f"setup.{key}" for spec in scenario.setup for key in spec.options if key not in PLAIN_SETUP}
    return used | {f"game.{key}" for key in scenario.game}


def argument_needs(scenario: Scenario) -> set[str]:
    """The action arguments that are capabilities of their own (``add_effect.keywords``)."""
    used = {f"{step.action}.{name}" for step in scenario.steps for name in step.args}
    return used & ARGUMENT_CAPABILITIES


class _Failed(Exception):
    """A step's result that makes the rest of the scenario meaningless."""


class _TimedOut(BaseException):
    """A run took longer than its timeout (a BaseException, so an engine's broad
    ``except Exception`` can't swallow it)."""


@dataclass
class _Session:
    driver: Driver
    cites_rules: bool = True
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
            elif name in ("targets", "defender"):
                values = [self.aliases(v) if isinstance(v, str) else Player(v) for v in _listed(value)]
                resolved[name] = values if isinstance(value, list) else values[0]
            elif name in ALIAS_LISTS:
                resolved[name] = self.aliases(value)
            elif name == "answers":  # an answer that is a set-up alias names that object
                resolved[name] = [[question, self.aliases(answer)] for question, answer in value]
            else:
                resolved[name] = value
        return resolved

    def aliases(self, value: Any) -> Any:
        """Aliases (in a list, a table's keys and values, or alone) as handles; player
        numbers stay numbers."""
        if isinstance(value, list):
            return [self.aliases(v) for v in value]
        if isinstance(value, dict):
            return {self.aliases(k): self.aliases(v) for k, v in value.items()}
        return self.handles[value] if isinstance(value, str) and value in self.handles else value

    def compare(self, where: str, expected: Any, actual: Any) -> None:
        if _normal(actual) != _normal(expected):
            self.mismatches.append(Mismatch(where, expected, actual))


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


#: Step arguments that hold aliases among other things (players, other aliases).
ALIAS_LISTS = ("targets", "pay", "attackers", "defender", "blocks", "answers")
# (``choose`` answers name objects by alias too: "a permanent for Clone to copy", "bears".)


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
            if session.cites_rules:
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
        if key == "rule" and not session.cites_rules:
            continue
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
    run: Run,
    factory: Callable[[], Driver],
    known_gaps: Mapping[str, str] | None = None,
    *,
    timeout: float | None = DEFAULT_TIMEOUT,
) -> Outcome:
    """Play one scenario on a fresh driver and judge it (``driver.with_libraries`` makes a
    factory whose drivers get ``--library`` folders)."""
    scenario = run.scenario
    if scenario.descriptive:
        return Outcome(run, "descriptive", scenario.reason)
    with _guarded(timeout) as trouble:
        outcome = _judge(run, factory)
    if trouble:
        outcome = Outcome(run, "error", trouble[0], [], [])
    outcome.message = printable(outcome.message)
    gap = (known_gaps or {}).get(run.id) or (known_gaps or {}).get(scenario.id)
    if gap is None or outcome.status == "unsupported":
        return outcome
    if outcome.status == "passed":
        return Outcome(
            run,
            "xpassed",
            f"listed as a known gap ({gap}) but it passed: remove it from the list",
            [],
            outcome.log,
        )
    return Outcome(run, "xfailed", f"known gap: {gap}", outcome.mismatches, outcome.log)


def _judge(run: Run, factory: Callable[[], Driver]) -> Outcome:
    try:
        driver = factory()
    except Exception as error:
        return Outcome(run, "error", f"the engine's factory raised {type(error).__name__}: {error}")
    try:
        capabilities = capabilities_of(driver)
    except Exception as error:
        return Outcome(run, "error", f"the driver's capabilities: {type(error).__name__}: {error}")
    lacking = _lacking(capabilities, run)
    if lacking:
        message = "the driver does not declare " + ", ".join(lacking)
        return Outcome(run, "unsupported", message, lacking=lacking)
    session = _Session(driver, capabilities.cites_rules)
    return _play(run, session)


def _lacking(capabilities: Capabilities, run: Run) -> list[str]:
    actions, questions = needs(run.scenario)
    return capabilities.missing(actions, questions, run.edition)


@contextlib.contextmanager
def _guarded(timeout: float | None) -> Iterator[list[str]]:
    """Run an engine's code so that nothing it does ends or corrupts the suite: what it
    prints goes to stderr (stdout may be the --json report), ``sys.exit`` and a timeout
    become the run's error (the message is put in the yielded list)."""
    trouble: list[str] = []
    timer = timeout is not None and timeout > 0 and threading.current_thread() is threading.main_thread()
    previous: Any = None
    if timer:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, float(timeout or 0))
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield trouble
    except SystemExit as error:
        trouble.append(f"the engine called sys.exit({error.code!r}); a driver must not end the process")
    except _TimedOut:
        trouble.append(f"the run took longer than its timeout of {timeout:g} s")
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _alarm(signum: int, frame: object) -> None:
    raise _TimedOut


def _play(run: Run, session: _Session) -> Outcome:
    scenario = run.scenario
    driver = session.driver
    try:
        driver.start(run.edition, scenario.players)
        for spec in scenario.setup:
            session.handles[spec.alias] = driver.add(spec.card, spec.zone, spec.player, spec.options or {})
        if scenario.game:
            _set_up_game(session, scenario)
        setup_done = getattr(driver, "setup_done", None)
        if callable(setup_done):
            setup_done()
        for step in scenario.steps:
            _do_step(session, step)
        for check in scenario.checks:
            _do_check(session, check)
    except _Failed:
        pass
    except Unsupported as reason:
        message = f"the engine can't express this: {reason}"
        return Outcome(run, "unsupported", message, [], _log(driver), [printable(str(reason))])
    except (DfcError, Exception) as error:  # the engine under test broke: an error, not a failure
        return Outcome(run, "error", f"{type(error).__name__}: {error}", session.mismatches, _log(driver))
    if session.mismatches:
        return Outcome(
            run, "failed", "; ".join(str(m) for m in session.mismatches), session.mismatches, _log(driver)
        )
    return Outcome(run, "passed", "", [], _log(driver))


def _set_up_game(session: _Session, scenario: Scenario) -> None:
    """``[scenario.game]`` goes to the driver's ``setup_game`` (its library aliases as
    handles); a driver that declares the capabilities has it."""
    settings = dict(scenario.game)
    if "library" in settings:
        settings["library"] = {p: session.aliases(list(a)) for p, a in settings["library"].items()}
    session.driver.setup_game(settings)  # type: ignore[attr-defined]


def _log(driver: Driver) -> list[str]:
    """The driver's log as printable lines, whatever it returns."""
    try:
        lines = driver.log()
        items = list(lines) if not isinstance(lines, (str, bytes)) else [lines]
        return [printable(line if isinstance(line, str) else repr(line)) for line in items]
    except Exception as error:  # a driver whose log fails still gets its verdict
        return [printable(f"(the driver's log failed: {type(error).__name__}: {error})")]


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text with control characters (other than tab and newline) shown as escapes, so an
    engine's message can't break a terminal or an XML report."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))
