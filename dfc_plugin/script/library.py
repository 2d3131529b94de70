"""A library of card scripts: folders read into an index of every face name.

``Library.load(paths)`` reads every ``*.txt`` under each folder (or the files named),
through the content-keyed cache (:mod:`dfc_plugin.script.cache`), and indexes each card
under every face name, a meld card's melded face included. Cards are decoded from the
cache only when looked up. Cross-file checks run on every load: a meld card's partner
exists and names it back, and exactly one card of the pair carries the melded face.

Several folders form a search path: a card in a later folder replaces a card of the same
name in an earlier one (a warning says so); two cards of the same name in one folder
are an error.
"""

from __future__ import annotations

import difflib
import os
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from dfc_plugin.cards import CardDef, Face, Layout
from dfc_plugin.errors import CacheError, CardNotFoundError, CardScriptError, LibraryError
from dfc_plugin.script.build import read_script
from dfc_plugin.script.cache import (
    CardSummary,
    Pack,
    PackEntry,
    PackRecord,
    default_cache_dir,
    digest,
    write_pack,
)

__all__ = ["Library", "LoadedFile", "script_files"]


def script_files(root: Path | str) -> tuple[list[str], list[str]]:
    """Card scripts under ``root`` (``*.txt``, recursively, in a stable order), and the
    other files found there (reported, not read). Paths are strings joined to ``root``
    as given."""
    scripts: list[str] = []
    others: list[str] = []
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError as error:
            raise LibraryError(f"cannot read folder {folder}: {error.strerror}") from None
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                stack.append(entry.path)
            elif entry.name.endswith(".txt"):
                scripts.append(entry.path)
            elif not entry.name.startswith("."):
                others.append(entry.path)
    return sorted(scripts), sorted(others)


def _normal(name: str) -> str:
    """A forgiving key for look-ups: case, accents and curly apostrophes ignored."""
    text = unicodedata.normalize("NFKD", name.replace("’", "'"))
    return text.encode("ascii", "ignore").decode().casefold().strip()


@dataclass(eq=False, slots=True)
class LoadedFile:
    """One script file as loaded: its summary and diagnostics, and its card on demand
    (decoded from the cache the first time it is asked for)."""

    path: str
    root: int
    summary: CardSummary | None
    errors: tuple[CardScriptError, ...] = ()
    warnings: tuple[CardScriptError, ...] = ()
    loaded: CardDef | None = None
    pack: Pack | None = None
    row: int = -1

    def card(self) -> CardDef | None:
        if self.loaded is None and self.pack is not None:
            self.loaded = _decode(self.pack, self.row, self.path)
            self.pack = None
        return self.loaded


@dataclass
class _RootLoad:
    """The state of loading one folder: its pack, and what was read or reused."""

    root: str
    index: int
    pack: Pack | None
    cache_warnings: list[str]
    records: list[PackRecord] = field(default_factory=list)
    changed: bool = False


