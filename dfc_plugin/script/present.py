"""How ``dfc-plugin show`` presents a card: text for people, JSON for programs.

The JSON follows Scryfall's card object where the fields overlap (``layout``,
``type_line`` such as ``"Delver of Secrets // Insectile Aberration"``'s ``"A // B"``,
``color_identity``, ``keywords``, ``card_faces`` with ``name``, ``mana_cost`` as
``{1}{U}``, ``type_line``, ``oracle_text``, ``colors``, ``color_indicator``, ``power``,
``toughness``, ``loyalty``, ``defense``; ``all_parts`` for meld cards). Everything that
is not a Scryfall field sits under ``dfc`` (our typed DFC ability records, and per face
its script keywords and line) and ``source`` (the script's path).

The text shows each face's mana value as the rules give it for the permanent with that
face up (a nonmodal back face: its front face's, 712.8e; a melded permanent: the sum of
its fronts, 712.8g), asking the rule handlers rather than reading printed data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dfc_plugin.cards import CardDef, DfcAbilities, Face, Layout, ManaCost
from dfc_plugin.editions import CURRENT
from dfc_plugin.errors import CardScriptError
from dfc_plugin.rules.characteristics import mana_value
from dfc_plugin.rules.naming import color_identity
from dfc_plugin.script.library import Library
from dfc_plugin.state import DfcState, Side, Zone

__all__ = ["card_json", "card_text", "scripts_with_errors_named"]

#: How much of a script is read to find its ``Name:`` lines when it did not load.
_NAME_SCAN_BYTES = 65_536

#: Layouts whose faces Scryfall lists under ``card_faces``.
_FACED = frozenset(
    {
        Layout.TRANSFORM,
        Layout.MODAL_DFC,
        Layout.DOUBLE_FACED_TOKEN,
        Layout.SPLIT,
        Layout.FLIP,
        Layout.ADVENTURE,
        Layout.OMEN,
        Layout.PREPARE,
        Layout.SPECIALIZE,
    }
)


def face_json(face: Face) -> dict[str, Any]:
    """A face as a Scryfall ``card_face`` object."""
    data: dict[str, Any] = {
        "object": "card_face",
        "name": face.name,
        "mana_cost": face.mana_cost_text,
        "type_line": face.type_line.text,
        "oracle_text": face.oracle_text,
        "colors": list(face.colors),
    }
    if face.color_indicator:
        data["color_indicator"] = list(face.color_indicator)
    for key, value in (
        ("power", face.power),
        ("toughness", face.toughness),
        ("loyalty", face.loyalty),
        ("defense", face.defense),
    ):
        if value is not None:
            data[key] = value.text
    return data


def _keyword_names(faces: list[Face]) -> list[str]:
    """Scryfall's ``keywords``: each keyword's name once (``Disturb``, not ``Disturb:1 W``)."""
    names: dict[str, None] = {}
    for face in faces:
        for keyword in face.keywords:
            names.setdefault(keyword.text.split(":", 1)[0].strip(), None)
    return list(names)


def _cost(cost: ManaCost | None) -> str | None:
    return cost.text if cost is not None else None


def dfc_json(card: CardDef, melded: Face | None) -> dict[str, Any]:
    """Our DFC ability records, with faces named rather than numbered."""
    dfc: DfcAbilities = card.dfc
    names = card.face_names

    def face(index: int) -> str:
        return names[index] if index < len(names) else str(index)

    meld = dfc.meld
    return {
        "faces": [
            {"name": f.name, "script_keywords": [k.text for k in f.keywords], "source_line": f.line}
            for f in card.faces
        ],
        "transforms": [
            {
                "face": face(t.face),
                "action": t.action,
                "source": t.source,
                "line": t.line,
                "target": t.target,
                "cost": t.cost,
            }
            for t in dfc.transforms
        ],
        "cast_back_face": [
            {
                "face": face(c.face),
                "kind": c.kind,
                "action": c.action,
                "cost": _cost(c.cost),
                "zone": c.zone,
                "line": c.line,
            }
            for c in dfc.cast_back_face
        ],
        "enters_transformed": [
            {"face": face(e.face), "source": e.source, "line": e.line, "target": e.target}
            for e in dfc.enters_transformed
        ],
        "day_night": [{"face": face(d.face), "keyword": d.keyword, "line": d.line} for d in dfc.day_night],
        "craft": [
            {
                "face": face(c.face),
                "cost": _cost(c.cost),
                "materials": c.materials,
                "line": c.line,
                "text": c.text,
            }
            for c in dfc.craft
        ],
        "meld": None
        if meld is None
        else {
            "partner": meld.partner,
            "melded_face": meld.melded_face or (melded.name if melded else None),
            "carries_melded_face": meld.carries_melded_face,
            "line": meld.line,
            "effect_source": meld.effect_source,
            "effect_line": meld.effect_line,
            "melded": face_json(melded) if melded is not None else None,
        },
        "modal_faces": [{"face": m.name, "play": m.play, "permanent": m.permanent} for m in dfc.modal_faces],
        "incubate": [{"face": face(i.face), "source": i.source, "line": i.line} for i in dfc.incubate],
    }


def card_json(card: CardDef, library: Library) -> dict[str, Any]:
    """The card as a Scryfall-style card object plus ``dfc`` and ``source``."""
    front = card.front
    data: dict[str, Any] = {
        "object": "card",
        "name": card.display_name,
        "layout": card.layout.value,
        "cmc": float(front.mana_value),
    }
    melded = library.melded_face(card) if card.layout is Layout.MELD else None
    faces = list(card.faces)
    data["color_identity"] = list(color_identity(CURRENT, card, melded))
    # Scryfall's keywords are those of the faces it shows: a meld card's melded face is a
    # card object of its own there.
    data["keywords"] = _keyword_names(faces if card.layout in _FACED else [card.front])
    if card.layout in _FACED and len(faces) > 1:
        data["type_line"] = " // ".join(face.type_line.text for face in faces)
        data["card_faces"] = [face_json(face) for face in faces]
    else:
        data.update({k: v for k, v in face_json(front).items() if k != "object"})
    if card.layout is Layout.MELD and card.dfc.meld is not None:
        data["all_parts"] = _meld_parts(card, melded)
    data["dfc"] = dfc_json(card, melded)
    data["source"] = {"path": card.path, "line": front.line}
    return data


def _meld_parts(card: CardDef, melded: Face | None) -> list[dict[str, str]]:
    meld = card.dfc.meld
    assert meld is not None
    parts = [
        {"object": "related_card", "component": "meld_part", "name": name}
        for name in sorted((card.name, meld.partner))
    ]
    result = meld.melded_face or (melded.name if melded else None)
    if result:
        parts.append({"object": "related_card", "component": "meld_result", "name": result})
    return parts


def _permanent_mana_value(card: CardDef, face: Face, library: Library) -> str:
    """A face's mana value as the rules give it for the permanent with that face up."""
    if face is card.front or card.layout not in (Layout.TRANSFORM, Layout.DOUBLE_FACED_TOKEN, Layout.MELD):
        return f"mana value {face.mana_value}"
    if card.layout is Layout.MELD:
        partner = library.partner(card)
        if partner is None:
            return "mana value of the melded permanent unknown: its partner is not in the library (712.8g)"
        state = DfcState((card, partner), Zone.BATTLEFIELD, up=Side.BACK, melded=True, melded_face=face)
        return f"mana value {mana_value(state)} as the melded permanent: its fronts' total, 712.8g"
    state = DfcState.of(card, Zone.BATTLEFIELD, up=Side.BACK)
    return f"mana value {mana_value(state)} as a permanent: its front face's, 712.8e"


