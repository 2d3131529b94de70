"""``Dig`` of other players' libraries: ``Defined$ Player`` ("exile the top card of each
player's library", Tibalt, Cosmic Impostor's +2).

Each defined player's top ``DigNum$`` cards are taken, in turn order. Only the form in
which every card dug goes to ``DestinationZone$`` (``ChangeNum$ All`` and no
``ChangeValid$``) runs: no choice is made, so nobody needs to look at another player's
library. Cards exiled this way are exiled with the source (607.2a, 406.6), face up
(406.3), for "cards exiled with Tibalt" to find them.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import effects  # noqa: F401  (registers Dig, widened here)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx, amount, defined_players, objects_made, zone_named
from dfc_plugin.state import Zone

__all__ = ["dig_each"]

_TEST = "test_game_valki.py::test_tibalt_emblem_lets_you_play_his_cards_after_he_is_gone"


def dig_each(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``Defined$``: the top ``DigNum$`` cards of each defined player's library, all to
    ``DestinationZone$``; without it, the controller's own dig. ``RememberChanged$``:
    the source remembers the cards moved out of the library (the new objects, 400.7)."""
    if "RememberChanged" in link:
        made = objects_made(game, lambda: _dig(game, ctx, link))
        moved = [i for i in made if game.objects[i].zone is not Zone.LIBRARY]
        ctx.remembered.extend(("o", i) for i in moved)
        return
    _dig(game, ctx, link)


def _dig(game: Any, ctx: Ctx, link: ParamMap) -> None:
    if "Defined" not in link:
        _DIG.run(game, ctx, link)
        return
    zone = zone_named(link.get("DestinationZone") or "Hand")
    if link.get("ChangeNum") != "All" or "ChangeValid" in link or zone in (Zone.BATTLEFIELD, Zone.LIBRARY):
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: Dig Defined$ with a choice of cards, or to the battlefield or a "
            "library, can't run here",
            missing=("Dig.Defined:choice",),
        )
    for player in defined_players(ctx, link.get("Defined")):
        top = list(reversed(game.owner_zone_ids(player, Zone.LIBRARY)))[: amount(ctx, link.get("DigNum"))]
        for object_id in top:
            moved = game.move(object_id, zone).objects
            if zone is Zone.EXILE and moved:
                game.exiled_with[moved[0]] = ctx.card


_DIG = extend(
    "api",
    "Dig",
    dig_each,
    {
        "Defined": _TEST,
        "RememberChanged": "test_abilities_counter_costs.py::test_forget_on_moved_ends_the_permission",
    },
)
