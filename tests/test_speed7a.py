"""Issue 10 (throughput), round 7 A: what the listing of legal actions remembers
(host/game/actions.py, casting.py, costs.py) gives the answers worked out afresh.

Each memo is checked the same way: random games are played twice in step, and at every
position the remembered answer is compared with the one worked out with nothing
remembered; and the cases where a remembered answer must be worked out again (the
timing, the turn, the object) are played through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from play_support import played_game
from random_support import new_random_game

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.mana_restrictions import Spending
from dfc_plugin.host.game.actions import Activate, Cast, Pass, PlayLand
from dfc_plugin.host.game.cache import drop_caches, fresh
from dfc_plugin.host.game.casting import _ability_cost
from dfc_plugin.host.game.costs import needs
from dfc_plugin.state import Zone

Probe = Callable[[Game], dict[str, Any]]


def _compare_played(seeds: list[int], probe: Probe, actions: int = 250) -> int:
    """Play each seed twice in step, once as usual (its memos kept from one position
    to the next, as in a real game) and once with nothing remembered (``drop_caches``
    before every position, within ``fresh``), comparing ``probe`` at every position
    and the two logs at the end; returns how many positions were compared."""
    compared = 0
    for seed in seeds:
        kept, afresh = new_random_game(seed, invariants=False), new_random_game(seed, invariants=False)
        kept.start(hand=7)
        with fresh():
            afresh.start(hand=7)
        for done in range(actions):
            if kept.over or kept.priority is None:
                break
            drop_caches(afresh)
            with fresh():
                wanted = probe(afresh)
            assert probe(kept) == wanted, f"seed {seed}, after {done} actions, {kept.step}"
            compared += 1
            kept.play(1)
            with fresh():
                afresh.play(1)
        assert kept.log_text() == afresh.log_text()
    return compared


def _activations(game: Game) -> dict[str, Any]:
    found: dict[str, Any] = {f"activate {p}": game._activate_actions(p) for p in game.players}
    if game.priority is not None:
        found["listed"] = game.legal_actions(game.priority)
    return found


@pytest.mark.rule("602.2", "302.6", "307.1", "606.3")
def test_settled_rows_list_what_activatable_answers_afresh() -> None:
    """602.2: "To activate an ability is to put it onto the stack and pay its costs";
    307.1 and 606.3 allow some only at sorcery speed, 302.6 no {T} of a creature that
    came under its controller's control this turn. A row's answers that read only its
    object, the player, the turn and the timing are remembered for the very row: the
    activations listed are the ones every ability answers afresh."""
    assert _compare_played([0, 3, 5], _activations) > 500


def _sword_game(step: str) -> tuple[Game, int, int]:
    """Player 1's Test Sword (Equip {1}), a Mountain and Grizzly Bears, from ``step``."""
    game = played_game()
    sword = game.add("Test Sword", Zone.BATTLEFIELD, 1)
    mountain = game.add("Mountain", Zone.BATTLEFIELD, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.start(hand=0, step=step)
    return game, sword, mountain


@pytest.mark.rule("702.6a", "307.1")
@pytest.mark.parametrize(("first", "then"), [("upkeep", "main1"), ("main1", "begin_combat")])
def test_a_settled_row_is_settled_again_when_the_timing_changes(first: str, then: str) -> None:
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature
    you control. Activate only as a sorcery." The very same Sword (unchanged from one
    step to the next) may equip in the main phase with the stack empty, and not in the
    upkeep or at the beginning of combat; its Mountain's mana ability is listed in both."""
    game, sword, mountain = _sword_game(first)
    before = game.objects[sword]
    listed = [Activate(sword, 0) in game.legal_actions(1)]
    game.pass_until(then)
    assert game.objects[sword] is before  # (only the timing differs)
    listed.append(Activate(sword, 0) in game.legal_actions(1))
    assert listed == [first == "main1", then == "main1"]
    assert Activate(mountain, 0) in game.legal_actions(1)


@pytest.mark.rule("302.6")
def test_a_settled_row_is_settled_again_on_a_later_turn() -> None:
    """302.6: a creature's {T} ability can't be activated "unless it has been under its
    controller's control continuously since their most recent turn began".
    Smokebraider's "{T}: Add two mana ...", settled on the turn it came, is settled
    again on its controller's next turn: the very same object may tap then."""
    game = played_game()
    braider = game.add("Smokebraider", Zone.BATTLEFIELD, 1, controlled_since_turn=1)
    game.start(hand=0, step="main1")
    before = game.objects[braider]
    assert Activate(braider, 0) not in game.legal_actions(1)
    game.pass_until("main1", turn=3)
    assert game.objects[braider] is before
    assert Activate(braider, 0) in game.legal_actions(1)


@pytest.mark.rule("602.2")
def test_a_tapped_source_s_tap_abilities_are_left_out_and_listed_once_untapped() -> None:
    """602.2b: a cost that includes {T} can't be paid by a tapped permanent: the Mountain,
    tapped for mana, lists nothing; untapped (a new object, 400.7 aside), it lists its
    mana ability again."""
    game, _, mountain = _sword_game("main1")
    game.apply(1, Activate(mountain, 0))
    assert game.objects[mountain].tapped
    assert not [a for a in game.legal_actions(1) if getattr(a, "object_id", None) == mountain]
    game.set_tapped(mountain, False)
    assert Activate(mountain, 0) in game.legal_actions(1)


