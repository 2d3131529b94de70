"""The whole bundled conformance suite, one pytest item per scenario run (``pytest
--dfc-rule 712.8e`` runs every scenario citing one rule), through the project's pytest
plugin: each scenario is played while its test is set up, so an engine that raises is an
error with its traceback and a wrong answer a failure."""

from __future__ import annotations

from dfc_plugin.conformance.pytest_plugin import Played, dfc_verdict


def test_scenario(dfc_played: Played) -> None:
    dfc_verdict(dfc_played)
