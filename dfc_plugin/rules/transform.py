"""Transform and convert: may a permanent turn over, and into what (CR 701.27, 701.28,
712.4c, 712.9, 712.10, 712.15a, 712.18, 712.20, 702.145b/e; the 2025 rule that lets a
modal DFC transform when its other face has a permanent type).

Transforming never makes a new object (712.18): the state keeps everything and only its
face, its transform count (701.27f) and, through the engine, its timestamp (613.7g)
change. An instruction that cannot be carried out is "nothing happens", an
:class:`~dfc_plugin.rules.outcome.Outcome` that did not happen.
"""

from __future__ import annotations

from typing import Literal

from dfc_plugin.cards import Face, Layout
from dfc_plugin.editions import Edition
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.state import DfcState, Side, TokenKind, Zone

__all__ = [
    "can_transform",
    "is_double_faced",
    "is_transformed",
    "other_face",
    "transform",
    "transforming_abilities",
]

Action = Literal["transform", "convert"]
#: Why a permanent is told to transform: an effect, or its own daybound/nightbound.
Cause = Literal["effect", "daybound", "nightbound"]


def is_double_faced(edition: Edition, state: DfcState) -> bool:
    """Represented by a double-faced card or a double-faced token (712.1, 712.9, 111.10i,
    707.8a). A melded permanent is too (712.16). Under the 2017 edition meld cards are not
    DFCs (711.1d) and there are no double-faced tokens (711.1)."""
    if state.token is TokenKind.TOKEN:
        return False
    if state.token is TokenKind.DOUBLE_FACED_TOKEN:
        return edition.double_faced_tokens
    layout = state.card.layout
    if layout is Layout.MELD:
        return edition.meld_cards_are_dfcs
    if layout is Layout.MODAL_DFC:
        return edition.modal_dfcs
    return layout in (Layout.TRANSFORM, Layout.DOUBLE_FACED_TOKEN) and len(state.card.faces) > 1


def is_transformed(edition: Edition, state: DfcState) -> bool:
    """A "transformed permanent": a double-faced permanent with its back face up; never a
    melded permanent (701.27g)."""
    return (
        state.zone is Zone.BATTLEFIELD
        and state.up is Side.BACK
        and not state.melded
        and not state.face_down
        and is_double_faced(edition, state)
    )


def other_face(state: DfcState) -> Face | None:
    """The face a permanent would turn into."""
    faces = state.card.faces
    if len(faces) < 2:
        return None
    return faces[0] if state.up is Side.BACK else faces[1]


def can_transform(
    edition: Edition,
    state: DfcState,
    action: Action = "transform",
    cause: Cause = "effect",
    since: int | None = None,
) -> Verdict:
    """Whether an instruction to transform (or convert) this permanent does anything."""
    keyword = "701.28" if action == "convert" else "701.27"
    if action == "convert" and not edition.convert:
        return Verdict(False, "701.28", f"there is no convert in the {edition} rules")
    if state.zone is not Zone.BATTLEFIELD:
        return Verdict(False, f"{keyword}a", "only a permanent can transform or convert")
    if state.face_down:
        return Verdict(False, "712.15a", "a face-down permanent can't transform")
    if state.card.layout is Layout.MELD or state.melded:
        return Verdict(False, "712.4c", "meld cards and melded permanents can't transform or convert")
    if not is_double_faced(edition, state):
        # In 2017 a token's answer was its own rule: "Tokens ... can't transform" (711.1),
        # any token, a double-faced one (an Incubator replayed under those rules) too.
        rule = "711.1" if state.token is not TokenKind.NONE and edition.dfc_rule == "711" else "712.9"
        return Verdict(False, rule, "only double-faced cards and double-faced tokens can transform")
    return _can_turn_over(edition, state, keyword, cause, since)


def _can_turn_over(
    edition: Edition, state: DfcState, keyword: str, cause: Cause, since: int | None
) -> Verdict:
    if state.card.layout is Layout.MODAL_DFC and not edition.modal_dfcs_transform:
        return Verdict(False, "712.3", "under these rules a modal double-faced card can't transform")
    if since is not None and state.transform_count != since:
        rule = "701.28e" if keyword == "701.28" else "701.27f"
        return Verdict(False, rule, "it has already transformed or converted since the ability began")
    restriction = _day_night_restriction(state, cause)
    if restriction is not None:
        return restriction
    target = other_face(state)
    if target is None or not target.type_line.is_permanent:
        # 712.10; for a modal DFC, the 2025 rule: only into a face with a permanent type.
        return Verdict(False, "712.10", "the face it would turn into is an instant or sorcery face")
    return Verdict(True, f"{keyword}a", f"turns over so that {target.name} is up")


def _day_night_restriction(state: DfcState, cause: Cause) -> Verdict | None:
    """Daybound and nightbound permanents transform only through those abilities (702.145b, e)."""
    face = state.card.faces[0] if state.up is Side.FRONT else state.card.faces[-1]
    for keyword, rule in (("daybound", "702.145b"), ("nightbound", "702.145e")):
        if face.has_keyword(keyword) and cause != keyword:
            return Verdict(False, rule, f"a permanent with {keyword} can't transform except due to it")
    return None


def transform(
    edition: Edition,
    state: DfcState,
    action: Action = "transform",
    cause: Cause = "effect",
    since: int | None = None,
) -> Outcome:
    """Turn a permanent over (701.27a, 701.28a). The object stays the same (712.18); any
    "As this transforms" ability of the new face applies while it turns over (712.20)."""
    verdict = can_transform(edition, state, action, cause, since)
    if not verdict:
        return Outcome.nothing(state, verdict)
    new_up = Side.FRONT if state.up is Side.BACK else Side.BACK
    turned = state.evolve(up=new_up, transform_count=state.transform_count + 1)
    target = other_face(state)
    notes = transforming_abilities(target) if target is not None else ()
    return Outcome(True, turned, verdict.rule, verdict.reason, notes)


def transforming_abilities(face: Face) -> tuple[str, ...]:
    """Lines of a face's text that apply as it transforms or converts (712.20)."""
    return tuple(
        line
        for line in face.oracle_text.splitlines()
        if line.startswith("As ") and (" transforms" in line or " converts" in line)
    )
