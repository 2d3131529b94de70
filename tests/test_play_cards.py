"""The cards play by their own scripts: no direct transform or meld call anywhere here.
Every test starts a game, sets the board, and lets the game loop run the scripts:
turns and steps, priority, the stack, triggers, costs, replacement effects."""

from __future__ import annotations

import pytest
from play_support import all_answered, lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate, Cast, Craft, PlayLand
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import Side, Zone


@pytest.mark.rule("603.2", "603.3", "701.27a", "701.20a")
def test_delver_transforms_only_on_instant_or_sorcery() -> None:
    """Delver of Secrets: "At the beginning of your upkeep, look at the top card of
    your library. You may reveal that card. If an instant or sorcery card is revealed
    this way, transform Delver of Secrets." """
    game = played_game([("reveal", True)], library_cards=("Giant Growth",))
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    game.start(hand=0)  # turn 1, upkeep: the trigger is put on the stack (603.3)
    assert game.step == "upkeep" and len(game.stack_items) == 1
    game.resolve_stack()
    assert game.name_of(delver) == "Insectile Aberration" and all_answered(game)

    land_top = played_game([("reveal", True)], library_cards=("Island",))
    delver = land_top.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    land_top.start(hand=0)
    land_top.resolve_stack()
    assert land_top.name_of(delver) == "Delver of Secrets" and all_answered(land_top)

    declined = played_game([("reveal", False)], library_cards=("Giant Growth",))
    delver = declined.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    declined.start(hand=0)
    declined.resolve_stack()
    assert declined.name_of(delver) == "Delver of Secrets"

    opponents_upkeep = played_game(library_cards=("Giant Growth",) * 3)
    theirs = opponents_upkeep.add("Delver of Secrets", Zone.BATTLEFIELD, 2)
    opponents_upkeep.start(hand=0)  # player 1's upkeep: "your upkeep" is player 2's only
    assert not opponents_upkeep.stack_items and opponents_upkeep.name_of(theirs) == "Delver of Secrets"


@pytest.mark.rule("603.4", "701.27a")
def test_werewolf_transforms_after_a_turn_without_spells() -> None:
    """Kruin Outlaw (2020 script, WerewolfTransformCondition): "At the beginning of each
    upkeep, if no spells were cast last turn, transform Kruin Outlaw." and back "if a
    player cast two or more spells last turn"."""
    game = played_game(library_cards=("Island",) * 6)
    game.start(hand=0)
    outlaw = game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    game.pass_until("upkeep", turn=2)
    game.resolve_stack()
    assert game.name_of(outlaw) == "Terror of Kruin Pass"
    # Turn 2 (player 2's): player 2 casts one spell. Not enough to turn it back.
    growths = [game.add("Giant Growth", Zone.HAND, 2) for _ in range(2)]
    lands(game, 2, "Forest", 2)
    game.pass_until("main1", turn=2)
    game.apply(2, Cast(growths[0]))
    game.resolve_stack()
    game.pass_until("upkeep", turn=3)
    game.resolve_stack()
    assert game.name_of(outlaw) == "Terror of Kruin Pass"
    # Turn 3 (player 1's): two spells, so at turn 4's upkeep it transforms back.
    mine = [game.add("Giant Growth", Zone.HAND, 1) for _ in range(2)]
    lands(game, 1, "Forest", 2)
    game.pass_until("main1", turn=3)
    for growth in mine:
        game.apply(1, Cast(growth))
        game.resolve_stack()
    game.pass_until("upkeep", turn=4)
    game.resolve_stack()
    assert game.name_of(outlaw) == "Kruin Outlaw"
    assert game.spells_last_turn == {1: 2}


def _gisela_and_bruna(bruna_owner: int, bruna_controller: int) -> tuple[Game, int, int]:
    game = played_game()
    gisela = game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    bruna = game.add("Bruna, the Fading Light", Zone.GRAVEYARD, bruna_owner)
    game.start(hand=0)
    bruna = game.put_onto_battlefield(bruna, controller=bruna_controller).object
    return game, gisela, bruna


