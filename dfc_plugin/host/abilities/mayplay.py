"""Permissions to play cards from where they are: the ``Continuous`` static mode with
``MayPlay$`` ("you may play cards exiled with Tibalt, Cosmic Impostor", his emblem),
``AffectedZone$`` (where the affected cards are) and ``MayPlayIgnoreColor$`` ("you may
spend mana as though it were mana of any color to cast those spells").

Such a static is no characteristic of the cards (613 leaves it out): it is an effect
that lets a player play a card (601.3: cast it, or 305.1: play it as a land), asked by
the engine when it lists and checks casts and land plays (:func:`may_play`). Playing
the card still follows the normal rules: its timing, its costs, one land a turn
(Valki, God of Lies rulings 2021-02-05). An emblem's abilities work from the command
zone (114.4), so the permission outlives the Tibalt that made the emblem.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import extend, honour
from dfc_plugin.host.abilities.snow import SNOW_NEED
from dfc_plugin.host.abilities.statics import active, any_static_with
from dfc_plugin.host.abilities.values import Ctx, matches, zone_named
from dfc_plugin.state import Zone

__all__ = ["any_color", "may_play", "permissions"]

_V = "test_game_valki.py::"
_TEST = _V + "test_tibalt_emblem_lets_you_play_his_cards_after_he_is_gone"
_ANY_TYPE_TEST = "test_abilities_imprint.py::test_tibalt_emblem_spends_mana_of_any_type"

#: Any colour, not colourless: "as though it were mana of any color" (colourless mana
#: isn't of a colour, 105.1).
_COLORS = frozenset("WUBRG")
#: "As though it were mana of any type" (``MayPlayIgnoreType$``): colourless too (609.4b).
_ANY_TYPE = frozenset("WUBRGC")


def _permission(ctx: Ctx, params: ParamMap, player: int, found: Any) -> bool:
    zones = [zone_named(z) for z in (params.get("AffectedZone") or "Battlefield").split(",")]
    return (
        ctx.controller == player
        and found.zone in zones
        and matches(ctx, found, params.get("Affected") or "Card")
    )


def _permissions(game: Any, player: int, found: Any) -> list[ParamMap]:
    statics = _may_play_statics(game)
    if not statics:
        return []  # (most games have no MayPlay$ static: every cast listed asks this)
    return [params for ctx, params in statics if _permission(ctx, params, player, found)]


def _may_play_statics(game: Any) -> list[tuple[Ctx, ParamMap]]:
    """The ``MayPlay$`` statics that work now, remembered until the game changes: the
    loop asks for every cast it lists, and most games have none."""
    key = ("may_play", game.version)
    cached: list[tuple[Ctx, ParamMap]] | None = game._static_cache.get(key)
    if cached is None:
        cached = []  # (no static in the game has the parameter: none of them works now)
        if any_static_with(game, "MayPlay"):
            cached = [(ctx, p) for ctx, p in active(game, "Continuous") if p.is_true("MayPlay")]
        game._static_cache[key] = cached
    return cached


def may_play(game: Any, player: int, found: Any) -> bool:
    """Whether a ``MayPlay$`` static lets ``player`` play this card from its zone (one
    with ``MayPlayDontGrantZonePermissions$`` changes only how it is paid for:
    :mod:`.free_casting`)."""
    if found.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return False
    return any(not p.is_true("MayPlayDontGrantZonePermissions") for p in _permissions(game, player, found))


def permissions(game: Any, player: int, found: Any) -> list[ParamMap]:
    """The ``MayPlay$`` statics that apply to ``player`` playing ``found`` now."""
    return _permissions(game, player, found)


def any_color(game: Any, player: int, found: Any, wanted: list[frozenset[str]]) -> list[frozenset[str]]:
    """The mana ``player`` must pay to cast ``found``: with a ``MayPlayIgnoreColor$``
    permission for it, any coloured mana pays a coloured symbol (a colourless symbol
    still needs colourless mana)."""
    permissions = _permissions(game, player, found)
    if any(p.is_true("MayPlayIgnoreType") for p in permissions):
        return [need if need == SNOW_NEED else _ANY_TYPE for need in wanted]  # 609.4b: any type
    if not any(p.is_true("MayPlayIgnoreColor") for p in permissions):
        return wanted
    return [need | _COLORS if need & _COLORS else need for need in wanted]


def continuous_may_play(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> Any:
    """``MayPlay$``: no layer part (the permission is asked by :func:`may_play`). An
    ``AffectedZone$`` of other zones for a characteristic is not applied here, and the
    log says so once per game rather than leaving it silently undone."""
    if params.is_true("MayPlay"):
        return None
    zones = params.get("AffectedZone")
    if zones is not None and zones not in ("Battlefield", "Stack"):  # Stack: .uncounterable
        _note_zones(game, ctx, zones)
        return None
    return _CONTINUOUS.run(game, ctx, params, found)


def _note_zones(game: Any, ctx: Ctx, zones: str) -> None:
    said: set[tuple[int, str]] = game.__dict__.setdefault("_affected_zone_notes", set())
    if (ctx.card, zones) not in said:
        said.add((ctx.card, zones))
        game.record(
            "unsupported", None, f"{ctx.face.name}: Continuous AffectedZone$ {zones} can't run here", "613.1"
        )


_CONTINUOUS = extend(
    "static",
    "Continuous",
    continuous_may_play,
    {"MayPlay": _TEST, "MayPlayIgnoreColor": _TEST, "AffectedZone": _TEST},
)
honour("static", "Continuous", {"MayPlayIgnoreType": _ANY_TYPE_TEST})
