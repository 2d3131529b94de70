"""Protection (702.16): "protection from [quality]" means Damage from sources with that
quality is prevented (702.16e), the permanent can't be Enchanted or Equipped by such
permanents (702.16c-d), can't be Blocked by such creatures (702.16f) and can't be
Targeted by such spells or abilities (702.16b). The engine asks :func:`protected` at
each of those four places; the ``Protection`` API grants it ("gains protection from
the color of your choice until end of turn").

Qualities are read from the keyword: ``Protection from red``, ``... from artifacts``,
``... from everything``, ``... from multicolored``; and Forge's
``Protection:<valid-card expression>:<text>`` (``Protection:Instant:Protection from
instants``). A quality this module can't read (``Protection from Dragons``) is no
registered keyword, so census reports it and a game refuses the card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.colours import colors_of
from dfc_plugin.host.abilities.registry import api, keyword
from dfc_plugin.host.abilities.values import Ctx, defined_objects, matches
from dfc_plugin.state import Zone

__all__ = ["protected"]

_PR = "test_abilities_protection.py::"
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPES = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment"}
_PREFIX = "protection from "


def _colors(game: Any, source: Any) -> tuple[str, ...]:
    return colors_of(game, source)  # layer 5 (613.1e)


def _of_color(color: str) -> Callable[[Any, Any], bool]:
    return lambda game, source: color in _colors(game, source)


def _of_type(word: str) -> Callable[[Any, Any], bool]:
    return lambda game, source: bool(game.has_type_of(source, word))


#: Quality words (after "protection from ") -> whether a source has that quality.
QUALITIES: dict[str, Callable[[Any, Any], bool]] = {
    **{word: _of_color(c) for word, c in _COLORS.items()},
    **{word: _of_type(t) for word, t in _TYPES.items()},
    "multicolored": lambda g, s: len(_colors(g, s)) > 1,
    "monocolored": lambda g, s: len(_colors(g, s)) == 1,
    "all colors": lambda g, s: bool(_colors(g, s)),
    "everything": lambda g, s: True,
}


def _printed_valid_forms(game: Any, found: Any) -> list[str]:
    """``K:Protection:<valid>:<text>`` on the face: the valid-card expressions."""
    face = game.face_of(found)
    words = face.keywords if face is not None else ()
    return [w.args[0] for w in words if w.name == "Protection" and w.args]


def protected(game: Any, object_id: int, source_id: int | None) -> bool:
    """Whether the object has protection from the source (as it is now, or as it last
    existed if it has left its zone, 702.16)."""
    found = game.objects.get(object_id)
    source = game.objects.get(source_id) or game.lki.get(source_id) if source_id is not None else None
    if found is None or source is None or source.id == found.id:
        return False
    for word in game.keywords_of(found):
        if word.startswith(_PREFIX):
            quality = QUALITIES.get(word[len(_PREFIX) :])
            if quality is not None and quality(game, source):
                return True
    ctx = game.ability_ctx(found, game.face_of(found)) if game.face_of(found) is not None else None
    return ctx is not None and any(matches(ctx, source, v) for v in _printed_valid_forms(game, found))


def _quality_keyword(quality: str) -> None:
    def has(game: Any, object_id: int) -> bool:
        return f"{_PREFIX}{quality}" in game.keywords_of(game.objects[object_id])

    has.__doc__ = f"Protection from {quality}: no damage, enchanting, blocking or targeting by such sources."
    keyword(f"Protection from {quality}", rule="702.16a", test=_PR + "test_protection_from_a_color_is_debt")(
        has
    )


for _quality in QUALITIES:
    _quality_keyword(_quality)


@keyword("Protection", rule="702.16a", test=_PR + "test_protection_from_a_color_is_debt")
def protection_valid(game: Any, object_id: int) -> bool:
    """``Protection:<valid>:<text>``: protection from sources fitting the expression."""
    return bool(_printed_valid_forms(game, game.objects[object_id]))


@api(
    "Protection",
    params={
        "Gains": _PR + "test_sejiri_shelter_protects_from_the_chosen_color",
        "Choices": _PR + "test_sejiri_shelter_protects_from_the_chosen_color",
        "Defined": _PR + "test_sejiri_shelter_protects_from_the_chosen_color",
    },
    rule="702.16a",
    test=_PR + "test_sejiri_shelter_protects_from_the_chosen_color",
)
def gain_protection(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each target (or ``Defined$``) gains protection from the listed colors
    (``Gains$ red,white``) or from a color its controller chooses (``Gains$ Choice |
    Choices$ AnyColor``) until end of turn."""
    gains = [g.strip().lower() for g in (link.get("Gains") or "").split(",") if g.strip()]
    if gains == ["choice"]:
        choices = link.get("Choices") or "AnyColor"
        if choices != "AnyColor":
            raise UnsupportedAbilityError(
                f"Protection Choices$ {choices} can't run here", missing=(f"Protection.Choices:{choices}",)
            )
        gains = [game.ask(ctx.controller, "color to gain protection from", list(_COLORS))]
    unknown = [g for g in gains if g not in QUALITIES]
    if unknown:
        raise UnsupportedAbilityError(
            f"Protection from {', '.join(unknown)} can't run here",
            missing=tuple(f"Protection.Gains:{g}" for g in unknown),
        )
    chosen = [v for k, v in ctx.targeted() if k == "o"] if "ValidTgts" in link else None
    for object_id in chosen if chosen is not None else defined_objects(ctx, link.get("Defined")):
        if object_id not in game.objects:
            continue
        if game.objects[object_id].zone is Zone.BATTLEFIELD:
            game.add_effect(object_id, 0, 0, tuple(f"Protection from {g}" for g in gains))
