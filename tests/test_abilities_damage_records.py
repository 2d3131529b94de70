"""What damage a source dealt this turn, and whom it dealt damage to, played from
Chandra, Fire of Kaladesh's own script (2020 corpus, test input): ``Count$Total
DamageDoneByThisTurn`` (120.3, 400.7), ``DealDamage | RememberDamaged$`` and
``RepeatEach | ClearRememberedBeforeLoop$``."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game, names, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone

CHANDRA = FORGE_2020 / "c" / "chandra_fire_of_kaladesh.txt"


def _game(players: int, answers: list[tuple[str, object]]) -> Game:
    game = corpus_game(CHANDRA, players=players)
    script(game, 1, *answers)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game


@pytest.mark.rule("120.3", "701.27a")
def test_chandra_transforms_after_three_damage_this_turn() -> None:
    """ "{T}: Chandra deals 1 damage to target player or planeswalker. If Chandra has
    dealt 3 or more damage this turn, exile her, then return her to the battlefield
    transformed": the first two pings leave her as she is, the third returns her as
    Chandra, Roaring Flame. Damage dealt by something else doesn't count."""
    game = _game(2, [("targets for Chandra", [("p", 2)])] * 3)
    chandra = game.add("Chandra, Fire of Kaladesh", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    game.deal_damage(game.add("Grizzly Bears", Zone.BATTLEFIELD, 1), ("p", 2), 2)  # another source
    for ping in range(3):
        game.set_tapped(chandra, False)
        game.apply(1, Activate(chandra, 0))
        game.resolve_stack()
        if ping < 2:
            assert game.name_of(chandra) == "Chandra, Fire of Kaladesh"
    assert game.life[2] == 20 - 2 - 3
    walker = game.find("Chandra, Roaring Flame", Zone.BATTLEFIELD)
    assert walker.state.up is Side.BACK and walker.counter("LOYALTY") == 4


@pytest.mark.rule("120.3", "114.1", "608.2c")
def test_chandra_emblem_for_each_player_dealt_damage() -> None:
    """ "−7: Chandra, Roaring Flame deals 6 damage to each opponent. Each player dealt
    damage this way gets an emblem with 'At the beginning of your upkeep, this emblem
    deals 3 damage to you.'" With two opponents each gets one emblem (the remembered
    players are forgotten before the loop, so each iteration names one player), and
    the emblem deals its damage at its owner's upkeep."""
    game = _game(3, [])
    walker = game.add("Chandra, Fire of Kaladesh", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(walker, "LOYALTY", 7)
    assert game.obj(walker).counter("LOYALTY") == 7
    game.apply(1, Activate(walker, 2))
    game.resolve_stack()
    assert game.life == {1: 20, 2: 14, 3: 14}
    emblems = sorted(o.owner for o in game.in_zone(Zone.COMMAND))
    assert emblems == [2, 3] and names(game, Zone.COMMAND) == ["Emblem - Chandra, Roaring Flame"] * 2
    game.pass_until("upkeep", turn=2)
    game.resolve_stack()
    assert game.life == {1: 20, 2: 11, 3: 14}
