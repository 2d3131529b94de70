"""Loyalty abilities: once each turn (606.3), twice under ``NumLoyaltyAct``."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate, Cast
from dfc_plugin.state import Side, Zone


def _urza() -> tuple[Game, int]:
    """A game at turn 1's main phase where Urza, Lord Protector and The Mightstone and
    Weakstone have melded by Urza's own {7} ability into Urza, Planeswalker."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    lord = game.add("Urza, Lord Protector", Zone.BATTLEFIELD, 1)
    game.add("The Mightstone and Weakstone", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Island", 7)
    game.apply(1, Activate(lord, 0))
    game.resolve_stack()
    return game, next(o.id for o in game.battlefield() if game.name_of(o.id) == "Urza, Planeswalker")


@pytest.mark.rule("606.3")
def test_urza_activates_loyalty_twice() -> None:
    """Urza, Planeswalker: "You may activate the loyalty abilities of Urza, Planeswalker
    twice each turn rather than only once." A third is refused; another planeswalker
    still gets only one."""
    game, urza = _urza()
    for _ in range(2):
        game.apply(1, Activate(urza, 2))  # 0: create two 1/1 Soldier artifact creature tokens
        game.resolve_stack()
    assert names(game, Zone.BATTLEFIELD, 1).count("Soldier Token") == 4
    assert Activate(urza, 2) not in game.legal_actions(1)
    with pytest.raises(IllegalActionError):
        game.apply(1, Activate(urza, 2))
    game.pass_until("main1", turn=3)
    game.apply(1, Activate(urza, 2))
    game.resolve_stack()
    assert names(game, Zone.BATTLEFIELD, 1).count("Soldier Token") == 6

    alone = played_game()
    alone.start(hand=0)
    alone.pass_until("main1", turn=1)
    nissa = alone.add("Nissa, Vastwood Seer", Zone.BATTLEFIELD, 1, up=Side.BACK)
    alone.add_counters(nissa, "LOYALTY", 3)
    alone.apply(1, Activate(nissa, 0))
    alone.resolve_stack()
    assert Activate(nissa, 0) not in alone.legal_actions(1)


@pytest.mark.rule("601.2f", "611.2")
def test_urza_artificer_discount_from_the_command_zone() -> None:
    """Urza, Planeswalker: "+2: Artifact, instant, and sorcery spells you cast this turn
    cost {2} less to cast. You gain 2 life." (an Effect's ``ReduceCost | EffectZone$
    Command``): Treasure Map ({2}) costs nothing this turn, and {2} again next turn."""
    game, urza = _urza()
    game.apply(1, Activate(urza, 0))
    game.resolve_stack()
    assert game.life[1] == 22
    for found in game.battlefield():
        game.set_tapped(found.id, True)  # no mana at all: the discount pays the whole {2}
    game.apply(1, Cast(game.add("Treasure Map", Zone.HAND, 1)))
    game.resolve_stack()
    assert "Treasure Map" in names(game, Zone.BATTLEFIELD, 1)
    game.pass_until("main1", turn=3)
    for found in game.battlefield():
        game.set_tapped(found.id, True)
    with pytest.raises(IllegalActionError):  # the effect ended with the turn
        game.apply(1, Cast(game.add("Treasure Map", Zone.HAND, 1)))
