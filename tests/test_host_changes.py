"""Behaviours of the reference engine's zone changes (dfc_plugin/host/changes.py) that no
conformance scenario can ask, because the answer is about the engine, not the rules: a
replacement effect the engine can't run. The mutation benchmark counts only the bundled
suite, so the mutants these tests kill still survive there (benchmarks/mutation.py)."""

from __future__ import annotations

import pytest
from engine_support import new_game
from play_support import names

from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.state import Zone

#: Valentin's "If a nontoken creature an opponent controls would die, exile it instead.
#: When you do, you may pay {2}. ..." is a replacement with a reflexive trigger
#: (ChangeZone with a SubAbility), which the engine's replacement registry can't run.
VALENTIN = "Valentin, Dean of the Vein"


@pytest.mark.rule("614.1a")
def test_a_replacement_that_cant_run_is_said_in_the_log_when_driven_directly() -> None:
    """Driven directly (no ``start()``), the move goes on and the log says the
    replacement was not applied: never silently."""
    game = new_game()
    game.add(VALENTIN, Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.destroy(theirs)
    assert theirs not in game.objects and names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]
    assert "not applied, it can't run here" in game.log_text()


@pytest.mark.rule("614.1a")
def test_a_replacement_that_cant_run_refuses_the_move_in_a_played_game() -> None:
    """In a played game the same move is refused with the reason, and nothing moved."""
    game = new_game()
    game.add(VALENTIN, Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    for player in game.players:
        for _ in range(3):
            game.add("Island", Zone.LIBRARY, player)
    game.start(hand=0, step="main1")
    with pytest.raises(UnsupportedAbilityError, match="can't run here"):
        game.destroy(theirs)
    assert game.obj(theirs).zone is Zone.BATTLEFIELD and names(game, Zone.GRAVEYARD, 2) == []
    assert "not applied" not in game.log_text()