@pytest.mark.rule("603.4", "701.42a", "712.4a")
def test_gisela_and_bruna_meld_only_when_owned_and_controlled() -> None:
    """Gisela: "At the beginning of your end step, if you both own and control Gisela,
    the Broken Blade and a creature named Bruna, the Fading Light, exile them, then meld
    them into Brisela, Voice of Nightmares." """
    game, gisela, _ = _gisela_and_bruna(1, 1)
    game.pass_until("end", turn=1)
    assert len(game.stack_items) == 1
    game.resolve_stack()
    (brisela,) = [o for o in game.battlefield() if o.state.melded]
    assert game.name_of(brisela.id) == "Brisela, Voice of Nightmares" and len(brisela.cards) == 2
    assert game.power_toughness(brisela.id) == (9, 10)

    # Bruna owned by player 2 but controlled by player 1: the "if" is false.
    borrowed, gisela, _ = _gisela_and_bruna(2, 1)
    borrowed.pass_until("end", turn=1)
    assert not borrowed.stack_items and borrowed.name_of(gisela) == "Gisela, the Broken Blade"

    # Both cards owned by player 1, Bruna controlled by player 2.
    lent, _, _ = _gisela_and_bruna(1, 2)
    lent.pass_until("end", turn=1)
    assert not lent.stack_items and not any(o.state.melded for o in lent.battlefield())


@pytest.mark.rule("601.2", "101.2")
def test_brisela_stops_small_spells() -> None:
    """Brisela: "Your opponents can't cast spells with mana value 3 or less." """
    game, _, _ = _gisela_and_bruna(1, 1)
    game.pass_until("end", turn=1)
    game.resolve_stack()
    growth = game.add("Giant Growth", Zone.HAND, 2)
    awake = game.add("Startled Awake", Zone.HAND, 2)
    mine = game.add("Giant Growth", Zone.HAND, 1)
    lands(game, 2, "Island", 4)
    lands(game, 1, "Forest", 1)
    game.pass_until("main1", turn=2)
    assert Cast(growth) not in game.legal_actions(2)
    with pytest.raises(IllegalActionError, match="Brisela"):
        game.apply(2, Cast(growth))
    assert Cast(awake) in game.legal_actions(2)  # mana value 4
    script(game, 2, ("targets for Startled Awake", [("p", 1)]))
    game.apply(2, Cast(awake))
    game.resolve_stack()
    assert game.obj(mine).zone is Zone.HAND  # its controller's own spells are not stopped


@pytest.mark.rule("602.2", "601.2h", "701.42a")
def test_hanweir_battlements_melds_with_its_cost_paid() -> None:
    """Hanweir Battlements: "{3}{R}{R}, {T}: If you both own and control Hanweir
    Battlements and a creature named Hanweir Garrison, exile them, then meld them into
    Hanweir, the Writhing Township." """
    game = played_game()
    battlements = game.add("Hanweir Battlements", Zone.BATTLEFIELD, 1)
    game.add("Hanweir Garrison", Zone.BATTLEFIELD, 1)
    mountains = lands(game, 1, "Mountain", 4)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert Activate(battlements, 2) not in game.legal_actions(1)  # four Mountains: not enough
    with pytest.raises(IllegalActionError, match="601.2h"):
        game.apply(1, Activate(battlements, 2))
    mountains.append(game.add("Mountain", Zone.BATTLEFIELD, 1))
    assert Activate(battlements, 2) in game.legal_actions(1)
    game.apply(1, Activate(battlements, 2))
    assert all(game.obj(m).tapped for m in mountains) and game.obj(battlements).tapped
    game.resolve_stack()
    (township,) = [o for o in game.battlefield() if o.state.melded]
    assert game.name_of(township.id) == "Hanweir, the Writhing Township"


@pytest.mark.rule("508.1m", "508.4", "111.1")
def test_hanweir_garrison_attack_makes_tokens() -> None:
    """Hanweir Garrison: "Whenever Hanweir Garrison attacks, create two 1/1 red Human
    creature tokens that are tapped and attacking." """
    game = played_game()
    garrison = game.add("Hanweir Garrison", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("attackers", [garrison]))
    game.pass_until("declare_attackers", turn=1)
    game.resolve_stack()
    humans = [o for o in game.battlefield() if game.name_of(o.id) == "Human Token"]
    assert len(humans) == 2 and all(o.tapped and o.id in game.attackers for o in humans)
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 20 - 2 - 1 - 1