@pytest.mark.rule("307.1", "305.1", "117.3d")
def test_one_version_s_listing_in_another_step_is_the_one_for_its_timing() -> None:
    """307.1: a sorcery-speed action needs "their main phase and the stack is empty";
    305.1 a land play likewise. Both players pass in the main phase with nothing changed
    (117.3d): the game moves on to the beginning of combat in the very same version,
    and the listing there is the one for instant timing, worked out afresh."""
    game, sword, _ = _sword_game("main1")
    island = game.add("Island", Zone.HAND, 1)
    listed = game.legal_actions(1)
    assert Activate(sword, 0) in listed and PlayLand(island, 0) in listed
    version = game.version
    game.pass_until("begin_combat")
    assert game.version == version and game.priority == 1
    now = game.legal_actions(1)
    assert Activate(sword, 0) not in now and PlayLand(island, 0) not in now
    drop_caches(game)
    with fresh():
        assert game.legal_actions(1) == now


@pytest.mark.rule("613.1f", "605.1a")
def test_a_row_settled_before_a_grant_is_settled_again_with_it() -> None:
    """613.1f: abilities are added in layer 6. Jace, Vryn's Prodigy has "{T}: Draw a
    card, then discard a card"; once Esika is on the battlefield ("Other legendary
    creatures you control have ... '{T}: Add one mana of any color.'"), the very same
    Jace has that ability too, listed after its own, as the listing afresh says."""
    game = played_game()
    jace = game.add("Jace, Vryn's Prodigy", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    game.start(hand=0, step="main1")
    before = game.objects[jace]
    assert [a for a in game.legal_actions(1) if isinstance(a, Activate)] == [Activate(jace, 0)]
    game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    assert game.objects[jace] is before
    listed = game.legal_actions(1)
    assert Activate(jace, 0) in listed and Activate(jace, 1) in listed
    drop_caches(game)
    with fresh():
        assert game.legal_actions(1) == listed


def _planned(game: Game, player: int, found: Any, taps: bool, wanted: list[Any]) -> bool:
    """Whether the planned payment pays an ability's mana (602.2b: not with its own
    source when it taps that source), with no bound asked first."""
    if taps and any(s[0].id == found.id for s in game.mana_sources(player)):
        return game._affordable_without(player, found, wanted)
    return game.can_afford(player, wanted, Spending(found, spell=False))


@pytest.mark.rule("601.2g", "601.2h", "602.2b")
def test_the_mana_count_bound_never_refuses_a_payable_ability() -> None:
    """601.2h: "The player pays the total cost in any order"; each mana of the pool
    and each mana ability's {T} pays one mana. ``_affordable`` refuses a cost of more
    mana than they hold together without planning: after every action of random games,
    for every ability with mana in its cost of every permanent, both ways agree."""
    asked = refused = 0
    for seed in (0, 3, 8):
        game = new_random_game(seed, invariants=False)
        game.start(hand=7)
        for _ in range(200):
            if game.over or game.priority is None:
                break
            for found in game.in_zone(Zone.BATTLEFIELD):
                for ability in game.activated_abilities(found):
                    cost = _ability_cost(ability)
                    wanted = needs(cost.mana)
                    if not wanted:
                        continue
                    player = found.controller
                    answer = game._affordable(player, found, cost.tap, wanted)
                    assert answer == _planned(game, player, found, cost.tap, wanted), (seed, ability.text)
                    asked += 1
                    refused += not answer
            game.play(1)
    assert asked > 100 and refused > 50, (asked, refused)


def _passing_game(*mine: str) -> tuple[Game, list[int]]:
    """Player 2 holds priority in player 1's upkeep, with ``mine`` on the battlefield."""
    game = played_game()
    ids = [game.add(name, Zone.BATTLEFIELD, 2, controlled_since_turn=0) for name in mine]
    game.start(hand=0, step="upkeep")
    game.apply(1, Pass())
    assert game.priority == 2 and not game.sorcery_timing(2)
    return game, ids


@pytest.mark.rule("602.2b", "601.2h", "115.1")
def test_only_pass_for_want_of_mana_or_a_target_is_asked_again() -> None:
    """Test Brawler's "{1}: This creature fights target creature an opponent controls"
    can't be activated with no mana and no creature to fight: only Pass is listed. That
    reason reads more than the Brawler (the mana pool, player 1's creatures, 602.2b), so
    once both are there the very same Brawler's ability is listed."""
    game, (brawler,) = _passing_game("Test Brawler")
    before = game.objects[brawler]
    assert game.legal_actions(2) == [Pass()]
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.mana_pool[2].append("R")
    assert game.objects[brawler] is before
    assert Activate(brawler, 0) in game.legal_actions(2)


@pytest.mark.rule("605.3a", "302.6")
def test_only_pass_with_every_land_tapped_lists_a_land_untapped_again() -> None:
    """605.3a: a player may activate a mana ability whenever they have priority. With
    its only land tapped, player 2 has nothing but Pass; the land untapped (a new
    object), its mana ability is listed again."""
    game, (forest,) = _passing_game("Forest")
    game.set_tapped(forest, True)
    assert game.legal_actions(2) == [Pass()]
    game.set_tapped(forest, False)
    assert game.legal_actions(2) == [Pass(), Activate(forest, 0)]


@pytest.mark.rule("307.1", "601.2")
def test_only_pass_lists_an_instant_once_one_is_in_hand() -> None:
    """307.1: an instant may be cast whenever its caster has priority. With an empty
    hand player 2 has nothing but Pass; with Test Choice (an instant, {1}) in hand and
    no mana, nothing but Pass again (a reason the mana pool gives, 601.2h); with mana
    to pay for it, casting the very same card is listed."""
    game, _ = _passing_game()
    assert game.legal_actions(2) == [Pass()]
    choice = game.add("Test Choice", Zone.HAND, 2)
    assert game.legal_actions(2) == [Pass()]
    before = game.objects[choice]
    game.mana_pool[2].append("U")
    assert game.objects[choice] is before
    assert Cast(choice, 0, "normal") in game.legal_actions(2)
