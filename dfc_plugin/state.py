"""The per-object record a host engine keeps for the DFC rules: :class:`DfcState`.

One record per game object (a card in a zone, a spell, a permanent, a token). Rule
handlers read it and return a new one; nothing here changes in place. The fields keep
apart what an engine must not conflate, because an engine that stored a face-down card's
hidden face in the same slot as a DFC's back face lost the back face:

- ``up``: which face of the card is up, front or back (712.8);
- ``transform_count``: how often this object has transformed or converted (701.27f,
  613.7g), so "transformed" is never guessed from the face alone;
- ``face_down``: face down (708, 712.15), which hides ``up`` but does not replace it;
- ``melded``: one object represented by two cards (712.4a).

The handlers in :mod:`dfc_plugin.rules` memoize a record's characteristics and mana value
in two private slots (not constructor arguments, not part of equality, never copied by
:meth:`DfcState.evolve`); the record itself never changes meaning.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from dfc_plugin.cards import CardDef, Face

if TYPE_CHECKING:
    from dfc_plugin.rules.characteristics import Characteristics

__all__ = ["CopyKind", "CopyValues", "DfcState", "Side", "TokenKind", "Zone"]


class Zone(enum.StrEnum):
    """Game zones (CR 400.1), plus outside the game."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"
    OUTSIDE = "outside"

    @property
    def is_hidden(self) -> bool:
        """Library and hand are hidden zones (CR 400.2)."""
        return self in (Zone.LIBRARY, Zone.HAND)


class Side(enum.StrEnum):
    """Which face of a card is up."""

    FRONT = "front"
    BACK = "back"


class TokenKind(enum.StrEnum):
    """What represents the object: a card, a token, or a double-faced token (111.10i, 707.8a)."""

    NONE = "none"
    TOKEN = "token"
    DOUBLE_FACED_TOKEN = "double_faced_token"


class CopyKind(enum.StrEnum):
    """What a copy effect copied; decides the copy's mana value (202.3b-c)."""

    FACE = "face"  # a single-faced object, a front face, or a modal DFC's face
    NONMODAL_BACK = "nonmodal_back"  # the back face of a nonmodal DFC: mana value 0 (202.3b)
    MELDED = "melded"  # a melded permanent: mana value 0 (202.3c)
    FACE_DOWN = "face_down"  # a face-down permanent: a 2/2 with no name or cost (708.2, 708.10)


@dataclass(frozen=True, slots=True)
class CopyValues:
    """The copiable values an object has because of a copy effect (CR 707.2, 707.8): the
    face that was up on what it copied, and what kind of face that was."""

    face: Face | None
    kind: CopyKind
    source: str = ""


@dataclass(frozen=True, slots=True)
class DfcState:
    """What the DFC rules need to know about one game object.

    ``cards`` holds the card definition(s) representing the object: one card, or two for
    a melded permanent (primary first). A double-faced token's definition is the card or
    token script its faces come from. ``melded_face`` is the combined back face of a
    melded permanent (it lives on one card of the pair). ``x`` is the value chosen for X
    while the object is a spell (202.3e).
    """

    cards: tuple[CardDef, ...]
    zone: Zone
    up: Side = Side.FRONT
    face_down: bool = False
    melded: bool = False
    melded_face: Face | None = None
    token: TokenKind = TokenKind.NONE
    copy_of: CopyValues | None = None
    transform_count: int = 0
    x: int = 0
    # Memo slots for the rule handlers: private, never part of equality, never copied.
    _memo_characteristics: Characteristics | None = field(
        default=None, init=False, compare=False, repr=False
    )
    _memo_mana_value: int | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def card(self) -> CardDef:
        """The (first) card representing the object."""
        return self.cards[0]

    def evolve(self, **changes: Any) -> DfcState:
        """A new record with some fields changed (memos are not carried over)."""
        return replace(self, **changes)

    @classmethod
    def of(cls, card: CardDef, zone: Zone = Zone.LIBRARY, **fields: Any) -> DfcState:
        """A card in a zone, front face up (the default of 712.8a, 712.14)."""
        token = (
            TokenKind.DOUBLE_FACED_TOKEN
            if card.is_token and len(card.faces) > 1
            else (TokenKind.TOKEN if card.is_token else TokenKind.NONE)
        )
        fields.setdefault("token", token)
        return cls((card,), zone, **fields)
