"""Replacement effects: each applies once, to the events it names (614)."""

from __future__ import annotations

import pytest
from play_support import names, played_game, script

from dfc_plugin.state import Zone


@pytest.mark.rule("614.1a", "614.12")
def test_leyline_exiles_opponents_cards_not_itself() -> None:
    """Leyline of the Void: "If a card would be put into an opponent's graveyard from
    anywhere, exile it instead." Destroying Leyline itself puts it into its owner's
    graveyard (the bug that exiled it is gone); so with Valentin, whose replacement is
    only for an opponent's creatures."""
    game = played_game()
    leyline = game.add("Leyline of the Void", Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.destroy(theirs)
    game.destroy(mine)
    assert names(game, Zone.EXILE) == ["Grizzly Bears"] and names(game, Zone.GRAVEYARD, 1) == [
        "Grizzly Bears"
    ]
    game.destroy(leyline)
    assert names(game, Zone.GRAVEYARD, 1) == ["Grizzly Bears", "Leyline of the Void"]
    game.add("Grizzly Bears", Zone.HAND, 2)
    in_hand = game.add("Leyline of the Void", Zone.HAND, 1)  # not on the battlefield: ActiveZones$
    game.mill(2, 1)
    assert "Island" in names(game, Zone.GRAVEYARD, 2) and in_hand
    valentin = game.add("Valentin, Dean of the Vein", Zone.BATTLEFIELD, 1)
    game.destroy(valentin)
    assert "Valentin, Dean of the Vein" in names(game, Zone.GRAVEYARD, 1)


@pytest.mark.rule("614.1a", "616.1")
def test_optional_replacement_asks() -> None:
    """Test Ward Keeper: "If this creature would be put into a graveyard, you may exile
    it instead." """
    for answer, zone in ((True, Zone.EXILE), (False, Zone.GRAVEYARD)):
        game = played_game()
        keeper = game.add("Test Ward Keeper", Zone.BATTLEFIELD, 1)
        script(game, 1, ("apply the replacement", answer))
        game.destroy(keeper)
        assert names(game, zone) == ["Test Ward Keeper"]
