"""Golden tests: real scripts against the JSON we expect of them (``show --json``), one per
layout and DFC record kind. After a deliberate change, run ``python tests/regen_golden.py``
and review the diff."""

from __future__ import annotations

import json

import pytest
from golden_cases import CASES, golden_json, golden_path, library_for
from helpers import need_shared

from dfc_plugin.script.library import Library

_LIBRARIES: dict[str, Library] = {}


@pytest.mark.parametrize(("label", "folder", "name"), CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_script_matches_golden_json(label: str, folder: str, name: str) -> None:
    base = need_shared(library_for(folder)) if folder != "ours" else library_for(folder)
    library = _LIBRARIES.get(folder)
    if library is None:
        library = _LIBRARIES[folder] = Library.load([base], use_cache=False)
    expected = json.loads(golden_path(label, name).read_text(encoding="utf-8"))
    assert golden_json(library, name, base) == expected


def test_goldens_cover_every_layout_and_record_kind() -> None:
    layouts: set[str] = set()
    records: set[str] = set()
    for label, _folder, name in CASES:
        data = json.loads(golden_path(label, name).read_text(encoding="utf-8"))
        layouts.add(data["layout"])
        records.update(kind for kind, value in data["dfc"].items() if value and kind != "faces")
    assert {"normal", "transform", "modal_dfc", "meld", "double_faced_token", "split", "flip"} <= layouts
    # Every DFC record kind but incubate (no golden card incubates; the bundled Incubator
    # cards are checked in test_library) is shown by at least one golden.
    assert records == {
        "transforms",
        "cast_back_face",
        "enters_transformed",
        "day_night",
        "craft",
        "meld",
        "modal_faces",
    }
    assert len(CASES) >= 30
