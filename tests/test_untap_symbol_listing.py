"""An ability with the untap symbol {Q} in its cost is listed only where it could be
activated. 107.6: "A permanent that's already untapped can't be untapped again to pay the
cost." 302.6: "A creature's activated ability with the tap symbol or the untap symbol in
its activation cost can't be activated unless the creature has been under its
controller's control continuously since their most recent turn began."

Found in round 11: the listing checked {T} costs for both and {Q} costs for neither, so it
offered activations that applying them then refused."""

from __future__ import annotations

import pytest
from play_support import played_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Zone


def _untapper_in_main(game: Game) -> int:
    """Test Untapper on player 1's battlefield since the game began, in their third turn's
    precombat main phase."""
    untapper = game.add("Test Untapper", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=3)
    return untapper


def _listed(game: Game, object_id: int) -> bool:
    return Activate(object_id, 0) in game.legal_actions(1)


@pytest.mark.rule("107.6", "302.6")
def test_an_untapped_permanent_is_not_offered_its_untap_ability() -> None:
    game = played_game()
    untapper = _untapper_in_main(game)
    assert not game.obj(untapper).tapped
    assert not _listed(game, untapper)
    with pytest.raises(IllegalActionError, match="untapped"):
        game.apply(1, Activate(untapper, 0))


@pytest.mark.rule("107.6", "302.6")
def test_a_tapped_creature_since_the_turn_began_is_offered_it_and_untaps() -> None:
    game = played_game()
    untapper = _untapper_in_main(game)
    game._replace(game.obj(untapper), tapped=True)
    assert _listed(game, untapper)
    game.apply(1, Activate(untapper, 0))
    game.resolve_stack()
    assert not game.obj(untapper).tapped
    assert game.life[1] == 21


@pytest.mark.rule("302.6")
def test_a_summoning_sick_creature_is_not_offered_its_untap_ability() -> None:
    """Put onto the battlefield from a hand this turn, then tapped: {Q} can't be paid yet
    (302.6)."""
    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=3)
    (untapper,) = game.move(game.add("Test Untapper", Zone.HAND, 1), Zone.BATTLEFIELD).objects
    game._replace(game.obj(untapper), tapped=True)
    assert not _listed(game, untapper)
    with pytest.raises(IllegalActionError):
        game.apply(1, Activate(untapper, 0))
