"""Issue 10 ("throughput", round 9), the apply path: what the engine now remembers or
keeps cheaper while it takes an action gives the answer worked out afresh, and a refused
action still leaves the game exactly as it was. Each memo's test was checked against a
deliberate break of the memo (keyed on too little, or never forgetting): it failed."""

from __future__ import annotations

import copy
import dataclasses
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from play_support import library
from random_support import new_random_game

from dfc_plugin import hookimpl
from dfc_plugin.editions import CURRENT, EDITIONS
from dfc_plugin.errors import EngineError, IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities import replacements
from dfc_plugin.host.changes import ChangeActions
from dfc_plugin.host.core import STATE_FIELDS
from dfc_plugin.host.game.cache import fresh
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.state import _copy, _missing_lines
from dfc_plugin.hostspec import build_registry, plugin_manager
from dfc_plugin.registry import Registry
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import DfcState, Side, Zone


def _played(seed: int, actions: int) -> Iterator[Game]:
    """A random game, started, after each of up to ``actions`` actions of its agents."""
    game = new_random_game(seed, invariants=False)
    game.start(hand=7)
    for _ in range(actions):
        if game.over or game.priority is None:
            return
        game.play(1)
        yield game


# --------------------------------------------------------------------------- day and night


def _day_night_answers(game: Game) -> list[tuple[int, bool, bool, bool]]:
    """Each permanent's daybound and nightbound bits and whether it transforms now, as
    the remembered rows give them."""
    answers = []
    for found in game.battlefield():
        row = game._day_night_row(found.state)
        answers.append(
            (found.id, row[1], row[2], game.rules.day_night_transform(found.state, game.day_night))
        )
    return answers


def _day_night_afresh(game: Game) -> list[tuple[int, bool, bool, bool]]:
    with fresh():
        return _day_night_answers(game)


def test_a_day_night_row_is_kept_per_state_and_worked_out_anew_after_a_transform() -> None:
    """702.145c: at night a daybound permanent (Brutal Cathar, front face up) transforms;
    its back face (Moonrage Brute) has nightbound, not daybound (702.145e), and at night
    it doesn't transform again. The row kept for the front face's state must not answer
    for the back face's."""
    game = Game(library=library())
    cathar = game.add("Brutal Cathar", Zone.BATTLEFIELD, 1)
    game.set_day_night(DayNight.DAY)
    front = game._day_night_row(game.obj(cathar).state)
    assert front[1:3] == (True, False)
    assert _day_night_answers(game) == _day_night_afresh(game)
    game.set_day_night(DayNight.NIGHT)  # 702.145c: it transforms
    back = game.obj(cathar)
    assert game.rules.characteristics(back.state).name == "Moonrage Brute"
    assert game._day_night_row(back.state)[1:3] == (False, True)
    assert front[3] == {DayNight.DAY: False, DayNight.NIGHT: True}  # (the answers asked, by designation)
    assert game._day_night_row(back.state)[3] == {DayNight.NIGHT: False}
    assert _day_night_answers(game) == _day_night_afresh(game)


@pytest.mark.parametrize("seed", [2, 7])
def test_day_night_after_every_action_is_the_one_worked_out_afresh(seed: int) -> None:
    """Random games: after each action the day/night rows and the designation the game
    settles on are those worked out with nothing remembered."""
    for game in _played(seed, 150):
        assert _day_night_answers(game) == _day_night_afresh(game)
        designation = game.day_night
        with fresh():
            assert game.rules.designation_with(
                DayNight.NEITHER,
                any(game._day_night_row(o.state)[1] for o in game.battlefield()),
                any(game._day_night_row(o.state)[2] for o in game.battlefield()),
            ) in (designation, DayNight.NEITHER)


# --------------------------------------------------------------------------- snapshots


def _loop_copy(game: Game) -> dict[str, Any]:
    fields = {name: copy.deepcopy(getattr(game, name)) for name in game._LOOP_FIELDS}
    fields["this_turn"] = [(turn, event.mode, dict(seen)) for turn, event, seen in game.this_turn]
    return fields


