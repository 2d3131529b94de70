"""What damage a source dealt: ``Count$TotalDamageDoneByThisTurn`` ("if Chandra has
dealt 3 or more damage this turn", Chandra, Fire of Kaladesh) and ``DealDamage |
RememberDamaged$ True`` ("each player dealt damage this way", Chandra, Roaring Flame).

Both read the game's record of this turn's events (``game.this_turn``, each
``DamageDone`` with its source and what was dealt damage): damage is dealt by an
object (120.3), and a source that changed zones is a new object (400.7) that has
dealt none. Damage that was prevented was not dealt (615.1) and is not in the record.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import (
    effects,  # noqa: F401  (registers DealDamage, widened here)
    values,
)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx, Target
from dfc_plugin.script.expressions import ValidExpr

__all__ = ["damage_dealt_this_turn"]

_T = "test_abilities_damage_records.py::"


def damage_dealt_this_turn(ctx: Ctx, valid: ValidExpr | None = None) -> int:
    """The damage the source (this object) has dealt this turn, to anything."""
    game = ctx.game
    return sum(
        int(event.data.get("Amount", 0))
        for turn, event, _seen in game.this_turn
        if turn == game.turn and event.mode == "DamageDone" and event.objects.get("Source") == ctx.source
    )


values.COUNT_FORMS["TotalDamageDoneByThisTurn"] = damage_dealt_this_turn


def _dealt(event: Any) -> Target | None:
    if "Target" in event.objects:
        return ("o", event.objects["Target"])
    if "Target" in event.players:
        return ("p", event.players["Target"])
    return None


def deal_and_remember(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``RememberDamaged$ True``: the source remembers each player and object this
    link dealt damage to (those whose damage was prevented were dealt none)."""
    if not link.is_true("RememberDamaged"):
        _DEAL.run(game, ctx, link)
        return
    first, start = game.this_turn[:1], len(game.this_turn)
    _DEAL.run(game, ctx, link)
    if game.this_turn[:1] != first:
        start = 0  # the record began a new turn meanwhile: all of it is this link's
    for _turn, event, _seen in game.this_turn[start:]:
        dealt = _dealt(event) if event.mode == "DamageDone" and event.objects.get("Source") else None
        if dealt is not None and dealt not in ctx.remembered:
            ctx.remembered.append(dealt)


_DEAL = extend(
    "api",
    "DealDamage",
    deal_and_remember,
    {"RememberDamaged": _T + "test_chandra_emblem_for_each_player_dealt_damage"},
)