@pytest.mark.rule("603.2", "603.4", "712.14a")
def test_nissa_returns_transformed_on_the_seventh_land() -> None:
    """Nissa, Vastwood Seer: "Whenever a land you control enters, if you control seven
    or more lands, exile Nissa, then return her to the battlefield transformed under her
    owner's control." """
    game = played_game()
    nissa = game.add("Nissa, Vastwood Seer", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Forest", 5)
    sixth, seventh = game.add("Forest", Zone.HAND, 1), game.add("Forest", Zone.HAND, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, PlayLand(sixth))
    assert not game.stack_items  # six lands: the "if" is false
    game.pass_until("main1", turn=3)
    game.apply(1, PlayLand(seventh))
    assert len(game.stack_items) == 1
    game.resolve_stack()
    (sage,) = [o for o in game.battlefield() if game.name_of(o.id) == "Nissa, Sage Animist"]
    assert sage.id != nissa and sage.state.up is Side.BACK and sage.counter("LOYALTY") == 3
    assert game.remembered.get(sage.cards[0].id) == []  # SeerTidy cleared what she remembered


@pytest.mark.rule("602.5d", "712.14a")
def test_startled_awake_returns_from_graveyard_transformed() -> None:
    """Startled Awake: "Target opponent mills thirteen cards. {3}{U}{U}: Put Startled
    Awake from your graveyard onto the battlefield transformed. Activate only as a
    sorcery." """
    game = played_game([("targets for Startled Awake", [("p", 2)])], library_cards=("Island",) * 15)
    awake = game.add("Startled Awake", Zone.HAND, 1)
    lands(game, 1, "Island", 5)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(awake))
    game.resolve_stack()
    assert len(game.in_zone(Zone.GRAVEYARD, 2)) == 13
    (card,) = game.in_zone(Zone.GRAVEYARD, 1)
    game.pass_until("upkeep", turn=3)
    assert Activate(card.id, 0) not in game.legal_actions(1)  # only as a sorcery
    with pytest.raises(IllegalActionError, match="sorcery"):
        game.apply(1, Activate(card.id, 0))
    game.pass_until("main1", turn=3)
    game.apply(1, Activate(card.id, 0))
    game.resolve_stack()
    assert names(game, Zone.BATTLEFIELD, 1).count("Persistent Nightmare") == 1


@pytest.mark.rule("702.146a", "712.11a", "614.1a")
def test_disturb_cast_from_graveyard_and_exiled_instead() -> None:
    """Beloved Beggar: "Disturb {4}{W}{W}"; Generous Soul: "If Generous Soul would be
    put into a graveyard from anywhere, exile it instead." """
    game = played_game()
    beggar = game.add("Beloved Beggar", Zone.GRAVEYARD, 1)
    plains = lands(game, 1, "Plains", 6)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert Cast(beggar, 0, "disturb") in game.legal_actions(1)
    game.apply(1, Cast(beggar, 0, "disturb"))
    assert all(game.obj(p).tapped for p in plains)
    game.resolve_stack()
    (soul,) = [o for o in game.battlefield() if game.name_of(o.id) == "Generous Soul"]
    game.destroy(soul.id)
    assert names(game, Zone.EXILE) == ["Beloved Beggar"] and not game.in_zone(Zone.GRAVEYARD, 1)


