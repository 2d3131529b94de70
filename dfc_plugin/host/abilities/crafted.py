"""What a crafted permanent reads of the cards exiled to craft it (Wretched Bonemass:
"power and toughness are each equal to the total power of the exiled cards used to craft
it", "has flying as long as an exiled card used to craft it has flying. The same is true
for first strike, ..."): the list source ``ExiledWith$`` and the ``Continuous``
parameters ``SharedKeywordsZone$`` / ``SharedRestrictions$``.

The cards exiled to pay a craft cost are linked to the crafted permanent (607.1, 702.167b;
the engine records them as exiled with it, as Forge does), so ``ExiledWith$`` and
``Card.ExiledWithSource`` find them in exile. Forge's meaning of a shared keyword: of the
keywords ``AddKeyword$`` lists, the permanent has each one that a card fitting
``SharedRestrictions$`` in the ``SharedKeywordsZone$`` has; ``Protection`` stands for every
protection keyword such a card has (702.16).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import statics, values  # noqa: F401  (Continuous is registered there first)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import LIST_IDS, LIST_SOURCES, Ctx, matches, zone_named

__all__ = ["CARD_TYPES", "materials_fit"]

#: The card types (205.2a).
CARD_TYPES = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
)

_TEST = "test_abilities_crafted.py::"


def _exiled_with(ctx: Ctx) -> list[int]:
    """The objects in exile that were exiled with this card (607.1)."""
    return [i for i, card in ctx.game.exiled_with.items() if card == ctx.card and i in ctx.game.objects]


def _shared(game: Any, ctx: Ctx, params: ParamMap, listed: tuple[str, ...]) -> tuple[str, ...]:
    zones = [zone_named(z) for z in (params.get("SharedKeywordsZone") or "Exile").split(",")]
    valid = params.get("SharedRestrictions") or "Card"
    held: set[str] = set()
    for zone in zones:
        for found in game.in_zone(zone):
            if matches(ctx, found, valid):
                held |= {k.lower() for k in game.keywords_of(found)}
    kept = [w for w in listed if w.lower() in held and w.lower() != "protection"]
    if any(w.lower() == "protection" for w in listed):
        kept += sorted(k for k in held if k.startswith("protection"))
    return tuple(kept)


def _continuous_shared(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> Any:
    """``SharedKeywordsZone$``/``SharedRestrictions$``: of the listed keywords, only
    those a fitting card there has."""
    part = _CONTINUOUS.run(game, ctx, params, found)
    if part is None or "SharedKeywordsZone" not in params:
        return part
    return replace(part, keywords=_shared(game, ctx, params, part.keywords))


_CONTINUOUS = extend(
    "static",
    "Continuous",
    _continuous_shared,
    {
        "SharedKeywordsZone": _TEST + "test_bonemass_has_the_keywords_of_its_materials",
        "SharedRestrictions": _TEST + "test_bonemass_has_the_keywords_of_its_materials",
    },
)
LIST_IDS["ExiledWith"] = _exiled_with
LIST_SOURCES.add("ExiledWith")


#: A property of a set of materials, not of one card: "two that share a card type"
#: (Eye of Ojer Taq). Each card fits it; :func:`materials_fit` checks the set chosen.
SET_PROPERTY = "sharesCardTypeWithEachOther"


def materials_fit(game: Any, what: str, chosen: list[int]) -> bool:
    """Whether the chosen materials together fit ``what``'s set property (702.167a)."""
    if SET_PROPERTY not in what or len(chosen) < 2:
        return True
    objects = [game.obj(i) for i in chosen]
    return any(all(game.has_type_of(o, t) for o in objects) for t in CARD_TYPES)


values.SIMPLE_PROPS[SET_PROPERTY] = lambda ctx, found: True
