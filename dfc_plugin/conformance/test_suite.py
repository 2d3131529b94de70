"""The bundled conformance suite as pytest items (``pytest --pyargs dfc_plugin.conformance``)."""

from __future__ import annotations

from typing import Any

from dfc_plugin.conformance.pytest_plugin import dfc_check


def test_scenario(dfc_run: Any, dfc_driver_factory: Any) -> None:
    dfc_check(dfc_run, dfc_driver_factory)
