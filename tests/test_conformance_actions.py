"""The scenario actions, set-up keys and questions of the played game (issue 14 item 1,
briefs' actions_spec): each is run on the reference engine twice, once with the answer
the rules give (the run passes) and once with a wrong one (the run fails), so no check
here can pass whatever the engine does; then their schema errors and capabilities."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dfc_plugin.cards import Layout
from dfc_plugin.conformance.coverage import drives_the_game, played_count
from dfc_plugin.conformance.driver import Capabilities, ReferenceDriver
from dfc_plugin.conformance.runner import Outcome, load_scenarios, planned_runs, run_scenario
from dfc_plugin.conformance.schema import ARGUMENT_CAPABILITIES, SETUP_CAPABILITIES
from dfc_plugin.errors import ScenarioError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.values import matches
from dfc_plugin.host.game import STEPS
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.rules.outcome import Outcome as RulesOutcome
from dfc_plugin.rules.outcome import Verdict
from dfc_plugin.state import Side

HEAD = '[[scenario]]\nid = "t"\nrules = ["{rule}"]\ntext = "test"\nsource = "test"\n'
MAIN = '[scenario.game]\nstep = "main1"\n'


def scenario(rule: str, body: str) -> str:
    return HEAD.format(rule=rule) + body


def outcome(tmp_path: Path, text: str, driver: type[ReferenceDriver] = ReferenceDriver) -> Outcome:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    scenarios, errors = load_scenarios([path], bundled=False)
    assert errors == [], errors
    (run,) = planned_runs(scenarios)
    return run_scenario(run, driver, timeout=None)


def both(tmp_path: Path, rule: str, body: str, right: str, wrong: str) -> None:
    """The scenario passes with the ``right`` checks and fails with the ``wrong`` ones."""
    passed = outcome(tmp_path, scenario(rule, body + right))
    assert passed.status == "passed", passed.message
    failed = outcome(tmp_path, scenario(rule, body + wrong))
    assert failed.status == "failed", failed.message


BOLT = (
    MAIN
    + '[scenario.setup]\nbolt = { card = "Lightning Bolt", zone = "hand" }\n'
    + 'm1 = { card = "Mountain", zone = "battlefield" }\nm2 = { card = "Mountain", zone = "battlefield" }\n'
    + 'bear = { card = "Grizzly Bears", zone = "battlefield", player = 2 }\n'
)


def check(kind: str, target: str, **fields: str) -> str:
    lines = "".join(f"{k} = {v}\n" for k, v in fields.items())
    return f'[[scenario.check]]\n{kind} = "{target}"\n{lines}'


def step(action: str, **fields: str) -> str:
    lines = "".join(f"{k} = {v}\n" for k, v in fields.items())
    return f'[[scenario.step]]\ndo = "{action}"\n{lines}'


@pytest.mark.rule("601.2c", "601.2g", "601.2h")
def test_cast_through_the_loop_taps_the_named_land_and_targets_the_player(tmp_path: Path) -> None:
    """601.2: the spell goes on the stack with its target; only the land named in
    ``pay`` is tapped for its mana (601.2g)."""
    body = BOLT + step("cast", object='"bolt"', targets="[2]", pay='["m2"]')
    right = check("object", "m2", tapped="true") + check("object", "m1", tapped="false")
    right += check("game", "stack", stack='["Lightning Bolt"]')
    both(tmp_path, "601.2", body, right, check("object", "m1", tapped="true"))


@pytest.mark.rule("601.2c", "120.3a")
def test_the_cast_spell_resolves_on_its_target(tmp_path: Path) -> None:
    body = BOLT + step("cast", object='"bolt"', targets="[2]") + step("pass")
    both(
        tmp_path,
        "601.2c",
        body,
        check("game", "life", player="2", life="17"),
        check("game", "life", player="2", life="20"),
    )


@pytest.mark.rule("601.2c")
def test_a_target_that_is_not_legal_refuses_the_cast_and_undoes_it(tmp_path: Path) -> None:
    """Lightning Bolt can't target a card in a hand: the cast is refused (601.2c) and
    the game is as it was (the spell still in the hand, its mana unspent)."""
    body = BOLT.replace("player = 2 }", 'player = 2 }\nother = { card = "Island", zone = "hand" }')
    body += step("cast", object='"bolt"', targets='["other"]', mana='"R"', expect='{ refused = "601.2c" }')
    right = check("object", "bolt", zone='"hand"') + check("game", "mana_pool", mana_pool="[]")
    both(tmp_path, "601.2c", body, right, check("object", "bolt", zone='"stack"'))


@pytest.mark.rule("601.2h")
def test_a_spell_that_cannot_be_paid_is_refused_and_can_cast_says_why(tmp_path: Path) -> None:
    body = MAIN + '[scenario.setup]\nbolt = { card = "Lightning Bolt", zone = "hand" }\n'
    body += step("cast", object='"bolt"', targets="[2]", expect='{ refused = "601.2h" }')
    right = check("object", "bolt", can_cast="false", cast_refused='"601.2h"')
    right += check("game", "legal_actions", legal_actions='["pass"]')
    both(tmp_path, "601.2h", body, right, check("object", "bolt", can_cast="true"))


@pytest.mark.rule("601.2h")
def test_mana_of_a_step_and_of_the_game_set_up_pay_for_a_spell(tmp_path: Path) -> None:
    body = '[scenario.game]\nstep = "main1"\nmana = { "1" = "1G" }\n'
    body += '[scenario.setup]\nbear = { card = "Grizzly Bears", zone = "hand" }\n'
    right = check("object", "bear", can_cast="true", cast_refused='""')
    right += check("game", "legal_actions", legal_actions='["pass", "cast Grizzly Bears"]')
    right += check("game", "mana_pool", mana_pool='["C", "G"]')
    both(tmp_path, "601.2h", body, right, check("object", "bear", can_cast="false"))


@pytest.mark.rule("307.1")
def test_a_creature_spell_is_refused_outside_a_main_phase(tmp_path: Path) -> None:
    body = '[scenario.game]\nstep = "upkeep"\nmana = { "1" = "GG" }\n'
    body += '[scenario.setup]\nbear = { card = "Grizzly Bears", zone = "hand" }\n'
    body += step("cast", object='"bear"', expect='{ refused = "307.1" }')
    both(
        tmp_path,
        "307.1",
        body,
        check("object", "bear", cast_refused='"307.1"'),
        check("object", "bear", cast_refused='""'),
    )


JACE = (
    MAIN
    + '[scenario.setup]\njace = { card = "Jace, Vryn\'s Prodigy", zone = "battlefield", up = "back", loyalty = 2 }\n'
    + 'bear = { card = "Grizzly Bears", zone = "battlefield", player = 2, counters = { P1P1 = 1 } }\n'
)


@pytest.mark.rule("606.3", "606.4", "122.1")
def test_set_up_loyalty_and_counters_are_what_the_questions_answer(tmp_path: Path) -> None:
    right = check("object", "jace", loyalty="2", supertypes='["Legendary"]')
    right += check("object", "bear", counters="{ P1P1 = 1 }", power="3")
    both(tmp_path, "606.3", JACE, right, check("object", "jace", loyalty="5"))


@pytest.mark.rule("606.3", "606.4")
def test_a_loyalty_ability_chosen_by_text_with_a_target(tmp_path: Path) -> None:
    """Jace, Telepath Unbound's +1: his loyalty goes up as the cost (606.4) and the
    targeted creature gets -2/-0; the -3 can't be activated with 2 loyalty (118.3)."""
    body = JACE + step("activate", object='"jace"', text='"up to one target creature"', targets='["bear"]')
    body += step("pass")
    right = check("object", "jace", loyalty="3") + check("object", "bear", power="1")
    both(tmp_path, "606.4", body, right, check("object", "bear", power="3"))


