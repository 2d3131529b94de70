"""A library of card scripts: folders read into an index of every face name.

``Library.load(paths)`` reads every ``*.txt`` under each folder (or the files named),
through the content-keyed cache (:mod:`dfc_plugin.script.cache`), and indexes each card
under every face name, a meld card's melded face included. Cards are decoded from the
cache only when looked up. Cross-file checks run on every load, for cards with errors
too: a meld card's partner exists and names it back, and exactly one card of the pair
carries the melded face.

Only regular files of at most :data:`MAX_SCRIPT_BYTES` are read; a FIFO, a device, a
folder that cannot be listed or a file that cannot be read is one error naming that
path, and the rest is still read.

Several folders form a search path: a card in a later folder replaces a card of the same
name in an earlier one (a warning says so); two cards of the same name in one folder
are an error.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from dfc_plugin.errors import CacheError, CardNotFoundError, CardScriptError, LibraryError
from dfc_plugin.script.cache import (
    NewRow,
    Pack,
    SeenFile,
    default_cache_dir,
    digest,
    stat_key,
    write_pack,
)
from dfc_plugin.script.files import read_regular
from dfc_plugin.script.outline import CardOutline

if TYPE_CHECKING:
    from dfc_plugin.cards import CardDef, Face
    from dfc_plugin.script.build import ScriptResult
    from dfc_plugin.script.workers import Read

# A load served from the cache imports neither the card model (dfc_plugin.cards), nor the
# parser, nor the worker processes' module: a cached ``check`` of the corpus must take
# no longer than a plain read of its bytes (issue 11), and those imports alone took a
# quarter of that.

#: ``Layout.MELD.value`` (tests/test_library.py checks that they agree).
MELD_LAYOUT = "meld"

__all__ = ["MAX_SCRIPT_BYTES", "FolderListing", "Library", "LoadedFile", "script_files"]


class FolderListing(NamedTuple):
    """The card scripts under a folder, the other files there (reported, not read), and
    the folders that could not be listed (one error each)."""

    scripts: list[str]
    others: list[str]
    problems: list[CardScriptError]


def script_files(root: Path | str) -> FolderListing:
    """Card scripts under ``root`` (``*.txt``, recursively, in a stable order). Paths are
    strings joined to ``root`` as given; symlinked folders are not followed."""
    scripts: list[str] = []
    others: list[str] = []
    problems: list[CardScriptError] = []
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError as error:
            problems.append(_path_problem(folder, "folder", error, "unreadable-folder"))
            continue
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                stack.append(entry.path)
            elif entry.name.endswith(".txt"):
                scripts.append(entry.path)
            elif not entry.name.startswith("."):
                others.append(entry.path)
    return FolderListing(sorted(scripts), sorted(others), sorted(problems, key=lambda p: p.path))


def _normal(name: str) -> str:
    """A forgiving key for look-ups: case, accents and curly apostrophes ignored."""
    text = unicodedata.normalize("NFKD", name.replace("’", "'"))
    return text.encode("ascii", "ignore").decode().casefold().strip()


@dataclass(eq=False, slots=True)
class LoadedFile:
    """One script file as loaded: its outline and diagnostics, and its card on demand
    (decoded from the cache the first time it is asked for). ``outline`` is known for a
    card with errors too (for the cross-file checks); ``summary`` only without errors."""

    path: str
    root: int
    outline: CardOutline | None
    errors: tuple[CardScriptError, ...] = ()
    warnings: tuple[CardScriptError, ...] = ()
    loaded: CardDef | None = None
    pack: Pack | None = None
    row: int = -1
    #: A card read in a worker process: its JSON, or ``None`` (read it again).
    blob: bytes | None = None

    @property
    def summary(self) -> CardOutline | None:
        return None if self.errors else self.outline

    def card(self) -> CardDef | None:
        if self.errors:
            return None
        if self.loaded is None:
            if self.pack is not None:
                self.loaded = _decode(self.pack, self.row, self.path, self.outline)
                self.pack = None
            else:
                self.loaded = _from_blob(self.blob, self.path, self.outline)
                self.blob = None
        return self.loaded


@dataclass
class _RootLoad:
    """The state of loading one folder: its pack, and the rows to write back."""

    root: str
    index: int
    pack: Pack | None
    cache_warnings: list[str]
    #: A row read now, or the number of an old pack's row kept as it is.
    rows: dict[tuple[str, bool], NewRow | int] = field(default_factory=dict)
    seen: list[SeenFile] = field(default_factory=list)
    changed: bool = False


class Library:
    """Card scripts indexed by every face name. Build one with :meth:`load`."""

    def __init__(
        self,
        files: list[LoadedFile],
        skipped: list[str] | None = None,
        fallback: Library | Callable[[], Library] | None = None,
        cache_warnings: list[str] | None = None,
        path_errors: list[CardScriptError] | None = None,
    ) -> None:
        self.files = files
        self.skipped = skipped or []
        self._fallback = fallback
        #: Problems with the cache (a damaged pack, a folder that cannot be written); a
        #: pack whose cards turn out damaged when one is looked up adds to this list.
        self.cache_warnings = cache_warnings if cache_warnings is not None else []
        self.warnings: list[CardScriptError] = [w for f in files for w in f.warnings]
        self.errors: list[CardScriptError] = list(path_errors or []) + [e for f in files for e in f.errors]
        self._by_name: dict[str, LoadedFile] = {}
        self._outlines: dict[str, LoadedFile] = {}
        self._normal_names: dict[str, str] | None = None
        self._index()
        self._check_meld_pairs()
        self.errors.sort(key=_order)
        self.warnings.sort(key=_order)

    @property
    def fallback(self) -> Library | None:
        """The library a missing card or meld partner is looked for in; given as a
        function, it is loaded when first needed (``check`` reads the bundled scripts
        only when a meld partner is missing)."""
        if callable(self._fallback):
            self._fallback = self._fallback()
        return self._fallback

    # ---- loading
    @classmethod
    def load(
        cls,
        paths: Sequence[str | Path],
        *,
        cache_dir: Path | None = None,
        use_cache: bool = True,
        fallback: Library | Callable[[], Library] | None = None,
        keep_going: bool = False,
        workers: int | None = None,
    ) -> Library:
        """Read folders and files of scripts. A path that does not exist raises
        :class:`LibraryError`, or with ``keep_going`` is one error in
        :attr:`errors` (as ``check`` reports it); problems inside scripts are collected,
        never raised. ``workers``: how many processes read the scripts the cache does
        not have (default: one per core for a large folder; 1: this process only)."""
        cache_root = (cache_dir or default_cache_dir()) if use_cache else None
        files: list[LoadedFile] = []
        skipped: list[str] = []
        cache_warnings: list[str] = []
        path_errors: list[CardScriptError] = []
        for index, raw in enumerate(paths):
            path = Path(raw)
            problem = _path_error(path)
            if problem is not None:
                if not keep_going:
                    raise LibraryError(str(problem))
                path_errors.append(problem)
            elif path.is_dir():
                listing = script_files(path)
                skipped += listing.others
                path_errors += listing.problems
                files += _load_folder(path, index, listing.scripts, cache_root, cache_warnings, workers)
            else:
                files.append(_load_single(str(path), index))
        return cls(files, skipped, fallback, cache_warnings, path_errors)

    # ---- the index
    def _index(self) -> None:
        for loaded in self.files:
            outline = loaded.outline
            if outline is None:
                continue
            for name, line in zip(outline.names, outline.name_lines, strict=True):
                if loaded.errors:
                    self._outlines.setdefault(name, loaded)
                elif name in self._by_name:
                    self._add_name(name, line, loaded)
                else:  # (what _add_name does for a new name, without the call)
                    self._by_name[name] = self._outlines[name] = loaded

    def _add_name(self, name: str, line: int, loaded: LoadedFile) -> None:
        earlier = self._by_name.get(name)
        if earlier is not None and earlier is not loaded:
            if _is_token_path(earlier.path) and _is_token_path(loaded.path):
                return  # tokens share names (111.4); a TokenScript$ names the file
            if earlier.root == loaded.root:
                self.errors.append(
                    _at_line(
                        f"two cards have a face named {name!r} (the other is {earlier.path})",
                        loaded.path,
                        line,
                        f"Name:{name}",
                        "duplicate-name",
                        hint="every face name in a library must be unique",
                    )
                )
                return
            self.warnings.append(
                _at_line(
                    f"replaces the card with a face named {name!r} in {earlier.path}",
                    loaded.path,
                    line,
                    f"Name:{name}",
                    "replaces-card",
                    severity="warning",
                )
            )
        self._by_name[name] = loaded
        self._outlines[name] = loaded

    def _check_meld_pairs(self) -> None:
        for loaded in dict.fromkeys(self._outlines.values()):
            outline = loaded.outline
            if outline is None or outline.layout != MELD_LAYOUT or outline.meld_partner is None:
                continue
            if self._outlines.get(outline.names[0]) is not loaded:
                continue
            self._check_partner(loaded, outline)

    def _check_partner(self, loaded: LoadedFile, outline: CardOutline) -> None:
        partner_name = outline.meld_partner or ""
        partner, where = self._partner_outline(partner_name)
        source = f"MeldPair:{partner_name}"

        def report(message: str, hint: str = "", code: str = "", severity: str = "error") -> None:
            problem = _at_line(
                message, loaded.path, outline.meld_line, source, code, hint=hint, severity=severity
            )
            (self.errors if severity == "error" else self.warnings).append(problem)

        if partner is None:
            import difflib

            close = difflib.get_close_matches(partner_name, list(self._outlines), n=1, cutoff=0.75)
            hint = (
                f"did you mean {close[0]!r}?"
                if close
                else "add its script to the folders checked, or fix the name"
            )
            report(f"meld partner {partner_name!r} is not in the library", hint, "no-meld-partner")
            return
        if where is not None:
            report(
                f"meld partner {partner_name!r} was found only in the bundled scripts ({where})",
                "check the partner's folder together with this one",
                "partner-from-bundled",
                "warning",
            )
        if partner.layout != MELD_LAYOUT or partner.meld_partner != outline.names[0]:
            report(
                f"meld partner {partner_name!r} does not name {outline.names[0]!r} as its MeldPair",
                "both cards of a meld pair have AlternateMode:Meld and MeldPair:<the other>",
                "meld-partner-mismatch",
            )
        elif (outline.melded_face is None) == (partner.melded_face is None) and outline.names[
            0
        ] < partner_name:
            which = "both" if outline.melded_face else "neither"
            report(
                f"{which} of {outline.names[0]!r} and {partner_name!r} carry the melded face",
                "exactly one card of a meld pair has an ALTERNATE block with the melded face",
                "melded-face-count",
            )

    def _partner_outline(self, name: str) -> tuple[CardOutline | None, str | None]:
        """The partner's outline, and the fallback file it came from (``None`` if it is
        in this library itself)."""
        loaded = self._outlines.get(name)
        if loaded is not None:
            return loaded.outline, None
        fallback = self.fallback
        if fallback is not None:
            found = fallback._outlines.get(name)
            if found is not None:
                return found.outline, found.path
        return None, None

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
            import difflib

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
        return sum(1 for loaded in self.files if loaded.outline is not None and not loaded.errors)

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def layouts(self) -> dict[str, int]:
        counts = Counter(f.outline.layout for f in self.files if f.outline is not None and not f.errors)
        return dict(sorted(counts.items()))

    def face_count(self) -> int:
        return sum(len(f.outline.names) for f in self.files if f.outline is not None and not f.errors)

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


def _path_error(path: Path) -> CardScriptError | None:
    """Why a path given to :meth:`Library.load` cannot be read at all, if it cannot."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return CardScriptError(
            "no such file or folder", path=str(path), line=0, column=0, code="no-such-path"
        )
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return CardScriptError(
            f"cannot look at it: {reason}", path=str(path), line=0, column=0, code="unreadable-path"
        )
    return None


