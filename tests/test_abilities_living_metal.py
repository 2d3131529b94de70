"""Living metal (702.161a: "During your turn, this permanent is an artifact creature in
addition to its other types."), played from Jetfire, Air Guardian's own script (the
converted face of Jetfire, Ingenious Scientist): it attacks in its controller's turn,
and in the opponent's it is only a Vehicle, which can't block (509.1a)."""

from __future__ import annotations

import pytest
from play_support import played_game, script

from dfc_plugin.host import Game
from dfc_plugin.state import Side, Zone


def _guardian() -> tuple[Game, int, int]:
    game = played_game()
    guardian = game.add("Jetfire, Ingenious Scientist", Zone.BATTLEFIELD, 1, up=Side.BACK)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert game.name_of(guardian) == "Jetfire, Air Guardian"
    return game, guardian, bears


@pytest.mark.rule("702.161a", "613.1d")
def test_a_creature_on_your_turn_only() -> None:
    """In player 1's turn Jetfire is a 3/4 artifact creature that attacks and deals its
    damage; in player 2's turn it is not a creature: Grizzly Bears attacks unblocked."""
    game, guardian, bears = _guardian()
    assert game.has_type(guardian, "Creature") and game.has_type(guardian, "Artifact")
    assert game.power_toughness(guardian) == (3, 4)
    script(game, 1, ("attackers", [guardian]))
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 17
    game.pass_until("main1", turn=2)
    assert not game.has_type(guardian, "Creature") and game.has_type(guardian, "Vehicle")
    script(game, 2, ("attackers", [bears]))
    game.pass_until("end_combat", turn=2)  # player 1 is never asked for blockers
    assert game.life[1] == 18
    game.pass_until("main1", turn=3)
    assert game.has_type(guardian, "Creature")

