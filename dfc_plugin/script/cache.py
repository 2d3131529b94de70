"""The library cache: what reading each script gave, keyed by the script's content.

One *pack* file per library folder, in a cache folder the user chooses (``--cache-dir``,
``DFC_PLUGIN_CACHE_DIR``, else ``$XDG_CACHE_HOME/dfc-plugin``, ``~/.cache/dfc-plugin``, or
on Windows ``%LOCALAPPDATA%\\dfc-plugin\\Cache``). A pack holds plain data only (it
cannot make anything run):

- a first line ``dfc-plugin-cache/4 <header checksum> <body checksum> <header length>``:
  the BLAKE2 digests of the header and of the body, and where the body starts;
- the header, in :mod:`marshal`'s format (a dict of strings, integers, booleans, ``None``
  and tuples: a cached ``check`` of the corpus loads it in a few milliseconds, where JSON
  took ten times as long): one row per distinct script content (BLAKE2 digest of the
  file's bytes, whether it was read as a token script, and what reading it gave: face
  names, layout, meld pair, errors and warnings, and where its card is). Only a header
  whose checksum matches is unmarshalled, and every value's type is checked before use
  (a code object or any other type is refused; nothing is ever called or unpickled);
- the body: each card's model as its own JSON text, decoded only when that card is
  looked up.

A load reads and checks the header only (``check`` needs no card); the body, some 85%
of a pack, is read and checked against its own checksum when the first card is looked
up or the pack is written again. A body that does not match is a cache warning, and its
cards are read from their scripts.

Keyed by content: a row is found by the digest of the script's bytes. To know a
script's digest without reading it, the pack also records, per path, the file's size,
modification time, *change* time (ctime) and inode as they were when it was hashed; a
file whose four are all unchanged, and whose change time is well before the pack was
written, is taken to have the recorded digest. Any edit moves the change time, and no
program can set it back (``touch -d`` and ``os.utime`` set the modification time and
move the change time too), so an edit that keeps size and modification time is still
seen; every other file is read and hashed. A header is checked as a whole before any
row is used (and a body before any card is): a wrong checksum, another version of the
grammar or model, anything that is not exactly what this module writes means the pack
is ignored and rebuilt. Only a regular file of at most :data:`MAX_PACK_BYTES` is read.

Packs of folders not loaded for :data:`MAX_AGE_DAYS` days are deleted when a pack is
written, and at most :data:`MAX_PACKS` are kept (the least recently used go first).
"""

from __future__ import annotations

import contextlib
import json
import marshal
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain, compress, repeat
from operator import add, itemgetter, ne, or_
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from dfc_plugin.errors import CacheError, CardScriptError
from dfc_plugin.script.files import read_regular_range
from dfc_plugin.script.outline import CardOutline
from dfc_plugin.script.resources import grammar_path, package_path

try:  # (hashlib's own blake2b, without loading OpenSSL for the hashes hashlib gets from it)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover (a Python without the _blake2 module)
    from hashlib import blake2b

if TYPE_CHECKING:
    from dfc_plugin.cards import CardDef

# The card model and its JSON form are imported when a card is decoded or a pack written:
# a cached ``check`` needs neither.

__all__ = [
    "MAX_PACK_BYTES",
    "CardSummary",
    "NewRow",
    "Pack",
    "SeenFile",
    "default_cache_dir",
    "diagnostic_rows",
    "diagnostics_from_rows",
    "digest",
    "evict_packs",
    "stat_key",
    "write_pack",
]

_FORMAT = b"dfc-plugin-cache/4"
#: The first line is shorter than this (a magic word, two digests and a length).
_FIRST_LINE_MAX = 256
#: The largest pack read (the 18,294-script corpus makes one of about 40 MB).
MAX_PACK_BYTES = 512 * 1024 * 1024
MAX_AGE_DAYS = 30
MAX_PACKS = 32
_MODEL_SOURCES = (
    "cards.py",
    "errors.py",
    "script/build.py",
    "script/fast.py",
    "script/outline.py",
    "script/lift.py",
    "script/parser.py",
    "script/serialize.py",
    "script/validate.py",
    "script/known_names.json",
)

#: Kept for the callers that know a card's outline by its older name.
CardSummary = CardOutline


