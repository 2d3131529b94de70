"""The built-in rules plugin: registers every handler of :mod:`dfc_plugin.rules`.

Loaded through the entry-point group ``dfc_plugin.rules`` (name ``dfc-plugin``). Its hook
is ``trylast``, the lowest priority in pluggy's order, so any other plugin's handler for a
rule point replaces ours (and may call ours: ``register`` returns it). The handlers are
the ones :class:`~dfc_plugin.registry.Registry` declares; those that depend on the rules
edition get it bound here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import is_dataclass, replace
from functools import wraps
from pathlib import Path
from typing import Any

from dfc_plugin.editions import Edition
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.script.resources import bundled_cardscripts

PLUGIN_NAME = "dfc-plugin"


def _recited(edition: Edition, handler: Callable[..., Any]) -> Callable[..., Any]:
    """The handler, its answers citing the rule numbers of ``edition`` (handlers cite the
    current numbers; e.g. the 2017 rules numbered 712.13 as 711.8)."""

    @wraps(handler)
    def cite(*args: Any, **kwargs: Any) -> Any:
        return _renumber(edition, handler(*args, **kwargs))

    return cite


def _renumber(edition: Edition, answer: Any) -> Any:
    if isinstance(answer, tuple):
        return tuple(_renumber(edition, item) for item in answer)
    if is_dataclass(answer) and not isinstance(answer, type) and hasattr(answer, "rule"):
        return replace(answer, rule=edition.cite(answer.rule))
    return answer


@hookimpl(trylast=True)
def dfc_register_rules(registry: Registry) -> None:
    """Register the built-in handler of every rule point, for the registry's edition."""
    edition = registry.edition
    for point, slot in Registry.slots().items():
        bound = slot.bind(edition)
        renumber = edition.renumbered and slot.takes_edition
        registry.register(point, _recited(edition, bound) if renumber else bound, plugin=PLUGIN_NAME)


@hookimpl(trylast=True)
def dfc_card_folders() -> list[Path]:
    """The card scripts that ship with dfc-plugin."""
    return [bundled_cardscripts()]
