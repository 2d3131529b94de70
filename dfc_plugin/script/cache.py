"""A content-keyed cache of read card scripts, so an unchanged library is not read twice.

One *pack* file per library folder, in a cache folder the user chooses (``--cache-dir``,
``DFC_PLUGIN_CACHE_DIR``, else ``$XDG_CACHE_HOME/dfc-plugin`` or ``~/.cache/dfc-plugin``).
A pack is JSON only (it cannot make anything run): a first line with one record per file
(path, size, modification time, BLAKE2 digest of the content, and what reading it gave:
face names, layout, meld partner, errors, warnings) and, after it, each card's model as
its own JSON text, decoded only when that card is looked up.

Entries are keyed by content: a file whose size and modification time are unchanged (and
were not changed around the time the pack was written) keeps its recorded digest; any
other file is read and hashed, and a recorded digest still finds its entry. A pack
written by another version of the grammar or model is ignored, as is any pack that is
not exactly what this module writes.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from dfc_plugin.cards import CardDef
from dfc_plugin.errors import CacheError, CardScriptError
from dfc_plugin.script.resources import grammar_path
from dfc_plugin.script.serialize import card_from_json, card_to_json

__all__ = ["CardSummary", "Pack", "PackEntry", "default_cache_dir", "digest"]

_FORMAT = "dfc-plugin-cache/1"
#: Files modified this close to the pack's writing are hashed again (racy timestamps).
_RACY_NS = 2_000_000_000
_MODEL_SOURCES = ("cards.py", "script/build.py", "script/lift.py", "script/parser.py", "script/serialize.py")


def default_cache_dir() -> Path:
    """``DFC_PLUGIN_CACHE_DIR``, else ``$XDG_CACHE_HOME/dfc-plugin``, else ``~/.cache/dfc-plugin``."""
    explicit = os.environ.get("DFC_PLUGIN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dfc-plugin"


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@cache
def model_version() -> str:
    """A digest of the grammar and the code that turns scripts into the model: a pack
    written by any other version of them is not used."""
    package = Path(__file__).resolve().parent.parent
    h = hashlib.blake2b(digest_size=16)
    h.update(grammar_path().read_bytes())
    for name in _MODEL_SOURCES:
        h.update((package / name).read_bytes())
    return h.hexdigest()


class CardSummary(NamedTuple):
    """What the library index and its cross-file checks need, without the full model
    (a named tuple: there is one per file, and a cached load makes 18,000 of them)."""

    names: tuple[str, ...]
    name_lines: tuple[int, ...]
    layout: str
    meld_partner: str | None = None
    melded_face: str | None = None
    meld_line: int = 0

    @classmethod
    def of(cls, card: CardDef) -> CardSummary:
        meld = card.dfc.meld
        return cls(
            names=card.face_names,
            name_lines=tuple(face.line for face in card.faces),
            layout=card.layout.value,
            meld_partner=meld.partner if meld else None,
            melded_face=meld.melded_face if meld else None,
            meld_line=meld.line if meld else 0,
        )


Diagnostics = tuple[CardScriptError, ...]


def _expect(condition: bool) -> None:
    if not condition:
        raise CacheError("cache pack does not have the expected shape")


def _diagnostics_to(items: tuple[CardScriptError, ...]) -> list[list[Any]]:
    return [[e.message, e.line, e.column, e.source_line, e.hint, e.source_start] for e in items]


def _diagnostics_from(value: Any, path: str) -> tuple[CardScriptError, ...]:
    found = []
    for item in value:
        message, line, column, source_line, hint, source_start = item
        _expect(isinstance(message, str) and type(line) is int and type(column) is int)
        _expect(isinstance(source_line, str) and isinstance(hint, str) and type(source_start) is int)
        error = CardScriptError(message, path=path, line=line, column=column, hint=hint)
        error.source_line, error.source_start = source_line, source_start
        found.append(error)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class PackEntry:
    """One file's record: its digest, what reading it gave, and where its card is."""

    rel: str
    size: int
    mtime_ns: int
    digest: str
    summary: CardSummary | None
    errors: tuple[CardScriptError, ...] = ()
    warnings: tuple[CardScriptError, ...] = ()
    offset: int = -1
    length: int = 0


