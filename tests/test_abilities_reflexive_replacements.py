"""Valentin, Dean of the Vein played from its own script: "If a nontoken creature an
opponent controls would die, exile it instead. When you do, you may pay {2}. If you do,
create a 1/1 black and green Pest creature token with 'When this creature dies, you
gain 1 life.'" (a ``Moved`` replacement whose ``ChangeZone`` goes on to a reflexive
trigger: 614.1a, 603.12; ``UnlessCost$`` with ``UnlessSwitched$``: 118.12; the
``bg_1_1_pest_lifegain`` token script)."""

from __future__ import annotations

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.state import Zone


def _bears_die(pay: bool) -> tuple[Game, int]:
    game = played_game()
    valentin = game.add("Valentin, Dean of the Vein", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Swamp", 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.destroy(bears)
    assert names(game, Zone.EXILE) == ["Grizzly Bears"] and not game.in_zone(Zone.GRAVEYARD)
    script(game, 1, ("pay", pay))
    game.give_priority(1)  # the reflexive trigger goes on the stack (603.3)
    assert game.stack_text() == ["ability of Valentin, Dean of the Vein"]
    game.resolve_stack()
    return game, valentin


@pytest.mark.rule("614.1a", "603.12", "118.12")
def test_valentin_exiles_and_the_pest_is_made_when_two_is_paid() -> None:
    """The Bears are exiled instead; paying {2} makes the Pest, whose death gains 1 life."""
    game, _valentin = _bears_die(pay=True)
    pest = game.find("Pest Token", Zone.BATTLEFIELD)
    assert pest.controller == 1 and game.power_toughness(pest.id) == (1, 1)
    assert all(o.tapped for o in game.battlefield() if game.name_of(o.id) == "Swamp")
    game.destroy(pest.id)
    game.resolve_stack()
    assert game.life[1] == 21


@pytest.mark.rule("603.12", "118.12")
def test_valentin_without_paying_makes_no_pest() -> None:
    game, _valentin = _bears_die(pay=False)
    assert "Pest Token" not in names(game, Zone.BATTLEFIELD)
    assert names(game, Zone.EXILE) == ["Grizzly Bears"]


@pytest.mark.rule("614.1a")
def test_valentins_own_creatures_die_as_usual() -> None:
    """A creature of Valentin's controller dies into the graveyard and nothing triggers."""
    game = played_game()
    game.add("Valentin, Dean of the Vein", Zone.BATTLEFIELD, 1)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.destroy(mine)
    game.give_priority(1)
    assert names(game, Zone.GRAVEYARD, 1) == ["Grizzly Bears"] and game.stack_text() == []