def _order(error: CardScriptError) -> tuple[str, int, int]:
    """File, then line order (as ``check`` prints them)."""
    return error.path, error.line, error.column


def _at_line(
    message: str, path: str, line: int, source: str, code: str, *, hint: str = "", severity: str = "error"
) -> CardScriptError:
    """A cross-file diagnostic at a ``Key:value`` line the outline knows the text of
    (``Name:<name>``, ``MeldPair:<partner>``): the caret is under the value."""
    key_end = source.index(":") + 1
    return CardScriptError(
        message,
        path=path,
        line=line,
        column=key_end + 1,
        source_line=source,
        hint=hint,
        severity=severity,
        code=code,
        end_column=len(source) + 1,
    )


# --------------------------------------------------------------------------- loading

#: The largest script file read (the longest real script is a few kilobytes).
MAX_SCRIPT_BYTES = 1024 * 1024


def _is_token_path(path: str) -> bool:
    return "tokenscripts" in path and "tokenscripts" in path.replace(os.sep, "/").split("/")


def _read_bytes(path: str) -> bytes:
    return read_regular(path, MAX_SCRIPT_BYTES)


def _path_problem(path: str, what: str, error: OSError, code: str) -> CardScriptError:
    reason = error.strerror or str(error)
    return CardScriptError(f"cannot read {what}: {reason}", path=path, line=0, column=0, code=code)


