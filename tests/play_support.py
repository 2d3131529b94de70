"""Played games for tests: the cards act by their own scripts through the game loop,
with scripted agents answering every question (an unexpected one fails the test)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from helpers import ROOT, need_shared

from dfc_plugin.host import Game
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import Zone


@cache
def library() -> Library:
    """The bundled card scripts and the synthetic test cards of tests/scripts (each
    a "Test ..." card written to exercise a few parameters)."""
    return Library.load([bundled_cardscripts(), ROOT / "tests" / "scripts"], use_cache=False)


def played_game(
    p1: Sequence[tuple[str, Any]] = (),
    p2: Sequence[tuple[str, Any]] = (),
    *,
    library_cards: Sequence[str] = ("Island",) * 8,
) -> Game:
    """A two-player game whose players answer from these scripts; each library holds
    ``library_cards`` (so nobody loses by drawing from an empty library)."""
    game = Game(
        players=2,
        library=library(),
        agents={1: ScriptedAgent(p1), 2: ScriptedAgent(p2)},
        check_invariants=True,
    )
    for player in game.players:
        for name in library_cards:
            game.add(name, Zone.LIBRARY, player)
    return game


def lands(game: Game, player: int, name: str, count: int) -> list[int]:
    return [game.add(name, Zone.BATTLEFIELD, player) for _ in range(count)]


def arlinn_flash_game() -> Game:
    """A game in which player 1 activated Arlinn, the Pack's Hope's +1 on their first main
    phase: "Until your next turn, you may cast creature spells as though they had flash,
    and each creature you control enters with an additional +1/+1 counter on it." """
    from dfc_plugin.host.game import Activate

    game = played_game()
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    arlinn = game.add("Arlinn, the Pack's Hope", Zone.BATTLEFIELD, 1)
    game.add_counters(arlinn, "LOYALTY", 4)
    game.apply(1, Activate(arlinn, 0))
    game.resolve_stack()
    return game


def script(game: Game, player: int, *entries: tuple[str, Any]) -> None:
    """Add answers to a player's script."""
    agent = game.agents[player]
    assert isinstance(agent, ScriptedAgent)
    agent.script.extend(entries)


def all_answered(game: Game) -> bool:
    return all(isinstance(a, ScriptedAgent) and a.done() for a in game.agents.values())


def names(game: Game, zone: Zone, player: int | None = None) -> list[str]:
    return sorted(str(game.rules.characteristics(o.state).name) for o in game.in_zone(zone, player))


@cache
def corpus_library(*paths: Path) -> Library:
    """The bundled and test scripts, and these corpus scripts (test input; a corpus
    script replaces a bundled card of the same name)."""
    return Library.load([bundled_cardscripts(), ROOT / "tests" / "scripts", *paths], use_cache=False)


def corpus_game(*paths: Path, players: int = 2) -> Game:
    """A played game (scripted agents, invariants checked) whose library also holds
    these corpus scripts; skipped where ../shared is absent (``need_shared``)."""
    game = Game(
        players=players,
        library=corpus_library(*map(need_shared, paths)),
        agents={p: ScriptedAgent([]) for p in range(1, players + 1)},
        check_invariants=True,
    )
    for player in game.players:
        for _ in range(8):
            game.add("Island", Zone.LIBRARY, player)
    return game
