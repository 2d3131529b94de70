"""Protection (702.16): damage, enchanting or equipping, blocking and targeting, from
the cards' own scripts (Sejiri Shelter; Tel-Jilad Chosen from the 2020 corpus as test
input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import lands, played_game, script
from test_abilities_tallies import corpus_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.keywords import can_block
from dfc_plugin.host.game import Activate, Cast
from dfc_plugin.state import Side, Zone


def _shelter(game: Game, bears: int) -> None:
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    lands(game, 1, "Plains", 2)
    script(game, 1, ("color to gain protection from", "red"))
    game.apply(1, Cast(game.add("Sejiri Shelter", Zone.HAND, 1), face=0))
    game.resolve_stack()
    assert game.has_keyword(bears, "Protection from red")


@pytest.mark.rule("702.16a", "702.16b", "702.16e", "702.16f")
def test_sejiri_shelter_protects_from_the_chosen_color() -> None:
    """Sejiri Shelter: "Target creature you control gains protection from the color of
    your choice until end of turn." Red: a red spell can't target it, red damage to it
    is prevented, a red creature can't block it; a green one still can; it ends with
    the turn."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    berserker = game.add("Test Berserker", Zone.BATTLEFIELD, 2)
    _shelter(game, bears)
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    lands(game, 1, "Mountain", 1)
    script(game, 1, ("targets for Lightning Bolt", [("o", bears)]))
    with pytest.raises(IllegalActionError):
        game.apply(1, Cast(bolt))
    game.deal_damage(berserker, ("o", bears), 2)
    assert bears in game.objects and game.damage.get(bears, 0) == 0
    green = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    assert not can_block(game, bears, [berserker]) and can_block(game, bears, [green])
    game.pass_until("upkeep", turn=2)
    assert not game.has_keyword(bears, "Protection from red")


@pytest.mark.rule("702.16a", "702.16d", "704.5n")
def test_protection_from_a_color_is_debt() -> None:
    """Tel-Jilad Chosen (2020 corpus script): "Protection from artifacts": an Equipment
    can't equip it (it isn't a legal target), and one attached to it becomes unattached
    (704.5n); a nonartifact source's damage is dealt as usual."""
    path = FORGE_2020 / "t" / "tel_jilad_chosen.txt"
    game = corpus_game(path)
    chosen = game.add("Tel-Jilad Chosen", Zone.BATTLEFIELD, 1)
    sword = game.add("Test Sword", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    lands(game, 1, "Island", 1)
    with pytest.raises(IllegalActionError):
        game.apply(1, Activate(sword, 0))  # its only creature has protection: no target
    game.attached[sword] = chosen
    game.state_based_actions()
    assert sword not in game.attached
    game.deal_damage(sword, ("o", chosen), 1)
    assert game.damage.get(chosen, 0) == 0
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.deal_damage(bears, ("o", chosen), 1)
    game.state_based_actions()
    assert chosen not in game.objects  # 1 damage to a 2/1: it dies (704.5g)


@pytest.mark.rule("702.21a", "701.6a", "118.12")
def test_ward_counters_unless_paid() -> None:
    """Moonrage Brute: "Ward—Pay 3 life." An opponent's Lightning Bolt targeting it is
    countered unless that player pays 3 life; paid, it resolves. Its controller's own
    spell doesn't trigger ward."""
    outcomes = []
    for pays in (False, True):
        game = played_game()
        brute = game.add("Brutal Cathar", Zone.BATTLEFIELD, 1, up=Side.BACK)
        game.start(hand=0)
        game.pass_until("main1", turn=2)
        lands(game, 2, "Mountain", 1)
        script(game, 2, ("targets for Lightning Bolt", [("o", brute)]), ("pay PayLife<3>", pays))
        game.apply(2, Cast(game.add("Lightning Bolt", Zone.HAND, 2)))
        game.resolve_stack()
        outcomes.append((brute in game.objects, game.life[2]))
    assert outcomes == [(True, 20), (False, 17)]

    own = played_game()
    brute = own.add("Brutal Cathar", Zone.BATTLEFIELD, 1, up=Side.BACK)
    own.start(hand=0)
    own.pass_until("main1", turn=1)
    lands(own, 1, "Forest", 1)
    script(own, 1, ("targets for Giant Growth", [("o", brute)]))
    own.apply(1, Cast(own.add("Giant Growth", Zone.HAND, 1)))
    own.resolve_stack()
    assert own.power_toughness(brute) == (6, 6) and own.life[1] == 20
