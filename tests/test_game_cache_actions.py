"""What the listing of legal actions and the triggers remember (host/game/actions.py,
casting.py, triggers.py) never changes an answer: each object's cast rows and its plain
abilities' answers, kept while the object is unchanged, are the ones worked out afresh
after every action of random games; asking whether an ability that taps its own mana
source is affordable changes nothing in the game (602.2b, 601.2h: the source is left
out of the plan, not tapped and untapped); and the triggers a face has are remembered
for that very face, never for another that later has its id."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from play_support import library, played_game
from random_support import game_digest, new_random_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.mana_restrictions import Spending
from dfc_plugin.host.abilities.mayplay import any_color
from dfc_plugin.host.game.actions import Activate
from dfc_plugin.host.game.cache import drop_caches, fresh
from dfc_plugin.host.game.casting import _mana_count
from dfc_plugin.host.game.costs import needs
from dfc_plugin.script.parser import parse_value
from dfc_plugin.state import Zone

#: Where the listing and the triggers keep what they remember (and the version-keyed ones).
_REMEMBERED: tuple[str, ...] = ("_static_cache", "_faces", "_mana", "_cast_options", "_plain_activations")
_REMEMBERED += ("_activation_rows", "_trigger_rows", "_face_triggers", "_types", "_parts")


def _listing(game: Game) -> dict[str, Any]:
    """The listing's answers and the rows it builds them from, for both players."""
    found: dict[str, Any] = {}
    for player in game.players:
        found[f"actions {player}"] = game.legal_actions(player)
        found[f"cast sources {player}"] = game._cast_sources(player)
        rows = game._activation_sources(player)
        found[f"activation sources {player}"] = rows
        found[f"plain answers {player}"] = [
            game._plain_answers(player, o, face, own) for o, face, own, _, _ in rows
        ]
    for found_object in game.in_zone(Zone.BATTLEFIELD):
        face = game.face_of(found_object)
        if face is not None:
            found[f"triggers {found_object.id}"] = [
                (mode, game._triggers_of(face, mode)) for mode in ("Phase", "ChangesZone", "Attacks")
            ]
    return found


def _afresh(game: Game) -> dict[str, Any]:
    """:func:`_listing` with nothing remembered, the game's memos kept for after."""
    kept = {n: copy.copy(game.__dict__[n]) for n in _REMEMBERED if n in game.__dict__}
    objects, version = dict(game.objects), game.version
    drop_caches(game)
    try:
        with fresh():
            return _listing(game)
    finally:
        for name in _REMEMBERED:
            game.__dict__.pop(name, None)
        game.__dict__.update(kept)
        assert game.version == version and game.objects == objects  # (the listing changed nothing)


@pytest.mark.parametrize("seed", [1, 4])
def test_the_listing_s_rows_are_the_ones_worked_out_afresh(seed: int) -> None:
    game = new_random_game(seed, invariants=False, library=library())
    game.start(hand=7)
    compared = 0
    while not game.over and compared < 150 and game.priority is not None:
        remembered = _listing(game)
        assert remembered == _afresh(game), f"after {compared} actions, turn {game.turn}, {game.step}"
        game.play(1)
        compared += 1
    assert compared == 150 or game.over


def _battlements_game(*others: str, target: bool = True) -> tuple[Game, int]:
    game = played_game()
    battlements = game.add("Hanweir Battlements", Zone.BATTLEFIELD, 1)
    for name in others:
        game.add(name, Zone.BATTLEFIELD, 1)
    if target:
        game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)  # a target for the haste ability
    game.start(hand=0, step="main1")
    return game, battlements


def test_an_ability_that_taps_its_own_mana_source_needs_mana_from_elsewhere() -> None:
    """Hanweir Battlements' "{R}, {T}: target creature gains haste": its own {T} can't
    also pay the {R} (it taps for {C} anyway), so with only the Battlements it isn't
    listed; with a Mountain beside it, it is (602.2b, 601.2h)."""
    alone, battlements = _battlements_game()
    assert Activate(battlements, 1) not in alone.legal_actions(1)
    assert Activate(battlements, 0) in alone.legal_actions(1)  # its mana ability
    beside, battlements = _battlements_game("Mountain")
    assert Activate(battlements, 1) in beside.legal_actions(1)


def test_an_affordable_ability_with_no_legal_target_is_not_listed() -> None:
    """Paid for by the Mountain, Hanweir Battlements' haste ability still needs a target
    creature (601.2c, 602.2b): with no creature on the battlefield it isn't listed, and
    activating it is refused. (Its own {T} once skipped the target check.)"""
    game, battlements = _battlements_game("Mountain", target=False)
    assert Activate(battlements, 1) not in game.legal_actions(1)
    assert Activate(battlements, 0) in game.legal_actions(1)
    with pytest.raises(IllegalActionError):
        game.apply(1, Activate(battlements, 1))


