"""A deliberately incomplete engine for the conformance tests: it wraps the reference
engine, but knows nothing of meld (it refuses every meld) and reports modal DFCs' back
faces with the front face's mana value. Its known gaps are in incomplete_gaps.toml."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dfc_plugin.conformance.driver import ActResult, ReferenceDriver, Refused


class IncompleteDriver(ReferenceDriver):
    name = "incomplete test engine"

    def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
        if action == "meld":
            raise Refused("0.0", "this engine does not do meld")
        return super().act(action, args)


def factory() -> IncompleteDriver:
    return IncompleteDriver()
