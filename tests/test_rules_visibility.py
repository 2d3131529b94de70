"""What a player may see of a DFC: CR 712.6, 712.7, 713, 708.5 (current); 711.2, 711.3 (2017)."""

from __future__ import annotations

import json

import pytest
from rules_support import Zone, on, rules

R = rules()


@pytest.mark.rule("712.7", "713.1")
@pytest.mark.parametrize("zone", [Zone.HAND, Zone.LIBRARY])
def test_hidden_zone_reveals_nothing_of_the_faces(zone: Zone) -> None:
    """712.7: a DFC in a hidden zone is indistinguishable from any other card to a player
    who may not look: not its name, not that it is double-faced."""
    hidden = R.view(on("Delver of Secrets", zone), False)
    assert hidden == R.view(on("Elite Vanguard", zone), False) == {"hidden": True, "zone": zone.value}
    text = json.dumps(hidden)
    assert "Delver" not in text and "Insectile" not in text and "faces" not in text


@pytest.mark.rule("712.6", "711.2")
def test_a_player_who_may_look_sees_both_faces() -> None:
    seen = R.view(on("Delver of Secrets", Zone.HAND), True)
    assert seen["faces"] == ["Delver of Secrets", "Insectile Aberration"]
    assert seen["name"] == "Delver of Secrets"


@pytest.mark.rule("708.5", "712.15")
def test_face_down_permanent_shows_only_the_face_down_characteristics() -> None:
    down = on("Delver of Secrets", face_down=True)
    public = R.view(down, False)
    assert public == {
        "hidden": True,
        "zone": "battlefield",
        "face_down": True,
        "type_line": "Creature",
        "power": "2",
        "toughness": "2",
    }
    assert R.view(down, True)["faces"] == ["Delver of Secrets", "Insectile Aberration"]


def test_public_zone_face_up() -> None:
    seen = R.view(on("Insectile Aberration"), False)
    assert (seen["name"], seen["up"]) == ("Insectile Aberration", "back")
