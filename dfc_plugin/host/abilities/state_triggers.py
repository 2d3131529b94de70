"""State triggers (603.8): ``T:Mode$ Always`` abilities ("When Garruk Relentless has
two or fewer loyalty counters on him, transform him") trigger whenever their condition
(``IsPresent$``, ``CheckSVar$``) holds, checked each time state-based actions are
(704.3), and not again while the ability is waiting or on the stack.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import trigger
from dfc_plugin.host.abilities.values import Ctx
from dfc_plugin.host.game.events import GameEvent

__all__ = ["check_state_triggers"]

_S = "test_abilities_state_triggers.py::test_garruk_transforms_at_two_loyalty"


def check_state_triggers(game: Any) -> None:
    """Look for state triggers whose condition holds (once per change of the game)."""
    if game.__dict__.get("_state_triggers_seen") == game.version:
        return
    game.__dict__["_state_triggers_seen"] = game.version
    game.emit(GameEvent("Always"))


def _waiting(game: Any, ctx: Ctx, params: ParamMap) -> bool:
    pending = any(p.params is params and p.ctx.source == ctx.source for p in game.pending)
    stacked = any(
        i.trigger is params and i.ctx is not None and i.ctx.source == ctx.source for i in game.stack_items
    )
    return pending or stacked


@trigger("Always", rule="603.8", test=_S)
def always(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever its condition holds (the trigger machinery checks ``IsPresent$`` and
    ``CheckSVar$``), unless it already triggered and hasn't left the stack (603.8)."""
    return not _waiting(game, ctx, params)
