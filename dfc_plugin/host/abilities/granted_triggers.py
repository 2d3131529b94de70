"""Triggered abilities a static ability grants: the ``Continuous`` mode with
``AddTrigger$`` (Catlike Curiosity: "Enchanted creature has 'Whenever this creature deals
combat damage to a player, draw a card.'").

Granting an ability is a layer-6 effect (613.1f): the affected permanent has the
trigger, so "this creature" is that permanent and "you" its controller (113.7), while
the trigger's text (its ``Execute$`` and the SVars that follows) is the granting card's,
as in Forge, which copies the SVars to the card it grants to. The trigger machinery asks
:func:`granted_triggers` for each object it looks at, after the face's own triggers.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import Ability, Face, ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (registration order)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.statics import active_continuous, any_static_with
from dfc_plugin.host.abilities.values import Ctx, matches
from dfc_plugin.host.game.cache import is_fresh
from dfc_plugin.host.model import GameObject
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Zone

__all__ = ["any_granted_triggers", "granted_triggers"]

_TEST = "test_abilities_granted_triggers.py::test_catlike_curiosity_gives_its_creature_a_draw_trigger"


def _granting(game: Any) -> list[tuple[Ctx, ParamMap]]:
    """The ``Continuous`` statics with ``AddTrigger$`` that work now (remembered until
    the game changes: the trigger machinery asks for every object, for every event)."""
    key = ("add_trigger", game.version)
    cached: list[tuple[Ctx, ParamMap]] | None = game._static_cache.get(key)
    if cached is None:
        cached = (
            [(ctx, params) for ctx, params in active_continuous(game) if "AddTrigger" in params]
            if any_static_with(game, "AddTrigger")  # (most games: none, and nothing to work out)
            else []
        )
        game._static_cache[key] = cached
    return cached


def any_granted_triggers(game: Any) -> bool:
    """Whether any static grants a trigger now (most games: none), so that the trigger
    machinery needn't ask :func:`granted_triggers` about each object it looks at. With
    no static that has ``AddTrigger$`` on the battlefield or in the command zone, none
    does while ``moves`` stands (the same objects there, with the same states: an
    animation could only take abilities away), so that answer is kept per ``moves``."""
    fresh = is_fresh()
    if not fresh and game.__dict__.get("_grants_none_at") == game.moves:
        return False
    if not any_static_with(game, "AddTrigger"):  # (what _granting asks first)
        if not fresh and not game.animations:
            game.__dict__["_grants_none_at"] = game.moves
        return False
    return bool(_granting(game))


def granted_triggers(game: Any, found: GameObject, mode: str) -> list[tuple[Ability, Face]]:
    """The triggers of ``mode`` that statics grant ``found`` now, each with the face
    whose SVars it reads."""
    if found.zone is not Zone.BATTLEFIELD:
        return []
    out = []
    for ctx, params in _granting(game):
        if not matches(ctx, found, params.get("Affected") or "Card.Self"):
            continue
        for name in (n.strip() for n in (params.get("AddTrigger") or "").split("&")):
            svar = ctx.face.svar(name) if name else None
            if svar is not None and parse_param_map(svar.body).api == mode:
                out.append((Ability("T", svar.body, svar.line, svar.column), ctx.face))
    return out


def _continuous_add_trigger(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> Any:
    """``AddTrigger$``: no layer part of its own (the trigger machinery asks
    :func:`granted_triggers`); the rest of the static applies as usual."""
    return _CONTINUOUS.run(game, ctx, params, found)


_CONTINUOUS = extend("static", "Continuous", _continuous_add_trigger, {"AddTrigger": _TEST})
