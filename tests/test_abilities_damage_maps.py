"""Damage dealt at once by several links of one ability (``DealDamage | DamageMap$``,
``DamageResolve``, 120.3) and the target "that player or that planeswalker's
controller" (``ControlledBy TargetedOrController``), played from Huntmaster of the
Fells' own script (2020 corpus, test input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import corpus_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities import EFFECTS
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Zone

HUNTMASTER = FORGE_2020 / "h" / "huntmaster_of_the_fells_ravager_of_the_fells.txt"


def _ravager_game() -> tuple[Game, int, int, int]:
    game = corpus_game(HUNTMASTER)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    hunt = game.add("Huntmaster of the Fells", Zone.BATTLEFIELD, 1)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    theirs = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    return game, hunt, mine, theirs


@pytest.mark.rule("120.3", "115.1", "701.27a")
def test_ravager_deals_both_amounts_at_once() -> None:
    """Ravager of the Fells: "it deals 2 damage to target opponent or planeswalker and 2
    damage to up to one target creature that player or that planeswalker's controller
    controls." At turn 2's upkeep (no spells last turn) Huntmaster transforms; the
    opponent and their creature are dealt 2 each; player 1's own creature is no legal
    second target."""
    game, hunt, mine, theirs = _ravager_game()
    script(game, 1, ("targets for Ravager", [("o", theirs)]))
    game.pass_until("upkeep", turn=2)
    game.resolve_stack()
    assert game.name_of(hunt) == "Ravager of the Fells"
    assert game.life[2] == 18 and theirs not in game.objects and game.obj(mine).zone is Zone.BATTLEFIELD

    own, hunt, mine, theirs = _ravager_game()
    script(own, 1, ("targets for Ravager", [("o", mine)]))
    own.pass_until("upkeep", turn=2)
    with pytest.raises(IllegalActionError):
        own.resolve_stack()


@pytest.mark.rule("120.3")
def test_damage_map_holds_damage_until_damage_resolve() -> None:
    """While the map is open no damage is dealt (a link without ``DamageMap$`` after it
    adds to it too); ``DamageResolve`` deals all of it, and closes the map. A map with
    no ``DamageResolve`` after it in the chain is never opened."""
    game, hunt, _mine, _theirs = _ravager_game()
    face = game.face_of(game.obj(hunt))
    assert face is not None
    ctx = game.ability_ctx(game.obj(hunt), face)
    deal = EFFECTS["DealDamage"].run
    deal(game, ctx, parse_param_map("DB$ DealDamage | Defined$ Opponent | NumDmg$ 1 | DamageMap$ True"))
    assert game.life[2] == 19  # no DamageResolve follows it: dealt at once, never lost
    follows = "DB$ DealDamage | Defined$ Opponent | NumDmg$ 2 | DamageMap$ True | SubAbility$ DBDamageResolve"
    deal(game, ctx, parse_param_map(follows))
    deal(game, ctx, parse_param_map("DB$ DealDamage | Defined$ Opponent | NumDmg$ 3"))
    assert game.life[2] == 19
    EFFECTS["DamageResolve"].run(game, ctx, parse_param_map("DB$ DamageResolve"))
    assert game.life[2] == 14
    deal(game, ctx, parse_param_map("DB$ DealDamage | Defined$ Opponent | NumDmg$ 1"))
    assert game.life[2] == 13  # no map open: dealt at once