def _unreadable(path: str, root: int, error: OSError) -> LoadedFile:
    problem = _path_problem(path, "file", error, "unreadable-file")
    return LoadedFile(path, root, None, (problem,), ())


def _load_single(path: str, root: int) -> LoadedFile:
    try:
        data = _read_bytes(path)
    except OSError as error:
        return _unreadable(path, root, error)
    return _from_result(_read_script(data, path, _is_token_path(path)), root)


def _read_script(data: bytes, path: str, is_token: bool) -> ScriptResult:
    """Read a script (the parser is imported only when a script must be read: a load
    served from the cache needs none)."""
    from dfc_plugin.script import build

    return build.read_script(data, path, is_token=is_token)


def _from_result(result: ScriptResult, root: int) -> LoadedFile:
    return LoadedFile(result.path, root, result.outline, result.errors, result.warnings, result.card)


def _open_pack(cache_root: Path | None, root: Path, cache_warnings: list[str]) -> Pack | None:
    if cache_root is None:
        return None
    try:
        pack = Pack.read(cache_root, root)
    except CacheError as error:
        cache_warnings.append(f"{error}; reading the scripts again")
        pack = Pack.empty(cache_root, root)
    pack.warnings = cache_warnings
    return pack


def _load_folder(  # noqa: PLR0917 (private: one call, from Library.load)
    root: Path,
    index: int,
    scripts: list[str],
    cache_root: Path | None,
    cache_warnings: list[str],
    workers: int | None,
) -> list[LoadedFile]:
    """Every script of a folder: first each one the cache has, then the others read
    (in worker processes when there are many: :mod:`dfc_plugin.script.workers`)."""
    resolved = root.resolve()
    state = _RootLoad(str(root), index, _open_pack(cache_root, resolved, cache_warnings), cache_warnings)
    slots = _look_up_all(state, scripts)
    pending = [slot for slot in slots if isinstance(slot, _Pending)]
    reads: Iterator[Read] = iter(())
    if pending:
        from dfc_plugin.script.workers import Job, read_all

        jobs = [Job(p.path, p.is_token, p.data) for p in pending]
        reads = iter(read_all(jobs, MAX_SCRIPT_BYTES, with_cards=state.pack is not None, workers=workers))
    loaded = [slot if isinstance(slot, LoadedFile) else _take(state, slot, next(reads)) for slot in slots]
    pack = state.pack
    if pack is not None and (state.changed or len(pack) != len(state.rows)):
        rows = [row if isinstance(row, NewRow) else pack.carried_row(row, "") for row in state.rows.values()]
        try:
            write_pack(pack.path, resolved, [row for row in rows if row is not None], state.seen)
        except OSError as error:
            cache_warnings.append(f"cannot write cache {pack.path}: {error.strerror}")
    return loaded


