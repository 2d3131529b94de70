"""How many lands a player may play this turn: one (305.2), plus what continuous
effects add ("You may play an additional land this turn": a ``Continuous`` static with
``Affected$ You | AdjustLandPlays$ 1``, 305.2a)."""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.statics import active, any_static_with
from dfc_plugin.host.abilities.values import amount, matches_player

__all__ = ["land_plays_allowed"]


def land_plays_allowed(game: Any, player: int) -> int:
    """One land a turn, and one more for each effect that grants it to ``player``."""
    if not any_static_with(game, "AdjustLandPlays"):
        return 1  # (no static in the game has the parameter: none grants one more)
    extra = 0
    for ctx, params in active(game, "Continuous"):
        if "AdjustLandPlays" in params and matches_player(ctx, player, params.get("Affected") or "You"):
            extra += amount(ctx, params.get("AdjustLandPlays"))
    return 1 + extra
