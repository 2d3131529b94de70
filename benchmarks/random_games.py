"""Random agents play whole games: the reference engine against phase.rs (through the
``phase-python`` wheel, driven the same way: list the legal actions, pick one uniformly,
apply it) in the same run, where it is installed.

Run: ``python benchmarks/random_games.py [GAMES] [--max-actions N] [--checked-games M]
[--rounds R]``;
``--long`` runs only the checked pass (the long stateful run: 1,000 games and more);
``--engine reference`` or ``--engine phase`` plays only that engine's pass (the library
and card database built first, untimed), for timing whole processes one against the other;
``--same-games`` replays the seeds of ``random_games_logs.json`` (recorded before the
engine remembered anything) and says whether each game took the same actions and wrote
the same log (a rules change elsewhere changes the games too: record again then, with
``--record``).

* pass 1: the reference engine, invariants off: games/s, actions/s, peak memory of one
  game (tracemalloc, measured apart so it doesn't slow the timed games);
* pass 2: the same games with the invariants on (``check_invariants``: every card in
  exactly one place and DESIGN.md's DFC invariant after every action) and, for the first
  M games, the hidden-information check (no player's view or log names a card they may
  not see): the cost of checking, as a ratio to pass 1;
* pass 3: phase.rs on decks of the same shape (16 basics and 24 creatures: its own card
  database is built here from MTGJSON-shaped faces, since it can't read Forge scripts),
  the same random policy and action limit. The figure to compare is actions per second,
  by the clock and by each process's CPU time (phase.rs waits off the CPU under load, so
  on a busy machine the clock's ratio moves with the load; the CPU time's moves less).

Passes 1 and 3 are played ``--rounds`` times (default 3), alternating, the same games each
round; each side's figures are its best round (highest actions per CPU second), measured
the same way for both, so that a burst of load on this shared machine lands in one round
of one side, not in the ratio. Every round's rate is in the output too.

Decks: two colours each, drawn from the bundled double-faced scripts that run fully
(``census``), seeded. A game ends when a player loses, at ``--max-actions`` actions or at
turn 40. Prints one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from arguments import count
from random_support import Hidden, deck, game_digest, new_random_game, play_checked, playable_dfcs

LOGS = Path(__file__).resolve().parent / "random_games_logs.json"


def _ours(
    games: int,
    max_actions: int,
    *,
    invariants: bool,
    hidden_games: int = 0,
    size: int = 40,
    max_turns: int = 40,
) -> dict[str, Any]:
    actions = turns = finished = 0
    playable_dfcs()  # the library read and the decks' cards found before the clock starts
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        game = new_random_game(seed, invariants=invariants, size=size)
        hidden = Hidden() if seed < hidden_games else None
        actions += play_checked(game, max_actions, hidden=hidden, max_turns=max_turns)
        turns += game.turn
        finished += game.over
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games": games,
        "actions": actions,
        "turns": turns,
        "games_won": finished,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3),
        "actions_per_second": round(actions / seconds, 1),
        "actions_per_cpu_second": round(actions / cpu, 1),  # (this process's CPU time: less load-bound)
    }


def _peak_memory(max_actions: int) -> int:
    tracemalloc.start()
    game = new_random_game(0, invariants=False)
    play_checked(game, max_actions)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


# --------------------------------------------------------------------------- phase.rs

_BASIC_TEXT = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _phase_face(phase: Any, name: str, cost: str, types: list[str], **more: Any) -> Any:
    """A phase.rs card face from an MTGJSON-shaped description."""
    subtypes, text, pt = more["subtypes"], more["text"], more.get("pt")
    colors, mv, supertypes = more.get("colors", []), more.get("mv", 0), more.get("supertypes", [])
    shape: dict[str, Any] = {
        "name": name,
        "manaCost": cost,
        "manaValue": mv,
        "convertedManaCost": mv,
        "types": types,
        "subtypes": subtypes,
        "supertypes": supertypes,
        "type": " ".join(types),
        "text": text,
        "layout": "normal",
        "colors": colors,
        "colorIdentity": colors,
        "keywords": [],
        "legalities": {},
        "identifiers": {},
    }
    if pt is not None:
        shape["power"], shape["toughness"] = pt
    return phase.build_oracle_face(shape, None)


def _phase_engine(phase: Any) -> tuple[Any, dict[str, list[str]]]:
    """A phase.rs card database: the five basics and one vanilla creature per mana value
    and colour (our DFC creatures' front faces, as far as their sizes go)."""
    cards: dict[str, Any] = {}
    for name, color in _BASIC_TEXT.items():
        cards[name] = _phase_face(
            phase,
            name,
            "",
            ["Land"],
            subtypes=[name],
            text=f"({{T}}: Add {{{color}}}.)",
            supertypes=["Basic"],
        )
    by_color: dict[str, list[str]] = {c: [] for c in "WUBRG"}
    for card in playable_dfcs():
        front = card.front
        if (
            front.power is None
            or front.toughness is None
            or front.mana_cost is None
            or len(front.colors) != 1
        ):
            continue
        color = front.colors[0]
        name = f"{front.name} (vanilla)"
        cost = front.mana_cost.text
        pt = (str(front.power.value or 1), str(front.toughness.value or 1))
        cards[name] = _phase_face(
            phase,
            name,
            cost,
            ["Creature"],
            subtypes=["Human"],
            text="",
            pt=pt,
            colors=[color],
            mv=front.mana_value,
        )
        by_color[color].append(name)
    return phase.Engine.from_json(json.dumps(cards)), by_color


def _phase_deck(seed: int, by_color: dict[str, list[str]]) -> list[str]:
    rng = random.Random(seed)
    colors = [c for c in rng.sample("WUBRG", 5) if by_color[c]][:2]
    basics = [n for n, c in _BASIC_TEXT.items() if c in colors]
    spells = [rng.choice(by_color[colors[i % len(colors)]]) for i in range(24)]
    return [basics[i % len(basics)] for i in range(16)] + spells


def _phase_actor(game: Any) -> int:
    waiting = game.waiting_for()
    data = waiting.get("data") if isinstance(waiting, dict) else None
    if isinstance(data, dict):
        if "player" in data:
            return int(data["player"])
        pending = data.get("pending")
        if pending:
            return int(pending[0]["player"])
    seat = game.priority_player()
    return int(seat) if seat is not None else 0


def _phase_games(games: int, max_actions: int) -> dict[str, Any] | None:
    try:
        import phase
    except ImportError:
        return None
    engine, by_color = _phase_engine(phase)
    actions = turns = errors = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        game = engine.new_game(
            _phase_deck(seed * 10 + 1, by_color), _phase_deck(seed * 10 + 2, by_color), seed=seed
        )
        taken = 0
        while taken < max_actions and game.turn <= 40:
            options = game.actions()
            if not options:
                break
            try:
                game.apply(_phase_actor(game), rng.choice(options))
            except Exception:  # an action it listed but refused: count it, go on
                errors += 1
                if errors > 10 * games:
                    break
                continue
            taken += 1
        actions += taken
        turns += game.turn
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games": games,
        "actions": actions,
        "turns": turns,
        "refused": errors,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3),
        "actions_per_second": round(actions / seconds, 1),
        "actions_per_cpu_second": round(actions / cpu, 1),  # (this process's CPU time: less load-bound)
        "cards": engine.card_count(),
    }


