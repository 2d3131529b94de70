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
    """Skip a test whose input lives in ../shared, except under CI=true, where the
    workplace always provides it and its absence is a failure."""
    if not path.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{path} is missing under CI=true")
        pytest.skip(f"{path} is not here (it is third-party data outside this repository)")
    return path