def test_a_refused_attempt_restores_this_turns_events_within_the_turn() -> None:
    """The events of this turn ("this turn" questions read them) are kept by their list
    and its length: events added by a refused attempt are gone after it."""
    game = new_random_game(4, invariants=False)
    game.start(hand=7)
    game.play(40)
    before = _loop_copy(game)
    kept = game.this_turn

    def attempt() -> None:
        for _ in range(3):
            game.remember_event(GameEvent("Drawn", {}, {"Player": 1}))
        raise IllegalActionError("refused")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)
    assert game.this_turn is kept
    assert _loop_copy(game) == before


def test_a_refused_attempt_restores_last_turns_events_across_a_new_turn() -> None:
    """An attempt that begins a new record of events (the turn changed within it) leaves
    the game with the record as it was, not the new one."""
    game = new_random_game(4, invariants=False)
    game.start(hand=7)
    game.play(40)
    assert game.this_turn
    before = _loop_copy(game)

    def attempt() -> None:
        game.turn += 1
        game.remember_event(GameEvent("Drawn", {}, {"Player": 1}))
        assert len(game.this_turn) == 1
        raise IllegalActionError("refused")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)
    assert _loop_copy(game) == before
    assert len(game.this_turn) == len(before["this_turn"])


def test_nested_refusals_restore_this_turns_events_at_each_level() -> None:
    """A refusal inside an attempt (a listing's "could this be done now?" inside an
    action) restores the events to its own point; the outer one to its own."""
    game = new_random_game(5, invariants=False)
    game.start(hand=7)
    game.play(30)
    outer = len(game.this_turn)

    def inner() -> None:
        game.remember_event(GameEvent("Drawn", {}, {"Player": 2}))
        raise IllegalActionError("inner refused")

    def attempt() -> None:
        game.remember_event(GameEvent("Drawn", {}, {"Player": 1}))
        middle = len(game.this_turn)
        assert game.refusal(inner) == "?"
        assert len(game.this_turn) == middle
        raise IllegalActionError("outer refused")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)
    assert len(game.this_turn) == outer


# --------------------------------------------------------------------------- moves and replacements

_ZONES = (Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY)


def _full_destination(game: Game, found: Any, zone: Zone) -> Zone:
    """The destination the ability interpreter's ``moved_destination`` gives, with
    nothing remembered and no shortcut taken."""
    with fresh():
        return ChangeActions.replaced_destination(game, found, zone)


def test_a_move_with_no_replacement_that_may_apply_keeps_its_destination() -> None:
    """614.1a: Leyline of the Void on the battlefield exiles an opponent's card that would
    go to the graveyard, from anywhere (the shortcut must see it: not ``Card.Self``);
    from a hand it does nothing (ActiveZones$); Generous Soul's own "if ~ would be put
    into a graveyard" is read from its own face, and no other object's."""
    game = Game(library=library())
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    in_library = game.add("Island", Zone.LIBRARY, 2)
    assert not game._moved_replacement_somewhere()
    assert game.replaced_destination(game.obj(bears), Zone.GRAVEYARD) is Zone.GRAVEYARD
    leyline = game.add("Leyline of the Void", Zone.HAND, 1)
    assert not game._moved_replacement_somewhere()  # (in a hand: not a source)
    game.move(leyline, Zone.BATTLEFIELD)
    assert game._moved_replacement_somewhere()
    for found in (game.obj(bears), game.obj(in_library)):
        assert game.replaced_destination(found, Zone.GRAVEYARD) is Zone.EXILE
    soul = game.add("Beloved Beggar", Zone.BATTLEFIELD, 1)
    game.transform(soul)
    assert game.name_of(soul) == "Generous Soul"
    assert game.replaced_destination(game.obj(soul), Zone.GRAVEYARD) is Zone.EXILE
    assert game.replaced_destination(game.obj(bears), Zone.HAND) is Zone.HAND


