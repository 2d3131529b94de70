"""Face-down DFCs: CR 712.15, 712.15a, 712.16, 712.17, 708.2a-b, 708.8 (current) and
711.9a, 711.10 (2017)."""

from __future__ import annotations

import pytest
from rules_support import EDITION_2017, Side, Zone, card, melded, on, rules

R = rules()


@pytest.mark.rule("712.15")
def test_dfc_can_be_cast_or_put_onto_the_battlefield_face_down() -> None:
    """712.15: it has the characteristics the face-down rule gives it (708.2a)."""
    entered = R.put_onto_battlefield(card("Delver of Secrets"), Zone.HAND, face_down=True)
    assert entered.happened and entered.state.face_down
    assert R.characteristics(entered.state).name is None


@pytest.mark.rule("712.15a")
def test_turned_face_up_it_has_its_front_face_up() -> None:
    down = on("Insectile Aberration", face_down=True)  # whatever was up before, it is hidden
    outcome = R.turn_face_up(down)
    assert (outcome.happened, outcome.rule, outcome.state.up) == (True, "712.15a", Side.FRONT)
    assert R.characteristics(outcome.state).name == "Delver of Secrets"


@pytest.mark.rule("712.16")
@pytest.mark.parametrize(
    "name", ["Delver of Secrets", "Insectile Aberration", "Valki, God of Lies", "Incubator"]
)
def test_double_faced_permanents_cant_be_turned_face_down(name: str) -> None:
    """712.16: nothing happens, and the effect changes none of its characteristics or
    copiable values (2026-09-25 wording)."""
    state = on(name)
    before = (R.characteristics(state), R.copiable_values(state))
    outcome = R.turn_face_down(state)
    assert (outcome.happened, outcome.rule, outcome.state) == (False, "712.16", state)
    assert (R.characteristics(outcome.state), R.copiable_values(outcome.state)) == before


@pytest.mark.rule("712.16")
def test_melded_permanent_cant_be_turned_face_down() -> None:
    assert R.turn_face_down(melded("Graf Rats")).rule == "712.16"


@pytest.mark.rule("708.2a", "708.2b")
def test_a_single_faced_permanent_can() -> None:
    outcome = R.turn_face_down(on("Elite Vanguard"))
    assert outcome.happened and outcome.state.face_down
    assert R.turn_face_down(outcome.state).rule == "708.2b"


@pytest.mark.rule("712.17")
def test_exiled_face_down_stays_hidden() -> None:
    exiled = R.exile_face_down(on("Delver of Secrets", Zone.HAND))
    assert exiled.zone is Zone.EXILE and exiled.face_down
    assert R.view(exiled, False) == {"hidden": True, "zone": "exile", "face_down": True}


@pytest.mark.rule("711.10", "711.9a")
def test_2017_numbers() -> None:
    old = rules(EDITION_2017)
    assert old.turn_face_down(on("Delver of Secrets")).rule == "711.10"
    assert old.turn_face_up(on("Delver of Secrets", face_down=True)).rule == "711.9a"
