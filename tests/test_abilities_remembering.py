"""``RememberChanged$`` on an API that moves many cards (``ChangeZoneAll``, 400.7j),
played from the Test Reaper script."""

from __future__ import annotations

import pytest
from play_support import names, played_game

from dfc_plugin.host.abilities import EFFECTS
from dfc_plugin.host.abilities.registry import COMMON
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Zone


@pytest.mark.rule("400.7j")
def test_change_zone_all_remembers_what_it_moved() -> None:
    """Test Reaper: "Exile all creature cards from all graveyards. You gain 1 life for
    each card exiled this way." Three creature cards are exiled (an Island stays): 3
    life; then the Reaper forgets them."""
    game = played_game()
    for player, name in ((1, "Grizzly Bears"), (2, "Grizzly Bears"), (2, "Graf Rats"), (2, "Island")):
        game.add(name, Zone.GRAVEYARD, player)
    reaper = game.add("Test Reaper", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Activate(reaper, 0))
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Graf Rats", "Grizzly Bears", "Grizzly Bears"]
    assert game.life[1] == 23 and names(game, Zone.GRAVEYARD, 2) == ["Island"]
    assert game.remembered.get(game.obj(reaper).cards[0].id, []) == []


def test_remember_changed_is_declared_where_it_is_honoured() -> None:
    """Not for every ability: on the APIs that remember what they moved."""
    assert "RememberChanged" not in COMMON
    assert all("RememberChanged" in EFFECTS[a].params for a in ("ChangeZone", "ChangeZoneAll", "Dig"))
    assert "RememberChanged" not in EFFECTS["Destroy"].params
