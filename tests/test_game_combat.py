"""Combat as the cards need it (506-511): declarations through the agents, evasion
keywords from the keyword registry, first strike, trample, lifelink, deathtouch."""

from __future__ import annotations

import pytest
from play_support import names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.state import Zone


def _combat(attackers: list[str], blockers: list[str]) -> tuple[Game, list[int], list[int]]:
    game = played_game()
    mine = [game.add(n, Zone.BATTLEFIELD, 1) for n in attackers]
    theirs = [game.add(n, Zone.BATTLEFIELD, 2) for n in blockers]
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game, mine, theirs


def _fight(game: Game, attackers: list[int], blocks: dict[int, list[int]]) -> None:
    script(game, 1, ("attackers", attackers))
    for attacker in attackers:
        if attacker in blocks:
            script(game, 2, ("blockers for", blocks[attacker]))
    game.pass_until("end_combat", turn=1)


def _offered(game: Game, attacker: int) -> list[int]:
    from dfc_plugin.host.abilities.keywords import can_block

    return [b.id for b in game.battlefield() if b.controller == 2 and can_block(game, attacker, [b.id])]


@pytest.mark.rule("702.9b", "702.17b")
def test_flying_and_reach() -> None:
    game, (flyer,), (bears, archer) = _combat(["Test Flyer"], ["Grizzly Bears", "Test Archer"])
    assert _offered(game, flyer) == [archer]
    _fight(game, [flyer], {flyer: [archer]})
    assert game.life[2] == 20 and game.obj(flyer).zone is Zone.BATTLEFIELD and bears


@pytest.mark.rule("702.111b")
def test_menace_needs_two_blockers() -> None:
    game, (brute,), (a, _) = _combat(["Test Brute"], ["Grizzly Bears", "Grizzly Bears"])
    _fight(game, [brute], {brute: [a]})
    assert game.life[2] == 17  # one blocker is not allowed: unblocked
    game2, (brute2,), (c, d) = _combat(["Test Brute"], ["Grizzly Bears", "Grizzly Bears"])
    _fight(game2, [brute2], {brute2: [c, d]})
    assert game2.life[2] == 20 and names(game2, Zone.GRAVEYARD, 1) == ["Test Brute"]


@pytest.mark.rule("702.118b")
def test_skulk() -> None:
    game, (sneak,), (small, _) = _combat(["Startled Awake"], ["Test Viper", "Grizzly Bears"])
    from dfc_plugin.state import Side

    nightmare = game.add("Startled Awake", Zone.BATTLEFIELD, 1, up=Side.BACK)
    assert _offered(game, nightmare) == [small] and sneak


@pytest.mark.rule("509.1b")
def test_unblockable() -> None:
    game, (ghost,), _ = _combat(["Test Ghost"], ["Grizzly Bears"])
    assert _offered(game, ghost) == []
    _fight(game, [ghost], {})
    assert game.life[2] == 18


@pytest.mark.rule("702.7b", "510.4")
def test_first_strike_kills_first() -> None:
    game, (duelist,), (bears,) = _combat(["Test Duelist"], ["Grizzly Bears"])
    _fight(game, [duelist], {duelist: [bears]})
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and game.obj(duelist).zone is Zone.BATTLEFIELD


@pytest.mark.rule("702.4b", "702.15b")
def test_double_strike_and_lifelink() -> None:
    game, (champion,), _ = _combat(["Test Champion"], [])
    _fight(game, [champion], {})
    assert game.life == {1: 24, 2: 16}


@pytest.mark.rule("702.19b", "510.1c")
def test_trample_assigns_excess_to_player() -> None:
    game, (rhino,), (bears,) = _combat(["Test Rhino"], ["Grizzly Bears"])
    _fight(game, [rhino], {rhino: [bears]})
    assert game.life[2] == 18 and names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]


@pytest.mark.rule("702.2b", "704.5h")
def test_deathtouch() -> None:
    game, (viper,), (rhino,) = _combat(["Test Viper"], ["Test Rhino"])
    _fight(game, [viper], {viper: [rhino]})
    assert names(game, Zone.GRAVEYARD, 2) == ["Test Rhino"] and names(game, Zone.GRAVEYARD, 1) == [
        "Test Viper"
    ]


