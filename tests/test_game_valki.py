"""Valki, God of Lies played from its own script through the game loop: "each opponent
reveals their hand. For each opponent, exile a creature card they revealed this way
until Valki leaves the battlefield" (RevealHand 701.20a, RepeatEach, ChangeZone with
DefinedPlayer$ and Chooser$, Duration$ 610.3) and "{X}: Choose a creature card exiled
with Valki with mana value X. Valki becomes a copy of that card" (ChooseCard on
resolution 608.2d, Clone 707.2); and the Valki ruling scenarios fail on an engine that
gets them wrong."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from play_support import lands, library, names, script

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import BUNDLED, load_scenarios, planned_runs, run_scenario
from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities import EFFECTS, digging, durations, hands, mayplay, repeating
from dfc_plugin.host.abilities.values import Ctx
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Cast, PlayLand
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Zone

VALKI = "valki-god-of-lies#"


def _game(players: int = 3) -> Game:
    game = Game(
        players=players,
        library=library(),
        agents={p: ScriptedAgent() for p in range(1, players + 1)},
        check_invariants=True,
    )
    for player in game.players:
        for _ in range(8):
            game.add("Island", Zone.LIBRARY, player)
    return game


def _valki_enters(game: Game, *hands_of: tuple[int, str]) -> int:
    """Player 1 casts Valki in their first main phase; it resolves and its enters
    trigger goes on the stack. ``hands_of``: cards put into other players' hands."""
    for player, name in hands_of:
        game.add(name, Zone.HAND, player)
    valki = game.add("Valki, God of Lies", Zone.HAND, 1)
    lands(game, 1, "Swamp", 8)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(valki))
    game.resolve_top()
    game.give_priority(1)  # the trigger goes on the stack (603.3)
    assert game.stack_text() == ["ability of Valki, God of Lies"]
    return game.find("Valki, God of Lies", Zone.BATTLEFIELD).id


@pytest.mark.rule("701.20a", "701.20b", "610.3", "610.3c")
def test_valki_enters_and_exiles_a_creature_card_from_each_opponent() -> None:
    """Each opponent reveals their hand (every player reads the cards in the log); for
    each, player 1 picks one creature card of it, which is exiled until Valki leaves;
    then it returns to its owner's hand (610.3, the zone it came from)."""
    game = _game()
    valki = _valki_enters(
        game, (2, "Grizzly Bears"), (2, "Graf Rats"), (2, "Lightning Bolt"), (3, "Kruin Outlaw")
    )
    rats = game.find("Graf Rats", Zone.HAND).id
    script(game, 1, ("cards of player 2 for Valki", [rats]))
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Graf Rats", "Kruin Outlaw"]
    assert names(game, Zone.HAND, 2) == ["Grizzly Bears", "Lightning Bolt"]
    assert "revealed: Lightning Bolt" in game.log_text(3)  # a non-creature card is revealed too
    assert "player 3 reveals their hand (1 in it)" in game.log_text(2)
    assert game.obj(game.find("Grizzly Bears", Zone.HAND).id).zone is Zone.HAND  # 701.20b
    assert game.remembered.get(game.obj(valki).cards[0].id, []) == []  # RepeatEach forgot each player
    game.destroy(valki)
    assert sorted(names(game, Zone.HAND, 2)) == ["Graf Rats", "Grizzly Bears", "Lightning Bolt"]
    assert names(game, Zone.HAND, 3) == ["Kruin Outlaw"] and not game.in_zone(Zone.EXILE)


@pytest.mark.rule("610.3b")
def test_valki_gone_before_the_trigger_resolves_reveals_but_exiles_nothing() -> None:
    game = _game(players=2)
    valki = _valki_enters(game, (2, "Grizzly Bears"))
    game.destroy(valki)
    game.resolve_stack()  # no question is asked: nothing is picked for an exile that can't happen
    assert names(game, Zone.HAND, 2) == ["Grizzly Bears"] and not game.in_zone(Zone.EXILE)
    assert "revealed: Grizzly Bears" in game.log_text(1)
    assert any(e.rule == "610.3b" and "nothing is exiled" in e.text for e in game.log)


