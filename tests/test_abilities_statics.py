"""Static modes, applied where the rules ask for them."""

from __future__ import annotations

import pytest
from play_support import lands, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Cast
from dfc_plugin.state import Side, Zone


def _main(game: Game, turn: int = 1) -> None:
    game.start(hand=0)
    game.pass_until("main1", turn=turn)


@pytest.mark.rule("613.4c", "613.1f", "604.1")
def test_continuous_anthem() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    anthem = game.add("Test Anthem", Zone.BATTLEFIELD, 1)
    assert game.power_toughness(bears) == (3, 3) and game.has_keyword(bears, "Vigilance")
    assert game.power_toughness(theirs) == (2, 2)
    game.bounce(anthem)  # only while it's on the battlefield (EffectZone$)
    assert game.power_toughness(bears) == (2, 2)
    terror = game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1, up=Side.BACK)
    wolf = game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    assert (
        game.has_keyword(wolf, "Menace")
        and game.has_keyword(terror, "Menace")
        and not game.has_keyword(bears, "Menace")
    )


@pytest.mark.rule("613.4b", "613.1d")
def test_continuous_set_pt() -> None:
    game = played_game()
    golem = game.add("Test Golem", Zone.BATTLEFIELD, 1)
    assert game.power_toughness(golem) == (0, 0)
    lands(game, 1, "Forest", 3)
    assert game.power_toughness(golem) == (3, 3) and game.has_type(golem, "Artifact")


@pytest.mark.rule("702.8a")
def test_cast_with_flash() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    lands(game, 1, "Forest", 2)
    game.start(hand=0)
    assert Cast(bears) not in game.legal_actions(1)
    game.add("Test Vedalken", Zone.BATTLEFIELD, 1)
    game.apply(1, Cast(bears))  # in the upkeep
    game.resolve_stack()
    assert game.find("Grizzly Bears").zone is Zone.BATTLEFIELD


@pytest.mark.rule("601.2f")
def test_reduce_cost() -> None:
    """Test Foundry: creature spells you cast cost {1} less; instants your opponents
    cast cost {2} more."""
    game = played_game()
    game.add("Test Foundry", Zone.BATTLEFIELD, 1)
    forest = lands(game, 1, "Forest", 1)[0]
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    _main(game)
    game.apply(1, Cast(bears))  # {1}{G} for {G}
    assert game.obj(forest).tapped
    game.resolve_stack()
    bolt = game.add("Lightning Bolt", Zone.HAND, 2)
    lands(game, 2, "Mountain", 2)
    script(game, 2, ("targets for Lightning Bolt", [("p", 1)]), ("targets for Lightning Bolt", [("p", 1)]))
    with pytest.raises(IllegalActionError, match="601.2h"):
        game.cast_spell(2, bolt, timing=False)  # {R} and {2} more: two Mountains can't pay
    lands(game, 2, "Mountain", 1)
    game.cast_spell(2, bolt, timing=False)
    assert all(o.tapped for o in game.in_zone(Zone.BATTLEFIELD) if o.controller == 2)


@pytest.mark.rule("604.3", "613.4a")
def test_characteristic_defining_pt() -> None:
    """Test Goyf: its power and toughness are defined in every zone."""
    game = played_game()
    goyf = game.add("Test Goyf", Zone.HAND, 1)
    assert game.power_toughness(goyf) == (0, 1)
    game.add("Grizzly Bears", Zone.GRAVEYARD, 2)
    game.add("Elite Vanguard", Zone.GRAVEYARD, 1)
    assert game.power_toughness(goyf) == (2, 3)
