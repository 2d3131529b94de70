"""Golden parameter maps and costs of real ability lines: one line per API, from our own
``cardscripts/`` (written here from the cards' Oracle text, so the lines may be kept in
the golden file). Rewrite ``tests/golden/ability_lines.json`` after a deliberate change
with ``python tests/golden_abilities.py`` and review the diff."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dfc_plugin.cards import ForgeCost  # noqa: E402
from dfc_plugin.script.parser import parse_param_map, parse_value  # noqa: E402

CARDSCRIPTS = ROOT / "cardscripts"
GOLDEN_FILE = ROOT / "tests" / "golden" / "ability_lines.json"
_LEADS = ("AB", "SP", "DB")


def ability_body(line: str) -> tuple[str, str] | None:
    """The kind and parameter-map text of an ability line or ability SVar, else None."""
    key, colon, value = line.partition(":")
    if not colon:
        return None
    if key == "SVar":
        _, colon, value = value.partition(":")
        if not colon:
            return None
    elif key not in ("A", "T", "S", "R"):
        return None
    lead = value.split("|", 1)[0].partition("$")
    if not lead[1] or (key in ("A", "SVar") and lead[0].strip() not in _LEADS):
        return None
    return key, value.strip()


def select() -> list[tuple[str, str, str]]:
    """(source, kind, text): the first line of each API (and trigger, static and
    replacement mode), and of each Cost$ value, in the bundled scripts, in file order."""
    seen: set[tuple[str, str]] = set()
    found = []
    for path in sorted(CARDSCRIPTS.rglob("*.txt")):
        lines = path.read_text(encoding="utf-8").replace("\r\n", "\n").split("\n")
        for number, line in enumerate(lines, 1):
            body = ability_body(line)
            if body is None:
                continue
            kind, text = body
            params = parse_param_map(text)
            name = (kind if kind in ("T", "S", "R") else "ability", params.api)
            cost = ("cost", params.get("Cost") or "")
            if name not in seen or (cost[1] and cost not in seen):
                seen.update((name, cost))
                found.append((f"{path.relative_to(ROOT).as_posix()}:{number}", kind, text))
    return found


def cost_json(cost: ForgeCost) -> dict[str, Any]:
    return {
        "mana": cost.mana.text if cost.mana else None,
        "tap": cost.tap,
        "untap": cost.untap,
        "parts": list(cost.parts),
    }


def golden_entry(source: str, kind: str, text: str) -> dict[str, Any]:
    params = parse_param_map(text)
    cost = params.get("Cost")
    return {
        "source": source,
        "kind": kind,
        "text": text,
        "params": [[p.key, p.value] for p in params],
        "cost": cost_json(parse_value("cost", cost)) if cost else None,
    }


def main() -> None:
    entries = [golden_entry(*line) for line in select()]
    GOLDEN_FILE.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(entries)} ability lines to {GOLDEN_FILE}")


if __name__ == "__main__":
    main()
