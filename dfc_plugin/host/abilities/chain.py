"""Running an ability: its chain of links (``SubAbility$``), targets chosen as it is put
on the stack (601.2c, 602.2b, 603.3d), and resolution link by link (608.2): a link whose
conditions fail is skipped while its sub-abilities still run (forge-abilities.md 3.3);
if every target has become illegal the ability doesn't resolve (608.2b).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.protection import protected
from dfc_plugin.host.abilities.registry import lookup
from dfc_plugin.host.abilities.targeting import announce, narrowed, pick_targets
from dfc_plugin.host.abilities.values import (
    Ctx,
    Target,
    amount,
    conditions_hold,
    matches,
    matches_player,
    svar_params,
    zone_named,
)
from dfc_plugin.state import Zone

__all__ = ["choose_targets", "has_legal_target", "legal_targets", "links", "resolve_chain"]

#: Longest chain followed (real chains have a handful of links).
MAX_LINKS = 32


def links(ctx: Ctx, first: ParamMap) -> list[ParamMap]:
    """The chain's links, first to last."""
    found = [first]
    name = first.get("SubAbility")
    while name and len(found) < MAX_LINKS:
        link = svar_params(ctx, name)
        found.append(link)
        name = link.get("SubAbility")
    return found


def _target_zones(link: ParamMap) -> list[Zone]:
    zone = link.get("TgtZone")
    if zone is None and link.api == "ChangeZone" and link.get("Origin") not in (None, "Battlefield"):
        zone = link.get("Origin")
    if zone is None and link.api == "Counter":
        zone = "Stack"  # a spell is a target on the stack (115.1a)
    return [zone_named(z) for z in (zone or "Battlefield").split(",")]


def _legal_objects(game: Any, ctx: Ctx, link: ParamMap, valid: str) -> Iterator[Target]:
    """The objects a link may target, in zone order (115.1; hexproof 702.11b, shroud
    702.18a), found one at a time so that a caller may stop at the first."""
    # (the tests are all pure and all must hold: the valid-card expression, which
    # turns most objects away, first, then shroud and hexproof and protection)
    for zone in _target_zones(link):
        for obj in game.in_zone(zone):
            if zone is Zone.STACK and obj.id == ctx.source:
                continue  # a spell can't target itself (115.5)
            if not matches(ctx, obj, valid):
                continue
            if zone is Zone.BATTLEFIELD and not game.may_target(ctx.controller, obj):
                continue
            if not protected(game, obj.id, ctx.source):  # 702.16b
                yield ("o", obj.id)


def _legal_players(game: Any, ctx: Ctx, valid: str) -> Iterator[Target]:
    return (("p", p) for p in game.players if game.alive(p) and matches_player(ctx, p, valid))


def legal_targets(game: Any, ctx: Ctx, link: ParamMap) -> list[Target]:
    """Every legal target of a link (115.1; hexproof 702.11b, shroud 702.18a)."""
    valid = link.get("ValidTgts") or ""
    return [*_legal_objects(game, ctx, link, valid), *_legal_players(game, ctx, valid)]


def has_legal_target(game: Any, ctx: Ctx, link: ParamMap) -> bool:
    """Whether the link has a legal target at all: ``bool(legal_targets(...))``, stopping
    at the first one found (the players, fewer and cheaper to ask, first). Listing the
    legal actions needs only this (601.2c, 602.2b: a spell or ability that needs a
    target can't be cast or activated without one)."""
    valid = link.get("ValidTgts") or ""
    return any(_legal_players(game, ctx, valid)) or any(_legal_objects(game, ctx, link, valid))


def choose_targets(game: Any, ctx: Ctx, chain: list[ParamMap]) -> bool:
    """Choose every link's targets; ``False`` if a link can't get its minimum."""
    for index, link in enumerate(chain):
        if link.api == "Charm":
            if not _choose_modes(game, ctx, link):
                return False
            continue
        if "ValidTgts" not in link:
            continue
        ctx.link = index
        options = narrowed(game, ctx, index, link, legal_targets(game, ctx, link))
        low = amount(ctx, link.get("TargetMin"))
        high = amount(ctx, link.get("TargetMax"))
        if len(options) < low:
            return False
        ctx.targets[index] = pick_targets(game, ctx, link, options, low=low, high=high)
        announce(game, ctx, ctx.targets[index])
    ctx.link = 0
    return True


