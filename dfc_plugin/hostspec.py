"""The contract between dfc-plugin and a host engine: pluggy hook specifications.

A host engine makes a :class:`pluggy.PluginManager` for the project name ``dfc_plugin``,
adds these specs, loads the rule plugins of the entry-point group ``dfc_plugin.rules``,
and calls :func:`dfc_register_rules` once with a fresh
:class:`~dfc_plugin.registry.Registry`. From then on it calls the registered handlers
directly (``registry.transform(state)``), never through pluggy on its hot path.

:func:`plugin_manager` and :func:`build_registry` do exactly that::

    pm = plugin_manager()                 # entry points loaded, check_pending() done
    rules = build_registry(pm)            # every rule point has a handler
    rules.characteristics(state)

A third-party plugin ships a module with ``@hookimpl`` functions and names it in its own
``[project.entry-points."dfc_plugin.rules"]``. The built-in rules register first
(``tryfirst``), so any other plugin's handler for the same rule point replaces ours, and
may call ours: :meth:`~dfc_plugin.registry.Registry.register` returns it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

import pluggy

from dfc_plugin.editions import CURRENT, Edition
from dfc_plugin.errors import PluginError
from dfc_plugin.registry import Registry

__all__ = [
    "ENTRY_POINT_GROUP",
    "PROJECT",
    "build_registry",
    "dfc_card_folders",
    "dfc_register_rules",
    "hookimpl",
    "hookspec",
    "plugin_manager",
]

PROJECT = "dfc_plugin"
#: The setuptools entry-point group that rule plugins are discovered through.
ENTRY_POINT_GROUP = "dfc_plugin.rules"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def dfc_register_rules(registry: Registry) -> None:
    """Register this plugin's handlers for named rule points, once, when the engine loads.

    Call ``registry.register(point, handler, plugin="<your plugin>")`` for each rule point
    the plugin answers (see ``dfc_plugin.registry.RULE_POINTS``). ``registry.edition``
    is the rules edition the engine plays under. Handlers registered later replace
    earlier ones; ``register`` returns the replaced handler.
    """


@hookspec
def dfc_card_folders() -> list[Path]:
    """Folders of Forge card scripts this plugin provides to the engine's library."""
    return []


def plugin_manager(*, entry_points: bool = True, plugins: Iterable[object] = ()) -> pluggy.PluginManager:
    """A plugin manager with the specs added, rule plugins loaded from the entry-point
    group (unless ``entry_points=False``) and ``plugins`` registered, checked with
    ``check_pending()`` (a hook implementation that matches no spec is an error)."""
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(sys.modules[__name__])
    if entry_points:
        manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    for plugin in plugins:
        manager.register(plugin)
    try:
        manager.check_pending()
    except pluggy.PluginValidationError as error:
        raise PluginError(
            str(error), plugin=(getattr(error, "plugin", "") and manager.get_name(error.plugin)) or ""
        ) from None
    return manager


def _blame_registration(manager: pluggy.PluginManager, error: BaseException) -> str:
    """The name of the plugin whose ``dfc_register_rules`` raised ``error``."""
    codes = {
        impl.function.__code__: impl.plugin_name
        for impl in manager.hook.dfc_register_rules.get_hookimpls()
        if hasattr(impl.function, "__code__")
    }
    name = ""
    tb: TracebackType | None = error.__traceback__
    while tb is not None:
        name = codes.get(tb.tb_frame.f_code, name)
        tb = tb.tb_next
    return name


def build_registry(
    manager: pluggy.PluginManager, edition: Edition = CURRENT, *, checked: bool = False
) -> Registry:
    """Let every loaded plugin register its handlers; every rule point must have one."""
    registry = Registry(edition, checked=checked)
    try:
        manager.hook.dfc_register_rules(registry=registry)
    except PluginError:
        raise
    except Exception as error:
        plugin = _blame_registration(manager, error)
        message = f"failed while registering rules: {type(error).__name__}: {error}"
        raise PluginError(message, plugin=plugin, rule_point="dfc_register_rules") from error
    missing = registry.missing()
    if missing:
        raise PluginError("no handler for rule points: " + ", ".join(missing))
    return registry