@pytest.mark.rule("702.167a", "702.167c")
def test_craft_exiles_exactly_the_named_materials() -> None:
    """Tithing Blade: "Craft with creature {4}{B}": exile a creature you control or a
    creature card from your graveyard, and only that."""
    game = played_game()
    blade = game.add("Tithing Blade", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    dead = game.add("Elite Vanguard", Zone.GRAVEYARD, 1)
    game.add("Island", Zone.GRAVEYARD, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)  # not yours: not a material
    lands(game, 1, "Swamp", 5)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    asked = game.agents[1]
    script(game, 1, ("materials (Creature.Other)", [dead]))
    game.apply(1, Craft(blade))
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Elite Vanguard"]
    assert game.obj(bears).zone is Zone.BATTLEFIELD and all_answered(game)
    assert names(game, Zone.BATTLEFIELD, 1).count("Consuming Sepulcher") == 1
    assert "materials (Creature.Other)" in asked.asked
    with pytest.raises(IllegalActionError, match="craft"):
        game.apply(1, Craft(bears))


@pytest.mark.rule("712.12", "614.1c")
def test_modal_land_face_enters_tapped() -> None:
    """Sejiri Glacier (the back of Sejiri Shelter): "Sejiri Glacier enters tapped." """
    game = played_game()
    shelter = game.add("Sejiri Shelter", Zone.HAND, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert PlayLand(shelter, 1) in game.legal_actions(1)
    game.apply(1, PlayLand(shelter, 1))
    (glacier,) = game.in_zone(Zone.BATTLEFIELD, 1)
    assert game.name_of(glacier.id) == "Sejiri Glacier" and glacier.tapped


@pytest.mark.rule("731.1", "614.1c", "603.2")
def test_brimstone_vandal_makes_it_day() -> None:
    """Brimstone Vandal: "If it's neither day nor night, it becomes day as this creature
    enters. Whenever day becomes night or night becomes day, this creature deals 1
    damage to each opponent." """
    game = played_game()
    vandal = game.add("Brimstone Vandal", Zone.HAND, 1)
    lands(game, 1, "Mountain", 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert game.designation() is DayNight.NEITHER
    game.apply(1, Cast(vandal))
    game.resolve_stack()
    assert game.designation() is DayNight.DAY and game.life[2] == 20  # neither -> day doesn't trigger
    game.pass_until("upkeep", turn=2)  # no spells in turn 1... one spell: still day
    game.pass_until("upkeep", turn=3)  # player 2 cast nothing: it becomes night (731.2)
    assert game.designation() is DayNight.NIGHT
    game.resolve_stack()
    assert game.life[2] == 19


@pytest.mark.rule("310.11b", "310.6", "310.7")
def test_siege_is_cast_transformed_when_defeated() -> None:
    """Invasion of Kylem: "When it's defeated, exile it, then cast it transformed"; it
    is never cast transformed otherwise."""
    game = played_game()
    invasion_in_hand = game.add("Invasion of Kylem", Zone.HAND, 1)
    invasion = game.add("Invasion of Kylem", Zone.BATTLEFIELD, 1)
    bolts = [game.add("Lightning Bolt", Zone.HAND, 2) for _ in range(2)]
    lands(game, 2, "Mountain", 2)
    lands(game, 1, "Mountain", 2)
    lands(game, 1, "Plains", 2)
    game.add_counters(invasion, "DEFENSE", 5)  # set-up: as it entered (310.4b)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert [a for a in game.legal_actions(1) if isinstance(a, Cast) and a.object_id == invasion_in_hand] == [
        Cast(invasion_in_hand)
    ]
    with pytest.raises(IllegalActionError, match="310.11b"):
        game.cast_spell(1, invasion_in_hand, via="siege")
    game.pass_until("main1", turn=2)
    script(game, 1, ("cast the defeated siege", True))
    for bolt in bolts:
        script(game, 2, ("targets for Lightning Bolt", [("o", invasion)]))
        game.apply(2, Cast(bolt))
        game.resolve_stack()
    assert names(game, Zone.BATTLEFIELD, 1).count("Warrior Token") == 2
    assert names(game, Zone.GRAVEYARD, 1) == ["Invasion of Kylem"] and all_answered(game)


@pytest.mark.rule("714.2b", "714.3a", "714.3b", "714.4", "712.14a")
def test_saga_chapters_then_transforms() -> None:
    """Fable of the Mirror-Breaker: I — a Goblin Shaman token; II — discard up to two,
    draw that many; III — exile this Saga, then return it transformed (Reflection of
    Kiki-Jiki)."""
    game = played_game(library_cards=("Island",) * 10)
    fable = game.add("Fable of the Mirror-Breaker", Zone.HAND, 1)
    lands(game, 1, "Mountain", 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(fable))
    game.resolve_stack()  # it enters with a lore counter: chapter I
    assert names(game, Zone.BATTLEFIELD, 1).count("Goblin Shaman Token") == 1
    saga = game.find("Fable of the Mirror-Breaker", Zone.BATTLEFIELD)
    assert saga.counter("LORE") == 1
    script(game, 1, ("cards to discard", []))
    game.pass_until("main1", turn=3)  # a lore counter in the precombat main phase: chapter II
    game.resolve_stack()
    assert game.obj(saga.id).counter("LORE") == 2
    game.pass_until("main1", turn=5)
    game.resolve_stack()
    assert "Reflection of Kiki-Jiki" in names(game, Zone.BATTLEFIELD, 1)
