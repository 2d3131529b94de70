"""Issue 10, round 11, the step transitions: what the engine now skips or remembers as
steps begin and end gives the answer the long way does. The triggers a step's event
(or any event) is matched against are the watched objects with triggers of its mode
(kept per ``moves``); a ``Phase`` trigger of another step is passed over before its
context is made (503.1a). Each test here was checked against a deliberate break of the
shortcut it covers."""

from __future__ import annotations

from typing import Any

import pytest
from play_support import library
from random_support import new_random_game
from test_speed7b import _played

from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities import triggers as modes
from dfc_plugin.host.abilities.granted_triggers import any_granted_triggers
from dfc_plugin.host.abilities.registry import FAMILIES, lookup
from dfc_plugin.host.game import sba
from dfc_plugin.host.game import triggers as machinery
from dfc_plugin.host.game.cache import fresh
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.steps import STEPS
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Side, Zone

#: Modes whose triggers the bundled decks hold, watched after every action.
_MODES = ("Phase", "ChangesZone", "Attacks", "SpellCast", "Always", "Drawn", "DamageDone")


def _holders_afresh(game: Game, mode: str) -> tuple[tuple[int, ...], bool]:
    """The watched objects with triggers of ``mode`` in the watched order, and whether
    one is ``Static$``, worked out with nothing remembered."""
    with fresh():
        sources = game._mode_sources(mode)
    held = tuple(i for i, row in sources.items() if row[2])
    return held, any("Static" in a.params for i in held for a in sources[i][2])


def _bearers_afresh(game: Game) -> list[int]:
    """The watched objects with a trigger of any registered mode, worked out afresh."""
    with fresh():
        held = {i for mode in FAMILIES["trigger"] for i, row in game._mode_sources(mode).items() if row[2]}
        return [i for i in game._watched() if i in held]


@pytest.mark.parametrize("seed", [2, 5])
def test_the_holders_kept_per_moves_are_the_ones_worked_out_afresh_in_random_games(seed: int) -> None:
    game = new_random_game(seed, invariants=False)
    for _ in _played(game, 200):
        for mode in _MODES:
            rows = game._rows_of(mode)
            if rows is not None:  # (with an animation the long way is taken: no holders)
                assert machinery._holders(game, mode, rows) == _holders_afresh(game, mode), (mode, game.turn)
        if not game.animations:
            assert [o.id for o in machinery._trigger_bearers(game)] == _bearers_afresh(game), game.turn


def test_holders_follow_a_transform_and_a_new_permanent_but_not_a_tap() -> None:
    """712.18: transformed, Delver's back face has no upkeep trigger: it holds none;
    tapped (a new object with the same state) it holds the same; a second Delver comes
    after it, in the battlefield's order."""
    game = Game(library=library())
    first = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    rows = game._rows_of("Phase")
    assert rows is not None
    held = machinery._holders(game, "Phase", rows)
    assert held == ((first,), False)
    game.set_tapped(first, True)
    assert (
        machinery._holders(game, "Phase", rows) is not held
        and machinery._holders(game, "Phase", rows) == held
    )
    second = game.add("Delver of Secrets", Zone.BATTLEFIELD, 2)
    assert machinery._holders(game, "Phase", rows) == ((first, second), False)
    game.transform(first)
    assert machinery._holders(game, "Phase", rows) == ((second,), False) == _holders_afresh(game, "Phase")


def test_a_static_trigger_takes_the_long_way() -> None:
    """A ``Static$ True`` trigger resolves at once (it may change what the loop reads):
    with one among the holders, the candidates are the long way's."""
    game = Game(library=library())
    veteran = game.add("Test Veteran", Zone.BATTLEFIELD, 1)
    rows = game._rows_of("Attacks")
    assert rows is not None
    assert machinery._holders(game, "Attacks", rows) == ((veteran,), True)
    event = GameEvent("Attacks", {"Attacker": veteran})
    assert machinery._held_candidates(game, event, rows, False) is None
    upkeep = GameEvent("Phase", {}, {"Player": 1}, {"Phase": "upkeep"})
    assert machinery._held_candidates(game, upkeep, game._rows_of("Phase"), False) == []  # (no Phase trigger)


def _passed_over(game: Game, mode: str, candidates: Any) -> list[int]:
    """The candidates the loop of collect_triggers would look at (not pass over)."""
    rows = game._rows_of(mode)
    assert rows is not None
    return [o.id for o in candidates if game._row(o, mode, rows)[2]]


