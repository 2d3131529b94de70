"""Day and night: CR 702.145b-g and 731.1-731.2c."""

from __future__ import annotations

import pytest
from rules_support import Zone, on, rules

from dfc_plugin.rules.daynight import DayNight

R = rules()


@pytest.mark.rule("702.145c", "702.145f")
def test_daybound_turns_at_night_and_nightbound_at_day() -> None:
    assert R.day_night_transform(on("Brutal Cathar"), DayNight.NIGHT)
    assert not R.day_night_transform(on("Brutal Cathar"), DayNight.DAY)
    assert R.day_night_transform(on("Moonrage Brute"), DayNight.DAY)
    assert not R.day_night_transform(on("Moonrage Brute"), DayNight.NIGHT)
    assert not R.day_night_transform(on("Delver of Secrets"), DayNight.NIGHT)


@pytest.mark.rule("702.145b")
def test_daybound_enters_transformed_at_night() -> None:
    assert R.enters_transformed_at_night(on("Brutal Cathar", Zone.STACK), DayNight.NIGHT)
    assert not R.enters_transformed_at_night(on("Brutal Cathar", Zone.STACK), DayNight.DAY)
    copy = R.become_copy(on("Clone", Zone.STACK), on("Brutal Cathar"))
    assert not R.enters_transformed_at_night(copy, DayNight.NIGHT)  # not a DFC (712.13a example)


@pytest.mark.rule("702.145d", "702.145g")
def test_first_designation() -> None:
    assert R.designation_with(DayNight.NEITHER, True, True) is DayNight.DAY
    assert R.designation_with(DayNight.NEITHER, False, True) is DayNight.NIGHT
    assert R.designation_with(DayNight.NIGHT, True, False) is DayNight.NIGHT


@pytest.mark.rule("731.2a", "731.2b", "731.2c")
def test_untap_step_check() -> None:
    assert R.next_designation(DayNight.DAY, 0) is DayNight.NIGHT
    assert R.next_designation(DayNight.DAY, 1) is DayNight.DAY
    assert R.next_designation(DayNight.NIGHT, 2) is DayNight.DAY
    assert R.next_designation(DayNight.NIGHT, 1) is DayNight.NIGHT
    assert R.next_designation(DayNight.NEITHER, 0) is DayNight.NEITHER
