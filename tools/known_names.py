"""Write ``dfc_plugin/script/known_names.json``: the names Forge's ability language uses.

Run: ``python tools/known_names.py [CORPUS]`` (default ``../shared/corpus``). It reads
every card script under the corpus, and our own ``cardscripts/`` (written for newer
cards, with names such as ``Incubate`` that the 2020 corpus predates), and records, as
facts, each name that occurs there: the API of every ``AB$``/``SP$``/``DB$`` ability,
every trigger ``Mode$``, static ``Mode$`` and replacement ``Event$``, and every ``K:``
keyword name. ``check`` warns
about a name outside these lists, with a did-you-mean. No line of the corpus is copied:
only the names, sorted.

Keyword names that carry their argument in the name (``Protection from red``,
``Enchant creature``) are also kept as *families*: a prefix shared by at least
:data:`FAMILY_SIZE` different names, so ``Protection from Humans`` is known too.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dfc_plugin.script.parser import parse_param_map, parse_svar  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "corpus"
OUT = ROOT / "dfc_plugin" / "script" / "known_names.json"
FAMILY_SIZE = 3
_ABILITY_LEADS = ("AB", "SP", "DB")


def _lines(corpus: Path) -> list[str]:
    found: list[str] = []
    for path in sorted([*corpus.rglob("*.txt"), *(ROOT / "cardscripts").rglob("*.txt")]):
        text = path.read_bytes().decode("utf-8", errors="replace")
        found += text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return found


def collect(corpus: Path) -> dict[str, list[str]]:
    names: dict[str, set[str]] = defaultdict(set)
    for line in _lines(corpus):
        key, colon, value = line.partition(":")
        if not colon:
            continue
        if key == "K":
            names["keywords"].add(value.split(":", 1)[0].strip())
            continue
        if key == "SVar":
            params = parse_svar(value)[2]
            kind = "A"
        elif key in ("A", "T", "S", "R"):
            params = parse_param_map(value)
            kind = key
        else:
            continue
        lead = params.lead if params is not None else None
        if lead is None or not lead.value:
            continue
        if lead.key in _ABILITY_LEADS:
            names["apis"].add(lead.value)
        elif lead.key == "Mode" and kind in ("T", "S"):
            names["triggers" if kind == "T" else "statics"].add(lead.value)
        elif lead.key == "Event" and kind == "R":
            names["replacements"].add(lead.value)
    names["keyword_families"] = _families(names["keywords"])
    return {kind: sorted(values) for kind, values in sorted(names.items())}


def _families(keywords: set[str]) -> set[str]:
    prefixes: dict[str, set[str]] = defaultdict(set)
    for name in keywords:
        words = name.split(" ")
        for end in range(1, len(words)):
            prefixes[" ".join(words[:end])].add(name)
    return {prefix for prefix, members in prefixes.items() if len(members) >= FAMILY_SIZE}


def main(argv: list[str]) -> None:
    corpus = Path(argv[0]) if argv else DEFAULT
    data = collect(corpus)
    data["source"] = ["every name in the Forge corpus and cardscripts/ (tools/known_names.py)"]
    OUT.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(", ".join(f"{len(v):,} {k}" for k, v in data.items() if k != "source"), "->", OUT)


if __name__ == "__main__":
    main(sys.argv[1:])