def test_asking_whether_it_is_affordable_changes_nothing() -> None:
    """The question is answered without tapping the source: the game's version and
    every object stay the very same, so what was remembered for this state stays."""
    game, _ = _battlements_game("Mountain")
    version, objects = game.version, dict(game.objects)
    game.legal_actions(1)
    assert game.version == version
    assert all(game.objects[i] is found for i, found in objects.items())


def test_triggers_are_remembered_for_the_very_face_not_its_id() -> None:
    """A face made and dropped (one that lost all its abilities, layer 6) may leave its
    id to another face: the triggers remembered for the first aren't the second's.
    (Brutal Cathar: "When this creature enters or transforms into Brutal Cathar, ...")"""
    game = played_game()
    face = library().get("Brutal Cathar").faces[0]
    wanted = game._triggers_of(face, "ChangesZone")
    assert len(wanted) == 1
    for _ in range(50):
        stripped = replace(face, abilities=(), keywords=())
        assert game._triggers_of(stripped, "ChangesZone") == []
        del stripped  # (a memo that kept only its id would hand it to the next face made)
        assert game._triggers_of(replace(face), "ChangesZone") == wanted


def test_a_remembered_plain_answer_is_asked_again_on_a_later_turn() -> None:
    """Esika's "{T}: Add one mana of any color" (no other cost, no target): whether it may
    be activated is remembered per object, player and turn. The very same untapped
    object, summoning sick on the turn it came (302.6), may tap on its controller's
    next turn."""
    game = played_game()
    esika = game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1, controlled_since_turn=1)
    game.start(hand=0, step="main1")
    assert Activate(esika, 0) not in game.legal_actions(1)
    before = game.objects[esika]
    game.pass_until("main1", turn=3)
    assert game.objects[esika] is before  # (unchanged: only the turn says it may tap now)
    assert Activate(esika, 0) in game.legal_actions(1)


@pytest.mark.parametrize("seed", [2, 5])
def test_the_mana_count_bound_never_refuses_a_payable_spell(seed: int) -> None:
    """``_affordable_spell`` refuses a cost of more mana than the pool and the sources
    hold without planning the payment: after every action of a random game, for every
    way to cast every card in hand, its answer is the planned payment's (601.2g-h)."""
    game = new_random_game(seed, invariants=False, library=library())
    game.start(hand=7)
    asked = refused = 0
    for _ in range(150):
        if game.over or game.priority is None:
            break
        for player in game.players:
            for found in game.in_zone(Zone.HAND, player):
                for option in game.cast_options_for(player, found):
                    wanted = any_color(game, player, found, needs(option.cost, 0, game.tax_for(found)))
                    planned = game.can_afford(player, wanted, Spending(found, spell=True))
                    assert game._affordable_spell(player, found, option) == planned
                    asked += 1
                    refused += len(wanted) > len(game.mana_pool[player]) + len(game.mana_sources(player))
        game.play(1)
    assert asked and refused  # (the bound was reached, and answered as the plan does)


@pytest.mark.parametrize("text", ["X 2 W U/B 2/G C S W/P", "3 G G", "0", "X X R", None])
def test_the_mana_count_is_the_count_needs_asks_for(text: str | None) -> None:
    """Every kind of symbol (X as 0, generic, coloured, hybrid, {2/G}, {C}, {S},
    Phyrexian), with a tax or a reduction, and no cost at all."""
    cost = parse_value("mana_cost", text) if text is not None else None
    constrained, generic = _mana_count(cost)
    for tax in (0, 2, -1, -5):
        assert constrained + max(0, generic + tax) == len(needs(cost, 0, tax))


@pytest.mark.parametrize("seed", [4, 10])
def test_games_whose_triggers_use_the_kept_rows_are_the_games_without_them(seed: int) -> None:
    """Each object's trigger rows are kept from one version to the next (with no
    animation): random games (seed 4 and 10 meld, transform and trigger) take the same
    actions and write the same log with them as with nothing remembered."""
    remembered = game_digest(seed, 250)
    assert remembered["actions"] == 250
    assert remembered == game_digest(seed, 250, uncached=True)


@pytest.mark.parametrize("transformed", [False, True])
def test_a_kept_trigger_row_is_for_the_face_that_is_up_now(transformed: bool) -> None:
    """Delver of Secrets has "At the beginning of your upkeep, ..."; Insectile Aberration,
    its back face, has no trigger. Transformed (the same object id, 712.18), it no longer
    triggers, though its front face's row was kept from the steps before."""
    game = played_game()
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD, 1)
    game.start(hand=0, step="main1")
    game.pass_until("end", turn=1)  # (a Phase event at each step: the rows are made)
    if transformed:
        game.transform(delver)
        assert game.face_of(game.objects[delver]).name == "Insectile Aberration"  # type: ignore[union-attr]
    game.pass_until("upkeep", turn=3)
    assert len(game.stack_items) == (0 if transformed else 1)