def test_another_objects_self_replacement_is_passed_over_and_a_transform_is_seen() -> None:
    """Generous Soul's replacement names only itself (Card.Self): it doesn't make the
    board one where another object's move may be replaced. Its front face (Beloved
    Beggar) has none; the answer kept for the front face's state is not the back's."""
    game = Game(library=library())
    beggar = game.add("Beloved Beggar", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    assert not game._moved_replacement_somewhere()
    game.transform(beggar)
    with fresh():
        assert not game._moved_replacement_somewhere()
    assert not game._moved_replacement_somewhere()
    assert game.replaced_destination(game.obj(bears), Zone.GRAVEYARD) is Zone.GRAVEYARD
    assert _full_destination(game, game.obj(bears), Zone.GRAVEYARD) is Zone.GRAVEYARD
    assert game.replaced_destination(game.obj(beggar), Zone.GRAVEYARD) is Zone.EXILE  # its own
    game.add("Leyline of the Void", Zone.BATTLEFIELD, 1)
    assert game._moved_replacement_somewhere()


def _candidates_afresh(game: Game, found: Any, zone: Zone) -> list[Any]:
    """The replacement interpreter's own search for ``Moved`` replacements that apply
    to this move (what ``moved_destination`` and ``entering`` choose among)."""
    with fresh():
        face = game.rules.characteristics(found.state).face
        return replacements._candidates(game, found, face, (found.zone, zone), set())


@pytest.mark.parametrize("seed", [3, 8])
def test_where_no_replacement_may_be_replaced_the_interpreter_finds_none(seed: int) -> None:
    """Random games: whenever the shortcut says no ``Moved`` replacement may apply to an
    object's move (out of its zone, or onto the battlefield: how it enters), the
    interpreter's own search finds no candidate either."""
    for game in _played(seed, 100):
        for found in list(game.objects.values()):
            if found.state.face_down or game._may_be_replaced(found):
                continue
            for zone in (*_ZONES, Zone.BATTLEFIELD):
                assert not _candidates_afresh(game, found, zone), (found.id, zone)


def test_a_permanent_whose_own_face_replaces_how_it_enters_still_does() -> None:
    """Brimstone Vandal: "If it's neither day nor night, it becomes day as this creature
    enters" (its own face, ``Card.Self``, 614.1c): put onto the battlefield with no
    other replacement anywhere, it still makes it day."""
    game = Game(library=library())
    vandal = game.add("Brimstone Vandal", Zone.HAND, 1)
    assert not game._moved_replacement_somewhere()
    assert game.designation() is DayNight.NEITHER
    game.put_onto_battlefield(vandal)
    assert game.day_night is DayNight.DAY


@pytest.mark.parametrize("seed", [1, 6])
def test_every_shortcut_destination_is_the_full_one_in_random_games(seed: int) -> None:
    """Random games: after each action, the kept "a replacement somewhere" answer is
    the one worked out afresh, and for every object and destination the shortcut's
    answer is ``moved_destination``'s."""
    for game in _played(seed, 120):
        somewhere = game._moved_replacement_somewhere()
        with fresh():
            assert somewhere == game._moved_replacement_somewhere()
        for found in list(game.objects.values()):
            for zone in _ZONES:
                if zone is not found.zone:
                    kept = game.replaced_destination(found, zone)
                    assert kept is _full_destination(game, found, zone), (found.id, zone)


def test_the_kept_answer_follows_a_new_state_of_the_same_permanent() -> None:
    """Valentin, Dean of the Vein: "If a nontoken creature an opponent controls would
    die, exile that card instead"; transformed (a modal DFC may transform in this
    edition), Lisette, Dean of the Root has no such replacement: the same permanent, the
    same zones, a new state, and the answer kept for the old one is not used."""
    game = Game(library=library())
    valentin = game.add("Valentin, Dean of the Vein", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    assert game._moved_replacement_somewhere()
    assert game.replaced_destination(game.obj(bears), Zone.GRAVEYARD) is Zone.EXILE
    assert game.transform(valentin).happened
    assert game.name_of(valentin) == "Lisette, Dean of the Root"
    assert not game._moved_replacement_somewhere()
    assert game.replaced_destination(game.obj(bears), Zone.GRAVEYARD) is Zone.GRAVEYARD


# --------------------------------------------------------------------------- making a game


class _Eight:
    """A plugin whose mana values are all 8 (a game made with it builds its own rules)."""

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("mana_value", lambda state: 8, plugin="eight")


def _registry(game: Game) -> Registry:
    """The registry under the game's remembering view of it (host/game/cache.py)."""
    rules: Any = game.rules
    registry: Registry = rules.registry
    return registry


def _mana_value(game: Game) -> int:
    return game.mana_value(game.add("Delver of Secrets", Zone.BATTLEFIELD, 1))


def test_each_game_has_its_own_copy_of_the_installed_rules() -> None:
    """The installed plugins' registry is built once; each game gets a copy, so a
    handler one game registers answers in that game only."""
    first, second = Game(library=library()), Game(library=library())
    assert _registry(first) is not _registry(second)
    fresh_build = build_registry(plugin_manager(), first.edition, checked=True)
    assert _registry(first).owners() == fresh_build.owners()
    assert _registry(first).plugins == fresh_build.plugins
    assert _mana_value(first) == 1
    _registry(first).register("mana_value", lambda state: 5, plugin="house")
    assert _registry(first).mana_value(first.obj(1).state) == 5
    assert _registry(first).owner("mana_value") == "house"
    assert _registry(second).owner("mana_value") == "dfc-plugin"
    assert _mana_value(second) == 1
    assert _mana_value(Game(library=library())) == 1


def test_a_game_with_plugins_of_its_own_builds_its_rules_and_the_edition_is_kept_apart() -> None:
    """A game given plugins gets them (not the shared registry); a game of another
    edition gets that edition's registry."""
    assert _mana_value(Game(library=library(), plugins=[_Eight()])) == 8
    assert _mana_value(Game(library=library())) == 1
    old = Game(library=library(), edition=EDITIONS["2017"])
    assert _registry(old).edition is EDITIONS["2017"]
    assert _registry(Game(library=library())).edition is CURRENT


def test_a_snapshot_copies_a_dict_of_lists_list_by_list_and_a_flat_dict_at_once() -> None:
    """A loop field's dict whose values are lists (blockers, remembered cards) is
    copied with new lists, so an action that appends to one and is refused leaves the
    kept one as it was; a dict of counts is copied as a whole."""
    blockers: dict[int, Any] = {3: [4, 5], 6: "x"}
    copied = _copy(blockers)
    assert copied == blockers and copied[3] is not blockers[3] and copied is not blockers
    life = {1: 20, 2: 17}
    assert _copy(life) == life and _copy(life) is not life
    game = new_random_game(3, invariants=False)
    game.start(hand=7)
    game.blockers[99] = [1]
    game.life[1] = 12

    def attempt() -> None:
        game.blockers[99].append(2)
        game.life[1] = 3
        raise IllegalActionError("refused")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)
    assert game.blockers[99] == [1] and game.life[1] == 12


# --------------------------------------------------------------------------- the log's descriptions


def test_the_description_memo_keys_on_every_compared_field_of_a_state() -> None:
    """A state's text is kept by its fields; a field added to ``DfcState`` must be added
    to the key too (else two states that differ only by it would read the same)."""
    compared = tuple(f.name for f in dataclasses.fields(DfcState) if f.compare)
    assert compared == STATE_FIELDS


def test_states_that_differ_only_by_the_face_up_are_described_apart() -> None:
    """Two Delvers on the battlefield, one put there with its back face up (712.14a-b):
    the same card, zone and everything but ``up``; each reads as its own face."""
    game = Game(library=library())
    front = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    back = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1, up=Side.BACK)
    assert game.describe(game.obj(front)) == "Delver of Secrets"
    assert game.describe(game.obj(back)) == "Insectile Aberration"
    in_hand = game.add("Delver of Secrets", Zone.HAND, 1)
    assert game.describe(game.obj(in_hand), reader=2) == "a card"
    assert game.describe(game.obj(in_hand), reader=1) == "Delver of Secrets"
    face_down = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1, face_down=True)
    assert game.describe(game.obj(face_down), reader=2) == "a face-down 2/2 creature"
    assert game.describe(game.obj(face_down)) == "face-down Delver of Secrets"  # (the debug log)
    with fresh():
        assert game.describe(game.obj(back)) == "Insectile Aberration"


