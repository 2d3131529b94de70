"""Issue 10, the apply path: what the engine now remembers while it takes an action
(trigger rows kept per state, descriptions for the log, ...) gives the answer worked
out afresh, and forgets it when what it reads changes. Each test would fail if its
memo were keyed on too little (each was checked against such a deliberate break)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from play_support import library
from random_support import new_random_game

from dfc_plugin import hookimpl
from dfc_plugin.errors import EngineError, IllegalActionError, PluginError
from dfc_plugin.host import Game
from dfc_plugin.host.game.cache import APPLY_PATH_MEMOS, fresh
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.state import _STATIC_ENTRIES
from dfc_plugin.registry import Registry
from dfc_plugin.state import DfcState, Zone

_NOBODY = -1
#: A token's script (cardscripts/tokenscripts).
_TOKEN = "Zombie Token"


def _played(game: Game, actions: int) -> Iterator[int]:
    """Start the game and yield before each of up to ``actions`` actions (the agents'
    picks), while the game goes on."""
    game.start(hand=7)
    for taken in range(actions):
        if game.over or game.priority is None:
            return
        yield taken
        game.play(1)


def _same_afresh(game: Game, question: Callable[[Game], Any]) -> None:
    """The remembered answer to ``question`` is the one worked out with nothing remembered."""
    remembered = question(game)
    with fresh():
        assert remembered == question(game), (game.turn, game.step)


def _rows_afresh(game: Game, mode: str) -> dict[int, tuple[str | None, list[str]]]:
    """Each watched object's face and triggers of ``mode``, worked out with nothing remembered."""
    with fresh():
        return {i: _row_text(row) for i, row in game._mode_sources(mode).items()}


def _row_text(row: tuple[Any, Any, list[Any]]) -> tuple[str | None, list[str]]:
    return (row[1].name if row[1] is not None else None, [a.text for a in row[2]])


def test_a_trigger_row_is_kept_for_the_same_state_and_worked_out_anew_for_a_new_one() -> None:
    """A tapped permanent is a new object with the same state: its row of triggers is
    the one kept (the very tuple); transformed (712.18: the same object, a new state,
    with the back face's abilities, 712.8d-e) its row is worked out anew: Insectile
    Aberration has no upkeep trigger."""
    game = Game(library=library())
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    rows = game._rows_of("Phase")
    assert rows is not None
    assert game.could_trigger_on_watched("Phase")  # the front face's upkeep trigger
    kept = rows[delver]
    assert _row_text(game._mode_sources("Phase")[delver]) == _rows_afresh(game, "Phase")[delver]
    game.set_tapped(delver, True)
    assert game.could_trigger_on_watched("Phase")
    assert rows[delver] is kept  # a new object, the same state: the same row
    game.transform(delver)
    assert game.rules.characteristics(game.obj(delver).state).name == "Insectile Aberration"
    assert not game.could_trigger_on_watched("Phase")
    now = _row_text(game._mode_sources("Phase")[delver])
    assert now == _rows_afresh(game, "Phase")[delver] == ("Insectile Aberration", [])


@pytest.mark.parametrize("seed", [1, 4])
def test_every_trigger_row_is_the_one_worked_out_afresh_in_random_games(seed: int) -> None:
    game = new_random_game(seed, invariants=False)
    for _ in _played(game, 150):
        for mode in ("Phase", "ChangesZone", "Attacks", "SpellCast", "Always", "ChangesZoneAll"):
            could = game.could_trigger_on_watched(mode)  # (fills the rows kept across versions)
            remembered = {i: _row_text(row) for i, row in game._mode_sources(mode).items()}
            assert remembered == _rows_afresh(game, mode), (mode, game.turn, game.step)
            with fresh():
                assert could == game.could_trigger_on_watched(mode), (mode, game.turn, game.step)


def _descriptions(game: Game) -> dict[tuple[int, int | None], str]:
    readers: tuple[int | None, ...] = (None, _NOBODY, *game.players)
    return {(o.id, r): game.describe(o, r) for o in game.objects.values() for r in readers}


