"""Revealing cards from the top of a library until one fits (``DigUntil``).

"Reveal cards from the top of your library until you reveal a creature or planeswalker
card" (The Prismatic Bridge): cards are revealed one at a time (701.20a) until one fits
``Valid$``; it goes to ``FoundDestination$`` and the other revealed cards to
``RevealedDestination$``, with ``RevealRandomOrder$`` in a random order (401.4 lets
the owner order cards put into a library together; a random order is not a choice).
If no card fits, every card of the library was revealed, and with a random order at
the bottom the library is randomized (Esika, God of the Tree ruling 2021-02-05).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import api
from dfc_plugin.host.abilities.values import Ctx, matches, zone_named
from dfc_plugin.state import Zone

__all__ = ["dig_until"]

_G = "test_game_costs.py::"


@api(
    "DigUntil",
    params={
        "Valid": _G + "test_prismatic_bridge_reveals_until_a_creature",
        "FoundDestination": _G + "test_prismatic_bridge_reveals_until_a_creature",
        "RevealedDestination": _G + "test_prismatic_bridge_reveals_until_a_creature",
        "RevealedLibraryPosition": _G + "test_prismatic_bridge_reveals_until_a_creature",
        "RevealRandomOrder": _G + "test_prismatic_bridge_finds_nothing",
    },
    rule="701.20a",
    test=_G + "test_prismatic_bridge_reveals_until_a_creature",
)
def dig_until(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Reveal from the top until a card fits ``Valid$``; that card to
    ``FoundDestination$``, the rest to ``RevealedDestination$``."""
    player = ctx.controller
    valid = link.get("Valid") or "Card"
    revealed: list[int] = []
    found: int | None = None
    for object_id in reversed(game.owner_zone_ids(player, Zone.LIBRARY)):
        revealed.append(object_id)
        if matches(ctx, game.objects[object_id], valid):
            found = object_id
            break
    game.reveal(revealed)
    rest = [i for i in revealed if i != found]
    if "RevealRandomOrder" in link and rest:
        rest = game.random_pick(rest, len(rest))
    if found is not None:
        _put(game, ctx, found, zone_named(link.get("FoundDestination") or "Hand"), top=True)
    else:
        game.record("reveal", None, f"player {player} revealed their whole library: nothing fits", "701.20a")
    rest_zone = zone_named(link.get("RevealedDestination") or "Graveyard")
    top = link.get("RevealedLibraryPosition", "-1") == "0"
    for object_id in rest:
        _put(game, ctx, object_id, rest_zone, top=top)


def _put(game: Any, ctx: Ctx, object_id: int, zone: Zone, *, top: bool) -> None:
    if zone is Zone.BATTLEFIELD:
        game.put_onto_battlefield(object_id, controller=ctx.controller)
    elif zone is Zone.LIBRARY:
        game.move_within_library(object_id, top=top)
    else:
        game.move(object_id, zone)
