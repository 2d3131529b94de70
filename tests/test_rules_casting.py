"""Casting, playing, resolving and putting DFCs onto the battlefield: CR 712.11a-d,
712.12, 712.13, 712.13a, 712.14, 712.14a-b, 702.146, 702.162, 310.11b, and the modal DFC
release-note rulings (group permissions, "particular characteristics")."""

from __future__ import annotations

import pytest
from rules_support import EDITION_2017, EDITION_2022, Side, Zone, card, on, rules

from dfc_plugin.rules.characteristics import Characteristics

R = rules()


@pytest.mark.rule("712.11", "712.2a")
def test_normal_cast_is_the_front_face() -> None:
    (option,) = R.cast_options(card("Delver of Secrets"), Zone.HAND)
    assert (option.face, option.up, option.play, option.rule) == (0, Side.FRONT, "cast", "712.11")


@pytest.mark.rule("712.11b", "712.11c", "712.12", "712.3b")
def test_modal_dfc_offers_each_face() -> None:
    """712.11b: the caster of a modal DFC chooses the face; 712.12: a land face is played
    as a land; only that face is evaluated (712.11c)."""
    options = R.cast_options(card("Shatterskull Smashing"), Zone.HAND)
    assert [(o.face, o.play, o.rule) for o in options] == [(0, "cast", "712.11b"), (1, "land", "712.12")]
    assert [o.face for o in R.land_options(card("Shatterskull Smashing"))] == [1]
    spell = R.spell_state(
        card("Valki, God of Lies"), R.cast_options(card("Valki, God of Lies"), Zone.HAND)[1]
    )
    assert (spell.up, R.characteristics(spell).name) == (Side.BACK, "Tibalt, Cosmic Impostor")


@pytest.mark.rule("712.11a", "712.11d", "702.146a")
def test_disturb_casts_the_back_face_from_the_graveyard() -> None:
    """702.146a, 712.11a: disturb casts the card transformed from a graveyard; 712.11d: the
    front face's disturb ability is considered though the back face is cast."""
    (option,) = R.cast_options(card("Beloved Beggar"), Zone.GRAVEYARD)
    assert (option.via, option.up, option.rule, option.cost.text if option.cost else None) == (
        "disturb",
        Side.BACK,
        "702.146a",
        "{4}{W}{W}",
    )
    assert R.cast_options(card("Beloved Beggar"), Zone.EXILE) == ()


@pytest.mark.rule("702.162a")
def test_more_than_meets_the_eye_casts_it_converted() -> None:
    options = R.cast_options(card("Optimus Prime, Hero"), Zone.HAND)
    assert [(o.via, o.up, o.action) for o in options] == [
        ("normal", Side.FRONT, None),
        ("more_than_meets_the_eye", Side.BACK, "convert"),
    ]
    spell = R.spell_state(card("Optimus Prime, Hero"), options[1])
    assert R.mana_value(spell) == 6  # 712.8c


@pytest.mark.rule("310.11b", "712.11a")
def test_a_siege_is_cast_transformed_by_its_intrinsic_ability() -> None:
    option = R.transformed_option(card("Invasion of Kylem"), "siege")
    assert option is not None and option.up is Side.BACK
    assert R.transformed_option(card("Valki, God of Lies")) is None


@pytest.mark.rule("712.13")
def test_resolving_spell_keeps_the_face_that_was_up() -> None:
    spell = on("Generous Soul", Zone.STACK)
    outcome = R.resolve(spell)
    assert (outcome.happened, outcome.rule, outcome.state.zone, outcome.state.up) == (
        True,
        "712.13",
        Zone.BATTLEFIELD,
        Side.BACK,
    )
    assert R.resolve(on("Tibalt, Cosmic Impostor", Zone.STACK)).state.up is Side.BACK


@pytest.mark.rule("712.13a")
def test_resolving_spell_told_to_enter_transformed() -> None:
    """712.13a: a spell with its front face up told to enter transformed enters with its
    back face up, unless that face is an instant or sorcery face: then it goes to its
    owner's graveyard (Invasion of Kylem's back face is a sorcery)."""
    entered = R.resolve(on("Kruin Outlaw", Zone.STACK), True)
    assert (entered.happened, entered.state.up, entered.rule) == (True, Side.BACK, "712.13a")
    battle = R.resolve(on("Invasion of Kylem", Zone.STACK), True)
    assert (battle.happened, battle.state.zone, battle.rule) == (False, Zone.GRAVEYARD, "712.13a")


