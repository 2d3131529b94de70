"""dfc-plugin: the rules of double-faced Magic cards for Forge-style engines.

The public API is small: the card model (:mod:`dfc_plugin.cards`), the script library
(:class:`Library`), the per-object record (:class:`DfcState`), the error hierarchy
(:mod:`dfc_plugin.errors`) and, for host engines, the pluggy ``hookimpl`` marker with
:func:`plugin_manager`, :func:`build_registry` (a typed :class:`Registry` of rule
handlers) and :func:`card_folders` (the card scripts every plugin provides).

Names are imported on first use, so ``import dfc_plugin`` (done by the pytest plugin in
every pytest run) stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "CardDef": "dfc_plugin.cards",
    "DfcAbilities": "dfc_plugin.cards",
    "Face": "dfc_plugin.cards",
    "Layout": "dfc_plugin.cards",
    "ManaCost": "dfc_plugin.cards",
    "CardNotFoundError": "dfc_plugin.errors",
    "CardScriptError": "dfc_plugin.errors",
    "DfcError": "dfc_plugin.errors",
    "PluginError": "dfc_plugin.errors",
    "build_registry": "dfc_plugin.hostspec",
    "card_folders": "dfc_plugin.hostspec",
    "hookimpl": "dfc_plugin.hostspec",
    "plugin_manager": "dfc_plugin.hostspec",
    "RULE_POINTS": "dfc_plugin.registry",
    "Registry": "dfc_plugin.registry",
    "ScriptResult": "dfc_plugin.script.build",
    "read_script": "dfc_plugin.script.build",
    "Library": "dfc_plugin.script.library",
    "DfcState": "dfc_plugin.state",
    "Side": "dfc_plugin.state",
    "TokenKind": "dfc_plugin.state",
    "Zone": "dfc_plugin.state",
}

__all__ = [
    "RULE_POINTS",
    "CardDef",
    "CardNotFoundError",
    "CardScriptError",
    "DfcAbilities",
    "DfcError",
    "DfcState",
    "Face",
    "Layout",
    "Library",
    "ManaCost",
    "PluginError",
    "Registry",
    "ScriptResult",
    "Side",
    "TokenKind",
    "Zone",
    "__version__",
    "build_registry",
    "card_folders",
    "hookimpl",
    "plugin_manager",
    "read_script",
]

if TYPE_CHECKING:
    from dfc_plugin.cards import CardDef, DfcAbilities, Face, Layout, ManaCost
    from dfc_plugin.errors import CardNotFoundError, CardScriptError, DfcError, PluginError
    from dfc_plugin.hostspec import build_registry, card_folders, hookimpl, plugin_manager
    from dfc_plugin.registry import RULE_POINTS, Registry
    from dfc_plugin.script.build import ScriptResult, read_script
    from dfc_plugin.script.library import Library
    from dfc_plugin.state import DfcState, Side, TokenKind, Zone


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'dfc_plugin' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
