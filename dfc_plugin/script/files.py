"""Reading a file that anyone may have put in a folder: regular files only, size-capped.

A folder of card scripts (or the cache folder) may hold a FIFO named ``x.txt`` (opening
it to read would wait forever), a link to ``/dev/zero`` (read until memory runs out) or
a file far larger than any script. :func:`read_regular` opens without blocking and
without following a final symlink when asked, checks with ``fstat`` on the open file
(so the check and the read are about the same file) that it is a regular file, and
reads at most ``limit`` bytes. :func:`read_regular_range` reads one stretch of such a
file (the cache reads a pack's header first, and its cards only when one is asked for).
"""

from __future__ import annotations

import os
import stat

__all__ = ["FileRefused", "read_regular", "read_regular_range"]


class FileRefused(OSError):
    """A path that is not read: not a regular file, or larger than the limit."""


def _open_regular(
    path: str | os.PathLike[str], limit: int, follow_symlinks: bool
) -> tuple[int, os.stat_result]:
    """An open descriptor of a regular file of at most ``limit`` bytes, and its fstat."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(0, f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise FileRefused(0, f"{info.st_size:,} bytes; the most read is {limit:,}")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def read_regular(path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Raises :class:`FileRefused`
    (with a plain ``strerror``) for anything else, or the ``OSError`` of opening it."""
    fd, info = _open_regular(path, limit, follow_symlinks)
    try:
        # One read of the size fstat gave (and one byte more, to see growth) is the
        # whole file almost always; read on only while the reads come back full.
        chunks = [os.read(fd, info.st_size + 1)]
        remaining = limit + 1 - len(chunks[0])
        while remaining > 0 and chunks[-1]:
            chunk = os.read(fd, min(remaining, 1 << 20))
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:  # it grew while being read
            raise FileRefused(0, f"more than {limit:,} bytes; the most read is {limit:,}")
        return data
    finally:
        os.close(fd)


def read_regular_range(
    path: str | os.PathLike[str], limit: int, start: int, length: int, *, follow_symlinks: bool = True
) -> bytes:
    """At most ``length`` bytes from offset ``start`` of a regular file of at most ``limit``
    bytes (fewer where the file ends first). Raises like :func:`read_regular`."""
    fd, _info = _open_regular(path, limit, follow_symlinks)
    try:
        os.lseek(fd, start, os.SEEK_SET)
        chunks: list[bytes] = []
        remaining = max(0, min(length, limit - start))
        while remaining > 0:
            chunk = os.read(fd, remaining)
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "a special file"