@pytest.mark.parametrize("seed", [0, 5])
def test_every_description_is_the_one_worked_out_afresh_in_random_games(seed: int) -> None:
    """Random games: every object's text, as each player, nobody and the debug log read
    it, is the one worked out with nothing remembered; and so is the log itself."""
    taken = 0
    for game in _played(seed, 100):
        taken += 1
        for found in list(game.objects.values()):
            for reader in (None, 1, 2, -1):
                kept = game.describe(found, reader=reader)
                with fresh():
                    assert kept == game.describe(found, reader=reader), (found.id, reader)
    with fresh():
        replayed = new_random_game(seed, invariants=False)
        replayed.start(hand=7)
        assert replayed.play(taken) == taken
    assert [(e.line(), e.line(1), e.line(2)) for e in game.log] == [
        (e.line(), e.line(1), e.line(2)) for e in replayed.log
    ]


def test_the_load_notes_kept_per_definition_are_the_census_afresh() -> None:
    """What the census finds missing in each bundled script, kept per definition, is
    what it finds with nothing remembered."""
    cards = list(library().cards())
    kept = {card.name: _missing_lines(card) for card in cards}
    with fresh():
        assert kept == {card.name: _missing_lines(card) for card in cards}
    assert any(kept.values()) and not all(kept.values())