@pytest.mark.rule("608.2n")
def test_instant_or_sorcery_spell_goes_to_the_graveyard() -> None:
    outcome = R.resolve(on("Shatterskull Smashing", Zone.STACK, x=2))
    assert (outcome.happened, outcome.state.zone, outcome.rule) == (False, Zone.GRAVEYARD, "608.2n")


@pytest.mark.rule("712.14", "712.14a")
def test_putting_onto_the_battlefield_transformed() -> None:
    """712.14: front face up by default; 712.14a: transformed -> back face up; a card that
    isn't a DFC stays in its zone (Startled Awake's back face enters; Clone stays)."""
    assert R.put_onto_battlefield(card("Delver of Secrets"), Zone.GRAVEYARD).state.up is Side.FRONT
    nightmare = R.put_onto_battlefield(card("Startled Awake"), Zone.GRAVEYARD, True)
    assert (nightmare.happened, nightmare.state.up, nightmare.rule) == (True, Side.BACK, "712.14a")
    clone = R.put_onto_battlefield(card("Clone"), Zone.GRAVEYARD, True)
    assert (clone.happened, clone.state.zone, clone.rule) == (False, Zone.GRAVEYARD, "712.14a")


@pytest.mark.rule("712.14b")
def test_modal_dfc_with_a_nonpermanent_front_stays() -> None:
    """712.14b: put onto the battlefield, a modal DFC whose front face isn't a permanent
    stays where it is (Shatterskull Smashing); one with a permanent front enters front up."""
    stays = R.put_onto_battlefield(card("Shatterskull Smashing"), Zone.HAND)
    assert (stays.happened, stays.state.zone, stays.rule) == (False, Zone.HAND, "712.14b")
    assert R.put_onto_battlefield(card("Valki, God of Lies"), Zone.HAND).state.up is Side.FRONT


@pytest.mark.rule("712.14a", "712.3")
def test_modal_dfc_enters_transformed_only_if_its_back_is_a_permanent() -> None:
    """2025 rule: a modal DFC put onto the battlefield transformed enters transformed if its
    back face has a permanent type; otherwise it stays in its zone."""
    assert R.put_onto_battlefield(card("Gwen Stacy"), Zone.HAND, True).state.up is Side.BACK
    skyclave = R.put_onto_battlefield(card("Emeria's Call"), Zone.HAND, True)
    assert (skyclave.happened, skyclave.state.up) == (True, Side.BACK)  # its sorcery front doesn't matter
    older = rules(EDITION_2022).put_onto_battlefield(card("Gwen Stacy"), Zone.HAND, True)
    assert (older.happened, older.state.zone, older.rule) == (False, Zone.HAND, "712.3")


def test_release_note_particular_characteristics_check_the_front_face() -> None:
    """ "If an effect allows you to put a card with particular characteristics onto the
    battlefield ... you consider only the characteristics of a modal DFC's front face";
    it enters front face up."""

    def is_land(c: Characteristics) -> bool:
        return c.type_line.is_land

    assert not R.put_onto_battlefield(card("Emeria's Call"), Zone.HAND, fits=is_land).happened
    creature = R.put_onto_battlefield(
        card("Valki, God of Lies"), Zone.HAND, fits=lambda c: c.type_line.has("Creature")
    )
    assert creature.happened and creature.state.up is Side.FRONT


def test_release_note_play_or_cast_from_a_group() -> None:
    """ "If an effect allows you to play a land or cast a spell from among a group of cards,
    you may play or cast a modal double-faced card with any face that fits"; "cast" never
    allows playing a land face."""
    emeria = card("Emeria's Call")
    assert [o.play for o in R.options_from_group(emeria, "play")] == ["cast", "land"]
    assert [o.play for o in R.options_from_group(emeria, "cast")] == ["cast"]
    lands_only = R.options_from_group(emeria, "play", lambda c: c.type_line.is_land)
    assert [o.face for o in lands_only] == [1]


@pytest.mark.rule("711.7")
def test_2017_rules_cast_only_the_front_face() -> None:
    """711.7 (2017): a DFC cast as a spell is put on the stack with its front face up: no
    disturb option exists under those rules."""
    assert rules(EDITION_2017).cast_options(card("Beloved Beggar"), Zone.GRAVEYARD) == ()
