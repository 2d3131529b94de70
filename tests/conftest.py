"""Shared fixtures: the Forge corpus folders, a script writer, a recorder of the scripts
the library parses, a private cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import FORGE_2020, FORGE_CURRENT, need_shared

from dfc_plugin.script import build

pytest_plugins = ["pytester"]


@pytest.fixture(scope="session")
def forge_2020() -> Path:
    return need_shared(FORGE_2020)


@pytest.fixture(scope="session")
def forge_current() -> Path:
    return need_shared(FORGE_CURRENT)


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write a script under tmp_path/scripts and return its path."""

    def _write(name: str, content: str | bytes) -> Path:
        path = tmp_path / "scripts" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8", newline="")
        else:
            path.write_bytes(content)
        return path

    return _write


@pytest.fixture
def scripts_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the scripts the library parses from now on (the real parser runs)."""
    paths: list[str] = []
    real = build.read_script

    def recording(data: bytes, path: str, **options: bool) -> build.ScriptResult:
        paths.append(path)
        return real(data, path, **options)

    monkeypatch.setattr(build, "read_script", recording)
    return paths


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own cache folder, so no test sees another's cache."""
    monkeypatch.setenv("DFC_PLUGIN_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
