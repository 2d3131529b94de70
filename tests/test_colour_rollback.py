"""Colour-changing effects (layer 5) are part of the object they apply to, so whatever
takes back an action takes them back too, and a new object has none (400.7).

Found while reading the engine: the colour effects were kept in a table of the game that
no snapshot held, so an action refused after a colour effect had been made (a cast's
all-or-nothing payment, an ability that failed half-way and was undone) left the object
recoloured."""

from __future__ import annotations

import pytest
from play_support import lands, played_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.colours import add_colour_effect, colors_of
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone


def _game_with_spider_man() -> tuple[Game, int]:
    game = played_game()
    spider = game.add("Miles Morales", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game, spider


@pytest.mark.rule("105.3", "613.1e")
def test_a_refused_action_takes_back_its_colour_effect() -> None:
    """An attempt that makes Ultimate Spider-Man colorless and is then refused leaves him
    red, green and white, as before the attempt."""
    game, spider = _game_with_spider_man()
    assert colors_of(game, game.obj(spider)) == ("W", "R", "G")

    def attempt() -> None:
        add_colour_effect(game, spider, frozenset(), overwrite=True, until_end_of_turn=True)
        assert colors_of(game, game.obj(spider)) == ()
        raise IllegalActionError("refused after the effect was made", rule="601.2h")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)
    assert colors_of(game, game.obj(spider)) == ("W", "R", "G")


@pytest.mark.rule("400.7", "105.3", "514.2")
def test_a_new_object_has_no_colour_effect_and_one_until_end_of_turn_ends() -> None:
    """Camouflage makes him colorless until end of turn; exiled and put back transformed in
    the same turn, he is a new object with his printed colours (400.7); the colorless
    effect on the old object never reaches it. Left alone, the effect ends in the cleanup
    step (514.2)."""
    game, spider = _game_with_spider_man()
    lands(game, 1, "Plains", 2)
    game.apply(1, Activate(spider, 0))
    game.resolve_stack()
    assert colors_of(game, game.obj(spider)) == ()
    (exiled,) = game.move(spider, Zone.EXILE).objects
    (back,) = game.put_onto_battlefield(exiled, transformed=True).objects
    assert game.name_of(back) == "Ultimate Spider-Man"
    assert colors_of(game, game.obj(back)) == ("W", "R", "G")
    add_colour_effect(game, back, frozenset(), overwrite=True, until_end_of_turn=True)
    assert colors_of(game, game.obj(back)) == ()
    game.pass_until("upkeep", turn=2)
    assert colors_of(game, game.obj(back)) == ("W", "R", "G")
