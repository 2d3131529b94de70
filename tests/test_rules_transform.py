"""Transform and convert: CR 701.27a-g, 701.28a-f, 712.1, 712.3, 712.4c, 712.9, 712.10,
712.15a, 712.18, 712.20, 702.145b/e; the 2025 rule that lets a modal DFC transform."""

from __future__ import annotations

import pytest
from rules_support import CURRENT, EDITION_2022, Side, Zone, card, melded, on, rules

from dfc_plugin.script.build import read_script
from dfc_plugin.state import DfcState, TokenKind

R = rules()


@pytest.mark.rule("712.1", "712.2", "712.3", "712.4")
def test_three_kinds_of_double_faced_cards() -> None:
    """712.1: nonmodal DFCs, modal DFCs and meld cards are all double-faced cards."""
    for name in ("Delver of Secrets", "Valki, God of Lies", "Graf Rats", "Optimus Prime, Hero"):
        assert R.is_double_faced(on(name))
    assert not R.is_double_faced(on("Clone"))


@pytest.mark.rule("701.27a", "712.18", "613.7g", "712.2b")
def test_transform_turns_it_over_and_keeps_the_object() -> None:
    """701.27a: the other face is up; 712.18: it is not a new object, so an effect that
    applied (here a copy effect's absence, its zone, its X) goes on, and the transform
    count moves on (it gets a new timestamp, 613.7g)."""
    outcome = R.transform(on("Delver of Secrets"))
    assert outcome.happened and outcome.rule == "701.27a"
    state = outcome.state
    assert (state.up, state.zone, state.transform_count) == (Side.BACK, Zone.BATTLEFIELD, 1)
    assert R.characteristics(state).name == "Insectile Aberration"
    back_again = R.transform(state).state
    assert (back_again.up, back_again.transform_count) == (Side.FRONT, 2)


@pytest.mark.rule("701.27g")
def test_transformed_permanent_means_back_face_up_now() -> None:
    """701.27g: a front-face-up permanent is never "transformed", even after transforming
    twice; a melded permanent never is."""
    state = on("Delver of Secrets")
    assert not R.is_transformed(state)
    once = R.transform(state).state
    assert R.is_transformed(once)
    assert not R.is_transformed(R.transform(once).state)
    assert not R.is_transformed(melded("Graf Rats"))


@pytest.mark.rule("712.9", "701.27c", "701.28c")
def test_only_double_faced_cards_and_tokens_transform() -> None:
    """712.9 example 1: a Clone copying Wildblood Pack is not a DFC and can't transform;
    nothing happens."""
    clone = R.become_copy(on("Clone"), on("Wildblood Pack"))
    outcome = R.transform(clone)
    assert (outcome.happened, outcome.rule) == (False, "712.9")
    assert outcome.state is clone
    assert not R.can_transform(on("Elite Vanguard"), "convert")


@pytest.mark.rule("712.9", "712.18")
def test_a_double_faced_copy_still_transforms_and_stays_a_copy() -> None:
    """712.9 example 2: Kruin Outlaw that became a copy of Elite Vanguard (Cytoshape) is
    still a DFC: Moonmist transforms it, and it is still a copy of Elite Vanguard."""
    outlaw = R.become_copy(on("Kruin Outlaw"), on("Elite Vanguard"))
    outcome = R.transform(outlaw)
    assert outcome.happened
    assert outcome.state.up is Side.BACK
    assert R.characteristics(outcome.state).name == "Elite Vanguard"


@pytest.mark.rule("712.9", "111.10i")
def test_double_faced_token_transforms() -> None:
    incubator = DfcState.of(card("Incubator"), Zone.BATTLEFIELD)
    assert incubator.token is TokenKind.DOUBLE_FACED_TOKEN
    outcome = R.transform(incubator)
    assert outcome.happened
    assert R.characteristics(outcome.state).name == "Phyrexian Token"


@pytest.mark.rule("712.4c", "712.9")
def test_meld_cards_and_melded_permanents_dont_transform() -> None:
    for state in (on("Graf Rats"), melded("Graf Rats")):
        outcome = R.transform(state)
        assert (outcome.happened, outcome.rule) == (False, "712.4c")


