"""What a player may see of an object (CR 712.6, 712.7, 712.17, 713, 708.5, 406.3;
2017: 711.2, 711.3, 711.11).

A double-faced card in a hidden zone, or face down, is indistinguishable from any other
card to a player who may not look at it (712.7): the view reveals nothing of its faces,
not even that it is double-faced. A player who may look at a DFC may look at both faces
(712.6). The engine decides who may look (the owner of a hand, the controller of a
face-down permanent, 708.5); this module decides what that reveals.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.editions import Edition
from dfc_plugin.rules.characteristics import characteristics
from dfc_plugin.rules.transform import is_double_faced
from dfc_plugin.state import DfcState

__all__ = ["is_hidden_from", "view"]


def is_hidden_from(state: DfcState, may_look: bool) -> bool:
    """Hidden zone or face down, to a player who may not look (712.7, 712.17, 406.3)."""
    return not may_look and (state.zone.is_hidden or state.face_down)


def view(edition: Edition, state: DfcState, may_look: bool) -> dict[str, Any]:
    """The object as one player may see it. Hidden: only that a card is there, in which
    zone (and, face down on the battlefield or stack, its face-down characteristics, which
    are public: a 2/2 with no name). Visible: its characteristics and, for a
    double-faced card, both faces (712.6)."""
    if is_hidden_from(state, may_look):
        hidden: dict[str, Any] = {"hidden": True, "zone": state.zone.value}
        if state.face_down and not state.zone.is_hidden:
            hidden["face_down"] = True
            shown = characteristics(state)
            if shown.type_line.types:  # a face-down spell or permanent (708.2a)
                hidden["type_line"] = shown.type_line.text
            if shown.power is not None and shown.toughness is not None:
                hidden["power"], hidden["toughness"] = shown.power.text, shown.toughness.text
        return hidden
    shown = characteristics(state)
    seen: dict[str, Any] = {
        "hidden": False,
        "zone": state.zone.value,
        "name": shown.name,
        "type_line": shown.type_line.text,
        "mana_cost": shown.mana_cost.text if shown.mana_cost else "",
        "face_down": state.face_down,
    }
    if is_double_faced(edition, state) or state.melded:
        seen["up"] = state.up.value
        seen["faces"] = [face.name for face in state.card.faces]
        if state.melded and state.melded_face is not None:
            seen["melded_face"] = state.melded_face.name
    return seen
