"""A reference-engine game for tests, with invariants checked after every move."""

from __future__ import annotations

from rules_support import library

from dfc_plugin.editions import CURRENT, Edition
from dfc_plugin.host import Game


def new_game(edition: Edition = CURRENT, players: int = 2) -> Game:
    """A fresh game on the bundled card scripts; every action checks the DFC
    invariant (712.8a: one face up, front-face characteristics outside the stack and the
    battlefield) and that each card is in exactly one place."""
    return Game(players=players, edition=edition, library=library(), check_invariants=True)
