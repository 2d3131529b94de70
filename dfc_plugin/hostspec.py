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
``[project.entry-points."dfc_plugin.rules"]``.

Which handler answers a rule point follows pluggy's order of priority: the hook
implementations register from the lowest priority to the highest, and the last one to
register a rule point answers it. So ``tryfirst=True`` is the highest priority,
``trylast=True`` the lowest (the built-in rules are ``trylast``: any other plugin replaces
them), and among the rest a plugin registered later wins over one registered earlier. A
plugin passed to ``plugin_manager(plugins=[...])`` is registered after every entry-point
plugin, so it wins over them. Entry-point plugins load in the order of their entry-point
names (then distribution names), so between two installed plugins of the same priority
the one whose entry-point name sorts later answers; give one of them ``tryfirst`` or
``trylast`` to decide it explicitly. A replaced handler is not lost:
:meth:`~dfc_plugin.registry.Registry.register` returns it, to call from the new one.
"""

from __future__ import annotations

import functools
import importlib.metadata
import sys
import weakref
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

import pluggy

from dfc_plugin.editions import CURRENT, Edition
from dfc_plugin.errors import PluginError
from dfc_plugin.registry import PluginInfo, Registry

__all__ = [
    "ENTRY_POINT_GROUP",
    "PROJECT",
    "PluginInfo",
    "build_registry",
    "card_folders",
    "dfc_card_folders",
    "dfc_register_rules",
    "hookimpl",
    "hookspec",
    "plugin_manager",
    "plugins_of",
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
    is the rules edition the engine plays under. The plugins register from the lowest
    priority to the highest (``trylast`` first, ``tryfirst`` last; see the module
    docstring), so a later registration replaces an earlier one; ``register`` returns the
    replaced handler.
    """


@hookspec
def dfc_card_folders() -> list[Path]:
    """Folders of Forge card scripts this plugin provides to the engine's library.

    An engine gathers every plugin's folders into one library with :func:`card_folders`::

        library = Library.load(card_folders(pm))
    """
    return []


def _plugin_error(manager: pluggy.PluginManager, error: pluggy.PluginValidationError) -> PluginError:
    plugin = getattr(error, "plugin", None)
    name = (manager.get_name(plugin) if plugin is not None else None) or ""
    return PluginError(str(error), plugin=name)


@functools.cache
def _entry_points(search_path: tuple[str, ...]) -> tuple[tuple[importlib.metadata.EntryPoint, str, str], ...]:
    """The ``dfc_plugin.rules`` entry points installed on ``search_path`` (``sys.path``),
    with each one's distribution name and version, in the order they load: entry-point
    name, then distribution name. Found once per search path: scanning every installed
    distribution costs milliseconds, and an engine may make a manager per game (a plugin
    installed into a folder already on the path while the process runs is seen by the
    next process)."""
    found = {
        (ep.name, dist.metadata["Name"] or ""): (ep, dist.version)
        for dist in importlib.metadata.distributions(path=list(search_path))
        for ep in dist.entry_points
        if ep.group == ENTRY_POINT_GROUP
    }
    return tuple((ep, dist, version) for (_, dist), (ep, version) in sorted(found.items()))


#: The distribution and version of each entry-point plugin a manager loaded.
_INSTALLED: weakref.WeakKeyDictionary[pluggy.PluginManager, dict[int, tuple[str, str]]] = (
    weakref.WeakKeyDictionary()
)


def _load_entry_points(manager: pluggy.PluginManager) -> None:
    """Load the ``dfc_plugin.rules`` entry points in a fixed order (entry-point name, then
    distribution name); a module that fails to import, or whose hooks do not match the
    specs, is a :class:`PluginError` naming it."""
    installed = _INSTALLED.setdefault(manager, {})
    for ep, distribution, version in _entry_points(tuple(sys.path)):
        if manager.has_plugin(ep.name) or manager.is_blocked(ep.name):
            continue
        try:
            plugin = ep.load()
            manager.register(plugin, name=ep.name)
        except pluggy.PluginValidationError as error:
            raise _plugin_error(manager, error) from None
        except Exception as error:  # the plugin's own module failed to import
            failure = f"{type(error).__name__}: {error}"
            message = f"entry point {ep.name!r} of {distribution!r} failed to load: {failure}"
            raise PluginError(message, plugin=ep.name) from error
        installed[id(plugin)] = (distribution, version)


def plugin_manager(*, entry_points: bool = True, plugins: Iterable[object] = ()) -> pluggy.PluginManager:
    """A plugin manager with the specs added, rule plugins loaded from the entry-point
    group (unless ``entry_points=False``) and then ``plugins`` registered (so they win
    over entry-point plugins of the same priority), checked with ``check_pending()``.
    A hook implementation that matches no spec, or names an argument its spec does not
    have, is a :class:`PluginError`."""
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(sys.modules[__name__])
    if entry_points:
        _load_entry_points(manager)
    try:
        for plugin in plugins:
            manager.register(plugin)
        manager.check_pending()
    except pluggy.PluginValidationError as error:
        raise _plugin_error(manager, error) from None
    return manager


def card_folders(manager: pluggy.PluginManager) -> list[Path]:
    """Every folder of card scripts the loaded plugins provide (``dfc_card_folders``),
    highest priority first: the folders to give :meth:`dfc_plugin.Library.load`."""
    return [Path(folder) for group in manager.hook.dfc_card_folders() for folder in group]


def plugins_of(manager: pluggy.PluginManager) -> tuple[PluginInfo, ...]:
    """Every plugin ``manager`` has loaded, with its distribution and version, in the order
    of priority their rules register in (lowest first: the last one wins)."""
    installed = {
        id(plugin): (dist.metadata["Name"] or "", dist.version)
        for plugin, dist in manager.list_plugin_distinfo()
    } | _INSTALLED.get(manager, {})
    infos = []
    for impl in manager.hook.dfc_register_rules.get_hookimpls():
        found = installed.get(id(impl.plugin))
        name = impl.plugin_name
        if found is None and not isinstance(impl.plugin, type(sys)):
            name = type(impl.plugin).__name__
        infos.append(PluginInfo(name, *found) if found else PluginInfo(name))
    return tuple(infos)


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
    """Let every loaded plugin register its handlers, from the lowest priority to the
    highest (pluggy's order, reversed: see the module docstring), so the highest priority
    answers each rule point; every rule point must have a handler. The registry's
    ``plugins`` lists the plugins and their versions."""
    registry = Registry(edition, checked=checked)
    registry.plugins = plugins_of(manager)
    impls = manager.hook.dfc_register_rules.get_hookimpls()
    for impl in impls:
        if impl.hookwrapper or impl.wrapper:
            raise PluginError("a hook wrapper cannot register rules", plugin=impl.plugin_name)
    try:
        for impl in impls:
            impl.function(registry=registry)
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
