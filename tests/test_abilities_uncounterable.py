"""Goldbug played from its own script: Goldbug, Humanity's Ally ("Prevent all combat
damage that would be dealt to attacking Humans you control. Whenever you cast your
second spell each turn, convert Goldbug."; a ``DamageDone`` prevention, 615.1; the
``SpellCast`` trigger's ``ActivatorThisTurnCast$``) and Goldbug, Scrappy Scout ("Human
spells you control can't be countered."; ``AffectedZone$ Stack``, 113.6g)."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.census import census
from dfc_plugin.host.game import Cast, Pass
from dfc_plugin.state import Side, Zone


def _goldbug(up: Side) -> tuple[Game, int]:
    game = played_game()
    goldbug = game.add("Goldbug, Humanity's Ally", Zone.BATTLEFIELD, 1, up=up)
    return game, goldbug


def _main(game: Game) -> None:
    game.start(hand=0)
    game.pass_until("main1", turn=1)


@pytest.mark.rule("603.2", "712.4")
def test_goldbug_converts_on_your_second_spell_each_turn() -> None:
    """The first Elite Vanguard cast doesn't trigger; the second converts Goldbug."""
    game, goldbug = _goldbug(Side.FRONT)
    vanguards = [game.add("Elite Vanguard", Zone.HAND, 1) for _ in range(2)]
    lands(game, 1, "Plains", 2)
    _main(game)
    game.apply(1, Cast(vanguards[0]))
    assert game.stack_text() == ["spell: Elite Vanguard"]
    game.resolve_stack()
    game.apply(1, Cast(vanguards[1]))
    assert game.stack_text() == ["spell: Elite Vanguard", "ability of Goldbug, Humanity's Ally"]
    game.resolve_stack()
    assert game.name_of(goldbug) == "Goldbug, Scrappy Scout"


def _countered(name: str) -> Game:
    """Player 1 casts ``name``; player 2 answers with Test Negate targeting it."""
    game, _goldbug_id = _goldbug(Side.BACK)
    spell = game.add(name, Zone.HAND, 1)
    negate = game.add("Test Negate", Zone.HAND, 2)
    lands(game, 1, "Plains", 1)
    lands(game, 2, "Island", 1)
    _main(game)
    game.apply(1, Cast(spell))
    (on_stack,) = game.in_zone(Zone.STACK)
    game.apply(1, Pass())
    script(game, 2, ("targets", [("o", on_stack.id)]))
    game.apply(2, Cast(negate))
    game.resolve_stack()
    return game


@pytest.mark.rule("113.6g", "701.6a")
def test_human_spells_you_control_cant_be_countered() -> None:
    """Elite Vanguard (a Human) resolves despite Test Negate; Test Loner (a Wolf) is
    countered."""
    game = _countered("Elite Vanguard")
    assert "Elite Vanguard" in names(game, Zone.BATTLEFIELD)
    assert "can't be countered" in game.log_text(1)
    game = _countered("Test Loner")
    assert "Test Loner" in names(game, Zone.GRAVEYARD, 1)


@pytest.mark.rule("615.1", "510.2")
def test_goldbug_prevents_combat_damage_to_attacking_humans() -> None:
    """Blocked by Grizzly Bears, the attacking Elite Vanguard takes no damage (and the
    Bears die)."""
    game, _goldbug_id = _goldbug(Side.FRONT)
    vanguard = game.add("Elite Vanguard", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    script(game, 1, ("attackers", [vanguard]))
    script(game, 2, ("blockers for", [bears]))
    game.pass_until("end_combat", turn=1)
    assert game.obj(vanguard).zone is Zone.BATTLEFIELD and "Grizzly Bears" in names(game, Zone.GRAVEYARD, 2)
    assert "Goldbug, Humanity's Ally prevents 2 damage" in game.log_text(1)


def test_goldbug_runs_in_the_census() -> None:
    game, _goldbug_id = _goldbug(Side.FRONT)
    assert census([game.library.get("Goldbug, Humanity's Ally")]).run_fully == 1


@pytest.mark.rule("615.1", "306.8")
def test_gideon_prevents_damage_to_itself_during_your_turn_only() -> None:
    """Gideon Blackblade: "Prevent all damage that would be dealt to Gideon Blackblade
    during your turn." (``Condition$ PlayerTurn``): player 2's Lightning Bolt does
    nothing in player 1's turn, and removes three loyalty counters in player 2's."""
    game = played_game()
    gideon = game.add("Gideon Blackblade", Zone.BATTLEFIELD, 1)
    game.add_counters(gideon, "LOYALTY", 4)  # (set-up puts it there without its loyalty)
    bolts = [game.add("Lightning Bolt", Zone.HAND, 2) for _ in range(2)]
    lands(game, 2, "Mountain", 2)
    _main(game)
    game.apply(1, Pass())
    script(game, 2, ("targets", [("o", gideon)]))
    game.apply(2, Cast(bolts[0]))
    game.resolve_stack()
    assert game.obj(gideon).counter("LOYALTY") == 4
    game.pass_until("main1", turn=2)
    script(game, 2, ("targets", [("o", gideon)]))
    game.apply(2, Cast(bolts[1]))
    game.resolve_stack()
    assert game.obj(gideon).counter("LOYALTY") == 1
