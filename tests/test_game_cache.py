"""What the engine remembers (dfc_plugin/host/game/cache.py) never changes an answer:
random games played with every memo and cache, and with none, take the same actions
and write the same log; after every action of a random game, every question the loop
asks (legal actions, characteristics in layers, mana sources, affordability, the
plugin's pure answers) gets the same answer from the caches as from scratch; and the
memos key on identity, so an equal but different value is worked out again."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from play_support import library, played_game
from random_support import game_digest, new_random_game

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.control_statics import _in_the_game as gain_control_in_the_game
from dfc_plugin.host.abilities.statics import active_continuous
from dfc_plugin.host.game.cache import (
    PURE_RULE_POINTS,
    RememberingRules,
    drop_caches,
    fresh,
    memo_by_identity,
)
from dfc_plugin.state import DfcState, Zone

TYPES = ("Creature", "Land", "Planeswalker", "Battle", "Legendary", "Artifact", "Enchantment")
WANTS: tuple[list[frozenset[str]], ...] = (
    [],
    [frozenset("WUBRGC")],
    [frozenset("W"), frozenset("WUBRGC")],
    [frozenset("G")] * 2,
)


@pytest.mark.parametrize("seed", [0, 1])
def test_games_with_and_without_caches_are_the_same(seed: int) -> None:
    remembered = game_digest(seed, 300)
    worked_out = game_digest(seed, 300, uncached=True)
    assert remembered["actions"] == 300
    assert remembered == worked_out


def _answers(game: Game) -> dict[str, Any]:
    """Every question the loop asks often, about every object and player."""
    found: dict[str, Any] = {}
    for player in game.players:
        found[f"actions {player}"] = game.legal_actions(player)
        found[f"sources {player}"] = [(s[0].id, s[1], s[2]) for s in game.mana_sources(player)]
        found[f"afford {player}"] = [game.can_afford(player, list(want)) for want in WANTS]
    # State-based actions' per-permanent answers (704.5f-v, 310.7, the legend rule's names).
    plain = game._plain_sba()
    found["sba dying"] = [(o.id, rule) for o, rule in game._dying()]
    found["sba legends"] = [
        game._per_object(plain, "legend", o, game._legendary_name) for o in game.battlefield()
    ]
    found["no continuous"] = game.no_continuous()
    # The statics that work now, as the layers, control and granted triggers share them.
    found["active continuous"] = [(c.source, c.controller, p) for c, p in active_continuous(game)]
    found["gain control cards"] = gain_control_in_the_game(game)
    # What the listing and the triggers remember for one state of the game.
    for player in game.players:
        found[f"activation sources {player}"] = game._activation_sources(player)
        found[f"cast sources {player}"] = game._cast_sources(player)
    found["watched"] = list(game._watched().items())
    for mode in ("Phase", "ChangesZone", "Always", "SpellCast", "Attacks"):
        found[f"trigger sources {mode}"] = list(game._mode_sources(mode).items())
    for zone in (Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND):
        for obj in game.in_zone(zone):
            face = game.face_of(obj)
            found[f"object {obj.id}"] = (
                face.name if face is not None else None,
                game.rules.characteristics(obj.state),
                game.rules.mana_value(obj.state),
                game.pt_of(obj),
                sorted(game.keywords_of(obj)),
                [t for t in TYPES if game.has_type_of(obj, t)],
            )
    return found


#: Where the engine keeps what it remembers about a game's state (host/game/cache.py).
_REMEMBERED: tuple[str, ...] = ("_static_cache", "_faces", "_mana", "_cast_options", "_plain_activations")
_REMEMBERED += ("_parts", "_sba_objects", "_types", "_no_continuous", "_sba_clean", "_settled")
_REMEMBERED += ("_some_continuous", "_gain_control_cards", "_trigger_rows", "_activation_rows")


def _afresh(game: Game, question: Any) -> Any:
    """``question()`` worked out with nothing remembered, the game left exactly as it
    was, its memos included (so that the game goes on using what it remembered: a memo
    is tested where it is used again, not only where it was made)."""
    kept = {n: copy.copy(game.__dict__[n]) for n in _REMEMBERED if n in game.__dict__}
    objects, version, logged = dict(game.objects), game.version, len(game.log)
    drop_caches(game)
    try:
        with fresh():
            return question()
    finally:
        for name in _REMEMBERED:
            game.__dict__.pop(name, None)
        game.__dict__.update(kept)
        game.objects, game.version = objects, version  # (a tap tried and undone while listing)
        assert len(game.log) == logged


@pytest.mark.parametrize(("seed", "anthems"), [(0, True), (3, True), (5, False), (7, False)])
def test_every_answer_is_the_one_worked_out_afresh_after_every_action(seed: int, anthems: bool) -> None:
    """With an anthem that grants vigilance (so attackers stay untapped) and "attacking
    creatures you control get +1/+0" on both sides, the layers have work to do; without
    them (most random games: no ``Continuous`` static on the battlefield) each
    permanent's state-based answers are remembered, and must still be right."""
    game = new_random_game(seed, invariants=False, library=library())
    for player in game.players if anthems else ():
        game.add("Test Anthem", Zone.BATTLEFIELD, player)
        game.add("Instigator Gang", Zone.BATTLEFIELD, player)
    game.start(hand=7)
    compared = 0
    while not game.over and compared < 200 and game.priority is not None:
        remembered = _answers(game)
        worked_out = _afresh(game, lambda: _answers(game))
        assert remembered == worked_out, f"after {compared} actions, turn {game.turn}, {game.step}"
        game.play(1)  # one action, as the agent picks it
        compared += 1
    assert (compared == 200 or game.over) and game.turn > 3


