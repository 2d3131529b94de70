"""Characteristics and mana value of an object in each zone and state: CR 712.8a-g,
202.3a-e, 712.2c, 712.3c, 712.4b, 707.8, 708.2a, 406.3a (rule handlers, current edition)."""

from __future__ import annotations

import pytest
from rules_support import Side, Zone, card, melded, on, rules

from dfc_plugin.state import DfcState

R = rules()


@pytest.mark.rule("712.8a", "712.2a", "712.3a")
@pytest.mark.parametrize(
    "zone", [Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND, Zone.OUTSIDE]
)
@pytest.mark.parametrize("name", ["Delver of Secrets", "Valki, God of Lies", "Graf Rats"])
def test_outside_battlefield_and_stack_only_the_front_face(zone: Zone, name: str) -> None:
    """712.8a: "While a double-faced card is outside the game or in a zone other than the
    battlefield or stack, it has only the characteristics of its front face." Even a
    record that says its back is up (it was transformed before) shows its front."""
    state = DfcState.of(card(name), zone, up=Side.BACK)
    shown = R.characteristics(state)
    assert shown.name == card(name).faces[0].name
    assert R.mana_value(state) == card(name).faces[0].mana_value


@pytest.mark.rule("712.8d", "712.8e", "202.3b")
def test_transformed_permanent_has_back_characteristics_and_front_mana_value() -> None:
    """712.8e: back face up -> only the back face's characteristics, but the mana value
    of the front face (202.3b: Huntmaster {2}{R}{G} stays 4 as Ravager)."""
    front = on("Huntmaster of the Fells")
    back = on("Ravager of the Fells")
    assert R.characteristics(front).name == "Huntmaster of the Fells"  # 712.8d
    shown = R.characteristics(back)
    assert (shown.name, shown.colors, shown.mana_cost) == ("Ravager of the Fells", ("R", "G"), None)
    assert R.mana_value(back) == 4


@pytest.mark.rule("712.2c")
def test_reminder_power_toughness_has_no_effect() -> None:
    """712.2c: the back face's P/T printed on the front is reminder text: Delver of
    Secrets is a 1/1, though its back face is a 3/2."""
    shown = R.characteristics(on("Delver of Secrets"))
    assert (shown.power.text, shown.toughness.text) == ("1", "1")  # type: ignore[union-attr]


@pytest.mark.rule("712.8c", "712.11a")
def test_spell_cast_transformed_has_back_face_and_front_mana_value() -> None:
    """712.8c: a spell cast transformed (disturb) has its back face up on the stack and
    only the back face's characteristics; its mana value uses the front face's cost."""
    spell = on("Generous Soul", Zone.STACK)
    assert R.characteristics(spell).name == "Generous Soul"
    assert R.mana_value(spell) == card("Beloved Beggar").faces[0].mana_value == 2


@pytest.mark.rule("712.8f")
def test_modal_dfc_mana_value_is_the_face_that_is_up() -> None:
    """712.8f and the modal DFC release note: on the stack and battlefield the face that
    is up (Tibalt {5}{B}{R}: 7); elsewhere only the front face (Valki {1}{B}: 2)."""
    assert R.mana_value(on("Tibalt, Cosmic Impostor", Zone.STACK)) == 7
    assert R.mana_value(on("Tibalt, Cosmic Impostor", Zone.BATTLEFIELD)) == 7
    assert R.mana_value(on("Tibalt, Cosmic Impostor", Zone.GRAVEYARD)) == 2
    assert R.characteristics(on("Tibalt, Cosmic Impostor")).loyalty.text == "5"  # type: ignore[union-attr]


@pytest.mark.rule("712.3c")
def test_modal_dfc_in_hand_is_only_its_front_face() -> None:
    """712.3c: the hint bar about the other face has no effect: Shatterskull Smashing in a
    hand is a sorcery, not a land."""
    shown = R.characteristics(on("Shatterskull Smashing", Zone.HAND))
    assert shown.type_line.types == ("Sorcery",)
    assert not shown.type_line.is_land


