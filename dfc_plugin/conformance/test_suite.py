"""The bundled conformance suite as pytest items (``pytest --pyargs dfc_plugin.conformance``).

Each scenario is played while its test is set up (the ``dfc_played`` fixture), so an
engine that raises is reported as an error with its traceback, a wrong answer as a
failure."""

from __future__ import annotations

from dfc_plugin.conformance.pytest_plugin import Played, dfc_verdict


def test_scenario(dfc_played: Played) -> None:
    dfc_verdict(dfc_played)
