"""Restrictions on a link's targets beyond ``ValidTgts$`` (601.2c: the player chooses
targets, each legal): ``TargetsWithDefinedController$`` (each target controlled by a
player the value names, e.g. the player the parent link targets), and
``TargetsWithDifferentCMC$`` (no two targets with the same mana value). The chain
runner asks :func:`narrowed` for the options and :func:`pick_targets` for the choice,
then :func:`announce` says each chosen object "becomes the target" (the
``BecomesTarget`` trigger mode).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import trigger
from dfc_plugin.host.abilities.triggers import _fits
from dfc_plugin.host.abilities.values import Ctx, Target, defined_players
from dfc_plugin.host.game.events import GameEvent

__all__ = ["announce", "narrowed", "pick_targets"]


def _controller(game: Any, target: Target) -> int | None:
    kind, value = target
    if kind == "p":
        return value
    found = game.objects.get(value) or game.lki.get(value)
    return found.controller if found is not None else None


def _parent_players(game: Any, ctx: Ctx, index: int) -> list[int]:
    """The players the nearest earlier targeting link chose, or the controllers of the
    objects it chose ("that player or that planeswalker's controller")."""
    for earlier in range(index - 1, -1, -1):
        if earlier in ctx.targets:
            found = (_controller(game, t) for t in ctx.targets[earlier])
            return [p for p in found if p is not None]
    return []


def _defined_controllers(game: Any, ctx: Ctx, index: int, text: str) -> list[int]:
    if text == "ParentTarget":
        return _parent_players(game, ctx, index)
    return defined_players(ctx, text)


def narrowed(game: Any, ctx: Ctx, index: int, link: ParamMap, options: list[Target]) -> list[Target]:
    """The legal targets left once the link's restrictions that depend on earlier
    choices are applied."""
    text = link.get("TargetsWithDefinedController")
    if text is None:
        return options
    players = _defined_controllers(game, ctx, index, text)
    return [t for t in options if t[0] == "o" and _controller(game, t) in players]


def _mana_value(game: Any, target: Target) -> int | None:
    if target[0] != "o":
        return None
    return int(game.rules.mana_value(game.objects[target[1]].state))


def pick_targets(
    game: Any, ctx: Ctx, link: ParamMap, options: list[Target], *, low: int, high: int
) -> list[Target]:
    """The controller's choice of ``low`` to ``high`` targets; with
    ``TargetsWithDifferentCMC$`` they choose one at a time among the options whose
    mana value no chosen target has, so that every offered choice is legal."""
    purpose = f"targets for {ctx.face.name}"
    if "TargetsWithDifferentCMC" not in link:
        chosen: list[Target] = game.ask_many(ctx.controller, purpose, options, low, min(high, len(options)))
        return chosen
    picked: list[Target] = []
    while len(picked) < high:
        taken = {_mana_value(game, t) for t in picked}
        left = [t for t in options if t not in picked and _mana_value(game, t) not in taken]
        if not left:
            break
        one = game.ask_many(ctx.controller, purpose, left, 1 if len(picked) < low else 0, 1)
        if not one:
            break
        picked.extend(one)
    return picked


def announce(game: Any, ctx: Ctx, chosen: list[Target]) -> None:
    """Each chosen object becomes the target of the spell or ability (115.1; the
    ``BecomesTarget`` triggers see the spell on the stack, or the ability's source)."""
    from dfc_plugin.host.abilities.ward import ward_triggers

    for kind, value in chosen:
        if kind == "o":
            game.emit(GameEvent("BecomesTarget", {"Target": value, "Source": ctx.source}))
    if game.playing:
        ward_triggers(game, ctx, chosen)


_COMBER = "test_abilities_targeting.py::test_brine_comber_makes_a_spirit_when_an_aura_targets_it"


@trigger(
    "BecomesTarget",
    params={"ValidTarget": _COMBER, "ValidSource": _COMBER},
    rule="115.1",
    test=_COMBER,
)
def becomes_target(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever an object fitting ``ValidTarget$`` becomes the target of a spell or
    ability whose source fits ``ValidSource$`` (a spell is on the stack as it is cast)."""
    return _fits(game, ctx, event, "Target", params.get("ValidTarget")) and _fits(
        game, ctx, event, "Source", params.get("ValidSource")
    )