class Library:
    """Card scripts indexed by every face name. Build one with :meth:`load`."""

    def __init__(
        self,
        files: list[LoadedFile],
        skipped: list[str] | None = None,
        fallback: Library | None = None,
        cache_warnings: list[str] | None = None,
    ) -> None:
        self.files = files
        self.skipped = skipped or []
        self.fallback = fallback
        #: Problems with the cache (a damaged pack, a folder that cannot be written).
        self.cache_warnings = cache_warnings or []
        self.warnings: list[CardScriptError] = [w for f in files for w in f.warnings]
        self.errors: list[CardScriptError] = [e for f in files for e in f.errors]
        self._by_name: dict[str, LoadedFile] = {}
        self._normal_names: dict[str, str] | None = None
        self._index()
        self._check_meld_pairs()

    # ---- loading
    @classmethod
    def load(
        cls,
        paths: Sequence[str | Path],
        *,
        cache_dir: Path | None = None,
        use_cache: bool = True,
        fallback: Library | None = None,
    ) -> Library:
        """Read folders and files of scripts. A path that does not exist raises
        :class:`LibraryError`; problems inside scripts are collected, never raised."""
        cache_root = (cache_dir or default_cache_dir()) if use_cache else None
        files: list[LoadedFile] = []
        skipped: list[str] = []
        cache_warnings: list[str] = []
        for index, raw in enumerate(paths):
            path = Path(raw)
            if not path.exists():
                raise LibraryError(f"{raw}: no such file or folder")
            if path.is_dir():
                scripts, others = script_files(path)
                skipped += others
                files += _load_folder(path, index, scripts, cache_root, cache_warnings)
            else:
                files.append(_load_single(path, index))
        return cls(files, skipped, fallback, cache_warnings)

    # ---- the index
    def _index(self) -> None:
        for loaded in self.files:
            summary = loaded.summary
            if summary is None:
                continue
            for name, line in zip(summary.names, summary.name_lines, strict=True):
                self._add_name(name, line, loaded)

    def _add_name(self, name: str, line: int, loaded: LoadedFile) -> None:
        earlier = self._by_name.get(name)
        if earlier is not None and earlier is not loaded:
            if earlier.root == loaded.root:
                self.errors.append(
                    CardScriptError(
                        f"two cards have a face named {name!r} (the other is {earlier.path})",
                        path=loaded.path,
                        line=line,
                        column=1,
                        hint="every face name in a library must be unique",
                    )
                )
                return
            self.warnings.append(
                CardScriptError(
                    f"replaces the card with a face named {name!r} in {earlier.path}",
                    path=loaded.path,
                    line=line,
                    column=1,
                )
            )
        self._by_name[name] = loaded

    def _check_meld_pairs(self) -> None:
        for loaded in dict.fromkeys(self._by_name.values()):
            summary = loaded.summary
            if summary is None or summary.layout != Layout.MELD.value or summary.meld_partner is None:
                continue
            if self._by_name.get(summary.names[0]) is not loaded:
                continue
            self._check_partner(loaded, summary)

    def _check_partner(self, loaded: LoadedFile, summary: CardSummary) -> None:
        partner_name = summary.meld_partner or ""
        partner = self._summary(partner_name)

        def error(message: str, hint: str = "") -> None:
            self.errors.append(
                CardScriptError(message, path=loaded.path, line=summary.meld_line, column=1, hint=hint)
            )

        if partner is None:
            error(f"meld partner {partner_name!r} is not in the library", "add its script, or fix the name")
        elif partner.layout != Layout.MELD.value or partner.meld_partner != summary.names[0]:
            error(
                f"meld partner {partner_name!r} does not name {summary.names[0]!r} as its MeldPair",
                "both cards of a meld pair have AlternateMode:Meld and MeldPair:<the other>",
            )
        elif (summary.melded_face is None) == (partner.melded_face is None) and summary.names[
            0
        ] < partner_name:
            which = "both" if summary.melded_face else "neither"
            error(
                f"{which} of {summary.names[0]!r} and {partner_name!r} carry the melded face",
                "exactly one card of a meld pair has an ALTERNATE block with the melded face",
            )

    def _summary(self, name: str) -> CardSummary | None:
        loaded = self._by_name.get(name)
        if loaded is not None:
            return loaded.summary
        if self.fallback is not None:
            return self.fallback._summary(name)
        return None

    # ---- look-ups
    def find(self, name: str) -> CardDef | None:
        """The card with a face of this name (exact, else ignoring case and accents)."""
        loaded = self._by_name.get(name)
        if loaded is None:
            if self._normal_names is None:
                self._normal_names = {}
                for known in self._by_name:
                    self._normal_names.setdefault(_normal(known), known)
            exact = self._normal_names.get(_normal(name))
            loaded = self._by_name.get(exact) if exact else None
        if loaded is None:
            return self.fallback.find(name) if self.fallback else None
        return loaded.card()

    def get(self, name: str) -> CardDef:
        """Like :meth:`find`, but raises :class:`CardNotFoundError` with suggestions."""
        card = self.find(name)
        if card is None:
            close = difflib.get_close_matches(name, list(self._by_name), n=3, cutoff=0.6)
            raise CardNotFoundError(name, tuple(close))
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def cards(self) -> Iterator[CardDef]:
        """Every card that was read without errors, in file order."""
        for loaded in self.files:
            if loaded.summary is not None:
                card = loaded.card()
                if card is not None:
                    yield card

    def __len__(self) -> int:
        return sum(1 for loaded in self.files if loaded.summary is not None)

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def layouts(self) -> dict[str, int]:
        counts = Counter(f.summary.layout for f in self.files if f.summary is not None)
        return dict(sorted(counts.items()))

    def face_count(self) -> int:
        return sum(len(f.summary.names) for f in self.files if f.summary is not None)

    def partner(self, card: CardDef) -> CardDef | None:
        """The other card of a meld pair."""
        meld = card.dfc.meld
        return self.find(meld.partner) if meld else None

    def melded_face(self, card: CardDef) -> Face | None:
        """The melded face of a meld card, whichever card of the pair carries it."""
        meld = card.dfc.meld
        if meld is None:
            return None
        if meld.carries_melded_face:
            return card.back
        partner = self.partner(card)
        return (
            partner.back
            if partner is not None and partner.dfc.meld and partner.dfc.meld.carries_melded_face
            else None
        )


