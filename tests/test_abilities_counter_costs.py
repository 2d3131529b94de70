"""Gwen Stacy's Ghost-Spider, played from our own script: "Remove two counters from
Ghost-Spider: Exile the top card of your library. You may play that card this turn."
(the cost ``RemoveAnyCounter``, 118.3, 122.1; ``Effect | ForgetOnMoved$``, 400.7) and
"Whenever you play a land from exile ..., put a +1/+1 counter on Ghost-Spider." (the
trigger ``LandPlayed``, 305.1); and the effect durations ``AsLongAsControl`` (Gwen
Stacy) and ``HostLeavesOrEOT`` (Test Tether), 611.2b."""

from __future__ import annotations

import pytest
from play_support import names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate, Cast, PlayLand
from dfc_plugin.state import Side, Zone


def _spider(counters: dict[str, int]) -> tuple[Game, int]:
    """Ghost-Spider on player 1's battlefield with these counters, in their first main
    phase, a Forest on top of their library."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    spider = game.add("Gwen Stacy", Zone.BATTLEFIELD, 1, up=Side.BACK)
    for kind, count in counters.items():
        game.add_counters(spider, kind, count)
    game.add("Forest", Zone.LIBRARY, 1)
    return game, spider


@pytest.mark.rule("118.3", "122.1")
def test_remove_two_counters_of_any_kind() -> None:
    """Two counters of different kinds pay "remove two counters"; with one counter the
    ability isn't offered and can't be activated."""
    game, spider = _spider({"P1P1": 1, "SHIELD": 1})
    assert Activate(spider, 0) in game.legal_actions(1)
    script(game, 1, ("counters to remove", [(spider, "P1P1", 0), (spider, "SHIELD", 0)]))
    game.apply(1, Activate(spider, 0))
    assert game.obj(spider).counters == ()
    game.resolve_stack()
    assert names(game, Zone.EXILE, 1) == ["Forest"]

    poor, spider = _spider({"P1P1": 1})
    assert Activate(spider, 0) not in poor.legal_actions(1)
    with pytest.raises(IllegalActionError):
        poor.apply(1, Activate(spider, 0))
    assert poor.obj(spider).counter("P1P1") == 1  # nothing paid in part


@pytest.mark.rule("305.1", "603.2")
def test_ghost_spider_grows_on_a_land_played_from_exile() -> None:
    """The Forest exiled by its ability is played from exile: the LandPlayed trigger
    (``Origin$ Exile``) puts a +1/+1 counter on Ghost-Spider; a land played from the
    hand doesn't."""
    game, spider = _spider({"P1P1": 2})
    script(game, 1, ("counters to remove", [(spider, "P1P1", 0), (spider, "P1P1", 1)]))
    game.apply(1, Activate(spider, 0))
    game.resolve_stack()
    forest = game.find("Forest", Zone.EXILE).id
    assert PlayLand(forest, 0) in game.legal_actions(1)
    game.apply(1, PlayLand(forest, 0))
    game.resolve_stack()
    assert game.obj(spider).counter("P1P1") == 1

    other, spider = _spider({})
    land = other.add("Forest", Zone.HAND, 1)
    other.apply(1, PlayLand(land, 0))
    other.resolve_stack()
    assert other.obj(spider).counter("P1P1") == 0 and not other.stack_items


@pytest.mark.rule("400.7", "611.2")
def test_forget_on_moved_ends_the_permission() -> None:
    """The effect remembers the exiled card (``ForgetOnMoved$ Exile``): once it has left
    exile it is forgotten, and the effect, with nothing left to refer to, ends; a card
    exiled later is not the effect's to play."""
    game, spider = _spider({"P1P1": 2})
    script(game, 1, ("counters to remove", [(spider, "P1P1", 0), (spider, "P1P1", 1)]))
    game.apply(1, Activate(spider, 0))
    game.resolve_stack()
    assert names(game, Zone.COMMAND) == ["Ghost-Spider's effect"]
    forest = game.find("Forest", Zone.EXILE).id
    game.apply(1, PlayLand(forest, 0))
    assert not game.in_zone(Zone.COMMAND)  # forgotten as it left exile, then ended
    game.resolve_stack()
    stray = game.add("Forest", Zone.EXILE, 1)
    assert PlayLand(stray, 0) not in game.legal_actions(1)


@pytest.mark.rule("611.2b", "400.7")
def test_gwen_stacy_permission_lasts_as_long_as_you_control_her() -> None:
    """Gwen Stacy: "When Gwen Stacy enters, exile the top card of your library. You may
    play that card for as long as you control this creature." (``Duration$
    AsLongAsControl``): while she stays, the card may be played; once she has left the
    battlefield, it may not."""
    game = played_game()
    game.add("Forest", Zone.LIBRARY, 1)
    gwen = game.add("Gwen Stacy", Zone.HAND, 1)
    game.add("Mountain", Zone.BATTLEFIELD, 1)
    game.add("Mountain", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(gwen))
    game.resolve_stack()
    forest = game.find("Forest", Zone.EXILE).id
    assert PlayLand(forest, 0) in game.legal_actions(1)
    game.pass_until("main1", turn=3)
    assert PlayLand(forest, 0) in game.legal_actions(1)  # not "this turn": as long as she stays
    game.destroy(game.find("Gwen Stacy", Zone.BATTLEFIELD).id)
    assert PlayLand(forest, 0) not in game.legal_actions(1) and not game.in_zone(Zone.COMMAND)


@pytest.mark.rule("611.2b", "514.2")
def test_effect_lasts_until_its_host_leaves_or_end_of_turn() -> None:
    """Test Tether (``Duration$ HostLeavesOrEOT``): its effect ends when the Tether
    leaves the battlefield, or else in the cleanup step."""
    for leaves in (True, False):
        game = played_game()
        bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
        tether = game.add("Test Tether", Zone.BATTLEFIELD, 1)
        game.start(hand=0)
        game.pass_until("main1", turn=1)
        game.apply(1, Activate(tether, 0))
        game.resolve_stack()
        assert game.power_toughness(bears) == (3, 2)
        if leaves:
            game.destroy(tether)
            assert game.power_toughness(bears) == (2, 2) and not game.in_zone(Zone.COMMAND)
        else:
            game.pass_until("main2", turn=1)
            assert game.power_toughness(bears) == (3, 2)
            game.pass_until("upkeep", turn=2)
            assert game.power_toughness(bears) == (2, 2) and not game.in_zone(Zone.COMMAND)
