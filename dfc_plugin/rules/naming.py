"""Naming a card, and Commander colour identity (CR 712.19, 201.4d-e, 903.4, 903.4c-d;
2017: 711.13; the release-note ruling on linked "chosen name" abilities).

A player told to choose a card name may choose either face's name, not both, and a meld
pair's combined back face (712.19). A linked ability that looks for a spell or land
with the chosen name sees only that name, on the face that is up (release notes).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dfc_plugin.cards import COLOR_ORDER, CardDef, Face, Layout
from dfc_plugin.editions import Edition
from dfc_plugin.rules.characteristics import Characteristics, characteristics
from dfc_plugin.state import DfcState

__all__ = ["choosable_names", "color_identity", "has_chosen_name"]

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_REMINDER = re.compile(r"\([^()]*\)")
_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def choosable_names(
    edition: Edition,
    card: CardDef,
    melded_face: Face | None = None,
    fits: Callable[[Characteristics], bool] | None = None,
) -> tuple[str, ...]:
    """The names a player may choose for this card: each face's name (712.19, 201.4d),
    and the combined back face of its meld pair (712.19, 201.4e). With ``fits``, a name
    is allowed only if the characteristics of its own face fit (201.4d-e)."""
    faces: list[Face] = list(card.faces)
    if card.layout is Layout.MELD:
        faces = [card.faces[0]] + ([melded_face] if melded_face is not None else [])
    elif not card.layout.is_double_faced:
        faces = faces[:1] if card.layout is Layout.NORMAL else faces
    return tuple(face.name for face in faces if fits is None or fits(Characteristics.of(face)))


def has_chosen_name(state: DfcState, chosen: str) -> bool:
    """Whether this object has the chosen name now: only the face that is up counts on
    the stack and battlefield, only the front face elsewhere (712.8, release notes)."""
    return characteristics(state).name == chosen


def _face_identity(face: Face) -> set[str]:
    colors = set(face.mana_cost.colors if face.mana_cost else ())
    colors.update(face.color_indicator or ())
    text = _REMINDER.sub("", face.oracle_text)  # 903.4c: reminder text is ignored
    for symbol in _SYMBOL.findall(text):
        colors.update(part for part in symbol.split("/") if part in COLOR_ORDER)
    colors.update(color for land, color in _LAND_COLORS.items() if land in face.type_line.subtypes)
    return colors


def color_identity(edition: Edition, card: CardDef, melded_face: Face | None = None) -> tuple[str, ...]:
    """Commander colour identity: mana symbols in the cost and rules text of both faces,
    colour indicators and basic land types (903.4, 903.4c); the back face counts too, an
    exception to 712.8a (903.4d), and so does a meld card's half of the melded face."""
    faces = list(card.faces) + (
        [melded_face] if melded_face is not None and melded_face not in card.faces else []
    )
    found: set[str] = set()
    for face in faces:
        found |= _face_identity(face)
    return tuple(c for c in COLOR_ORDER if c in found)
