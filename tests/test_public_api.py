"""The public names a host imports: each resolves and says what it is for."""

from __future__ import annotations

import inspect

import pytest

import dfc_plugin
import dfc_plugin.hostspec
import dfc_plugin.registry
import dfc_plugin.state

MODULES = [dfc_plugin, dfc_plugin.hostspec, dfc_plugin.registry, dfc_plugin.state]


def own_docstring(value: object) -> str:
    if inspect.isclass(value):
        doc = value.__dict__.get("__doc__") or ""
        return "" if doc.startswith(f"{value.__name__}(") else doc  # a dataclass's generated one
    return getattr(value, "__doc__", "") or ""


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_public_callable_has_a_docstring(module: object) -> None:
    names: list[str] = module.__all__  # type: ignore[attr-defined]
    undocumented = [
        name
        for name in names
        if callable(getattr(module, name)) and not own_docstring(getattr(module, name)).strip()
    ]
    assert undocumented == []


def test_the_top_level_exports_resolve() -> None:
    for name in dfc_plugin.__all__:
        assert getattr(dfc_plugin, name) is not None
    assert dfc_plugin.Registry is dfc_plugin.registry.Registry
    assert dfc_plugin.card_folders is dfc_plugin.hostspec.card_folders