@pytest.mark.parametrize("seed", [2, 5])
def test_every_description_is_the_one_worked_out_afresh(seed: int) -> None:
    """The log's text of an object, for each reader (a hand card is named to its owner
    only, 712.7), remembered per state and reader's right to look, is the text worked
    out anew, after every action of a random game (and with a face-down card)."""
    game = new_random_game(seed, invariants=False, library=library())
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 1, face_down=True)
    for _ in _played(game, 120):
        _same_afresh(game, _descriptions)
    hidden = list(game.in_zone(Zone.HAND, 1))
    assert hidden and all(game.describe(o, 2) == "a card" != game.describe(o, 1) for o in hidden)


def _refused(game: Game, change: Any) -> None:
    """Make ``change`` inside a transaction that is then refused (rolled back)."""

    def attempt() -> None:
        change()
        raise IllegalActionError("refused after the change")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)


def test_a_rollback_forgets_a_commander_designated_after_an_empty_snapshot() -> None:
    """A snapshot of a game with no commander keeps nothing of the variant's records;
    restored, the game again has none (and one designated before keeps its tax)."""
    game = Game(library=library())
    first = game.add("Delver of Secrets", Zone.HAND, 1)
    _refused(game, lambda: game.designate_commander(first))
    assert not game.is_commander(first) and game.commander_tax(game.obj(first).cards[0].id) == 0
    game.designate_commander(first)
    card = game.obj(first).cards[0].id
    _refused(game, lambda: game.note_commander_cast(game.obj(first), Zone.COMMAND))
    assert game.is_commander(first) and game.commander_tax(card) == 0
    game.note_commander_cast(game.obj(first), Zone.COMMAND)
    _refused(game, lambda: game.note_commander_cast(game.obj(first), Zone.COMMAND))
    assert game.commander_tax(card) == 2  # 903.8: the one cast that stayed


def test_a_rollback_forgets_an_until_exile_made_after_an_empty_snapshot() -> None:
    """610.3: the return an "until" exile promises is part of the game's state: a
    refused action takes it back, from a snapshot that kept none."""
    game = Game(library=library())
    source = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    exiled = game.add("Delver of Secrets", Zone.EXILE, 2)
    _refused(game, lambda: game.exile_until(source, exiled, Zone.BATTLEFIELD))
    assert game.until_leaves == {} and game._sources_gone == []
    game.exile_until(source, exiled, Zone.BATTLEFIELD)
    _refused(game, lambda: game.exile_until(source, source, Zone.HAND))
    assert game.until_leaves == {source: [(exiled, Zone.BATTLEFIELD)]}


def _statics(game: Game) -> list[tuple[int, str]]:
    return [(o.id, face.name) for o, face in game.faces_with_statics()]


def test_moves_counts_every_zone_change_new_state_and_rollback_but_not_a_tap() -> None:
    """``moves`` stands only while every zone holds the same objects with the very same
    states: the memos of the board (the statics' faces, day/night's settling) trust it."""
    game = Game(library=library())
    outlaw = game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    before = game.moves
    game.set_tapped(outlaw, True)
    assert game.moves == before  # a tapped permanent: a new object, the same state
    game.transform(outlaw)
    assert game.moves > before
    before = game.moves
    _refused(game, lambda: None)
    assert game.moves > before  # (a rollback may bring back other states)
    before = game.moves
    game.move(outlaw, Zone.GRAVEYARD)
    assert game.moves > before


def test_the_statics_faces_follow_a_transform_between_two_taps() -> None:
    """Terror of Kruin Pass has a static (werewolves have menace), Kruin Outlaw none:
    what ``faces_with_statics`` remembers for the board is worked out again once the
    permanent transforms (712.8e: the back face's abilities), though nothing else moved;
    and it is the answer worked out afresh each time."""
    game = Game(library=library())
    outlaw = game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 2)
    seen = []
    for change in (lambda: None, lambda: game.set_tapped(outlaw, True), lambda: game.transform(outlaw)):
        change()
        game.version += 1  # (a new version of the game: faces_with_statics asks _statics_now)
        remembered = _statics(game)
        with fresh():
            assert remembered == _statics(game)
        seen.append(remembered)
    assert seen == [[], [], [(outlaw, "Terror of Kruin Pass")]]


