"""Targets restricted beyond ``ValidTgts$`` (601.2c), and the placement parameters
that go with them, played from the cards' own scripts."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import lands, names, played_game, script
from test_abilities_tallies import corpus_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate, Cast
from dfc_plugin.state import Side, Zone


def _ravager_game(answers: list[tuple[str, object]]) -> tuple[Game, int, int, int]:
    game = played_game(answers)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    hunt = game.add("Huntmaster of the Fells", Zone.BATTLEFIELD, 1)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    return game, hunt, mine, theirs


@pytest.mark.rule("601.2c", "115.1")
def test_ravager_second_target_is_that_players() -> None:
    """Ravager of the Fells: "it deals 2 damage to target opponent or planeswalker and 2
    damage to up to one target creature that player or that planeswalker's controller
    controls" (``TargetsWithDefinedController$ ParentTarget``): at turn 2's upkeep no
    spells were cast last turn, so Huntmaster transforms, and the trigger targets."""
    game, hunt, mine, theirs = _ravager_game([])
    script(game, 1, ("targets for Ravager", [("o", theirs)]))  # the opponent is the only first target
    game.pass_until("upkeep", turn=2)
    game.resolve_stack()
    assert game.name_of(hunt) == "Ravager of the Fells"
    assert game.life[2] == 18 and theirs not in game.objects and game.obj(mine).zone is Zone.BATTLEFIELD

    own, hunt, mine, theirs = _ravager_game([])
    script(own, 1, ("targets for Ravager", [("o", mine)]))
    own.pass_until("upkeep", turn=2)
    with pytest.raises(IllegalActionError):  # player 1's own creature is not offered
        own.resolve_stack()


def _awakening(answers: list[list[tuple[str, int]]]) -> tuple[Game, list[int]]:
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    cards = [game.add(n, Zone.GRAVEYARD, 1) for n in ("Grizzly Bears", "Grizzly Bears", "Test Viper")]
    lands(game, 1, "Swamp", 6)
    awakening = game.add("Agadeem's Awakening", Zone.HAND, 1)
    script(game, 1, *[("targets for Agadeem", [(k, cards[v]) for k, v in a]) for a in answers])
    game.cast_spell(1, awakening, face=0, x=3)
    game.resolve_stack()
    return game, cards


@pytest.mark.rule("601.2b", "601.2c")
def test_agadeems_awakening_different_mana_values() -> None:
    """Agadeem's Awakening: "Return from your graveyard to the battlefield any number of
    target creature cards that each have a different mana value X or less." Once a
    Grizzly Bears is chosen, the other (also mana value 2) is no longer offered."""
    game, _ = _awakening([[("o", 0)], [("o", 2)], []])
    assert names(game, Zone.BATTLEFIELD, 1).count("Grizzly Bears") == 1
    assert "Test Viper" in names(game, Zone.BATTLEFIELD, 1)
    assert names(game, Zone.GRAVEYARD, 1) == ["Agadeem's Awakening", "Grizzly Bears"]
    with pytest.raises(IllegalActionError):
        _awakening([[("o", 0)], [("o", 1)]])


@pytest.mark.rule("701.8a", "120.3")
def test_werewolf_ransacker_damages_if_destroyed() -> None:
    """Werewolf Ransacker (2020 corpus script): "you may destroy target artifact. If
    that artifact is put into a graveyard this way, Werewolf Ransacker deals 3 damage to
    that artifact's controller" (``RememberTargets$``, ``ForgetOtherTargets$``,
    ``Count$ThisTurnEntered_Graveyard_from_Battlefield_Artifact.IsRemembered``)."""
    path = FORGE_2020 / "a" / "afflicted_deserter_werewolf_ransacker.txt"
    game = corpus_game(path)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    deserter = game.add("Afflicted Deserter", Zone.BATTLEFIELD, 1)
    relic = game.add("Treasure Map", Zone.BATTLEFIELD, 2)
    game.remembered.setdefault(deserter, []).append(("o", 999))  # stale: forgotten first
    script(game, 1, ("use", True), ("targets for Werewolf Ransacker", [("o", relic)]))
    game.pass_until("upkeep", turn=2)
    game.resolve_stack()
    assert game.name_of(deserter) == "Werewolf Ransacker" and relic not in game.objects
    assert game.life[2] == 17 and names(game, Zone.GRAVEYARD, 2) == ["Treasure Map"]


@pytest.mark.rule("508.4", "702.167a")
def test_grim_captain_returns_a_crafted_creature_attacking() -> None:
    """The Grim Captain: "Whenever The Grim Captain attacks, each opponent sacrifices a
    nonland permanent. Then you may put an exiled creature card used to craft The Grim
    Captain onto the battlefield under your control tapped and attacking."
    (``ChangeZone ... Tapped$ True | Attacking$ True``)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    captain = game.add("Throne of the Grim Captain", Zone.BATTLEFIELD, 1, up=Side.BACK)
    bears = game.add("Grizzly Bears", Zone.EXILE, 1)
    game.exiled_with[bears] = game.obj(captain).cards[0].id
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    script(
        game,
        1,
        ("attackers", [captain]),
        ("cards to put into the battlefield", [bears]),
    )
    game.pass_until("declare_attackers", turn=1)
    game.resolve_stack()
    back = next(o for o in game.battlefield() if o.controller == 1 and game.name_of(o.id) == "Grizzly Bears")
    assert back.tapped and game.attackers.get(back.id) == game.attackers[captain]
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]


