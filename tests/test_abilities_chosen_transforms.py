"""Tovolar, Dire Overlord played from its own script: "At the beginning of your upkeep,
if you control three or more Wolves and/or Werewolves, it becomes night. Then transform
any number of Human Werewolves you control." (``SetState`` with ``Choices$``,
``MinAmount$``, ``Amount$``; 701.27, 608.2d; night: 726.2)."""

from __future__ import annotations

import pytest
from play_support import lands, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Cast
from dfc_plugin.state import Zone

ASKED = "permanents to transform for Tovolar, Dire Overlord"


def _pack_at_upkeep() -> tuple[Game, int, int, int]:
    """Player 1 controls Tovolar, Kruin Outlaw (a Human Werewolf) and Test Loner (a
    Wolf); each player casts a spell in turns 1 and 2 (so it stays day and Kruin's own
    trigger doesn't fire); then turn 3's upkeep begins with Tovolar's trigger."""
    game = played_game()
    game.start(hand=0)
    tovolar = game.add("Tovolar, Dire Overlord", Zone.BATTLEFIELD, 1)
    outlaw = game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    loner = game.add("Test Loner", Zone.BATTLEFIELD, 1)
    for turn, player in ((1, 1), (2, 2)):
        growth = game.add("Giant Growth", Zone.HAND, player)
        lands(game, player, "Forest", 1)
        game.pass_until("main1", turn=turn)
        script(game, player, ("targets", [("o", loner)]))
        game.apply(player, Cast(growth))
        game.resolve_stack()
    game.pass_until("upkeep", turn=3)
    assert game.stack_text() == ["ability of Tovolar, Dire Overlord"] and game.day_night == "day"
    return game, tovolar, outlaw, loner


@pytest.mark.rule("701.27a", "608.2d", "726.2")
def test_tovolar_transforms_the_human_werewolves_chosen() -> None:
    """It becomes night (Tovolar, daybound, transforms with it), then the Human Werewolf
    player 1 chooses transforms; the Wolf that isn't one stays as it is."""
    game, tovolar, outlaw, loner = _pack_at_upkeep()
    script(game, 1, (ASKED, [outlaw]))
    game.resolve_stack()
    assert game.day_night == "night"
    assert game.name_of(tovolar) == "Tovolar, the Midnight Scourge"
    assert game.name_of(outlaw) == "Terror of Kruin Pass" and game.name_of(loner) == "Test Loner"


@pytest.mark.rule("608.2d")
def test_tovolar_may_transform_none() -> None:
    """"Any number" includes none (``MinAmount$ 0``): choosing nothing is allowed."""
    game, _tovolar, outlaw, _loner = _pack_at_upkeep()
    script(game, 1, (ASKED, []))
    game.resolve_stack()
    assert game.day_night == "night" and game.name_of(outlaw) == "Kruin Outlaw"


def test_tovolar_offers_only_human_werewolves_you_control() -> None:
    """A Wolf that isn't a Human Werewolf is not among the choices: naming it is refused."""
    game, _tovolar, _outlaw, loner = _pack_at_upkeep()
    script(game, 1, (ASKED, [loner]))
    with pytest.raises(IllegalActionError, match="of the offered"):
        game.resolve_stack()
