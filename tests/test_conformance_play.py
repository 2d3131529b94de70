"""The scenario actions that play the game (issue 14): ``pass``, ``advance``, ``choose``
and ``activate``, the questions ``life`` and ``stack``, their schema errors, and the
bundled scenarios that drive a card's own ability failing on a broken rules plugin."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dfc_plugin.conformance.driver import Capabilities, Driver, ReferenceDriver
from dfc_plugin.conformance.runner import Outcome, Run, load_scenarios, planned_runs, run_scenario
from dfc_plugin.errors import ScenarioError
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.rules.outcome import Outcome as RulesOutcome
from dfc_plugin.rules.outcome import Verdict
from dfc_plugin.state import DfcState

RULINGS = Path(__file__).resolve().parents[1] / "dfc_plugin" / "conformance" / "rulings"

DELVER = """
[[scenario]]
id = "t-delver"
rules = ["603.2"]
text = "At the beginning of your upkeep, look at the top card of your library. You may reveal that card."
source = "test"
[scenario.setup]
delver = { card = "Delver of Secrets", zone = "battlefield" }
top = { card = "Giant Growth", zone = "library" }
"""


def runs_of(tmp_path: Path, text: str) -> list[Run]:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    scenarios, errors = load_scenarios([path], bundled=False)
    assert errors == []
    return planned_runs(scenarios)


def outcome_of(tmp_path: Path, text: str, driver: Callable[[], Driver] = ReferenceDriver) -> Outcome:
    (run,) = runs_of(tmp_path, text)
    return run_scenario(run, driver)


def bundled(file: str, scenario_id: str) -> Run:
    scenarios, errors = load_scenarios([RULINGS / file], bundled=False)
    assert errors == []
    (run,) = [r for r in planned_runs(scenarios) if r.scenario.id == scenario_id]
    return run


ADVANCE_UPKEEP = '[[scenario.step]]\ndo = "advance"\nstep = "upkeep"\n'
EMPTY_PASS = '[[scenario.step]]\ndo = "advance"\nstep = "main1"\n[[scenario.step]]\ndo = "pass"\n'


@pytest.mark.rule("603.3", "117.4")
@pytest.mark.parametrize(
    ("tail", "status"),
    [
        # 603.3: a trigger goes on the stack the next time a player would receive
        # priority; `advance` stops as the upkeep begins, the trigger waiting.
        (
            ADVANCE_UPKEEP + '[[scenario.check]]\ngame = "stack"\nstack = ["ability of Delver of Secrets"]\n',
            "passed",
        ),
        (ADVANCE_UPKEEP + '[[scenario.check]]\ngame = "stack"\nstack = []\n', "failed"),
        (ADVANCE_UPKEEP + '[[scenario.check]]\ngame = "life"\nplayer = 2\nlife = 20\n', "passed"),
        (ADVANCE_UPKEEP + '[[scenario.check]]\ngame = "life"\nplayer = 2\nlife = 19\n', "failed"),
        # Past the upkeep, the trigger resolved on the way: nothing is left to pass.
        (EMPTY_PASS.replace('"pass"', '"pass"\nexpect = { happened = false }'), "passed"),
        (EMPTY_PASS.replace('"pass"', '"pass"\nexpect = { happened = true }'), "failed"),
    ],
)
def test_advance_and_pass_answer_as_the_game_stands(tmp_path: Path, tail: str, status: str) -> None:
    outcome = outcome_of(tmp_path, DELVER + tail)
    assert outcome.status == status, outcome.message


def test_choose_answers_the_trigger_and_a_wrong_answer_fails(tmp_path: Path) -> None:
    """The queued answer reaches the trigger's "you may reveal"; the scenario that
    expects the wrong name fails, so the check is not vacuous."""
    steps = '[[scenario.step]]\ndo = "choose"\nanswers = [["reveal the top card", true]]\n'
    steps += '[[scenario.step]]\ndo = "pass"\n'
    right = DELVER + steps + '[[scenario.check]]\nobject = "delver"\nname = "Insectile Aberration"\n'
    wrong = DELVER + steps + '[[scenario.check]]\nobject = "delver"\nname = "Delver of Secrets"\n'
    assert outcome_of(tmp_path, right).status == "passed"
    failed = outcome_of(tmp_path, wrong)
    assert failed.status == "failed"
    assert "expected 'Delver of Secrets', got 'Insectile Aberration'" in failed.message


def test_an_answer_nothing_asks_for_is_an_error(tmp_path: Path) -> None:
    text = DELVER + '[[scenario.step]]\ndo = "choose"\nanswers = [["name a card", "Island"]]\n'
    text += '[[scenario.step]]\ndo = "pass"\n'
    text += '[[scenario.check]]\nobject = "delver"\nname = "Delver of Secrets"\n'
    outcome = outcome_of(tmp_path, text)
    assert outcome.status == "error"
    assert "never asked 'name a card'" in outcome.message


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ('do = "advance"\nstep = "lunch"', "'step' must be one of untap, upkeep"),
        ('do = "pass"\nuntil = "forever"', "'until' must be one of empty, top"),
        ('do = "choose"\nanswers = [["reveal"]]', "'answers' must be a list of [question, answer] pairs"),
        ('do = "choose"\nanswers = [["", true]]', "'answers' must be a list"),
        ('do = "activate"\nindex = 0', "action 'activate' needs 'object'"),
    ],
)
def test_game_action_schema_errors(tmp_path: Path, step: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(DELVER + f"[[scenario.step]]\n{step}\n", encoding="utf-8")
    scenarios, errors = load_scenarios([path], bundled=False)
    assert scenarios == [] and len(errors) == 1
    assert isinstance(errors[0], ScenarioError) and message in str(errors[0])


def test_a_driver_without_the_game_actions_is_unsupported(tmp_path: Path) -> None:
    """A driver that declares none of the game actions gets `unsupported`, never a
    failure or a pass, for a scenario that plays the game."""
    everything = Capabilities.everything()
    assert {"pass", "advance", "choose", "activate"} <= everything.actions
    assert {"game.life", "game.stack"} <= everything.questions

    class OldDriver(ReferenceDriver):
        def capabilities(self) -> Capabilities:
            return Capabilities(
                everything.actions - {"pass", "advance", "choose", "activate"}, everything.questions
            )

    text = (
        DELVER
        + '[[scenario.step]]\ndo = "pass"\n[[scenario.check]]\nobject = "delver"\nzone = "battlefield"\n'
    )
    outcome = outcome_of(tmp_path, text, OldDriver)
    assert outcome.status == "unsupported"
    assert "action pass" in outcome.message


class NothingTransforms:
    """A deliberately broken rules plugin: no permanent can transform (701.27a ignored)."""

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("transform", self.transform, plugin="broken-transform")

    def transform(self, state: DfcState, *args: object, **kwargs: object) -> RulesOutcome:
        return RulesOutcome.nothing(state, Verdict(False, "701.27a", "this broken plugin transforms nothing"))


class NothingMelds:
    """A deliberately broken rules plugin: no pair may meld (701.42a ignored)."""

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("meld", self.meld, plugin="broken-meld")

    def meld(self, a: DfcState, b: DfcState, melded_face: object) -> RulesOutcome:
        return RulesOutcome(False, a, "701.42c", "this broken plugin melds nothing")


@pytest.mark.rule("603.2", "701.27a")
def test_delvers_trigger_scenario_fails_on_a_broken_transform_rule() -> None:
    """The bundled scenario that lets Delver's upkeep trigger resolve passes on the
    reference engine and fails when the transform rule is broken."""
    run = bundled("rulings_delver-of-secrets.toml", "delver-of-secrets-upkeep-trigger-reveals-an-instant")
    assert run_scenario(run, ReferenceDriver).status == "passed"
    broken = run_scenario(run, lambda: ReferenceDriver(plugins=[NothingTransforms()]))
    assert broken.status == "failed"
    assert "name: expected 'Insectile Aberration', got 'Delver of Secrets'" in broken.message


@pytest.mark.rule("602.2", "701.42a")
def test_activated_meld_scenario_fails_on_a_broken_meld_rule() -> None:
    run = bundled("rulings_hanweir-battlements-garrison-township.toml", "hanweir-battlements-activated-meld")
    assert run_scenario(run, ReferenceDriver).status == "passed"
    broken = run_scenario(run, lambda: ReferenceDriver(plugins=[NothingMelds()]))
    assert broken.status == "failed", broken.message
    assert (
        "township name: expected 'Hanweir, the Writhing Township', got 'Hanweir Battlements'"
        in broken.message
    )
