"""The scenarios of ``cr712_holes_changes.toml`` and the ``remove_counters`` action: each
bundled run passes on the reference engine and fails on an engine deliberately wrong in
the one way it checks (a zone change, a count, a default), so none of them can pass
whatever the engine does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import load_scenarios, planned_runs, run_scenario
from dfc_plugin.host import Game
from dfc_plugin.host.core import ActionResult
from dfc_plugin.state import TokenKind, Zone

Patch = Callable[[Game], None]


def _removes_all(game: Game) -> None:
    """122.1 ignored: removing counters removes every counter of the kind."""
    remove = game.remove_counters

    def wrong(object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult:
        return remove(object_id, kind, game.obj(object_id).counter(kind))

    game.remove_counters = wrong  # type: ignore[method-assign]


def _goes_negative(game: Game) -> None:
    """Removing counters of a kind the object lacks leaves a negative count of them."""
    remove = game.remove_counters

    def wrong(object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult:
        found = game.obj(object_id)
        if found.counter(kind) >= count:
            return remove(object_id, kind, count)
        counters = {**dict(found.counters), kind: found.counter(kind) - count}
        game._replace(found, counters=tuple(sorted(counters.items())))
        return ActionResult(True, "122.1", "counters removed", (object_id,))

    game.remove_counters = wrong  # type: ignore[method-assign]


def _negative_mill_is_zero(game: Game) -> None:
    """107.1b misread: a negative number of cards to mill is taken as zero, not refused."""
    mill = game.mill
    game.mill = lambda player, count=1: mill(player, max(0, count))  # type: ignore[method-assign]


def _mills_two_by_default(game: Game) -> None:
    """An engine whose default differs from the documented one (mill one card)."""
    mill = game.mill
    game.mill = lambda player, count=2: mill(player, count)  # type: ignore[method-assign]


def _tokens_are_cards(game: Game) -> None:
    """111.1 ignored: a token made from a card's script is a card."""
    create = game.create_token

    def wrong(name: str, controller: int, counters: int = 0) -> ActionResult:
        result = create(name, controller, counters)
        made = game.obj(result.objects[0])
        game._replace(made, state=made.state.evolve(token=TokenKind.NONE))
        return result

    game.create_token = wrong  # type: ignore[method-assign]


def _crafted_token_returns(game: Game) -> None:
    """111.8 ignored: a crafted token is said to come back."""
    craft = game.craft

    def wrong(object_id: int, materials: Any, **kw: Any) -> ActionResult:
        result = craft(object_id, materials, **kw)
        return ActionResult(True, "702.167a", "returned", result.objects, 1, 1)

    game.craft = wrong  # type: ignore[method-assign]


def _exile_order_ignored(game: Game) -> None:
    """712.21b ignored: a melded permanent's cards go into exile in their own order,
    whatever timestamp order the player chose."""

    class Keeps:
        def __init__(self, chooser: Any) -> None:
            self.chooser = chooser

        def order(self, player: int, purpose: str, items: list[int]) -> list[int]:
            if purpose.endswith(f"into the {Zone.EXILE}"):
                return list(items)
            return list(self.chooser.order(player, purpose, items))

        def __getattr__(self, name: str) -> Any:
            return getattr(self.chooser, name)

    game.chooser = Keeps(game.chooser)  # type: ignore[assignment]


#: Each wrong engine, the bundled run it must fail, and words of the failure.
WRONG = {
    "remove_counters: one by default": (_removes_all, "122.1-remove-one-counter-by-default", "counters"),
    "remove_counters: none it lacks": (_goes_negative, "122.1-remove-counters-only-those-it-has", "counters"),
    "mill: a negative number refused": (
        _negative_mill_is_zero,
        "107.1b-mill-a-negative-number-of-cards-is-refused",
        "refused",
    ),
    "mill: the engine's default is the documented one": (
        _mills_two_by_default,
        "701.17a-mill-one-card-by-default",
        "graveyard",
    ),
    "create_token: a token by name": (
        _tokens_are_cards,
        "111.1-a-token-by-a-card-name-is-a-token@2026-09-25",
        "token",
    ),
    "craft: a crafted token doesn't return": (
        _crafted_token_returns,
        "111.8-crafted-token-doesnt-return",
        "happened",
    ),
    "exile: the chosen timestamp order": (
        _exile_order_ignored,
        "712.21b-melded-exiled-in-the-chosen-timestamp-order@2026-09-25",
        "names",
    ),
    "exile face down: the chosen timestamp order": (
        _exile_order_ignored,
        "712.21b-melded-exiled-face-down-in-the-chosen-timestamp-order",
        "views",
    ),
}


class _WrongDriver(ReferenceDriver):
    def __init__(self, patch: Patch) -> None:
        super().__init__()
        self._patch = patch

    def start(self, edition: str, players: int) -> None:
        super().start(edition, players)
        self._patch(self.g)


def _bundled_run(run_id: str) -> Any:
    scenarios, errors = load_scenarios([], bundled=True)
    assert not errors
    return next(run for run in planned_runs(scenarios) if run.id == run_id)


@pytest.mark.rule("122.1", "107.1b", "111.1", "111.8", "712.21b", "701.17a")
@pytest.mark.parametrize("item", list(WRONG))
def test_each_scenario_fails_on_an_engine_wrong_in_its_way(item: str) -> None:
    patch, run_id, words = WRONG[item]
    run = _bundled_run(run_id)
    assert run_scenario(run, ReferenceDriver, timeout=None).status == "passed"
    wrong = run_scenario(run, lambda: _WrongDriver(patch), timeout=None)
    assert wrong.status == "failed", wrong.message
    assert words in wrong.message, wrong.message