def _face_text(label: str, face: Face, value: str) -> list[str]:
    cost = face.mana_cost_text or "no mana cost"
    head = f"{label}: {face.name}  {cost}  ({value})"
    lines = [head, f"  {face.type_line.text}"]
    stats = []
    if face.power is not None and face.toughness is not None:
        stats.append(f"{face.power.text}/{face.toughness.text}")
    if face.loyalty is not None:
        stats.append(f"loyalty {face.loyalty.text}")
    if face.defense is not None:
        stats.append(f"defense {face.defense.text}")
    colors = "".join(face.colors) or "colorless"
    indicator = f" (colour indicator {''.join(face.color_indicator)})" if face.color_indicator else ""
    lines.append("  " + "  ".join([*stats, f"colours: {colors}{indicator}"]))
    lines.extend(f"  | {text}" for text in face.oracle_text.splitlines())
    return lines


def card_text(card: CardDef, library: Library) -> str:
    """A readable description: faces, then DFC abilities."""
    out = [f"{card.display_name}  [{card.layout.value}]  {card.path}"]
    labels = (
        ("Front", "Back") if len(card.faces) == 2 else tuple(f"Face {i + 1}" for i in range(len(card.faces)))
    )
    if card.layout is Layout.MELD:
        labels = ("Front", "Melded")
    for label, face in zip(labels, card.faces, strict=False):
        out.extend(_face_text(label, face, _permanent_mana_value(card, face, library)))
    carried = card.dfc.meld is not None and card.dfc.meld.carries_melded_face
    melded = library.melded_face(card) if card.layout is Layout.MELD and not carried else None
    if melded is not None:
        out.extend(_face_text("Melded (from partner)", melded, _permanent_mana_value(card, melded, library)))
    records = dfc_json(card, melded)
    lines = [
        _record_line(kind, item)
        for kind, items in records.items()
        if isinstance(items, list) and kind != "faces"
        for item in items
    ]
    if records["meld"] is not None:
        meld = records["meld"]
        lines.append(
            f"meld with {meld['partner']!r} into {meld['melded_face']!r}"
            + (" (this card carries the melded face)" if meld["carries_melded_face"] else "")
            + f", line {meld['line']}"
        )
    if lines:
        out.append("DFC abilities:")
        out.extend(f"  {line}" for line in lines)
    return "\n".join(out)


def _record_line(kind: str, item: dict[str, Any]) -> str:
    details = ", ".join(
        f"{k} {v}" for k, v in item.items() if k not in ("face", "line") and v not in (None, "")
    )
    return f"{kind.replace('_', ' ')} on {item['face']!r} (line {item.get('line', '-')}): {details}"


def scripts_with_errors_named(library: Library, name: str) -> list[tuple[str, list[CardScriptError]]]:
    """The scripts that did not load because of errors, and whose ``Name:`` lines name
    ``name``: why a card that is there on disk is not in the library."""
    wanted = name.casefold().strip()
    found = []
    for loaded in library.files:
        if not loaded.errors or loaded.summary is not None:
            continue
        try:
            with Path(loaded.path).open("rb") as file:
                head = file.read(_NAME_SCAN_BYTES).decode("utf-8", errors="replace")
        except OSError:
            continue
        names = [line[5:].strip().casefold() for line in head.splitlines() if line.startswith("Name:")]
        if wanted in names:
            found.append((loaded.path, list(loaded.errors)))
    return found
