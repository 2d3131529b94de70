"""What the engine remembers (dfc_plugin/host/game/cache.py) never changes an answer:
random games played with every memo and cache, and with none, take the same actions
and write the same log; after every action of a random game, every question the loop
asks (legal actions, characteristics in layers, mana sources, affordability, the
plugin's pure answers) gets the same answer from the caches as from scratch; and the
memos key on identity, so an equal but different value is worked out again."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from play_support import library
from random_support import game_digest, new_random_game

from dfc_plugin.host import Game
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


@pytest.mark.parametrize("seed", [0, 3])
def test_every_answer_is_the_one_worked_out_afresh_after_every_action(seed: int) -> None:
    """With an anthem that grants vigilance (so attackers stay untapped) and "attacking
    creatures you control get +1/+0" on both sides, the layers have work to do."""
    game = new_random_game(seed, invariants=False, library=library())
    for player in game.players:
        game.add("Test Anthem", Zone.BATTLEFIELD, player)
        game.add("Instigator Gang", Zone.BATTLEFIELD, player)
    game.start(hand=7)
    compared = 0
    while not game.over and compared < 200 and game.priority is not None:
        remembered = _answers(game)
        drop_caches(game)
        with fresh():
            worked_out = _answers(game)
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
