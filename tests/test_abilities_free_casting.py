"""Eye of Ojer Taq // Apex Observatory played from its own script: "Craft with two that
share a card type {6}" (702.167a), "Apex Observatory enters tapped. As it enters, choose
a card type shared among two exiled cards used to craft it." (``ChooseType`` with
``TypesFromDefined$``; 614.1c, 702.167c) and "{T}: The next spell you cast this turn of
the chosen type can be cast without paying its mana cost." (``MayPlayWithoutManaCost$``,
``MayPlayDontGrantZonePermissions$``; 118.9, 601.2b)."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate, Cast, Craft
from dfc_plugin.state import Zone


def _casts(game: Game) -> set[int]:
    return {a.object_id for a in game.legal_actions(1) if isinstance(a, Cast)}


def _observatory(*materials: str) -> tuple[Game, list[int], list[int]]:
    """Player 1 crafts Eye of Ojer Taq with two permanents named ``materials``; returns
    the game in turn 3's main phase with Apex Observatory's ability resolved and every
    land tapped, and player 1's hand (two Grizzly Bears, a Giant Growth) and graveyard."""
    game = played_game()
    eye = game.add("Eye of Ojer Taq", Zone.BATTLEFIELD, 1)
    chosen = [game.add(name, Zone.BATTLEFIELD, 1) for name in materials]
    hand = [game.add(n, Zone.HAND, 1) for n in ("Grizzly Bears", "Grizzly Bears", "Giant Growth")]
    grave = [game.add("Grizzly Bears", Zone.GRAVEYARD, 1)]
    forests = lands(game, 1, "Forest", 6)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("materials", chosen))
    game.apply(1, Craft(eye))
    game.resolve_stack()
    observatory = game.find("Apex Observatory", Zone.BATTLEFIELD)
    assert observatory.tapped  # it enters tapped
    game.pass_until("main1", turn=3)
    game.apply(1, Activate(observatory.id, 0))
    game.resolve_stack()
    for forest in forests:
        game.set_tapped(forest, True)  # no mana: only the permission pays
    return game, hand, grave


@pytest.mark.rule("118.9", "601.2b", "702.167c")
def test_apex_observatory_lets_the_next_creature_spell_be_cast_free() -> None:
    """Crafted with two creatures, the chosen type is Creature: either Grizzly Bears in
    hand may be cast without mana, not the Giant Growth; after one is cast the effect is
    gone and the other Bears can't be cast."""
    game, (bears, other, growth), _grave = _observatory("Grizzly Bears", "Test Flyer")
    assert game.chosen_types and set(game.chosen_types.values()) == {"Creature"}
    assert _casts(game) == {bears, other}
    script(game, 1, ("cast Grizzly Bears without paying its mana cost", True))
    game.apply(1, Cast(bears))
    assert game.stack_text() == ["spell: Grizzly Bears"] and not game.in_zone(Zone.COMMAND)
    game.resolve_stack()
    assert "Grizzly Bears" in names(game, Zone.BATTLEFIELD) and growth not in _casts(game)
    assert other not in _casts(game)


@pytest.mark.rule("118.9")
def test_the_permission_grants_no_zone() -> None:
    """The Bears in the graveyard is of the chosen type, but the permission doesn't let
    it be cast from there."""
    game, _hand, (in_grave,) = _observatory("Grizzly Bears", "Test Flyer")
    assert in_grave not in _casts(game)
    with pytest.raises(IllegalActionError):
        game.apply(1, Cast(in_grave))


@pytest.mark.rule("702.167a")
def test_craft_needs_two_that_share_a_card_type() -> None:
    """A creature and a land share no card type: the craft is refused."""
    game = played_game()
    eye = game.add("Eye of Ojer Taq", Zone.BATTLEFIELD, 1)
    chosen = [game.add("Grizzly Bears", Zone.BATTLEFIELD, 1), game.add("Island", Zone.BATTLEFIELD, 1)]
    lands(game, 1, "Forest", 6)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("materials", chosen))
    with pytest.raises(IllegalActionError, match="together"):
        game.apply(1, Craft(eye))
    assert game.obj(eye).zone is Zone.BATTLEFIELD