@pytest.mark.rule("701.20")
def test_dig_rest_random_order() -> None:
    """``RestRandomOrder$ True``: the rest go to the bottom in a random order (the
    game's seeded choice); without it (Azcanta, the Sunken Ruin's "in any order") they
    keep the order they were looked at in."""
    orders = set()
    for seed in range(6):
        game = played_game(
            library_cards=tuple(f"Test {n}" for n in ("Flyer", "Viper", "Golem", "Ghost", "Ghoul", "Troll"))
        )
        game.seed = seed
        game.start(hand=0)
        game.pass_until("main1", turn=1)
        top = list(reversed(game.owner_zone_ids(1, Zone.LIBRARY)))
        lands(game, 1, "Island", 1)
        script(game, 1, ("cards to take", []))
        game.apply(1, Cast(game.add("Test Shuffled Bottom", Zone.HAND, 1)))
        game.resolve_stack()
        bottom = game.owner_zone_ids(1, Zone.LIBRARY)[:6]
        assert set(bottom) == set(top)
        orders.add(tuple(bottom))
    assert len(orders) > 1

    game = played_game([("cards to take", [])])
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    azcanta = game.add("Search for Azcanta", Zone.BATTLEFIELD, 1, up=Side.BACK)
    lands(game, 1, "Island", 3)
    top = list(reversed(game.owner_zone_ids(1, Zone.LIBRARY)))[:4]
    game.apply(1, Activate(azcanta, 1))
    game.resolve_stack()
    assert game.owner_zone_ids(1, Zone.LIBRARY)[:4] == list(reversed(top))  # each put beneath the last


@pytest.mark.rule("115.1", "603.2")
def test_brine_comber_makes_a_spirit_when_an_aura_targets_it() -> None:
    """Brine Comber: "Whenever Brine Comber enters or becomes the target of an Aura
    spell, create a 1/1 white Spirit creature token with flying." An Aura spell
    targeting it triggers it; a non-Aura spell (Giant Growth) doesn't."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    comber = game.add("Brine Comber", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Forest", 2)
    script(game, 1, ("targets for Giant Growth", [("o", comber)]))
    game.apply(1, Cast(game.add("Giant Growth", Zone.HAND, 1)))
    game.resolve_stack()
    assert "Spirit Token" not in names(game, Zone.BATTLEFIELD, 1)
    script(game, 1, ("targets for Test Wings", [("o", comber)]))
    game.apply(1, Cast(game.add("Test Wings", Zone.HAND, 1)))
    game.resolve_stack()
    spirits = [o for o in game.battlefield() if game.name_of(o.id) == "Spirit Token"]
    assert len(spirits) == 1 and game.has_keyword(spirits[0].id, "Flying")
    assert game.has_keyword(comber, "Flying")  # the Aura resolved onto it
