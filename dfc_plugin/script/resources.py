"""Where the grammar and the bundled card scripts live.

In an installed wheel they sit inside the package (``dfc_plugin/_data/``); in a source
checkout they sit at the top of the repository (``grammar/``, ``cardscripts/``). Both are
found the same way, so tests, the CLI and a host engine never hard-code a path.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _find(name: str) -> Path:
    installed = _PACKAGE_DIR / "_data" / name
    if installed.exists():
        return installed
    checkout = _PACKAGE_DIR.parent / name
    if checkout.exists():
        return checkout
    raise FileNotFoundError(
        f"dfc-plugin data folder {name!r} is missing (looked in {installed} and {checkout})"
    )


@cache
def grammar_path() -> Path:
    """The Forge card-script grammar, ``cardscript.lark``."""
    return _find("grammar") / "cardscript.lark"


@cache
def bundled_cardscripts() -> Path:
    """The folder of the card scripts that ship with dfc-plugin."""
    return _find("cardscripts")
