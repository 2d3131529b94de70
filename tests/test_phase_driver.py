"""The suite on phase.rs (PyPI ``phase-python``, extra ``dfc-plugin[phase]``): every
behaviour run that is not ``unsupported`` passes or is one of the known gaps, which are
strict, so a phase-python release that closes a gap fails here until the list is updated.
Skipped, with the reason, where phase-python is not installed."""

from __future__ import annotations

from functools import cache

import pytest

from dfc_plugin.conformance.report import Report, run_suite
from dfc_plugin.conformance.runner import load_known_gaps, load_scenarios

phase = pytest.importorskip("phase", reason="phase-python is not installed: pip install 'dfc-plugin[phase]'")

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
    assert len(judged) >= 111, f"{len(judged)} runs judged on behaviour"
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
