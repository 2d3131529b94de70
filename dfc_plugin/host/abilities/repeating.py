"""Doing one thing once per player: ``RepeatEach`` with ``RepeatPlayers$`` and
``RepeatSubAbility$`` ("for each opponent, exile a creature card they revealed this
way", Valki, God of Lies).

As in Forge, each player in turn is added to what the source remembers, the
sub-ability's chain resolves (608.2c: the instructions in the order written), and the
player is forgotten again; the sub-ability reads the player as ``Remembered``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import api
from dfc_plugin.host.abilities.values import Ctx, defined_players, svar_params

__all__ = ["repeat_each"]

_V = "test_game_valki.py::"
_C = "test_abilities_damage_records.py::test_chandra_emblem_for_each_player_dealt_damage"


@api(
    "RepeatEach",
    params={
        "RepeatPlayers": _V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent",
        "RepeatSubAbility": _V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent",
        "ClearRememberedBeforeLoop": _C,
    },
    rule="608.2c",
    test=_V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent",
)
def repeat_each(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The ``RepeatSubAbility$`` once for each player of ``RepeatPlayers$``, in turn
    order, that player remembered while it runs."""
    from dfc_plugin.host.abilities.chain import resolve_chain

    name = link.get("RepeatSubAbility")
    if not name or "RepeatPlayers" not in link:
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: RepeatEach without RepeatPlayers$ and RepeatSubAbility$ can't run here",
            missing=("RepeatEach.RepeatPlayers",),
        )
    sub = svar_params(ctx, name)
    players = defined_players(ctx, link.get("RepeatPlayers"))
    if link.is_true("ClearRememberedBeforeLoop"):
        ctx.remembered.clear()  # the players are found first, then forgotten: each alone in turn
    for player in players:
        ctx.remembered.append(("p", player))
        try:
            resolve_chain(game, replace(ctx, targets={}, link=0), sub)
        finally:
            ctx.remembered.remove(("p", player))
