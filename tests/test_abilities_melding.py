"""Mishra, Claimed by Gix played from its own script: "Whenever you attack, each opponent
loses X life and you gain X life, where X is the number of attacking creatures. If
Mishra, Claimed by Gix and a creature named Phyrexian Dragon Engine are attacking, and
you both own and control them, exile them, then meld them into Mishra, Lost to
Phyrexia. It enters tapped and attacking." (``Meld`` with ``Tapped$``, ``Attacking$``;
701.42a, 712.4a, 508.4), and the melded Mishra's "create two tapped Powerstone tokens"
(the ``c_a_powerstone`` token script; its mana can't be spent on nonartifact spells)."""

from __future__ import annotations

import pytest
from play_support import names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Cast
from dfc_plugin.state import Zone

MODES = ("modes for Mishra, Lost to Phyrexia", ["LostFrenzy", "LostWither", "LostStones"])


def _attack(*attacking: str) -> tuple[Game, list[int], int]:
    game = played_game()
    mine = [game.add(name, Zone.BATTLEFIELD, 1) for name in attacking]
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("attackers", mine))
    game.pass_until("declare_attackers", turn=1)
    return game, mine, bears


@pytest.mark.rule("701.42a", "712.4a", "508.4", "111.1")
def test_mishra_and_the_engine_meld_tapped_and_attacking() -> None:
    """Both attack: 2 life drained, then the melded 9/9 enters tapped and attacking, its
    enters trigger's three modes resolve (-1/-1 to the Bears, two tapped Powerstones),
    and it deals 9 combat damage."""
    game, _mine, bears = _attack("Mishra, Claimed by Gix", "Phyrexian Dragon Engine")
    script(game, 1, MODES)
    game.resolve_stack()
    melded = game.find("Mishra, Lost to Phyrexia", Zone.BATTLEFIELD)
    assert melded.tapped and len(melded.cards) == 2 and melded.id in game.attackers
    assert game.life == {1: 22, 2: 18} and game.power_toughness(bears) == (1, 1)
    stones = [o for o in game.battlefield() if game.name_of(o.id) == "Powerstone Token"]
    assert len(stones) == 2 and all(o.tapped and o.controller == 1 for o in stones)
    game.pass_until("end_combat", turn=1)
    assert game.life[2] == 9


@pytest.mark.rule("701.42a")
def test_mishra_attacking_alone_doesnt_meld() -> None:
    """Without the Engine attacking, Mishra drains 1 and stays as it is."""
    game, (mishra,), _bears = _attack("Mishra, Claimed by Gix")
    game.add("Phyrexian Dragon Engine", Zone.BATTLEFIELD, 1)  # there, but not attacking
    game.resolve_stack()
    assert game.life == {1: 21, 2: 19} and game.name_of(mishra) == "Mishra, Claimed by Gix"
    assert "Mishra, Lost to Phyrexia" not in names(game, Zone.BATTLEFIELD)


@pytest.mark.rule("106.6")
def test_powerstone_mana_pays_only_artifact_spells() -> None:
    """In player 1's next turn the Powerstones untap; their {C}{C} can pay for an
    artifact spell but not for a nonartifact one."""
    game, _mine, _bears = _attack("Mishra, Claimed by Gix", "Phyrexian Dragon Engine")
    script(game, 1, MODES)
    game.resolve_stack()
    loner, oddity = game.add("Test Loner", Zone.HAND, 1), game.add("Test Oddity", Zone.HAND, 1)
    game.pass_until("main1", turn=3)
    casts = {a.object_id for a in game.legal_actions(1) if isinstance(a, Cast)}
    assert oddity in casts and loner not in casts
