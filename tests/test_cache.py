"""The library cache (issue 9 item 5, issue 13): a pack is checked as a whole and
anything wrong means a rebuild; rows keep their cards when a pack is written again; keyed
by content; only a regular file is read; old packs are evicted. And the cache fuzz test:
random mutations of a real pack always give what reading the scripts gives."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import header_bytes, read_header, seal_pack, split_pack, unsealed_pack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfc_plugin.script import cache as cache_module
from dfc_plugin.script import files as files_module
from dfc_plugin.script.cache import MAX_PACKS, Pack, evict_packs
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts

Write = Callable[[str, str | bytes], Path]

BEAR = "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n"
BROKEN = "Name:Broken\nManaCost:2 Q\nTypes:Creature\nK:Flyng\n"


def outcome(library: Library) -> tuple[object, ...]:
    """Everything a load gives: diagnostics, index, and every card's model."""
    cards = {name: library.find(name) for name in library.names()}
    return (
        [e.as_dict() for e in library.errors],
        [w.as_dict() for w in library.warnings],
        library.layouts(),
        library.names(),
        cards,
    )


def pack_of(cache: Path, folder: Path) -> Path:
    return Pack.location(cache, folder.resolve())


def edit_header(pack: Path, change: Callable[[dict[str, object]], None]) -> None:
    _, head, body = split_pack(pack.read_bytes())
    header = read_header(head)
    change(header)
    pack.write_bytes(seal_pack(header_bytes(header), body))


