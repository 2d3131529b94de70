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
from typing import Any

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


@dataclass(frozen=True)
class CardSummary:
    """What the library index and its cross-file checks need, without the full model."""

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

    def to_json(self) -> list[Any]:
        return [
            list(self.names),
            list(self.name_lines),
            self.layout,
            self.meld_partner,
            self.melded_face,
            self.meld_line,
        ]

    @classmethod
    def from_json(cls, value: Any) -> CardSummary:
        names, lines, layout, partner, melded, meld_line = value
        summary = cls(tuple(names), tuple(lines), layout, partner, melded, meld_line)
        _expect(
            all(isinstance(n, str) for n in summary.names)
            and all(type(n) is int for n in summary.name_lines)
            and isinstance(layout, str)
            and (partner is None or isinstance(partner, str))
            and (melded is None or isinstance(melded, str))
            and type(meld_line) is int
        )
        return summary


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


@dataclass(frozen=True)
class PackEntry:
    """One file's record: its digest, what reading it gave, and where its card is."""

    rel: str
    size: int
    mtime_ns: int
    digest: str
    summary: CardSummary | None
    errors: tuple[CardScriptError, ...]
    warnings: tuple[CardScriptError, ...]
    offset: int = -1
    length: int = 0


class Pack:
    """The cache of one library folder: read once, looked up by file, written back whole."""

    def __init__(
        self, path: Path, root: Path, entries: list[PackEntry], body: bytes, written_ns: int
    ) -> None:
        self.path = path
        self.root = root
        self.body = body
        self.written_ns = written_ns
        self.by_rel = {e.rel: e for e in entries}
        self.by_digest = {e.digest: e for e in entries}

    @staticmethod
    def location(cache_dir: Path, root: Path) -> Path:
        key = hashlib.blake2b(str(root).encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
        return cache_dir / f"pack-{key}.json"

    @classmethod
    def empty(cls, cache_dir: Path, root: Path) -> Pack:
        return cls(cls.location(cache_dir, root), root, [], b"", 0)

    @classmethod
    def read(cls, cache_dir: Path, root: Path) -> Pack:
        """The pack for ``root``; an empty one if there is none. Raises :class:`CacheError`
        for a pack that is not what this version writes."""
        path = cls.location(cache_dir, root)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return cls.empty(cache_dir, root)
        except OSError as error:
            raise CacheError(f"cannot read cache {path}: {error}") from None
        newline = data.find(b"\n")
        try:
            header = json.loads(data[: newline if newline >= 0 else len(data)])
            _expect(isinstance(header, dict))
            if header.get("format") != _FORMAT or header.get("model") != model_version():
                return cls.empty(cache_dir, root)
            _expect(header.get("root") == str(root) and type(header.get("written_ns")) is int)
            entries = [cls._entry(item, root) for item in header["files"]]
        except CacheError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            raise CacheError(f"cache {path} is damaged") from None
        return cls(path, root, entries, data[newline + 1 :] if newline >= 0 else b"", header["written_ns"])

    @staticmethod
    def _entry(item: Any, root: Path) -> PackEntry:
        rel, size, mtime_ns, content_digest, summary, errors, warnings, offset, length = item
        _expect(isinstance(rel, str) and isinstance(content_digest, str))
        _expect(all(type(v) is int for v in (size, mtime_ns, offset, length)))
        path = str(root / rel)
        return PackEntry(
            rel,
            size,
            mtime_ns,
            content_digest,
            None if summary is None else CardSummary.from_json(summary),
            _diagnostics_from(errors, path),
            _diagnostics_from(warnings, path),
            offset,
            length,
        )

    def fresh(self, rel: str, stat: os.stat_result) -> PackEntry | None:
        """The entry of a file whose size and time say it is unchanged, if there is one."""
        entry = self.by_rel.get(rel)
        if entry is None or entry.size != stat.st_size or entry.mtime_ns != stat.st_mtime_ns:
            return None
        if stat.st_mtime_ns >= self.written_ns - _RACY_NS:
            return None
        return entry

    def card(self, entry: PackEntry) -> CardDef:
        """Decode one cached card. Raises :class:`CacheError` if its JSON is damaged."""
        if entry.offset < 0 or entry.offset + entry.length > len(self.body):
            raise CacheError(f"cache entry for {entry.rel} points outside the pack")
        try:
            data = json.loads(self.body[entry.offset : entry.offset + entry.length])
        except (ValueError, RecursionError):
            raise CacheError(f"cache entry for {entry.rel} is damaged") from None
        return card_from_json(data)


def write_pack(path: Path, root: Path, records: list[tuple[PackEntry, CardDef | None, bytes | None]]) -> None:
    """Write a pack atomically: entries with their cards (new ones as models, kept ones
    as the JSON bytes already in the old pack)."""
    body = bytearray()
    rows = []
    for entry, card, cached_json in records:
        blob = (
            cached_json
            if cached_json is not None
            else (
                json.dumps(card_to_json(card), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
                if card is not None
                else b""
            )
        )
        offset = len(body) if blob else -1
        body += blob
        rows.append(
            [
                entry.rel,
                entry.size,
                entry.mtime_ns,
                entry.digest,
                entry.summary.to_json() if entry.summary else None,
                _diagnostics_to(entry.errors),
                _diagnostics_to(entry.warnings),
                offset,
                len(blob),
            ]
        )
    header = {
        "format": _FORMAT,
        "model": model_version(),
        "root": str(root),
        "written_ns": time.time_ns(),
        "files": rows,
    }
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