class _Pending(NamedTuple):
    """A script to read (its bytes, if the cache needed them to hash it), and its content
    key for the cache (``None`` without one)."""

    path: str
    is_token: bool
    data: bytes | None
    key: tuple[str, bool] | None


def _look_up_all(state: _RootLoad, scripts: list[str]) -> list[LoadedFile | _Pending]:
    """Each script's record from the cache, or the script to read. The common case of a
    cached load (a regular file unchanged since it was hashed, whose row has no
    diagnostics) is taken in this one loop, as :func:`_look_up` would take it; every
    other case goes through :func:`_look_up`."""
    pack = state.pack
    if pack is None:
        return [_Pending(path, _is_token_path(path), None, None) for path in scripts]
    start, index, settled = len(state.root) + 1, state.index, pack.settled_ns
    known, by_key, rows = pack.files.get, pack.by_key.get, pack.rows
    seen, kept = state.seen.append, state.rows.setdefault
    found: list[LoadedFile | _Pending] = []
    for path in scripts:
        try:
            info = os.stat(path)
        except OSError:
            found.append(_look_up(state, path))  # (which reports why)
            continue
        rel = path[start:]
        key = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
        recorded = known(rel)
        if recorded is None or recorded[0] != key or key[2] >= settled or not stat.S_ISREG(info.st_mode):
            found.append(_look_up(state, path))
            continue
        content = recorded[1]
        is_token = "tokenscripts" in path and _is_token_path(path)
        row = by_key((content, is_token))
        if row is None or rows[row][8] or rows[row][9] or state.pack is not pack:
            found.append(_look_up(state, path))
            continue
        fields = rows[row]
        seen(SeenFile(rel, key, content))
        kept((content, is_token), row)
        # (a row without errors has a card: Pack checked that when it read the rows)
        found.append(LoadedFile(path, index, _OUTLINE(fields[2:8]), (), (), None, pack, row))
    return found