def _choose_modes(game: Any, ctx: Ctx, link: ParamMap) -> bool:
    """A modal spell or ability: its controller chooses the modes as it is cast or put
    on the stack (601.2b, 700.2a), then each mode's targets; ``False`` if a chosen
    mode can't get its targets."""
    names = [n.strip() for n in (link.get("Choices") or "").split(",") if n.strip()]
    high = int(link.get("CharmNum") or 1)
    low = int(link.get("MinCharmNum") or high)
    picked = game.ask_many(ctx.controller, f"modes for {ctx.face.name}", names, low, high)
    modes = []
    for name in picked:
        mode = replace(ctx, targets={}, cost_paid={})
        params = svar_params(ctx, name)
        if not choose_targets(game, mode, links(mode, params)):
            return False
        modes.append((mode, params))
    ctx.cost_paid["modes"] = modes
    return True


def _still_legal(game: Any, ctx: Ctx, link: ParamMap, target: Target) -> bool:
    kind, value = target
    if kind == "p":
        return bool(game.alive(value))
    return target in legal_targets(game, ctx, link)


def resolve_chain(game: Any, ctx: Ctx, first: ParamMap) -> bool:
    """Resolve the chain; ``False`` if it didn't resolve because every target was
    illegal (608.2b)."""
    chain = links(ctx, first)
    had = {i: list(t) for i, t in ctx.targets.items() if t}
    for index, link in enumerate(chain):
        if index in ctx.targets:
            ctx.link = index
            ctx.targets[index] = [t for t in ctx.targets[index] if _still_legal(game, ctx, link, t)]
    if had and not any(ctx.targets.get(i) for i in had):
        return False
    for index, link in enumerate(chain):
        ctx.link = index
        if "RememberTargets" in link:
            if "ForgetOtherTargets" in link:
                ctx.remembered.clear()
            ctx.remembered.extend(ctx.targets.get(index, []))
        if conditions_hold(ctx, link):
            run_link(game, ctx, link)
        game.settle_between_links()
    return True


def run_link(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Run one link's effect through the API registry; a parameter no function honours
    refuses it (never a silent no-op). ``UnlessCost$``: the effect happens unless the
    ``UnlessPayer$`` pays (``UnlessSwitched$``: only if they pay), 118.12."""
    from dfc_plugin.host.abilities.census import link_missing

    entry = lookup("api", link.api)
    missing = link_missing(link)
    if entry is None or missing:
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: {link.api} can't run here (missing {', '.join(missing)})",
            missing=tuple(missing),
        )
    unless = link.get("UnlessCost")
    if unless is not None:
        paid = _offer_unless(game, ctx, link, unless)
        if paid != ("UnlessSwitched" in link):
            return
    entry.run(game, ctx, link)


def _offer_unless(game: Any, ctx: Ctx, link: ParamMap, cost_text: str) -> bool:
    from dfc_plugin.cards import ForgeCost
    from dfc_plugin.errors import IllegalActionError
    from dfc_plugin.host.abilities.values import defined_players
    from dfc_plugin.script.parser import parse_value

    cost: ForgeCost = parse_value("cost", cost_text)
    for payer in defined_players(ctx, link.get("UnlessPayer") or "TargetedController"):
        payer_ctx = Ctx(
            game, ctx.source, ctx.card, payer, ctx.face, ctx.targets, ctx.event, ctx.replaced, ctx.x
        )
        if not game.can_pay_parts(payer_ctx, cost) or not game.ask_yes(
            payer, f"pay {cost_text} ({ctx.face.name})"
        ):
            continue
        try:
            game.pay_cost(payer_ctx, cost, ctx.face.name, source_pays=False)
        except IllegalActionError:
            continue
        return True
    return False
