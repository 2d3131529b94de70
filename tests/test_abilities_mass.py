"""Effects on every permanent of a kind, played from Ajani, Nacatl Avenger's script."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone


@pytest.mark.rule("122.1", "701.21a")
def test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen() -> None:
    """Ajani, Nacatl Avenger: "+2: Put a +1/+1 counter on each Cat you control."
    (``PutCounterAll``), and −4: the opponent keeps the chosen permanent and sacrifices
    the rest of their nonland permanents (``SacrificeAll | ValidCards$
    Permanent.nonLand+OppCtrl+nonChosenCard``)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    ajani = game.add("Ajani, Nacatl Pariah", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(ajani, "LOYALTY", 6)
    cat = game.add("Ajani, Nacatl Pariah", Zone.BATTLEFIELD, 1)  # a Cat Warrior
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.apply(1, Activate(ajani, 0))
    game.resolve_stack()
    assert game.obj(cat).counter("P1P1") == 1 and game.obj(bears).counter("P1P1") == 0

    kept, lost = (game.add("Grizzly Bears", Zone.BATTLEFIELD, 2) for _ in range(2))
    their_land = lands(game, 2, "Forest", 1)[0]
    game.pass_until("main1", turn=3)
    script(game, 2, ("cards to choose for Ajani, Nacatl Avenger", [kept]))
    game.apply(1, Activate(ajani, 2))
    game.resolve_stack()
    assert kept in game.objects and lost not in game.objects and their_land in game.objects
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and cat in game.objects