@pytest.mark.rule("606.3", "118.3")
def test_can_activate_asks_of_an_ability_by_text(tmp_path: Path) -> None:
    right = check("object", "jace", index="1", can_activate="false")
    right += check("object", "jace", text='"target creature gets"', activate_refused='""')
    right += check("object", "jace", text='"no such words"', activate_refused='"602.1"')
    both(tmp_path, "606.3", JACE, right, check("object", "jace", index="1", can_activate="true"))


ATTACK = (
    MAIN
    + '[scenario.setup]\ng = { card = "Hanweir Garrison", zone = "battlefield" }\n'
    + 'v = { card = "Elite Vanguard", zone = "battlefield", player = 2 }\n'
    + step("attack", attackers='["g"]')
)


@pytest.mark.rule("508.1", "603.2")
def test_attack_declares_and_the_attack_trigger_waits_on_the_stack(tmp_path: Path) -> None:
    right = check("object", "g", attacking="true", tapped="true")
    right += check("game", "stack", stack='["ability of Hanweir Garrison"]', step='"declare_attackers"')
    both(tmp_path, "508.1", ATTACK, right, check("object", "v", attacking="true"))


@pytest.mark.rule("509.1", "510.1")
def test_block_and_combat_damage(tmp_path: Path) -> None:
    """The Vanguard blocks the Garrison; the two Human tokens (tapped and attacking)
    deal 2 to player 2, the Garrison kills the blocker (704.5g)."""
    body = ATTACK + step("block", blocks='{ v = "g" }') + step("advance", step='"end_combat"')
    right = check("game", "life", player="2", life="18") + check("object", "g", damage="2")
    right += check("zone", "graveyard", player="2", names='["Elite Vanguard"]')
    both(tmp_path, "509.1", body, right, check("game", "life", player="2", life="20"))


