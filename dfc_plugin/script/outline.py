"""A card's outline: what the library index and its cross-file checks need.

Kept apart from the builder so that a load served from the cache (which needs only
outlines and diagnostics) imports no parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from dfc_plugin.cards import CardDef

__all__ = ["CardOutline"]


class CardOutline(NamedTuple):
    """A card's face names, layout and meld pair: what the library index and its
    cross-file checks need, known even for a card with errors (a named tuple: a cached
    load makes 18,000 of them)."""

    names: tuple[str, ...]
    name_lines: tuple[int, ...]
    layout: str
    meld_partner: str | None = None
    melded_face: str | None = None
    meld_line: int = 0

    @classmethod
    def of(cls, card: CardDef) -> CardOutline:
        meld = card.dfc.meld
        return cls(
            names=card.face_names,
            name_lines=tuple(face.line for face in card.faces),
            layout=card.layout.value,
            meld_partner=meld.partner if meld else None,
            melded_face=meld.melded_face if meld else None,
            meld_line=meld.line if meld else 0,
        )