@pytest.mark.rule("608.2d", "707.2")
def test_valki_chooses_on_resolution_among_cards_of_mana_value_x() -> None:
    """X = 2: the choice is asked as the ability resolves, among the exiled creature
    cards of mana value 2 only; X = 4: none, and nothing happens."""
    game = _game()
    valki = _valki_enters(game, (2, "Grizzly Bears"), (3, "Graf Rats"))
    game.resolve_stack()
    game.give_priority(1)
    game.activate(1, valki, 0, x=4)
    game.resolve_stack()
    assert game.name_of(valki) == "Valki, God of Lies"
    game.give_priority(1)
    game.activate(1, valki, 0, x=2)
    agent = game.agents[1]
    assert isinstance(agent, ScriptedAgent)
    assert not any(q.startswith("cards to choose") for q in agent.asked)  # not when activated
    rats = game.find("Graf Rats", Zone.EXILE).id
    script(game, 1, ("cards to choose for Valki", [rats]))
    game.resolve_stack()
    assert game.name_of(valki) == "Graf Rats" and game.power_toughness(valki) == (2, 1)
    assert game.chosen == {}  # Cleanup ClearChosenCard$


@pytest.mark.rule("608.2d")
def test_the_choice_is_mandatory() -> None:
    """Choose "a creature card": with two that fit, player 1 must pick one (the script's
    Mandatory$); choosing none is refused."""
    game = _game()
    valki = _valki_enters(game, (2, "Grizzly Bears"), (3, "Graf Rats"))
    game.resolve_stack()
    game.give_priority(1)
    game.activate(1, valki, 0, x=2)
    script(game, 1, ("cards to choose for Valki", []))
    with pytest.raises(IllegalActionError, match="chose 0 .* 1 to 1"):
        game.resolve_stack()


# --------------------------------------------------------------------------- the scenarios


def _statuses(ids: set[str]) -> dict[str, str]:
    scenarios, errors = load_scenarios([BUNDLED / "rulings_valki-god-of-lies.toml"], bundled=False)
    assert errors == []
    runs = [r for r in planned_runs(scenarios) if r.scenario.id in ids]
    assert {r.scenario.id for r in runs} == ids
    return {r.scenario.id: run_scenario(r, ReferenceDriver, timeout=None).status for r in runs}


def _no_reveal(game: object, ctx: object, link: object) -> None:
    return None


def _exile_for_good(mp: pytest.MonkeyPatch) -> None:
    """ChangeZone without its Duration$: the cards are picked and exiled for good."""
    mp.setattr(hands, "_host_gone", lambda ctx, link: False)
    mp.setattr(hands, "_INNER", durations._CHANGE_ZONE)


BREAKS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], set[str]]] = {
    "hands not revealed (701.20a)": (
        lambda mp: mp.setitem(EFFECTS, "RevealHand", replace(EFFECTS["RevealHand"], run=_no_reveal)),
        {VALKI + "2-leaves-before-etb-resolves"},
    ),
    "the exile ignores that Valki has left (610.3b)": (
        _exile_for_good,
        {VALKI + "2-leaves-before-etb-resolves"},
    ),
    "the emblem's permission ignored (114.4)": (
        lambda mp: mp.setattr(mayplay, "_permissions", lambda game, player, found: []),
        {VALKI + "10-tibalt-emblem-outlives-tibalt"},
    ),
    "each player repeated with nobody remembered": (
        lambda mp: mp.setattr(repeating, "defined_players", lambda ctx, text: []),
        {VALKI + "3-choice-made-on-resolution", VALKI + "7-activate-in-response"},
    ),
}


@pytest.mark.rule("701.20a", "610.3b", "608.2d", "117.3c", "114.4")
@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_a_broken_valki_rule_fails_its_scenarios(broken: str, monkeypatch: pytest.MonkeyPatch) -> None:
    breaks, ids = BREAKS[broken]
    assert set(_statuses(ids).values()) == {"passed"}
    breaks(monkeypatch)
    assert "passed" not in _statuses(ids).values()


# --------------------------------------------------------------------------- Tibalt


