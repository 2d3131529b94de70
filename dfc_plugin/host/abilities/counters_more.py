"""``PutCounter`` as bolster and adapt, remembering what it put counters on, and the
valid word for what a delayed trigger remembers (Optimus Prime, Hero: "At the beginning
of each end step, bolster 1"; Optimus Prime, Autobot Leader: "bolster 2. The chosen
creature gains trample until end of turn. When that creature deals combat damage to a
player this turn, convert Optimus Prime."; Jetfire, Air Guardian: "adapt 3").

701.39a: "'Bolster N' means 'Choose a creature you control with the least toughness or
tied for least toughness among creatures you control. Put N +1/+1 counters on that
creature.'" (the choice is made as the effect resolves, 608.2d).
701.46a: "'Adapt N' means 'If this permanent has no +1/+1 counters on it, put N +1/+1
counters on it.'"
``RememberCards$``: the permanents it put counters on are remembered (later links read
``Remembered``); ``IsTriggerRemembered``: an object a delayed trigger remembers
(``RememberObjects$``, 603.7).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects, values
from dfc_plugin.host.abilities.copying import counter_count
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx, amount
from dfc_plugin.host.model import GameObject

__all__: list[str] = []

_TEST = "test_abilities_counters_more.py::"


def _bolstered(game: Any, ctx: Ctx) -> list[int]:
    """The creature the controller chooses among theirs with the least toughness."""
    mine = [o for o in game.battlefield() if o.controller == ctx.controller and game.is_creature(o)]
    if not mine:
        return []
    least = min(game.pt_of(o)[1] or 0 for o in mine)
    tied = [o.id for o in mine if (game.pt_of(o)[1] or 0) == least]
    return [game.ask(ctx.controller, f"the creature to bolster for {ctx.face.name}", tied)]


def _receivers(game: Any, ctx: Ctx, link: ParamMap) -> list[int]:
    if link.is_true("Bolster"):
        return _bolstered(game, ctx)
    chosen = effects._cards(game, ctx, link)
    if link.is_true("Adapt"):
        return [i for i in chosen if i in game.objects and game.objects[i].counter("P1P1") == 0]
    return chosen


def _put_counter_more(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``Bolster$``, ``Adapt$`` (whom the counters go to) and ``RememberCards$``."""
    if not any(key in link for key in ("Bolster", "Adapt", "RememberCards")):
        _PUT_COUNTER.run(game, ctx, link)
        return
    kind = link.get("CounterType") or "P1P1"
    receivers = _receivers(game, ctx, link)
    number = amount(ctx, link.get("CounterNum"))
    for object_id in receivers:
        game.add_counters(object_id, kind, counter_count(game, object_id, number))  # 614.1a
    if "RememberCards" in link:
        ctx.remembered.extend(("o", i) for i in receivers)


_PUT_COUNTER = extend(
    "api",
    "PutCounter",
    _put_counter_more,
    {
        "Bolster": _TEST + "test_optimus_hero_bolsters_the_least_tough_at_each_end_step",
        "Adapt": _TEST + "test_adapt_only_without_counters",
        "RememberCards": _TEST + "test_autobot_leader_converts_when_the_bolstered_creature_hits",
    },
)


def _trigger_remembered(ctx: Ctx, found: GameObject) -> bool:
    return ("o", found.id) in ctx.delayed


values.SIMPLE_PROPS["IsTriggerRemembered"] = _trigger_remembered
