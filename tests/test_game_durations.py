"""Durations, fights and leaving, played from the cards' own scripts: Brutal Cathar's
"exile ... until this creature leaves the battlefield" (610.3), a player conceding a
multiplayer game (104.3a, 800.4a), Ulrich, Uncontested Alpha's optional fight (603.3d,
608.2b, 608.2c, 701.14), the werewolf conditions of one player's spells (603.4), and
Chittering Host's affected set fixed as it resolves (611.2c)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from play_support import lands, library, names, played_game, script

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import BUNDLED, load_scenarios, planned_runs, run_scenario
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities import EFFECTS, durations, fighting, hands, player_auras
from dfc_plugin.host.abilities.durations import change_zone_until
from dfc_plugin.host.abilities.values import Ctx
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Cast
from dfc_plugin.host.game.leaving import Leaving
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Side, Zone


def _main(game: Game) -> None:
    """Start the game and play on to turn 1's first main phase."""
    game.start(hand=0)
    game.pass_until("main1", turn=1)


def _cathar_cast(game: Game, player: int = 1) -> int:
    """Player ``player`` casts Brutal Cathar in their first main phase; the spell
    resolves and its enters trigger is put on the stack (targets chosen then)."""
    cathar = game.add("Brutal Cathar", Zone.HAND, player)
    lands(game, player, "Plains", 3)
    _main(game)
    game.apply(player, Cast(cathar))
    game.resolve_top()
    game.give_priority(game.active)  # the trigger goes on the stack (603.3)
    assert game.stack_text() == ["ability of Brutal Cathar"]
    return next(
        o.id for o in game.battlefield() if o.controller == player and game.name_of(o.id) == "Brutal Cathar"
    )


def _controls(game: Game, player: int) -> list[str]:
    """Names of the permanents ``player`` controls, sorted."""
    return sorted(str(game.name_of(o.id)) for o in game.battlefield() if o.controller == player)


def _exiled_ids(game: Game) -> list[int]:
    return [o.id for o in game.in_zone(Zone.EXILE)]


@pytest.mark.rule("610.3", "610.3c")
def test_cathar_exiles_until_it_leaves_and_the_card_returns_at_once() -> None:
    """Two one-shot effects: the exile as the trigger resolves, the return the moment
    Brutal Cathar leaves, under the card's owner's control, as a new object."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    cathar = _cathar_cast(game)
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Grizzly Bears"] and bears not in game.objects
    assert game.until_leaves == {cathar: [(_exiled_ids(game)[0], Zone.BATTLEFIELD)]}
    game.destroy(cathar)  # one action: the return happens inside it, before anything else
    back = game.find("Grizzly Bears", Zone.BATTLEFIELD)
    assert back.controller == 2 and back.id != bears and not game.in_zone(Zone.EXILE)
    assert game.until_leaves == {}
    texts = [e.text for e in game.log]
    assert texts.index("Brutal Cathar dies") < texts.index(
        "Grizzly Bears returns: its exiler has left the battlefield"
    )


@pytest.mark.rule("712.18", "610.3")
def test_transformed_cathar_still_returns_the_card() -> None:
    """Moonrage Brute is the same object: when it leaves, the card Brutal Cathar
    exiled returns (712.18)."""
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    cathar = _cathar_cast(game)
    game.resolve_stack()
    game.set_day_night("night")
    assert game.name_of(cathar) == "Moonrage Brute"
    game.bounce(cathar)
    assert _controls(game, 2) == ["Grizzly Bears"] and names(game, Zone.HAND, 1) == ["Brutal Cathar"]


@pytest.mark.rule("610.3b")
def test_cathar_gone_before_its_trigger_resolves_exiles_nothing() -> None:
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    cathar = _cathar_cast(game)
    game.destroy(cathar)
    game.resolve_stack()
    assert game.obj(bears).zone is Zone.BATTLEFIELD and not game.in_zone(Zone.EXILE)
    assert any(e.rule == "610.3b" and "nothing is exiled" in e.text for e in game.log)
    assert game.until_leaves == {}


@pytest.mark.rule("610.3")
def test_returning_card_never_meets_its_exiler() -> None:
    """Brutal Cathar's ruling: the two creatures are never on the battlefield at the
    same time. Player 2's own Brutal Cathar, exiled and returned, finds no creature of
    player 1 to target: its trigger is removed (603.3d)."""
    game = played_game()
    game.add("Brutal Cathar", Zone.BATTLEFIELD, 2)
    cathar = _cathar_cast(game)
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Brutal Cathar"]
    game.destroy(cathar)
    game.resolve_stack()
    assert _controls(game, 2) == ["Brutal Cathar"]
    assert names(game, Zone.GRAVEYARD, 1) == ["Brutal Cathar"]
    assert any(e.rule == "603.3d" for e in game.log)


@pytest.mark.rule("610.3")
def test_card_played_from_exile_meanwhile_stays() -> None:
    """400.7: once the exiled card has left exile it is a new object; nothing returns."""
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    cathar = _cathar_cast(game)
    game.resolve_stack()
    game.move(_exiled_ids(game)[0], Zone.GRAVEYARD)
    game.destroy(cathar)
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and not _controls(game, 2)


@pytest.mark.rule("610.3")
def test_other_durations_are_refused() -> None:
    """A Duration$ or destination this module doesn't give a meaning is refused."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    definition = library().get("Grizzly Bears")
    ctx = Ctx(game, bears, game.obj(bears).cards[0].id, 1, definition.faces[0])
    for line in (
        "DB$ ChangeZone | Defined$ Self | Origin$ Battlefield | Destination$ Exile | Duration$ UntilYourNextTurn",
        "DB$ ChangeZone | Defined$ Self | Origin$ Battlefield | Destination$ Hand | Duration$ UntilHostLeavesPlay",
    ):
        with pytest.raises(UnsupportedAbilityError):
            change_zone_until(game, ctx, parse_param_map(line))
    assert game.obj(bears).zone is Zone.BATTLEFIELD


