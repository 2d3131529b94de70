"""Accursed Witch played from its own script (2020 corpus, test input): "Spells your
opponents cast that target Accursed Witch cost {1} less to cast." (``ReduceCost |
ValidTarget$``, 601.2f) and "When Accursed Witch dies, return it to the battlefield
transformed under your control attached to target opponent." (``ChangeZone |
AttachedToPlayer$``, an Aura attached to a player, 303.4a); Infectious Curse: "Spells
you cast that target enchanted player cost {1} less to cast. At the beginning of
enchanted player's upkeep, that player loses 1 life and you gain 1 life."."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Cast
from dfc_plugin.state import Zone

WITCH = FORGE_2020 / "a" / "accursed_witch_infectious_curse.txt"


def _witch_game() -> tuple[Game, int]:
    """Turn 2 (player 2's), first main phase: player 1's Accursed Witch on the
    battlefield, player 2 with no lands."""
    game = corpus_game(WITCH)
    witch = game.add("Accursed Witch", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=2)
    return game, witch


@pytest.mark.rule("601.2f", "601.2c")
def test_spells_targeting_the_witch_cost_less() -> None:
    """Player 2's Test Doom ({1}) costs {0} when it targets the Witch, and can't be paid
    without mana when it targets another creature."""
    game, witch = _witch_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    doom = game.add("Test Doom", Zone.HAND, 2)
    script(game, 2, ("targets for Test Doom", [("o", bears)]))
    with pytest.raises(IllegalActionError):
        game.apply(2, Cast(doom))
    script(game, 2, ("targets for Test Doom", [("o", witch)]))
    game.apply(2, Cast(doom))
    assert game.stack_text() == ["spell: Test Doom"]


@pytest.mark.rule("303.4a", "303.4f", "601.2f")
def test_accursed_witch_returns_attached_to_an_opponent() -> None:
    """The Witch dies and returns as Infectious Curse under player 1's control attached
    to player 2; player 1's spell that targets player 2 costs {1} less; at player 2's
    upkeep they lose 1 life and player 1 gains 1 (not at player 1's)."""
    game, witch = _witch_game()
    doom = game.add("Test Doom", Zone.HAND, 2)
    script(game, 2, ("targets for Test Doom", [("o", witch)]))
    game.apply(2, Cast(doom))
    game.resolve_stack()
    curse = game.find("Infectious Curse", Zone.BATTLEFIELD)
    assert curse.controller == 1 and game.attached_players == {curse.id: 2}
    assert curse.id not in game.attached  # attached to a player, not to an object
    game.pass_until("main1", turn=3)
    assert game.life == {1: 20, 2: 23}  # Test Doom's 3 life; player 1's upkeep: nothing
    game.add("Mountain", Zone.BATTLEFIELD, 1)
    fire = game.add("Fire", Zone.HAND, 1)
    script(game, 1, ("targets for Fire", [("p", 2)]))
    game.apply(1, Cast(fire))  # {1}{R}, one Mountain: {1} less
    game.resolve_stack()
    assert game.life[2] == 21
    game.pass_until("upkeep", turn=4)
    game.resolve_stack()
    assert game.life == {1: 21, 2: 20}
