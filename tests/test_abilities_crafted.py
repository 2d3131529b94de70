"""Altar of the Wretched // Wretched Bonemass played from its own script: "Craft with
one or more creatures {2}{B}{B}" (702.167a: the player chooses how many), and the
crafted Bonemass's "power and toughness are each equal to the total power of the exiled
cards used to craft it" (``ExiledWith$CardPower``, 702.167c) and "has flying as long as
an exiled card used to craft it has flying. The same is true for first strike, ..."
(``SharedKeywordsZone$``, ``SharedRestrictions$``). And a count a census used to miss:
Werewolf of Ancient Hunger's "the total number of cards in all players' hands"."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import lands, names, played_game, script
from test_abilities_tallies import corpus_game

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.census import census
from dfc_plugin.host.game import Craft
from dfc_plugin.state import Side, Zone

SAGE = FORGE_2020 / "s" / "sage_of_ancient_lore_werewolf_of_ancient_hunger.txt"


def _crafted(*materials: tuple[str, Zone]) -> tuple[Game, int]:
    game = played_game()
    altar = game.add("Altar of the Wretched", Zone.BATTLEFIELD, 1)
    chosen = [game.add(name, zone, 1) for name, zone in materials]
    game.add("Test Archer", Zone.BATTLEFIELD, 1)  # a creature not chosen: it stays
    lands(game, 1, "Swamp", 4)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("materials", chosen))
    game.apply(1, Craft(altar))
    game.resolve_stack()
    return game, game.find("Wretched Bonemass", Zone.BATTLEFIELD).id


@pytest.mark.rule("702.167a", "702.167c", "604.3")
def test_bonemass_has_the_keywords_of_its_materials() -> None:
    """Crafted with a flyer from the graveyard and Grizzly Bears: 4/4 (2 + 2) with
    flying, and none of the other listed keywords; the Archer (reach) wasn't used."""
    game, bonemass = _crafted(("Test Flyer", Zone.GRAVEYARD), ("Grizzly Bears", Zone.BATTLEFIELD))
    assert names(game, Zone.EXILE) == ["Grizzly Bears", "Test Flyer"]
    assert game.power_toughness(bonemass) == (4, 4)
    assert game.keywords_of(game.obj(bonemass)) == {"flying"}


@pytest.mark.rule("702.167a")
def test_one_material_is_enough() -> None:
    """"One or more": a single Grizzly Bears crafts a 2/2 with no keywords."""
    game, bonemass = _crafted(("Grizzly Bears", Zone.BATTLEFIELD))
    assert game.power_toughness(bonemass) == (2, 2) and game.keywords_of(game.obj(bonemass)) == set()


def test_werewolf_of_ancient_hunger_counts_every_hand() -> None:
    """Its P/T is the number of cards in all hands (``Count$NumInAllHands``), and the
    census checks a characteristic-defining ``SetPower$`` amount."""
    game = corpus_game(SAGE)
    werewolf = game.add("Sage of Ancient Lore", Zone.BATTLEFIELD, 1, up=Side.BACK)
    for player, count in ((1, 2), (2, 3)):
        for _ in range(count):
            game.add("Island", Zone.HAND, player)
    assert game.power_toughness(werewolf) == (5, 5)
    assert census([game.library.get("Sage of Ancient Lore")]).run_fully == 1