@pytest.mark.rule("712.8g", "202.3c", "712.8")
def test_melded_permanent_has_combined_face_and_summed_mana_value() -> None:
    """712.8g: the melded permanent has only the combined back face's characteristics; its
    mana value is the sum of its front faces' (Graf Rats 2 + Midnight Scavengers 5)."""
    host = melded("Graf Rats")
    shown = R.characteristics(host)
    assert (shown.name, shown.power.text, shown.toughness.text) == ("Chittering Host", "5", "6")  # type: ignore[union-attr]
    assert (
        R.mana_value(host)
        == card("Graf Rats").faces[0].mana_value + card("Midnight Scavengers").faces[0].mana_value
        == 7
    )


@pytest.mark.rule("712.4b", "712.8b")
def test_meld_card_back_face_is_used_only_when_melded() -> None:
    """712.4b: a meld card's back face only determines a melded permanent's
    characteristics; 712.8b: a meld card on the stack has its front face's."""
    lone = DfcState.of(card("Graf Rats"), Zone.BATTLEFIELD, up=Side.BACK)
    assert R.characteristics(lone).name == "Graf Rats"
    assert R.characteristics(on("Graf Rats", Zone.STACK)).name == "Graf Rats"


@pytest.mark.rule("712.8e", "202.3b", "707.8")
def test_copy_of_a_back_face_has_mana_value_zero() -> None:
    """712.8e, 202.3b example: a Clone that enters as a copy of Ravager of the Fells has
    Ravager's characteristics and mana value 0; so does Insectile Aberration that becomes a
    copy of it (a DFC copying a back face)."""
    clone = R.become_copy(on("Clone"), on("Ravager of the Fells"))
    assert R.characteristics(clone).name == "Ravager of the Fells"
    assert R.mana_value(clone) == 0
    aberration = R.become_copy(on("Insectile Aberration"), on("Ravager of the Fells"))
    assert R.mana_value(aberration) == 0


@pytest.mark.rule("712.8g", "202.3c")
def test_copy_of_a_melded_permanent_has_mana_value_zero() -> None:
    clone = R.become_copy(on("Clone"), melded("Graf Rats"))
    assert R.characteristics(clone).name == "Chittering Host"
    assert R.mana_value(clone) == 0


@pytest.mark.rule("707.8")
def test_copy_of_a_front_face_keeps_its_mana_value() -> None:
    clone = R.become_copy(on("Clone"), on("Huntmaster of the Fells"))
    assert (R.characteristics(clone).name, R.mana_value(clone)) == ("Huntmaster of the Fells", 4)


@pytest.mark.rule("202.3e")
def test_x_counts_on_the_stack_only() -> None:
    """202.3e: X is the chosen number on the stack and 0 elsewhere (Shatterskull
    Smashing {X}{R}{R} with X=3 is 5 on the stack)."""
    assert R.mana_value(on("Shatterskull Smashing", Zone.STACK, x=3)) == 5
    assert R.mana_value(on("Shatterskull Smashing", Zone.HAND, x=3)) == 2


@pytest.mark.rule("708.2a", "406.3a")
def test_face_down_objects() -> None:
    """708.2a: a face-down permanent is a nameless 2/2 creature with no mana cost; 406.3a:
    a card exiled face down has no characteristics."""
    down = on("Delver of Secrets", face_down=True)
    shown = R.characteristics(down)
    assert (shown.name, shown.type_line.types, shown.power.text) == (None, ("Creature",), "2")  # type: ignore[union-attr]
    assert R.mana_value(down) == 0
    exiled = R.characteristics(on("Delver of Secrets", Zone.EXILE, face_down=True))
    assert (exiled.name, exiled.type_line.types) == (None, ())


def test_answers_are_memoized_on_the_state() -> None:
    state = on("Huntmaster of the Fells")
    first = R.characteristics(state)
    assert state._memo_characteristics is first
    assert R.characteristics(state) is first
    transformed = R.transform(state).state
    assert transformed._memo_characteristics is None