@pytest.mark.parametrize("seed", [0, 2, 9])
def test_the_held_candidates_are_the_ones_the_long_way_looks_at(seed: int, monkeypatch: Any) -> None:
    """For every event of a random game, the objects the trigger loop looks at are
    the long way's, in the same order (objects passed over either way aside)."""
    checked: list[str] = []
    original = Game.collect_triggers

    def checking(game: Game, event: GameEvent) -> None:
        rows = game._rows_of(event.mode)
        fast = machinery._held_candidates(game, event, rows, any_granted_triggers(game))
        if fast is not None:
            long_way = list(game._candidates(event, True))
            assert _passed_over(game, event.mode, fast) == _passed_over(game, event.mode, long_way)
            assert {o.id for o in fast} <= {o.id for o in long_way}
            checked.append(event.mode)
        original(game, event)

    monkeypatch.setattr(Game, "collect_triggers", checking)
    game = new_random_game(seed, invariants=False)
    game.start(hand=7)
    game.play(250)
    assert {"Phase", "ChangesZone", "Drawn"} <= set(checked)


@pytest.mark.parametrize("seed", [2, 3, 5, 9])
def test_games_play_the_same_without_the_shortcuts(seed: int, monkeypatch: Any) -> None:
    """The same random game with the held candidates and the Phase test turned off
    (the long way for every event) plays exactly as with them: the same log."""
    game = new_random_game(seed, invariants=False)
    game.start(hand=7)
    game.play(300)
    monkeypatch.setattr(machinery, "_held_candidates", lambda game, event, rows, grants: None)
    monkeypatch.setattr(machinery, "EVENT_TESTS", {})
    again = new_random_game(seed, invariants=False)
    again.start(hand=7)
    again.play(300)
    assert again.log_text() == game.log_text()
    assert "triggered ability" in game.log_text()


def _abilities_of(mode: str) -> list[Any]:
    """Every bundled (and test) card's trigger lines of ``mode``."""
    found = []
    for card in library().cards():
        for face in card.faces:
            found += [a for a in face.abilities if a.kind == "T" and a.params.api == mode]
    return found


def _moves(source: int) -> list[GameEvent]:
    """A zone change of ``source`` between every two zones."""
    return [
        GameEvent("ChangesZone", {"Card": source}, {}, {"Origin": origin, "Destination": destination})
        for origin in Zone
        for destination in Zone
    ]


@pytest.mark.rule("603.6a")
@pytest.mark.parametrize("mode", ["ChangesZone", "ChangesZoneAll"])
def test_the_zone_tests_fail_only_where_the_zone_triggers_do(mode: str) -> None:
    """603.6a, 603.2c: every bundled zone-change trigger (and batch trigger), for a
    zone change (a batch of one or two) between every two zones: where the event-only
    test fails, the mode's function does too; and it fails for some and passes for
    others."""
    game = Game(library=library())
    source = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    found = game.obj(source)
    face = game.face_of(found)
    assert face is not None
    entry = lookup("trigger", mode)
    assert entry is not None and modes.EVENT_TESTS[mode][0] is entry.run
    moves = _moves(source)
    events = (
        moves if mode == "ChangesZone" else [GameEvent(mode, data={"Events": (moves[0], e)}) for e in moves]
    )
    abilities = _abilities_of(mode)
    assert abilities
    verdicts = set()
    for ability in abilities:
        for event in events:
            passes = modes.EVENT_TESTS[mode][1](ability.params, event)
            if not passes:
                assert not entry.run(game, game.ability_ctx(found, face), ability.params, event), ability.text
            verdicts.add(passes)
    assert verdicts == {True, False}


def test_a_zone_no_zone_is_named_for_is_left_to_the_trigger_mode() -> None:
    """A ``Destination$`` that names no zone: the event-only test doesn't say no (the
    mode's function raises, as it did, where the trigger is matched)."""
    params = parse_param_map("Mode$ ChangesZone | Origin$ Any | Destination$ Nowhere | Execute$ X")
    event = _moves(1)[0]
    assert modes.changes_zone_fits(params, event)
    with pytest.raises(UnsupportedAbilityError):
        modes.moved_between(params, event.data)


@pytest.mark.rule("503.1a")
def test_the_phase_test_fails_only_where_the_phase_trigger_does() -> None:
    """503.1a: "at the beginning of" a step: every bundled Phase trigger, at every
    step's event, for either player: where the event-only test fails, the mode's
    function does too; it passes exactly where the step is one the ability names."""
    game = Game(library=library())
    source = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    found = game.obj(source)
    face = game.face_of(found)
    assert face is not None
    entry = lookup("trigger", "Phase")
    assert entry is not None and modes.EVENT_TESTS["Phase"][0] is entry.run
    abilities = _abilities_of("Phase")
    assert len(abilities) > 20
    fits = 0
    for ability in abilities:
        named = {
            modes.PHASES.get(p.strip(), p.strip()) for p in (ability.params.get("Phase") or "").split(",")
        }
        for step in STEPS:
            for player in game.players:
                event = GameEvent("Phase", {}, {"Player": player}, {"Phase": step})
                passes = modes.phase_step_fits(ability.params, event)
                assert passes == (step in named), (ability.text, step)
                if not passes:
                    assert not entry.run(game, game.ability_ctx(found, face), ability.params, event)
                fits += passes
    assert fits > len(abilities)  # (most name one step, some several; each seen for both players)


