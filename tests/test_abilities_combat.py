"""Combat requirements and restrictions the keywords add (509.1b-c), played from the
cards' own scripts (corpus scripts as test input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import script
from test_abilities_tallies import corpus_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.state import Side, Zone

HINTERLAND = FORGE_2020 / "h" / "hinterland_hermit_hinterland_scourge.txt"


@pytest.mark.rule("509.1c")
def test_hinterland_scourge_must_be_blocked() -> None:
    """Hinterland Scourge: "Hinterland Scourge must be blocked if able." The defending
    player must block it with a creature that can; not blocking it is refused."""
    game = corpus_game(HINTERLAND)
    scourge = game.add("Hinterland Hermit", Zone.BATTLEFIELD, 1, up=Side.BACK)
    other = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    wall = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    spare = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("attackers", [scourge, other]))
    script(game, 2, ("blockers for Hinterland Scourge", [wall]), ("blockers for Grizzly Bears", [spare]))
    game.pass_until("declare_blockers", turn=1)
    assert game.blockers == {scourge: [wall], other: [spare]}

    refused = corpus_game(HINTERLAND)
    scourge = refused.add("Hinterland Hermit", Zone.BATTLEFIELD, 1, up=Side.BACK)
    for _ in range(2):
        refused.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    refused.start(hand=0)
    refused.pass_until("main1", turn=1)
    script(refused, 1, ("attackers", [scourge]))
    script(refused, 2, ("blockers for Hinterland Scourge", []))
    with pytest.raises(IllegalActionError):
        refused.pass_until("declare_blockers", turn=1)
