"""dfc-plugin: the rules of double-faced Magic cards for Forge-style engines.

The public API is small: the card model (:mod:`dfc_plugin.cards`), the script library
(:class:`Library`), the error hierarchy (:mod:`dfc_plugin.errors`) and, for host
engines, the pluggy ``hookimpl`` marker.
"""

from __future__ import annotations

from dfc_plugin.cards import CardDef, DfcAbilities, Face, Layout, ManaCost
from dfc_plugin.errors import CardNotFoundError, CardScriptError, DfcError, PluginError
from dfc_plugin.hostspec import build_registry, hookimpl, plugin_manager
from dfc_plugin.script.build import ScriptResult, read_script
from dfc_plugin.script.library import Library
from dfc_plugin.state import DfcState, Side, TokenKind, Zone

__version__ = "0.1.0"

__all__ = [
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
    "ScriptResult",
    "Side",
    "TokenKind",
    "Zone",
    "__version__",
    "build_registry",
    "hookimpl",
    "plugin_manager",
    "read_script",
]
