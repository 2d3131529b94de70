"""Casting and playing double-faced cards, resolving them, and putting them onto the
battlefield (CR 712.11-712.14, 702.146 disturb, 702.162 More Than Meets the Eye,
310.11b sieges, 712.15 face down; the modal DFC release-note rulings).

Which face is evaluated is decided here (712.11c: only the face that will be up; 712.11d:
plus the front face's cast-transformed ability); whether the player may act now (timing,
costs, the land drop) is the engine's business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from dfc_plugin.cards import CardDef, Face, Layout, ManaCost
from dfc_plugin.editions import Edition
from dfc_plugin.rules.characteristics import Characteristics, characteristics, face_characteristics
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.rules.transform import Action, is_double_faced
from dfc_plugin.state import DfcState, Side, Zone

__all__ = [
    "CastOption",
    "cast_options",
    "land_options",
    "options_from_group",
    "play_land",
    "put_onto_battlefield",
    "resolve",
    "spell_state",
]

Via = Literal[
    "normal", "modal", "disturb", "more_than_meets_the_eye", "siege", "cast_transformed", "face_down"
]


@dataclass(frozen=True, slots=True)
class CastOption:
    """One way to cast or play a card: the face evaluated (712.11c), the face that will be
    up, whether it is cast or played as a land, the permission used and its cost."""

    face: int
    up: Side
    play: Literal["cast", "land"]
    via: Via
    cost: ManaCost | None
    rule: str
    action: Action | None = None

    def describe(self, card: CardDef) -> str:
        name = card.faces[self.face].name
        how = {"cast": "cast", "land": "play as a land"}[self.play]
        return f"{how} {name} ({self.via}, rule {self.rule})"


def _face_is_land(face: Face) -> bool:
    return face.type_line.is_land


def _normal_options(edition: Edition, card: CardDef) -> list[CastOption]:
    """From a hand: the front face; each face of a modal DFC (712.11b, 712.12)."""
    if card.layout is Layout.MODAL_DFC and edition.modal_dfcs:
        return [
            CastOption(
                i,
                Side.FRONT if i == 0 else Side.BACK,
                "land" if _face_is_land(face) else "cast",
                "modal",
                None if _face_is_land(face) else face.mana_cost,
                "712.12" if _face_is_land(face) else "712.11b",
            )
            for i, face in enumerate(card.faces[:2])
        ]
    front = card.faces[0]
    if _face_is_land(front):
        return [CastOption(0, Side.FRONT, "land", "normal", None, "305.1")]
    return [CastOption(0, Side.FRONT, "cast", "normal", front.mana_cost, "712.11")]


def _permission_options(edition: Edition, card: CardDef, zone: Zone) -> list[CastOption]:
    """Casting the back face up through an ability of the front face (712.11a, 712.11d)."""
    if not edition.cast_transformed or len(card.faces) < 2:
        return []
    found = []
    for permission in card.dfc.cast_back_face:
        if permission.face != 0:
            continue
        allowed = {"graveyard": zone is Zone.GRAVEYARD, "exile": zone is Zone.EXILE, "any": zone is Zone.HAND}
        if permission.kind == "more_than_meets_the_eye" and not edition.convert:
            continue
        if allowed[permission.zone]:
            rule = {"disturb": "702.146a", "more_than_meets_the_eye": "702.162a"}.get(
                permission.kind, "712.11a"
            )
            found.append(
                CastOption(0, Side.BACK, "cast", permission.kind, permission.cost, rule, permission.action)
            )
    return found


def cast_options(edition: Edition, card: CardDef, zone: Zone) -> tuple[CastOption, ...]:
    """Every way the card itself lets its owner cast or play it from ``zone``: normally
    from a hand; with its back face up through disturb (from a graveyard) or More Than
    Meets the Eye (from a hand). A siege's "cast it transformed" (310.11b) and effects
    that grant permissions are the engine's, through :func:`options_from_group`."""
    options = _normal_options(edition, card) if zone is Zone.HAND else []
    return tuple(options + _permission_options(edition, card, zone))


def land_options(edition: Edition, card: CardDef) -> tuple[CastOption, ...]:
    """The faces a player may play as a land (305.1, 712.12)."""
    return tuple(option for option in _normal_options(edition, card) if option.play == "land")


def options_from_group(
    edition: Edition,
    card: CardDef,
    play: Literal["cast", "play"],
    fits: Callable[[Characteristics], bool] | None = None,
) -> tuple[CastOption, ...]:
    """An effect lets a player cast (or play) cards from a group, perhaps only those that
    fit some criteria: a modal DFC may be cast or played with any face that fits; "cast"
    never allows playing a land face (release notes, Valki and Zendikar Rising)."""
    options = _normal_options(edition, card)
    faces = face_characteristics(card)
    return tuple(
        option
        for option in options
        if (play == "play" or option.play == "cast") and (fits is None or fits(faces[option.face]))
    )


def transformed_option(edition: Edition, card: CardDef, via: Via = "cast_transformed") -> CastOption | None:
    """An effect that casts the card transformed (a siege: 310.11b, 712.11a). Only a
    nonmodal double-faced card has a back face to cast this way."""
    if not edition.cast_transformed or card.layout is not Layout.TRANSFORM or len(card.faces) < 2:
        return None
    return CastOption(0, Side.BACK, "cast", via, None, "712.11a", "transform")