def test_a_memo_keys_on_identity_not_equality() -> None:
    asked: list[object] = []

    @memo_by_identity
    def size(value: tuple[int, ...]) -> int:
        asked.append(value)
        return len(value)

    first = tuple(range(3))
    equal = tuple(range(3))
    assert first == equal and first is not equal
    assert [size(first), size(first), size(equal)] == [3, 3, 3]
    assert len(asked) == 2  # the same object once; an equal one worked out again
    with fresh():
        size(first)
    assert len(asked) == 3  # within fresh() nothing remembered is used


def test_the_remembering_rules_answer_as_the_registry_does() -> None:
    game = new_random_game(0, invariants=False)
    rules = game.rules
    assert isinstance(rules, RememberingRules)
    registry = rules.registry
    for obj in game.in_zone(Zone.LIBRARY, 1)[:10]:
        state = obj.state
        assert rules.characteristics(state) == registry.characteristics(state)
        assert rules.characteristics(state) is rules.characteristics(state)  # remembered
        moved: DfcState = replace(state, zone=Zone.HAND)
        assert rules.characteristics(moved) == registry.characteristics(moved)
        assert rules.cast_options(state.card, Zone.HAND) == registry.cast_options(state.card, Zone.HAND)
    assert rules.edition is registry.edition  # what isn't a pure point is the registry's own
    assert all(callable(getattr(rules, name)) for name in PURE_RULE_POINTS)


def _dying_both_ways(game: Game) -> list[tuple[int, str]]:
    """``_dying()`` as remembered, checked against the answer worked out afresh."""
    remembered = [(o.id, rule) for o, rule in game._dying()]
    with fresh():  # (what is remembered is kept for the next question, not used here)
        assert remembered == [(o.id, rule) for o, rule in game._dying()]
    return remembered