@pytest.mark.rule("712.10", "701.27d", "701.28d")
def test_nothing_happens_when_the_other_face_is_an_instant_or_sorcery() -> None:
    """712.10: Invasion of Kylem's back face is a sorcery: told to transform, nothing
    happens. A modal DFC land face whose other face is a sorcery won't transform either."""
    battle = on("Invasion of Kylem")
    assert (R.transform(battle).happened, R.transform(battle).rule) == (False, "712.10")
    pass_land = on("Shatterskull, the Hammer Pass")
    assert R.transform(pass_land).rule == "712.10"
    assert not R.can_transform(on("Startled Awake", up=Side.BACK))  # into its sorcery front


@pytest.mark.rule("712.3")
def test_modal_dfc_transforms_under_the_2025_rules_only() -> None:
    """712.3 (2025): a modal DFC may transform when its other face is a permanent (Gwen
    Stacy into Ghost-Spider); the 2020-2022 rulings said it couldn't."""
    gwen = on("Gwen Stacy")
    outcome = R.transform(gwen)
    assert outcome.happened and R.characteristics(outcome.state).name == "Ghost-Spider"
    older = rules(EDITION_2022).transform(gwen)
    assert (older.happened, older.rule) == (False, "712.3")


@pytest.mark.rule("712.15a")
def test_face_down_permanent_doesnt_transform() -> None:
    outcome = R.transform(on("Delver of Secrets", face_down=True))
    assert (outcome.happened, outcome.rule) == (False, "712.15a")


@pytest.mark.rule("701.27f", "701.28e")
def test_ability_transforms_only_if_it_hasnt_since_it_began() -> None:
    """701.27f: an ability put on the stack when the transform count was 0 does nothing
    once the permanent has transformed since."""
    state = on("Delver of Secrets")
    since = state.transform_count
    turned = R.transform(state).state
    outcome = R.transform(turned, "transform", "effect", since)
    assert (outcome.happened, outcome.rule) == (False, "701.27f")


@pytest.mark.rule("701.28a", "701.28f")
def test_convert_follows_transform() -> None:
    """701.28a: converting follows the transform rules; Optimus Prime converts."""
    outcome = R.transform(on("Optimus Prime, Hero"), "convert")
    assert (outcome.happened, outcome.rule) == (True, "701.28a")
    assert R.characteristics(outcome.state).name == "Optimus Prime, Autobot Leader"


@pytest.mark.rule("702.145b", "702.145e")
def test_daybound_permanents_transform_only_by_day_and_night() -> None:
    cathar = on("Brutal Cathar")
    assert R.can_transform(cathar).rule == "702.145b"
    assert R.transform(cathar, "transform", "daybound").happened
    assert R.can_transform(on("Moonrage Brute")).rule == "702.145e"


@pytest.mark.rule("712.20")
def test_as_it_transforms_abilities_apply_while_it_turns_over() -> None:
    """712.20: an "As this permanent transforms..." ability of the new face applies while
    it transforms; the outcome lists it for the engine to apply then."""
    script = (
        "Name:Test Shifter\nManaCost:1 G\nTypes:Creature Shapeshifter\nPT:1/1\nAlternateMode:DoubleFaced\nOracle:\n\n"
        "ALTERNATE\n\nName:Test Ascendant\nManaCost:no cost\nColors:green\nTypes:Creature Shapeshifter\nPT:3/3\n"
        "Oracle:As this creature transforms into Test Ascendant, choose a color.\\nTrample\n"
    )
    shifter = read_script(script.encode(), "test_shifter.txt").card
    assert shifter is not None
    outcome = R.transform(DfcState.of(shifter, Zone.BATTLEFIELD))
    assert outcome.notes == ("As this creature transforms into Test Ascendant, choose a color.",)


def test_spells_and_cards_in_other_zones_dont_transform() -> None:
    assert R.can_transform(on("Delver of Secrets", Zone.GRAVEYARD)).rule == "701.27a"
    assert CURRENT.name == "2026-09-25"
