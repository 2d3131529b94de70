"""Where the grammar and the bundled card scripts live, found through importlib.resources.

A wheel carries them inside the package, as ``dfc_plugin/_data/grammar`` and
``dfc_plugin/_data/cardscripts`` (hatchling's ``force-include``). A source checkout (and
an editable install of it) has no ``_data``: there they are the repository's top-level
``grammar/`` and ``cardscripts/``, beside the package. Both are found here, so tests, the
CLI and a host engine never hard-code a path.

Lark and the library read real files, so the package must be installed as files (not run
from a zip archive); anything else is a clear :class:`~dfc_plugin.errors.DfcError`.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from dfc_plugin.errors import DfcError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["bundled_cardscripts", "data_folder", "grammar_path", "package_path"]


def _as_path(place: Traversable) -> Path:
    if not isinstance(place, Path):
        raise DfcError(
            f"dfc-plugin's data ({place}) is not on the file system; install the package unzipped"
        )
    return place


@cache
def _package() -> Traversable:
    """The ``dfc_plugin`` package's folder. A package imported from a folder (as every
    install and checkout is) is that folder, which is what ``importlib.resources`` gives
    for it; only another kind of package (from a zip archive) needs ``importlib.resources``,
    whose import (``tempfile`` with it) is a tenth of a cached ``check``'s time."""
    spec = sys.modules["dfc_plugin"].__spec__
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    if len(places) == 1 and Path(places[0], "__init__.py").is_file():
        return Path(places[0])
    from importlib import resources

    return resources.files("dfc_plugin")


def package_path(*parts: str) -> Path:
    """A file or folder inside the installed ``dfc_plugin`` package (a module's data, such
    as the bundled scenarios or a driver's known gaps), as a real path."""
    return _as_path(_package().joinpath(*parts))


def data_folder(name: str) -> Path:
    """The data folder ``name`` (``grammar`` or ``cardscripts``) of the installed package,
    else of the source checkout the package was imported from."""
    package = _package()
    installed = package.joinpath("_data", name)
    if installed.is_dir():
        return _as_path(installed)
    checkout = _as_path(package).parent / name
    if checkout.is_dir():
        return checkout
    raise DfcError(f"dfc-plugin data folder {name!r} is missing (looked in {installed} and {checkout})")


@cache
def grammar_path() -> Path:
    """The Forge card-script grammar, ``cardscript.lark``."""
    return data_folder("grammar") / "cardscript.lark"


@cache
def bundled_cardscripts() -> Path:
    """The folder of the card scripts that ship with dfc-plugin."""
    return data_folder("cardscripts")
