"""Trigger modes, each by a card that has one."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Cast, Pass
from dfc_plugin.state import Side, Zone


def _main(game: Game, turn: int = 1) -> None:
    game.start(hand=0)
    game.pass_until("main1", turn=turn)


@pytest.mark.rule("603.6c", "603.10a")
def test_changes_zone_origin() -> None:
    """Test Martyr: "When this creature dies, draw a card." (Origin$ Battlefield,
    Destination$ Graveyard): dying draws, being returned to a hand doesn't; it looks
    back at the creature as it was on the battlefield."""
    game = played_game()
    martyr = game.add("Test Martyr", Zone.BATTLEFIELD, 1)
    other = game.add("Test Martyr", Zone.BATTLEFIELD, 1)
    _main(game)
    lands(game, 2, "Mountain", 1)
    game.bounce(other)
    game.destroy(martyr)
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == 2  # the bounced Martyr and one card drawn
    assert names(game, Zone.HAND, 1).count("Test Martyr") == 1


@pytest.mark.rule("510.3a", "603.2")
def test_damage_done_trigger() -> None:
    """Persistent Nightmare: "When Persistent Nightmare deals combat damage to a player,
    return it to its owner's hand." (ValidSource$ Card.Self, ValidTarget$ Player,
    CombatDamage$ True); noncombat damage doesn't count."""
    game = played_game()
    nightmare = game.add("Startled Awake", Zone.BATTLEFIELD, 1, up=Side.BACK)
    _main(game)
    script(game, 1, ("attackers", [nightmare]))
    game.pass_until("combat_damage", turn=1)
    assert game.life[2] == 19 and len(game.stack_items) == 1
    game.resolve_stack()
    assert names(game, Zone.HAND, 1) == ["Startled Awake"]


@pytest.mark.rule("603.2")
def test_spell_cast_trigger() -> None:
    """Test Adept: "Whenever you cast an instant or sorcery spell" (ValidCard$,
    ValidActivatingPlayer$ You): a creature spell or an opponent's spell doesn't."""
    game = played_game()
    adept = game.add("Test Adept", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Forest", 3)
    _main(game)
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    game.apply(1, Cast(bears))
    assert len(game.stack_items) == 1
    game.resolve_stack()
    diviner = game.add("Test Diviner", Zone.HAND, 1)
    game.apply(1, Cast(diviner))
    assert len(game.stack_items) == 2
    game.resolve_stack()
    assert game.power_toughness(adept) == (2, 2)


@pytest.mark.rule("701.27a", "603.2")
def test_transformed_trigger() -> None:
    """Werewolf Ransacker: "Whenever this creature transforms into Werewolf Ransacker,
    you may destroy target artifact. If that artifact is put into a graveyard this way,
    Werewolf Ransacker deals 3 damage to that artifact's controller." """
    game = played_game()
    deserter = game.add("Afflicted Deserter", Zone.BATTLEFIELD, 1)
    altar = game.add("Test Altar", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    script(game, 1, ("use Werewolf Ransacker", True))
    game.pass_until("upkeep", turn=2)  # no spells in turn 1: the werewolf transforms
    game.resolve_stack()
    assert game.name_of(deserter) == "Werewolf Ransacker"
    assert names(game, Zone.GRAVEYARD, 2) == ["Test Altar"] and game.life[2] == 17 and altar


@pytest.mark.rule("508.1m")
def test_attackers_declared() -> None:
    """Test Warcaller: "Whenever you attack with two or more creatures, draw a card." """
    for count, drawn in ((1, 0), (2, 1), (3, 1)):
        game = played_game()
        game.add("Test Warcaller", Zone.BATTLEFIELD, 1)
        game.add("Test Legion", Zone.BATTLEFIELD, 1)
        bears = [game.add("Grizzly Bears", Zone.BATTLEFIELD, 1) for _ in range(count)]
        _main(game)
        script(game, 1, ("attackers", bears))
        if count >= 3:
            script(game, 1, ("order of your triggered abilities", [0, 1]))
        game.pass_until("declare_blockers", turn=1)
        game.resolve_stack()
        assert len(game.in_zone(Zone.HAND, 1)) == drawn
        assert game.life[1] == (23 if count >= 3 else 20)  # Test Legion: three or more attackers


@pytest.mark.rule("603.3a")
def test_trigger_controller() -> None:
    """Test Loaner: its last controller, not its owner, draws when it dies."""
    game = played_game()
    loaner = game.add("Test Loaner", Zone.GRAVEYARD, 2)
    _main(game)
    borrowed = game.put_onto_battlefield(loaner, controller=1).object
    game.destroy(borrowed)
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == 1 and not game.in_zone(Zone.HAND, 2)


def test_more_trigger_modes() -> None:
    """Test Sentinel: Sacrificed, Blocks, AttackerBlockedByCreature, AttackerUnblocked,
    LosesGame, and SpellCast with PlayerTurn$ True."""
    game = played_game()
    sentinel = game.add("Test Sentinel", Zone.BATTLEFIELD, 2)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _main(game)
    script(game, 1, ("attackers", [bears]))
    script(game, 2, ("blockers for", [sentinel]), ("order of your triggered abilities", [1, 0]))
    game.pass_until("combat_damage", turn=1)
    game.resolve_stack()
    assert game.life[2] == 22  # it blocked, and a creature became blocked by it
    game.pass_until("main1", turn=2)
    script(game, 2, ("attackers", [sentinel]))
    game.pass_until("combat_damage", turn=2)
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 2)) == 2  # its draw step, and it wasn't blocked
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    lands(game, 1, "Mountain", 1)
    script(game, 1, ("targets for Lightning Bolt", [("p", 2)]))
    game.apply(2, Pass())  # player 1 gets priority in player 2's combat damage step
    game.apply(1, Cast(bolt))  # an opponent's spell during player 2's turn
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 2)) == 3
    game.change_life(1, -30)
    game.resolve_stack()
    assert game.over and game.winner == 2


@pytest.mark.rule("701.17a")
def test_sacrifice_trigger() -> None:
    game = played_game()
    game.add("Test Sentinel", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _main(game)
    lands(game, 1, "Island", 1)
    script(game, 1, ("permanents to sacrifice", [bears]))
    game.apply(1, Cast(game.add("Test Offering", Zone.HAND, 1)))
    game.resolve_stack()
    assert game.life[1] == 20 + 4 + 1  # the Offering's 4, the Sentinel's 1


@pytest.mark.rule("509.3c")
def test_attacker_blocked() -> None:
    game = played_game()
    game.add("Test Watcher", Zone.BATTLEFIELD, 2)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    wall = game.add("Test Wall", Zone.BATTLEFIELD, 2)
    _main(game)
    script(game, 1, ("attackers", [bears]))
    script(game, 2, ("blockers for", [wall]))
    game.pass_until("declare_blockers", turn=1)
    from dfc_plugin.host.abilities.values import matches

    found = game.obj(wall)
    face = game.face_of(found)
    assert face is not None and matches(game.ability_ctx(found, face), found, "Creature.blocking")
    game.resolve_stack()
    assert game.life[2] == 21
