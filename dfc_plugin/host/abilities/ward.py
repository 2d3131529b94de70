"""Ward (702.21): "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter it unless that player pays [cost]." Forge writes it as the
keyword ``K:Ward:<cost>``; its triggered ability here is Forge's own shape,
``Counter | Defined$ TriggeredSpellAbility | UnlessCost$ <cost> | UnlessPayer$
TriggeredPlayer``, and :func:`counter_triggering` counters a spell or removes an
ability from the stack (701.6a-b).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.values import Ctx, Target
from dfc_plugin.host.game.events import GameEvent, PendingTrigger
from dfc_plugin.script.parser import parse_param_map

__all__ = ["counter_triggering", "ward_triggers"]

#: Ward's triggered ability (Forge's shape).
_BODY = "DB$ Counter | Defined$ TriggeredSpellAbility | UnlessCost$ {cost} | UnlessPayer$ TriggeredPlayer"


def _ward_costs(game: Any, found: Any) -> list[str]:
    face = game.face_of(found)
    return [w.args[0] for w in (face.keywords if face is not None else ()) if w.name == "Ward" and w.args]


def ward_triggers(game: Any, ctx: Ctx, chosen: list[Target]) -> None:
    """Each permanent with ward that an opponent's spell or ability targets triggers
    (702.21a); the trigger waits to be put on the stack like any other (603.3)."""
    for kind, value in chosen:
        found = game.objects.get(value) if kind == "o" else None
        if found is None or found.controller == ctx.controller:
            continue
        face = game.face_of(found)
        for cost in _ward_costs(game, found):
            ward = game.ability_ctx(found, face)
            ward.event = GameEvent(
                "BecomesTarget", {"Target": found.id}, {"Player": ctx.controller}, {"SpellAbility": ctx}
            )
            body = parse_param_map(_BODY.format(cost=cost))
            game.pending.append(PendingTrigger(ward, body, body, f"Ward—{cost}"))


def counter_triggering(game: Any, ctx: Ctx) -> None:
    """Counter the spell or ability that triggered this ability: a spell goes to its
    owner's graveyard (701.6a), an ability is removed from the stack (701.6b)."""
    event = ctx.event
    target = event.data.get("SpellAbility") if event is not None else None
    item = next((i for i in game.stack_items if target is not None and i.ctx is target), None)
    if item is None:
        return  # it has already left the stack
    if item.spell is not None:
        game.counter_spell(item.spell)
        return
    game.stack_items.remove(item)
    game.record("counter", None, f"{item.face.name if item.face else 'an'} ability is countered", "701.6b")
