"""Prevention of all damage to a permanent (615.1a), played from Kytheon, Hero of
Akros's own script (2020 corpus, test input): Gideon, Battle-Forged's "0: Until end of
turn, Gideon becomes a 4/4 Human Soldier creature with indestructible that's still a
planeswalker. Prevent all damage that would be dealt to him this turn."."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game

from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone

KYTHEON = FORGE_2020 / "k" / "kytheon_hero_of_akros.txt"


@pytest.mark.rule("615.1a", "120.3c", "514.2")
def test_gideon_is_dealt_no_damage_the_turn_he_becomes_a_creature() -> None:
    """After the 0 ability, 3 damage to Gideon is prevented: no loyalty is removed and
    no damage is marked. Next turn the effect has ended, and damage removes loyalty."""
    game = corpus_game(KYTHEON)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    gideon = game.add("Kytheon, Hero of Akros", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(gideon, "LOYALTY", 3)
    source = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.apply(1, Activate(gideon, 2))
    game.resolve_stack()
    assert game.power_toughness(gideon) == (4, 4)
    game.deal_damage(source, ("o", gideon), 3)
    assert game.obj(gideon).counter("LOYALTY") == 3 and game.damage.get(gideon, 0) == 0
    assert any(e.rule == "615.1a" for e in game.log)
    game.pass_until("upkeep", turn=2)
    game.deal_damage(source, ("o", gideon), 2)
    assert game.obj(gideon).counter("LOYALTY") == 1