def test_a_row_with_a_non_integer_offset_means_a_rebuild(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    first = Library.load([tmp_path / "scripts"], cache_dir=cache)
    pack = pack_of(cache, tmp_path / "scripts")

    def bad_offset(header: dict[str, object]) -> None:
        header["rows"][0][10] = "12"  # type: ignore[index]

    edit_header(pack, bad_offset)
    second = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert second.cache_warnings and "reading the scripts again" in second.cache_warnings[0]
    assert outcome(second) == outcome(first)
    third = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert third.cache_warnings == []  # rebuilt: the next load is clean
    assert outcome(third) == outcome(first)


def test_a_flipped_byte_in_a_card_is_caught_by_the_checksum(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    pack = pack_of(cache, tmp_path / "scripts")
    data = pack.read_bytes()
    assert data.count(b'"2"') >= 2
    pack.write_bytes(data.replace(b'"2"', b'"9"', 1))  # P/T 2/2 would turn 9/2
    library = Library.load([tmp_path / "scripts"], cache_dir=cache)
    # A load reads the header only (check needs no card): the body is checked when the
    # first card is looked up, and that card is read from its script.
    assert library.cache_warnings == []
    card = library.get("Grizzly Bears")
    assert card.front.power is not None and card.front.power.text == "2"
    assert len(library.cache_warnings) == 1
    assert "checksum does not match" in library.cache_warnings[0]
    assert "reading its cards from the scripts" in library.cache_warnings[0]


def test_a_damaged_body_is_not_written_again(write: Write, tmp_path: Path) -> None:
    """A pack written again while its old body is damaged keeps none of its cards: the
    unchanged scripts are read again on the next load, and their cards are right."""
    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    pack = pack_of(cache, tmp_path / "scripts")
    pack.write_bytes(pack.read_bytes().replace(b'"2"', b'"9"', 1))
    write("b/broken.txt", BROKEN)  # a new script: the pack is written again
    rewritten = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert any("checksum does not match" in w for w in rewritten.cache_warnings)
    again = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert again.cache_warnings == []
    card = again.get("Grizzly Bears")
    assert card.front.power is not None and card.front.power.text == "2"


def test_a_forged_row_without_its_checksum_loses_no_error(write: Write, tmp_path: Path) -> None:
    write("b/broken.txt", BROKEN)
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    pack = pack_of(cache, tmp_path / "scripts")
    old = pack.read_bytes()
    _, head, body = split_pack(old)
    header = read_header(head)
    header["rows"][0][8] = []  # the error disappears ...
    pack.write_bytes(unsealed_pack(old, header_bytes(header), body))  # ... unsealed
    library = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert [e.code for e in library.errors] == ["bad-mana-cost"]


@pytest.mark.parametrize("kind", ["dev-zero-link", "fifo", "folder"])
def test_a_pack_that_is_not_a_regular_file_is_replaced(write: Write, tmp_path: Path, kind: str) -> None:
    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    pack = pack_of(cache, tmp_path / "scripts")
    pack.unlink()
    if kind == "dev-zero-link":
        pack.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(pack)
    else:
        pack.mkdir()
    library = Library.load([tmp_path / "scripts"], cache_dir=cache)  # neither hangs nor fills memory
    assert library.get("Grizzly Bears").name == "Grizzly Bears"
    assert library.cache_warnings and "cannot read cache" in library.cache_warnings[0]
    if kind != "folder":
        assert pack.is_file() and not pack.is_symlink()  # replaced by a real pack


def test_rewriting_a_pack_keeps_the_cards_of_unchanged_scripts(
    write: Write, tmp_path: Path, scripts_read: list[str]
) -> None:
    write("a/grizzly_bears.txt", BEAR)
    other = write("o/other.txt", BEAR.replace("Grizzly Bears", "Other Bears"))
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    other.write_text(BEAR.replace("Grizzly Bears", "Other Bears").replace("2/2", "3/3"), encoding="utf-8")
    Library.load([tmp_path / "scripts"], cache_dir=cache)  # writes the pack again
    scripts_read.clear()
    library = Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert library.get("Grizzly Bears").name == "Grizzly Bears"
    assert library.get("Other Bears").front.power.text == "3"  # type: ignore[union-attr]
    assert scripts_read == []  # both cards came from the pack


def test_an_edit_that_keeps_size_and_modification_time_is_seen(write: Write, tmp_path: Path) -> None:
    bears = write("a/grizzly_bears.txt", BEAR)
    an_hour_ago = time.time_ns() - 3_600 * 10**9
    os.utime(bears, ns=(an_hour_ago, an_hour_ago))
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    bears.write_text(BEAR.replace("2/2", "9/2"), encoding="utf-8")  # same size
    os.utime(bears, ns=(an_hour_ago, an_hour_ago))  # and the same modification time
    card = Library.load([tmp_path / "scripts"], cache_dir=cache).get("Grizzly Bears")
    assert card.front.power is not None and card.front.power.text == "9"


def test_an_unchanged_file_is_not_read_again(
    write: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stat key (size, modification and change times, inode) stands for the digest
    of a file hashed well before the pack was written."""
    write("a/grizzly_bears.txt", BEAR)
    monkeypatch.setattr(cache_module, "_RACY_NS", -(10**12))  # as if the pack were written later
    cache = tmp_path / "cache"
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    opened: list[str] = []
    real = files_module.read_regular

    def recording(path: str | os.PathLike[str], limit: int, **options: bool) -> bytes:
        opened.append(str(path))
        return real(path, limit, **options)

    from dfc_plugin.script import library as library_module

    monkeypatch.setattr(library_module, "read_regular", recording)
    Library.load([tmp_path / "scripts"], cache_dir=cache)
    assert opened == []


def test_a_file_name_that_is_not_utf8_works_with_the_cache(tmp_path: Path) -> None:
    folder = tmp_path / "scripts"
    folder.mkdir()
    (folder / os.fsdecode(b"bear\xff.txt")).write_text(BEAR.replace("PT:2/2", "PT:x"), encoding="utf-8")
    cache = tmp_path / "cache"
    first = Library.load([folder], cache_dir=cache)
    second = Library.load([folder], cache_dir=cache)
    assert second.cache_warnings == []
    assert [e.as_dict() for e in second.errors] == [e.as_dict() for e in first.errors]
    assert "bear\\xff.txt" in second.errors[0].render()


def test_old_packs_are_evicted(tmp_path: Path) -> None:
    now = time.time()
    packs = []
    for index in range(MAX_PACKS + 5):
        pack = tmp_path / f"pack-{index:04d}.pack"
        pack.write_bytes(b"x")
        os.utime(pack, (now - index * 60, now - index * 60))  # pack-0000 is the newest
        packs.append(pack)
    ancient = tmp_path / "pack-ancient.pack"
    ancient.write_bytes(b"x")
    os.utime(ancient, (now - 31 * 86400, now - 31 * 86400))
    keep_me = tmp_path / "notes.txt"
    keep_me.write_text("mine")
    removed = set(evict_packs(tmp_path, keep=packs[0], now=now))
    assert removed == {ancient, *packs[MAX_PACKS:]}
    assert all(p.exists() for p in packs[:MAX_PACKS]) and keep_me.exists()


# ---------------------------------------------------------------------------- fuzz

SOURCES = [
    "d/delver_of_secrets_insectile_aberration.txt",
    "g/graf_rats__chittering_host.txt",
    "m/midnight_scavengers.txt",
    "b/brutal_cathar_moonrage_brute.txt",
]


@pytest.fixture(scope="module")
def real_pack(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes, tuple[object, ...]]:
    """A folder of real scripts (four bundled ones and a broken one), its pack, and what
    reading it with no cache gives."""
    root = tmp_path_factory.mktemp("fuzzed")
    folder = root / "scripts"
    for name in SOURCES:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(bundled_cardscripts() / name, target)
    (folder / "x").mkdir()
    (folder / "x" / "broken.txt").write_text(BROKEN, encoding="utf-8")
    cache = root / "cache"
    Library.load([folder], cache_dir=cache)
    truth = outcome(Library.load([folder], use_cache=False))
    return folder, pack_of(cache, folder).read_bytes(), truth


def _retype(column: int, choice: int) -> object:
    """A value of a type the row's column may not hold (a change of type: a forgery of
    an allowed type with its checksum made right cannot be told from the real thing, see
    SECURITY.md)."""
    allowed = cache_module._COLUMN_TYPES[column]
    candidates: tuple[object, ...] = ("1", 1, None, frozenset(), {}, True, 1.5, b"1")
    others = [c for c in candidates if type(c) not in allowed]
    return others[choice % len(others)]


mutation = st.one_of(
    st.tuples(st.just("truncate"), st.integers(0, 10**7), st.integers(0, 0)),
    st.tuples(st.just("flip"), st.integers(0, 10**7), st.integers(1, 255)),
    st.tuples(st.just("retype"), st.integers(0, 10**7), st.integers(0, 7)),
    st.tuples(st.just("swap-rows"), st.integers(0, 10**7), st.integers(0, 10**7)),
)


def mutate(data: bytes, kind: str, a: int, b: int) -> bytes:
    if kind == "truncate":
        return data[: a % (len(data) + 1)]
    if kind == "flip":
        at = a % len(data)
        return data[:at] + bytes([data[at] ^ b]) + data[at + 1 :]
    _, head, body = split_pack(data)
    header = read_header(head)
    rows = header["rows"]
    if kind == "retype":  # a value of another type, checksum made right (type checks must catch it)
        row = rows[a % len(rows)]
        column = (a // len(rows)) % len(row)
        row[column] = _retype(column, b)
    else:  # forged rows: two scripts' records exchanged, without the checksum
        i, j = a % len(rows), b % len(rows)
        rows[i][2:], rows[j][2:] = rows[j][2:], rows[i][2:]  # (all but the content key)
        return unsealed_pack(data, header_bytes(header), body)
    return seal_pack(header_bytes(header), body)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.lists(mutation, min_size=1, max_size=3))
def test_a_mutated_pack_gives_what_reading_the_scripts_gives(
    real_pack: tuple[Path, bytes, tuple[object, ...]], mutations: list[tuple[str, int, int]]
) -> None:
    folder, data, truth = real_pack
    cache = folder.parent / "cache"
    # Changes of type come first (they make the checksum right); the others after, so a
    # forged row is never resealed by a later change.
    for kind, a, b in sorted(mutations, key=lambda m: m[0] != "retype"):
        try:
            data = mutate(data, kind, a, b)
        except (ValueError, EOFError, TypeError, KeyError, IndexError, ZeroDivisionError, AttributeError):
            continue  # an earlier change broke what this one edits: keep the bytes as they are
    pack_of(cache, folder).write_bytes(data)
    assert outcome(Library.load([folder], cache_dir=cache)) == truth


def test_a_cached_check_imports_no_parser_and_no_card_model(write: Write, tmp_path: Path) -> None:
    """A second ``check`` of an unchanged folder reads the pack's header only: lark, the
    grammar's modules, the card model and the worker module stay unimported (issue 11:
    a cached check no slower than a plain read of the same bytes)."""
    import subprocess
    import sys

    write("a/grizzly_bears.txt", BEAR)
    write("b/broken.txt", BROKEN)
    cache = tmp_path / "cache"
    command = [sys.executable, "-m", "dfc_plugin.cli", "check", "--json", "--cache-dir", str(cache)]
    first = subprocess.run([*command, str(tmp_path / "scripts")], capture_output=True, check=False)
    probe = (
        "import sys, io\n"
        "from dfc_plugin.cli import main\n"
        f"code = main({[*command[3:], str(tmp_path / 'scripts')]!r}, io.StringIO())\n"
        "heavy = ('lark', 'dfc_plugin.cards', 'dfc_plugin.script.parser', 'dfc_plugin.script.build',"
        " 'dfc_plugin.script.workers', 'dfc_plugin.script.serialize', 'importlib.resources')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert first.returncode == 1 and b"bad-mana-cost" in first.stdout
    assert done.stdout.strip() == "[]", done.stdout


def test_check_json_is_the_same_bytes_with_and_without_the_cache(
    forge_2020: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scripts_read: list[str]
) -> None:
    """``check --json`` of a corpus sample, our scripts and a file full of mistakes (so
    errors and warnings go through the pack too) prints the same bytes read fresh, into a
    new pack, and from the pack; the last reads no script. (The whole corpus is compared
    by benchmarks/parse_corpus.py.)"""
    import io

    from dfc_plugin.cli import main

    sample = tmp_path / "sample"
    for path in sorted(forge_2020.rglob("*.txt"))[::60]:
        target = sample / path.parent.name / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    (sample / "m").mkdir(exist_ok=True)
    (sample / "m" / "mistakes.txt").write_text(BROKEN + "A:AB$ Draw | Cost$ 2 Z\nSVar:X:DB$ Draw\n")
    shutil.copytree(bundled_cardscripts(), sample / "ours")
    monkeypatch.setattr(cache_module, "_RACY_NS", 0)  # the copies settle at once

    def check(*options: str) -> str:
        out = io.StringIO()
        main(["check", "--json", "--jobs", "1", *options, str(sample)], out)
        return out.getvalue()

    fresh = check("--no-cache")
    cache = str(tmp_path / "cache")
    into_pack = check("--cache-dir", cache)
    scripts_read.clear()
    from_pack = check("--cache-dir", cache)
    assert scripts_read == []
    assert fresh == into_pack == from_pack
    assert '"bad-cost"' in fresh and '"unused-svar"' in fresh  # diagnostics went through the pack
