"""Round 11's shortcuts around every action and its records (issue 10, "throughput"):
the quick makers of game objects and log events (:mod:`dfc_plugin.host.model`) make the
very values the frozen dataclasses' constructors make; the lighter snapshot of an action
restores the game exactly as it was."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from random_support import new_random_game

from dfc_plugin.errors import EngineError
from dfc_plugin.host.core import ActionResult
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import CardInstance, Event, GameObject, evolved, new_card, new_event, new_object
from dfc_plugin.state import Zone

#: A value for every field of a game object, none of them its default.
_OBJECT_VALUES: dict[str, Any] = {
    "id": 7,
    "cards": ("card",),
    "state": "state",
    "controller": 2,
    "timestamp": 11,
    "tapped": True,
    "counters": (("P1P1", 2),),
    "effects": ("effect",),
    "controlled_since_turn": 3,
    "linked": (4,),
    "known_to": (1,),
    "chosen_name": "Bear",
    "cast_via": "Flashback",
    "x": 5,
    "cast_from": "graveyard",
    "permits": ((1, "siege"),),
}


def _plain() -> GameObject:
    """A game object with every field at its default (the state stands in: never read)."""
    state: Any = "s"
    return GameObject(1, (), state, 1, 2)


def test_every_field_of_a_game_object_has_a_value_here() -> None:
    assert list(_OBJECT_VALUES) == [f.name for f in dataclasses.fields(GameObject)]


def test_new_object_is_the_dataclass_value() -> None:
    made = new_object(**_OBJECT_VALUES)
    expected = GameObject(**_OBJECT_VALUES)
    assert type(made) is GameObject
    assert made == expected
    assert hash(made) == hash(expected)
    assert repr(made) == repr(expected)
    positional = new_object(*_OBJECT_VALUES.values())
    assert positional == expected
    assert new_object(1, (), "s", 1, 2) == _plain()  # (the defaults)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.tapped = False  # type: ignore[misc]


@pytest.mark.parametrize("name", list(_OBJECT_VALUES))
def test_evolved_changes_that_field_alone(name: str) -> None:
    found = _plain()
    changed = evolved(found, {name: _OBJECT_VALUES[name]})
    assert type(changed) is GameObject
    assert changed == dataclasses.replace(found, **{name: _OBJECT_VALUES[name]})
    assert found == _plain()  # (the original is untouched)


def test_evolved_refuses_a_name_that_is_no_field() -> None:
    with pytest.raises(AttributeError):
        evolved(_plain(), {"colour": "red"})


def test_new_card_is_the_dataclass_value() -> None:
    definition: Any = "definition"  # (stands in: never read)
    made = new_card(4, definition, 2, True)
    expected = CardInstance(4, definition, 2, True)
    assert type(made) is CardInstance
    assert (made, hash(made), repr(made)) == (expected, hash(expected), repr(expected))
    assert new_card(4, definition, 2) == CardInstance(4, definition, 2) != made  # (token: False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.owner = 1  # type: ignore[misc]


def test_new_event_is_the_dataclass_value() -> None:
    full = new_event(3, "cast", "x is cast", "601.2", (1,), "a card is cast", {"card_ids": (4,)})
    expected = Event(3, "cast", "x is cast", "601.2", (1,), "a card is cast", {"card_ids": (4,)})
    assert type(full) is Event
    assert (full, hash(full), repr(full)) == (expected, hash(expected), repr(expected))
    short = new_event(3, "pass", "p passes")
    assert short == Event(3, "pass", "p passes")
    assert short.data == {} and short.data is not new_event(3, "pass", "p passes").data
    with pytest.raises(dataclasses.FrozenInstanceError):
        short.text = ""  # type: ignore[misc]


def _loop_fields_copied_shallow(game: LoopState) -> list[str]:
    """The loop's fields a snapshot copies by ``copy()`` that hold a list among their
    values, or a table (which that copy would share with the game, not keep)."""
    wrong = []
    for name in game._LOOP_FIELDS:
        value = getattr(game, name)
        assert type(value) in (dict, list, set), name
        shallow = name not in game._DEEP_FIELDS and isinstance(value, dict)
        if shallow and any(isinstance(v, (list, dict)) for v in value.values()):
            wrong.append(name)
    return wrong


def test_only_the_deep_fields_hold_lists_in_random_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every snapshot of six random games, each loop field outside ``_DEEP_FIELDS`` is
    a set, a list, or a dict without list or dict values: its ``copy()`` keeps it whole."""
    seen: list[str] = []
    taken = LoopState._snapshot

    def checked(game: LoopState) -> dict[str, Any]:
        seen.extend(_loop_fields_copied_shallow(game))
        return taken(game)

    monkeypatch.setattr(LoopState, "_snapshot", checked)
    for seed in range(6):
        game = new_random_game(seed, invariants=False)
        game.start(hand=7)
        game.play(max_actions=300)
    assert seen == []