def spell_state(edition: Edition, card: CardDef, option: CastOption, x: int = 0) -> DfcState:
    """The spell on the stack: the chosen face up (712.11a-b); face down if cast face down
    (712.15, 708.4). Its characteristics and mana value follow (712.8c, 712.8f)."""
    return DfcState.of(card, Zone.STACK, up=option.up, face_down=option.via == "face_down", x=x)


def resolve(edition: Edition, state: DfcState, enters_transformed: bool = False) -> Outcome:
    """Where a resolving spell goes: a permanent spell enters with the face that was up
    on the stack (712.13); told to enter transformed with its front face up, it enters
    with its back face up, unless that face is an instant or sorcery (712.13a)."""
    landed = state.evolve(zone=Zone.BATTLEFIELD, x=0)
    if state.face_down:
        return Outcome(True, landed, "708.4", "the face-down spell becomes a face-down permanent")
    if not characteristics(state).is_permanent:
        return Outcome(
            False,
            state.evolve(zone=Zone.GRAVEYARD, up=Side.FRONT, x=0),
            "608.2n",
            "an instant or sorcery spell goes to its owner's graveyard",
        )
    if enters_transformed and state.up is Side.FRONT:
        if not is_double_faced(edition, state) or state.card.layout is Layout.MELD:
            return Outcome(True, landed, "712.9", "it is not a double-faced card, so it enters as it is")
        back = state.card.faces[1]
        if not back.type_line.is_permanent:
            graveyard = state.evolve(zone=Zone.GRAVEYARD, x=0)
            return Outcome(
                False,
                graveyard,
                "712.13a",
                "its back face is an instant or sorcery face, so it goes to the graveyard",
            )
        return Outcome(True, landed.evolve(up=Side.BACK), "712.13a", "it enters transformed")
    return Outcome(True, landed, "712.13", "it enters with the face that was up on the stack")


def play_land(edition: Edition, state: DfcState, option: CastOption) -> Outcome:
    """Play a card as a land with the face ``option`` chose (305.1: it goes straight onto
    the battlefield, never onto the stack). A modal DFC enters with the land face that was
    chosen up (712.12); an option that is not a land play does nothing."""
    if option.play != "land" or option.face >= len(state.card.faces):
        return Outcome.nothing(state, Verdict(False, "305.1", "that way to play it is not a land"))
    landed = state.evolve(zone=Zone.BATTLEFIELD, up=option.up, x=0)
    rule = "712.12" if state.card.layout is Layout.MODAL_DFC else "305.1"
    return Outcome(True, landed, rule, "it enters with the land face chosen up")


def put_onto_battlefield(
    edition: Edition,
    card: CardDef,
    zone: Zone,
    transformed: bool = False,
    *,
    face_down: bool = False,
    fits: Callable[[Characteristics], bool] | None = None,
) -> Outcome:
    """Put a card onto the battlefield from a zone other than the stack: front face up by
    default (712.14); transformed: back face up, or it stays where it is (712.14a); a
    modal DFC whose front face is not a permanent stays (712.14b); an effect looking for
    particular characteristics checks the front face only (release notes)."""
    where = DfcState.of(card, zone)
    if face_down:
        return Outcome(
            True, DfcState.of(card, Zone.BATTLEFIELD, face_down=True), "712.15", "it enters face down"
        )
    front = face_characteristics(card)[0]
    if fits is not None and not fits(front):
        return Outcome.nothing(
            where, Verdict(False, "712.14b", "its front face doesn't have the characteristics asked for")
        )
    verdict = _entry_verdict(edition, card, transformed, front)
    if not verdict:
        return Outcome.nothing(where, verdict)
    up = Side.BACK if transformed else Side.FRONT
    return Outcome(True, DfcState.of(card, Zone.BATTLEFIELD, up=up), verdict.rule, verdict.reason)


def _entry_verdict(edition: Edition, card: CardDef, transformed: bool, front: Characteristics) -> Verdict:
    rule_a = "712.14a"
    if not transformed:
        if not front.is_permanent:
            rule = "712.14b" if card.layout is Layout.MODAL_DFC else "110.4"
            return Verdict(False, rule, "its front face isn't a permanent, so it stays in its zone")
        return Verdict(True, "712.14", "it enters with its front face up")
    state = DfcState.of(card, Zone.BATTLEFIELD)
    if not is_double_faced(edition, state) or card.layout is Layout.MELD:
        return Verdict(False, rule_a, "only a double-faced card can enter transformed; it stays in its zone")
    if card.layout is Layout.MODAL_DFC and not edition.modal_dfcs_transform:
        return Verdict(
            False, "712.3", "under these rules a modal DFC can't enter transformed; it stays in its zone"
        )
    if not card.faces[1].type_line.is_permanent:
        return Verdict(False, rule_a, "its back face isn't a permanent, so it stays in its zone")
    return Verdict(True, rule_a, "it enters with its back face up")
