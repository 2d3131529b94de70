"""Card data for phase.rs, built offline from our parsed card scripts.

phase-python reads cards only from a ``card-data.json`` export, which it builds from
MTGJSON-style atomic card records with its own Oracle-text parser
(``phase.build_oracle_face`` for a one-faced card, ``build_oracle_face_multi`` for each
face of a two-faced one). Nothing is downloaded: each record here is written from a
:class:`~dfc_plugin.cards.CardDef` (name, mana cost, type line, colours, P/T, Oracle
text), so phase.rs plays the same cards the reference engine does. Meld cards have no
data path that melds (docs/engines/phase.md, "Meld, checked"): they are left out and
reported by :func:`card_data` as skipped.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dfc_plugin.cards import CardDef, Face, Layout

__all__ = ["FILLER", "CardData", "atomic_record", "card_data"]

#: The card that fills a deck (phase deals opening hands from non-empty decks). The
#: driver keeps it out of every answer about zones.
FILLER = "Wastes"

_TWO_FACED = {Layout.TRANSFORM: "transform", Layout.MODAL_DFC: "modal_dfc"}


@dataclass(frozen=True)
class CardData:
    """The export (face name in lower case -> phase's face record) and what was left out."""

    faces: dict[str, Any]
    skipped: dict[str, str]


def _colors(face: Face) -> list[str]:
    return list(face.colors)


def atomic_record(card: CardDef, face: Face, side: str | None, layout: str) -> dict[str, Any]:
    """One MTGJSON-style atomic card record for one face of ``card``."""
    types = face.type_line
    record: dict[str, Any] = {
        "name": " // ".join(f.name for f in card.faces) if side else face.name,
        "manaCost": face.mana_cost.text if face.mana_cost else "",
        "manaValue": float(face.mana_value),
        "colors": _colors(face),
        "colorIdentity": sorted({c for f in card.faces for c in f.colors}),
        "type": types.text,
        "types": list(types.types),
        "subtypes": list(types.subtypes),
        "supertypes": list(types.supertypes),
        "text": face.oracle_text,
        "layout": layout,
        "keywords": [k.name for k in face.keywords if not k.args],
        "identifiers": {},
    }
    for key, value in (
        ("power", face.power),
        ("toughness", face.toughness),
        ("loyalty", face.loyalty),
        ("defense", face.defense),
    ):
        if value is not None:
            record[key] = value.text
    if side:
        record["faceName"] = face.name
        record["side"] = side
    return record


def _faces_of(card: CardDef) -> list[tuple[str, Any]]:
    """(key, phase face record) for each face of one card."""
    import phase

    layout = _TWO_FACED.get(card.layout)
    oracle_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"dfc-plugin:{card.name}"))
    if layout is None:
        face = phase.build_oracle_face(atomic_record(card, card.front, None, card.layout.value), oracle_id)
        return [(card.front.name.lower(), face)]
    entries = []
    for index, (face, side) in enumerate(zip(card.faces, "ab", strict=False)):
        # phase joins a card's faces by their oracle id: one per card, made up here.
        built = dict(phase.build_oracle_face_multi(atomic_record(card, face, side, layout), oracle_id))
        built.update(layout=layout, face_index=index)
        entries.append((face.name.lower(), built))
    return entries


def _filler() -> tuple[str, Any]:
    import phase

    record = {
        "name": FILLER,
        "manaCost": "",
        "manaValue": 0.0,
        "colors": [],
        "colorIdentity": [],
        "type": "Basic Land",
        "types": ["Land"],
        "subtypes": [],
        "supertypes": ["Basic"],
        "text": "{T}: Add {C}.",
        "layout": "normal",
        "keywords": [],
        "identifiers": {},
    }
    return FILLER.lower(), phase.build_oracle_face(record, None)


def card_data(cards: Iterable[CardDef]) -> CardData:
    """phase's card data for these cards, and the filler; a card phase can't take (meld,
    more than two faces, or a record its builder refuses) is skipped with the reason."""
    faces: dict[str, Any] = dict([_filler()])
    skipped: dict[str, str] = {}
    for card in cards:
        if card.layout is Layout.MELD:
            skipped[card.name] = (
                "meld: no data path melds in phase (its Meld effect exiles the pair and "
                "puts no melded permanent onto the battlefield from these records)"
            )
            continue
        if card.layout not in _TWO_FACED and len(card.faces) > 1:
            skipped[card.name] = f"layout {card.layout.value}: not a layout phase builds from two faces"
            continue
        try:
            entries = _faces_of(card)
        except (ValueError, TypeError, KeyError) as error:
            skipped[card.name] = f"phase's card builder refused it: {error}"
            continue
        for key, face in entries:
            faces.setdefault(key, face)
    return CardData(faces, skipped)