def _same_games(record: bool) -> dict[str, Any]:
    """The recorded games, played again: which seeds differ."""
    recorded = json.loads(LOGS.read_text(encoding="utf-8"))
    now = [game_digest(g["seed"], recorded["max_actions"]) for g in recorded["games"]]
    if record:
        LOGS.write_text(json.dumps({**recorded, "games": now}, indent=1) + "\n", encoding="utf-8")
    differing = [g["seed"] for g, n in zip(recorded["games"], now, strict=True) if g != n]
    return {"games": len(now), "same": len(now) - len(differing), "differing_seeds": differing}


def _alone(engine: str, games: int, max_actions: int) -> dict[str, Any]:
    """One engine's pass only; phase.rs's absence is an error here, not a skipped pass."""
    if engine == "reference":
        return _ours(games, max_actions, invariants=False)
    theirs = _phase_games(games, max_actions)
    if theirs is None:
        raise SystemExit("phase-python is not installed: there is no phase.rs pass to run")
    return theirs


def _best(passes: list[dict[str, Any]]) -> dict[str, Any]:
    """The round with the most actions per CPU second, with every round's rate beside it."""
    best = max(passes, key=lambda one: one["actions_per_cpu_second"])
    return {**best, "rounds_actions_per_cpu_second": [one["actions_per_cpu_second"] for one in passes]}


