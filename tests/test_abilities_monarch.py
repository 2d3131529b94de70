"""The monarch (725) played from Starscream's own script: Starscream, Seeker Leader
("Whenever Starscream deals combat damage to a player, if there is no monarch, that
player becomes the monarch. Whenever you become the monarch, convert Starscream.") and
Starscream, Power Hungry ("Whenever you draw a card, if you're the monarch, target
opponent loses 2 life. Whenever one or more creatures deal combat damage to you, convert
Starscream."), with the monarch's two inherent triggers (725.2)."""

from __future__ import annotations

import pytest
from play_support import played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.census import census
from dfc_plugin.host.abilities.monarch import become_monarch, monarch
from dfc_plugin.state import Side, Zone


def _starscream(up: Side) -> tuple[Game, int]:
    game = played_game()
    star = game.add("Starscream, Power Hungry", Zone.BATTLEFIELD, 1, up=up)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game, star


def _hand(game: Game, player: int) -> int:
    return len(game.in_zone(Zone.HAND, player))


@pytest.mark.rule("725.1", "725.2", "725.3", "702.161a")
def test_seeker_leader_crowns_the_player_it_hits_and_converts_when_it_takes_the_crown() -> None:
    """Turn 1: it hits player 2, who becomes the monarch (not player 1: no convert).
    Turn 2: player 2, the monarch, draws at their end step. Turn 3: it hits player 2
    again; the monarch's trigger makes player 1 the monarch, and Starscream converts."""
    game, star = _starscream(Side.BACK)
    assert monarch(game) is None
    script(game, 1, ("attackers", [star]))
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 18 and monarch(game) == 2 and game.name_of(star) == "Starscream, Seeker Leader"
    game.pass_until("end", turn=2)
    before = _hand(game, 2)
    assert game.stack_text() == ["ability of The Monarch"]
    game.resolve_stack()
    assert _hand(game, 2) == before + 1
    script(game, 1, ("attackers", [star]))
    game.pass_until("end_combat", turn=3)
    assert game.life[2] == 16 and monarch(game) == 1 and game.name_of(star) == "Starscream, Power Hungry"


@pytest.mark.rule("725.2", "603.4", "121.2")
def test_power_hungry_drains_when_its_monarch_controller_draws() -> None:
    """Player 1 is the monarch: at turn 1's end step they draw (725.2) and the draw
    drains player 2. In turn 2, player 2's Bears deal combat damage to player 1: player
    2 becomes the monarch and Starscream converts; player 1's next draw drains nobody."""
    game, star = _starscream(Side.FRONT)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    become_monarch(game, 1, game.obj(star).cards[0].id)
    game.pass_until("upkeep", turn=2)  # (its one opponent is the only target: not asked)
    assert game.life[2] == 18
    script(game, 2, ("attackers", [bears]))
    script(game, 1, ("blockers for", []), ("order of your triggered abilities", [0, 1]))
    game.pass_until("end_combat", turn=2)
    assert game.life[1] == 18 and monarch(game) == 2 and game.name_of(star) == "Starscream, Seeker Leader"
    game.pass_until("main1", turn=3)
    assert game.life[2] == 18


@pytest.mark.rule("603.4")
def test_drawing_while_monarch_targets_an_opponent() -> None:
    """Each card drawn while player 1 is the monarch drains; once player 2 is the
    monarch, player 1's draw doesn't trigger."""
    game, star = _starscream(Side.FRONT)
    become_monarch(game, 1, game.obj(star).cards[0].id)
    game.draw(1)
    game.give_priority(1)
    game.resolve_stack()
    assert game.life[2] == 18
    become_monarch(game, 2, game.obj(star).cards[0].id)
    game.draw(1)
    game.give_priority(1)
    assert game.stack_text() == []  # not the monarch: the trigger's "if" fails (603.4)


def test_starscream_runs_in_the_census() -> None:
    """Every line of both faces runs (``CheckDefinedPlayer$``, ``HasPropertyisMonarch``)."""
    game, _star = _starscream(Side.FRONT)
    assert census([game.library.get("Starscream, Power Hungry")]).run_fully == 1
