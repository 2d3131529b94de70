"""The memo of ``producing.replaced_mana`` (issue 10, throughput): whether any face on
the battlefield has a ``ProduceMana`` replacement (106.12b) is remembered while the
very same states are there, and worked out again as soon as one comes or goes; its
answer is always the one worked out from scratch (``fresh``)."""

from __future__ import annotations

import pytest
from play_support import played_game

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.producing import replaced_mana
from dfc_plugin.host.game.cache import fresh
from dfc_plugin.state import Side, Zone


def _both_ways(game: Game, source: int) -> list[str]:
    """What tapping ``source`` for {B} would produce, from the memo; asserted equal to
    the answer worked out from scratch."""
    found = game.obj(source)
    cached = replaced_mana(game, found, ["B"], True)
    with fresh():
        worked_out = replaced_mana(game, found, ["B"], True)
    assert cached == worked_out
    return cached


@pytest.mark.rule("106.12b")
def test_mana_replacement_memo_follows_the_battlefield() -> None:
    """106.12b: Mana Reflection doubles mana from a permanent tapped for mana. Asked
    with no Reflection on the battlefield (remembered: none), then after it enters
    (one state more: asked again, doubled), then after it leaves (single again)."""
    game = played_game()
    path = game.add("Brightclimb Pathway", Zone.BATTLEFIELD, 1, up=Side.BACK)
    reflection = game.add("Mana Reflection", Zone.HAND, 1)
    game.start(hand=0)
    assert _both_ways(game, path) == ["B"]
    assert _both_ways(game, path) == ["B"]  # (the same states: the memo answers)
    entered = game.put_onto_battlefield(reflection)
    assert entered.happened
    assert _both_ways(game, path) == ["B", "B"]
    game.move(entered.object, Zone.GRAVEYARD)
    assert _both_ways(game, path) == ["B"]


@pytest.mark.rule("106.12b")
def test_mana_replacement_memo_after_a_real_activation() -> None:
    """Tapping the Pathway (a new object with the same state) keeps the memo; Mana
    Reflection entering afterwards still doubles the next permanent's mana."""
    game = played_game()
    path = game.add("Brightclimb Pathway", Zone.BATTLEFIELD, 1, up=Side.BACK)
    other = game.add("Brightclimb Pathway", Zone.BATTLEFIELD, 1, up=Side.BACK)
    reflection = game.add("Mana Reflection", Zone.HAND, 1)
    game.start(hand=0)
    game.activate_mana_ability(path, 0)
    assert game.mana_pool[1] == ["B"]
    assert game.put_onto_battlefield(reflection).happened
    game.activate_mana_ability(other, 0)
    assert game.mana_pool[1] == ["B", "B", "B"]
