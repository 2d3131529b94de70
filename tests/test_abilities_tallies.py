"""The value words that read this turn's events, a card's counters, a library and the
players' life totals, played from the cards' own scripts (bundled ones, and corpus
scripts as test input)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from helpers import FORGE_2020, FORGE_CURRENT, ROOT, need_shared
from play_support import arlinn_flash_game, lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Activate, Cast, Pass
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import Side, Zone


@cache
def _library(*paths: Path) -> Library:
    return Library.load([bundled_cardscripts(), ROOT / "tests" / "scripts", *paths], use_cache=False)


def corpus_game(*paths: Path, p1: list[tuple[str, object]] | None = None) -> Game:
    """A played game whose library also holds these corpus scripts (test input)."""
    game = Game(
        players=2,
        library=_library(*map(need_shared, paths)),
        agents={1: ScriptedAgent(p1 or []), 2: ScriptedAgent([])},
        check_invariants=True,
    )
    for player in game.players:
        for _ in range(8):
            game.add("Island", Zone.LIBRARY, player)
    return game


@pytest.mark.rule("122.1", "701.27a")
def test_treasure_map_counts_its_landmark_counters() -> None:
    """Treasure Map: "Put a landmark counter on Treasure Map. Then if there are three or
    more landmark counters on it, remove those counters, transform Treasure Map, and
    create three Treasure tokens." (``Count$CardCounters.LANDMARK``)."""
    game = played_game([("cards to put on the bottom", [])] * 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    chart = game.add("Treasure Map", Zone.BATTLEFIELD, 1)
    game.add_counters(chart, "LANDMARK", 1)
    lands(game, 1, "Island", 2)
    game.apply(1, Activate(chart, 0))
    game.resolve_stack()
    assert game.obj(chart).counter("LANDMARK") == 2 and game.name_of(chart) == "Treasure Map"
    game.set_tapped(chart, False)
    game.apply(1, Activate(chart, 0))
    game.resolve_stack()
    assert game.name_of(chart) == "Treasure Cove" and game.obj(chart).counter("LANDMARK") == 0
    assert names(game, Zone.BATTLEFIELD, 1).count("Treasure Token") == 3


@pytest.mark.rule("508.1", "701.27a")
def test_homicidal_brute_transforms_only_if_it_did_not_attack() -> None:
    """Homicidal Brute: "At the beginning of your end step, if Homicidal Brute didn't
    attack this turn, tap Homicidal Brute, then transform it."
    (``Count$AttackedThisTurn Card.Self``)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    brute = game.add("Civilized Scholar", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.pass_until("end", turn=1)
    game.resolve_stack()
    assert game.name_of(brute) == "Civilized Scholar" and game.obj(brute).tapped

    attacked = played_game()
    attacked.start(hand=0)
    attacked.pass_until("main1", turn=1)
    brute = attacked.add("Civilized Scholar", Zone.BATTLEFIELD, 1, up=Side.BACK)
    attacked.attacked_this_turn.add(brute)
    attacked.pass_until("end", turn=1)
    assert attacked.name_of(brute) == "Homicidal Brute" and not attacked.stack_items


@pytest.mark.rule("601.2a")
def test_vances_blasting_cannons_counts_spells_you_cast_this_turn() -> None:
    """Vance's Blasting Cannons (2020 corpus script): "Whenever you cast your third
    spell in a turn, you may transform Vance's Blasting Cannons."
    (``Count$ThisTurnCast_Card.YouCtrl``: spells already resolved still count)."""
    path = FORGE_2020 / "v" / "vances_blasting_cannons_spitfire_bastion.txt"
    game = corpus_game(path, p1=[("use", True)])
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    cannons = game.add("Vance's Blasting Cannons", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Forest", 3)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    for count in range(3):
        growth = game.add("Giant Growth", Zone.HAND, 1)
        script(game, 1, ("targets for Giant Growth", [("o", bears)]))
        game.apply(1, Cast(growth))
        game.resolve_stack()
        assert game.name_of(cannons) == ("Spitfire Bastion" if count == 2 else "Vance's Blasting Cannons")


@pytest.mark.rule("119.1")
def test_highest_life_total_among_players() -> None:
    """Cryptolith Fragment (2020 corpus script): "At the beginning of your upkeep, if
    each player has 10 or less life, transform Cryptolith Fragment."
    (``PlayerCountPlayers$HighestLifeTotal``)."""
    path = FORGE_2020 / "c" / "cryptolith_fragment_aurora_of_emrakul.txt"
    game = corpus_game(path)
    game.start(hand=0)
    fragment = game.add("Cryptolith Fragment", Zone.BATTLEFIELD, 1)
    game.life[1], game.life[2] = 10, 11
    game.pass_until("upkeep", turn=2)
    game.pass_until("upkeep", turn=3)
    game.resolve_stack()
    assert game.name_of(fragment) == "Cryptolith Fragment"
    game.life[2] = 10
    game.pass_until("upkeep", turn=5)
    game.resolve_stack()
    assert game.name_of(fragment) == "Aurora of Emrakul"


@pytest.mark.rule("120.3", "400.7")
def test_covert_cutpurse_destroys_only_a_creature_dealt_damage_this_turn() -> None:
    """Covert Cutpurse: "When this creature enters, destroy target creature you don't
    control that was dealt damage this turn." (``wasDealtDamageThisTurn``)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    hurt = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    fresh = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.deal_damage(fresh, ("o", hurt), 1)
    purse = game.add("Covert Cutpurse", Zone.HAND, 1)
    lands(game, 1, "Swamp", 3)
    script(game, 1, ("targets for Covert Cutpurse", [("o", hurt)]))
    game.apply(1, Cast(purse))
    game.resolve_stack()
    assert "Covert Cutpurse" in names(game, Zone.BATTLEFIELD, 1) and hurt not in game.objects
    assert game.obj(fresh).zone is Zone.BATTLEFIELD and names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]

    unhurt = played_game()  # nobody was dealt damage: no legal target, the trigger is removed
    unhurt.start(hand=0)
    unhurt.pass_until("main1", turn=1)
    bears = unhurt.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    lands(unhurt, 1, "Swamp", 3)
    unhurt.apply(1, Cast(unhurt.add("Covert Cutpurse", Zone.HAND, 1)))
    unhurt.resolve_stack()
    assert unhurt.obj(bears).zone is Zone.BATTLEFIELD


