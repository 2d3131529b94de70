"""Control from a static ability (layer 2, 613.1b) and "target creature that player
controls" (``DefenderCtrl``), played from Soul Seizer's own script (2020 corpus, test
input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game, script

from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.state import Zone

SOUL_SEIZER = FORGE_2020 / "s" / "soul_seizer_ghastly_haunting.txt"


@pytest.mark.rule("613.1b", "611.3a", "303.4", "510.1")
def test_soul_seizer_takes_the_creature_it_haunts() -> None:
    """Soul Seizer: "When Soul Seizer deals combat damage to a player, you may transform
    it. If you do, attach it to target creature that player controls." Ghastly
    Haunting: "You control enchanted creature." Player 1 gains control of player 2's
    creature while the Aura is on it, and loses it when the Aura leaves; player 1's own
    creature is no legal target (its one legal target is not asked for)."""
    game = corpus_game(SOUL_SEIZER)
    seizer = game.add("Soul Seizer", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    script(game, 1, ("attackers", [seizer]), ("use", True))
    script(game, 2, ("blockers", []))
    game.start(hand=0)
    game.pass_until("main2", turn=1)
    assert game.life[2] == 19
    assert game.name_of(seizer) == "Ghastly Haunting" and game.attached.get(seizer) == theirs
    assert game.obj(theirs).controller == 1 and game.obj(mine).controller == 1
    agent = game.agents[1]
    assert isinstance(agent, ScriptedAgent) and agent.done()  # their creature was the one legal target
    assert not any(a.startswith("targets") for a in agent.asked)
    game.destroy(seizer)
    assert game.obj(theirs).controller == 2
