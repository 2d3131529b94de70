"""Characteristics and mana value of an object in each zone and state (CR 712.8a-g,
202.3a-e, 707.8, 708.2a, 406.3a; modal DFC mana value from the release notes).

These are the hot-path queries: an engine asks them over and over. Each card's faces are
turned into :class:`Characteristics` once (a per-card table) and each state's answer is
memoized on the state, so a repeated query is a function call and an attribute read.
"""

from __future__ import annotations

from dataclasses import dataclass

from dfc_plugin.cards import CardDef, Face, Layout, ManaCost, PTValue, SymbolKind, TypeLine
from dfc_plugin.state import CopyKind, CopyValues, DfcState, Side, Zone

__all__ = [
    "FACE_DOWN",
    "NO_CHARACTERISTICS",
    "Characteristics",
    "characteristics",
    "copiable_values",
    "face_characteristics",
    "is_nonmodal",
    "mana_value",
]

_IN_PLAY = (Zone.BATTLEFIELD, Zone.STACK)


@dataclass(frozen=True, slots=True)
class Characteristics:
    """An object's characteristics (CR 109.3), with the face its text comes from."""

    name: str | None
    mana_cost: ManaCost | None
    colors: tuple[str, ...]
    type_line: TypeLine
    power: PTValue | None = None
    toughness: PTValue | None = None
    loyalty: PTValue | None = None
    defense: PTValue | None = None
    color_indicator: tuple[str, ...] | None = None
    face: Face | None = None

    @classmethod
    def of(cls, face: Face) -> Characteristics:
        return cls(
            name=face.name,
            mana_cost=face.mana_cost,
            colors=face.colors,
            type_line=face.type_line,
            power=face.power,
            toughness=face.toughness,
            loyalty=face.loyalty,
            defense=face.defense,
            color_indicator=face.color_indicator,
            face=face,
        )

    @property
    def is_permanent(self) -> bool:
        return self.type_line.is_permanent


#: A face-down spell or permanent with no other characteristics listed: a 2/2 creature
#: with no text, no name, no subtypes and no mana cost (708.2a).
FACE_DOWN = Characteristics(
    name=None,
    mana_cost=None,
    colors=(),
    type_line=TypeLine(types=("Creature",)),
    power=PTValue("2", 2),
    toughness=PTValue("2", 2),
)

#: A card exiled face down has no characteristics (406.3a).
NO_CHARACTERISTICS = Characteristics(name=None, mana_cost=None, colors=(), type_line=TypeLine())

_TABLES: dict[int, tuple[CardDef, tuple[Characteristics, ...]]] = {}


def face_characteristics(card: CardDef) -> tuple[Characteristics, ...]:
    """Each face of a card as characteristics, computed once per card."""
    entry = _TABLES.get(id(card))
    if entry is None or entry[0] is not card:
        entry = (card, tuple(Characteristics.of(face) for face in card.faces))
        _TABLES[id(card)] = entry
    return entry[1]


def is_nonmodal(card: CardDef) -> bool:
    """A nonmodal double-faced card or double-faced token: its back face's mana value
    comes from its front face (202.3b, 712.8c, 712.8e)."""
    return card.layout in (Layout.TRANSFORM, Layout.DOUBLE_FACED_TOKEN)


def _characteristics(state: DfcState) -> Characteristics:
    if state.face_down:
        # 708.2a on the stack and battlefield; 406.3a for a card exiled face down.
        return FACE_DOWN if state.zone in _IN_PLAY else NO_CHARACTERISTICS
    copy = state.copy_of
    if copy is not None:
        if copy.face is None:
            return FACE_DOWN  # a copy of a face-down permanent (708.2, 708.10)
        return Characteristics.of(copy.face)  # 707.2, 707.8 (712.9 example 2)
    faces = face_characteristics(state.card)
    if state.zone not in _IN_PLAY:
        return faces[0]  # 712.8a
    if state.melded and state.melded_face is not None:
        return Characteristics.of(state.melded_face)  # 712.8g
    if state.up is Side.BACK and len(faces) > 1 and state.card.layout is not Layout.MELD:
        return faces[1]  # 712.8c, 712.8e, 712.8f
    return faces[0]  # 712.8b, 712.8c, 712.8d


def characteristics(state: DfcState) -> Characteristics:
    """The characteristics the object has now (712.8a-g)."""
    memo = state._memo_characteristics
    if memo is None:
        memo = _characteristics(state)
        object.__setattr__(state, "_memo_characteristics", memo)
    return memo


def _cost_value(cost: ManaCost | None, state: DfcState) -> int:
    """A cost's mana value; X is what was chosen while the object is a spell (202.3e)."""
    if cost is None:
        return 0
    value = cost.mana_value
    if state.zone is Zone.STACK and state.x:
        value += state.x * sum(1 for s in cost.symbols if s.kind is SymbolKind.VARIABLE)
    return value


def _mana_value(state: DfcState) -> int:
    if state.face_down:
        return 0  # no mana cost (708.2a, 406.3a)
    copy = state.copy_of
    if copy is not None:
        if copy.kind is not CopyKind.FACE or copy.face is None:
            return 0  # a copy of a back face, a melded or a face-down permanent (202.3b-c, 708.2a)
        return _cost_value(copy.face.mana_cost, state)
    card = state.card
    front = card.faces[0]
    if state.zone not in _IN_PLAY:
        return _cost_value(front.mana_cost, state)  # 712.8a (modal: the front face)
    if state.melded:
        return sum(c.faces[0].mana_value for c in state.cards)  # 712.8g, 202.3c
    if state.up is Side.BACK and len(card.faces) > 1:
        if card.layout is Layout.MODAL_DFC:
            return _cost_value(card.faces[1].mana_cost, state)  # the face that is up (712.8f)
        return _cost_value(front.mana_cost, state)  # the front face's cost (712.8c, 712.8e, 202.3b)
    return _cost_value(front.mana_cost, state)


def mana_value(state: DfcState) -> int:
    """The object's mana value (202.3, 712.8c/e/g), from the rules, never from printed
    data: back face up, the front face's; a copy of a back face or of a melded permanent,
    0; melded, the sum of the two fronts; a modal DFC, the face that is up; face down, 0."""
    memo = state._memo_mana_value
    if memo is None:
        memo = _mana_value(state)
        object.__setattr__(state, "_memo_mana_value", memo)
    return memo


def copiable_values(state: DfcState) -> CopyValues:
    """What a copy of this object copies (707.2, 707.3, 707.8): the face that is up, and
    what kind of face it is (a back face of a nonmodal DFC or a melded permanent makes a
    copy with mana value 0, 202.3b-c). A copy of a copy copies what that one copied."""
    if state.copy_of is not None:
        return state.copy_of
    source = state.card.name
    if state.face_down:
        return CopyValues(None, CopyKind.FACE_DOWN, "")  # 708.2: the listed values only
    if state.melded and state.melded_face is not None:
        return CopyValues(state.melded_face, CopyKind.MELDED, source)
    card = state.card
    if state.zone in _IN_PLAY and state.up is Side.BACK and len(card.faces) > 1:
        kind = CopyKind.NONMODAL_BACK if is_nonmodal(card) else CopyKind.FACE
        return CopyValues(card.faces[1], kind, source)
    return CopyValues(card.faces[0], CopyKind.FACE, source)
