"""Behaviours of the reference engine's zone changes (dfc_plugin/host/changes.py) that no
conformance scenario can ask, because the answer is about the engine, not the rules: a
replacement effect the engine can't run. The mutation benchmark counts only the bundled
suite, so the mutants these tests kill still survive there (benchmarks/mutation.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import names

from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import Zone

#: "If a creature an opponent controls would die, exile it instead and you draw a card":
#: a replacement whose ChangeZone goes on to a second instruction (a SubAbility that is no
#: reflexive trigger), which the engine's replacement registry can't run.
WARDEN = """Name:Test Grave Warden
ManaCost:2
Types:Artifact
R:Event$ Moved | ValidCard$ Creature.OppCtrl | Origin$ Battlefield | Destination$ Graveyard \
| ReplaceWith$ WardenExile | Description$ If a creature an opponent controls would die, exile it instead and you draw a card.
SVar:WardenExile:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ Battlefield | Destination$ Exile | SubAbility$ WardenDraw
SVar:WardenDraw:DB$ Draw | NumCards$ 1
"""


def _game(tmp_path: Path) -> tuple[Game, int]:
    """A game on the bundled scripts and the Warden, the Warden on player 1's side and
    Grizzly Bears on player 2's."""
    (tmp_path / "test_grave_warden.txt").write_text(WARDEN)
    library = Library.load([bundled_cardscripts(), tmp_path], use_cache=False)
    game = Game(players=2, library=library, check_invariants=True)
    game.add("Test Grave Warden", Zone.BATTLEFIELD, 1)
    return game, game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)


@pytest.mark.rule("614.1a")
def test_a_replacement_that_cant_run_is_said_in_the_log_when_driven_directly(tmp_path: Path) -> None:
    """Driven directly (no ``start()``), the move goes on and the log says the
    replacement was not applied: never silently."""
    game, theirs = _game(tmp_path)
    game.destroy(theirs)
    assert theirs not in game.objects and names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]
    assert "not applied, it can't run here" in game.log_text()


@pytest.mark.rule("614.1a")
def test_a_replacement_that_cant_run_refuses_the_move_in_a_played_game(tmp_path: Path) -> None:
    """In a played game the same move is refused with the reason, and nothing moved."""
    game, theirs = _game(tmp_path)
    for player in game.players:
        for _ in range(3):
            game.add("Island", Zone.LIBRARY, player)
    game.start(hand=0, step="main1")
    with pytest.raises(UnsupportedAbilityError, match="can't run here"):
        game.destroy(theirs)
    assert game.obj(theirs).zone is Zone.BATTLEFIELD and names(game, Zone.GRAVEYARD, 2) == []
    assert "not applied" not in game.log_text()
