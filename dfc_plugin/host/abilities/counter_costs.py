"""The cost "remove N counters from among permanents": Forge's
``RemoveAnyCounter<N/Type/Valid/Description>`` ("Remove two counters from
Ghost-Spider", Gwen Stacy; "remove X +1/+1 counters from among artifacts you control",
Jetfire) and its 2020 form ``RemoveAnyCounter<N/Valid/Description>`` (counters of any
kind, Power Conduit).

The player picks the counters one by one among the permanents they control that fit
``Valid`` (``Card.Self``: the source); ``Type`` ``Any`` lets counters of every kind be
removed. A cost can't be paid with counters that aren't there (118.3), so the
activation is refused rather than paid in part.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.abilities.values import Ctx, matches
from dfc_plugin.script.expressions import CostPart

__all__ = ["can_remove_any_counter", "remove_any_counter"]

#: One counter that may be removed: (object id, counter kind, its number among them).
Unit = tuple[int, str, int]


def _kind_and_valid(part: CostPart) -> tuple[str, str]:
    """``(counter kind, valid-card expression)`` for either form of the cost."""
    if "/" in part.description:  # current: N/Type/Valid/Description
        return part.what, part.description.split("/", 1)[0]
    return "Any", part.what  # 2020: N/Valid/Description


def _units(game: Any, ctx: Ctx, part: CostPart) -> list[Unit]:
    kind, valid = _kind_and_valid(part)
    units: list[Unit] = []
    for found in game.battlefield():
        if found.controller != ctx.controller or not matches(ctx, found, valid):
            continue
        for name, count in found.counters:
            if kind in ("Any", name):
                units += [(found.id, name, index) for index in range(count)]
    return units


def can_remove_any_counter(game: Any, ctx: Ctx, part: CostPart, count: int) -> bool:
    """Whether there are ``count`` counters to remove (for listing legal actions); with
    an ``X`` amount, at least one."""
    return len(_units(game, ctx, part)) >= (1 if part.amount == "X" else count)


def remove_any_counter(game: Any, ctx: Ctx, part: CostPart, count: int) -> None:
    """Pay the cost: the controller picks ``count`` counters among the permanents it
    names, and they are removed (122.1); too few counters and it can't be paid (118.3).
    With an ``X`` amount ("remove one or more +1/+1 counters", Jetfire) the player picks
    one or more, and X is the number removed (601.2b, 601.2h: X is announced, then paid)."""
    units = _units(game, ctx, part)
    least, most = (1, len(units)) if part.amount == "X" else (count, count)
    if len(units) < least:
        raise IllegalActionError(f"there are {len(units)} counters to remove, not {least}", rule="118.3")
    chosen: list[Unit] = game.ask_many(ctx.controller, "counters to remove", units, least, most)
    if part.amount == "X":
        ctx.x = len(chosen)
    for object_id, name, _index in chosen:
        game.remove_counters(object_id, name, 1)