# --------------------------------------------------------------------------- triggers' candidates


@pytest.mark.parametrize("seed", [2, 4])
def test_the_candidates_of_every_event_are_those_worked_out_in_full(seed: int) -> None:
    """Random games: for each event of the turn so far (draws, moves, casts, steps,
    deaths with their last-known objects), the objects it may trigger are the same, in
    the same order, as the long way gives them (every watched object, the event's own,
    those that left the battlefield as they last existed there), whether the watched
    ones are looked at or not."""
    seen_modes = set()
    for game in _played(seed, 150):
        for _turn, event, _objects in game.this_turn[-6:]:
            seen_modes.add((event.mode, bool(event.lki)))
            for watching in (True, False):
                short = [o.id for o in game._candidates(event, watching)]
                assert short == [o.id for o in game._candidates_in_full(event, watching)]
    assert ("ChangesZone", True) in seen_modes and ("Phase", False) in seen_modes


def _may_look_by_the_rules(player: int, found: Any) -> bool:
    """400.2: hands and libraries are hidden (a hand to all but its owner); 708.5: a
    face-down permanent or spell to all but its controller; 406.3: a face-down exiled
    card to all but those allowed to look."""
    state = found.state
    if state.face_down:
        if state.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return bool(found.controller == player)
        return player in found.known_to
    if state.zone is Zone.HAND:
        return bool(found.owner == player)
    return state.zone is not Zone.LIBRARY


@pytest.mark.parametrize("seed", [1, 3])
def test_who_may_look_and_the_logs_views_follow_the_rules_in_random_games(seed: int) -> None:
    """Random games: each player may look at exactly the objects the rules let them;
    each event of the log names an object only to those who could look at it then
    (the public text to the others)."""
    for game in _played(seed, 120):
        for found in game.objects.values():
            for player in game.players:
                assert game.may_look(player, found) == _may_look_by_the_rules(player, found)
            assert not game.may_look(-1, found)
    private = [e for e in game.log if e.private_to is not None]
    assert private and all(e.public_text for e in private)


def test_a_destination_is_the_same_zone_however_it_is_named_and_outside_is_refused() -> None:
    """A zone given as itself is taken at once; by its name it is looked up; outside
    the game is no zone a card may be put into (400.11a), however it is named."""
    game = Game(library=library())
    for zone in Zone:
        if zone is Zone.OUTSIDE:
            for named in (zone, zone.value):
                with pytest.raises(IllegalActionError, match="outside the game"):
                    game.check_destination(named)
            continue
        assert game.check_destination(zone) is zone
        assert game.check_destination(zone.value) is zone
    with pytest.raises(IllegalActionError, match="no zone 'nowhere'"):
        game.check_destination("nowhere")


# --------------------------------------------------------------------------- letting a game go


@pytest.mark.parametrize("seed", [2, 3])
def test_a_game_let_go_of_is_freed_at_once_without_the_cyclic_collector(seed: int) -> None:
    """The game's chooser (its seats) refers to the game only weakly: a game its caller
    drops with nothing on the stack is freed by its reference count, not left for the
    cyclic garbage collector (whose full passes then had a whole game more to go
    through; an ability's ctx holds its game weakly too, tests/test_speed10a.py, so a
    game stopped with an ability on the stack is freed at once as well). Its seats, kept
    after it, say it is gone."""
    game = new_random_game(seed, invariants=False)
    game.start(hand=7)
    game.play(600)
    assert not game.stack_items and not game.pending
    seats = game.chooser
    gone = weakref.ref(game)
    gc.collect()
    gc.disable()
    try:
        del game
        assert gone() is None
    finally:
        gc.enable()
    with pytest.raises(EngineError, match="gone"):
        seats.pick(1, "a mana type", ["G", "W"])
