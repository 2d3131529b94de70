"""The second round of holes the mutation benchmark found in the rule handlers
(cr712_holes_rules.toml): each new scenario fails on an engine whose plugin answers that
rule wrongly (the two bugs it found among them: targeted and loyalty abilities counted as
mana abilities, 605.1a; a token copy of a spell keeping its back face up, 707.8a), and the
engine now reports the plugin's answer for playing a land (305.1, 712.12)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rules_support import Side, Zone, on, rules
from test_mutation_holes import Broken, _run

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import run_scenario
from dfc_plugin.registry import Registry
from dfc_plugin.rules import casting, mana, transform
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.script.parser import parse_value
from dfc_plugin.state import DfcState, TokenKind


def _every_mana_api(registry: Registry) -> Callable[..., Any]:
    """The old answer: any AB$ Mana of the face up, targeted or loyalty ones too."""

    def abilities(state: DfcState) -> Any:
        face = registry.characteristics(state).face
        if state.zone is not Zone.BATTLEFIELD or face is None:
            return ()
        return tuple(
            mana.ManaAbility(parse_value("cost", "0"), frozenset("C"), 1, None, ability.line, ability.text)
            for ability in face.abilities
            if ability.params.api == "Mana"
        )

    return abilities


def _copy_keeps_spell_face(registry: Registry) -> Callable[..., Any]:
    """The old answer: a token copy of a spell keeps the face up on the stack."""

    def token_copy(source: DfcState) -> DfcState:
        return DfcState(source.cards[:1], Zone.BATTLEFIELD, up=source.up, token=TokenKind.DOUBLE_FACED_TOKEN)

    return token_copy


def _siege_by_back_face(registry: Registry) -> Callable[..., Any]:
    def option(card: Any, via: Any = "cast_transformed") -> Any:
        found = casting.transformed_option(registry.edition, card, via)
        return None if found is None else replace(found, face=1)

    return option


def _applies_as_enters(registry: Registry) -> Callable[..., Any]:
    """712.20 read too widely: every "As ..." line of the new face applies as it turns."""

    def turn(state: DfcState, action: Any = "transform", cause: Any = "effect", since: Any = None) -> Outcome:
        outcome = transform.transform(registry.edition, state, action, cause, since)
        target = transform.other_face(state)
        lines = (
            tuple(line for line in target.oracle_text.splitlines() if line.startswith("As "))
            if target
            else ()
        )
        return replace(outcome, notes=lines)

    return turn


def _land_by_the_wrong_rule(registry: Registry) -> Callable[..., Any]:
    def play(state: DfcState, option: Any) -> Outcome:
        outcome = casting.play_land(registry.edition, state, option)
        return replace(outcome, rule="712.12")

    return play


def _land_never_played(registry: Registry) -> Callable[..., Any]:
    def play(state: DfcState, option: Any) -> Outcome:
        return Outcome.nothing(state, Verdict(False, "305.1", "a broken plugin plays no land"))

    return play


BROKEN = {
    "605.1a targeted and loyalty abilities": (
        Broken("mana_abilities", _every_mana_api),
        "605.1a-a-targeted-or-loyalty-ability-is-no-mana-ability@2026-09-25",
        "mana_abilities",
    ),
    "707.8a copy of a spell": (
        Broken("token_copy", _copy_keeps_spell_face),
        "707.8a-token-copy-of-a-spell-cast-transformed-enters-front-face-up",
        "up",
    ),
    "310.11b the face of the option": (
        Broken("transformed_option", _siege_by_back_face),
        "310.11b-siege-cast-from-exile-by-the-face-its-options-name",
        "712.11c",
    ),
    "712.20 As enters": (
        Broken("transform", _applies_as_enters),
        "712.20-an-as-enters-ability-is-not-applied-as-it-transforms",
        "notes",
    ),
    "305.1 the rule of a land play": (
        Broken("play_land", _land_by_the_wrong_rule),
        "305.1-nonmodal-land-front-played-front-face-up@2026-09-25",
        "712.12",
    ),
    "305.1 a land play the plugin refuses": (
        Broken("play_land", _land_never_played),
        "305.1-single-faced-land-played@2026-09-25",
        "refused",
    ),
}


@pytest.mark.rule("605.1a", "605.5a", "707.8a", "310.11b", "712.20", "305.1")
@pytest.mark.parametrize("hole", list(BROKEN))
def test_each_new_scenario_fails_on_a_wrong_engine(hole: str) -> None:
    plugin, run_id, said = BROKEN[hole]
    run = _run(run_id)
    assert run_scenario(run, ReferenceDriver).status == "passed"
    broken = run_scenario(run, lambda: ReferenceDriver(plugins=[plugin]))
    assert broken.status in ("failed", "error"), broken.message
    assert said in broken.message, broken.message


R = rules()


@pytest.mark.rule("605.1a", "605.5a")
def test_a_targeted_or_loyalty_mana_effect_is_no_mana_ability() -> None:
    """605.5a: "An ability with a target is not a mana ability"; 605.1a: nor is a loyalty
    ability. Jetfire's ability targets a player; Arlinn, the Moon's Fury's [+2] adds
    {R}{G}; Esika's own {T} ability is one."""
    assert R.mana_abilities(on("Jetfire, Ingenious Scientist")) == ()
    assert R.mana_abilities(on("Arlinn, the Moon's Fury")) == ()
    (esika,) = R.mana_abilities(on("Esika, God of the Tree"))
    assert esika.taps_for_mana and esika.produced == frozenset("WUBRG")
    (braider,) = R.mana_abilities(on("Smokebraider"))
    assert (braider.amount, braider.produced) == (2, frozenset("WUBRG"))


@pytest.mark.rule("707.8a", "112.1")
def test_token_copy_of_a_spell_back_face_up_enters_front_face_up() -> None:
    """A spell is a card (112.1): only a permanent's back face up carries to the token."""
    spell = on("Hook-Haunt Drifter", Zone.STACK)
    assert spell.up is Side.BACK
    token = R.token_copy(spell)
    assert (token.token, token.up) == (TokenKind.DOUBLE_FACED_TOKEN, Side.FRONT)
    assert R.token_copy(on("Hook-Haunt Drifter")).up is Side.BACK