@pytest.mark.parametrize("seed", [0, 6])
def test_the_statics_faces_are_the_ones_worked_out_afresh_in_random_games(seed: int) -> None:
    game = new_random_game(seed, invariants=False, library=library())
    game.add("Test Anthem", Zone.BATTLEFIELD, 1)
    for _ in _played(game, 150):
        _same_afresh(game, _statics)


def test_the_answers_of_old_versions_are_dropped_now_and_then_and_never_read() -> None:
    """``_static_cache`` keeps each answer for one version of the game and drops those
    of earlier versions only when it holds more than ``_STATIC_ENTRIES``: it stays that
    small, and what it answers is what is worked out afresh."""
    game = new_random_game(8, invariants=False, library=library())
    game.add("Test Anthem", Zone.BATTLEFIELD, 2)
    largest = 0
    for _ in _played(game, 300):
        largest = max(largest, len(game._static_cache))
        assert len(game._static_cache) <= _STATIC_ENTRIES + 64
        _same_afresh(game, lambda g: (list(g._watched().items()), _statics(g), g.continuous_gives()))
    assert largest > _STATIC_ENTRIES // 2  # (old versions' answers were kept for a while)


def test_the_board_scan_keeps_an_unchanged_permanent_and_sees_new_damage_on_it() -> None:
    """The state-based scan keeps its answer for the very same permanent (with the same
    damage and waiting abilities); damage marked on it since (the same object, 120.3)
    is seen: lethal damage destroys it (704.5g); and every answer is the one worked out
    afresh."""
    game = Game(library=library())
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 2)
    first = game._board()
    again = game._board()
    assert again == first and all(a is b for a, b in zip(again, first, strict=True))  # the very answers
    game.set_up_object(delver, damage=1)
    scanned = game._board()
    assert [(o.id, rule) for o, rule, _ in scanned if rule] == [(delver, "704.5g")]
    with fresh():
        assert [(o.id, r, n) for o, r, n in game._board()] == [(o.id, r, n) for o, r, n in scanned]


def test_the_cards_held_follow_a_token_made_and_gone() -> None:
    """The count the check after every action compares with the cards in the game
    (every card in exactly one object) is remembered while ``moves`` stands: a token
    made (111.1) and a token that dies (it ceases to exist, 111.7) change it, and the
    action is not refused for a count kept too long."""
    game = Game(library=library())
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    assert game._cards_held() == len(game.cards) == 1
    token = game.make_token(game.library.get(_TOKEN), 1)
    assert game._cards_held() == len(game.cards) == 2
    game.move(token, Zone.GRAVEYARD)
    assert game._cards_held() == len(game.cards) == 1
    with fresh():
        assert game._cards_held() == 1


@pytest.mark.parametrize("seed", [3])
def test_the_cards_held_are_the_ones_counted_afresh_in_random_games(seed: int) -> None:
    game = new_random_game(seed, invariants=False, library=library())
    for _ in _played(game, 200):
        _same_afresh(game, lambda g: (g._cards_held(), len(g.cards)))


def test_without_the_watched_objects_the_candidates_are_the_others_in_order() -> None:
    """Where no watched object has a trigger of an event's mode, only the event's own
    objects that aren't watched and those that left the battlefield (as they last
    existed there, 603.10a) are looked at: the full list without the watched ones."""
    game = Game(library=library())
    game.playing = True  # (events are heard: the last known objects are kept)
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 2)
    dying = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    in_hand = game.add("Delver of Secrets", Zone.HAND, 1)
    gone = game.obj(dying)
    moved = game.move(dying, Zone.GRAVEYARD).object
    event = GameEvent("ChangesZone", {"Card": moved, "Other": in_hand}, {}, {}, {dying: gone})
    watched = game._watched()
    everything = list(game._candidates(event))
    others = list(game._candidates(event, watching=False))
    assert others == [o for o in everything if watched.get(o.id) is not o]
    assert [o.id for o in others] == [in_hand, dying] and others[1] is gone
    step = GameEvent("Phase", {}, {"Player": 1}, {"Phase": "upkeep"})
    assert list(game._candidates(step, watching=False)) == []
    assert list(game._candidates(step)) == list(watched.values())


class _Crashing:
    """A plugin whose ``transform`` handler fails (an unchecked registry)."""

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("transform", self.transform, plugin="crashing-plugin")

    def transform(self, edition: object, state: DfcState, *args: object) -> None:
        raise KeyError("no back face")


