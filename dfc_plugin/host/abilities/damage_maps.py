"""Damage dealt all at once by several links of one ability: ``DealDamage | DamageMap$
True`` starts a damage map, each ``DealDamage`` link after it adds to it, and ``DB$
DamageResolve`` deals it all ("it deals 2 damage to target opponent or planeswalker and
2 damage to up to one target creature that player or that planeswalker's controller
controls", Ravager of the Fells). Also the valid-card property ``ControlledBy
TargetedOrController``, which that second target uses.

One instruction that deals damage to several things deals it simultaneously (120.3,
and the triggers that see it wait together, 603.2): nothing happens between the two
amounts, so the second target is still chosen, and dealt damage, whatever the first
damage caused. The map lives on the resolving ability (its ``Ctx``), so another
ability's damage is never held back.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (registers DealDamage, widened here)
from dfc_plugin.host.abilities.registry import api, extend
from dfc_plugin.host.abilities.values import SIMPLE_PROPS, Ctx, Target, svar_params

__all__ = ["defer_damage"]

_T = "test_abilities_damage_maps.py::test_ravager_deals_both_amounts_at_once"
_KEY = "damage_map"


def defer_damage(ctx: Ctx, source: int, target: Target, count: int) -> bool:
    """Hold this damage for the ability's ``DamageResolve`` if a map is open (the
    engine asks before dealing any damage an ability deals)."""
    pending: list[tuple[int, Target, int]] | None = ctx.cost_paid.get(_KEY)
    if pending is None:
        return False
    pending.append((source, target, count))
    return True


def deal_into_map(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``DamageMap$ True``: this link's damage, and that of the links after it, is held
    until ``DamageResolve``."""
    if link.is_true("DamageMap") and _resolved_later(ctx, link):
        ctx.cost_paid.setdefault(_KEY, [])
    _DEAL.run(game, ctx, link)


def _resolved_later(ctx: Ctx, link: ParamMap) -> bool:
    """Whether a ``DamageResolve`` follows in this link's chain: without one, the damage
    is dealt as the link resolves, never held and lost."""
    seen: set[str] = set()
    name = link.get("SubAbility")
    while name and name not in seen:
        seen.add(name)
        following = svar_params(ctx, name)
        if following.api == "DamageResolve":
            return True
        name = following.get("SubAbility")
    return False


@api("DamageResolve", rule="120.3", test=_T)
def damage_resolve(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Deal all the damage the ability's damage map holds, one amount after another
    with nothing in between (the map is then closed)."""
    for source, target, count in ctx.cost_paid.pop(_KEY, []):
        game.deal_damage(source, target, count)


def _controlled_by_target_or_its_controller(ctx: Ctx, found: Any) -> bool:
    """``ControlledBy TargetedOrController``: controlled by a targeted player, or by the
    controller of a targeted object (a planeswalker), of an earlier link."""
    game = ctx.game
    earlier = [t for index, chosen in ctx.targets.items() if index < ctx.link for t in chosen]
    players = {v for k, v in earlier if k == "p"}
    for kind, value in earlier:
        target = game.objects.get(value) or game.lki.get(value) if kind == "o" else None
        if target is not None:
            players.add(target.controller)
    return bool(found.controller in players)


SIMPLE_PROPS["ControlledBy TargetedOrController"] = _controlled_by_target_or_its_controller

_DEAL = extend("api", "DealDamage", deal_into_map, {"DamageMap": _T})
