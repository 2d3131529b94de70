"""``RememberChanged$ True`` for every API that moves cards: the source remembers the
cards moved, as the new objects they became (400.7j: other parts of the effect can find
an object it moved to a public zone). ``ChangeZone`` remembers them itself
(:mod:`.effects`), ``Dig`` in :mod:`.digging`; ``ChangeZoneAll`` ("exile all creature
cards from all graveyards ... for each card exiled this way") here.

The parameter is declared on each of these APIs, not for every ability: an API that
moves nothing, or doesn't remember what it moved, leaves ``<Api>.RememberChanged``
missing in the census rather than passing for done.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (registers ChangeZoneAll, widened here)
from dfc_plugin.host.abilities.registry import extend, honour
from dfc_plugin.host.abilities.values import Ctx, objects_made

__all__: list[str] = []

_T = "test_abilities_remembering.py::test_change_zone_all_remembers_what_it_moved"


def change_zone_all_remembering(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``RememberChanged$``: remember each card this moved (the new objects)."""
    if not link.is_true("RememberChanged"):
        _ALL.run(game, ctx, link)
        return
    moved = objects_made(game, lambda: _ALL.run(game, ctx, link))
    ctx.remembered.extend(("o", i) for i in moved)


_ALL = extend("api", "ChangeZoneAll", change_zone_all_remembering, {"RememberChanged": _T})
honour(
    "api",
    "ChangeZone",
    {"RememberChanged": "test_play_cards.py::test_nissa_returns_transformed_on_the_seventh_land"},
)
