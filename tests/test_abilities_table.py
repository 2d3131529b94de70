"""docs/abilities.md is the registries' table: it must match the code, and every test
it names (for an API, mode, event, keyword or parameter) must exist."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import ROOT

from dfc_plugin.host.abilities.docs import render
from dfc_plugin.host.abilities.registry import COMMON, FAMILIES

DOC = ROOT / "docs" / "abilities.md"


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def _named_tests() -> set[str]:
    names = set(COMMON.values())
    for table in FAMILIES.values():
        for entry in table.values():
            names.add(entry.test)
            names.update(entry.params.values())
    return {n for n in names if n}


def test_the_doc_table_is_the_registries() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), (
        "regenerate: python -m dfc_plugin.host.abilities.docs > docs/abilities.md"
    )


def test_every_named_test_exists() -> None:
    missing = []
    found: dict[str, set[str]] = {}
    for name in sorted(_named_tests()):
        module, _, function = name.partition("::")
        path = ROOT / "tests" / module
        if module not in found:
            found[module] = _tests_in(path) if path.exists() else set()
        if function not in found[module]:
            missing.append(name)
    assert not missing, f"tests named in the registries that don't exist: {missing}"


def test_every_entry_names_a_test_and_a_summary() -> None:
    for table in FAMILIES.values():
        for entry in table.values():
            assert entry.test and entry.summary, entry.name