@pytest.mark.rule("508.1a")
def test_a_creature_that_came_this_turn_cannot_attack(tmp_path: Path) -> None:
    body = MAIN + '[scenario.setup]\ng = { card = "Grizzly Bears", zone = "battlefield", sick = true }\n'
    body += step("attack", attackers='["g"]', expect='{ refused = "508.1a" }')
    both(
        tmp_path,
        "508.1a",
        body,
        check("object", "g", attacking="false"),
        check("object", "g", attacking="true"),
    )


@pytest.mark.rule("701.6a")
def test_counter_puts_the_spell_into_its_owners_graveyard(tmp_path: Path) -> None:
    body = '[scenario.game]\nstep = "main1"\nactive = 2\nmana = { "2" = "1G" }\n'
    body += '[scenario.setup]\nbear = { card = "Grizzly Bears", zone = "hand", player = 2 }\n'
    body += step("cast", object='"bear"', player="2", **{"as": '"spell"'})
    body += step("counter", object='"spell"', expect="{ happened = true }")
    right = check("zone", "graveyard", player="2", names='["Grizzly Bears"]')
    right += check("game", "active", active="2", turn="1")
    both(tmp_path, "701.6a", body, right, check("zone", "battlefield", count="1"))


@pytest.mark.rule("104.3a")
def test_a_player_who_concedes_leaves_and_the_game_is_over(tmp_path: Path) -> None:
    body = MAIN + step("concede", player="2")
    both(
        tmp_path,
        "104.3a",
        body,
        check("game", "legal_actions", legal_actions="[]"),
        check("game", "legal_actions", legal_actions='["pass"]'),
    )


TWO_UPKEEP_TRIGGERS = (
    '[scenario.setup]\nd = { card = "Delver of Secrets", zone = "battlefield" }\n'
    + 's = { card = "Tithing Blade", zone = "battlefield", up = "back" }\n'
    + 't = { card = "Island", zone = "library" }\n'
)
DELVER_ON_TOP = '["ability of Delver of Secrets", "ability of Consuming Sepulcher"]'
SEPULCHER_ON_TOP = '["ability of Consuming Sepulcher", "ability of Delver of Secrets"]'


