"""Effects on every permanent of a kind at once: ``PutCounterAll`` ("put a +1/+1
counter on each creature you control", 122.1) and ``SacrificeAll`` ("each opponent
sacrifices all nonland permanents except the chosen ones", 701.21a: its controller
sacrifices each)."""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import api
from dfc_plugin.host.abilities.values import Ctx, amount, defined_objects, matches
from dfc_plugin.state import Zone

__all__: list[str] = []

_M = "test_abilities_mass.py::"


def _all(game: Any, ctx: Ctx, link: ParamMap) -> list[int]:
    valid = link.get("ValidCards") or "Permanent"
    return [o.id for o in game.in_zone(Zone.BATTLEFIELD) if matches(ctx, o, valid)]


@api(
    "PutCounterAll",
    params={
        "ValidCards": _M + "test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen",
        "CounterType": _M + "test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen",
        "CounterNum": _M + "test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen",
    },
    rule="122.1",
    test=_M + "test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen",
)
def put_counter_all(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Put ``CounterNum$`` counters of ``CounterType$`` on each permanent fitting
    ``ValidCards$``."""
    kind = link.get("CounterType") or "P1P1"
    count = amount(ctx, link.get("CounterNum"))
    for object_id in _all(game, ctx, link):
        game.add_counters(object_id, kind, count)


@api(
    "SacrificeAll",
    params={
        "ValidCards": _M + "test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen",
        "Defined": "test_game_copies.py::test_reflection_token_copy_with_doubling_season_is_sacrificed",
    },
    rule="701.21a",
    test=_M + "test_ajani_avenger_counters_then_sacrifices_all_but_the_chosen",
)
def sacrifice_all(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each permanent fitting ``ValidCards$`` (or each ``Defined$`` one still on the
    battlefield) is sacrificed by its controller, all at once (701.21a)."""
    by_name = "Defined" in link
    chosen = defined_objects(ctx, link.get("Defined")) if by_name else list(_all(game, ctx, link))
    for object_id in chosen:
        found = game.objects.get(object_id)
        if found is not None and found.zone is Zone.BATTLEFIELD:
            game.sacrifice(object_id)
