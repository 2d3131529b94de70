"""Build dfc_plugin/conformance/rules_index.json from ../shared: the rule numbers and the
ruling ids the conformance suite must cover (facts only: numbers, ids, dates, cards).

Run from the repository root: ``python tools/build_rules_index.py``. The index ships in
the wheel, so a conformance run needs no ../shared; rerun this when ../shared changes.

Ruling ids: ``<file stem>#<n>``, the n-th ruling of a file: a ``- [YYYY-MM-DD] ...`` bullet
in a per-card file, a top-level ``* ...`` bullet after the first heading of a release-notes
file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUT = ROOT / "dfc_plugin" / "conformance" / "rules_index.json"

#: Rule sections of dfc-rules.txt the suite covers, and the prefix of their numbers.
SECTIONS = {
    "712": r"712\.\d+[a-z]?",
    "701.27": r"701\.27[a-z]",
    "701.28": r"701\.28[a-z]",
    "701.42": r"701\.42[a-z]",
    "202.3": r"202\.3[bc]",
    "707.8": r"707\.8a",
    "903.4": r"903\.4d?",
}


def rule_numbers(text: str, pattern: str) -> list[str]:
    found = re.findall(rf"^({pattern})[. ]", text, re.MULTILINE)
    return list(dict.fromkeys(found))


def seed_rules(prefix: str) -> list[str]:
    seed = next((SHARED / "seeds").glob(f"{prefix}_*.txt"))
    return list(
        dict.fromkeys(re.findall(r"^(\d{3}\.\d+[a-z]?)[. ]", seed.read_text(encoding="utf-8"), re.MULTILINE))
    )


def seed_rulings() -> list[dict[str, str]]:
    seed = next((SHARED / "seeds").glob("003_*.txt"))
    paragraphs = [p.strip() for p in seed.read_text(encoding="utf-8").split("\n\n") if p.strip()]
    return [{"id": f"spider-man-2025#{i}", "text": p} for i, p in enumerate(paragraphs, 1) if p != "Search"]


def file_rulings(path: Path) -> list[dict[str, str]]:
    text = path.read_text(encoding="utf-8")
    if path.stem.startswith("release-notes"):
        body = text.split("\n## ", 1)[1] if "\n## " in text else text
        bullets = re.findall(r"^\* (.+)$", body, re.MULTILINE)
        return [{"id": f"{path.stem}#{i}", "text": b.strip()} for i, b in enumerate(bullets, 1)]
    bullets = re.findall(r"^- \[(\d{4}-\d{2}-\d{2})\] (.+)$", text, re.MULTILINE)
    return [{"id": f"{path.stem}#{i}", "date": d, "text": b.strip()} for i, (d, b) in enumerate(bullets, 1)]


def main() -> None:
    dfc = (SHARED / "rules" / "dfc-rules.txt").read_text(encoding="utf-8")
    index = {
        "sections": {name: rule_numbers(dfc, pattern) for name, pattern in SECTIONS.items()},
        "seeds": {"000": seed_rules("000"), "002": seed_rules("002")},
        "rulings": {
            "spider-man-2025": seed_rulings(),
            **{
                p.stem: file_rulings(p)
                for p in sorted((SHARED / "rulings").glob("*.md"))
                if p.stem != "README"
            },
        },
    }
    OUT.write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = {k: len(v) for k, v in index["rulings"].items()}
    print(f"wrote {OUT}: sections {[(k, len(v)) for k, v in index['sections'].items()]}, rulings {counts}")


if __name__ == "__main__":
    main()
