"""Random games through the agents (a few short ones for CI; benchmarks/random_games.py
plays a thousand): after every action every card is in exactly one place and DESIGN.md's
DFC invariant holds (the engine's ``verify``, with ``check_invariants``), and no player's
view, log or error message names a card they may not see."""

from __future__ import annotations

import pytest
from random_support import Hidden, new_random_game, play_checked, playable_dfcs


def test_the_decks_are_drawn_from_scripts_that_run() -> None:
    assert len(playable_dfcs()) >= 20


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_keep_the_invariants(seed: int) -> None:
    game = new_random_game(seed, invariants=True)
    hidden = Hidden()
    taken = play_checked(game, 250, hidden=hidden)
    assert taken > 0 and game.turn > 1
    game.verify(after="the last action")
    assert set(game.life) == {1, 2}
