"""Jetfire, Ingenious Scientist, played from our own script: "Remove one or more +1/+1
counters from among artifacts you control: Target player adds that much {C}. This mana
can't be spent to cast nonartifact spells. Convert Jetfire." A Mana effect with a target
adds to the targeted player's pool (and, targeting, it is no mana ability: 605.1a, so it
uses the stack), and a cost of X counters is one or more, X being how many were removed
(601.2b, 601.2h)."""

from __future__ import annotations

import pytest
from play_support import played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.mana_restrictions import RestrictedMana
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone

JETFIRE = "Jetfire, Ingenious Scientist"


def _jetfire(counters: int) -> tuple[Game, int]:
    game = played_game()
    jetfire = game.add(JETFIRE, Zone.BATTLEFIELD, 1, up=Side.FRONT)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    if counters:
        game.add_counters(jetfire, "P1P1", counters)
    return game, jetfire


@pytest.mark.rule("605.1a", "106.6", "601.2h")
def test_the_targeted_player_adds_as_much_colourless_as_counters_removed() -> None:
    """Three counters, two removed, player 2 targeted: player 2's pool gets two
    restricted {C}, player 1's nothing; the ability used the stack; Jetfire converts."""
    game, jetfire = _jetfire(3)
    script(
        game,
        1,
        (f"targets for {JETFIRE}", [("p", 2)]),
        ("counters to remove", [(jetfire, "P1P1", 0), (jetfire, "P1P1", 1)]),
    )
    game.apply(1, Activate(jetfire, 0))
    assert len(game.stack_items) == 1 and game.mana_pool[2] == []  # not a mana ability
    game.resolve_stack()
    assert game.mana_pool[1] == []
    assert game.mana_pool[2] == ["C", "C"]
    assert all(isinstance(m, RestrictedMana) for m in game.mana_pool[2])
    assert game.obj(jetfire).counter("P1P1") == 1
    assert game.name_of(jetfire) == "Jetfire, Air Guardian"


@pytest.mark.rule("118.3")
def test_no_counters_no_activation() -> None:
    """"One or more": with no +1/+1 counters among your artifacts it can't be activated."""
    game, jetfire = _jetfire(0)
    assert Activate(jetfire, 0) not in game.legal_actions(1)


@pytest.mark.rule("605.1a", "606.3")
def test_a_loyalty_mana_ability_uses_the_stack_once_a_turn() -> None:
    """Arlinn, the Moon's Fury's "+2: Add {R}{G}" is a loyalty ability, not a mana
    ability (605.1a): it goes on the stack, adds its mana when it resolves, and no other
    loyalty ability of Arlinn may be activated that turn (606.3)."""
    game = played_game()
    arlinn = game.add("Arlinn, the Pack's Hope", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(arlinn, "LOYALTY", 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Activate(arlinn, 0))
    assert len(game.stack_items) == 1 and game.mana_pool[1] == []
    assert game.obj(arlinn).counter("LOYALTY") == 5  # the cost is paid as it's activated
    game.resolve_stack()
    assert sorted(game.mana_pool[1]) == ["G", "R"]
    assert not [a for a in game.legal_actions(1) if isinstance(a, Activate)]
