"""The whole Forge corpus in ../shared/corpus reads with no error (18,323 files).

Skipped, with the reason, where ../shared is absent; a failure under DFC_PLUGIN_REQUIRE_SHARED=1."""

from __future__ import annotations

import io
import json
from pathlib import Path

from dfc_plugin.cli import main


def test_whole_corpus_checks_clean(forge_2020: Path, forge_current: Path) -> None:
    out = io.StringIO()
    code = main(["check", "--json", str(forge_2020), str(forge_current)], out)
    data = json.loads(out.getvalue())
    assert data["errors"] == []
    assert data["files"] == 18_323
    assert code == 0
    assert data["layouts"]["transform"] == 104 + 14
    assert data["layouts"]["meld"] == 6 + 7
    assert data["layouts"]["modal_dfc"] == 7
    assert data["layouts"]["double_faced_token"] == 1
