"""An ability granted with the value it reads (``Continuous | AddAbility$ | AddSVar$``,
613.1f), played from Arlinn Kord's own script (2020 corpus, test input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game, script

from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone

ARLINN = FORGE_2020 / "a" / "arlinn_kord_arlinn_embraced_by_the_moon.txt"


@pytest.mark.rule("613.1f", "702.10b", "114.4")
def test_arlinn_emblem_creatures_deal_their_power() -> None:
    """Arlinn, Embraced by the Moon's −6: "You get an emblem with 'Creatures you control
    have haste and "{T}: This creature deals damage equal to its power to any
    target."'" A 3/3 that came under your control this turn taps at once (haste) and
    deals 3: the amount is the emblem's ``ArlinnX`` (``Count$CardPower``) read on the
    creature; the opponent's creature gets nothing."""
    game = corpus_game(ARLINN)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    arlinn = game.add("Arlinn Kord", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(arlinn, "LOYALTY", 6)
    game.apply(1, Activate(arlinn, 2))
    game.resolve_stack()
    assert [o.owner for o in game.in_zone(Zone.COMMAND)] == [1]
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add_counters(bears, "P1P1", 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    assert game.has_keyword(bears, "Haste") and not game.has_keyword(theirs, "Haste")
    assert game.activated_abilities(game.obj(theirs)) == []
    script(game, 1, ("targets for Grizzly Bears", [("p", 2)]))
    game.apply(1, Activate(bears, 0))
    game.resolve_stack()
    assert game.life[2] == 17 and game.obj(bears).tapped