def _best_rounds(
    rounds: int, games: int, phase_games: int, max_actions: int
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Passes 1 and 3 played in turn, ``rounds`` times each: each side's best round."""
    ours: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for _ in range(rounds):
        ours.append(_ours(games, max_actions, invariants=False))
        phase_pass = _phase_games(phase_games, max_actions)
        if phase_pass is not None:
            theirs.append(phase_pass)
    return _best(ours), _best(theirs) if theirs else None


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=count, default=50, help="games per pass (default 50)")
    parser.add_argument(
        "--max-actions", type=count, default=600, help="actions per game at most (default 600)"
    )
    parser.add_argument(
        "--checked-games", type=int, default=10, help="games of pass 2 with the hidden-information check"
    )
    parser.add_argument(
        "--phase-games", type=count, default=None, help="games for phase.rs (default: as many)"
    )
    parser.add_argument(
        "--long", action="store_true", help="only the checked pass (invariants on): the long stateful run"
    )
    parser.add_argument(
        "--rounds", type=count, default=3, help="rounds of passes 1 and 3 in turn, best of each (default 3)"
    )
    parser.add_argument("--deck-size", type=count, default=40, help="cards per deck (default 40)")
    parser.add_argument("--max-turns", type=count, default=40, help="turn limit per game (default 40)")
    parser.add_argument("--same-games", action="store_true", help="replay the recorded games and compare")
    parser.add_argument("--record", action="store_true", help="with --same-games: record them anew")
    parser.add_argument(
        "--engine",
        choices=("reference", "phase"),
        help="only this engine's pass, invariants off (to time whole processes side by side)",
    )
    args = parser.parse_args(argv)
    if args.same_games:
        same = _same_games(args.record)
        print(json.dumps({"same_games": same}, indent=2))
        return same
    if args.engine:
        alone = _alone(args.engine, args.games, args.max_actions)
        print(json.dumps({args.engine: alone}, indent=2))
        return alone
    if args.long:
        checked = _ours(
            args.games,
            args.max_actions,
            invariants=True,
            hidden_games=args.checked_games,
            size=args.deck_size,
            max_turns=args.max_turns,
        )
        print(json.dumps({"reference_with_invariants": checked}, indent=2))
        return checked
    ours, theirs = _best_rounds(args.rounds, args.games, args.phase_games or args.games, args.max_actions)
    checked = _ours(args.games, args.max_actions, invariants=True, hidden_games=args.checked_games)
    result: dict[str, Any] = {
        "decks": {"cards_to_draw_from": len(playable_dfcs()), "example": deck(11)},
        "reference": ours,
        "reference_peak_memory_bytes_one_game": _peak_memory(args.max_actions),
        "reference_with_invariants": checked,
        "invariants_cost_ratio": round(ours["actions_per_second"] / checked["actions_per_second"], 2),
        "phase_rs": theirs,
    }
    if theirs:
        result["actions_per_cpu_second_ratio_reference_over_phase"] = round(
            ours["actions_per_cpu_second"] / theirs["actions_per_cpu_second"], 2
        )
        result["actions_per_second_ratio_reference_over_phase"] = round(
            ours["actions_per_second"] / theirs["actions_per_second"], 2
        )
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
