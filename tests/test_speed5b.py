"""The quicker memos of issue 10's last round (dfc_plugin/host/game/cache.py): a
one-argument question has a table of its own keyed on ``id(value)``, and no memo
compares its inputs by identity on a hit, because each entry keeps its inputs alive
(an id is unique among the objects alive at once). These tests prove that premise
and that every remembered answer is the one worked out afresh."""

from __future__ import annotations

import ast
import copy
import gc
import sys
import weakref
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from play_support import library
from random_support import new_random_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.game.cache import RememberingRules, fresh, memo_by_identities, memo_by_identity
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import DfcState, Zone


class _Counting:
    """A real registry whose ``characteristics`` and ``designation_with`` are counted."""

    def __init__(self, registry: Any) -> None:
        self.registry = registry
        self.asked: list[tuple[Any, ...]] = []

    def characteristics(self, state: DfcState) -> Any:
        self.asked.append((state,))
        return self.registry.characteristics(state)

    def designation_with(self, *args: Any) -> Any:
        self.asked.append(args)
        return self.registry.designation_with(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.registry, name)


def _states(count: int) -> tuple[Any, list[DfcState]]:
    game = new_random_game(3, invariants=False)
    rules: Any = game.rules
    return rules.registry, [o.state for o in game.in_zone(Zone.LIBRARY, 1)[:count]]


def test_a_one_argument_question_is_remembered_by_the_very_state() -> None:
    registry, states = _states(8)
    counting = _Counting(registry)
    rules = RememberingRules(counting)
    for state in states:
        assert rules.characteristics(state) == registry.characteristics(state)
        assert rules.characteristics(state) is rules.characteristics(state)
    assert len(counting.asked) == len(states)  # each state worked out once
    moved = [replace(s, zone=Zone.HAND) for s in states]
    for before, after in zip(states, moved, strict=True):
        assert rules.characteristics(after) == registry.characteristics(after)
        assert (rules.characteristics(after) == rules.characteristics(before)) == (
            registry.characteristics(after) == registry.characteristics(before)
        )
    assert len(counting.asked) == 2 * len(states)  # a new state is a new question
    equal = replace(states[0])
    assert equal == states[0] and equal is not states[0]
    rules.characteristics(equal)
    assert len(counting.asked) == 2 * len(states) + 1  # equal but not the same: asked again


class _Value:
    """A value that can be watched for its end (a weak reference)."""


def test_a_remembered_entry_keeps_its_input_alive_so_its_id_is_never_reused() -> None:
    registry, states = _states(1)
    rules = RememberingRules(registry)
    state = replace(states[0], zone=Zone.GRAVEYARD)  # a state nothing else holds
    held = sys.getrefcount(state)
    rules.characteristics(state)
    assert sys.getrefcount(state) == held + 1  # the memo's entry holds it
    registry.characteristics(state)
    assert sys.getrefcount(state) == held + 1  # (the registry itself holds nothing)

    @memo_by_identity
    def named(value: _Value) -> str:
        return type(value).__name__

    remembered, loose = _Value(), _Value()
    watched, unwatched = weakref.ref(remembered), weakref.ref(loose)
    assert named(remembered) == "_Value"
    del remembered, loose
    gc.collect()
    assert watched() is not None  # no other object can take its id while it lives
    assert unwatched() is None  # (one the memo never saw is gone: the check above can fail)


def test_a_question_of_several_arguments_is_remembered_by_all_of_them() -> None:
    registry, _ = _states(0)
    counting = _Counting(registry)
    rules = RememberingRules(counting)
    neither = DayNight.NEITHER
    cases = [
        (neither, True, False),
        (neither, False, True),
        (neither, False, False),
        (DayNight.NIGHT, True, False),
    ]
    expected = [DayNight.DAY, DayNight.NIGHT, neither, DayNight.NIGHT]  # 702.145d, 702.145g
    assert [rules.designation_with(*c) for c in cases] == expected
    assert [rules.designation_with(*c) for c in cases] == expected
    assert len(counting.asked) == len(cases)  # each combination asked once
    with fresh():
        assert [rules.designation_with(*c) for c in cases] == expected
    assert len(counting.asked) == 2 * len(cases)  # within fresh() nothing remembered is used


def test_the_identity_memos_answer_as_worked_out_afresh() -> None:
    asked: list[object] = []

    @memo_by_identity
    def size(value: tuple[int, ...]) -> int:
        asked.append(value)
        return len(value)

    @memo_by_identities(2)
    def joined(left: tuple[int, ...], right: tuple[int, ...], extra: int) -> int:
        asked.append((left, right))
        return len(left) + len(right)

    values = [tuple(range(n)) for n in range(6)]
    for value in values:
        assert size(value) == len(value)
        assert size(value) == len(value)
    assert len(asked) == len(values)
    for left in values:
        for right in values:
            assert joined(left, right, 0) == len(left) + len(right)
            assert joined(left, right, 1) == len(left) + len(right)  # (the third isn't a key)
    assert len(asked) == len(values) + len(values) ** 2
    with fresh():
        assert [size(v) for v in values] == [len(v) for v in values]
    assert len(asked) == 2 * len(values) + len(values) ** 2


