"""Helpers the tests share: where the Forge corpus is, and how to need it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
FORGE_2020 = CORPUS / "forge-2020" / "cardsfolder"
FORGE_CURRENT = CORPUS / "forge-current"


def need_shared(path: Path) -> Path:
    """Skip a test whose input lives in ../shared (third-party data beside the
    repository, not part of it), with the reason. With DFC_PLUGIN_REQUIRE_SHARED=1 its
    absence is a failure instead: set it where ../shared must be there, so that a moved
    folder cannot turn the corpus tests into silent skips."""
    if not path.exists():
        if os.environ.get("DFC_PLUGIN_REQUIRE_SHARED") == "1":
            pytest.fail(f"{path} is missing and DFC_PLUGIN_REQUIRE_SHARED=1")
        pytest.skip(f"{path} is not here (it is third-party data outside this repository)")
    return path
