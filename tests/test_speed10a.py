"""Issue 10 ("throughput", round 10), the apply path and the cyclic garbage collector: an
ability's context (:class:`~dfc_plugin.host.abilities.values.Ctx`) holds its game
weakly, so a game its caller lets go of is freed at once by its reference count, even
with abilities on the stack, waiting to trigger or remembered by the statics' memo.
Checked against a deliberate break (the context holding its game strongly again): the
tests of freeing failed."""

from __future__ import annotations

import copy
import dataclasses
import gc
import weakref
from collections.abc import Callable

import pytest
from random_support import new_random_game, play_checked

from dfc_plugin.errors import EngineError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.values import Ctx


def _freed_by_reference_count(make: Callable[[], Game]) -> bool:
    """Whether the game ``make`` builds and lets go of is freed with the cyclic
    collector off (only reference counts then free anything)."""
    gc.collect()
    gc.disable()
    try:
        gone = weakref.ref(make())
        return gone() is None
    finally:
        gc.enable()


def _with_ability_on_stack(seed: int) -> Game:
    """A random game stopped with an ability (its context) on the stack."""
    game = new_random_game(seed, invariants=False)
    game.start(hand=7)
    for _ in range(3000):
        if any(item.ctx is not None for item in game.stack_items) or game.over:
            break
        game.play(1)
    assert any(item.ctx is not None for item in game.stack_items), "the seed never stacks an ability"
    return game


def _played_out(seed: int) -> Game:
    game = new_random_game(seed, invariants=False)
    play_checked(game, 2000, max_turns=40)
    return game


@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_game_let_go_of_is_freed_without_the_cyclic_collector(seed: int) -> None:
    """Seeds 0 and 1 end with contexts still held by the game (the statics' memo, the
    waiting triggers): before, each was a cycle game -> ... -> Ctx -> game of some
    8,000 objects per game, which only a full pass of the collector freed."""
    assert _freed_by_reference_count(lambda: _played_out(seed))


def test_a_game_stopped_with_an_ability_on_the_stack_is_freed_at_once() -> None:
    """The case round 9 left: the stack's item refers to its game through its context."""
    assert _freed_by_reference_count(lambda: _with_ability_on_stack(0))


def test_a_context_gives_its_game_and_replace_keeps_it() -> None:
    game = _with_ability_on_stack(0)
    ctx = next(item.ctx for item in game.stack_items if item.ctx is not None)
    assert ctx.game is game
    again = dataclasses.replace(ctx, targets={})
    assert again.game is game and again.targets == {} and again.source == ctx.source
    assert dataclasses.replace(ctx) == ctx
    copied = copy.deepcopy(ctx)  # (the weak reference is copied as it is: the same game)
    assert copied.game is game and copied == ctx
    assert "game" in repr(ctx) and "_game" not in repr(ctx)


def test_a_context_kept_after_its_game_says_the_game_is_gone() -> None:
    game = _with_ability_on_stack(0)
    ctx = next(item.ctx for item in game.stack_items if item.ctx is not None)
    del game
    gc.collect()
    with pytest.raises(EngineError, match="gone"):
        _ = ctx.game
    assert isinstance(ctx, Ctx)


# --------------------------------------------------------------------------- snapshots


def test_a_snapshot_keeps_its_own_zones_cards_and_loop_fields() -> None:
    """The snapshot copies (``dict.copy``, a comprehension of ``list.copy``) rather than
    shares: what the game then changes in place, the snapshot doesn't see, and restoring
    it gives the game back exactly as it was."""
    game = _with_ability_on_stack(0)
    game.deathtouched.add(-3)  # (a set and a list of the loop's fields, not empty)
    game.until_next_turn.append((-3, 0, 1))
    before = (
        set(game.deathtouched),
        list(game.until_next_turn),
        {k: list(v) for k, v in game.zones.items()},
        dict(game.cards),
        dict(game.life),
        {k: list(v) for k, v in game.remembered.items()},
    )
    snapshot = game._snapshot()
    for ids in game.zones.values():
        ids.reverse()
        ids.append(-1)
    game.cards.clear()
    game.deathtouched.add(-4)
    game.until_next_turn.clear()
    game.life[1] -= 7
    game.remembered.setdefault(-5, []).append(("o", -1))
    for targets in game.remembered.values():
        targets.append(("p", 1))
    game._restore(snapshot)
    after = (game.deathtouched, game.until_next_turn, game.zones, game.cards, game.life, game.remembered)
    assert after == before
    assert list(game.zones) == list(before[2]) and list(game.cards) == list(before[3])
