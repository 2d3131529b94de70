"""A host type-checks against the package as installed here: ``mypy --strict`` passes on
a correct host and flags each call with a wrong argument type (the rule points are typed
attributes, and the package ships ``py.typed``). ``tools/typed_host_check.py`` does the
same against the built wheel in a fresh venv outside the checkout."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import mypy.api
from helpers import ROOT


def the_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("typed_host_check", ROOT / "tools" / "typed_host_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def strict(host: Path) -> tuple[str, int]:
    out, _, status = mypy.api.run(["--strict", "--cache-dir", str(host.parent / ".mypy"), str(host)])
    return out, status


def test_mypy_strict_passes_a_host_and_flags_wrong_argument_types(tmp_path: Path) -> None:
    tool = the_tool()
    host = tmp_path / "host.py"
    host.write_text(tool.HOST, encoding="utf-8")
    out, status = strict(host)
    assert status == 0, out
    lines = tool.HOST.splitlines()
    for number, text in tool.WRONG.items():
        lines[number - 1] = text
    host.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, status = strict(host)
    assert status == 1 and tool.flagged_lines(out, host) == set(tool.WRONG), out
    assert out.count("[arg-type]") == 3
