"""Issue 10 (throughput), round 9 B: the listing at instant timing put together from
each object's piece (host/game/actions.py ``_from_pieces``, kept in ``"pieces"``) gives
the listing worked out afresh.

CR 307.1: a player may cast an instant (or a spell with flash, 702.8a) whenever they
have priority, other spells only in their main phase with the stack empty; 305.1: a
land is played only then too. So at instant timing the listing holds Pass, the casts of
faces cast at instant speed and the activations: each object's part of it (its settled
activations, its ways to cast at instant speed) reads only the object, the player and
whether it may pay {T} (302.6, 702.10c), and is kept for the very object; the answers
that read the mana or the targets are asked again at every listing."""

from __future__ import annotations

from typing import Any

import pytest
from play_support import played_game
from random_support import bundled, new_random_game
from test_speed7a import _compare_played

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game.actions import Action, Activate, Cast, Pass
from dfc_plugin.host.game.cache import drop_caches, fresh, is_fresh
from dfc_plugin.host.game.casting import spell_ability
from dfc_plugin.state import Zone


def _afresh(game: Game, player: int) -> list[Action]:
    """The listing worked out with nothing remembered (``fresh``: no piece is used); the
    game's memos are put back after, so that comparing doesn't make the next listing
    cold (a piece kept from an earlier turn is what a test here looks at)."""
    saved = dict(game.__dict__)
    tables = [(table, dict(table)) for table in (game._static_cache, game._faces, game._mana)]
    drop_caches(game)
    with fresh():
        listed = game.legal_actions(player)
    game.__dict__.clear()
    game.__dict__.update(saved)
    for table, entries in tables:
        table.clear()
        table.update(entries)
    return listed


def _pieced(game: Game) -> bool:
    """Whether the listing of the player with priority is put together from pieces now."""
    return game.priority is not None and game._local_head(game.priority) is not None


@pytest.mark.rule("307.1", "305.1", "602.2")
def test_the_pieced_listing_is_the_listing_worked_out_afresh() -> None:
    """307.1, 305.1, 602.2: random games, the listing compared at every position with
    the one worked out with nothing remembered; many positions are pieced (most of
    those at instant timing, with pieces kept from an earlier listing)."""
    pieced: list[bool] = []

    def listed(game: Game) -> dict[str, Any]:
        player = game.priority
        assert player is not None
        if not is_fresh():
            pieced.append(_pieced(game))
        return {"listed": game.legal_actions(player)}

    compared = _compare_played([0, 3, 5, 8], listed, actions=300)
    assert compared > 1000 and len(pieced) == compared
    assert sum(pieced) > compared // 3


def _upkeep(*names: str, hand: tuple[str, ...] = (), since: int = 0) -> tuple[Game, list[int], list[int]]:
    """Player 1's first upkeep with ``names`` on their battlefield (under their control
    since turn ``since``) and ``hand`` in their hand."""
    game = played_game()
    found = [game.add(name, Zone.BATTLEFIELD, 1, controlled_since_turn=since) for name in names]
    cards = [game.add(name, Zone.HAND, 1) for name in hand]
    game.start(hand=0, step="upkeep")
    return game, found, cards


@pytest.mark.rule("302.6")
def test_a_piece_kept_on_an_earlier_turn_is_worked_out_again_once_it_may_tap() -> None:
    """302.6: a creature's {T} ability can't be activated "unless it has been under its
    controller's control continuously since their most recent turn began". The very same
    Smokebraider, pieced while it came this turn, lists its mana ability in its
    controller's next upkeep: its piece, kept from an earlier turn, serves only while it
    may pay {T} as it could then."""
    game, (braider,), _ = _upkeep("Smokebraider", since=1)
    before = game.objects[braider]
    assert _pieced(game) and game.legal_actions(1) == [Pass()]
    game.pass_until("upkeep", turn=2)
    game.apply(2, Pass())
    assert game.priority == 1 and _pieced(game)
    assert game.legal_actions(1) == [Pass()] == _afresh(game, 1)  # (its most recent turn: 1)
    game.pass_until("upkeep", turn=3)
    assert game.objects[braider] is before and _pieced(game)
    listed = game.legal_actions(1)
    assert Activate(braider, 0) in listed and listed == _afresh(game, 1)


@pytest.mark.rule("307.1", "601.2g")
def test_an_instant_is_listed_while_its_mana_can_be_paid() -> None:
    """307.1: an instant is cast at instant timing; 601.2g-h: its cost is paid with mana
    from the pool and mana abilities. Lightning Bolt in hand with one Mountain: listed
    with the Mountain untapped, and with its red mana in the pool once tapped for it;
    the pieces of the Bolt and of the tapped Mountain (a new object) are read again."""
    game, (mountain,), (bolt,) = _upkeep("Mountain", hand=("Lightning Bolt",))
    assert _pieced(game)
    listed = game.legal_actions(1)
    assert Cast(bolt, 0, "normal") in listed and Activate(mountain, 0) in listed
    assert listed == _afresh(game, 1)
    game.apply(1, Activate(mountain, 0))
    listed = game.legal_actions(1)
    assert listed == [Pass(), Cast(bolt, 0, "normal")] == _afresh(game, 1)


