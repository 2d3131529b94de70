"""Fights a player may decline: ``Fight`` with ``Optional$`` ("you may have it fight
target non-Werewolf creature you don't control", Ulrich, Uncontested Alpha).

The target is chosen as the ability is put on the stack (603.3d, 601.2c); whether to
fight is a choice made as it resolves (608.2c: the instructions are followed then; the
Gatherer ruling of Ulrich of the Krallenhorde says so), so the question is asked here,
after the targets were checked (an ability whose only target is illegal doesn't
resolve and asks nothing, 608.2b).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (registers Fight, widened here)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx

__all__: list[str] = []

_TEST = "test_game_durations.py::"


def fight_if_chosen(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The defined creature (default the source) and the target each deal damage equal
    to its power to the other (701.14a); ``Optional$``: only if the controller chooses
    to, as it resolves."""
    if "Optional" in link and not game.ask_yes(ctx.controller, f"fight ({ctx.face.name})"):
        game.record("fight", None, f"{ctx.face.name}: its controller chooses not to fight", "608.2c")
        return
    _FIGHT.run(game, ctx, link)


_FIGHT = extend("api", "Fight", fight_if_chosen, {"Optional": _TEST + "test_ulrich_fight_target_then_choice"})
