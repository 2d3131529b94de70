"""Bolster (701.39a), adapt (701.46a), ``RememberCards$`` and ``IsTriggerRemembered``,
played from the cards' own scripts: Optimus Prime, Hero ("At the beginning of each end
step, bolster 1"), Optimus Prime, Autobot Leader ("Whenever you attack, bolster 2. The
chosen creature gains trample until end of turn. When that creature deals combat damage
to a player this turn, convert Optimus Prime.") and Jetfire, Air Guardian ("{U}{U}{U}:
Convert Jetfire, then adapt 3.")."""

from __future__ import annotations

import pytest
from play_support import lands, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone


def _at_main(name: str, up: Side, *mine: str) -> tuple[Game, int, list[int]]:
    game = played_game()
    card = game.add(name, Zone.BATTLEFIELD, 1, up=up)
    others = [game.add(n, Zone.BATTLEFIELD, 1) for n in mine]
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game, card, others


@pytest.mark.rule("701.39a", "608.2d")
def test_optimus_hero_bolsters_the_least_tough_at_each_end_step() -> None:
    """Two Grizzly Bears tie for the least toughness: player 1 chooses one, and it alone
    gets the counter; in player 2's end step player 1 bolsters again ("each end step")."""
    game, hero, (bears, other) = _at_main("Optimus Prime, Hero", Side.FRONT, "Grizzly Bears", "Grizzly Bears")
    script(game, 1, ("the creature to bolster", other))
    game.pass_until("end", turn=1)
    game.resolve_stack()
    assert game.obj(other).counter("P1P1") == 1 and game.obj(bears).counter("P1P1") == 0
    game.pass_until("end", turn=2)
    game.resolve_stack()  # the other Bears is the least tough now: no question
    assert game.obj(bears).counter("P1P1") == 1 and game.obj(hero).counter("P1P1") == 0


@pytest.mark.rule("701.39a", "603.7", "712.4")
def test_autobot_leader_converts_when_the_bolstered_creature_hits() -> None:
    """The Bears (least toughness) get two counters and trample; when they deal combat
    damage to player 2, the delayed trigger converts Optimus."""
    game, leader, (bears,) = _at_main("Optimus Prime, Hero", Side.BACK, "Grizzly Bears")
    script(game, 1, ("attackers", [bears]))
    game.pass_until("declare_attackers", turn=1)
    game.resolve_stack()
    assert game.power_toughness(bears) == (4, 4) and game.has_keyword(bears, "Trample")
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 16 and game.name_of(leader) == "Optimus Prime, Hero"


@pytest.mark.rule("603.7")
def test_autobot_leader_waits_for_the_chosen_creature_only() -> None:
    """Optimus attacks alone; the Bears at home are bolstered. Optimus's own combat
    damage is not the chosen creature's, so it doesn't convert."""
    game, leader, (bears,) = _at_main("Optimus Prime, Hero", Side.BACK, "Grizzly Bears")
    script(game, 1, ("attackers", [leader]))
    game.pass_until("declare_attackers", turn=1)
    game.resolve_stack()
    assert game.obj(bears).counter("P1P1") == 2
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 14 and game.name_of(leader) == "Optimus Prime, Autobot Leader"


@pytest.mark.rule("701.46a")
@pytest.mark.parametrize(("before", "after"), [(0, 3), (1, 1)])
def test_adapt_only_without_counters(before: int, after: int) -> None:
    """Jetfire converts, then adapts 3: three counters if it had none, else none more."""
    game, jetfire, _ = _at_main("Jetfire, Ingenious Scientist", Side.BACK)
    if before:
        game.add_counters(jetfire, "P1P1", before)
    lands(game, 1, "Island", 3)
    game.apply(1, Activate(jetfire, 0))
    game.resolve_stack()
    assert game.name_of(jetfire) == "Jetfire, Ingenious Scientist"
    assert game.obj(jetfire).counter("P1P1") == after
