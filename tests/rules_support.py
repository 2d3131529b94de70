"""What the rule-handler tests share: the bundled card library, a registry per edition
built the way a host engine builds it, and small state builders."""

from __future__ import annotations

from functools import cache
from typing import Any

from dfc_plugin.cards import CardDef, Face
from dfc_plugin.editions import CURRENT, EDITION_2017, EDITION_2022, Edition
from dfc_plugin.hostspec import build_registry, plugin_manager
from dfc_plugin.registry import Registry
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import DfcState, Side, Zone

__all__ = [
    "CURRENT",
    "EDITION_2017",
    "EDITION_2022",
    "Side",
    "Zone",
    "card",
    "library",
    "melded",
    "on",
    "rules",
]


@cache
def library() -> Library:
    return Library.load([bundled_cardscripts()], use_cache=False)


@cache
def rules(edition: Edition = CURRENT) -> Registry:
    """The registry a host engine gets: entry points loaded, checked handlers."""
    return build_registry(plugin_manager(), edition, checked=True)


def card(name: str) -> CardDef:
    return library().get(name)


def on(name: str, zone: Zone = Zone.BATTLEFIELD, **fields: Any) -> DfcState:
    """The card with a face called ``name`` in ``zone``; back face up if ``name`` is its
    back face's name (and no ``up`` is given)."""
    found = card(name)
    if "up" not in fields and len(found.faces) > 1 and found.faces[1].name == name:
        fields["up"] = Side.BACK
    return DfcState.of(found, zone, **fields)


def melded(primary: str, edition: Edition = CURRENT) -> DfcState:
    """The melded permanent a meld pair becomes."""
    first = card(primary)
    meld = first.dfc.meld
    assert meld is not None
    second = card(meld.partner)
    face: Face | None = library().melded_face(first)
    outcome = rules(edition).meld(DfcState.of(first, Zone.EXILE), DfcState.of(second, Zone.EXILE), face)
    assert outcome.happened, outcome.reason
    return outcome.state