def test_a_deep_field_list_changed_in_place_is_restored() -> None:
    """``blockers``, ``animations``, ``chosen`` and ``imprinted`` (each a dict of lists)
    are kept list by list: a list changed in place after the snapshot is as it was."""
    game = new_random_game(1, invariants=False)
    game.start(hand=7)
    for name in ("blockers", "animations", "chosen", "imprinted"):
        getattr(game, name)[-1] = [("o", 1)]
    snapshot = game._snapshot()
    for name in ("blockers", "animations", "chosen", "imprinted"):
        getattr(game, name)[-1].append(("o", 2))
    game._restore(snapshot)
    assert all(
        getattr(game, n) == {-1: [("o", 1)]} for n in ("blockers", "animations", "chosen", "imprinted")
    )


def test_a_restore_refuses_a_zone_table_with_other_keys() -> None:
    """The zones are restored onto the table's keys: a table that gained one is a bug."""
    game = new_random_game(2, invariants=False)
    snapshot = game._snapshot()
    game.zones[(3, Zone.HAND)] = []
    with pytest.raises(EngineError, match="other keys"):
        game._restore(snapshot)


def test_a_game_event_is_the_frozen_value_its_fields_give() -> None:
    """``GameEvent``'s own ``__init__`` gives what the dataclass's would: the fields as
    passed, a new empty dict for each omitted one, equal and frozen; ``replace`` works."""
    full = GameEvent("ChangesZone", {"Card": 3}, {"Player": 1}, {"Origin": Zone.HAND}, {})
    assert (full.mode, full.objects, full.players, full.data, full.lki) == (
        "ChangesZone",
        {"Card": 3},
        {"Player": 1},
        {"Origin": Zone.HAND},
        {},
    )
    bare = GameEvent("Phase")
    assert (bare.objects, bare.players, bare.data, bare.lki) == ({}, {}, {}, {})
    assert bare.objects is not GameEvent("Phase").objects  # (each its own)
    assert bare == GameEvent(mode="Phase") and bare != full
    assert dataclasses.replace(full, mode="Drawn") == GameEvent(
        "Drawn", {"Card": 3}, {"Player": 1}, full.data
    )
    assert repr(bare) == "GameEvent(mode='Phase', objects={}, players={}, data={}, lki={})"
    with pytest.raises(dataclasses.FrozenInstanceError):
        bare.mode = "Drawn"  # type: ignore[misc]


def test_a_recorded_event_is_the_value_the_constructor_gives() -> None:
    """``record`` makes its events positionally: the same values as with the defaults,
    the cards' ids in order, a hidden object's text for its viewers only."""
    game = new_random_game(4, invariants=False)
    hand = game.in_zone(Zone.LIBRARY, 1)[-1]
    game.record("look", hand, "{obj} is looked at", "701.16b", extra=1)
    name = game.describe(hand)
    assert game.log[-1] == Event(
        game.turn, "look", f"{name} is looked at", "701.16b", (), "a card is looked at", {}
    )
    assert game.log[-1].data == {"extra": 1, "card_ids": (hand.cards[0].id,)}
    game.record("note", None, "a note", "")
    assert game.log[-1] == Event(game.turn, "note", "a note") and game.log[-1].data == {}


def test_empty_until_and_commander_records_come_back_empty() -> None:
    """A snapshot taken with no "until" exile and no commander record keeps none (``None``):
    what the action then adds is gone after the restore, and new empty ones are made."""
    game = new_random_game(6, invariants=False)
    assert "_commander" not in game.__dict__ and not game.until_leaves
    snapshot = game._snapshot()
    assert snapshot["until"] is None and snapshot["commander"] is None
    game.until_leaves[1] = [(2, Zone.HAND)]
    game._sources_gone.append(1)
    game._commander_fields()["casts"][5] = 1
    game._restore(snapshot)
    assert (game.until_leaves, game._sources_gone, game._commander_fields()["casts"]) == ({}, [], {})
    game.until_leaves[1] = [(2, Zone.HAND)]
    kept = game._snapshot()
    game.until_leaves[1].append((3, Zone.HAND))
    game._restore(kept)
    assert game.until_leaves == {1: [(2, Zone.HAND)]}


def test_an_action_result_is_the_frozen_value_its_fields_give() -> None:
    """``ActionResult``'s own ``__init__`` takes the dataclass's fields in their order,
    with their defaults, and keeps the value frozen; ``replace`` works (renumbered rules)."""
    made = ActionResult(True, "121.1", "drew 1", (4,), 1, 2, ("a note",))
    assert [getattr(made, f.name) for f in dataclasses.fields(ActionResult)] == [
        True,
        "121.1",
        "drew 1",
        (4,),
        1,
        2,
        ("a note",),
    ]
    bare = ActionResult(False, "117.3", "passed")
    defaults = [f.default for f in dataclasses.fields(ActionResult)[3:]]
    assert [bare.objects, bare.objects_moved, bare.cards_moved, bare.notes] == defaults
    assert dataclasses.replace(made, rule="120.3") == ActionResult(
        True, "120.3", "drew 1", (4,), 1, 2, ("a note",)
    )
    assert bare == ActionResult(happened=False, rule="117.3", reason="passed") != made
    assert repr(bare) == (
        "ActionResult(happened=False, rule='117.3', reason='passed', objects=(), objects_moved=0, "
        "cards_moved=0, notes=())"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        bare.rule = ""  # type: ignore[misc]