def default_cache_dir() -> Path:
    """``DFC_PLUGIN_CACHE_DIR``, else ``$XDG_CACHE_HOME/dfc-plugin``, else on Windows
    ``%LOCALAPPDATA%\\dfc-plugin\\Cache``, else ``~/.cache/dfc-plugin``."""
    explicit = os.environ.get("DFC_PLUGIN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "dfc-plugin"
    local = os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
    if local:
        return Path(local) / "dfc-plugin" / "Cache"
    return Path.home() / ".cache" / "dfc-plugin"


def digest(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


@cache
def model_version() -> str:
    """A digest of the grammar and the code that turns scripts into the model and its
    diagnostics: a pack written by any other version of them is not used."""
    package = package_path()
    h = blake2b(digest_size=16)
    h.update(grammar_path().read_bytes())
    for name in _MODEL_SOURCES:
        h.update((package / name).read_bytes())
    return h.hexdigest()


def _expect(condition: bool) -> None:
    if not condition:
        raise CacheError("cache pack does not have the expected shape")


# ---- diagnostics as JSON rows
_DIAGNOSTIC_FIELDS = 8


def diagnostic_rows(items: Sequence[CardScriptError]) -> tuple[tuple[Any, ...], ...]:
    """Diagnostics as plain tuples (a pack's rows; what a worker process sends back)."""
    return tuple(
        (e.message, e.line, e.column, e.end_column, e.code, e.hint, e.source_line, e.source_start)
        for e in items
    )


def diagnostics_from_rows(value: Any, path: str, severity: str) -> tuple[CardScriptError, ...]:
    _expect(type(value) is tuple)
    found = []
    for item in value:
        _expect(type(item) is tuple and len(item) == _DIAGNOSTIC_FIELDS)
        message, line, column, end, code, hint, source_line, source_start = item
        _expect(all(type(v) is str for v in (message, code, hint, source_line)))
        _expect(all(type(v) is int for v in (line, column, end, source_start)))
        error = CardScriptError(
            message,
            path=path,
            line=line,
            column=column,
            hint=hint,
            severity=severity,
            code=code,
            end_column=end,
        )
        error.source_line, error.source_start = source_line, source_start
        found.append(error)
    return tuple(found)


def _outline_to(outline: CardOutline | None) -> tuple[Any, ...]:
    """An outline as the six row fields it takes (no outline: no names)."""
    if outline is None:
        return ((), (), "", None, None, 0)
    return tuple(outline)


def _check_outline_lists(table: tuple[tuple[Any, ...], ...]) -> None:
    """Every row's face names are strings and its name lines integers, as many of one as
    of the other (all rows at once, in C loops: 18,000 rows in a cached corpus load)."""
    names, lines = list(map(_NAMES_OF_ROW, table)), list(map(_LINES_OF_ROW, table))
    _expect(list(map(len, names)) == list(map(len, lines)))
    _expect(set(map(type, chain.from_iterable(names))) <= _STR)
    _expect(set(map(type, chain.from_iterable(lines))) <= _INT)


_STR = {str}
_INT = {int}
_TUPLE = {tuple}
_KEY_OF_ROW = itemgetter(0, 1)
_ERRORS, _OFFSET, _LENGTH = itemgetter(8), itemgetter(10), itemgetter(11)
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_NAMES_OF_ROW = itemgetter(2)
_LINES_OF_ROW = itemgetter(3)


class CachedRecord(NamedTuple):
    """What reading one script gave, as the cache holds it (tuples, here and in
    :class:`SeenFile`: a cached load makes one per script)."""

    outline: CardOutline | None
    errors: tuple[CardScriptError, ...]
    warnings: tuple[CardScriptError, ...]
    has_card: bool


@dataclass(frozen=True, slots=True)
class NewRow:
    """One row to write: a script's content key, what reading it gave, and its card
    (a model read now, or the JSON bytes already in the old pack)."""

    digest: str
    is_token: bool
    outline: CardOutline | None
    errors: tuple[CardScriptError, ...]
    warnings: tuple[CardScriptError, ...]
    card: CardDef | bytes | None


# A row: (digest, is_token, names, name lines, layout, meld partner, melded face, meld
# line, errors, warnings, offset, length); checked column by column, each in a C loop.
_OPTIONAL_STR: frozenset[type] = frozenset((str, type(None)))
_COLUMN_TYPES: tuple[frozenset[type], ...] = (
    *(frozenset((kind,)) for kind in (str, bool, tuple, tuple, str)),
    _OPTIONAL_STR,
    _OPTIONAL_STR,
    *(frozenset((kind,)) for kind in (int, tuple, tuple, int, int)),
)
_COLUMNS = tuple(map(itemgetter, range(len(_COLUMN_TYPES))))
#: Files changed this close to the pack's writing are hashed again (coarse timestamps).
_RACY_NS = 2_000_000_000


def stat_key(info: os.stat_result) -> tuple[int, int, int, int]:
    """What says a file is unchanged: size, modification and change times, inode."""
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)


class SeenFile(NamedTuple):
    """A path as it was when last hashed: its stat key and its content digest."""

    rel: str
    key: tuple[int, int, int, int]
    digest: str


class Pack:
    """The cache of one library folder: checked whole when read, looked up by content."""

    def __init__(  # noqa: PLR0917 (a pack's six parts, as read)
        self,
        path: Path,
        root: Path,
        rows: tuple[Any, ...] = (),
        body: _Body | None = None,
        files: dict[str, Any] | None = None,
        written_ns: int = 0,
    ) -> None:
        self.path = path
        self.root = root
        self.rows: tuple[Any, ...] = rows
        self.body = body or _Body(path, 0, 0, digest(b""))
        self.written_ns = written_ns
        #: Where a body that does not match its checksum is reported (the load's list).
        self.warnings: list[str] = []
        # Every row's and file's types checked in C loops (18,000 of each in the corpus).
        table = self.rows
        _expect(type(table) is tuple and set(map(type, table)) <= _TUPLE)
        _expect(set(map(len, table)) <= {len(_COLUMN_TYPES)})
        for column, kinds in zip(_COLUMNS, _COLUMN_TYPES, strict=True):
            _expect(set(map(type, map(column, table))) <= kinds)
        _check_outline_lists(table)
        _expect(_rows_are_whole(table, self.body.length))
        keys = map(_KEY_OF_ROW, table)
        self.by_key: dict[tuple[str, bool], int] = dict(zip(keys, range(len(table)), strict=True))
        # files: each path as it was when hashed, {rel: (stat key, digest)}
        files = {} if files is None else files
        _expect(type(files) is dict and set(map(type, files)) <= _STR)
        seen = files.values()
        _expect(set(map(type, seen)) <= _TUPLE and set(map(len, seen)) <= {2})
        stats = list(map(_FIRST, seen))
        _expect(set(map(type, stats)) <= _TUPLE and set(map(len, stats)) <= {4})
        _expect(set(map(type, chain.from_iterable(stats))) <= _INT)
        _expect(set(map(type, map(_SECOND, seen))) <= _STR)
        self.files: dict[str, tuple[tuple[int, int, int, int], str]] = files

    @staticmethod
    def location(cache_dir: Path, root: Path) -> Path:
        key = blake2b(str(root).encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()
        return cache_dir / f"pack-{key}.pack"

    @classmethod
    def empty(cls, cache_dir: Path, root: Path) -> Pack:
        return cls(cls.location(cache_dir, root), root)

    @classmethod
    def read(cls, cache_dir: Path, root: Path) -> Pack:
        """The pack for ``root``; an empty one if there is none or it was written by
        another version. Raises :class:`CacheError` for a pack that is damaged or is not
        a regular file."""
        path = cls.location(cache_dir, root)
        try:
            start = read_regular_range(path, MAX_PACK_BYTES, 0, _FIRST_LINE_MAX, follow_symlinks=False)
        except FileNotFoundError:
            return cls.empty(cache_dir, root)
        except OSError as error:
            raise CacheError(f"cannot read cache {path}: {error.strerror}") from None
        first, newline, _ = start.partition(b"\n")
        magic, _, rest = first.partition(b" ")
        if magic != _FORMAT:
            if magic.startswith(b"dfc-plugin-cache/") or first.startswith(b'{"format":'):
                return cls.empty(cache_dir, root)  # another version's pack: replaced silently
            raise CacheError(f"cache {path} is not a dfc-plugin cache pack")
        fields = rest.decode("ascii", "replace").split(" ")
        if not newline or len(fields) != 3 or not fields[2].isdigit():
            raise CacheError(f"cache {path} is damaged (its first line is not a pack's)")
        head_digest, body_digest, head_length = fields[0], fields[1], int(fields[2])
        try:
            head = read_regular_range(
                path, MAX_PACK_BYTES, len(first) + 1, head_length, follow_symlinks=False
            )
        except OSError as error:
            raise CacheError(f"cannot read cache {path}: {error.strerror}") from None
        if len(head) != head_length or digest(head) != head_digest:
            raise CacheError(f"cache {path} is damaged (its checksum does not match)")
        try:
            # (the checksum matched: these are the bytes write_pack wrote, or a forger's)
            header = marshal.loads(head)
            _expect(type(header) is dict)
            if header.get("model") != model_version():
                return cls.empty(cache_dir, root)
            _expect(header.get("root") == str(root) and type(header.get("rows")) is tuple)
            _expect(type(header.get("files")) is dict and type(header.get("written_ns")) is int)
            _expect(type(header.get("body_length")) is int and header["body_length"] >= 0)
            body = _Body(path, len(first) + 1 + head_length, header["body_length"], body_digest)
            pack = cls(path, root, header["rows"], body, header["files"], header["written_ns"])
        except (ValueError, EOFError, TypeError, RecursionError):
            raise CacheError(f"cache {path} is damaged") from None
        _touch(path)
        return pack

    def __len__(self) -> int:
        return len(self.rows)

    def known_digest(self, rel: str, key: tuple[int, int, int, int]) -> str | None:
        """The recorded digest of a file whose stat key (:func:`stat_key`) says it is
        unchanged since it was hashed (and was not changed around the time the pack was
        written)."""
        seen = self.files.get(rel)
        if seen is None or seen[0] != key or key[2] >= self.settled_ns:
            return None
        return seen[1]

    @property
    def settled_ns(self) -> int:
        """A file whose change time is at least this may have changed since it was hashed."""
        return self.written_ns - _RACY_NS

    def lookup(self, content_digest: str, is_token: bool) -> int | None:
        """The row of a script with this content, if the pack has one."""
        return self.by_key.get((content_digest, is_token))

    def record(self, row: int, path: str) -> CachedRecord:
        """A row's outline and diagnostics, reported at ``path``. Raises
        :class:`CacheError` if the row is not what this version writes."""
        # (every field's type, the outline lists' items and the offsets were checked
        # when the pack was read: _row_is_whole)
        fields = self.rows[row]
        errors, warnings = fields[8], fields[9]
        return CachedRecord(
            _OUTLINE(fields[2:8]) if fields[2] else None,
            diagnostics_from_rows(errors, path, "error") if errors else (),
            diagnostics_from_rows(warnings, path, "warning") if warnings else (),
            fields[10] >= 0,
        )

    def blob(self, row: int) -> bytes | None:
        """The JSON text of a row's card, as stored (``None`` for a script with errors).
        Raises :class:`CacheError` if the pack's body does not match its checksum."""
        offset, length = self.rows[row][10], self.rows[row][11]
        if type(offset) is not int or type(length) is not int or offset < 0:
            return None
        return self.body.bytes(self.warnings)[offset : offset + length]

    def carried_row(self, row: int, path: str) -> NewRow | None:
        """A row to write again as it is (``None`` if its card can no longer be read)."""
        try:
            record = self.record(row, path)
            blob = self.blob(row)
        except CacheError:
            return None
        fields = self.rows[row]
        return NewRow(fields[0], fields[1], record.outline, record.errors, record.warnings, blob)

    def card(self, row: int) -> CardDef:
        """Decode one cached card. Raises :class:`CacheError` if its JSON is damaged."""
        blob = self.blob(row)
        if blob is None:
            raise CacheError(f"cache row {row} has no card")
        try:
            data = json.loads(blob)
        except (ValueError, RecursionError):
            raise CacheError(f"cache row {row} is damaged") from None
        from dfc_plugin.script.serialize import card_from_json

        return card_from_json(data)


_OUTLINE = CardOutline._make


def _rows_are_whole(table: tuple[tuple[Any, ...], ...], body_length: int) -> bool:
    """Every row's card is inside the body, and there is one exactly when the row has
    no error; a row without an outline has errors (the file had no card). (All rows at
    once, in C loops; the columns' types were checked.)"""
    has_errors = list(map(bool, map(_ERRORS, table)))
    offsets, lengths = list(map(_OFFSET, table)), list(map(_LENGTH, table))
    has_card = list(map(ne, offsets, repeat(-1)))
    with_card = list(compress(offsets, has_card))
    ends = list(map(add, with_card, compress(lengths, has_card)))
    return (
        min(lengths, default=0) >= 0
        and min(with_card, default=0) >= 0
        and max(ends, default=0) <= body_length
        and all(map(ne, has_card, has_errors))
        and all(map(or_, map(bool, map(_NAMES_OF_ROW, table)), has_errors))
    )


class _Body:
    """A pack's cards, read and checked against their checksum on first use."""

    def __init__(self, path: Path, start: int, length: int, checksum: str) -> None:
        self.path, self.start, self.length, self.checksum = path, start, length, checksum
        self._data: bytes | None = b"" if length == 0 else None
        self._damaged = False

    def bytes(self, warnings: list[str]) -> bytes:
        """The body; raises :class:`CacheError` (said once in ``warnings``) if it is not
        what the pack's first line says."""
        if self._damaged:
            raise CacheError(f"cache {self.path} is damaged")
        if self._data is None:
            try:
                data = read_regular_range(
                    self.path, MAX_PACK_BYTES, self.start, self.length, follow_symlinks=False
                )
            except OSError:
                data = b""
            if len(data) != self.length or digest(data) != self.checksum:
                self._damaged = True
                warnings.append(
                    f"cache {self.path} is damaged (its checksum does not match); "
                    "reading its cards from the scripts"
                )
                raise CacheError(f"cache {self.path} is damaged")
            self._data = data
        return self._data


def _touch(path: Path) -> None:
    """Mark a pack as used now (eviction removes the least recently used)."""
    with contextlib.suppress(OSError):
        os.utime(path)


def write_pack(path: Path, root: Path, rows: Sequence[NewRow], files: Sequence[SeenFile] = ()) -> None:
    """Write a pack atomically, then evict old packs from its folder."""
    from dfc_plugin.cards import CardDef
    from dfc_plugin.script.serialize import card_to_json

    body = bytearray()
    table: list[tuple[Any, ...]] = []
    for row in rows:
        card = row.card
        blob = card if isinstance(card, bytes) else None
        if isinstance(card, CardDef):
            blob = json.dumps(card_to_json(card), separators=(",", ":")).encode("ascii")
        table.append(
            (
                row.digest,
                row.is_token,
                *_outline_to(row.outline),
                diagnostic_rows(row.errors),
                diagnostic_rows(row.warnings),
                len(body) if blob is not None else -1,
                len(blob) if blob is not None else 0,
            )
        )
        if blob is not None:
            body += blob
    header = {
        "model": model_version(),
        "root": str(root),
        "written_ns": time.time_ns(),
        "files": {seen.rel: (seen.key, seen.digest) for seen in files},
        "body_length": len(body),
        "rows": tuple(table),
    }
    head = marshal.dumps(header)
    first = b" ".join((_FORMAT, digest(head).encode(), digest(bytes(body)).encode(), str(len(head)).encode()))
    import tempfile  # (here: a load that writes no pack needs no tempfile, nor its import)

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".pack-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(first + b"\n")
            out.write(head)
            out.write(body)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    evict_packs(path.parent, keep=path)


def evict_packs(cache_dir: Path, *, keep: Path | None = None, now: float | None = None) -> list[Path]:
    """Delete packs not used for :data:`MAX_AGE_DAYS` days, and all but the
    :data:`MAX_PACKS` most recently used (and temporary files left by a killed write);
    returns what was deleted. Only files this module names (``pack-*.pack``,
    ``.pack-*.tmp``, and version 1's ``pack-*.json``) are touched."""
    now = time.time() if now is None else now
    found: list[tuple[float, Path]] = []
    try:
        entries = list(os.scandir(cache_dir))
    except OSError:
        return []
    removed: list[Path] = []
    for entry in entries:
        name = entry.name
        is_pack = name.startswith("pack-") and name.endswith((".pack", ".json"))
        is_temp = name.startswith(".pack-") and name.endswith(".tmp")
        if not (is_pack or is_temp) or not entry.is_file(follow_symlinks=False):
            continue
        try:
            used = entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        path = Path(entry.path)
        stale = now - used > (MAX_AGE_DAYS * 86400 if is_pack else 86400)
        if name.endswith(".json") or stale:
            removed.append(path)
        elif is_pack and path != keep:
            found.append((used, path))
    found.sort(reverse=True)
    removed += [path for _, path in found[MAX_PACKS - 1 :]]
    for path in removed:
        with contextlib.suppress(OSError):
            path.unlink()
    return removed
