"""A creature that blocks two attackers ("CARDNAME can block an additional creature
each combat.", 509.1a) and divides its combat damage among them (510.1d), played from
Tangleclaw Werewolf's own script (2020 corpus, test input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game, script

from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.state import Zone

TANGLECLAW = FORGE_2020 / "t" / "tangleclaw_werewolf_fibrous_entangler.txt"


@pytest.mark.rule("509.1a", "510.1d")
def test_tangleclaw_blocks_two_and_divides_its_damage() -> None:
    """Tangleclaw Werewolf (2/4) blocks both attacking Grizzly Bears; its controller
    puts all 2 of its damage on the first, which dies; the second survives, and the
    two bears' 4 damage kill Tangleclaw. Player 2 takes none."""
    game = corpus_game(TANGLECLAW)
    first = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    second = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    tangle = game.add("Tangleclaw Werewolf", Zone.BATTLEFIELD, 2)
    script(game, 1, ("attackers", [first, second]))
    script(game, 2, ("blockers for", [tangle]), ("blockers for", [tangle]), ("combat damage from", 2))
    game.start(hand=0)
    game.pass_until("main2", turn=1)
    assert game.life[2] == 20
    assert first not in game.objects and game.obj(second).zone is Zone.BATTLEFIELD
    assert tangle not in game.objects and game.damage.get(second, 0) == 0


@pytest.mark.rule("509.1a")
def test_a_creature_blocks_only_one_attacker() -> None:
    """Without the ability, a creature that blocked one attacker isn't offered as a
    blocker for the next: the second attacker is unblocked."""
    game = corpus_game(TANGLECLAW)
    first = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    second = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    wall = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    script(game, 1, ("attackers", [first, second]))
    script(game, 2, ("blockers for", [wall]))
    game.start(hand=0)
    game.pass_until("main2", turn=1)
    assert game.life[2] == 18
    agent = game.agents[2]
    assert isinstance(agent, ScriptedAgent) and agent.asked == ["blockers for Grizzly Bears"]