def _three_players() -> Game:
    game = Game(
        players=3,
        library=library(),
        agents={p: ScriptedAgent() for p in (1, 2, 3)},
        check_invariants=True,
    )
    for player in game.players:
        for _ in range(5):
            game.add("Island", Zone.LIBRARY, player)
    return game


@pytest.mark.rule("800.4a", "104.3a", "610.3")
def test_concede_in_multiplayer_returns_the_exiled_card() -> None:
    """Brutal Cathar's owner leaves the game: Cathar leaves with all their cards and the
    exiled card returns (the return is no ability on the stack, so it doesn't cease to
    exist with theirs), while player 1's trigger on the stack does (800.4a)."""
    game = _three_players()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    other = game.add("Grizzly Bears", Zone.BATTLEFIELD, 3)
    second = game.add("Brutal Cathar", Zone.HAND, 1)
    script(
        game, 1, ("targets for Brutal Cathar", [("o", bears)]), ("targets for Brutal Cathar", [("o", other)])
    )
    _cathar_cast(game)
    game.resolve_stack()
    game.put_onto_battlefield(second)
    game.give_priority(1)
    assert game.stack_text() == ["ability of Brutal Cathar"]
    game.concede(1)
    assert not game.over and not game.alive(1) and game.stack_items == []
    assert _controls(game, 2) == ["Grizzly Bears"] and game.obj(other).zone is Zone.BATTLEFIELD
    assert all(card.owner != 1 for card in game.cards.values())
    assert all(found.owner != 1 for found in game.objects.values())
    assert game.priority == 2
    again = game.concede(1)
    assert not again.happened and again.rule == "800.4"


@pytest.mark.rule("800.4j", "800.4k")
def test_the_turn_of_a_player_who_left_goes_on_without_them() -> None:
    """Player 1 concedes in their own first main phase: their turn goes on, priority
    going to player 2 at each of its steps (800.4j); player 1 then begins no turn again
    (800.4k): turns 2, 3 and 4 are players 2, 3 and 2."""
    game = _three_players()
    _main(game)
    game.concede(1)
    assert (game.turn, game.active, game.priority) == (1, 1, 2)
    game.pass_until("end", turn=1)
    assert game.priority == 2
    actives = []
    for turn in (2, 3, 4):
        game.pass_until("upkeep", turn=turn)
        actives.append(game.active)
    assert actives == [2, 3, 2] and game.priority == 2


@pytest.mark.rule("104.3a", "104.2a")
def test_concede_in_two_player_game_ends_it() -> None:
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    assert game.concede(1).happened
    assert game.over and game.winner == 2 and game.priority is None
    assert _controls(game, 1) == ["Grizzly Bears"]  # the game is over: nothing more happens