@pytest.mark.rule("606.3", "701.17")
def test_nicol_bolas_exiles_all_but_the_bottom_card() -> None:
    """Nicol Bolas, the Arisen (2020 corpus script): "−12: Exile all but the bottom card
    of target player's library." (``Count$InTargetedLibrary.Card/Minus.1``)."""
    path = FORGE_2020 / "n" / "nicol_bolas_the_ravager.txt"
    game = corpus_game(path, p1=[("targets for Nicol Bolas, the Arisen", [("p", 2)])])
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    bolas = game.add("Nicol Bolas, the Ravager", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(bolas, "LOYALTY", 12)
    bottom = game.owner_zone_ids(2, Zone.LIBRARY)[0]
    game.apply(1, Activate(bolas, 3))
    game.resolve_stack()
    assert game.owner_zone_ids(2, Zone.LIBRARY) == [bottom] and len(game.in_zone(Zone.EXILE, 2)) == 7


@pytest.mark.rule("120.3", "118.12")
def test_elesh_norn_taxes_the_damaging_sources_controller() -> None:
    """Elesh Norn: "Whenever a source an opponent controls deals damage to you or a
    permanent you control, that source's controller loses 2 life unless they pay {1}."
    (``Defined$ TriggeredSourceController``)."""
    game = played_game(p2=[("pay 1 (Elesh Norn)", False)])
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.add("Elesh Norn", Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.deal_damage(theirs, ("p", 1), 2)
    game.resolve_stack()
    assert game.life == {1: 18, 2: 18}  # player 2 doesn't pay {1}: the source's controller loses 2
    game.deal_damage(mine, ("p", 2), 1)  # a source of Elesh Norn's controller: no trigger
    game.resolve_stack()
    assert game.life == {1: 18, 2: 17}


@pytest.mark.rule("111.1", "603.10a")
def test_liliana_returns_transformed_with_a_zombie() -> None:
    """Liliana, Heretical Healer: "Whenever another nontoken creature you control dies,
    exile Liliana, then return her to the battlefield transformed under her owner's
    control. If you do, create a 2/2 black Zombie creature token." (the token script
    ``b_2_2_zombie``)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.add("Liliana, Heretical Healer", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.destroy(bears)
    game.resolve_stack()
    assert names(game, Zone.BATTLEFIELD, 1) == ["Liliana, Defiant Necromancer", "Zombie Token"]
    zombie = next(o for o in game.battlefield() if game.name_of(o.id) == "Zombie Token")
    assert game.power_toughness(zombie.id) == (2, 2)


@pytest.mark.rule("107.3", "119.3")
def test_feed_the_clan_compares_for_its_amount() -> None:
    """Feed the Clan (2020 corpus script): "You gain 5 life. Ferocious — You gain 10
    life instead if you control a creature with power 4 or greater."
    (``Count$Compare Y GE1.10.5``)."""
    path = FORGE_2020 / "f" / "feed_the_clan.txt"
    gains = []
    for big in (False, True):
        game = corpus_game(path)
        game.start(hand=0)
        game.pass_until("main1", turn=1)
        game.add("Test Rhino" if big else "Grizzly Bears", Zone.BATTLEFIELD, 1)
        lands(game, 1, "Forest", 2)
        game.apply(1, Cast(game.add("Feed the Clan", Zone.HAND, 1)))
        game.resolve_stack()
        gains.append(game.life[1] - 20)
    assert gains == [5, 10]


@pytest.mark.rule("613.4c", "604.2")
def test_branch_of_boseiju_counts_lands() -> None:
    """Branch of Boseiju (current corpus script): "Branch of Boseiju gets +1/+1 for each
    land you control." (``Continuous | AffectedDefined$ Self``): only itself."""
    path = FORGE_CURRENT / "cardsfolder" / "b" / "boseiju_reaches_skyward_branch_of_boseiju.txt"
    game = corpus_game(path)
    game.start(hand=0)
    branch = game.add("Boseiju Reaches Skyward", Zone.BATTLEFIELD, 1, up=Side.BACK)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Forest", 3)
    lands(game, 2, "Forest", 2)
    assert game.power_toughness(branch) == (3, 3) and game.power_toughness(bears) == (2, 2)


@pytest.mark.rule("122.1", "202.3")
def test_kianne_fractal_counts_different_mana_values_studied() -> None:
    """Kianne, Dean of Substance: "Create a 0/0 green and blue Fractal creature token.
    Put a +1/+1 counter on it for each different mana value among nonland cards you own
    in exile with study counters on them." (``Count$DifferentCMCExile``)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    kianne = game.add("Kianne, Dean of Substance", Zone.BATTLEFIELD, 1)
    for name in ("Grizzly Bears", "Grizzly Bears", "Test Rhino", "Forest"):
        studied = game.add(name, Zone.EXILE, 1)
        game.add_counters(studied, "STUDY", 1)
    game.add("Lightning Bolt", Zone.EXILE, 1)  # no study counter
    game.add_counters(game.add("Giant Growth", Zone.EXILE, 2), "STUDY", 1)  # not yours
    lands(game, 1, "Forest", 5)
    game.apply(1, Activate(kianne, 1))
    game.resolve_stack()
    fractal = next(o for o in game.battlefield() if game.name_of(o.id) == "Fractal Token")
    assert fractal.counter("P1P1") == 2 and game.power_toughness(fractal.id) == (2, 2)


@pytest.mark.rule("205.1b", "613.1d", "306.5d")
def test_arlinn_becomes_a_werewolf_not_a_planeswalker() -> None:
    """Arlinn, the Moon's Fury (current corpus script): "0: Until end of turn, Arlinn
    becomes a 5/5 Werewolf creature with trample, indestructible, and haste."
    (``RemoveCardTypes$``, ``RemoveCreatureTypes$``): she is no longer a planeswalker,
    so damage is marked on her, not taken from her loyalty; the next turn she is a
    planeswalker again."""
    path = FORGE_CURRENT / "cardsfolder" / "a" / "arlinn_the_packs_hope_arlinn_the_moons_fury.txt"
    game = corpus_game(path)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    arlinn = game.add("Arlinn, the Pack's Hope", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(arlinn, "LOYALTY", 4)
    game.apply(1, Activate(arlinn, 1))
    game.resolve_stack()
    assert game.has_type(arlinn, "Creature") and game.has_type(arlinn, "Werewolf")
    assert not game.has_type(arlinn, "Planeswalker") and game.has_type(arlinn, "Legendary")
    assert game.power_toughness(arlinn) == (5, 5) and game.has_keyword(arlinn, "Trample")
    game.deal_damage(game.add("Grizzly Bears", Zone.BATTLEFIELD, 2), ("o", arlinn), 3)
    assert game.obj(arlinn).counter("LOYALTY") == 4 and game.damage[arlinn] == 3
    game.pass_until("upkeep", turn=2)
    assert game.has_type(arlinn, "Planeswalker") and not game.has_type(arlinn, "Creature")


@pytest.mark.rule("702.8a", "614.1c", "611.2b")
def test_arlinn_pack_hope_flash_and_counters() -> None:
    """Arlinn, the Pack's Hope: "+1: Until your next turn, you may cast creature spells
    as though they had flash, and each creature you control enters with an additional
    +1/+1 counter on it." (an Effect's ``CastWithFlash | ValidSA$ Spell | EffectZone$
    Command`` and a Moved replacement running ``PutCounter | ETB$ True``)."""
    game = arlinn_flash_game()
    game.pass_until("upkeep", turn=2)
    lands(game, 1, "Forest", 2)
    game.apply(2, Pass())
    game.apply(1, Cast(game.add("Grizzly Bears", Zone.HAND, 1)))  # on player 2's turn: flash
    game.resolve_stack()
    bears = next(o for o in game.battlefield() if game.name_of(o.id) == "Grizzly Bears")
    assert bears.counter("P1P1") == 1 and game.power_toughness(bears.id) == (3, 3)
    game.pass_until("upkeep", turn=3)  # "until your next turn": over
    late = game.add("Grizzly Bears", Zone.HAND, 1)
    game.pass_until("upkeep", turn=4)
    game.apply(2, Pass())
    with pytest.raises(IllegalActionError, match="main phase"):
        game.apply(1, Cast(late))


@pytest.mark.rule("114.1", "603.7a", "603.10a")
def test_liliana_emblem_returns_a_dead_creature_at_the_end_step() -> None:
    """Liliana, Defiant Necromancer: "−8: You get an emblem with 'Whenever a creature
    dies, return it to the battlefield under your control at the beginning of the next
    end step.'" (a delayed trigger reading ``DelayTriggerRememberedLKI``): the
    opponent's Grizzly Bears comes back under your control."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    liliana = game.add("Liliana, Heretical Healer", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(liliana, "LOYALTY", 8)
    game.apply(1, Activate(liliana, 2))
    game.resolve_stack()
    assert [game.name_of(o.id) for o in game.in_zone(Zone.COMMAND)] == [
        "Emblem — Liliana, Defiant Necromancer"
    ]
    game.destroy(game.add("Grizzly Bears", Zone.BATTLEFIELD, 2))
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]
    game.pass_until("end", turn=1)
    game.resolve_stack()
    assert not game.in_zone(Zone.GRAVEYARD, 2)
    assert [game.name_of(o.id) for o in game.battlefield() if o.controller == 1 and o.owner == 2] == [
        "Grizzly Bears"
    ]


@pytest.mark.rule("119.3", "702.15b")
def test_lisette_grows_your_creatures_when_you_gain_life() -> None:
    """Lisette, Dean of the Root: "Whenever you gain life, you may pay {1}. If you do,
    put a +1/+1 counter on each creature you control and those creatures gain trample
    until end of turn." An opponent's gain doesn't trigger it."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    lisette = game.add("Valentin, Dean of the Vein", Zone.BATTLEFIELD, 1, up=Side.BACK)
    lands(game, 1, "Forest", 2)
    game.change_life(2, 3)
    game.resolve_stack()
    assert game.obj(lisette).counter("P1P1") == 0
    script(game, 1, ("pay 1", True))
    game.change_life(1, 2)
    game.resolve_stack()
    assert game.obj(lisette).counter("P1P1") == 1 and game.has_keyword(lisette, "Trample")
