"""Dividing an amount among targets as a spell is cast (``DividedAsYouChoose$``).

601.2d: "If the spell requires the player to divide or distribute an effect (such as
damage or counters) among one or more targets, the player announces the division.
Each of these targets must receive at least one of whatever is being divided." The
division is made once, while casting, and stays as announced: if a target has become
illegal when the spell resolves, its share is not dealt at all and the others keep
theirs (608.2b).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.abilities.values import Ctx, Target, amount

__all__ = ["divide_as_cast", "divided_share"]

#: Where a link's division is kept on the ability's context, by link index.
_KEY = "divided"


def divide_as_cast(game: Any, ctx: Ctx, chain: list[ParamMap]) -> None:
    """Announce the division of every link that divides (601.2d), after its targets
    are chosen and X is known; refused if a target would get less than one."""
    for index, link in enumerate(chain):
        if "DividedAsYouChoose" not in link:
            continue
        targets = ctx.targets.get(index, [])
        ctx.link = index
        total = amount(ctx, link.get("DividedAsYouChoose"), 0)
        ctx.link = 0
        ctx.cost_paid.setdefault(_KEY, {})[index] = _announce(game, ctx, targets, total)


def _announce(game: Any, ctx: Ctx, targets: list[Target], total: int) -> dict[Target, int]:
    if not targets:
        return {}
    if total < len(targets):
        raise IllegalActionError(
            f"{total} can't be divided among {len(targets)} targets, each getting at least 1",
            rule="601.2d",
        )
    shares: dict[Target, int] = {}
    left = total
    for target in targets[:-1]:
        share = game.ask(
            ctx.controller, f"divide: how much to {_named(game, target)} ({left} left)", list(range(left + 1))
        )
        if share < 1:
            raise IllegalActionError("each target must receive at least 1 of the division", rule="601.2d")
        shares[target] = share
        left -= share
    if left < 1:
        raise IllegalActionError("each target must receive at least 1 of the division", rule="601.2d")
    shares[targets[-1]] = left
    return shares


def _named(game: Any, target: Target) -> str:
    kind, value = target
    return f"player {value}" if kind == "p" else str(game.describe(game.obj(value)))


def divided_share(ctx: Ctx, target: Target, whole: int) -> int:
    """The share of ``target`` announced for the current link; ``whole`` when the link
    divides nothing."""
    division = ctx.cost_paid.get(_KEY, {}).get(ctx.link)
    if division is None:
        return whole
    share: int = division.get(target, 0)
    return share