# A pack's header is columnar: one list per field, one position per file ("rel", "size",
# "mtime", "digest", "names", "layout", "offset", "length"), and "more": rarely needed
# details (meld partner, Name: lines other than line 1, errors, warnings) by position.
_COLUMNS = ("rel", "size", "mtime", "digest", "names", "layout", "offset", "length")


def _names(value: Any) -> tuple[str, ...]:
    if value.__class__ is str:
        return (value,)
    names = tuple(value)
    _expect(bool(names) and all(isinstance(n, str) for n in names))
    return names


def _summary(names: tuple[str, ...], layout: Any, more: dict[str, Any] | None) -> CardSummary:
    _expect(isinstance(layout, str))
    if more is None:
        return CardSummary(names, (1,) * len(names), layout)
    lines = tuple(more.get("lines", (1,) * len(names)))
    partner, melded, meld_line = more.get("meld", (None, None, 0))
    _expect(len(lines) == len(names) and all(type(n) is int for n in lines))
    _expect(partner is None or isinstance(partner, str))
    _expect((melded is None or isinstance(melded, str)) and type(meld_line) is int)
    return CardSummary(names, lines, layout, partner, melded, meld_line)


def _more(entry: PackEntry) -> dict[str, Any]:
    more: dict[str, Any] = {}
    summary = entry.summary
    if summary is not None:
        if any(line != 1 for line in summary.name_lines):
            more["lines"] = list(summary.name_lines)
        if summary.meld_partner is not None:
            more["meld"] = [summary.meld_partner, summary.melded_face, summary.meld_line]
    if entry.errors:
        more["errors"] = _diagnostics_to(entry.errors)
    if entry.warnings:
        more["warnings"] = _diagnostics_to(entry.warnings)
    return more


