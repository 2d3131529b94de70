"""Reading a file that anyone may have put in a folder: regular files only, size-capped.

A folder of card scripts (or the cache folder) may hold a FIFO named ``x.txt`` (opening
it to read would wait forever), a link to ``/dev/zero`` (read until memory runs out) or
a file far larger than any script. :func:`read_regular` opens without blocking and
without following a final symlink when asked, checks with ``fstat`` on the open file
(so the check and the read are about the same file) that it is a regular file, and
reads at most ``limit`` bytes.
"""

from __future__ import annotations

import os
import stat

__all__ = ["FileRefused", "read_regular"]


class FileRefused(OSError):
    """A path that is not read: not a regular file, or larger than the limit."""


def read_regular(path: str | os.PathLike[str], limit: int, *, follow_symlinks: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Raises :class:`FileRefused`
    (with a plain ``strerror``) for anything else, or the ``OSError`` of opening it."""
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