@pytest.mark.rule("307.1")
def test_an_instant_is_left_out_without_the_mana_to_cast_it() -> None:
    """With the Mountain tapped and the pool empty, Lightning Bolt can't be paid for:
    only Pass is listed, as afresh (the Bolt's piece holds a way to cast it, asked now)."""
    game, (mountain,), (bolt,) = _upkeep("Mountain", hand=("Lightning Bolt",))
    game.apply(1, Activate(mountain, 0))
    game.mana_pool[1].clear()
    game.version += 1  # (a change the listing reads: a new version of the game)
    listed: list[Any] = game.legal_actions(1)
    assert _pieced(game) and listed == [Pass()] == _afresh(game, 1)
    assert Cast(bolt, 0, "normal") not in listed


@pytest.mark.rule("601.3", "406.1")
def test_an_exiled_card_with_no_permission_to_play_it_leaves_the_listing_pieced() -> None:
    """601.3: a player may begin to cast a spell only if a rule or effect allows it to
    be cast from its zone; with no ``MayPlay$`` static, nothing in exile (406.1) may be
    played, so the listing is pieced with a card in exile, and is the listing afresh."""
    game, (mountain,), _ = _upkeep("Mountain")
    game.add("Lightning Bolt", Zone.EXILE, 1)
    assert _pieced(game)
    listed = game.legal_actions(1)
    assert listed == [Pass(), Activate(mountain, 0)] == _afresh(game, 1)


@pytest.mark.rule("702.6a", "307.1", "305.1")
def test_pieces_are_kept_for_each_timing() -> None:
    """702.6a: equip is activated "only as a sorcery"; 305.1: a land is played only at
    sorcery timing. The very same Test Sword, pieced in the upkeep (its equip and the
    land in hand not listed: settled at instant timing), in the main phase (listed), at
    the beginning of combat (not) and in the second main phase (listed): a piece is
    kept for its timing."""
    game = played_game()
    sword = game.add("Test Sword", Zone.BATTLEFIELD, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    mountain = game.add("Mountain", Zone.BATTLEFIELD, 1)
    game.add("Forest", Zone.HAND, 1)
    game.start(hand=0, step="upkeep")
    before = game.objects[sword]
    listed = []
    for step in ("upkeep", "main1", "begin_combat", "main2"):
        game.pass_until(step)
        assert game.objects[sword] is before and _pieced(game)
        found = game.legal_actions(1)
        assert found == _afresh(game, 1) and Activate(mountain, 0) in found
        listed.append((Activate(sword, 0) in found, any(type(a).__name__ == "PlayLand" for a in found)))
    assert listed == [(False, False), (True, True), (False, False), (True, True)]


@pytest.mark.rule("601.2")
def test_a_faces_spell_ability_remembered_is_the_one_read_afresh() -> None:
    """601.2: a spell's ability is the one its face's ``SP$`` line gives (castable asks
    for it at every listing): remembered by the face's identity, it is the very ability
    read afresh, for every face of the bundled scripts (a face with none has none)."""
    faces = [face for card in bundled().cards() for face in card.faces]
    kept = [spell_ability(face) for face in faces]
    with fresh():
        afresh = [spell_ability(face) for face in faces]
    assert kept == afresh and all(a is b for a, b in zip(kept, afresh, strict=True))
    assert sum(a is None for a in kept) > 0 and sum(a is not None for a in kept) > 20


@pytest.mark.rule("106.12b", "205.4g")
def test_the_mana_abilitys_board_answers_follow_moves() -> None:
    """106.12b: a ``ProduceMana`` replacement changes the mana a permanent tapped for
    mana produces; 205.4g: a snow permanent is a snow source, and a static may add the
    type. Whether any face on the battlefield replaces mana, or may add a type, is kept
    while ``moves`` is as it was (a tap is no move) and seen anew once Mana Reflection or
    March of the Machines enters: each answer is the one worked out afresh."""
    from dfc_plugin.host.abilities.producing import _any_replacer
    from dfc_plugin.host.abilities.snow import _types_may_be_added

    game, (mountain,), _ = _upkeep("Mountain")

    def answers() -> tuple[bool, bool]:
        return _any_replacer(game), _types_may_be_added(game)

    def afresh() -> tuple[bool, bool]:
        saved = {k: game.__dict__.pop(k, None) for k in ("_mana_replacers", "_type_statics_seen")}
        try:
            return answers()
        finally:
            game.__dict__.update(saved)

    assert answers() == (False, False) == afresh()
    game.apply(1, Activate(mountain, 0))  # (a tap: moves unchanged)
    assert answers() == (False, False) == afresh()
    game.add("Mana Reflection", Zone.BATTLEFIELD, 1)
    assert answers() == (True, False) == afresh()
    game.add("March of the Machines", Zone.BATTLEFIELD, 2)
    assert answers() == (True, True) == afresh()


@pytest.mark.rule("302.6", "702.10c")
def test_free_to_tap_is_control_since_the_turn_began_or_haste() -> None:
    """302.6 and 702.10c: a permanent may pay {T} if its controller has controlled it
    continuously since their most recent turn began, or if it has haste. Read straight
    from the object, the answer is the two questions' for every object of random games
    at every position (a gone object's question still says it is gone)."""
    checked = 0
    for seed in (1, 4):
        game = new_random_game(seed, invariants=False)
        game.start(hand=7)
        for _ in range(200):
            if game.over or game.priority is None:
                break
            for found in game.objects.values():
                wanted = game.controlled_since_turn_began(found.id) or game.has_keyword_of(found, "Haste")
                assert game.free_to_tap(found) == wanted
                checked += 1
            game.play(1)
    assert checked > 5000
    gone = next(iter(game.objects.values()))
    game.objects.pop(gone.id)
    with pytest.raises(IllegalActionError):
        game.free_to_tap(gone)
