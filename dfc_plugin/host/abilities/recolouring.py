"""Effects that change colours and counters: ``Animate`` with ``Colors$`` and
``OverwriteColors$`` (Ultimate Spider-Man's camouflage: "He gains hexproof and becomes
colorless until end of turn"; layer 5, :mod:`.colours`) and ``MultiplyCounter`` ("double
the number of each kind of counter on each Spider and legendary creature you control").

Forge's ``OverwriteColors$`` is the replacing kind of 105.3; without it the colours are
added ("in addition to its other colors").

701.10e: "To double the number of a kind of counters on a player or permanent, give
that player or permanent as many of those counters as that player or permanent already
has."
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (Animate is registered there first)
from dfc_plugin.host.abilities.colours import add_colour_effect
from dfc_plugin.host.abilities.registry import api, extend
from dfc_plugin.host.abilities.values import Ctx, amount, defined_objects

__all__: list[str] = []

_TEST = "test_abilities_colours.py::"
_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": ""}


def _parse_colors(text: str) -> frozenset[str]:
    return frozenset(_NAMES.get(w.strip().lower(), "") for w in text.split(",")) - {""}


def _objects(ctx: Ctx, link: ParamMap) -> list[int]:
    if "ValidTgts" in link:
        return [v for k, v in ctx.targeted() if k == "o"]
    return defined_objects(ctx, link.get("Defined"))


def _animate_colours(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``Colors$`` (with ``OverwriteColors$``: instead of its colours): layer 5."""
    _ANIMATE.run(game, ctx, link)
    text = link.get("Colors")
    if text is None:
        return
    lasting = link.get("Duration") == "Permanent" or "Permanent" in link
    for object_id in _objects(ctx, link):
        if object_id in game.objects:
            overwrite = "OverwriteColors" in link
            add_colour_effect(
                game, object_id, _parse_colors(text), overwrite=overwrite, until_end_of_turn=not lasting
            )


_ANIMATE = extend(
    "api",
    "Animate",
    _animate_colours,
    {
        "Colors": _TEST + "test_camouflage_makes_spider_man_colorless_until_end_of_turn",
        "OverwriteColors": _TEST + "test_camouflage_makes_spider_man_colorless_until_end_of_turn",
    },
)


@api(
    "MultiplyCounter",
    params={
        "Defined": _TEST + "test_spider_man_doubles_each_kind_of_counter_when_you_attack",
        "Multiplier": _TEST + "test_spider_man_doubles_each_kind_of_counter_when_you_attack",
    },
    rule="701.10e",
    test=_TEST + "test_spider_man_doubles_each_kind_of_counter_when_you_attack",
)
def multiply_counter(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Multiply the counters of each kind on each defined permanent by ``Multiplier$``
    (default 2): give it (multiplier - 1) times as many of each."""
    factor = amount(ctx, link.get("Multiplier"), 2)
    for object_id in _objects(ctx, link):
        found = game.objects.get(object_id)
        if found is None:
            continue
        for kind, count in found.counters:
            if count > 0 and factor > 1:
                game.add_counters(object_id, kind, count * (factor - 1))