def test_delver_still_triggers_in_its_upkeep_only() -> None:
    """Delver of Secrets' "at the beginning of your upkeep" triggers in its
    controller's upkeep (503.1a), not in another step."""
    game = Game(library=library())
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    game.playing = True
    for step in STEPS:
        game.emit(GameEvent("Phase", {}, {"Player": 1}, {"Phase": step}))
        assert len(game.pending) == (step == "upkeep"), step
        game.pending.clear()


def _scan(game: Game) -> list[tuple[int, str | None, str | None]]:
    return [(o.id, rule, name) for o, rule, name in game._board()]


def test_the_same_scan_is_taken_for_the_very_same_board_and_not_for_new_marks() -> None:
    """The state-based scan of a battlefield with the very same objects and marks is
    the last one (the very answers); damage (704.5g), deathtouch (702.2b) and an
    ability waiting (714.4, 310.7) marked since are seen, as afresh."""
    game = Game(library=library())
    cathar = game.add("Brutal Cathar", Zone.BATTLEFIELD, 1)
    game.add("Delver of Secrets", Zone.BATTLEFIELD, 2)
    first = game._board()
    again = game._board()
    assert all(a is b for a, b in zip(again, first, strict=True))
    assert game.__dict__["_sba_objects"][("last scan", -1)] is not None
    game.damage[cathar] = 1  # (a 2/2: not lethal)
    assert _scan(game) == [(cathar, None, None), (first[1][0].id, None, None)]
    game.deathtouched.add(cathar)
    assert _scan(game)[0] == (cathar, "704.5g", None)
    with fresh():
        assert _scan(game)[0] == (cathar, "704.5g", None)
    game.damage.clear()
    game.deathtouched.clear()
    assert _scan(game)[0] == (cathar, None, None)
    game.set_tapped(cathar, True)  # (a new object: the scan is gone through again)
    assert game._board()[0][0] is game.obj(cathar)


@pytest.mark.parametrize("seed", [3, 6])
def test_every_board_scan_is_the_one_worked_out_afresh_in_random_games(seed: int, monkeypatch: Any) -> None:
    """After every action of a random game the scan (taken whole or gone through) is
    the scan worked out afresh; the whole one is taken often."""
    taken: list[bool] = []
    probing = [False]
    original = sba._same_scan

    def counting(game: Game, *args: Any) -> Any:
        same = original(game, *args)
        if not probing[0]:
            taken.append(same is not None)
        return same

    monkeypatch.setattr(sba, "_same_scan", counting)
    game = new_random_game(seed, invariants=False)
    for _ in _played(game, 250):
        probing[0] = True
        scanned = _scan(game)
        with fresh():
            assert scanned == _scan(game), (game.turn, game.step)
        assert [o for o, _, _ in game._board()] == game.battlefield()
        probing[0] = False
    assert sum(taken) > 20 and not all(taken)  # (in play: taken whole, and gone through)


@pytest.mark.rule("702.161a")
def test_a_living_metal_permanent_keeps_the_whole_scan_from_being_taken() -> None:
    """702.161a: Jetfire, Air Guardian (living metal) is a creature in its controller's
    turn only: with lethal damage marked it is put into its owner's graveyard then
    (704.5g), not in another turn, with the very same objects on the battlefield."""
    game = Game(library=library())
    jetfire = game.add("Jetfire, Ingenious Scientist", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.damage[jetfire] = 10
    game.active = 2
    assert _scan(game)[0][1] is None
    assert game.__dict__["_sba_objects"][("last scan", -1)] is None  # (its answer reads the turn)
    game.active = 1
    assert _scan(game)[0][1] == "704.5g"


@pytest.mark.rule("613.1f")
def test_no_grant_is_kept_per_moves_and_a_granting_aura_is_seen() -> None:
    """613.1f: with no ``AddTrigger$`` static, no trigger is granted, an answer kept
    per ``moves``; Catlike Curiosity arriving (a zone change) grants one, and once it
    is gone, none again: each as worked out afresh."""
    game = Game(library=library())
    bears = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    assert not any_granted_triggers(game) and game.__dict__["_grants_none_at"] == game.moves
    aura = game.add("Mischievous Catgeist", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.attached[aura] = bears
    assert any_granted_triggers(game)
    with fresh():
        assert any_granted_triggers(game)
    game.move(aura, Zone.EXILE)
    assert not any_granted_triggers(game)


@pytest.mark.parametrize("seed", [13, 16])
def test_whether_any_trigger_is_granted_is_the_answer_afresh_in_random_games(seed: int) -> None:
    """Random games where Catlike Curiosity is cast with disturb (702.146a): whether a
    trigger is granted, after every action, is the answer worked out afresh."""
    game = new_random_game(seed, invariants=False, library=library())
    for player in game.players:
        for _ in range(3):
            game.add("Mischievous Catgeist", Zone.GRAVEYARD, player)
    seen = set()
    for _ in _played(game, 300):
        answer = any_granted_triggers(game)
        with fresh():
            assert answer == any_granted_triggers(game), (game.turn, game.step)
        seen.add(answer)
    assert seen == {False, True}
