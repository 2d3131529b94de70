"""Turns, steps, priority, timing, summoning sickness and keywords the loop asks for."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.game import STEPS, Cast, Pass
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import Side, Zone


@pytest.mark.rule("500.1", "117.3a", "117.4", "103.8a")
def test_a_turn_goes_through_its_steps() -> None:
    game = played_game()
    game.start(hand=0)
    seen = [game.step]
    while game.turn == 1:
        game.apply(game.priority, Pass())  # type: ignore[arg-type]
        if game.turn == 1 and game.step != seen[-1]:
            seen.append(game.step)
    assert seen == [
        "upkeep",
        "draw",
        "main1",
        "begin_combat",
        "declare_attackers",
        "end_combat",
        "main2",
        "end",
    ]
    assert set(seen) <= set(STEPS) and game.active == 2 and game.step == "upkeep"
    assert len(game.in_zone(Zone.HAND, 1)) == 0  # the first player skips their first draw
    game.pass_until("main1", turn=2)
    assert len(game.in_zone(Zone.HAND, 2)) == 1


@pytest.mark.rule("302.6", "702.10b")
def test_summoning_sickness_and_haste() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    raider = game.add("Test Raider", Zone.HAND, 1)
    lands(game, 1, "Forest", 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(bears))
    game.resolve_stack()
    game.apply(1, Cast(raider))
    game.resolve_stack()
    attackers = [o for o in game.battlefield() if game.may_attack(o)]
    assert [game.name_of(o.id) for o in attackers] == ["Test Raider"]


@pytest.mark.rule("704.5g", "702.12b")
def test_indestructible_survives_lethal_damage() -> None:
    game = played_game()
    shield = game.add("Test Shieldbearer", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Mountain", 1)
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    game.start(hand=0)
    script(game, 1, ("targets for Lightning Bolt", [("o", shield)]))
    game.apply(1, Cast(bolt))
    game.resolve_stack()
    assert game.obj(shield).zone is Zone.BATTLEFIELD and game.damage[shield] == 3


@pytest.mark.rule("702.11b", "702.18a")
def test_hexproof_and_shroud() -> None:
    game = played_game()
    veiled = game.add("Test Veiled", Zone.BATTLEFIELD, 2)
    shrouded = game.add("Test Shrouded", Zone.BATTLEFIELD, 2)
    mine = game.add("Test Veiled", Zone.BATTLEFIELD, 1)
    assert not game.may_target(1, game.obj(veiled)) and game.may_target(2, game.obj(veiled))
    assert not game.may_target(2, game.obj(shrouded)) and game.may_target(1, game.obj(mine))


@pytest.mark.rule("702.8a", "307.1")
def test_flash_casts_at_instant_speed() -> None:
    game = played_game()
    ambusher = game.add("Test Ambusher", Zone.HAND, 1)
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    lands(game, 1, "Forest", 2)
    game.start(hand=0)  # the upkeep
    actions = game.legal_actions(1)
    assert Cast(ambusher) in actions and Cast(bears) not in actions
    with pytest.raises(IllegalActionError, match="307.1"):
        game.apply(1, Cast(bears))
    game.apply(1, Cast(ambusher))
    game.resolve_stack()
    assert "Test Ambusher" in names(game, Zone.BATTLEFIELD, 1)


@pytest.mark.rule("702.162a", "712.11a")
def test_more_than_meets_the_eye_casts_converted() -> None:
    """Goldbug, Humanity's Ally: More Than Meets the Eye {W}{U}."""
    game = played_game()
    goldbug = game.add("Goldbug, Humanity's Ally", Zone.HAND, 1)
    lands(game, 1, "Plains", 1)
    lands(game, 1, "Island", 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    via = Cast(goldbug, 0, "more_than_meets_the_eye")
    assert via in game.legal_actions(1)
    game.apply(1, via)
    game.resolve_stack()
    (bot,) = game.in_zone(Zone.BATTLEFIELD, 1)[-1:]
    assert game.name_of(bot.id) == "Goldbug, Scrappy Scout" and bot.state.up is Side.BACK


@pytest.mark.rule("614.1c")
def test_etb_replacement_keyword_taps() -> None:
    game = played_game()
    sentry = game.add("Test Sentry", Zone.GRAVEYARD, 1)
    walker = game.add("Test Walker", Zone.GRAVEYARD, 1)
    game.start(hand=0)
    for card in (sentry, walker):
        entered = game.put_onto_battlefield(card).object
        assert game.obj(entered).tapped


@pytest.mark.rule("614.1c", "122.6")
def test_etb_counter_keyword() -> None:
    game = played_game()
    keeper = game.add("Test Counter Keeper", Zone.GRAVEYARD, 1)
    game.start(hand=0)
    entered = game.put_onto_battlefield(keeper).object
    assert game.obj(entered).counter("P1P1") == 1 and game.power_toughness(entered) == (2, 2)


@pytest.mark.rule("702.145b", "702.145c", "731.2")
def test_daybound_werewolf_follows_day_and_night() -> None:
    """Brutal Cathar (daybound): it becomes day as it enters; a turn without spells
    makes it night and it transforms into Moonrage Brute."""
    game = played_game()
    cathar = game.add("Brutal Cathar", Zone.HAND, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Plains", 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(cathar))
    game.resolve_stack()
    assert game.designation() is DayNight.DAY
    game.pass_until("upkeep", turn=3)  # player 2 cast nothing in turn 2
    (brute,) = [o for o in game.battlefield() if o.owner == 1 and game.has_type(o.id, "Creature")]
    assert game.designation() is DayNight.NIGHT and game.name_of(brute.id) == "Moonrage Brute"


@pytest.mark.rule("702.114a", "105.2c")
def test_devoid_is_colorless() -> None:
    game = played_game()
    devoid = game.add("Test Devoid", Zone.BATTLEFIELD, 1)
    assert game.characteristics(devoid).colors == () and game.has_keyword(devoid, "Devoid")
