"""Day and night, daybound and nightbound (CR 702.145a-g, 731.1-731.2c).

The game starts with neither designation; a daybound permanent makes it day (702.145d),
a nightbound one, with no daybound permanent around, night (702.145g). At each untap
step the previous turn decides (731.2a-c). Daybound permanents turn to their backs when
it becomes night, and back at day; they can't transform any other way (702.145b, e).
"""

from __future__ import annotations

import enum

from dfc_plugin.cards import Face
from dfc_plugin.editions import Edition
from dfc_plugin.rules.characteristics import characteristics
from dfc_plugin.rules.transform import is_double_faced
from dfc_plugin.state import DfcState, Side

__all__ = [
    "DayNight",
    "day_night_transform",
    "designation_with",
    "enters_transformed_at_night",
    "next_designation",
]


class DayNight(enum.StrEnum):
    NEITHER = "neither"
    DAY = "day"
    NIGHT = "night"


def _keyword_up(state: DfcState, keyword: str) -> bool:
    face: Face | None = characteristics(state).face
    return face is not None and face.has_keyword(keyword)


def day_night_transform(edition: Edition, state: DfcState, designation: DayNight) -> bool:
    """Whether this permanent transforms now: front face up with daybound at night
    (702.145c), back face up with nightbound at day (702.145f)."""
    if not is_double_faced(edition, state) or state.face_down:
        return False
    if designation is DayNight.NIGHT:
        return state.up is Side.FRONT and _keyword_up(state, "daybound")
    if designation is DayNight.DAY:
        return state.up is Side.BACK and _keyword_up(state, "nightbound")
    return False


def enters_transformed_at_night(edition: Edition, state: DfcState, designation: DayNight) -> bool:
    """ "If it is night and this permanent is represented by a double-faced card, it enters
    transformed" (702.145b)."""
    return (
        designation is DayNight.NIGHT
        and is_double_faced(edition, state)
        and state.card.faces[0].has_keyword("daybound")
    )


def designation_with(current: DayNight, daybound_present: bool, nightbound_present: bool) -> DayNight:
    """With neither day nor night, a daybound permanent makes it day (702.145d); a
    nightbound one, with no daybound permanent, night (702.145g)."""
    if current is not DayNight.NEITHER:
        return current
    if daybound_present:
        return DayNight.DAY
    if nightbound_present:
        return DayNight.NIGHT
    return current


def next_designation(current: DayNight, spells_cast_last_turn: int) -> DayNight:
    """The untap-step check (731.2): day with no spell cast by last turn's active player
    becomes night (731.2a); night with two or more becomes day (731.2b); neither stays
    neither (731.2c)."""
    if current is DayNight.DAY and spells_cast_last_turn == 0:
        return DayNight.NIGHT
    if current is DayNight.NIGHT and spells_cast_last_turn >= 2:
        return DayNight.DAY
    return current
