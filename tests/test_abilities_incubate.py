"""Incubate (701.53a), played from The Argent Etchings' chapter I."""

from __future__ import annotations

import pytest
from play_support import played_game

from dfc_plugin.state import Side, Zone


@pytest.mark.rule("701.53a", "714.2b", "111.13")
def test_argent_etchings_incubates_five_times_then_transforms_them() -> None:
    """The Argent Etchings: "I — Incubate 2 five times, then transform all Incubator
    tokens you control." Five Incubator tokens with two +1/+1 counters each, all
    transformed into 2/2 Phyrexian artifact creatures."""
    game = played_game()
    game.add("Elesh Norn", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.start(hand=0)
    game.pass_until("main1", turn=1)  # the Saga gets a lore counter: chapter I
    game.resolve_stack()
    made = [o for o in game.battlefield() if all(c.token for c in o.cards)]
    assert len(made) == 5
    assert all(game.name_of(o.id) == "Phyrexian Token" for o in made)
    assert all(game.power_toughness(o.id) == (2, 2) and game.has_type(o.id, "Creature") for o in made)