@pytest.mark.rule("603.3b")
def test_the_order_of_simultaneous_triggers_is_an_answer(tmp_path: Path) -> None:
    """Delver's and Consuming Sepulcher's upkeep triggers: by default they go on the
    stack in the order they triggered (the last on top); the answer ``[1, 0]`` puts
    the second first, so the first is on top."""
    upkeep = step("advance", step='"upkeep"')
    default = TWO_UPKEEP_TRIGGERS + upkeep
    both(
        tmp_path,
        "603.3b",
        default,
        check("game", "stack", stack=SEPULCHER_ON_TOP),
        check("game", "stack", stack=DELVER_ON_TOP),
    )
    chosen = TWO_UPKEEP_TRIGGERS + step("choose", answers='[["order of your triggered abilities", [1, 0]]]')
    both(
        tmp_path,
        "603.3b",
        chosen + upkeep,
        check("game", "stack", stack=DELVER_ON_TOP),
        check("game", "stack", stack=SEPULCHER_ON_TOP),
    )


@pytest.mark.rule("603.3b")
def test_an_order_that_is_not_a_permutation_is_an_error(tmp_path: Path) -> None:
    body = '[scenario.setup]\nd1 = { card = "Delver of Secrets", zone = "battlefield" }\n'
    body += 'd2 = { card = "Delver of Secrets", zone = "battlefield" }\n'
    body += step("choose", answers='[["order of your triggered abilities", [0, 0]]]')
    body += step("advance", step='"upkeep"') + check("game", "stack", stack="[]")
    failed = outcome(tmp_path, scenario("603.3b", body))
    assert failed.status == "error" and "must order [0, 1]" in failed.message


@pytest.mark.rule("506.3", "508.1")
def test_put_onto_battlefield_tapped_and_attacking_triggers_no_attack(tmp_path: Path) -> None:
    """Put onto the battlefield attacking, the Garrison was never declared as an
    attacker: its "whenever attacks" doesn't trigger (506.3, 508.4)."""
    body = MAIN + '[scenario.setup]\ng = { card = "Hanweir Garrison", zone = "hand" }\n'
    body += step("put_onto_battlefield", object='"g"', tapped="true", attacking="true", **{"as": '"gp"'})
    right = check("object", "gp", tapped="true", attacking="true") + check("game", "stack", stack="[]")
    both(tmp_path, "506.3", body, right, check("object", "gp", attacking="false"))


@pytest.mark.rule("701.42a")
def test_meld_tapped(tmp_path: Path) -> None:
    body = MAIN + '[scenario.setup]\ng = { card = "Hanweir Garrison", zone = "battlefield" }\n'
    body += 'b = { card = "Hanweir Battlements", zone = "battlefield" }\n'
    body += step("meld", objects='["g", "b"]', tapped="true", **{"as": '"town"'})
    right = check("object", "town", tapped="true", name='"Hanweir, the Writhing Township"')
    right += check("object", "town", keywords='["Haste", "Trample"]', attacking="false")
    both(tmp_path, "701.42a", body, right, check("object", "town", tapped="false"))


@pytest.mark.rule("401.1")
def test_library_order_life_and_active_player_of_the_game_set_up(tmp_path: Path) -> None:
    body = '[scenario.game]\nstep = "upkeep"\nactive = 2\nlife = { "1" = 7 }\n'
    body += 'library = { "2" = ["b", "a"] }\n'
    body += '[scenario.setup]\na = { card = "Island", zone = "library", player = 2 }\n'
    body += 'b = { card = "Mountain", zone = "library", player = 2 }\n'
    body += 'c = { card = "Forest", zone = "library", player = 2 }\n'
    # A zone's names are listed bottom first: the Mountain is on top.
    right = check("zone", "library", player="2", names='["Forest", "Island", "Mountain"]')
    right += check("game", "life", player="1", life="7") + check("game", "step", step='"upkeep"', active="2")
    both(tmp_path, "401.1", body, right, check("game", "active", active="1"))