def test_an_unchecked_handler_that_fails_in_an_action_is_blamed_and_the_game_is_unchanged() -> None:
    """Each action runs as the registry's ``guard()`` would: an exception out of an
    unchecked handler is a PluginError naming the plugin and the rule point, and the
    action is rolled back; an engine bug (blamed on no plugin) is an EngineError."""
    game = Game(library=library(), plugins=[_Crashing()], checked=False)
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    before, logged = dict(game.objects), len(game.log)
    with pytest.raises(PluginError) as caught:
        game.transform(delver)
    assert (caught.value.plugin, caught.value.rule_point) == ("crashing-plugin", "transform")
    assert isinstance(caught.value.__cause__, KeyError)
    assert game.objects == before and len(game.log) == logged
    missing: dict[str, int] = {}
    game._settle = lambda: missing["day"]  # type: ignore[method-assign,assignment]  # (an engine bug)
    with pytest.raises(EngineError, match="move failed with KeyError"):
        game.move(delver, Zone.GRAVEYARD)
    assert game.objects == before and len(game.log) == logged


def test_a_snapshot_keeps_the_objects_table_as_it_was_while_the_game_goes_on() -> None:
    """The snapshot keeps the very table of objects and the game goes on with a copy:
    whatever the game does afterwards, the kept table is as it was, and a refused
    action brings it back (every object as before, none added, none gone)."""
    game = Game(library=library())
    first = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    game.add("Delver of Secrets", Zone.HAND, 1)
    before = dict(game.objects)
    snapshot = game._snapshot()
    game.move(first, Zone.GRAVEYARD)
    game.set_tapped(next(iter(game.objects)), True)
    assert snapshot["objects"] == before and game.objects != before
    game._restore(snapshot)
    assert game.objects == before
    _refused(game, lambda: game.move(first, Zone.EXILE))
    assert game.objects == before and game.obj(first).zone is Zone.BATTLEFIELD


def test_an_object_changed_in_place_is_the_one_evolve_makes() -> None:
    """``_replace`` builds the changed object field by field: the very record
    ``GameObject.evolve`` (dataclasses.replace) would make, for each field changed, and
    a field a game object lacks is refused as replace refuses it."""
    game = Game(library=library())
    delver = game.obj(game.add("Delver of Secrets", Zone.BATTLEFIELD, 1))
    changes: list[dict[str, Any]] = [
        {"tapped": True},
        {"counters": (("P1P1", 2),), "controller": 2},
        {"state": delver.state.evolve(zone=Zone.GRAVEYARD), "timestamp": 99, "x": 3},
        {"known_to": (1, 2), "chosen_name": "Island", "permits": ((1, "transformed"),)},
    ]
    for change in changes:
        made = game._replace(delver, **change)
        assert made == delver.evolve(**change) and game.obj(delver.id) is made
        assert all(getattr(made, k) == v for k, v in change.items())
    with pytest.raises(TypeError):
        game._replace(delver, colour="blue")


@pytest.mark.rule("117.4")
def test_all_passed_asks_for_the_players_still_in_the_game() -> None:
    """117.4: all players pass in succession: with nobody gone, all of them; once a
    player has left the game (104.3a, 800.4), the others only."""
    game = Game(players=3, library=library())
    game.passed = {1, 2}
    assert not game._all_passed() and game._all_passed(3)
    game.losers.append(3)
    assert game._all_passed()
    game.passed = {1}
    assert not game._all_passed() and game._all_passed(2)


def test_a_game_played_within_fresh_keeps_none_of_the_apply_path_memos() -> None:
    """Within ``fresh()`` nothing is remembered: a random game played there leaves every
    memo of the apply path empty (and plays as the remembering game does)."""
    with fresh():
        game = new_random_game(9, invariants=False)
        for _ in _played(game, 120):
            pass
    assert all(not game.__dict__.get(name) for name in APPLY_PATH_MEMOS)
    again = new_random_game(9, invariants=False)
    for _ in _played(again, 120):
        pass
    assert all(again.__dict__.get(name) for name in ("_trigger_rows", "_held", "_described"))
    assert again.log_text() == game.log_text()
