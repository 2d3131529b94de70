"""The whole bundled conformance suite, one pytest item per scenario run (``pytest -k
712.8e`` runs one rule), through the project's pytest plugin."""

from __future__ import annotations

from typing import Any

from dfc_plugin.conformance.pytest_plugin import dfc_check


def test_scenario(dfc_run: Any, dfc_driver_factory: Any) -> None:
    dfc_check(dfc_run, dfc_driver_factory)
