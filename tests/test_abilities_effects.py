"""Each API runs as its parameters say, cast or activated in a played game (the cards
are bundled scripts or tests/scripts "Test ..." cards written for one API each)."""

from __future__ import annotations

import pytest
from play_support import all_answered, lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate, Cast, Pass
from dfc_plugin.state import Side, Zone


def _main(game: Game, player: int = 1) -> None:
    game.start(hand=0)
    game.pass_until("main1", turn=player)


def _cast(game: Game, name: str, *answers: tuple[str, object], player: int = 1) -> int:
    card = game.add(name, Zone.HAND, player)
    lands(game, player, "Island", 1)
    script(game, player, *answers)
    game.apply(player, Cast(card))
    game.resolve_stack()
    return card


@pytest.mark.rule("121.1")
def test_draw() -> None:
    game = played_game()
    _main(game)
    _cast(game, "Test Diviner")
    assert len(game.in_zone(Zone.HAND, 1)) == 2 and not game.in_zone(Zone.HAND, 2)


@pytest.mark.rule("701.17a")
def test_mill() -> None:
    game = played_game()
    _main(game)
    _cast(game, "Test Grinder")
    assert names(game, Zone.GRAVEYARD, 2) == ["Island", "Island"]
    assert names(game, Zone.GRAVEYARD, 1) == ["Island", "Island", "Test Grinder"]
    exiling = played_game(library_cards=("Island", "Grizzly Bears", "Island"))  # the last is the top
    _main(exiling)
    _cast(exiling, "Test Exile Mill")  # the top two: an Island and the Grizzly Bears
    assert (
        names(exiling, Zone.EXILE) == ["Grizzly Bears", "Island"] and len(exiling.in_zone(Zone.HAND, 1)) == 1
    )


@pytest.mark.rule("119.3", "608.2c")
def test_life() -> None:
    """LoseLife X (X = Count$Valid Land.YouCtrl) for each opponent, then GainLife 2."""
    game = played_game()
    lands(game, 1, "Forest", 2)
    _main(game)
    _cast(game, "Test Drain")
    assert game.life == {1: 22, 2: 17}  # three lands: two Forests and the Island paid with


@pytest.mark.rule("120.3a", "120.3e", "704.5g")
def test_deal_damage() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    lands(game, 1, "Mountain", 2)
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    script(game, 1, ("targets for Lightning Bolt", [("p", 2)]))
    game.apply(1, Cast(bolt))
    game.resolve_stack()
    assert game.life[2] == 17
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    script(game, 1, ("targets for Lightning Bolt", [("o", bears)]))
    game.apply(1, Cast(bolt))
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]