# --------------------------------------------------------------------------- loading


def _is_token_path(path: str) -> bool:
    return "tokenscripts" in Path(path).parts


def _load_single(path: Path, root: int) -> LoadedFile:
    try:
        data = path.read_bytes()
    except OSError as error:
        return _unreadable(str(path), root, error)
    result = read_script(data, str(path), is_token=_is_token_path(str(path)))
    card = result.card
    return LoadedFile(
        str(path), root, CardSummary.of(card) if card else None, result.errors, result.warnings, card
    )


def _unreadable(path: str, root: int, error: OSError) -> LoadedFile:
    problem = CardScriptError(f"cannot read file: {error.strerror}", path=path, line=1, column=1)
    return LoadedFile(path, root, None, (problem,), ())


def _open_pack(cache_root: Path | None, root: Path, cache_warnings: list[str]) -> Pack | None:
    if cache_root is None:
        return None
    try:
        return Pack.read(cache_root, root)
    except CacheError as error:
        cache_warnings.append(f"{error}; reading the scripts again")
        return Pack.empty(cache_root, root)


def _load_folder(
    root: Path, index: int, scripts: list[str], cache_root: Path | None, cache_warnings: list[str]
) -> list[LoadedFile]:
    resolved = root.resolve()
    state = _RootLoad(str(root), index, _open_pack(cache_root, resolved, cache_warnings), cache_warnings)
    loaded = [_load_file(state, path) for path in scripts]
    pack = state.pack
    if pack is not None and (state.changed or len(pack) != len(state.records)):
        try:
            write_pack(pack.path, resolved, state.records, pack)
        except OSError as error:
            cache_warnings.append(f"cannot write cache {pack.path}: {error.strerror}")
    return loaded


def _load_file(state: _RootLoad, path: str) -> LoadedFile:
    rel = path[len(state.root) + 1 :].replace(os.sep, "/")
    pack = state.pack
    try:
        stat = os.stat(path)
        row = pack.fresh(rel, stat) if pack is not None else None
        if row is not None:
            reused = _reuse(state, row, path)
            if reused is not None:
                state.records.append(row)
                return reused
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        return _unreadable(path, state.index, error)
    content = digest(data)
    row = pack.with_digest(content) if pack is not None else None
    if row is not None:
        reused = _reuse(state, row, path)
        if reused is not None:
            assert pack is not None
            state.changed = True
            state.records.append(
                (pack.entry(row, rel=rel, size=stat.st_size, mtime_ns=stat.st_mtime_ns), None)
            )
            return reused
    result = read_script(data, path, is_token=_is_token_path(path))
    card = result.card
    summary = CardSummary.of(card) if card else None
    entry = PackEntry(rel, stat.st_size, stat.st_mtime_ns, content, summary, result.errors, result.warnings)
    state.records.append((entry, card))
    state.changed = True
    return LoadedFile(path, state.index, summary, result.errors, result.warnings, card)


def _reuse(state: _RootLoad, row: int, path: str) -> LoadedFile | None:
    """A file's record from the cache; ``None`` (read the script) if the row is damaged."""
    pack = state.pack
    assert pack is not None
    try:
        summary = pack.summary(row)
        errors, warnings = pack.diagnostics(row, path)
    except CacheError as error:
        state.cache_warnings.append(f"{error}; reading {path} again")
        state.changed = True
        return None
    if summary is None:
        return LoadedFile(path, state.index, None, errors, warnings)
    return LoadedFile(path, state.index, summary, errors, warnings, None, pack, row)


def _decode(pack: Pack, row: int, path: str) -> CardDef | None:
    """A cached card; if its cache entry is damaged, the script read again."""
    try:
        card = pack.card(row)
    except CacheError:
        with open(path, "rb") as handle:
            return read_script(handle.read(), path, is_token=_is_token_path(path)).card
    return card if card.path == path else replace(card, path=path)


def _relocated(error: CardScriptError, path: str) -> CardScriptError:
    if error.path == path:
        return error
    moved = CardScriptError(error.message, path=path, line=error.line, column=error.column, hint=error.hint)
    moved.source_line, moved.source_start = error.source_line, error.source_start
    return moved