def test_a_remembered_state_based_answer_sees_damage_deathtouch_and_a_waiting_siege() -> None:
    """The per-permanent answers of 704.5g and 310.7 are remembered with what else they
    read: damage marked (704.5g), deathtouch damage (704.5h), and whether the permanent
    is the source of an ability that hasn't left the stack (310.7)."""
    from dfc_plugin.cards import ParamMap
    from dfc_plugin.host.game.events import PendingTrigger

    game = Game(players=2, library=library())
    archer = game.add("Test Archer", Zone.BATTLEFIELD, 1)  # a 1/3
    siege = game.add("Invasion of Kylem", Zone.BATTLEFIELD, 2)
    game.set_up_object(siege, counters={"DEFENSE": 0})
    found = game.obj(siege)
    face = game.face_of(found)
    assert face is not None and game._plain_sba() is not None  # no Continuous static: remembered
    game.pending.append(PendingTrigger(game.ability_ctx(found, face), ParamMap(), ParamMap(), "defeated"))
    assert _dying_both_ways(game) == []  # the siege's ability waits (310.7)
    assert _dying_both_ways(game) == []  # (the same, from what was remembered)
    game.pending.clear()
    assert _dying_both_ways(game) == [(siege, "310.7")]
    game.set_up_object(archer, damage=2)
    assert _dying_both_ways(game) == [(siege, "310.7")]  # 2 damage on a 1/3
    game.damage[archer] = 3  # (marked without a version change: only the damage differs)
    assert _dying_both_ways(game) == [(archer, "704.5g"), (siege, "310.7")]
    game.damage[archer] = 1
    assert _dying_both_ways(game) == [(siege, "310.7")]
    game.deathtouched.add(archer)
    assert _dying_both_ways(game) == [(archer, "704.5g"), (siege, "310.7")]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_quiet_pass_plays_as_the_whole_transaction_does(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pass that only hands priority on (117.3d), with nothing changed since the last
    action, skips the transaction around an action (``Playing._quiet_pass``): the game
    goes exactly as with every pass made as a whole action."""
    quiet: list[int] = []
    real = Game._quiet_pass

    def counted(self: Game, player: int) -> Any:
        made = real(self, player)
        quiet.extend([player] if made is not None else [])
        return made

    monkeypatch.setattr(Game, "_quiet_pass", counted)
    shortcut = game_digest(seed, 300)
    assert len(quiet) > 50  # (it is taken often)
    monkeypatch.setattr(Game, "_quiet_pass", lambda self, player: None)
    assert game_digest(seed, 300) == shortcut


def test_a_pass_after_a_change_outside_any_action_is_a_whole_action() -> None:
    """A change made outside an action (a set-up) is settled by the next action, even a
    pass that only hands priority on: a daybound permanent makes it day (702.145d)."""
    from dfc_plugin.host.game.actions import Pass
    from dfc_plugin.rules.daynight import DayNight

    game = Game(players=2, library=library())
    for player in game.players:
        for _ in range(10):
            game.add("Island", Zone.LIBRARY, player)
    game.start(hand=2)
    game.apply(1, Pass())
    game.apply(2, Pass())  # the upkeep ends: player 1 has priority in the draw step
    assert game.priority == 1 and game.step == "draw"
    game.add("Bird Admirer", Zone.BATTLEFIELD, 2)  # daybound (set-up: nothing is settled yet)
    before = game.designation()
    game.apply(1, Pass())
    assert (before, game.designation(), game.priority) == (DayNight.NEITHER, DayNight.DAY, 2)


@pytest.mark.rule("704.5g", "613.4c")
def test_a_remembered_state_based_answer_follows_what_the_statics_give() -> None:
    """704.5g: "a creature with toughness greater than 0 that has damage marked on it
    at least equal to its toughness" dies. Each permanent's state-based answer is
    remembered with the parts the statics give it (while another ``Continuous`` static
    stays on the battlefield): the same bears with the same 2 damage survive as a 3/3
    and die once the anthem that made them one has gone."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    anthem = game.add("Test Anthem", Zone.BATTLEFIELD, 1)
    game.add("Test Anthem", Zone.BATTLEFIELD, 2)  # (a static stays: not the plain path)
    game.deal_damage(bears, ("o", bears), 2)
    assert not game.state_based_actions() and game.power_toughness(bears) == (3, 3)
    found = game.obj(bears)
    game.bounce(anthem)
    assert game.obj(bears) is found and not game.no_continuous()  # (the same object, now 2/2)
    assert game.state_based_actions() and bears not in game.objects
    assert [game.rules.characteristics(o.state).name for o in game.in_zone(Zone.GRAVEYARD, 1)] == [
        "Grizzly Bears"
    ]


def _held(part: Any) -> set[str]:
    """What a static's part holds, in the words of ``statics.gives``."""
    held = {"power"} if part.power or part.set_power is not None else set()
    held |= {"toughness"} if part.toughness or part.set_toughness is not None else set()
    held |= {"keywords"} if part.keywords else set()
    held |= {"indestructible"} if "indestructible" in {k.lower() for k in part.keywords} else set()
    held |= {"types"} if part.types else set()
    return held | ({"abilities"} if part.abilities else set())


def test_what_a_static_may_give_is_read_from_its_parameters() -> None:
    """``gives`` (what the layers may skip) for real scripts: Gideon Blackblade's "as
    long as it's your turn, a 4/4 Human Soldier creature with indestructible" gives
    everything 704.5 reads; the anthem P/T and a keyword; a play permission nothing."""
    from dfc_plugin.host.abilities.statics import EVERYTHING, gives
    from dfc_plugin.script.parser import parse_param_map

    cards = library()
    gideon = next(a.params for a in cards.get("Gideon Blackblade").front.abilities if a.kind == "S")
    anthem = next(a.params for a in cards.get("Test Anthem").front.abilities if a.kind == "S")
    assert gives(gideon) == {"power", "toughness", "types", "keywords", "indestructible"}
    assert gives(anthem) == {"power", "toughness", "keywords"}
    assert gives(parse_param_map("Mode$ Continuous | Affected$ Card.IsRemembered | MayPlay$ True")) == set()
    exiled = parse_param_map("Mode$ Continuous | Affected$ Card | AffectedZone$ Exile | AddKeyword$ Flash")
    assert gives(exiled) == EVERYTHING  # (no part, but asked so that the log says it can't run)


@pytest.mark.parametrize("seed", [0, 3])
def test_what_the_statics_may_give_covers_every_part_they_give(seed: int) -> None:
    """The layers skip the statics' parts for a question no static that works now
    answers (``Layers.continuous_gives``): after every action of a random game with
    anthems, what each permanent's parts hold is within it, and it is the answer
    worked out afresh."""
    game = new_random_game(seed, invariants=False, library=library())
    for player in game.players:
        game.add("Test Anthem", Zone.BATTLEFIELD, player)
        game.add("Instigator Gang", Zone.BATTLEFIELD, player)
    game.start(hand=7)
    seen: set[str] = set()
    for _ in range(150):
        if game.over or game.priority is None:
            break
        gives = game.continuous_gives()
        assert gives == _afresh(game, game.continuous_gives)
        for found in game.battlefield():
            for part in game._statics_for(found):
                assert _held(part) <= gives, (found, part)
                seen |= _held(part)
        game.play(1)
    assert {"power", "toughness", "keywords"} <= seen  # (the anthems gave something)


@pytest.mark.rule("704.5g", "702.161a")
def test_a_remembered_state_based_answer_follows_the_turn_for_living_metal() -> None:
    """704.5g reads whether the permanent is a creature, and living metal makes Jetfire,
    Air Guardian one in its controller's turn only (702.161a): with 4 damage marked, the
    scan remembered in the other player's turn (a Vehicle: nothing to do) is looked at
    again when the turn is its controller's (a 3/4 with lethal damage)."""
    from dfc_plugin.state import Side

    game = Game(players=2, library=library())
    jetfire = game.add("Jetfire, Ingenious Scientist", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.set_up_object(jetfire, damage=4)
    game.active = 2
    assert _dying_both_ways(game) == []
    assert _dying_both_ways(game) == []  # (the same, from the remembered scan)
    game.active = 1  # (only the turn differs: the same objects, damage and version)
    assert _dying_both_ways(game) == [(jetfire, "704.5g")]


@pytest.mark.rule("704.5g")
def test_a_remembered_state_based_answer_holds_for_a_tapped_permanent_only() -> None:
    """Tapping a permanent makes a new object (the scan's answer for it is kept: 704.5
    reads nothing of being tapped), but a counter put on it is looked at again: Grizzly
    Bears with 2 damage survives as a 3/3 with a +1/+1 counter and dies without it."""
    game = Game(players=2, library=library())
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.set_up_object(bears, counters={"P1P1": 1}, damage=2)
    assert _dying_both_ways(game) == []
    game._replace(game.obj(bears), tapped=True)
    assert _dying_both_ways(game) == []
    game._replace(game.obj(bears), counters=())
    assert _dying_both_ways(game) == [(bears, "704.5g")]


@pytest.mark.parametrize("seed", [0, 3])
def test_the_faces_with_statics_are_the_ones_worked_out_afresh(seed: int) -> None:
    """``faces_with_statics`` reuses the faces it found while the same states are on
    the battlefield and in the command zone: after every action, the same faces as
    worked out afresh, each with the object as it is now (a permanent tapped since is
    a new object with the same state)."""
    game = new_random_game(seed, invariants=False, library=library())
    for player in game.players:
        game.add("Test Anthem", Zone.BATTLEFIELD, player)
    game.start(hand=7)
    for _ in range(150):
        if game.over or game.priority is None:
            break
        remembered = game.faces_with_statics()
        assert all(game.objects[found.id] is found for found, _ in remembered)
        assert [(f.id, face) for f, face in remembered] == [
            (f.id, face) for f, face in _afresh(game, game.faces_with_statics)
        ]
        game.play(1)