@pytest.mark.rule("702.20b", "508.1f")
def test_vigilance_doesnt_tap() -> None:
    game, (guard, bears), _ = _combat(["Test Guard", "Grizzly Bears"], [])
    script(game, 1, ("attackers", [guard, bears]))
    game.pass_until("declare_blockers", turn=1)
    assert not game.obj(guard).tapped and game.obj(bears).tapped


@pytest.mark.rule("702.3b", "508.1a")
def test_defender_cant_attack() -> None:
    game, (wall, bears), _ = _combat(["Test Wall", "Grizzly Bears"], [])
    assert [o.id for o in game.battlefield() if game.may_attack(o)] == [bears] and wall


@pytest.mark.rule("702.13b")
def test_intimidate() -> None:
    game, (stalker,), (bears, black) = _combat(["Test Stalker"], ["Grizzly Bears", "Test Stalker"])
    assert _offered(game, stalker) == [black] and bears


@pytest.mark.rule("508.1d", "509.1a")
def test_cant_block_and_must_attack() -> None:
    game, (berserker, pacifist), (theirs,) = _combat(["Test Berserker", "Test Pacifist"], ["Test Berserker"])
    assert not game.may_attack(game.obj(pacifist))
    game.pass_until("declare_blockers", turn=1)  # player 1's script declares no attackers
    assert berserker in game.attackers and game.blockers == {} and theirs


@pytest.mark.rule("702.108a")
def test_prowess() -> None:
    from play_support import lands

    from dfc_plugin.host.game import Cast

    game, (monk,), _ = _combat(["Test Monk"], [])
    lands(game, 1, "Forest", 3)
    for name in ("Grizzly Bears", "Test Diviner"):
        game.apply(1, Cast(game.add(name, Zone.HAND, 1)))
        game.resolve_stack()
    assert game.power_toughness(monk) == (2, 2)  # only the noncreature spell counted


@pytest.mark.rule("509.1b", "603.4")
def test_more_evasion() -> None:
    """Test Loner: "can't be blocked by more than one creature"; "creatures with power
    less than its power can't block it"; an end-step "if it didn't attack this turn"."""
    game, (loner,), (bears, rhino, other) = _combat(
        ["Test Loner"], ["Grizzly Bears", "Test Rhino", "Test Rhino"]
    )
    assert _offered(game, loner) == [rhino, other] and bears
    from dfc_plugin.host.abilities.keywords import can_block

    assert not can_block(game, loner, [rhino, other])
    game.change_life(1, 1)
    game.pass_until("end", turn=1)
    assert len(game.stack_items) == 1  # it didn't attack, and life was gained this turn


def test_granted_hidden_keyword() -> None:
    """Test Banner: "Creatures your opponents control can't block." (AddHiddenKeyword$)"""
    game, (bears,), (theirs,) = _combat(["Grizzly Bears"], ["Grizzly Bears"])
    game.add("Test Banner", Zone.BATTLEFIELD, 1)
    _fight(game, [bears], {})
    assert game.life[2] == 18 and game.has_keyword(theirs, "CARDNAME can't block.")


@pytest.mark.rule("702.122a")
def test_crew() -> None:
    """Test Vehicle, Crew 2: tap creatures with total power 2 or more; it becomes an
    artifact creature until end of turn."""
    from dfc_plugin.host.game import Activate

    game, (vehicle, bears), _ = _combat(["Test Vehicle", "Grizzly Bears"], [])
    assert not game.may_attack(game.obj(vehicle))
    game.apply(1, Activate(vehicle, 0))  # the Bears is the only creature: forced
    game.resolve_stack()
    assert (
        game.obj(bears).tapped and game.has_type(vehicle, "Creature") and game.may_attack(game.obj(vehicle))
    )
    game.pass_until("upkeep", turn=2)
    assert not game.has_type(vehicle, "Creature")
