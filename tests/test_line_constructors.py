"""``Ability.read``, ``Keyword.read`` and ``ExtraLine.unknown``, the reader's cheap constructors, make the same
values as the dataclass constructors: equal, same hash and repr, still frozen, and a
read ability's parameter map still reads on first use."""

from __future__ import annotations

import dataclasses

import pytest

from dfc_plugin.cards import Ability, ExtraLine, Keyword
from dfc_plugin.script.build import read_script


def test_ability_read_is_the_dataclass_value() -> None:
    made = Ability("A", "AB$ Draw | Cost$ T", 4, 3)
    read = Ability.read("A", "AB$ Draw | Cost$ T", 4, 3)
    assert read == made
    assert hash(read) == hash(made)
    assert repr(read) == repr(made)
    assert read != Ability.read("A", "AB$ Draw | Cost$ T", 5, 3)
    assert read.params.api == "Draw"
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.line = 5  # type: ignore[misc]


def test_keyword_read_is_the_dataclass_value() -> None:
    made = Keyword("Kicker", ("1 G",), 7, 3)
    read = Keyword.read("Kicker", ("1 G",), 7, 3)
    assert read == made
    assert hash(read) == hash(made)
    assert repr(read) == repr(made)
    assert read.text == "Kicker:1 G"
    assert read != Keyword.read("Kicker", ("1 G",), 7, 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.column = 1  # type: ignore[misc]


def test_a_read_script_holds_values_equal_to_constructed_ones() -> None:
    result = read_script(b"Name:A\nTypes:Creature\nK:Flying\nA:AB$ Draw | Cost$ T\n", "a.txt")
    assert result.card is not None
    face = result.card.faces[0]
    assert face.keywords == (Keyword("Flying", (), 3, 3),)
    assert face.abilities == (Ability("A", "AB$ Draw | Cost$ T", 4, 3),)


def test_extra_line_unknown_is_the_dataclass_value() -> None:
    made = ExtraLine("Foo", "bar", 9, known=False)
    read = ExtraLine.unknown("Foo", "bar", 9)
    assert read == made
    assert hash(read) == hash(made)
    assert repr(read) == repr(made)
    assert read != ExtraLine("Foo", "bar", 9)  # (known=True: another value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.known = True  # type: ignore[misc]
    result = read_script(b"Name:A\nTypes:Creature\nFoo: bar\n", "a.txt")
    assert result.card is not None
    assert result.card.faces[0].extra == (ExtraLine("Foo", "bar", 3, known=False),)
