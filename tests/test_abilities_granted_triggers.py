"""Catlike Curiosity (the disturbed back face of Mischievous Catgeist) played from its
own script: "Enchanted creature has 'Whenever this creature deals combat damage to a
player, draw a card.'" (``Continuous`` with ``AddTrigger$``: a granted ability, layer 6,
613.1f; the trigger is the enchanted creature's, 113.7)."""

from __future__ import annotations

import pytest
from play_support import names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Cast
from dfc_plugin.state import Zone


def _curious_bears() -> tuple[Game, int, int]:
    """Player 1 casts Mischievous Catgeist from the graveyard with disturb, as Catlike
    Curiosity, on their Grizzly Bears."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    other = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    catgeist = game.add("Mischievous Catgeist", Zone.GRAVEYARD, 1)
    for _ in range(3):
        game.add("Island", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    disturb = next(a for a in game.legal_actions(1) if isinstance(a, Cast) and a.object_id == catgeist)
    script(game, 1, ("targets", [("o", bears)]))
    game.apply(1, disturb)
    game.resolve_stack()
    aura = game.find("Catlike Curiosity", Zone.BATTLEFIELD)
    assert game.attached[aura.id] == bears
    return game, bears, other


@pytest.mark.rule("613.1f", "702.146a", "510.2")
def test_catlike_curiosity_gives_its_creature_a_draw_trigger() -> None:
    """The enchanted Bears deal combat damage to player 2: player 1 draws a card; the
    other Bears, attacking too, has no such trigger."""
    game, bears, other = _curious_bears()
    hand = len(game.in_zone(Zone.HAND, 1))
    script(game, 1, ("attackers", [bears, other]))
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 16 and len(game.in_zone(Zone.HAND, 1)) == hand + 1


def test_the_trigger_goes_with_the_aura() -> None:
    """Once Catlike Curiosity is gone (exiled instead of going to a graveyard), the Bears
    deal combat damage and nobody draws."""
    game, bears, _other = _curious_bears()
    game.destroy(game.find("Catlike Curiosity", Zone.BATTLEFIELD).id)
    assert names(game, Zone.EXILE) == ["Mischievous Catgeist"]
    hand = len(game.in_zone(Zone.HAND, 1))
    script(game, 1, ("attackers", [bears]))
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 18 and len(game.in_zone(Zone.HAND, 1)) == hand
