"""Rewrite tests/golden/*.json from the current code (run after a deliberate change and
review the diff): ``python tests/regen_golden.py``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden_cases import CASES, GOLDEN, golden_json, golden_path, library_for

from dfc_plugin.script.library import Library


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    libraries: dict[str, Library] = {}
    for label, folder, name in CASES:
        base = library_for(folder)
        library = libraries.setdefault(folder, Library.load([base], use_cache=False))
        data = golden_json(library, name, base)
        golden_path(label, name).write_text(
            json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    print(f"wrote {len(CASES)} golden files")


if __name__ == "__main__":
    main()
