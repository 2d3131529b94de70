"""The trigger mode ``LandPlayed`` ("whenever you play a land", "whenever you play a
land from exile", Gwen Stacy's Ghost-Spider): it triggers on playing a land (305.1), a
special action, and not on a land put onto the battlefield by an effect (305.4).

The engine reports each land played through :func:`land_played` (the event names the
land as it is on the battlefield, and the zone it was played from).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import trigger
from dfc_plugin.host.abilities.values import Ctx, matches, zone_named
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.state import Zone

__all__ = ["land_played"]

_T = "test_abilities_counter_costs.py::test_ghost_spider_grows_on_a_land_played_from_exile"


def land_played(game: Any, player: int, land: int, origin: Zone) -> None:
    """A player played ``land`` from ``origin``: the ``LandPlayed`` event (603.2)."""
    game.emit(GameEvent("LandPlayed", {"Card": land}, {"Player": player}, {"Origin": origin}))


@trigger("LandPlayed", params={"ValidCard": _T, "Origin": _T}, rule="305.1", test=_T)
def land_played_trigger(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """When a land fitting ``ValidCard$`` is played (from ``Origin$``, if it says)."""
    origin = params.get("Origin") or "Any"
    if origin not in ("Any", "All") and event.data.get("Origin") not in [
        zone_named(z) for z in origin.split(",")
    ]:
        return False
    found = game.objects.get(event.objects["Card"])
    return found is not None and matches(ctx, found, params.get("ValidCard") or "Card")
