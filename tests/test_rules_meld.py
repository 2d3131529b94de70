"""Meld: CR 701.42a-c, 712.4a, 712.5, 712.14c, 712.21, 712.21a-e (current), 712.4 and
701.36 (2017)."""

from __future__ import annotations

import pytest
from rules_support import EDITION_2017, Side, Zone, card, library, melded, on, rules

from dfc_plugin.state import DfcState, TokenKind

R = rules()

PAIRS = [
    ("Graf Rats", "Midnight Scavengers", "Chittering Host"),
    ("Hanweir Battlements", "Hanweir Garrison", "Hanweir, the Writhing Township"),
    ("Gisela, the Broken Blade", "Bruna, the Fading Light", "Brisela, Voice of Nightmares"),
    ("Mishra, Claimed by Gix", "Phyrexian Dragon Engine", "Mishra, Lost to Phyrexia"),
    ("Urza, Lord Protector", "The Mightstone and Weakstone", "Urza, Planeswalker"),
    ("Titania, Voice of Gaea", "Argoth, Sanctum of Nature", "Titania, Gaea Incarnate"),
    ("Vanille, Cheerful l'Cie", "Fang, Fearless l'Cie", "Ragnarok, Divine Deliverance"),
]


@pytest.mark.rule("712.5", "712.4a", "701.42a", "712.14c")
@pytest.mark.parametrize(("primary", "secondary", "result"), PAIRS)
def test_each_of_the_seven_meld_pairs_melds(primary: str, secondary: str, result: str) -> None:
    """712.5a-g: the seven meld pairs; 701.42a, 712.14c: one permanent, two cards, back
    faces up and combined. Either card may be named first."""
    for first, second in ((primary, secondary), (secondary, primary)):
        a, b = DfcState.of(card(first), Zone.EXILE), DfcState.of(card(second), Zone.EXILE)
        outcome = R.meld(a, b, library().melded_face(card(first)))
        assert outcome.happened, outcome.reason
        state = outcome.state
        assert (state.zone, state.melded, state.up, len(state.cards)) == (
            Zone.BATTLEFIELD,
            True,
            Side.BACK,
            2,
        )
        assert state.cards[0].name == primary
        assert R.characteristics(state).name == result


@pytest.mark.rule("701.42b", "701.42c")
def test_only_a_meld_pair_melds() -> None:
    """701.42b-c example: Midnight Scavengers and a token copy of Graf Rats can't meld;
    they stay where they are."""
    token_rats = DfcState.of(card("Graf Rats"), Zone.EXILE, token=TokenKind.TOKEN)
    scavengers = DfcState.of(card("Midnight Scavengers"), Zone.EXILE)
    outcome = R.meld(scavengers, token_rats, library().melded_face(card("Graf Rats")))
    assert (outcome.happened, outcome.rule, outcome.state) == (False, "701.42c", scavengers)
    assert R.can_meld(scavengers, token_rats).rule == "701.42b"
    assert not R.can_meld(on("Graf Rats", Zone.EXILE), on("Bruna, the Fading Light", Zone.EXILE))
    assert not R.can_meld(on("Graf Rats", Zone.EXILE), on("Delver of Secrets", Zone.EXILE))


@pytest.mark.rule("712.21", "712.21a", "712.21e")
def test_melded_permanent_dies_as_one_permanent_and_two_cards() -> None:
    """712.21 example: Chittering Host dies: "whenever a creature dies" triggers once,
    "whenever a card is put into a graveyard" twice; 712.21a: the owner orders them."""
    departure = R.leave_battlefield(melded("Graf Rats"), Zone.GRAVEYARD, (1, 0))
    assert (departure.objects_moved, departure.cards_moved) == (1, 2)
    assert [s.card.name for s in departure.states] == ["Midnight Scavengers", "Graf Rats"]
    assert all(s.zone is Zone.GRAVEYARD and s.up is Side.FRONT and not s.melded for s in departure.states)
    assert departure.owner_orders and not departure.order_hidden


@pytest.mark.rule("712.21a")
def test_order_in_a_library_is_hidden() -> None:
    departure = R.leave_battlefield(melded("Graf Rats"), Zone.LIBRARY)
    assert departure.owner_orders and departure.order_hidden


@pytest.mark.rule("712.21b")
def test_exiled_melded_permanent_owner_chooses_timestamps() -> None:
    departure = R.leave_battlefield(melded("Graf Rats"), Zone.EXILE, (1, 0))
    assert departure.timestamps_chosen and not departure.owner_orders
    assert departure.states[-1].card.name == "Graf Rats"  # the last timestamp (Duplicant's "last exiled")


@pytest.mark.rule("712.21c", "712.21d")
def test_an_effect_finds_both_cards() -> None:
    """712.21c: Otherworldly Journey returns both cards; 712.21d: one replacement effect
    applied to one card applies to both (both move to the same zone together)."""
    departure = R.leave_battlefield(melded("Graf Rats"), Zone.EXILE)
    returned = [R.put_onto_battlefield(s.card, Zone.EXILE) for s in departure.states]
    assert [o.state.card.name for o in returned] == ["Graf Rats", "Midnight Scavengers"]
    assert {s.zone for s in departure.states} == {Zone.EXILE}


@pytest.mark.rule("400.7")
def test_a_single_card_leaves_as_one_new_object_front_up() -> None:
    departure = R.leave_battlefield(on("Insectile Aberration"), Zone.HAND)
    (state,) = departure.states
    assert (state.zone, state.up, departure.cards_moved, departure.rule) == (
        Zone.HAND,
        Side.FRONT,
        1,
        "400.7",
    )


@pytest.mark.rule("712.1b", "701.36b")
def test_2017_meld_rules() -> None:
    """2017: meld cards are not DFCs (711.1d, 712.1b) but meld the same way (701.36)."""
    old = rules(EDITION_2017)
    assert not old.is_double_faced(on("Graf Rats"))
    assert old.transform(on("Graf Rats")).rule == "712.1b"
    outcome = old.meld(
        on("Graf Rats", Zone.EXILE),
        on("Midnight Scavengers", Zone.EXILE),
        library().melded_face(card("Graf Rats")),
    )
    assert outcome.happened and outcome.rule == "712.2"  # 2017's meld rule 712.2 (today 712.14c)
    assert old.leave_battlefield(outcome.state, Zone.GRAVEYARD).rule == "712.4"  # today 712.21
