"""Zone changes that last "until" something happens (610.3): ``ChangeZone`` with
``Duration$ UntilHostLeavesPlay`` ("exile target creature an opponent controls until
this creature leaves the battlefield", Brutal Cathar; Valki, God of Lies).

Such an ability makes two one-shot effects (610.3). The first moves the card as the
ability resolves, unless its source has already left the battlefield since the ability
was put on the stack or triggered, in which case nothing moves (610.3a, 610.3b). The
second is made the moment the source leaves: the card comes back at once, under its
owner's control (610.3c); the engine keeps that second effect
(:mod:`dfc_plugin.host.game.leaving`), since it is no ability and never uses the stack.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import effects  # noqa: F401  (registers ChangeZone, widened here)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx, zone_named
from dfc_plugin.state import Zone

__all__: list[str] = []

_TEST = "test_game_durations.py::"

#: The durations this module gives ChangeZone (Forge's names).
UNTIL_HOST_LEAVES = "UntilHostLeavesPlay"


def change_zone_until(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Move cards between zones: targets or ``Defined$`` (known origin), or a search of
    a hidden zone; ``Duration$ UntilHostLeavesPlay``: exiled only while the source is
    still on the battlefield, and back when it leaves (610.3)."""
    duration = link.get("Duration")
    if duration is None:
        _CHANGE_ZONE.run(game, ctx, link)
        return
    origin = _until_origin(link, duration)
    host = ctx.source_object
    if host is None or host.zone is not Zone.BATTLEFIELD:
        rule = "610.3b" if ctx.event is not None else "610.3a"
        game.record("until", None, f"{ctx.face.name} has left the battlefield: nothing is exiled", rule)
        return
    before = set(game.exiled_with)
    _CHANGE_ZONE.run(game, ctx, link)
    for object_id, card in list(game.exiled_with.items()):
        if object_id not in before and card == ctx.card and object_id in game.objects:
            game.exile_until(host.id, object_id, origin)


def _until_origin(link: ParamMap, duration: str) -> Zone:
    """The one zone the cards come from (where the second effect returns them); any
    other duration, destination or several origins is refused, not half done."""
    origins = (link.get("Origin") or "Battlefield").split(",")
    destination = zone_named(link.get("Destination") or "Battlefield")
    if duration != UNTIL_HOST_LEAVES or destination is not Zone.EXILE or len(origins) != 1:
        key = f"ChangeZone.Duration:{duration}"
        raise UnsupportedAbilityError(
            f"ChangeZone Duration$ {duration} to the {destination} from {'/'.join(origins)} can't run here",
            missing=(key,),
        )
    return zone_named(origins[0])


_CHANGE_ZONE = extend(
    "api",
    "ChangeZone",
    change_zone_until,
    {"Duration": _TEST + "test_cathar_exiles_until_it_leaves_and_the_card_returns_at_once"},
)
