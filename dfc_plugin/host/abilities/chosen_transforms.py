"""Transforming permanents a player chooses: ``SetState`` with ``Choices$`` (Tovolar,
Dire Overlord: "Then transform any number of Human Werewolves you control").

Forge's meaning (``SetStateEffect`` with ``Choices$``): the ability's controller chooses
from the permanents on the battlefield that fit ``Choices$``, at least ``MinAmount$``
(default ``Amount$``) and at most ``Amount$`` (default 1), as the effect resolves
(608.2d: choices made on resolution); each chosen one transforms. Whether it can, and
what transforming it does, is still the plugin's transform handler's to say (701.27c:
a permanent that isn't a transforming double-faced card doesn't transform).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (SetState is registered there first)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx, amount, matches
from dfc_plugin.state import Zone

__all__: list[str] = []

_TEST = "test_abilities_chosen_transforms.py::"


def _chosen_set_state(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``Choices$``: transform the permanents the controller chooses among those that
    fit, ``MinAmount$`` to ``Amount$`` of them (608.2d)."""
    valid = link.get("Choices")
    if valid is None:
        _SET_STATE.run(game, ctx, link)
        return
    mode = link.get("Mode") or ""
    if mode not in ("Transform", "Convert"):
        _SET_STATE.run(game, ctx, link)  # refuses the mode, with its reason
        return
    pool = [o.id for o in game.in_zone(Zone.BATTLEFIELD) if matches(ctx, o, valid)]
    high = amount(ctx, link.get("Amount"))
    low = amount(ctx, link.get("MinAmount"), high)
    purpose = f"permanents to {mode.lower()} for {ctx.face.name}"
    for object_id in game.ask_many(ctx.controller, purpose, pool, min(low, len(pool)), high):
        if object_id in game.objects and game.objects[object_id].zone is Zone.BATTLEFIELD:
            game.transform(object_id, action=mode.lower())


_SET_STATE = extend(
    "api",
    "SetState",
    _chosen_set_state,
    {
        "Choices": _TEST + "test_tovolar_transforms_the_human_werewolves_chosen",
        "MinAmount": _TEST + "test_tovolar_may_transform_none",
        "Amount": _TEST + "test_tovolar_transforms_the_human_werewolves_chosen",
    },
)
