"""What "until" durations and leaving cost the engine's moves (610.3, 800.4a).

Run: ``python benchmarks/leaving.py [ROUNDS]``. Every zone change now passes through
:class:`dfc_plugin.host.game.leaving.Leaving` (its ``move`` and ``_settle`` look for
sources of "until" exiles that left). In one run and in alternating rounds it times the
same work on two games built from the same scripts:

- ``Game``: the reference engine as shipped (with ``Leaving``);
- baseline: the same class without the ``Leaving`` mixin (what the engine was before);

the work being a played game where a Grizzly Bears dies and comes back 200 times (a move
to the graveyard and one onto the battlefield each time), and, on ``Game`` only, Brutal
Cathar's cycle: its trigger exiles the Bears, it leaves, the Bears return (the price of
one "until" exile and return, as a ratio to one plain die-and-return; the Cathar enters,
its trigger is put on the stack and resolves, so most of it is the loop). Prints one JSON
object; the ratios are the figures to quote, not the seconds.
"""

from __future__ import annotations

import json
import statistics
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arguments import parse_rounds
from play_support import library
from timing import timed

from dfc_plugin.host import Game
from dfc_plugin.host.agents import PassAgent
from dfc_plugin.host.changes import ChangeActions
from dfc_plugin.host.game import Playing
from dfc_plugin.host.play import PlayActions
from dfc_plugin.host.turns import TurnActions
from dfc_plugin.state import Zone

CYCLES = 200


class Baseline(Playing, PlayActions, ChangeActions, TurnActions):
    """The engine without the Leaving mixin."""


def _game(kind: type) -> tuple[object, int]:
    game = kind(players=2, library=library(), agents={1: PassAgent(), 2: PassAgent()})
    for player in game.players:
        for _ in range(5):
            game.add("Island", Zone.LIBRARY, player)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    return game, bears


def die_and_return(kind: type) -> None:
    game, bears = _game(kind)
    for _ in range(CYCLES):
        (dead,) = game.destroy(bears).objects  # type: ignore[attr-defined]
        (bears,) = game.put_onto_battlefield(dead).objects  # type: ignore[attr-defined]


def cathar_cycles() -> None:
    game, _ = _game(Game)
    assert isinstance(game, Game)
    for _ in range(CYCLES):
        cathar = game.add("Brutal Cathar", Zone.HAND, 1)
        (entered,) = game.put_onto_battlefield(cathar).objects
        game.resolve_stack()  # the trigger exiles the Bears
        game.destroy(entered)  # the Bears return
    assert game.find("Grizzly Bears", Zone.BATTLEFIELD) is not None and not game.in_zone(Zone.EXILE)


def main(rounds: int) -> dict[str, object]:
    ours: list[float] = []
    base: list[float] = []
    cathar: list[float] = []
    for index in range(rounds):  # alternating which goes first: a noisy machine drifts
        pair = [(ours, Game), (base, Baseline)]
        for times, kind in pair if index % 2 else reversed(pair):
            times.append(timed(partial(die_and_return, kind)))
        cathar.append(timed(cathar_cycles))
    median = statistics.median
    return {
        "rounds": rounds,
        "cycles": CYCLES,
        "die_and_return_s": {"Game": median(ours), "baseline": median(base)},
        "leaving_overhead_ratio": round(median(ours) / median(base), 3),
        "cathar_cycle_s": median(cathar),
        "cathar_cycle_vs_die_and_return_ratio": round(median(cathar) / median(ours), 3),
    }


if __name__ == "__main__":
    print(json.dumps(main(parse_rounds(__doc__, 9, sys.argv[1:])), indent=2))
