"""Triggers that no event of their own starts. State triggers (603.8): ``T:Mode$
Always`` abilities ("When Garruk Relentless has two or fewer loyalty counters on him,
transform him") trigger whenever their condition (``IsPresent$``, ``CheckSVar$``)
holds, checked each time state-based actions are (704.3), and not again while the
ability is waiting or on the stack. Reflexive triggers (603.12, ``ImmediateTrigger``):
"When you do, ..." triggers as the effect before it happens.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import api, trigger
from dfc_plugin.host.abilities.values import Ctx, defined_objects, svar_params
from dfc_plugin.host.game.events import GameEvent, PendingTrigger

__all__ = ["check_state_triggers"]

_S = "test_abilities_state_triggers.py::test_garruk_transforms_at_two_loyalty"


def check_state_triggers(game: Any) -> None:
    """Look for state triggers whose condition holds (once per change of the game)."""
    if game.__dict__.get("_state_triggers_seen") == game.version:
        return
    game.__dict__["_state_triggers_seen"] = game.version
    if game.could_trigger_on_watched("Always"):  # (an Always event with no state trigger does nothing)
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


# --------------------------------------------------------------------------- reflexive triggers

_R = "test_abilities_state_triggers.py::test_restoration_of_eiganjo_when_you_do"


@api("ImmediateTrigger", params={"RememberObjects": _R}, rule="603.12", test=_R)
def immediate_trigger(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """A reflexive triggered ability ("When you do, ..."): it triggers now and is put
    on the stack the next time a player would receive priority, its targets chosen
    then (603.12, 603.3); ``RememberObjects$`` are what it calls
    ``DelayTriggerRemembered``."""
    body = svar_params(ctx, link.get("Execute") or "")
    remembered = defined_objects(ctx, link.get("RememberObjects")) if link.get("RememberObjects") else []
    fresh = replace(ctx, targets={}, delayed=[("o", i) for i in remembered], link=0)
    game.pending.append(PendingTrigger(fresh, ParamMap(), body, "reflexive trigger"))
    game.record("trigger", None, f"{ctx.face.name}'s reflexive triggered ability triggers", "603.12")