def _alpha_trigger(*answers: tuple[str, object]) -> tuple[Game, int, int]:
    """Ulrich of the Krallenhorde transforms at turn 2's upkeep (no spells in turn 1):
    Ulrich, Uncontested Alpha's fight trigger goes on the stack, its target (the first
    of player 2's two Grizzly Bears) chosen then; ``answers`` follow."""
    game = played_game()
    game.start(hand=0)
    ulrich = game.add("Ulrich of the Krallenhorde", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    script(game, 1, ("targets for Ulrich", [("o", bears)]), *answers)
    game.pass_until("upkeep", turn=2)
    game.resolve_top()  # the werewolf trigger: it transforms
    game.give_priority(game.active)
    assert game.name_of(ulrich) == "Ulrich, Uncontested Alpha"
    assert game.stack_text() == ["ability of Ulrich, Uncontested Alpha"]
    return game, ulrich, bears


@pytest.mark.rule("603.3d", "608.2c", "701.14a")
def test_ulrich_fight_target_then_choice() -> None:
    """The target is chosen as the trigger goes on the stack; whether to fight, as it
    resolves (Ulrich of the Krallenhorde's ruling)."""
    game, ulrich, bears = _alpha_trigger()
    agent = game.agents[1]
    assert isinstance(agent, ScriptedAgent)
    assert agent.asked[-1].startswith("targets for Ulrich") and not any(
        q.startswith("fight") for q in agent.asked
    )
    script(game, 1, ("fight", True))
    game.resolve_stack()  # it resolves; state-based actions: the Bears die
    assert agent.asked[-1].startswith("fight")
    assert game.obj(ulrich).id == ulrich and game.damage.get(ulrich) == 2
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"] and bears not in game.objects
    assert _controls(game, 2) == ["Grizzly Bears"]  # the other one, not targeted

    declined, ulrich2, bears2 = _alpha_trigger(("fight", False))
    declined.resolve_top()
    assert declined.obj(bears2).zone is Zone.BATTLEFIELD and not declined.damage
    assert any(e.rule == "608.2c" for e in declined.log) and ulrich2


@pytest.mark.rule("608.2b")
def test_fight_whose_target_is_gone_does_not_resolve() -> None:
    """The only target is illegal on resolution: the ability doesn't resolve, so it
    asks nothing (the script has no answer for "fight")."""
    game, ulrich, bears = _alpha_trigger()
    game.bounce(bears)
    game.resolve_top()
    assert not game.damage and game.obj(ulrich).zone is Zone.BATTLEFIELD
    assert any(e.rule == "608.2b" and "doesn't resolve" in e.text for e in game.log)


@pytest.mark.rule("701.14b")
def test_ulrich_gone_deals_and_takes_no_damage() -> None:
    game, ulrich, bears = _alpha_trigger(("fight", True))
    game.bounce(ulrich)
    game.resolve_top()
    assert game.obj(bears).zone is Zone.BATTLEFIELD and not game.damage


@pytest.mark.rule("603.4")
def test_alpha_turns_back_only_for_one_player_with_two_spells() -> None:
    """ "If a player cast two or more spells last turn": one spell by each of two players
    is not enough; two by one player is."""
    for spells, expected in (
        ({1: 1, 2: 1}, "Ulrich, Uncontested Alpha"),
        ({1: 2}, "Ulrich of the Krallenhorde"),
    ):
        game = played_game(library_cards=("Island",) * 4)
        game.start(hand=0)
        alpha = game.add("Ulrich of the Krallenhorde", Zone.BATTLEFIELD, 1, up=Side.BACK)
        game.pass_until("main1", turn=1)
        for player, count in spells.items():
            for _ in range(count):
                growth = game.add("Giant Growth", Zone.HAND, player)
                lands(game, player, "Forest", 1)
                script(game, player, ("targets for Giant Growth", [("o", alpha)]))
                game.give_priority(player)
                game.apply(player, Cast(growth))
                game.resolve_stack()
        assert game.spells_cast == spells
        game.pass_until("upkeep", turn=2)
        game.resolve_stack()
        assert game.name_of(alpha) == expected


@pytest.mark.rule("611.2c")
def test_chittering_host_pumps_only_the_creatures_there_as_it_resolves() -> None:
    """Graf Rats melds with Midnight Scavengers at the beginning of combat; Chittering
    Host's enters trigger gives the other creatures +1/+0 and menace; a creature that
    enters later in the turn gets neither."""
    game = played_game()
    game.add("Graf Rats", Zone.BATTLEFIELD, 1)
    game.add("Midnight Scavengers", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    late = game.add("Grizzly Bears", Zone.HAND, 1)
    game.start(hand=0)
    game.pass_until("begin_combat", turn=1)
    game.resolve_stack()
    assert _controls(game, 1) == ["Chittering Host", "Grizzly Bears"]
    assert game.power_toughness(bears) == (3, 2) and game.keywords_of(game.obj(bears)) == {"menace"}
    (entered,) = game.put_onto_battlefield(late).objects
    assert game.power_toughness(entered) == (2, 2) and not game.keywords_of(game.obj(entered))


@pytest.mark.rule("610.3")
def test_card_exiled_from_hand_returns_to_hand() -> None:
    """ "This second one-shot effect returns the object to its previous zone" (610.3):
    Test Hoarder exiles a card from its controller's hand until it leaves."""
    game = played_game()
    game.add("Grizzly Bears", Zone.HAND, 1)
    hoarder = game.add("Test Hoarder", Zone.HAND, 1)
    _main(game)
    (entered,) = game.put_onto_battlefield(hoarder).objects
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Grizzly Bears"] and not game.in_zone(Zone.HAND, 1)
    game.destroy(entered)
    assert names(game, Zone.HAND, 1) == ["Grizzly Bears"] and not game.in_zone(Zone.EXILE)


@pytest.mark.rule("800.4a", "800.4c")
def test_leaving_player_loses_what_a_control_effect_gave_them() -> None:
    """Player 1 took player 3's Grizzly Bears until end of turn: when player 1 leaves,
    that effect ends and the Bears go back to player 3, not into exile; player 2's
    Bears, taken for good, have no earlier controller to go back to and are exiled."""
    game = _three_players()
    borrowed = game.add("Grizzly Bears", Zone.BATTLEFIELD, 3)
    taken = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    game.change_control(borrowed, 1, until_end_of_turn=True)
    game.change_control(taken, 1)
    game.concede(1)
    assert _controls(game, 3) == ["Grizzly Bears"] and game.obj(borrowed).controller == 3
    assert names(game, Zone.EXILE) == ["Grizzly Bears"] and taken not in game.objects
    assert game.control_reverts == []


@pytest.mark.rule("114.1", "611.2")
def test_an_emblem_is_made_as_tibalt_enters_and_all_its_lines_run() -> None:
    """Tibalt, Cosmic Impostor's emblem ("You may play cards exiled with Tibalt...") is
    created as Tibalt enters; its static ability runs (host/abilities/mayplay.py, played
    in test_game_valki.py), so the log has no "can't run here" note for it."""
    game = played_game()
    tibalt = game.add("Valki, God of Lies", Zone.HAND, 1)
    lands(game, 1, "Swamp", 1)
    _main(game)
    lands(game, 1, "Mountain", 6)
    (cast,) = [a for a in game.legal_actions(1) if isinstance(a, Cast) and a.face == 1]
    game.apply(1, cast)
    game.resolve_stack()
    assert names(game, Zone.COMMAND) == ["Emblem — Tibalt, Cosmic Impostor"] and tibalt not in game.objects
    notes = [e.text for e in game.log if e.action == "unsupported" and "Emblem" in e.text]
    assert notes == []


# --------------------------------------------------------------------------- the scenarios
# The bundled scenarios of these rulings fail on an engine that gets the rule wrong: each
# is run with one piece of this engine deliberately broken (the passing runs are the
# bundled suite's own).


def _outcomes(file: str, ids: set[str]) -> dict[str, str]:
    scenarios, errors = load_scenarios([BUNDLED / file], bundled=False)
    assert errors == []
    runs = [r for r in planned_runs(scenarios) if r.scenario.id in ids]
    assert {r.scenario.id for r in runs} == ids
    return {r.scenario.id: run_scenario(r, ReferenceDriver, timeout=None).status for r in runs}


_CATHAR = {
    "brutal-cathar#1-two-one-shot-effects",
    "brutal-cathar#2-leaves-before-ability-resolves",
    "brutal-cathar#6-returns-immediately",
    "brutal-cathar#7-owner-leaves-multiplayer",
    "brutal-cathar#18-moonrage-brute-leaving-returns-the-card",
}


@pytest.mark.rule("610.3")
def test_cathar_scenarios_fail_when_nothing_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Leaving, "return_exiled", lambda self: self._sources_gone.clear())
    outcomes = _outcomes("rulings_brutal-cathar.toml", _CATHAR)
    assert outcomes == dict.fromkeys(
        _CATHAR - {"brutal-cathar#2-leaves-before-ability-resolves"}, "failed"
    ) | {"brutal-cathar#2-leaves-before-ability-resolves": "passed"}


@pytest.mark.rule("610.3b")
def test_cathar_scenario_fails_when_a_gone_source_still_exiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong engine: the exile happens even though the source has left (and nothing
    will ever bring the card back)."""
    base = durations._CHANGE_ZONE.run
    monkeypatch.setitem(EFFECTS, "ChangeZone", replace(EFFECTS["ChangeZone"], run=base))
    outcomes = _outcomes("rulings_brutal-cathar.toml", {"brutal-cathar#2-leaves-before-ability-resolves"})
    assert outcomes == {"brutal-cathar#2-leaves-before-ability-resolves": "failed"}


@pytest.mark.rule("608.2c")
def test_ulrich_scenario_fails_when_the_fight_is_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong engine fights without asking: the scenario's "fight" answer is never
    taken, which the driver reports as an error."""
    monkeypatch.setitem(EFFECTS, "Fight", replace(EFFECTS["Fight"], run=fighting._FIGHT.run))
    scenario = "ulrich-of-the-krallenhorde#3-fight-target-and-choice"
    assert _outcomes("rulings_ulrich-of-the-krallenhorde.toml", {scenario}) == {scenario: "error"}


_TARGET_CHOICE = """[[scenario]]
id = "t"
rules = ["601.2c"]
text = "test"
source = "test"

[scenario.game]
step = "main1"

[scenario.setup]
ulrich = {{ card = "Ulrich of the Krallenhorde", zone = "hand" }}
first = {{ card = "Grizzly Bears", zone = "battlefield", player = 2 }}
second = {{ card = "Grizzly Bears", zone = "battlefield", player = 2 }}

[[scenario.step]]
do = "choose"
answers = [["targets for Ulrich", "{target}"]]

[[scenario.step]]
do = "put_onto_battlefield"
object = "ulrich"

[[scenario.step]]
do = "pass"

[[scenario.check]]
object = "second"
power = 6
"""


@pytest.mark.rule("601.2c", "603.3d")
def test_a_choose_answer_names_a_target_by_its_alias(tmp_path: Path) -> None:
    """Ulrich of the Krallenhorde enters: "target creature gets +4/+4"; the answer
    names player 2's second Grizzly Bears by its alias. (The ``pass`` right after the
    direct ``put_onto_battlefield`` first puts the waiting trigger on the stack, 117.5:
    before, it found the stack empty and did nothing, and every check was moot.)"""
    outcomes = {}
    for target in ("second", "first"):
        path = tmp_path / f"{target}.toml"
        path.write_text(_TARGET_CHOICE.format(target=target), encoding="utf-8")
        scenarios, errors = load_scenarios([path], bundled=False)
        assert errors == []
        (run,) = planned_runs(scenarios)
        outcomes[target] = run_scenario(run, ReferenceDriver, timeout=None).status
    assert outcomes == {"second": "passed", "first": "failed"}


def test_extend_widens_an_entry_and_keeps_what_it_had() -> None:
    """``registry.extend``: ChangeZone and Fight keep their own parameters, gain the
    ones their wrappers honour, and the wrappers call the functions they replaced."""
    change_zone, fight = EFFECTS["ChangeZone"], EFFECTS["Fight"]
    assert change_zone.run is player_auras.change_zone_attached  # the last to widen it
    assert player_auras._INNER.run is hands.change_zone_from_hands and hands._INNER.run is change_zone_until
    assert fight.run is fighting.fight_if_chosen
    assert {"Origin", "Destination", "Duration"} <= set(change_zone.params)
    assert {"Defined", "Optional"} <= set(fight.params)
    assert durations._CHANGE_ZONE.run.__name__ == "change_zone" and fighting._FIGHT.run.__name__ == "fight"
    assert change_zone.rule == durations._CHANGE_ZONE.rule == "400.7"