def test_every_pure_answer_of_a_played_game_is_the_fresh_one() -> None:
    game = new_random_game(5, invariants=False)
    compared = 0
    while not game.over and compared < 150:
        for obj in list(game.objects.values()):
            remembered = game.rules.characteristics(obj.state)
            with fresh():
                assert game.rules.characteristics(obj.state) == remembered
            assert game.rules.mana_value(obj.state) == game.rules.registry.mana_value(obj.state)  # type: ignore[attr-defined]
        game.play(1)
        compared += 1
    assert compared == 150 or game.over


#: Functions the loop runs thousands of times a game, whose imports were moved to
#: their modules' tops (an import statement run on every call costs a lookup each time).
HOT_PATHS = {
    "dfc_plugin/host/game/state.py": ("settle_between_links", "_entered", "_note_unsupported"),
    "dfc_plugin/host/game/layers.py": ("land_plays", "keyword_entering"),
}


def test_the_hot_paths_import_nothing_when_called() -> None:
    root = Path(__file__).resolve().parent.parent
    for path, names in HOT_PATHS.items():
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        functions = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        for name in names:
            body = functions[name]
            imports = [n for n in ast.walk(body) if isinstance(n, ast.Import | ast.ImportFrom)]
            assert not imports, f"{path}: {name} imports at line {imports[0].lineno}"


def _loop_fields(game: Any) -> dict[str, Any]:
    return {name: copy.deepcopy(getattr(game, name)) for name in game._LOOP_FIELDS}


def test_a_refused_attempt_restores_every_loop_field_full_or_empty() -> None:
    game = new_random_game(4, invariants=False)
    game.play(40)
    game.remembered[999] = [("o", 1)]  # a field holding a list that the attempt extends
    before = _loop_fields(game)
    empties = [name for name, value in before.items() if not value]
    assert "chosen" in empties and "life" not in empties  # (both kinds are exercised)
    kept_lists = game.remembered[999]

    def attempt() -> None:
        game.life[1] -= 5
        game.remembered[999].append(("o", 2))
        game.chosen[7] = [("p", 1)]
        for name in empties:
            value = getattr(game, name)
            if isinstance(value, dict):
                value[12345] = "filled"
            elif isinstance(value, list | set):
                setattr(game, name, type(value)([("filled",)]))
        raise IllegalActionError("refused", rule="601.2")

    assert game.refusal(attempt) == "601.2"
    assert _loop_fields(game) == before  # (a refused action is undone: 733.1)
    assert game.remembered[999] == [("o", 1)] and game.remembered[999] is not kept_lists
    for name in empties:  # each empty one is a new empty container of its own type
        assert type(getattr(game, name)) is type(before[name])


#: Words the loop asks about (evasion, protection from targeting, damage, combat).
WORDS = ("Flying", "Reach", "Vigilance", "Haste", "Shroud", "Hexproof", "Deathtouch", "Lifelink", "Trample")


@pytest.mark.parametrize("anthems", [True, False])
def test_one_keyword_asked_is_the_one_in_all_the_keywords(anthems: bool) -> None:
    """``has_keyword_of`` (the face's own words while nothing could add one) answers as
    ``keywords_of`` does, with statics granting vigilance on the battlefield or none."""
    game = new_random_game(0, invariants=False, library=library())
    for player in game.players if anthems else ():
        game.add("Test Anthem", Zone.BATTLEFIELD, player)
    game.start(hand=7)
    asked = granted = 0
    while not game.over and asked < 200 and game.priority is not None:
        for found in game.in_zone(Zone.BATTLEFIELD):
            words = game.keywords_of(found)
            for word in WORDS:
                assert game.has_keyword_of(found, word) == (word.lower() in words), (found.id, word)
            granted += "vigilance" in words
        game.play(1)
        asked += 1
    assert asked == 200 or game.over
    assert (granted > 0) == anthems  # (the anthem's vigilance came through the statics)


def test_the_engines_state_tables_keep_the_states_they_answer_for() -> None:
    """``face_of`` and ``_printed_type`` trust a hit on ``id(state)`` alone: each entry
    holds its state, so the id can't belong to another state while the entry exists."""
    game = new_random_game(1, invariants=False)
    registry: Any = game.rules
    asked = 0
    while not game.over and asked < 150:
        for found in [*game.in_zone(Zone.BATTLEFIELD), *game.in_zone(Zone.HAND, 1)]:
            state = found.state
            face = game.face_of(found)
            assert face == (None if state.face_down else registry.registry.characteristics(state).face)
            if not state.face_down:
                assert game._faces[id(state)][0] is state
            creature = game._printed_type(state, "Creature")
            assert game.__dict__["_types"][(id(state), "Creature")][0] is state
            assert creature == registry.registry.characteristics(state).type_line.has("Creature")
        game.play(1)
        asked += 1
    assert asked == 150 or game.over
