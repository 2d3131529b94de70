"""Reading many card scripts at once: a worker process per core, for a cold folder.

A cold load of a large folder (the 18,294 scripts of the Forge 2020 corpus) spends
nearly all its time reading scripts one by one, each independent of the others. So a
folder with at least :data:`MIN_PARALLEL` scripts to read is cut into chunks that
worker processes read (a ``ProcessPoolExecutor``, forked, so each worker starts with the
parser the parent has already built). ``map`` gives the chunks back in order, so the
files, and every diagnostic, come out in the same order as a serial read.

A worker sends back plain data only: the outline, the diagnostics as rows
(:func:`~dfc_plugin.script.cache.diagnostic_rows`), and the card as its JSON text when
the cache will keep it (else the card is read again from its script when first looked
up; ``check`` never looks one up). A small folder, a platform without ``fork``, a
process that runs other threads (forking one is unsafe), or a machine whose cores are
all busy (by its load average) is read in this process.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, NamedTuple

from dfc_plugin.cards import CardDef
from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.cache import diagnostic_rows, diagnostics_from_rows
from dfc_plugin.script.files import read_regular
from dfc_plugin.script.outline import CardOutline

__all__ = ["MIN_PARALLEL", "Job", "Read", "read_all", "worker_count"]

#: Fewer scripts to read than this are read in this process: starting the workers and
#: sending the results back cost more than they save.
MIN_PARALLEL = 400
#: Scripts per chunk a worker reads (small enough to share the work out evenly).
CHUNK = 256
MAX_WORKERS = 8


@dataclass(frozen=True, slots=True)
class Job:
    """One script to read: its path, whether it is a token script, and its bytes if they
    were read already (to hash them for the cache; else the worker reads the file)."""

    path: str
    is_token: bool
    data: bytes | None = None


class Read(NamedTuple):
    """What reading one script gave. ``failure`` is why the file could not be read; a
    card read in a worker is ``blob`` (its JSON) or, with no cache, neither."""

    outline: CardOutline | None
    errors: tuple[CardScriptError, ...]
    warnings: tuple[CardScriptError, ...]
    card: CardDef | None
    blob: bytes | None
    failure: str | None = None


def worker_count(scripts: int) -> int:
    """How many workers read ``scripts`` scripts (1: read them in this process)."""
    if scripts < MIN_PARALLEL or threading.active_count() > 1:
        return 1
    import multiprocessing  # (here: a load from the cache needs no workers, nor their import)

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(_free_cores(cpus), MAX_WORKERS, scripts // CHUNK))


def _free_cores(cpus: int) -> int:
    """Cores not busy with other work, by the 1-minute load average (this process is
    one of the load): on a machine whose cores are all taken, workers only add the cost
    of forking and of sending results back (measured: 2 workers on 2 cores under a load
    of 7 took 1.15x one process's time)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # (no load average on Windows)
        return cpus
    return max(1, min(cpus, int(cpus - load + 1)))


def read_all(jobs: Sequence[Job], limit: int, *, with_cards: bool, workers: int | None = None) -> list[Read]:
    """Read every job's script, in order; ``limit`` is the largest file read. With
    ``workers`` (default: :func:`worker_count`) above 1, in that many processes."""
    count = worker_count(len(jobs)) if workers is None else workers
    if count > 1:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return _read_in_workers(jobs, limit, with_cards, count)
        except (BrokenProcessPool, OSError):
            pass  # a worker was killed, or none could start: read them here
    return [_read_here(job, limit) for job in jobs]


def _read_here(job: Job, limit: int) -> Read:
    from dfc_plugin.script.build import read_script

    try:
        data = job.data if job.data is not None else read_regular(job.path, limit)
    except OSError as error:
        return Read(None, (), (), None, None, error.strerror or str(error))
    result = read_script(data, job.path, is_token=job.is_token)
    return Read(result.outline, result.errors, result.warnings, result.card, None)


def _read_in_workers(jobs: Sequence[Job], limit: int, with_cards: bool, count: int) -> list[Read]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from dfc_plugin.script import build

    build.prepare()  # built once here, inherited by every forked worker
    chunks = [list(jobs[start : start + CHUNK]) for start in range(0, len(jobs), CHUNK)]
    context = multiprocessing.get_context("fork")
    found: list[Read] = []
    with ProcessPoolExecutor(count, mp_context=context) as pool:
        for chunk, plain in zip(
            chunks, pool.map(_read_chunk, chunks, repeat(limit), repeat(with_cards)), strict=True
        ):
            found += (_from_plain(job.path, item) for job, item in zip(chunk, plain, strict=True))
    return found


def _read_chunk(jobs: list[Job], limit: int, with_cards: bool) -> list[tuple[Any, ...]]:
    """In a worker: read a chunk of scripts, and give each result as plain data."""
    from dfc_plugin.script.serialize import card_to_json

    plain = []
    for job in jobs:
        read = _read_here(job, limit)
        blob = None
        if with_cards and read.card is not None:
            blob = json.dumps(card_to_json(read.card), separators=(",", ":")).encode("ascii")
        errors, warnings = diagnostic_rows(read.errors), diagnostic_rows(read.warnings)
        plain.append((read.outline, errors, warnings, blob, read.failure))
    return plain


def _from_plain(path: str, item: tuple[Any, ...]) -> Read:
    outline, errors, warnings, blob, failure = item
    return Read(
        outline,
        diagnostics_from_rows(errors, path, "error") if errors else (),
        diagnostics_from_rows(warnings, path, "warning") if warnings else (),
        None,
        blob,
        failure,
    )
