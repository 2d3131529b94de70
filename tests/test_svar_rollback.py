"""What a StoreSVar effect writes is part of the game an action may take back: a refused
action leaves the card's stored values as they were before it.

Found by round 11's reading of the snapshot: the stored values are a table of tables
(one per card), the snapshot copied only the outer one, and StoreSVar writes into the
inner one in place, so an undone write stayed."""

from __future__ import annotations

import pytest
from play_support import played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.abilities.effects import store_svar
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Zone


@pytest.mark.rule("608.2", "601.2")
def test_a_refused_action_takes_back_a_stored_value() -> None:
    """Test Veteran attacks alone, so it stores Marked 1 and Bonus 1; an attempt that
    stores Bonus 5 and is then refused leaves Bonus 1."""
    game = played_game()
    veteran = game.add("Test Veteran", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("attackers", [veteran]))
    game.pass_until("main2", turn=1)
    card = game.obj(veteran).cards[0].id
    assert game.stored_svars[card] == {"Marked": "1", "Bonus": "1"}
    found = game.obj(veteran)
    face = game.face_of(found)
    assert face is not None
    ctx = game.ability_ctx(found, face)

    def attempt() -> None:
        store_svar(game, ctx, parse_param_map("DB$ StoreSVar | SVar$ Bonus | Type$ Number | Expression$ 5"))
        assert game.stored_svars[card]["Bonus"] == "5"
        raise IllegalActionError("refused after the value was stored", rule="601.2h")

    with pytest.raises(IllegalActionError):
        game.all_or_nothing(attempt)
    assert game.stored_svars[card] == {"Marked": "1", "Bonus": "1"}
