"""Mana abilities of the face up: "could produce" (106.7), "tapped for mana" (106.12),
summoning sickness across a transform (302.6, 712.18): the Spider-Man release-note
rulings as they meet double-faced cards."""

from __future__ import annotations

import pytest
from rules_support import Zone, on, rules

R = rules()


@pytest.mark.rule("106.7", "712.8f")
def test_modal_land_face_could_produce_its_colour_only_on_the_battlefield() -> None:
    """A modal DFC played as its land face has that face's mana abilities: Shatterskull,
    the Hammer Pass could produce {R}; Shatterskull Smashing (a sorcery) could produce
    nothing, and no card in a hand could."""
    assert R.could_produce(on("Shatterskull, the Hammer Pass")) == frozenset({"R"})
    assert R.could_produce(on("Shatterskull Smashing", Zone.HAND)) == frozenset()
    assert R.could_produce(on("Brightclimb Pathway")) == frozenset({"W"})
    assert R.could_produce(on("Grimclimb Pathway")) == frozenset({"B"})


@pytest.mark.rule("106.7", "712.8e")
def test_transformed_land_could_produce_what_its_back_face_makes() -> None:
    assert R.could_produce(on("Search for Azcanta")) == frozenset()
    assert "U" in R.could_produce(on("Azcanta, the Sunken Ruin"))


@pytest.mark.rule("106.7", "708.2a")
def test_face_down_permanent_could_produce_nothing() -> None:
    assert R.could_produce(on("Shatterskull, the Hammer Pass", face_down=True)) == frozenset()


@pytest.mark.rule("106.12")
def test_tapped_for_mana_means_a_tap_symbol_in_the_cost() -> None:
    (ability,) = R.mana_abilities(on("Brightclimb Pathway"))
    assert ability.taps_for_mana


@pytest.mark.rule("302.6", "712.18")
def test_transforming_doesnt_reset_summoning_sickness() -> None:
    """302.6 and 712.18: a creature that came under its controller's control this turn
    can't use {T} abilities even after it transforms; one controlled since the turn began
    still can after transforming."""
    delver = on("Delver of Secrets")
    turned = R.transform(delver).state
    assert not R.can_pay_tap_cost(turned, False)
    assert R.can_pay_tap_cost(turned, True)
    assert R.can_pay_tap_cost(on("Brightclimb Pathway"), False)  # not a creature
    assert R.can_pay_tap_cost(turned, False, True).reason.startswith("a creature's {Q}")


@pytest.mark.rule("702.10c", "712.8e")
def test_haste_of_the_face_up_lets_it_pay_tap_costs() -> None:
    """702.10c: "Haste ... can be activated even if it hasn't been under its controller's
    control continuously since their most recent turn began." Gwen Stacy has no haste;
    transformed into Ghost-Spider (flying, vigilance, haste) it may pay {T} at once."""
    gwen = on("Gwen Stacy")
    assert not R.can_pay_tap_cost(gwen, False)
    turned = R.transform(gwen).state
    verdict = R.can_pay_tap_cost(turned, False)
    assert verdict and verdict.rule == "702.10c"
