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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dfc_plugin.cards import CardDef, Face, Layout
from dfc_plugin.errors import CacheError, CardNotFoundError, CardScriptError, LibraryError
from dfc_plugin.script.build import read_script
from dfc_plugin.script.cache import CardSummary, Pack, PackEntry, default_cache_dir, digest, write_pack

__all__ = ["Library", "LoadedFile", "script_files"]


def script_files(root: Path) -> tuple[list[Path], list[Path]]:
    """Card scripts under ``root`` (``*.txt``, recursively, in a stable order), and the
    other files found there (reported, not read)."""
    scripts: list[Path] = []
    others: list[Path] = []
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as error:
            raise LibraryError(f"cannot read folder {folder}: {error.strerror}") from None
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            elif entry.name.endswith(".txt"):
                scripts.append(Path(entry.path))
            elif not entry.name.startswith("."):
                others.append(Path(entry.path))
    return sorted(scripts), sorted(others)


def _normal(name: str) -> str:
    """A forgiving key for look-ups: case, accents and curly apostrophes ignored."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return text.replace("’", "'").casefold().strip()


@dataclass(eq=False)
class LoadedFile:
    """One script file as loaded: its summary and diagnostics, and its card on demand."""

    path: str
    root: int
    summary: CardSummary | None
    errors: tuple[CardScriptError, ...]
    warnings: tuple[CardScriptError, ...]
    _card: CardDef | None = None
    _loader: Callable[[], CardDef | None] | None = None

    def card(self) -> CardDef | None:
        if self._card is None and self._loader is not None:
            self._card = self._loader()
            self._loader = None
        return self._card


@dataclass
class _RootLoad:
    """The state of loading one folder: its pack, and what was read or reused."""

    root: Path
    resolved: Path
    index: int
    pack: Pack | None
    records: list[tuple[PackEntry, CardDef | None, bytes | None]] = field(default_factory=list)
    changed: bool = False


class Library:
    """Card scripts indexed by every face name. Build one with :meth:`load`."""

    def __init__(
        self,
        files: list[LoadedFile],
        skipped: list[Path] | None = None,
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
        self._by_normal: dict[str, str] = {}
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
        skipped: list[Path] = []
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
        self._by_normal.setdefault(_normal(name), name)

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
            exact = self._by_normal.get(_normal(name))
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


def _is_token_path(path: Path) -> bool:
    return "tokenscripts" in path.parts


def _load_single(path: Path, root: int) -> LoadedFile:
    try:
        data = path.read_bytes()
    except OSError as error:
        return _unreadable(str(path), root, error)
    result = read_script(data, str(path), is_token=_is_token_path(path))
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
    root: Path, index: int, scripts: list[Path], cache_root: Path | None, cache_warnings: list[str]
) -> list[LoadedFile]:
    resolved = root.resolve()
    state = _RootLoad(root, resolved, index, _open_pack(cache_root, resolved, cache_warnings))
    loaded = [_load_file(state, path) for path in scripts]
    pack = state.pack
    if pack is not None and (state.changed or len(pack.by_rel) != len(state.records)):
        try:
            write_pack(pack.path, resolved, state.records)
        except OSError as error:
            cache_warnings.append(f"cannot write cache {pack.path}: {error.strerror}")
    return loaded


def _load_file(state: _RootLoad, path: Path) -> LoadedFile:
    rel = path.relative_to(state.root).as_posix()
    shown = str(path)
    try:
        stat = path.stat()
        entry = state.pack.fresh(rel, stat) if state.pack is not None else None
        if entry is not None:
            return _reuse(state, entry, shown)
        data = path.read_bytes()
    except OSError as error:
        return _unreadable(shown, state.index, error)
    content = digest(data)
    known = state.pack.by_digest.get(content) if state.pack is not None else None
    if known is not None:
        moved = PackEntry(
            rel,
            stat.st_size,
            stat.st_mtime_ns,
            content,
            known.summary,
            known.errors,
            known.warnings,
            known.offset,
            known.length,
        )
        state.changed = True
        return _reuse(state, moved, shown)
    result = read_script(data, shown, is_token=_is_token_path(path))
    card = result.card
    summary = CardSummary.of(card) if card else None
    entry = PackEntry(rel, stat.st_size, stat.st_mtime_ns, content, summary, result.errors, result.warnings)
    state.records.append((entry, card, None))
    state.changed = True
    return LoadedFile(shown, state.index, summary, result.errors, result.warnings, card)


def _reuse(state: _RootLoad, entry: PackEntry, shown: str) -> LoadedFile:
    pack = state.pack
    assert pack is not None
    blob = pack.body[entry.offset : entry.offset + entry.length] if entry.offset >= 0 else None
    state.records.append((entry, None, blob))
    errors = tuple(_relocated(e, shown) for e in entry.errors)
    warnings = tuple(_relocated(w, shown) for w in entry.warnings)

    def load() -> CardDef | None:
        if entry.summary is None:
            return None
        try:
            card = pack.card(entry)
        except CacheError:
            result = read_script(Path(shown).read_bytes(), shown, is_token=_is_token_path(Path(shown)))
            return result.card
        return card if card.path == shown else _with_path(card, shown)

    return LoadedFile(shown, state.index, entry.summary, errors, warnings, None, load)


def _relocated(error: CardScriptError, path: str) -> CardScriptError:
    if error.path == path:
        return error
    moved = CardScriptError(error.message, path=path, line=error.line, column=error.column, hint=error.hint)
    moved.source_line, moved.source_start = error.source_line, error.source_start
    return moved


def _with_path(card: CardDef, path: str) -> CardDef:
    from dataclasses import replace

    return replace(card, path=path)