_OUTLINE = CardOutline._make


def _look_up(state: _RootLoad, path: str) -> LoadedFile | _Pending:
    """A script's record from the cache, or the script to read."""
    is_token = _is_token_path(path)
    pack = state.pack
    if pack is None:
        return _Pending(path, is_token, None, None)
    data = None
    try:
        rel = path[len(state.root) + 1 :]
        info = os.stat(path)
        seen = stat_key(info)
        content = pack.known_digest(rel, seen) if stat.S_ISREG(info.st_mode) else None
        if content is None:
            data = _read_bytes(path)
            content = digest(data)
        state.seen.append(SeenFile(rel, seen, content))
    except OSError as error:
        return _unreadable(path, state.index, error)
    key = (content, is_token)
    row = pack.lookup(*key)
    if row is not None:
        reused = _reuse(state, row, path, key)
        if reused is not None:
            return reused
    return _Pending(path, is_token, data, key)


def _take(state: _RootLoad, pending: _Pending, read: Read) -> LoadedFile:
    """A script as read (a row of the pack to write, with the cache)."""
    path = pending.path
    if read.failure is not None:
        return _unreadable(path, state.index, OSError(0, read.failure))
    key = pending.key
    if key is not None and state.pack is not None and key not in state.rows:
        card = read.card if read.card is not None else read.blob
        state.rows[key] = NewRow(key[0], key[1], read.outline, read.errors, read.warnings, card)
        state.changed = True
    loaded = LoadedFile(path, state.index, read.outline, read.errors, read.warnings, read.card)
    loaded.blob = read.blob
    return loaded


def _reuse(state: _RootLoad, row: int, path: str, key: tuple[str, bool]) -> LoadedFile | None:
    """A file's record from the cache; ``None`` (read the script, and rebuild the whole
    pack) if the row is not what this version writes."""
    pack = state.pack
    assert pack is not None
    try:
        record = pack.record(row, path)
    except CacheError as error:
        state.cache_warnings.append(f"{error}; reading the scripts again")
        state.pack = Pack.empty(pack.path.parent, pack.root)
        state.pack.warnings = state.cache_warnings
        state.rows.clear()
        state.changed = True
        return None
    state.rows.setdefault(key, row)
    loaded = LoadedFile(path, state.index, record.outline, record.errors, record.warnings)
    if record.has_card:
        loaded.pack, loaded.row = pack, row
    return loaded


def _from_blob(blob: bytes | None, path: str, outline: CardOutline | None) -> CardDef | None:
    """A card a worker read: decoded from its JSON, or (without one, or if it is another
    card than the outline names) read again from its script."""
    if blob is not None:
        from dfc_plugin.script.serialize import card_from_json

        card = card_from_json(json.loads(blob))
        if outline is not None and card.face_names == outline.names:
            return card
    try:
        data = _read_bytes(path)
    except OSError:
        return None
    return _read_script(data, path, _is_token_path(path)).card


def _decode(pack: Pack, row: int, path: str, outline: CardOutline | None) -> CardDef | None:
    """A cached card; if its cache entry is damaged, or is another card than its row's
    outline names, the script read again."""
    try:
        card = pack.card(row)
        if outline is None or card.face_names != outline.names:
            raise CacheError(f"cache row {row} holds another card")
    except CacheError:
        try:
            data = _read_bytes(path)
        except OSError:
            return None
        return _read_script(data, path, _is_token_path(path)).card
    if card.path == path:
        return card
    from dataclasses import replace

    return replace(card, path=path)
