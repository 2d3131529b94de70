"""The stateful property test of the reference engine, bounded for CI (see
tests/stateful_support.py for the rules and invariants, benchmarks/stateful_long.py for
the long run)."""

from __future__ import annotations

import inspect

from hypothesis import HealthCheck, settings
from stateful_support import ACTIONS, EngineMachine

from dfc_plugin.host import Game
from dfc_plugin.host.changes import ChangeActions
from dfc_plugin.host.core import GameCore
from dfc_plugin.host.play import PlayActions
from dfc_plugin.host.turns import TurnActions

EngineMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestEngineSequences = EngineMachine.TestCase

#: Public methods of Game that only read the game (they take no action).
QUERIES = {
    "battlefield", "characteristics", "check_destination", "check_player", "controlled_since_turn_began",
    "could_produce", "describe", "find", "free_to_tap", "has_chosen_name", "in_zone", "land_plays", "log_text", "mana_value",
    "may_look",
    "name_of", "obj", "objects_named", "owner_zone_ids", "power_toughness", "public_name", "reach", "record",
    "replaced_destination",
    "token_kind", "verify", "view", "zone_key",
}  # fmt: skip


def test_the_machine_drives_every_public_action_of_game() -> None:
    """Every public action of the directly driven engine (the action mixins; the played
    game's ``legal_actions``/``apply`` are driven by tests/test_random_games.py)."""
    direct = {name for mixin in (PlayActions, ChangeActions, TurnActions) for name in vars(mixin)}
    public = {
        name
        for name, member in inspect.getmembers(Game, inspect.isfunction)
        if not name.startswith("_") and (name in direct or name == "add")
    }
    core_public = {name for name in vars(GameCore) if not name.startswith("_")}
    assert core_public - {"add"} <= QUERIES
    assert set(ACTIONS) == public - QUERIES
