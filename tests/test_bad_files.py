"""Bad files in a checked folder and hostile text (issue 9 items 4 and 9): only regular
files are read, with a size cap; one clear error per bad path and the rest still
checked; lone CRs and Unicode line separators; memory; control characters."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from dfc_plugin.cli import main
from dfc_plugin.script.build import MAX_LINES, read_script
from dfc_plugin.script.library import MAX_SCRIPT_BYTES, Library

Write = Callable[[str, str | bytes], Path]

BEAR = "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n"


def check(*paths: Path, cache: bool = False) -> dict[str, object]:
    """``dfc-plugin check --json`` in its own process (a hang is a failure, not a stuck run)."""
    options = [] if cache else ["--no-cache"]
    command = [sys.executable, "-m", "dfc_plugin.cli", "check", "--json", *options, *map(str, paths)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    data: dict[str, object] = json.loads(done.stdout)
    return data


def errors_by_path(data: dict[str, object]) -> dict[str, str]:
    return {e["path"]: e["message"] for e in data["errors"]}  # type: ignore[attr-defined]


@pytest.mark.parametrize("cache", [False, True])
def test_a_fifo_named_txt_is_one_error_and_does_not_block(write: Write, tmp_path: Path, cache: bool) -> None:
    write("a/grizzly_bears.txt", BEAR)
    fifo = tmp_path / "scripts" / "b" / "pipe.txt"
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    data = check(tmp_path / "scripts", cache=cache)
    assert errors_by_path(data) == {str(fifo): "cannot read file: not a regular file (a FIFO)"}
    assert data["cards"] == 1


def test_a_link_to_dev_zero_is_one_error_and_is_not_read(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    link = tmp_path / "scripts" / "zero.txt"
    link.symlink_to("/dev/zero")
    data = check(tmp_path / "scripts")
    assert errors_by_path(data) == {str(link): "cannot read file: not a regular file (a character device)"}
    assert data["cards"] == 1


def test_a_file_larger_than_the_cap_is_one_error(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    big = write("b/big.txt", b"Name:A\n" + b"x" * MAX_SCRIPT_BYTES)
    library = Library.load([tmp_path / "scripts"], use_cache=False)
    (error,) = library.errors
    assert (error.path, error.code) == (str(big), "unreadable-file")
    assert f"the most read is {MAX_SCRIPT_BYTES:,}" in error.message
    assert len(library) == 1


def test_an_unreadable_folder_is_one_error_and_the_rest_is_read(
    write: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(As root nothing is unreadable, so the refusal is made by os.scandir here; the
    next test does it for real where it can.)"""
    write("a/grizzly_bears.txt", BEAR)
    write("locked/x.txt", BEAR.replace("Grizzly", "Locked"))
    locked = str(tmp_path / "scripts" / "locked")
    real = os.scandir

    def scandir(path: str) -> object:
        if str(path) == locked:
            raise PermissionError(13, "Permission denied", path)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    library = Library.load([tmp_path / "scripts"], use_cache=False)
    (error,) = library.errors
    assert (error.path, error.code, error.line) == (locked, "unreadable-folder", 0)
    assert error.render() == f"{locked}: error: cannot read folder: Permission denied"
    assert library.names() == ["Grizzly Bears"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read any folder")
def test_an_unreadable_folder_for_real(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    inside = write("locked/x.txt", BEAR)
    inside.parent.chmod(0)
    try:
        data = check(tmp_path / "scripts", inside)
    finally:
        inside.parent.chmod(0o755)
    assert set(errors_by_path(data)) == {str(inside.parent), str(inside)}
    assert data["cards"] == 1


def test_a_path_that_cannot_be_looked_at_is_one_error(tmp_path: Path) -> None:
    library = Library.load([tmp_path / "missing", tmp_path / "a\x00b"], use_cache=False, keep_going=True)
    assert {(e.path, e.code) for e in library.errors} == {
        (str(tmp_path / "missing"), "no-such-path"),
        (str(tmp_path / "a\x00b"), "unreadable-path"),
    }


def test_lone_cr_lines_count_as_lines() -> None:
    """Forge reads a lone CR as a line break (Java's readLine): so does the limit, and
    every position."""
    data = b"Name:A\rTypes:Creature\rPT:x/1\rK:a\r" * 1 + b"K:b\r" * (MAX_LINES + 10)
    result = read_script(data, "cr.txt")
    assert [(e.code, e.line) for e in result.errors] == [("bad-pt", 3), ("too-many-lines", MAX_LINES + 1)]
    assert result.errors[0].source_line == "PT:x/1"


def test_a_four_megabyte_file_of_lone_crs_is_cut_at_the_line_limit() -> None:
    data = b"Name:A\rTypes:Creature\r" + b"K:a\r" * 1_048_576
    result = read_script(data, "cr.txt")
    assert [e.code for e in result.errors] == ["too-many-lines"]
    assert result.card is None


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x85"])
def test_unicode_line_separators_do_not_move_the_line_shown(separator: str) -> None:
    text = f"Name:A\nOracle:one{separator}two\nTypes:Creature\nPT:x/1\n"
    (error,) = read_script(text.encode(), "u.txt").errors
    assert (error.line, error.source_line) == (4, "PT:x/1")


def test_many_short_lines_cost_a_few_times_the_file_in_memory() -> None:
    data = b"Name:A\nTypes:Creature\n" + b"x\n" * 2_000_000
    read_script(b"Name:A\nTypes:Creature\n", "warm.txt")
    tracemalloc.start()
    try:
        read_script(data, "short.txt")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 6 * len(data), peak


def test_error_output_escapes_control_characters_in_file_names(tmp_path: Path) -> None:
    folder = tmp_path / "scripts"
    folder.mkdir()
    (folder / "evil\x1b[2J.txt").write_text("Name:A\nTypes:Creature\nPT:x/1\n", encoding="utf-8")
    (folder / os.fsdecode(b"bad\xfe.txt")).write_text("Name:B\nTypes:Creature\nPT:x/1\n", encoding="utf-8")
    out = io.StringIO()
    main(["check", "--no-cache", str(folder)], out)
    text = out.getvalue()
    assert "\x1b" not in text and "evil\\x1b[2J.txt:3:4: error: bad PT" in text
    assert "bad\\xfe.txt:3:4: error: bad PT" in text
    text.encode("utf-8")  # printable on any UTF-8 terminal: no lone surrogates


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_a_file_of_exactly_the_line_limit_ending_in_a_line_break_is_read_whole(ending: str) -> None:
    """The break that ends the last allowed line starts no line of its own: a file of
    MAX_LINES lines that ends in a newline is within the limit; one more line is not."""
    head = ["Name:A", "Types:Creature", "PT:1/1"]
    lines = head + ["K:Flying"] * (MAX_LINES - len(head))
    whole = read_script(ending.join(lines).encode() + ending.encode(), "limit.txt")
    assert [e.code for e in whole.errors] == []
    over = read_script(ending.join([*lines, "K:Flying"]).encode() + ending.encode(), "over.txt")
    assert [(e.code, e.line) for e in over.errors] == [("too-many-lines", MAX_LINES + 1)]