class Pack:
    """The cache of one library folder: read once, looked up by file, written back whole.

    Rows are checked when they are used; a row that is not what this version writes
    raises :class:`CacheError` then.
    """

    def __init__(
        self, path: Path, root: Path, header: dict[str, Any] | None = None, body: bytes = b""
    ) -> None:
        self.path = path
        self.root = root
        self.body = body
        header = header or {"written_ns": 0, "more": {}, **{c: [] for c in _COLUMNS}}
        self.written_ns: int = header["written_ns"]
        self.columns: dict[str, list[Any]] = {c: header[c] for c in _COLUMNS}
        self.more: dict[str, Any] = header["more"]
        self.by_rel: dict[str, int] = {rel: i for i, rel in enumerate(self.columns["rel"])}
        self._by_digest: dict[str, int] | None = None

    @staticmethod
    def location(cache_dir: Path, root: Path) -> Path:
        key = hashlib.blake2b(str(root).encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
        return cache_dir / f"pack-{key}.json"

    @classmethod
    def empty(cls, cache_dir: Path, root: Path) -> Pack:
        return cls(cls.location(cache_dir, root), root)

    @classmethod
    def read(cls, cache_dir: Path, root: Path) -> Pack:
        """The pack for ``root``; an empty one if there is none or it was written by
        another version. Raises :class:`CacheError` for a pack that is damaged."""
        path = cls.location(cache_dir, root)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return cls.empty(cache_dir, root)
        except OSError as error:
            raise CacheError(f"cannot read cache {path}: {error.strerror}") from None
        newline = data.find(b"\n")
        try:
            header = json.loads(data[: newline if newline >= 0 else len(data)])
            _expect(isinstance(header, dict))
            if header.get("format") != _FORMAT or header.get("model") != model_version():
                return cls.empty(cache_dir, root)
            _expect(header.get("root") == str(root) and type(header.get("written_ns")) is int)
            count = len(header["rel"])
            _expect(all(isinstance(header[c], list) and len(header[c]) == count for c in _COLUMNS))
            _expect(isinstance(header["more"], dict) and all(isinstance(r, str) for r in header["rel"]))
        except CacheError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
            raise CacheError(f"cache {path} is damaged") from None
        return cls(path, root, header, data[newline + 1 :] if newline >= 0 else b"")

    def __len__(self) -> int:
        return len(self.by_rel)

    def fresh(self, rel: str, stat: os.stat_result) -> int | None:
        """The row of a file whose size and time say it is unchanged, if there is one."""
        row = self.by_rel.get(rel)
        if row is None:
            return None
        columns = self.columns
        if columns["size"][row] != stat.st_size or columns["mtime"][row] != stat.st_mtime_ns:
            return None
        if stat.st_mtime_ns >= self.written_ns - _RACY_NS:
            return None
        return row

    def with_digest(self, content_digest: str) -> int | None:
        """The row of a file with this content (it may have moved)."""
        if self._by_digest is None:
            self._by_digest = {d: i for i, d in enumerate(self.columns["digest"]) if isinstance(d, str)}
        return self._by_digest.get(content_digest)

    def summary(self, row: int) -> CardSummary | None:
        """The card summary of a row (``None`` for a file that had errors)."""
        try:
            names = self.columns["names"][row]
            if names is None:
                return None
            return _summary(_names(names), self.columns["layout"][row], self.more.get(str(row)))
        except CacheError:
            raise
        except (ValueError, TypeError, AttributeError):
            raise CacheError(f"cache {self.path} is damaged") from None

    def diagnostics(
        self, row: int, path: str
    ) -> tuple[tuple[CardScriptError, ...], tuple[CardScriptError, ...]]:
        """The errors and warnings recorded for a row, reported at ``path``."""
        more = self.more.get(str(row))
        if more is None:
            return (), ()
        try:
            return (
                _diagnostics_from(more.get("errors", []), path),
                _diagnostics_from(more.get("warnings", []), path),
            )
        except CacheError:
            raise
        except (ValueError, TypeError, AttributeError):
            raise CacheError(f"cache {self.path} is damaged") from None

    def entry(self, row: int, **changes: Any) -> PackEntry:
        """A row as an entry to write again (with ``changes``, e.g. a moved file's path)."""
        c = self.columns
        errors, warnings = self.diagnostics(row, "")
        values = {
            "rel": c["rel"][row],
            "size": c["size"][row],
            "mtime_ns": c["mtime"][row],
            "digest": c["digest"][row],
            "summary": self.summary(row),
            "errors": errors,
            "warnings": warnings,
            "offset": c["offset"][row],
            "length": c["length"][row],
        }
        values.update(changes)
        _expect(all(type(values[k]) is int for k in ("size", "mtime_ns", "offset", "length")))
        return PackEntry(**values)

    def blob(self, row: int) -> bytes | None:
        """The JSON text of a row's card, as stored."""
        offset, length = self.columns["offset"][row], self.columns["length"][row]
        if (
            type(offset) is not int
            or type(length) is not int
            or offset < 0
            or offset + length > len(self.body)
        ):
            return None
        return self.body[offset : offset + length]

    def card(self, row: int) -> CardDef:
        """Decode one cached card. Raises :class:`CacheError` if its JSON is damaged."""
        blob = self.blob(row)
        if blob is None:
            raise CacheError(f"cache row {row} points outside the pack")
        try:
            data = json.loads(blob)
        except (ValueError, RecursionError):
            raise CacheError(f"cache row {row} is damaged") from None
        return card_from_json(data)


#: What to write for one file: a row of the old pack kept as it is, or an entry with
#: its card as a model (read now) or ``None`` (its JSON is copied from the old pack).
PackRecord = int | tuple[PackEntry, "CardDef | None"]


def write_pack(path: Path, root: Path, records: list[PackRecord], old: Pack) -> None:
    """Write a pack atomically: entries with their cards (new ones as models, kept ones
    as the JSON bytes already in the old pack)."""
    body = bytearray()
    header: dict[str, Any] = {
        "format": _FORMAT,
        "model": model_version(),
        "root": str(root),
        "written_ns": time.time_ns(),
        "more": {},
    }
    columns: dict[str, list[Any]] = {c: [] for c in _COLUMNS}
    for i, record in enumerate(records):
        entry, card = (old.entry(record), None) if isinstance(record, int) else record
        blob = None
        if card is not None:
            blob = json.dumps(card_to_json(card), ensure_ascii=False, separators=(",", ":")).encode()
        summary = entry.summary
        names = (
            None
            if summary is None
            else (summary.names[0] if len(summary.names) == 1 else list(summary.names))
        )
        row = (
            entry.rel,
            entry.size,
            entry.mtime_ns,
            entry.digest,
            names,
            summary.layout if summary else None,
            len(body) if blob else -1,
            len(blob) if blob else 0,
        )
        for column, value in zip(_COLUMNS, row, strict=True):
            columns[column].append(value)
        more = _more(entry)
        if more:
            header["more"][str(i)] = more
        if blob:
            body += blob
    header.update(columns)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".pack-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
            out.write(b"\n")
            out.write(body)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
