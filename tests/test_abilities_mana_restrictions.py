"""Mana with a spending restriction (106.6, ``RestrictValid$``), played from the cards'
own scripts: The Mightstone and Weakstone ("This mana can't be spent to cast nonartifact
spells") and, from the 2020 corpus (test input), Curious Homunculus ("Spend this mana
only to cast an instant or sorcery spell")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FORGE_2020, need_shared
from play_support import names, played_game
from test_abilities_tallies import corpus_game

from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.census import census
from dfc_plugin.host.abilities.mana_restrictions import RestrictedMana
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Activate, Cast
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import Zone

HOMUNCULUS = FORGE_2020 / "c" / "curious_homunculus_voracious_reader.txt"


def _at_main(game: Game, source: str, *hand: str) -> tuple[int, list[int]]:
    stone = game.add(source, Zone.BATTLEFIELD, 1)
    cards = [game.add(name, Zone.HAND, 1) for name in hand]
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return stone, cards


def _casts(game: Game) -> set[int]:
    return {a.object_id for a in game.legal_actions(1) if isinstance(a, Cast)}


@pytest.mark.rule("106.6")
def test_mightstone_mana_pays_artifacts_and_abilities_only() -> None:
    """Its {C}{C} pays for an artifact spell and for an activated ability, never for a
    nonartifact spell: that spell isn't listed, and casting it is refused."""
    game = played_game()
    stone, (loner, oddity) = _at_main(game, "The Mightstone and Weakstone", "Test Loner", "Test Oddity")
    chart = game.add("Treasure Map", Zone.BATTLEFIELD, 1)
    assert _casts(game) == {oddity}  # the stone's mana can't pay for Test Loner
    game.activate_mana_ability(stone, 0)
    assert len(game.mana_pool[1]) == 2 and all(isinstance(m, RestrictedMana) for m in game.mana_pool[1])
    with pytest.raises(IllegalActionError, match="can't pay"):
        game.apply(1, Cast(loner))
    assert names(game, Zone.HAND, 1) == ["Test Loner", "Test Oddity"]
    game.apply(1, Cast(oddity))
    assert game.mana_pool[1] == ["C"]
    game.resolve_stack()
    game.apply(1, Activate(chart, 0))  # {1},{T}: Scry 1 ... paid with the last {C}
    assert game.mana_pool[1] == [] and game.obj(chart).tapped


@pytest.mark.rule("106.6")
def test_unrestricted_mana_still_pays_for_anything() -> None:
    """Without the stone's mana, an Island pays for the nonartifact spell: the
    restriction is the mana's, not the player's."""
    game = played_game()
    stone, (loner,) = _at_main(game, "The Mightstone and Weakstone", "Test Loner")
    island = game.add("Island", Zone.BATTLEFIELD, 1)
    assert loner in _casts(game)
    game.apply(1, Cast(loner))
    assert game.stack_text() == ["spell: Test Loner"]
    assert game.obj(island).tapped and not game.obj(stone).tapped  # the stone's mana couldn't pay


@pytest.mark.rule("106.6")
def test_homunculus_mana_pays_only_instants_and_sorceries() -> None:
    """Curious Homunculus's {C}: an instant is cast with it; a creature spell and an
    activated ability are not paid (``Instant,Sorcery`` names spells only)."""
    game = corpus_game(HOMUNCULUS)
    homunculus, (bulwark, loner) = _at_main(game, "Curious Homunculus", "Test Bulwark", "Test Loner")
    chart = game.add("Treasure Map", Zone.BATTLEFIELD, 1)
    game.set_tapped(chart, False)
    assert _casts(game) == {bulwark}
    assert Activate(chart, 0) not in game.legal_actions(1)
    game.activate_mana_ability(homunculus, 0)
    with pytest.raises(IllegalActionError):
        game.apply(1, Activate(chart, 0))
    with pytest.raises(IllegalActionError):
        game.apply(1, Cast(loner))
    game.apply(1, Cast(bulwark))
    assert game.mana_pool[1] == [] and game.stack_text() == ["spell: Test Bulwark"]


def test_restrictions_not_honoured_are_missing_in_the_census(tmp_path: Path) -> None:
    """A ``RestrictValid$`` word with another meaning in Forge (cumulative upkeep) is
    reported, and in a game its mana is refused rather than added unrestricted."""
    (tmp_path / "test_upkeep_mana.txt").write_text(
        "Name:Test Upkeep Mana\nManaCost:1\nTypes:Artifact\n"
        "A:AB$ Mana | Cost$ T | Produced$ C | RestrictValid$ CumulativeUpkeep | SpellDescription$ Add {C}.\n"
    )
    library = Library.load([bundled_cardscripts(), tmp_path], use_cache=False)
    card = library.get("Test Upkeep Mana")
    assert census([card]).as_dict()["missing"] == {"Mana.RestrictValid:CumulativeUpkeep": 1}
    game = Game(players=2, library=library, agents={1: ScriptedAgent(), 2: ScriptedAgent()})
    source = game.add("Test Upkeep Mana", Zone.BATTLEFIELD, 1)
    with pytest.raises(UnsupportedAbilityError, match="CumulativeUpkeep"):
        game.activate_mana_ability(source, 0)
    assert game.mana_pool[1] == []


def test_the_census_counts_the_homunculus_as_running() -> None:
    library = Library.load([need_shared(HOMUNCULUS)], use_cache=False)
    assert census(library.cards()).run_fully == 1


@pytest.mark.rule("106.6", "605.3b")
def test_a_mana_effect_with_more_than_tap_in_its_cost_restricts_its_mana() -> None:
    """Test Restricted Stone ({T}, pay 1 life: add {C}{C}, only for instants and
    sorceries) runs as a Mana effect, not as the plugin's {T} mana ability: its mana is
    restricted too."""
    game = played_game()
    stone, (loner, bulwark) = _at_main(game, "Test Restricted Stone", "Test Loner", "Test Bulwark")
    game.apply(1, Activate(stone, 0))
    assert game.life[1] == 19 and len(game.mana_pool[1]) == 2
    assert all(isinstance(m, RestrictedMana) for m in game.mana_pool[1])
    with pytest.raises(IllegalActionError, match="can't pay"):
        game.apply(1, Cast(loner))
    game.apply(1, Cast(bulwark))
    assert game.mana_pool[1] == ["C"]
