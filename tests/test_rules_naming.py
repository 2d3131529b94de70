"""Naming and colour identity: CR 712.19, 201.4d-e, 903.4, 903.4c-d; the release-note
ruling on linked "chosen name" abilities; 711.13 (2017)."""

from __future__ import annotations

import pytest
from rules_support import EDITION_2017, Zone, card, library, on, rules

R = rules()


@pytest.mark.rule("712.19", "201.4d")
def test_either_face_name_may_be_chosen() -> None:
    assert R.choosable_names(card("Delver of Secrets")) == ("Delver of Secrets", "Insectile Aberration")
    assert R.choosable_names(card("Valki, God of Lies")) == ("Valki, God of Lies", "Tibalt, Cosmic Impostor")
    assert R.choosable_names(card("Clone")) == ("Clone",)


@pytest.mark.rule("712.19", "201.4e")
def test_the_melded_face_name_may_be_chosen() -> None:
    rats = card("Graf Rats")
    assert R.choosable_names(rats, library().melded_face(rats)) == ("Graf Rats", "Chittering Host")
    scavengers = card("Midnight Scavengers")
    assert R.choosable_names(scavengers, library().melded_face(scavengers)) == (
        "Midnight Scavengers",
        "Chittering Host",
    )


@pytest.mark.rule("201.4d")
def test_names_with_characteristics_use_that_face() -> None:
    """201.4d: "choose a land card name": only a face that is a land qualifies."""
    names = R.choosable_names(card("Shatterskull Smashing"), None, lambda c: c.type_line.is_land)
    assert names == ("Shatterskull, the Hammer Pass",)


@pytest.mark.rule("712.19")
def test_linked_ability_sees_only_the_chosen_name_on_the_face_up() -> None:
    """Release note: an ability that refers to a spell with the chosen name being cast
    considers only that name: Shatterskull Smashing cast as a spell doesn't have the name
    of its land face."""
    spell = on("Shatterskull Smashing", Zone.STACK)
    assert R.has_chosen_name(spell, "Shatterskull Smashing")
    assert not R.has_chosen_name(spell, "Shatterskull, the Hammer Pass")
    assert R.has_chosen_name(on("Shatterskull, the Hammer Pass"), "Shatterskull, the Hammer Pass")


@pytest.mark.rule("903.4", "903.4d")
def test_color_identity_includes_the_back_face() -> None:
    """903.4d example: Civilized Scholar {2}{U} // Homicidal Brute (red indicator): blue
    and red."""
    assert R.color_identity(card("Civilized Scholar")) == ("U", "R")
    assert R.color_identity(card("Valki, God of Lies")) == ("B", "R")


@pytest.mark.rule("903.4", "903.4c")
def test_color_identity_counts_rules_text_symbols_not_reminder_text() -> None:
    """Gwen Stacy {1}{R} // Ghost-Spider {2}{U}{R}{W}: the back face's cost counts; reminder
    text (e.g. the disturb reminder's cost) doesn't (903.4c)."""
    assert R.color_identity(card("Gwen Stacy")) == ("W", "U", "R")


@pytest.mark.rule("711.13")
def test_2017_naming() -> None:
    assert rules(EDITION_2017).choosable_names(card("Delver of Secrets")) == (
        "Delver of Secrets",
        "Insectile Aberration",
    )
