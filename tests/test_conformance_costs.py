"""The bundled scenarios issue 14 made played for costs, combat, Commander, damage and
snow: each passes on the reference engine and fails on one deliberately broken in the
part it checks (a rules plugin that answers a DFC question wrongly, or an engine piece
patched to ignore its rule), so none can pass whatever the engine does. Also the new
set-up key ``commander``, question ``commander``, ``counter`` of an ability and
``cast_copy``, with their schema errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import Run, load_scenarios, planned_runs, run_scenario
from dfc_plugin.errors import ScenarioError
from dfc_plugin.host.abilities import effects, values
from dfc_plugin.host.game.commander import CommanderRules
from dfc_plugin.host.game.stack import StackActions
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.state import Side

RULINGS = Path(__file__).resolve().parents[1] / "dfc_plugin" / "conformance" / "rulings"


def bundled(file: str, scenario_id: str, edition: str = "2026-09-25") -> Run:
    scenarios, errors = load_scenarios([RULINGS / file], bundled=False)
    assert errors == []
    (run,) = [r for r in planned_runs(scenarios) if r.scenario.id == scenario_id and r.edition == edition]
    return run


def broken_message(run: Run) -> str:
    """Play the run again, after the test broke something: it must fail; its message."""
    broken = run_scenario(run, ReferenceDriver, timeout=None)
    assert broken.status == "failed", (broken.status, broken.message)
    return broken.message


def _passes(run: Run) -> None:
    outcome = run_scenario(run, ReferenceDriver, timeout=None)
    assert outcome.status == "passed", outcome.message


class FrontFaceOnly:
    """A deliberately broken rules plugin: an effect that lets a card be cast from a
    group offers only its front face, even for a modal DFC (712.11b ignored)."""

    original: Any = None

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        self.original = registry.register("options_from_group", self.options, plugin="front-only")

    def options(self, card: Any, play: str, fits: Any = None) -> tuple[CastOption, ...]:
        return tuple(o for o in self.original(card, play, fits) if o.up is Side.FRONT)


@pytest.mark.rule("903.8", "712.11b")
def test_a_modal_commander_cast_as_its_back_face_fails_on_a_front_only_plugin() -> None:
    run = bundled("cr903_commander.toml", "903.8-modal-dfc-commander-cast-with-either-face")
    _passes(run)
    broken = run_scenario(run, lambda: ReferenceDriver(plugins=[FrontFaceOnly()]), timeout=None)
    assert broken.status == "failed" and "712.11c" in broken.message, broken.message


_ONE_CARD_ONLY = CommanderRules.commander_cards

#: (rule, file, scenario, what to break, its broken stand-in, the failure it gives).
BREAKS: list[tuple[str, str, str, tuple[Any, str], Any, str]] = [
    (
        "903.8",
        "cr903_commander.toml",
        "903.8-commander-tax",
        (CommanderRules, "commander_tax"),
        lambda self, card: 0,
        "f6 tapped: expected True, got False",
    ),
    (
        "903.3b",  # the question ``commander`` of a melded permanent
        "rulings_gisela-bruna-brisela.toml",
        "gisela-bruna-brisela#1-melded-commander",
        (CommanderRules, "commander_cards"),
        lambda self, found: _ONE_CARD_ONLY(self, found) if len(found.cards) == 1 else [],
        "brisela commander: expected True, got False",
    ),
    (
        "701.6a",  # ``counter`` with ``ability = true``
        "rulings_gisela-bruna-brisela.toml",
        "gisela-bruna-brisela#6-when-you-cast-trigger-countered",
        (StackActions, "counter_ability"),
        lambda self, source: False,
        "counter happened: expected True, got False",
    ),
    (
        "601.2d",
        "rulings_shatterskull-smashing.toml",
        "shatterskull-smashing#3-illegal-target-keeps-division",
        (effects, "divided_share"),
        lambda ctx, target, whole: whole,
        "bruna damage: expected 1, got 3",
    ),
    (
        "707.12",  # ``cast_copy``
        "rulings_spider-man-2025.toml",
        "spider-man-2025#15-ghost-spider-cast-copy-from-exile",
        (values._SIMPLE_PROPS, "wasCastFromExile"),
        lambda ctx, found: False,
        "spider counters: expected {'P1P1': 1}, got {}",
    ),
]


@pytest.mark.parametrize("case", BREAKS, ids=[b[2] for b in BREAKS])
def test_the_scenario_fails_on_an_engine_broken_in_its_rule(
    monkeypatch: pytest.MonkeyPatch, case: tuple[str, str, str, tuple[Any, str], Any, str]
) -> None:
    rule, file, scenario_id, (holder, name), stand_in, failure = case
    run = bundled(file, scenario_id)
    assert rule in run.scenario.rules
    _passes(run)
    if isinstance(holder, dict):
        monkeypatch.setitem(holder, name, stand_in)
    else:
        monkeypatch.setattr(holder, name, stand_in)
    assert failure in broken_message(run)


@pytest.mark.rule("903.9a")
def test_the_commander_returns_only_if_the_state_based_action_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    run = bundled("cr903_commander.toml", "903.9a-commander-owner-may-leave-it")
    _passes(run)
    yes = bundled("cr903_commander.toml", "903.9a-transformed-commander-returns-front-face-up")
    _passes(yes)
    monkeypatch.setattr(  # the other state-based actions only
        CommanderRules, "state_based_actions", lambda self: super(CommanderRules, self).state_based_actions()
    )
    broken = run_scenario(yes, ReferenceDriver, timeout=None)  # nothing asked the owner: an error
    assert broken.status == "error" and "never asked 'put your commander" in broken.message


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            'gisela = { card = "Gisela, the Broken Blade", zone = "command", commander = 1 }',
            "'commander' must be true or false",
        ),
        ('gisela = { card = "Gisela, the Broken Blade", zone = "command", commanders = true }', "commanders"),
    ],
)
def test_the_commander_set_up_key_is_checked(tmp_path: Path, extra: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    body = '[[scenario]]\nid = "t"\nrule = "903.3"\ntext = "t"\nsource = "t"\n[scenario.setup]\n' + extra
    body += '\n[[scenario.check]]\nobject = "gisela"\ncommander = true\n'
    path.write_text(body, encoding="utf-8")
    scenarios, errors = load_scenarios([path], bundled=False)
    assert scenarios == [] and len(errors) == 1
    assert isinstance(errors[0], ScenarioError) and message in str(errors[0])


def test_cast_copy_needs_an_object(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    body = '[[scenario]]\nid = "t"\nrule = "707.12"\ntext = "t"\nsource = "t"\n'
    body += '[[scenario.step]]\ndo = "cast_copy"\ntargets = [2]\n'
    path.write_text(body, encoding="utf-8")
    scenarios, errors = load_scenarios([path], bundled=False)
    assert scenarios == [] and "action 'cast_copy' needs 'object'" in str(errors[0])
