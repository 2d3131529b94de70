"""Face-down double-faced cards (CR 712.15, 712.15a, 712.16, 712.17, 708; 2017: 711.9,
711.9a, 711.10, 711.11).

A DFC may be cast or put onto the battlefield face down (712.15) and exiled face down
(712.17), but a double-faced permanent can't be turned face down (712.16); turned face
up, it has its front face up (712.15a). ``face_down`` is its own field: the face that is
up stays recorded apart from it, so turning a card face up never loses which face was up.
"""

from __future__ import annotations

from dfc_plugin.cards import Layout
from dfc_plugin.editions import Edition
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.rules.transform import is_double_faced
from dfc_plugin.state import DfcState, Side, Zone

__all__ = ["exile_face_down", "turn_face_down", "turn_face_up"]


def turn_face_down(edition: Edition, state: DfcState) -> Outcome:
    """Melded and other double-faced permanents can't be turned face down; nothing
    happens, and the effect changes none of its characteristics or copiable values
    (712.16, 2026-09-25 wording). A face-down permanent can't be turned face down (708.2b)."""
    if state.zone is not Zone.BATTLEFIELD:
        return Outcome.nothing(state, Verdict(False, "708.1", "only a permanent can be turned face down"))
    if state.face_down:
        return Outcome.nothing(state, Verdict(False, "708.2b", "it is already face down"))
    if state.melded or state.card.layout is Layout.MELD or is_double_faced(edition, state):
        # Meld cards too, in every edition (2018: 712.10 of the meld rules; now 712.16).
        return Outcome.nothing(
            state, Verdict(False, "712.16", "a double-faced or meld permanent can't be turned face down")
        )
    return Outcome(True, state.evolve(face_down=True), "708.2a", "it is now a face-down 2/2 creature")


def turn_face_up(edition: Edition, state: DfcState) -> Outcome:
    """A face-down double-faced permanent turned face up has its front face up
    (712.15a); its copiable values revert to its normal ones (708.8)."""
    if not state.face_down:
        return Outcome.nothing(state, Verdict(False, "708.7", "it isn't face down"))
    rule = "712.15a"
    return Outcome(
        True, state.evolve(face_down=False, up=Side.FRONT), rule, "turned face up with its front face up"
    )


def exile_face_down(edition: Edition, state: DfcState) -> DfcState:
    """A card exiled face down stays hidden and has no characteristics (712.17, 406.3a)."""
    return DfcState.of(state.card, Zone.EXILE, face_down=True)
