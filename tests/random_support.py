"""Random games through the agents: decks drawn from the double-faced scripts that run
fully, two random agents, and the checks made after every action (every card in exactly
one place, DESIGN.md's DFC invariant: the engine's ``verify``; nothing hidden in a
player's view or log). Used by tests/test_random_games.py (a few short games) and
benchmarks/random_games.py (the long run and the throughput figures)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from dfc_plugin.cards import CardDef
from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.census import card_report, token_scripts_of
from dfc_plugin.host.agents import RandomAgent
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import Zone

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


@cache
def bundled() -> Library:
    return Library.load([bundled_cardscripts()], use_cache=False)


@cache
def playable_dfcs() -> tuple[CardDef, ...]:
    """The bundled double-faced (and meld) scripts that run fully (their token scripts
    included), castable from a hand or playable as a land."""
    tokens = {Path(f.path).stem for f in bundled().files if "tokenscripts" in Path(f.path).parts}
    return tuple(
        c
        for c in bundled().cards()
        if c.alternate_mode in ("DoubleFaced", "Meld", "Modal")
        and not c.is_token
        and card_report(c).runs
        and token_scripts_of(c) <= tokens
    )


def deck(seed: int, size: int = 40) -> list[str]:
    """A two-colour deck: 40% basics of its colours and spells from the runnable
    double-faced scripts of those colours (colourless ones too), topped up with any."""
    rng = random.Random(seed)
    colors = rng.sample("WUBRG", 2)
    fitting = [c for c in playable_dfcs() if set(c.front.colors) <= set(colors)]
    pool = fitting if len(fitting) >= 6 else list(playable_dfcs())
    lands = size * 2 // 5
    spells = [rng.choice(pool).name for _ in range(size - lands)]
    return [BASICS[colors[i % 2]] for i in range(lands)] + spells


def new_random_game(seed: int, *, invariants: bool, library: Library | None = None, size: int = 40) -> Game:
    game = Game(
        players=2,
        library=library or bundled(),
        agents={1: RandomAgent(seed * 2 + 1), 2: RandomAgent(seed * 2 + 2)},
        check_invariants=invariants,
    )
    game.seed = seed
    for player in game.players:
        cards = deck(seed * 10 + player, size)
        random.Random(seed + player).shuffle(cards)
        for name in cards:
            game.add(name, Zone.LIBRARY, player)
    return game


@dataclass
class Hidden:
    """What each player has been allowed to see so far (names), to check that nothing
    else is named in their view or log."""

    seen: dict[int, set[str]] = field(default_factory=dict)


def _names_hidden_from(game: Game, player: int, hidden: Hidden) -> set[str]:
    seen = hidden.seen.setdefault(player, set())
    # Cards revealed to everyone (701.20a) are no longer secret, nor are cards an event
    # everyone reads was about: Game.record makes an event public only while every
    # player may look at its object (a card milled, then returned to its owner's hand
    # within one action, was seen in the graveyard).
    for event in game.log:
        if event.private_to is None:
            seen.update(
                f.name
                for i in event.data.get("card_ids", ())
                for f in (game.cards[i].definition.faces if i in game.cards else ())
            )
    secret = set()
    for found in game.objects.values():
        for face in found.state.card.faces:
            name = face.name
            if game.may_look(player, found) or player in found.known_to:
                seen.add(name)
            else:
                secret.add(name)
    return secret - seen


def check_hidden(game: Game, hidden: Hidden) -> None:
    """No player's view or log names a card they have never been allowed to see."""
    for player in game.players:
        secret = _names_hidden_from(game, player, hidden)
        if not secret:
            continue
        view = json.dumps(game.view(player))
        log = game.log_text(player)
        for name in secret:
            assert name not in view, f"player {player}'s view names hidden {name!r}"
            assert name not in log, f"player {player}'s log names hidden {name!r}"


def play_checked(game: Game, max_actions: int, *, hidden: Hidden | None = None, max_turns: int = 40) -> int:
    """Play with the random agents, one action at a time, checking after each."""
    game.start(hand=7)
    taken = 0
    while not game.over and taken < max_actions and game.turn <= max_turns and game.priority is not None:
        player = game.priority
        options = game.legal_actions(player)
        while True:
            choice = game.agent(player).act(game, player, options)
            try:
                game.apply(player, choice)
                break
            except IllegalActionError as error:
                if hidden is not None:
                    _check_message(game, player, str(error), hidden)
                options = [o for o in options if o != choice]
        taken += 1
        if hidden is not None:
            check_hidden(game, hidden)
    return taken


def _check_message(game: Game, player: int, message: str, hidden: Hidden) -> None:
    for name in _names_hidden_from(game, player, hidden):
        assert name not in message, f"an error shown to player {player} names hidden {name!r}: {message}"


def game_digest(seed: int, max_actions: int, *, uncached: bool = False) -> dict[str, object]:
    """One random game, summed up: the options listed before every action, each choice
    and refusal (their hash), the whole log (its hash), the turn and the life totals.
    ``uncached``: nothing the engine remembers is used (host/game/cache.py's ``fresh``,
    and ``drop_caches`` before every question), to compare with the usual game."""
    import hashlib
    from contextlib import nullcontext

    from dfc_plugin.host.game.cache import drop_caches, fresh

    game = new_random_game(seed, invariants=False)
    steps = hashlib.sha256()
    taken = 0
    with fresh() if uncached else nullcontext():
        game.start(hand=7)
        while not game.over and taken < max_actions and game.turn <= 40 and game.priority is not None:
            player = game.priority
            if uncached:
                drop_caches(game)
            options = game.legal_actions(player)
            steps.update(repr((player, game.step, options)).encode())
            while True:
                choice = game.agent(player).act(game, player, options)
                if uncached:
                    drop_caches(game)
                try:
                    game.apply(player, choice)
                    break
                except IllegalActionError as error:
                    steps.update(repr(("refused", choice, str(error))).encode())
                    options = [o for o in options if o != choice]
            taken += 1
    log = game.log_text()
    return {
        "seed": seed,
        "actions": taken,
        "turn": game.turn,
        "life": {str(p): v for p, v in game.life.items()},
        "steps": steps.hexdigest()[:16],
        "log": hashlib.sha256(log.encode()).hexdigest()[:16],
        "log_lines": log.count("\n") + 1,
    }