@pytest.mark.rule("120.3")
def test_damage_all() -> None:
    game = played_game()
    bird = game.add("Test Flyer", Zone.BATTLEFIELD, 2)
    game.add("Test Viper", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(game, "Test Quake")
    assert game.life == {1: 19, 2: 19} and names(game, Zone.GRAVEYARD, 2) == ["Test Viper"]
    assert game.obj(bird).zone is Zone.BATTLEFIELD


@pytest.mark.rule("611.2", "514.2")
def test_pump() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _main(game)
    _cast(game, "Test Blessing", ("targets for Test Blessing", [("o", bears)]))
    assert (
        game.power_toughness(bears) == (3, 4)
        and game.has_keyword(bears, "Flying")
        and game.has_keyword(bears, "Trample")
    )
    _cast(game, "Test Lasting Blessing")
    game.pass_until("upkeep", turn=2)
    assert game.power_toughness(bears) == (3, 2) and not game.has_keyword(bears, "Flying")
    game.pass_until("main1", turn=2)
    _cast(game, "Test Hex", ("targets for Test Hex", [("o", bears)]), player=2)
    assert game.power_toughness(bears) == (1, 2)
    game.pass_until("upkeep", turn=3)
    assert game.power_toughness(bears) == (1, 2)  # player 1's turn: not player 2's next turn
    game.pass_until("upkeep", turn=4)
    assert game.power_toughness(bears) == (3, 2)


@pytest.mark.rule("611.2c")
def test_pump_all() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(game, "Test Rally")
    later = game.add("Test Flyer", Zone.BATTLEFIELD, 1)
    assert game.power_toughness(bears) == (3, 3) and game.has_keyword(bears, "Vigilance")
    assert game.power_toughness(theirs) == (2, 2) and game.power_toughness(later) == (2, 2)


@pytest.mark.rule("613.1d", "613.4b")
def test_animate() -> None:
    game = played_game()
    forest = game.add("Forest", Zone.BATTLEFIELD, 1)
    _main(game)
    _cast(game, "Test Awakening", ("targets for Test Awakening", [("o", forest)]))
    assert (
        game.power_toughness(forest) == (4, 4)
        and game.has_type(forest, "Creature")
        and game.has_type(forest, "Land")
    )
    assert game.has_keyword(forest, "Haste")
    game.pass_until("upkeep", turn=2)
    assert game.power_toughness(forest) == (3, 3) and game.has_type(forest, "Elemental")
    island = game.add("Island", Zone.BATTLEFIELD, 1)
    game.pass_until("main1", turn=3)
    _cast(game, "Test Lasting Awakening", ("targets for Test Lasting Awakening", [("o", island)]))
    game.pass_until("upkeep", turn=4)
    assert game.power_toughness(island) == (2, 2)  # Permanent$ True


@pytest.mark.rule("701.21a")
def test_tap_untap() -> None:
    game = played_game()
    tapper = game.add("Test Tapper", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Island", 1)
    _main(game)
    script(game, 1, ("targets for Test Tapper", [("o", bears)]))
    game.apply(1, Activate(tapper, 0))
    game.resolve_stack()
    assert game.obj(bears).tapped and game.obj(tapper).tapped
    game.apply(1, Activate(tapper, 1))
    game.resolve_stack()
    assert not game.obj(tapper).tapped


@pytest.mark.rule("122.1", "614.1c")
def test_counters() -> None:
    game = played_game()
    lands(game, 1, "Island", 3)
    _main(game)
    keeper = _cast(game, "Test Counter Keeper")
    (keeper_obj,) = [o for o in game.battlefield() if game.name_of(o.id) == "Test Counter Keeper"]
    assert keeper_obj.counter("P1P1") == 1  # etbCounter
    game.apply(1, Activate(keeper_obj.id, 0))
    game.resolve_stack()
    assert game.obj(keeper_obj.id).counter("P1P1") == 3 and game.power_toughness(keeper_obj.id) == (4, 4)
    game.apply(1, Activate(keeper_obj.id, 1))
    game.resolve_stack()
    assert game.obj(keeper_obj.id).counter("P1P1") == 0 and keeper != keeper_obj.id


@pytest.mark.rule("701.23a", "701.24a")
def test_change_zone_search() -> None:
    game = played_game(library_cards=("Island", "Grizzly Bears", "Island", "Elite Vanguard"))
    _main(game)
    creatures = [o.id for o in game.in_zone(Zone.LIBRARY, 1) if game.has_type(o.id, "Creature")]
    _cast(game, "Test Tutor", ("cards to put into the hand", [creatures[0]]))
    assert names(game, Zone.HAND, 1) == ["Grizzly Bears"]
    assert any(e.action == "shuffle" for e in game.log) and any(e.action == "reveal" for e in game.log)
    game.add("Grizzly Bears", Zone.GRAVEYARD, 1)
    game.add("Test Flyer", Zone.GRAVEYARD, 1)
    game.add("Test Flyer", Zone.GRAVEYARD, 2)
    mine = [o.id for o in game.in_zone(Zone.GRAVEYARD, 1) if game.has_type(o.id, "Creature")]
    shuffles = sum(e.action == "shuffle" for e in game.log)
    _cast(game, "Test Grave Digger", ("cards to put into the hand", mine))
    assert names(game, Zone.HAND, 1) == ["Grizzly Bears", "Grizzly Bears", "Test Flyer"]
    assert sum(e.action == "shuffle" for e in game.log) == shuffles  # Shuffle$ False
    game.add("Forest", Zone.LIBRARY, 1)
    forest = game.find("Forest", Zone.LIBRARY).id
    _cast(game, "Test Pathfinder", ("cards to put into the hand", [forest]), ("shuffle your library", False))
    assert sum(e.action == "shuffle" for e in game.log) == shuffles  # ShuffleNonMandatory$: "you may"


@pytest.mark.rule("110.2a")
def test_change_zone_gain_control() -> None:
    game = played_game()
    theirs = game.add("Grizzly Bears", Zone.GRAVEYARD, 2)
    _main(game)
    _cast(game, "Test Reanimate", ("targets for Test Reanimate", [("o", theirs)]))
    (bears,) = [o for o in game.battlefield() if game.name_of(o.id) == "Grizzly Bears"]
    assert bears.controller == 1 and bears.owner == 2 and bears.tapped


@pytest.mark.rule("401.4")
def test_change_zone_library_position() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(game, "Test Tuck", ("targets for Test Tuck", [("o", bears)]))
    bottom = game.in_zone(Zone.LIBRARY, 2)[0]
    assert game.name_of(bottom.id) == "Grizzly Bears"


def test_change_zone_all() -> None:
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(game, "Test Evacuation")
    assert names(game, Zone.HAND, 1) == ["Grizzly Bears"] and names(game, Zone.HAND, 2) == ["Grizzly Bears"]


@pytest.mark.rule("701.8a", "702.12b")
def test_destroy() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    shield = game.add("Test Shieldbearer", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(game, "Test Doom", ("targets for Test Doom", [("o", shield)]))
    assert game.obj(shield).zone is Zone.BATTLEFIELD and game.life[1] == 20  # not destroyed: no life
    _cast(game, "Test Doom", ("targets for Test Doom", [("o", bears)]))
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and game.life[1] == 23


@pytest.mark.rule("701.17a")
def test_sacrifice() -> None:
    """Tithing Blade: "When Tithing Blade enters, each opponent sacrifices a creature." """
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    flyer = game.add("Test Flyer", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Swamp", 2)
    _main(game)
    script(game, 2, ("permanents to sacrifice", [flyer]))
    _cast(game, "Tithing Blade")
    assert names(game, Zone.GRAVEYARD, 2) == ["Test Flyer"] and game.obj(bears).zone is Zone.BATTLEFIELD
    _cast(game, "Test Offering")  # player 1 has no creature: nothing sacrificed, no life
    assert game.life[1] == 20
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _cast(game, "Test Offering")
    assert game.life[1] == 24


@pytest.mark.rule("701.9a")
def test_discard() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.HAND, 2)
    game.add("Island", Zone.HAND, 2)
    _main(game)
    script(game, 2, ("cards to discard", [bears]))
    _cast(game, "Test Mind Rot")
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and len(game.in_zone(Zone.HAND, 1)) == 1


@pytest.mark.rule("701.20")
def test_dig() -> None:
    """Test Impulse (Optional, LibraryPosition2 0: the rest on top) and Nissa, Sage
    Animist's +1 (Reveal, ChangeValid Land, ChangeNum All, to the battlefield, the rest
    to the hand)."""
    game = played_game(library_cards=("Island", "Grizzly Bears", "Island", "Forest"))
    _main(game)
    top = list(reversed(game.owner_zone_ids(1, Zone.LIBRARY)))[:3]
    _cast(game, "Test Impulse", ("cards to take", []))
    assert list(reversed(game.owner_zone_ids(1, Zone.LIBRARY)))[:3] != [] and not game.in_zone(Zone.HAND, 1)
    assert set(game.owner_zone_ids(1, Zone.LIBRARY)[-3:]) == set(top)
    nissa = game.add("Nissa, Vastwood Seer", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(nissa, "LOYALTY", 3)
    game.move_within_library(game.find("Forest", Zone.LIBRARY).id, top=True)
    game.apply(1, Activate(nissa, 0))
    game.resolve_stack()
    assert "Forest" in names(game, Zone.BATTLEFIELD, 1) and any(e.action == "reveal" for e in game.log)


@pytest.mark.rule("111.1", "111.4")
def test_token_inline() -> None:
    game = played_game()
    _main(game)
    _cast(game, "Test Summons")
    spirits = [o for o in game.battlefield() if game.name_of(o.id) == "Spirit"]
    assert len(spirits) == 2 and all(
        game.has_keyword(o.id, "Flying") and all(c.token for c in o.cards) for o in spirits
    )
    assert all(game.power_toughness(o.id) == (2, 1) for o in spirits)  # remembered and pumped
    assert game.characteristics(spirits[0].id).colors == ("W",)
    _cast(game, "Test Prospector")
    (treasure,) = [o for o in game.battlefield() if game.name_of(o.id) == "Treasure"]
    script(game, 1, ("mana colour", "G"))
    game.apply(1, Activate(treasure.id, 0))  # {T}, sacrifice it: one mana of any colour (TokenAbilities$)
    assert game.mana_pool[1] == ["G"] and treasure.id not in game.objects
    game.resolve_stack()
    assert game.life[1] == 21  # its TokenTriggers$ / TokenSVars$ trigger


@pytest.mark.rule("605.1a", "605.3b")
def test_mana_ability() -> None:
    game = played_game()
    vault = game.add("Test Vault", Zone.BATTLEFIELD, 1)
    _main(game)
    game.apply(1, Activate(vault, 0))
    assert game.mana_pool[1] == ["C", "C"] and not game.stack_items  # no stack (605.3b)


@pytest.mark.rule("701.27a", "111.10i")
def test_set_state() -> None:
    """The Incubator token: "{2}: Transform this artifact." """
    game = played_game()
    _main(game)
    incubator = game.make_token(game.token_script("incubator_c_0_0_a_phyrexian"), 1)  # type: ignore[arg-type]
    game.add_counters(incubator, "P1P1", 2)
    lands(game, 1, "Island", 2)
    game.apply(1, Activate(incubator, 0))
    game.resolve_stack()
    assert game.name_of(incubator) == "Phyrexian Token" and game.power_toughness(incubator) == (2, 2)


@pytest.mark.rule("701.20")
def test_dig_looks_only() -> None:
    """Test Peek (NoMove, RevealOptional, RememberRevealed) and Test Sift (the chosen
    card to LibraryPosition$ -1, the bottom; the rest to the graveyard)."""
    for reveal, drawn in ((True, 1), (False, 0)):
        game = played_game(library_cards=("Grizzly Bears", "Island", "Grizzly Bears"))
        _main(game)
        before = game.owner_zone_ids(1, Zone.LIBRARY)
        _cast(game, "Test Peek", ("reveal the cards", reveal))
        assert len(game.in_zone(Zone.HAND, 1)) == drawn
        assert game.owner_zone_ids(1, Zone.LIBRARY)[: len(before) - drawn] == before[: len(before) - drawn]
    game = played_game(library_cards=("Island", "Grizzly Bears", "Forest"))
    _main(game)
    forest = game.find("Forest", Zone.LIBRARY).id
    _cast(game, "Test Sift", ("cards to take", [forest]))
    assert game.name_of(game.in_zone(Zone.LIBRARY, 1)[0].id) == "Forest"
    assert names(game, Zone.GRAVEYARD, 1) == ["Grizzly Bears", "Test Sift"]


@pytest.mark.rule("701.14a", "701.14b")
def test_fight() -> None:
    game = played_game()
    brawler = game.add("Test Brawler", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Island", 1)
    _main(game)
    game.apply(1, Activate(brawler, 0))
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and game.damage[brawler] == 2 and bears


def test_branch() -> None:
    """Test Branch: "If you control three or more lands, draw two cards. Otherwise,
    you gain 2 life." """
    game = played_game()
    _main(game)
    _cast(game, "Test Branch")
    assert game.life[1] == 22 and not game.in_zone(Zone.HAND, 1)
    lands(game, 1, "Forest", 2)
    _cast(game, "Test Branch")
    assert game.life[1] == 22 and len(game.in_zone(Zone.HAND, 1)) == 2


@pytest.mark.rule("603.7a", "603.7c")
def test_delayed_trigger() -> None:
    """Test Omen: at your next upkeep draw a card; at this turn's end step gain 1 life
    (ThisTurn$). Test Phoenix: "When this creature dies, return it to the battlefield at
    the beginning of the next end step" (RememberObjects$ TriggeredCard)."""
    game = played_game()
    _main(game)
    _cast(game, "Test Omen")
    assert len(game.delayed) == 2 and game.life[1] == 20
    game.pass_until("upkeep", turn=2)
    assert game.life[1] == 21 and not game.in_zone(Zone.HAND, 1)  # player 2's upkeep: not "your"
    game.pass_until("upkeep", turn=3)
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == 1 and not game.delayed
    phoenix = game.add("Test Phoenix", Zone.BATTLEFIELD, 1)
    game.pass_until("main1", turn=3)
    game.destroy(phoenix)
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 1) == ["Test Omen", "Test Phoenix"]
    game.pass_until("end", turn=3)
    game.resolve_stack()
    assert "Test Phoenix" in names(game, Zone.BATTLEFIELD, 1)


@pytest.mark.rule("611.2", "514.2", "114.1")
def test_effect() -> None:
    """Test War Cry (until end of turn), Test Emblem (Duration$ Permanent, a trigger in
    the command zone, Stackable$ False), Test Aegis (RememberObjects$, ExileOnMoved$)."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _main(game)
    _cast(game, "Test War Cry")
    assert game.power_toughness(bears) == (3, 2) and names(game, Zone.COMMAND) == ["Test War Cry's effect"]
    _cast(game, "Test Emblem")
    _cast(game, "Test Emblem")
    assert names(game, Zone.COMMAND).count("Emblem - Test") == 1
    _cast(game, "Test Aegis", ("targets for Test Aegis", [("o", bears)]))
    assert game.power_toughness(bears) == (3, 4)
    game.pass_until("upkeep", turn=2)
    assert game.power_toughness(bears) == (2, 4) and "Test War Cry's effect" not in names(game, Zone.COMMAND)
    game.pass_until("upkeep", turn=3)
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == 1  # the emblem's draw (the draw step is still to come)
    game.bounce(bears)
    game.resolve_stack()
    assert names(game, Zone.COMMAND) == ["Emblem - Test"]


@pytest.mark.rule("702.6a", "303.4f", "704.5m", "704.5n")
def test_equip_and_aura() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    sword = game.add("Test Sword", Zone.BATTLEFIELD, 1)
    _main(game)
    lands(game, 1, "Island", 1)
    game.apply(1, Activate(sword, 0))  # equip {1}: its one target is forced
    game.resolve_stack()
    assert game.attached == {sword: bears} and game.power_toughness(bears) == (4, 3)
    wings = _cast(game, "Test Wings")  # the Aura's one target is forced too
    (aura,) = [o for o in game.battlefield() if game.name_of(o.id) == "Test Wings"]
    assert game.attached[aura.id] == bears and game.has_keyword(bears, "Flying") and wings
    game.bounce(bears)
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 1) == ["Test Wings"]  # 704.5m
    assert sword not in game.attached and game.obj(sword).zone is Zone.BATTLEFIELD  # 704.5n


def test_choose_card() -> None:
    game = played_game()
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    theirs = [game.add("Grizzly Bears", Zone.BATTLEFIELD, 2) for _ in range(2)]
    _main(game)
    _cast(game, "Test Culler", ("cards to choose for Test Culler", [theirs[1]]))
    gone = {o.cards[0].id for o in game.in_zone(Zone.GRAVEYARD)}
    assert (
        game.cards and theirs[1] not in game.objects and len(gone) == 3
    )  # the culler, the chosen, a random one
    assert sum(1 for i in (mine, theirs[0]) if i in game.objects) == 1 and not game.chosen


def test_store_svar() -> None:
    """Test Veteran: StoreSVar Type$ Count and CountSVar, read later as amounts."""
    game = played_game()
    veteran = game.add("Test Veteran", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _main(game)
    game.apply(1, Activate(veteran, 0))
    game.resolve_stack()
    assert game.life[1] == 20  # Bonus starts at Number$0
    script(game, 1, ("attackers", [veteran, bears]))
    game.pass_until("main2", turn=1)
    assert game.stored_svars[game.obj(veteran).cards[0].id] == {"Marked": "2", "Bonus": "2"}
    game.apply(1, Activate(veteran, 0))
    game.resolve_stack()
    assert game.life[1] == 22


def test_pump_remembers() -> None:
    """Test Keepsake: Pump RememberObjects$ / ForgetObjects$, read as Remembered$Amount."""
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add("Test Flyer", Zone.BATTLEFIELD, 1)
    game.add("Elite Vanguard", Zone.BATTLEFIELD, 1)
    _main(game)
    _cast(game, "Test Keepsake")
    assert len(game.in_zone(Zone.HAND, 1)) == 2  # the Flyer and the Vanguard; not the green Bears


@pytest.mark.rule("506.4", "701.22a")
def test_remove_from_combat_and_scry() -> None:
    game = played_game(library_cards=("Forest", "Island"))
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add("Test Fog Bank", Zone.HAND, 2)
    lands(game, 2, "Island", 1)
    _main(game)
    script(game, 1, ("attackers", [bears]))
    game.pass_until("declare_attackers", turn=1)
    script(game, 2, ("targets for Test Fog Bank", [("o", bears)]))
    game.apply(1, Pass())
    game.apply(2, Cast(game.find("Test Fog Bank", Zone.HAND).id))
    game.resolve_stack()
    assert bears not in game.attackers
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 20
    top = game.owner_zone_ids(1, Zone.LIBRARY)[-1]
    game.pass_until("main2", turn=1)
    _cast(game, "Test Bulwark", ("cards to put on the bottom", [top]))
    assert game.owner_zone_ids(1, Zone.LIBRARY)[0] == top and game.power_toughness(bears) == (2, 4)
    game.pass_until("upkeep", turn=2)
    assert game.power_toughness(bears) == (2, 4)
    game.pass_until("upkeep", turn=3)
    assert game.power_toughness(bears) == (2, 2)


@pytest.mark.rule("701.6a", "115.1a")
def test_counter_a_spell() -> None:
    game = played_game()
    _main(game)
    lands(game, 1, "Forest", 2)
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    game.apply(1, Cast(bears))
    game.apply(1, Pass())
    negate = game.add("Test Negate", Zone.HAND, 2)
    lands(game, 2, "Island", 1)
    game.apply(2, Cast(negate))  # its one target, the Bears spell, is forced
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 1) == ["Grizzly Bears"] and "Grizzly Bears" not in names(
        game, Zone.BATTLEFIELD
    )
    assert len(game.in_zone(Zone.HAND, 2)) == 1 and not game.stack_items


@pytest.mark.rule("701.8a", "702.12b")
def test_destroy_all() -> None:
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    shield = game.add("Test Shieldbearer", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(game, "Test Wrath")
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and game.obj(shield).zone is Zone.BATTLEFIELD
    assert game.life[1] == 22


@pytest.mark.rule("702.29a")
def test_cycling() -> None:
    game = played_game()
    cycler = game.add("Test Cycler", Zone.HAND, 1)
    lands(game, 1, "Island", 1)
    game.start(hand=0)  # the upkeep: cycling is at instant speed
    assert Activate(cycler, 0) in game.legal_actions(1)
    game.apply(1, Activate(cycler, 0))
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 1) == ["Test Cycler"] and names(game, Zone.HAND, 1) == ["Island"]


@pytest.mark.rule("700.2a", "601.2b")
def test_charm() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    _cast(
        game,
        "Test Choice",
        ("modes for Test Choice", ["DBGain", "DBBolt"]),
        ("targets for Test Choice", [("o", bears)]),
    )
    assert (
        game.life[1] == 23
        and names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]
        and not game.in_zone(Zone.HAND, 1)
    )
    with pytest.raises(IllegalActionError, match="1 to 2"):
        _cast(game, "Test Choice", ("modes for Test Choice", []))


@pytest.mark.rule("701.19a", "704.5g")
def test_regenerate() -> None:
    game = played_game()
    troll = game.add("Test Troll", Zone.BATTLEFIELD, 2)
    lands(game, 2, "Island", 1)
    _main(game)
    game.apply(1, Pass())
    game.apply(2, Activate(troll, 0))
    game.resolve_stack()
    lands(game, 1, "Mountain", 1)
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    script(game, 1, ("targets for Lightning Bolt", [("o", troll)]))
    game.apply(1, Cast(bolt))
    game.resolve_stack()
    assert game.obj(troll).zone is Zone.BATTLEFIELD and game.obj(troll).tapped and troll not in game.damage
    game.regeneration[troll] = 1
    _cast(game, "Test Wrath")  # "They can't be regenerated" (NoRegen$)
    assert names(game, Zone.GRAVEYARD, 2) == ["Test Troll"]


@pytest.mark.rule("613.1b", "302.6")
def test_gain_control() -> None:
    game = played_game()
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2, tapped=True)
    _main(game)
    _cast(game, "Test Threaten")
    found = game.obj(theirs)
    assert (
        found.controller == 1
        and not found.tapped
        and game.has_keyword(theirs, "Haste")
        and game.may_attack(found)
    )
    game.pass_until("upkeep", turn=2)
    assert game.obj(theirs).controller == 2


@pytest.mark.rule("701.27a", "603.2")
def test_set_state_optional_asks() -> None:
    """Search for Azcanta: "Then if you have seven or more cards in your graveyard, you may
    transform Search for Azcanta." Its controller is asked; declining leaves it as it is."""
    for answer in (True, False):
        game = played_game([("cards to take", []), ("transform Search for Azcanta", answer)])
        search = game.add("Search for Azcanta", Zone.BATTLEFIELD, 1)
        for _ in range(7):
            game.add("Grizzly Bears", Zone.GRAVEYARD, 1)
        game.start(hand=0)
        game.resolve_stack()
        assert all_answered(game)
        expected = "Azcanta, the Sunken Ruin" if answer else "Search for Azcanta"
        assert game.name_of(search) == expected