def _tibalt(game: Game) -> int:
    """Player 1 casts Valki's back face, Tibalt, Cosmic Impostor: as he enters, player 1
    gets his emblem. Returns Tibalt."""
    card = game.add("Valki, God of Lies", Zone.HAND, 1)
    lands(game, 1, "Swamp", 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    lands(game, 1, "Mountain", 6)
    (cast,) = [a for a in game.legal_actions(1) if isinstance(a, Cast) and a.object_id == card and a.face == 1]
    game.apply(1, cast)
    game.resolve_stack()
    assert names(game, Zone.COMMAND) == ["Emblem — Tibalt, Cosmic Impostor"]
    return game.find("Tibalt, Cosmic Impostor", Zone.BATTLEFIELD).id


@pytest.mark.rule("114.4", "601.3", "305.1", "607.2a")
def test_tibalt_emblem_lets_you_play_his_cards_after_he_is_gone() -> None:
    """+2 exiles the top card of each player's library (Dig Defined$ Player). Tibalt
    dies; his emblem still lets player 1 cast player 2's exiled Grizzly Bears, paying
    {1}{G} with black mana (MayPlayIgnoreColor$), and play his own exiled Forest as his
    land for the turn. A card exiled by something else is not his to play, and player 2
    has no emblem."""
    game = _game(players=2)
    game.add("Forest", Zone.LIBRARY, 1)
    game.add("Grizzly Bears", Zone.LIBRARY, 2)
    other = game.add("Graf Rats", Zone.EXILE, 2)
    tibalt = _tibalt(game)
    game.activate(1, tibalt, 0)
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Forest", "Graf Rats", "Grizzly Bears"]
    assert game.obj(tibalt).counter("LOYALTY") == 7
    game.destroy(tibalt)
    lands(game, 1, "Swamp", 2)
    bears = game.find("Grizzly Bears", Zone.EXILE).id
    forest = game.find("Forest", Zone.EXILE).id
    offered = game.legal_actions(1)
    assert Cast(bears, 0, "normal") in offered and PlayLand(forest, 0) in offered
    assert not any(getattr(a, "object_id", None) == other for a in offered)
    game.give_priority(2)
    assert not any(getattr(a, "object_id", None) in (bears, forest) for a in game.legal_actions(2))
    game.give_priority(1)
    game.apply(1, PlayLand(forest, 0))
    game.apply(1, Cast(bears, 0, "normal"))
    game.resolve_stack()
    played = game.find("Grizzly Bears", Zone.BATTLEFIELD)
    assert played.controller == 1 and played.owner == 2
    assert game.find("Forest", Zone.BATTLEFIELD).controller == 1
    assert names(game, Zone.EXILE) == ["Graf Rats"]


@pytest.mark.rule("105.1", "601.2h")
def test_tibalt_emblem_pays_colors_not_colorless() -> None:
    """Mana of any colour pays {G} for a card exiled with Tibalt; colourless mana in the
    pool doesn't, as it is of no colour, and the cast isn't offered."""
    game = _game(players=2)
    game.add("Grizzly Bears", Zone.LIBRARY, 2)
    tibalt = _tibalt(game)
    game.activate(1, tibalt, 0)
    game.resolve_stack()
    game.mana_pool[1].extend(["C", "C"])
    bears = game.find("Grizzly Bears", Zone.EXILE).id
    assert Cast(bears, 0, "normal") not in game.legal_actions(1)
    lands(game, 1, "Island", 1)
    assert Cast(bears, 0, "normal") in game.legal_actions(1)


@pytest.mark.rule("608.2c")
def test_dig_of_each_library_with_a_choice_is_refused() -> None:
    """Dig Defined$ runs only when every card dug goes to one zone; a choice among
    another player's cards is refused, never half done."""
    game = _game(players=2)
    valki = game.add("Valki, God of Lies", Zone.BATTLEFIELD, 1)
    face = library().get("Valki, God of Lies").faces[1]
    ctx = Ctx(game, valki, game.obj(valki).cards[0].id, 1, face)
    link = parse_param_map("DB$ Dig | Defined$ Player | DigNum$ 1 | ChangeNum$ 1 | DestinationZone$ Exile")
    with pytest.raises(UnsupportedAbilityError, match="Dig Defined"):
        digging.dig_each(game, ctx, link)
    assert not game.in_zone(Zone.EXILE)
