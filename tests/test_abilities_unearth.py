"""Unearth (702.84), played from Phyrexian Dragon Engine's own script."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Zone


@pytest.mark.rule("702.84a", "614.1a")
def test_unearth_returns_with_haste_then_exiles() -> None:
    """Phyrexian Dragon Engine: "Unearth {3}{R}{R}": it returns from the graveyard with
    haste (and its "when it enters from your graveyard" trigger), only as a sorcery; at
    the next end step it is exiled; destroyed before then, it is exiled instead of
    going to the graveyard."""
    game = played_game()
    engine = game.add("Phyrexian Dragon Engine", Zone.GRAVEYARD, 1)
    lands(game, 1, "Mountain", 5)
    game.start(hand=0)
    game.pass_until("upkeep", turn=1)
    with pytest.raises(IllegalActionError):
        game.apply(1, Activate(engine, 0))  # only as a sorcery
    game.pass_until("main1", turn=1)
    script(game, 1, ("pay Discard<1/Hand>", False))
    game.apply(1, Activate(engine, 0))
    game.resolve_stack()
    back = next(o.id for o in game.battlefield() if game.name_of(o.id) == "Phyrexian Dragon Engine")
    assert game.has_keyword(back, "Haste") and game.may_attack(game.obj(back))
    game.pass_until("end", turn=1)
    game.resolve_stack()
    assert names(game, Zone.EXILE, 1) == ["Phyrexian Dragon Engine"] and not game.in_zone(Zone.COMMAND)

    again = played_game()
    engine = again.add("Phyrexian Dragon Engine", Zone.GRAVEYARD, 1)
    lands(again, 1, "Mountain", 5)
    again.start(hand=0)
    again.pass_until("main1", turn=1)
    script(again, 1, ("pay Discard<1/Hand>", False))
    again.apply(1, Activate(engine, 0))
    again.resolve_stack()
    back = next(o.id for o in again.battlefield() if again.name_of(o.id) == "Phyrexian Dragon Engine")
    again.destroy(back)
    again.resolve_stack()
    assert names(again, Zone.EXILE, 1) == ["Phyrexian Dragon Engine"] and not again.in_zone(Zone.GRAVEYARD, 1)