@pytest.mark.rule("120.3e")
def test_set_up_damage_counts_toward_lethal_damage(tmp_path: Path) -> None:
    """A 2/2 with 1 damage marked dies to 1 more (704.5g): set-up damage is real."""
    body = MAIN + '[scenario.setup]\nbear = { card = "Grizzly Bears", zone = "battlefield", damage = 1 }\n'
    right = check("object", "bear", damage="1", attacking="false")
    both(tmp_path, "120.3e", body, right, check("object", "bear", damage="0"))


# --------------------------------------------------------------------------- schema and capabilities


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[scenario.game]\nstep = "lunch"\n', "scenario[0].game.step"),
        ('[scenario.game]\nlife = { "3" = 5 }\n', 'the keys are "1" to "2"'),
        ('[scenario.game]\nmana = { "1" = "QQ" }\n', "mana is mana symbols"),
        ("[scenario.game]\nactive = 3\n", "'active' must be a player number from 1 to 2"),
        ('[scenario.game]\nlibrary = { "1" = ["x"] }\n', "not a set-up card in player 1's library"),
        ('[scenario.game]\nweather = "rain"\n', "unknown key 'weather'"),
        ('[scenario.setup]\nx = { card = "Island", counters = { P1P1 = -1 } }\n', "setup.x.counters"),
        (
            '[scenario.setup]\nx = { card = "Island", zone = "hand", attacking = true }\n',
            "only on the battlefield",
        ),
        ('[scenario.setup]\nx = { card = "Island", damage = "lots" }\n', "'damage' must be an integer"),
        (
            '[scenario.setup]\nx = { card = "Island" }\n' + step("cast", object='"x"', targets='["y"]'),
            "targets",
        ),
        (
            '[scenario.setup]\nx = { card = "Island" }\n' + step("cast", object='"x"', mana='"1Q"'),
            "mana symbols",
        ),
        (
            '[scenario.setup]\nx = { card = "Island" }\n' + step("block", blocks='{ x = "nobody" }'),
            "blocker alias",
        ),
        (
            '[scenario.setup]\nx = { card = "Island" }\n'
            + step("add_effect", object='"x"', keywords='"Haste"'),
            "'keywords' must be a list of at most",
        ),
        (step("attack"), "action 'attack' needs 'attackers'"),
        (step("concede"), "action 'concede' needs 'player'"),
        (
            '[scenario.setup]\nx = { card = "Island" }\n[[scenario.check]]\nobject = "x"\nindex = "one"\n',
            "index",
        ),
    ],
)
def test_schema_errors_name_the_key_path(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(scenario("601.2", body + check("game", "turn", turn="1")), encoding="utf-8")
    scenarios, errors = load_scenarios([path], bundled=False)
    assert scenarios == [] and len(errors) == 1
    assert isinstance(errors[0], ScenarioError) and message in str(errors[0]), str(errors[0])


def test_a_driver_without_the_set_up_capabilities_is_unsupported(tmp_path: Path) -> None:
    """Counters and the game set-up are capabilities: a driver that lacks them gets
    ``unsupported``, never a pass that ignored them."""
    everything = Capabilities.everything()
    assert everything.actions >= SETUP_CAPABILITIES
    assert {"setup.counters", "game.step", "attack", "block", "counter", "concede"} <= everything.actions

    class NoSetUp(ReferenceDriver):
        def capabilities(self) -> Capabilities:
            return Capabilities(everything.actions - SETUP_CAPABILITIES, everything.questions)

    path = tmp_path / "s.toml"
    path.write_text(scenario("606.3", JACE + check("object", "jace", loyalty="2")), encoding="utf-8")
    scenarios, _ = load_scenarios([path], bundled=False)
    (run,) = planned_runs(scenarios)
    result = run_scenario(run, NoSetUp, timeout=None)
    assert result.status == "unsupported"
    assert "action game.step" in result.message and "action setup.loyalty" in result.message


SICK_ULRICH = (
    '[scenario.setup]\nu = { card = "Ulrich of the Krallenhorde", zone = "battlefield", sick = true }\n'
)


@pytest.mark.rule("702.10c", "302.6")
def test_add_effect_keywords_reach_the_engine(tmp_path: Path) -> None:
    """``add_effect``'s keywords give the object those keywords until end of turn. 702.10c:
    "If a creature has haste, its controller can activate its activated abilities whose
    cost includes the tap symbol ... even if that creature hasn't been controlled by that
    player continuously since their most recent turn began": haste from the effect lets a
    sick creature pay {T}; the run fails with the answers of no effect, and the same
    creature without the effect may not pay (302.6)."""
    body = SICK_ULRICH + step("add_effect", object='"u"', keywords='["Haste"]')
    both(
        tmp_path,
        "702.10c",
        body,
        check("object", "u", keywords='["Haste"]', can_pay_tap_cost="true"),
        check("object", "u", keywords="[]", can_pay_tap_cost="false"),
    )
    plain = outcome(tmp_path, scenario("302.6", SICK_ULRICH + check("object", "u", can_pay_tap_cost="false")))
    assert plain.status == "passed", plain.message


def test_a_driver_without_an_argument_capability_is_unsupported(tmp_path: Path) -> None:
    """An argument added after drivers were written (``add_effect.keywords``) is a
    capability: a driver that has ``add_effect`` but would ignore the keywords gets
    ``unsupported`` for a scenario that gives them, and still plays one that doesn't."""
    everything = Capabilities.everything()
    assert "add_effect.keywords" in everything.actions and everything.actions >= ARGUMENT_CAPABILITIES

    class NoKeywords(ReferenceDriver):
        def capabilities(self) -> Capabilities:
            return Capabilities(everything.actions - ARGUMENT_CAPABILITIES, everything.questions)

    for keywords, status in (('["Haste"]', "unsupported"), (None, "passed")):
        extra = {"keywords": keywords} if keywords else {}
        body = SICK_ULRICH + step("add_effect", object='"u"', **extra) + check("object", "u", exists="true")
        result = outcome(tmp_path, scenario("611.2", body), NoKeywords)
        assert result.status == status, result.message
        if status == "unsupported":
            assert "action add_effect.keywords" in result.message


def test_the_engine_starts_in_the_step_it_is_given() -> None:
    """``Game.start(step=...)``: the played game begins there, the active player with
    priority (117.3a); the default is the upkeep (103.8)."""
    for step_name in ("upkeep", "main1", "end"):
        game = Game(2)
        game.start(hand=0, step=step_name)
        assert (game.step, game.priority) == (step_name, 1)
    assert STEPS.index("main1") > STEPS.index("upkeep")


# --------------------------------------------------------------------------- wrong engines


class Wrong:
    """A rules plugin that wraps one rule point's built-in handler to answer wrongly."""

    def __init__(self, point: str, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self.point, self.wrap = point, wrap

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        built_in = Registry.slots()[self.point].bind(registry.edition)
        registry.register(self.point, self.wrap(built_in), plugin=f"wrong-{self.point}")


def _front_up(handler: Callable[..., Any]) -> Callable[..., Any]:
    """712.8e ignored: every object has its front face's characteristics."""
    return lambda state: handler(state.evolve(up=Side.FRONT, melded=False, melded_face=None))


def _no_cast_options(handler: Callable[..., Any]) -> Callable[..., Any]:
    """702.146a ignored: a card offers no way to cast it but the normal one from a hand."""
    return lambda card, zone: tuple(o for o in handler(card, zone) if o.via == "normal")


def _spell_front_up(handler: Callable[..., Any]) -> Callable[..., Any]:
    """712.11a ignored: a spell is put on the stack front face up, whatever was cast."""
    return lambda card, option, x=0: handler(card, replace(option, up=Side.FRONT), x)


def _no_land_faces(handler: Callable[..., Any]) -> Callable[..., Any]:
    """712.12 ignored: a modal card's land face can't be played."""
    return lambda card: tuple(o for o in handler(card) if card.layout is not Layout.MODAL_DFC)


def _enters_front_up(handler: Callable[..., Any]) -> Callable[..., Any]:
    """712.14a ignored: a card put onto the battlefield transformed enters front face up."""
    return lambda card, zone, transformed=False, **kw: handler(card, zone, False, **kw)


def _day_stays(handler: Callable[..., Any]) -> Callable[..., Any]:
    """731.2a-b ignored: day and night never change at the untap step."""
    return lambda current, *args, **kw: current


def _nothing_melds(handler: Callable[..., Any]) -> Callable[..., Any]:
    return lambda a, b, face: RulesOutcome(False, a, "701.42c", "this wrong plugin melds nothing")


def _nothing_transforms(handler: Callable[..., Any]) -> Callable[..., Any]:
    return lambda state, *a, **kw: RulesOutcome.nothing(state, Verdict(False, "701.27a", "no transforming"))


#: Each new action and question with a DFC rule handler on its path: the wrong plugin,
#: the bundled run that must then fail, and words its failure must contain. The others
#: (attack, block, concede, counters, damage, attacking, step, turn, active, life, the
#: game set-up) are decided by the host alone: no rule handler is on their path, and
#: their tests above show a wrong answer failing.
WRONG_ENGINES = {
    "cast through the loop (disturb permission)": (
        Wrong("cast_options", _no_cast_options),
        "702.146b-disturbed-permanent-killed-is-exiled@2026-09-25",
        "step[0] cast",
    ),
    "can_cast and legal_actions": (
        Wrong("cast_options", _no_cast_options),
        "702.146a-disturb-is-a-legal-action-from-the-graveyard@2026-09-25",
        "can_cast",
    ),
    "legal_actions (a land face)": (
        Wrong("land_options", _no_land_faces),
        "712.12-modal-land-face-is-a-legal-action@2026-09-25",
        "legal_actions",
    ),
    "counter (a disturbed spell)": (
        Wrong("spell_state", _spell_front_up),
        "beloved-beggar#7-disturbed-spell-countered-in-play-exiled",
        "zone exile names",
    ),
    "activate by text (a back face's loyalty ability)": (
        Wrong("characteristics", _front_up),
        "606.3-back-face-loyalty-ability-once-each-turn@2026-09-25",
        "step[0] activate",
    ),
    "loyalty, supertypes, keywords, can_activate": (
        Wrong("characteristics", _front_up),
        "712.8e-back-face-up-has-its-loyalty-supertypes-and-keywords@2026-09-25",
        "loyalty",
    ),
    "craft through the loop": (
        Wrong("put_onto_battlefield", _enters_front_up),
        "702.167a-craft-exiles-the-named-material-and-returns-transformed",
        "sepulcher name",
    ),
    "advance through the untap step (day/night)": (
        Wrong("next_designation", _day_stays),
        "731.2a-day-becomes-night-in-the-untap-step@2026-09-25",
        "day_night",
    ),
    "choose targets, pass (a melded permanent's dies trigger)": (
        Wrong("meld", _nothing_melds),
        "603.10a-melded-permanent-dies-its-trigger-looks-back@2026-09-25",
        "step[0] meld",
    ),
    "choose answers, advance (a transform trigger)": (
        Wrong("transform", _nothing_transforms),
        "701.27e-werewolf-transforms-into-ransacker-in-the-upkeep@2026-09-25",
        'was never asked "use Werewolf Ransacker\'s triggered ability"',
    ),
}


def _bundled_run(run_id: str) -> Any:
    scenarios, errors = load_scenarios([], bundled=True)
    assert not errors
    return next(run for run in planned_runs(scenarios) if run.id == run_id)


@pytest.mark.rule("712.8e", "702.146a", "712.12", "712.11a", "712.14a", "731.2a", "701.42a", "701.27a")
@pytest.mark.parametrize("item", list(WRONG_ENGINES))
def test_each_new_action_and_question_fails_on_a_wrong_engine(item: str) -> None:
    """The bundled run passes on the reference engine and fails (or, when the wrong
    rule makes the step impossible, errs) with the wrong plugin."""
    plugin, run_id, words = WRONG_ENGINES[item]
    run = _bundled_run(run_id)
    assert run_scenario(run, ReferenceDriver, timeout=None).status == "passed"
    wrong = run_scenario(run, lambda: ReferenceDriver(plugins=[plugin]), timeout=None)
    assert wrong.status in ("failed", "error"), wrong.message
    assert words in wrong.message, wrong.message


def test_drives_the_game_counts_the_loop_not_the_direct_actions(tmp_path: Path) -> None:
    """A scenario plays the game when a step passes, advances, activates, attacks or
    blocks, or casts through the loop; a direct cast, transform or check does not."""
    direct = '[scenario.setup]\nbolt = { card = "Lightning Bolt", zone = "hand" }\n'
    texts = {
        "direct": direct + step("cast", object='"bolt"'),
        "targets": direct + step("cast", object='"bolt"', targets="[2]"),
        "game": MAIN + direct + step("cast", object='"bolt"'),
        "pass": direct + step("pass"),
    }
    found = {}
    for name, body in texts.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(scenario("601.2", body + check("game", "turn", turn="1")), encoding="utf-8")
        (loaded,), errors = load_scenarios([path], bundled=False)
        assert not errors
        found[name] = drives_the_game(loaded)
    assert found == {"direct": False, "targets": True, "game": True, "pass": True}
    scenarios, _ = load_scenarios([], bundled=True)
    played, behaviour = played_count(scenarios)
    assert 0 < played < behaviour


def test_a_question_about_an_ability_the_engine_cannot_run_is_unsupported(tmp_path: Path) -> None:
    """Burn from Within's "if that creature would die this turn, exile it instead" (its
    ``Debuff`` link) can't run on the reference engine: whether it can be cast is not
    answered with a made-up rule."""
    body = '[scenario.game]\nstep = "main1"\nmana = { "1" = "RR" }\n'
    body += '[scenario.setup]\nburn = { card = "Burn from Within", zone = "hand" }\n'
    result = outcome(tmp_path, scenario("601.2", body + check("object", "burn", cast_refused='""')))
    assert result.status == "unsupported", result.message
    assert "Debuff" in result.message or "RememberDamaged" in result.message


@pytest.mark.rule("110.4b", "109.2")
def test_permanent_off_the_battlefield_means_a_permanent_card() -> None:
    """Forge's ``Permanent`` names a permanent on the battlefield, and elsewhere a
    permanent card or spell (110.4b): Ragnarok returns "target nonlegendary permanent card
    from your graveyard"; an instant card there is not one."""
    driver = ReferenceDriver()
    driver.start("current", 2)
    vanguard = driver.add("Elite Vanguard", "graveyard", 1, {})
    bolt = driver.add("Lightning Bolt", "graveyard", 1, {})
    jace = driver.add("Jace, Vryn's Prodigy", "graveyard", 1, {})
    game = driver.g
    found = game.obj(vanguard)
    face = game.face_of(found)
    assert face is not None
    ctx = game.ability_ctx(found, face)
    fits = {h: matches(ctx, game.obj(h), "Permanent.nonLegendary+YouOwn") for h in (vanguard, bolt, jace)}
    assert fits == {vanguard: True, bolt: False, jace: False}
