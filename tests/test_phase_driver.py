"""The suite on phase.rs (PyPI ``phase-python``, extra ``dfc-plugin[phase]``): every
behaviour run that is not ``unsupported`` passes or is one of the known gaps, which are
strict, so a phase-python release that closes a gap fails here until the list is updated.
Skipped, with the reason, where phase-python is not installed."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from dfc_plugin.conformance.report import Report, run_suite
from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios

phase = pytest.importorskip("phase", reason="phase-python is not installed: pip install 'dfc-plugin[phase]'")

from dfc_plugin.conformance.driver import Refused, Unsupported  # noqa: E402
from dfc_plugin.drivers import phase_records as rec  # noqa: E402
from dfc_plugin.drivers.carddata import FILLER, card_data  # noqa: E402
from dfc_plugin.drivers.phase import KNOWN_GAPS, PhaseDriver, mana_value  # noqa: E402


@cache
def phase_report() -> Report:
    scenarios, errors = load_scenarios()
    assert not errors
    return run_suite(scenarios, PhaseDriver, known_gaps=load_known_gaps(KNOWN_GAPS), engine="phase.rs")


def test_the_suite_on_phase_with_strict_known_gaps() -> None:
    report = phase_report()
    bad = [f"{o.run.id}: {o.status}: {o.message}" for o in report.outcomes if not o.ok]
    assert bad == [], "\n".join(bad)
    gaps = load_known_gaps(KNOWN_GAPS)
    assert {o.run.id for o in report.outcomes if o.status == "xfailed"} == set(gaps)
    judged = [o for o in report.outcomes if o.judged]
    assert len(judged) >= 200, f"{len(judged)} runs judged on behaviour"
    assert report.count("error") == 0


def test_every_known_gap_cites_a_rule_or_says_the_suite_is_wrong() -> None:
    for scenario, reason in load_known_gaps(KNOWN_GAPS).items():
        assert reason.startswith("the suite's side:") or reason.split(":")[0][:3].isdigit(), scenario


def test_meld_cards_have_no_data_path_and_their_runs_are_unsupported() -> None:
    report = phase_report()
    meld = [o for o in report.outcomes if o.run.id.startswith("712.21") and o.run.edition == "2026-09-25"]
    assert meld and all(o.status in ("unsupported", "descriptive") for o in meld)


def test_mana_value_is_computed_from_phases_mana_cost() -> None:
    assert mana_value({"type": "Cost", "generic": 2, "shards": ["Red", "Green"]}) == 4
    assert mana_value({"type": "Cost", "generic": 0, "shards": ["X", "TwoWhite", "WhiteBlue"]}) == 3
    assert mana_value({"type": "NoCost"}) == 0 and mana_value(None) == 0


def test_card_data_joins_a_cards_faces_and_skips_meld() -> None:
    from dfc_plugin.conformance.driver import _shared_library

    data = card_data(_shared_library().cards())
    front, back = data.faces["huntmaster of the fells"], data.faces["ravager of the fells"]
    assert front["scryfall_oracle_id"] == back["scryfall_oracle_id"]
    assert (front["layout"], front["face_index"], back["face_index"]) == ("transform", 0, 1)
    assert data.skipped["Graf Rats"].startswith("meld")
    assert FILLER.lower() in data.faces


def test_pytest_with_dfc_engine_phase_uses_its_gaps(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_dfc="from dfc_plugin.conformance.pytest_plugin import dfc_check\n"
        "def test_scenario(dfc_run, dfc_driver_factory):\n    dfc_check(dfc_run, dfc_driver_factory)\n"
    )
    wanted = "712.8e-transformed-keeps-front-mana-value or 701.27a-transform-turns-over or 712.21a-"
    result = pytester.runpytest("-p", "no:cacheprovider", "--dfc-engine=phase", "-k", wanted, "-rxs")
    outcomes = result.parseoutcomes()
    assert outcomes.get("xfailed") == 1 and outcomes.get("passed") == 1 and "failed" not in outcomes
    result.stdout.fnmatch_lines(
        [
            "*known gap: 712.8e: phase gives a transformed permanent*",
            "*unsupported: the driver does not declare action meld*",
        ]
    )


def _mana(produced: dict[str, Any], cost: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"is_mana_ability": True, "effect": {"type": "Mana", "produced": produced}, "cost": cost}


def test_mana_abilities_are_read_from_phases_ability_records() -> None:
    tap = {"type": "Tap"}
    found = {
        "abilities": [
            _mana({"type": "Fixed", "colors": ["White"]}, tap),
            _mana(
                {"type": "Colorless", "count": {"type": "Fixed", "value": 2}},
                {"type": "Composite", "costs": [tap]},
            ),
            _mana({"type": "AnyOneColor", "color_options": ["Red", "Green"]}, {"type": "Mana"}),
            {"is_mana_ability": False, "effect": {"type": "Draw"}},
        ]
    }
    assert rec.mana_abilities(found) == [
        {"produced": ["W"], "amount": 1, "taps_for_mana": True},
        {"produced": ["C"], "amount": 2, "taps_for_mana": True},
        {"produced": ["G", "R"], "amount": 1, "taps_for_mana": False},
    ]
    with pytest.raises(ValueError, match="ChosenColor"):
        rec.mana_abilities({"abilities": [_mana({"type": "ChosenColor"})]})


def test_phase_records_say_what_came_into_being_and_what_enters_as_a_copy() -> None:
    assert rec.created({"type": "ZoneChanged", "data": {"object_id": 3, "from": None, "to": "Battlefield"}})
    assert not rec.created(
        {"type": "ZoneChanged", "data": {"object_id": 3, "from": "Hand", "to": "Battlefield"}}
    )
    clone = {"replacement_definitions": [{"description": "You may have ~ enter as a copy of any creature."}]}
    assert rec.enters_as_copy(clone) and not rec.enters_as_copy({"replacement_definitions": []})


def test_a_clone_set_up_on_the_battlefield_becomes_a_copy_by_phases_own_replacement() -> None:
    driver = PhaseDriver()
    driver.start("2026-09-25", 2)
    hunt = driver.add("Huntmaster of the Fells", "battlefield", 1, {})
    clone = driver.add("Clone", "battlefield", 1, {})
    driver.setup_done()
    with pytest.raises(Unsupported, match="copying nothing"):
        driver.observe("object", clone, "exists", {})
    result = driver.act("become_copy", {"object": clone, "source": hunt})
    assert result.happened and result.objects == (clone,)
    assert driver.observe("object", clone, "exists", {})
    assert driver.observe("object", clone, "name", {}) == "Huntmaster of the Fells"
    assert driver.observe("object", clone, "zone", {}) == "battlefield"
    assert driver.observe("zone", "battlefield", "names", {"player": 1}).count("Huntmaster of the Fells") == 2


def test_a_modal_land_played_as_its_back_face_is_the_object_that_entered() -> None:
    driver = PhaseDriver()
    driver.start("2026-09-25", 2)
    card = driver.add("Agadeem's Awakening", "hand", 1, {})
    driver.setup_done()
    land = driver.act("play_land", {"object": card, "face": "Agadeem, the Undercrypt"}).objects[0]
    assert driver.observe("object", land, "exists", {})
    assert driver.observe("object", land, "name", {}) == "Agadeem, the Undercrypt"
    assert driver.observe("object", land, "could_produce", {}) == ["B"]


def _game(*cards: tuple[str, str, dict[str, Any]]) -> tuple[PhaseDriver, list[Any]]:
    driver = PhaseDriver()
    driver.start("2026-09-25", 2)
    handles = [driver.add(card, zone, 1, options) for card, zone, options in cards]
    driver.setup_done()
    return driver, handles


@pytest.mark.parametrize(("since", "earlier", "turns"), [(0, 0, True), (0, 1, False), (1, 1, True)])
def test_transform_since_is_phases_own_701_27f_check(since: int, earlier: int, turns: bool) -> None:
    driver, (delver,) = _game(("Delver of Secrets", "battlefield", {}))
    for _ in range(earlier):
        driver.act("transform", {"object": delver})
    assert driver.act("transform", {"object": delver, "since": since}).happened is turns


def test_the_played_game_runs_through_phases_loop() -> None:
    driver, (gwen,) = _game(("Gwen Stacy", "battlefield", {}))
    with pytest.raises(Refused):  # turn 1's upkeep: a sorcery-speed ability can't be activated (307.1)
        driver.act("activate", {"object": gwen, "text": "transform"})
    driver.act("advance", {"step": "main1"})
    assert (driver.observe("game", None, "step", {}), driver.observe("game", None, "turn", {})) == (
        "main1",
        1,
    )
    driver.act("activate", {"object": gwen, "text": "transform"})
    assert driver.observe("game", None, "stack", {}) == ["ability of Gwen Stacy"]
    assert driver.act("pass", {}).happened
    assert driver.observe("object", gwen, "name", {}) == "Ghost-Spider"
    assert driver.observe("object", gwen, "keywords", {}) == ["Flying", "Haste", "Vigilance"]
    assert driver.observe("game", None, "life", {"player": 2}) == 20


def test_card_faces_are_what_phase_offers_in_a_game_of_the_cards_own() -> None:
    driver, _ = _game(("Huntmaster of the Fells", "battlefield", {}))

    def ask(card: str, question: str) -> Any:
        return driver.observe("card", card, question, {})

    assert ask("Brightclimb Pathway", "land_faces") == ["Brightclimb Pathway", "Grimclimb Pathway"]
    assert ask("Shatterskull Smashing", "land_faces") == ["Shatterskull, the Hammer Pass"]
    assert ask("Esika, God of the Tree", "cast_faces") == ["Esika, God of the Tree", "The Prismatic Bridge"]
    assert ask("Search for Azcanta", "land_faces") == []
    assert driver.observe("zone", "battlefield", "names", {}) == ["Huntmaster of the Fells"]


def test_mana_abilities_are_activated_by_phase_and_its_pool_read() -> None:
    driver, (garrison, azcanta) = _game(
        ("Golden Guardian", "battlefield", {"up": "back"}),
        ("Search for Azcanta", "battlefield", {"up": "back", "tapped": True}),
    )
    result = driver.act("activate_mana_ability", {"object": garrison, "color": "R"})
    assert result.happened and list(result.notes) == ["tapped for mana"]
    assert driver.observe("game", None, "mana_pool", {}) == ["R", "R"]
    with pytest.raises(Refused):  # already tapped (107.5)
        driver.act("activate_mana_ability", {"object": azcanta})


def test_a_spells_x_counts_on_the_stack_and_the_cost_mana_leaves_the_pool() -> None:
    driver, (burn,) = _game(("Burn from Within", "hand", {}))
    spell = driver.act("cast", {"object": burn, "x": 3}).objects[0]
    assert driver.observe("object", spell, "mana_value", {}) == 4
    assert driver.observe("game", None, "mana_pool", {}) == []


def test_phase_turns_a_single_faced_permanent_face_down_but_not_a_dfc() -> None:
    driver, (delver, _) = _game(
        ("Delver of Secrets", "battlefield", {}), ("Huntmaster of the Fells", "hand", {})
    )
    assert not driver.act("turn_face_down", {"object": delver}).happened
    assert not driver.observe("object", delver, "face_down", {})


def test_set_up_library_cards_are_on_top_of_the_filler() -> None:
    driver, _ = _game(("Giant Growth", "library", {}), ("Delver of Secrets", "library", {}))
    assert driver.observe("zone", "library", "names", {"player": 1})[-2:] == [
        "Giant Growth",
        "Delver of Secrets",
    ]
    assert driver.act("mill", {"player": 1, "count": 1}).objects_moved == 1
    assert driver.observe("zone", "graveyard", "names", {"player": 1}) == ["Delver of Secrets"]


def test_copy_spell_is_phases_copyspell_and_copies_only_a_spell() -> None:
    driver, (delver, hunt) = _game(
        ("Delver of Secrets", "hand", {}), ("Huntmaster of the Fells", "battlefield", {})
    )
    with pytest.raises(Refused):
        driver.act("copy_spell", {"object": hunt})
    spell = driver.act("cast", {"object": delver}).objects[0]
    (copy,) = driver.act("copy_spell", {"object": spell}).objects
    assert driver.observe("object", copy, "zone", {}) == "stack"
    assert driver.observe("object", copy, "double_faced", {})
    assert driver.observe("game", None, "stack", {}) == ["Delver of Secrets", "Delver of Secrets"]


def test_color_identity_is_computed_from_phases_card_records() -> None:
    """903.4: mana symbols of the cost and of the rules text (not reminder text, 903.4c),
    colour indicators, both faces (903.4d)."""
    assert rec.color_identity([{"mana_cost": {"shards": ["Red"]}}, {"color_override": ["Green"]}]) == [
        "R",
        "G",
    ]
    assert rec.color_identity([{"mana_cost": {"shards": []}, "oracle_text": "{3}{R}, Sacrifice: ..."}]) == [
        "R"
    ]
    assert rec.color_identity([{"oracle_text": "Disturb {1}{W} (You may cast it for {U}.)"}]) == ["W"]
    driver, _ = _game(("Grizzly Bears", "battlefield", {}))
    assert driver.observe("card", "Brutal Cathar", "color_identity", {}) == ["W", "R"]


def _played(
    settings: dict[str, Any], *cards: tuple[str, str, int, dict[str, Any]]
) -> tuple[PhaseDriver, list[Any]]:
    driver = PhaseDriver()
    driver.start("2026-09-25", 2)
    handles = [driver.add(card, zone, player, options) for card, zone, player, options in cards]
    driver.setup_game(settings)
    driver.setup_done()
    return driver, handles


def test_game_mana_is_the_pool_a_cast_pays_from_and_its_target_is_phases_own() -> None:
    driver, (bolt, bears) = _played(
        {"step": "main1", "mana": {"1": "R"}},
        ("Lightning Bolt", "hand", 1, {}),
        ("Grizzly Bears", "battlefield", 2, {}),
    )
    assert driver.observe("game", None, "mana_pool", {}) == ["R"]
    with pytest.raises(Refused):  # phase offers no target that is a card in a hand (601.2c)
        driver.act("cast", {"object": bolt, "targets": [bolt]})
    driver.act("cast", {"object": bolt, "targets": [bears]})
    assert driver.observe("game", None, "mana_pool", {}) == []
    driver.act("pass", {})
    assert driver.observe("object", bears, "zone", {}) == "graveyard"


@pytest.mark.parametrize("reveal", [True, False])
def test_choose_answers_phases_optional_effect_prompt(reveal: bool) -> None:
    driver, (delver, _) = _played(
        {"step": "upkeep"}, ("Delver of Secrets", "battlefield", 1, {}), ("Giant Growth", "library", 1, {})
    )
    driver.act("choose", {"answers": [["reveal the top card", reveal]]})
    assert driver.choices.answers  # queued until phase asks, on resolution
    driver.act("pass", {})
    assert not driver.choices.answers
    # phase transforms Delver even when the reveal is declined: a known gap (608.2c)
    assert driver.observe("object", delver, "name", {}) == "Insectile Aberration"


def test_choose_of_a_question_phase_has_no_prompt_for_is_unsupported() -> None:
    driver, _ = _played({"step": "main1"}, ("Grizzly Bears", "battlefield", 1, {}))
    with pytest.raises(Unsupported):
        driver.act("choose", {"answers": [["order of your triggered abilities", [1, 0]]]})
    driver.act("choose", {"answers": [["fight", True]]})
    with pytest.raises(Unsupported):  # never asked: the stack is empty
        driver.act("pass", {})


def test_set_up_counters_and_loyalty_are_phases() -> None:
    driver, (bears, jace) = _game(
        ("Grizzly Bears", "battlefield", {"counters": {"P1P1": 2}}),
        ("Jace, Vryn's Prodigy", "battlefield", {"up": "back", "loyalty": 5}),
    )
    assert driver.observe("object", bears, "power", {}) == 4
    assert driver.observe("object", jace, "loyalty", {}) == 5
    assert driver.observe("object", jace, "counters", {}) == {"LOYALTY": 5}
