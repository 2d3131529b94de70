"""Which scripts the golden tests read, and how a card becomes its golden JSON.

Shared by ``test_golden.py`` and ``regen_golden.py`` (which rewrites the expected files
after a deliberate change; review the diff before committing it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dfc_plugin.script.library import Library
from dfc_plugin.script.present import card_json

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
ROOT = HERE.parent
CORPUS = ROOT.parent / "shared" / "corpus"

#: (label, library folder, card name). Library folders are relative to the corpus or,
#: for "ours", to the repository's cardscripts/.
CASES: list[tuple[str, str, str]] = [
    # forge-current: every DFC layout and record kind
    ("current", "forge-current", "Delver of Secrets"),
    ("current", "forge-current", "Huntmaster of the Fells"),
    ("current", "forge-current", "Legion's Landing"),
    ("current", "forge-current", "Search for Azcanta"),
    ("current", "forge-current", "Golden Guardian"),
    ("current", "forge-current", "Ajani, Nacatl Pariah"),
    ("current", "forge-current", "Arlinn, the Pack's Hope"),
    ("current", "forge-current", "Brutal Cathar"),
    ("current", "forge-current", "Beloved Beggar"),
    ("current", "forge-current", "Baithook Angler"),
    ("current", "forge-current", "Tithing Blade"),
    ("current", "forge-current", "Fable of the Mirror-Breaker"),
    ("current", "forge-current", "Boseiju Reaches Skyward"),
    ("current", "forge-current", "The Restoration of Eiganjo"),
    ("current", "forge-current", "Shatterskull Smashing"),
    ("current", "forge-current", "Emeria's Call"),
    ("current", "forge-current", "Agadeem's Awakening"),
    ("current", "forge-current", "Sejiri Shelter"),
    ("current", "forge-current", "Valki, God of Lies"),
    ("current", "forge-current", "Esika, God of the Tree"),
    ("current", "forge-current", "Brightclimb Pathway"),
    ("current", "forge-current", "Gisela, the Broken Blade"),
    ("current", "forge-current", "Bruna, the Fading Light"),
    ("current", "forge-current", "Graf Rats"),
    ("current", "forge-current", "Midnight Scavengers"),
    ("current", "forge-current", "Hanweir Battlements"),
    ("current", "forge-current", "Hanweir Garrison"),
    ("current", "forge-current", "Incubator"),
    # forge-2020: the other layouts and older spellings
    ("2020", "forge-2020/cardsfolder", "Alive"),
    ("2020", "forge-2020/cardsfolder", "Akki Lavarunner"),
    ("2020", "forge-2020/cardsfolder", "Afflicted Deserter"),
    ("2020", "forge-2020/cardsfolder", "Accursed Witch"),
    ("2020", "forge-2020/cardsfolder", "Chandra, Fire of Kaladesh"),
    ("2020", "forge-2020/cardsfolder", "Conqueror's Galleon"),
    ("2020", "forge-2020/cardsfolder", "Ajani, Adversary of Tyrants"),
    ("2020", "forge-2020/cardsfolder", "Reaper King"),
]


def golden_path(label: str, name: str) -> Path:
    slug = "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_")
    return GOLDEN / f"{label}__{slug}.json"


def library_for(folder: str) -> Path:
    if folder == "ours":
        return ROOT / "cardscripts"
    return CORPUS / folder


def golden_json(library: Library, name: str, base: Path) -> dict[str, Any]:
    """The card's ``show --json`` object, with its path made relative to ``base``."""
    data = card_json(library.get(name), library)
    data["source"]["path"] = Path(data["source"]["path"]).relative_to(base).as_posix()
    normalized: dict[str, Any] = json.loads(json.dumps(data))
    return normalized
