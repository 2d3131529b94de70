"""Reading a cold folder in worker processes (issue 11 item 4) gives exactly what a
serial read gives: the same diagnostics in the same order, the same cards, the same
``check --json`` bytes, with and without the cache."""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pytest
from helpers import FORGE_2020, need_shared

from dfc_plugin.cli import main
from dfc_plugin.script import workers
from dfc_plugin.script.library import MAX_SCRIPT_BYTES, Library, script_files
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.script.serialize import card_from_json

BROKEN = "Name:Broken\nManaCost:2 Q\nTypes:Creature\nK:Flyng\nA:AB$ Draw | Cost$ 2 Z\n"


@pytest.fixture
def many_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers for any folder of more than a few scripts, in chunks of a few."""
    monkeypatch.setattr(workers, "MIN_PARALLEL", 4)
    monkeypatch.setattr(workers, "CHUNK", 7)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))  # as on an idle machine
    if workers.worker_count(100) < 2:
        pytest.skip("one processor, or no fork: every folder is read in this process")


def folder_of_scripts(tmp_path: Path) -> Path:
    """The bundled scripts, a broken one, and a FIFO named like a script."""
    folder = tmp_path / "scripts"
    shutil.copytree(bundled_cardscripts(), folder)
    (folder / "x").mkdir(exist_ok=True)
    (folder / "x" / "broken.txt").write_text(BROKEN, encoding="utf-8")
    os.mkfifo(folder / "x" / "pipe.txt")
    return folder


def check_json(*args: str) -> str:
    out = io.StringIO()
    main(["check", "--json", *args], out)
    return out.getvalue()


def outcome(library: Library) -> tuple[object, ...]:
    return (
        [e.as_dict() for e in library.errors],
        [w.as_dict() for w in library.warnings],
        library.layouts(),
        library.names(),
        {name: library.find(name) for name in library.names()},
    )


def test_check_json_is_the_same_bytes_serial_in_workers_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = str(folder_of_scripts(tmp_path))
    serial = check_json("--no-cache", folder)
    assert '"code": "bad-cost"' in serial and '"code": "unreadable-file"' in serial
    monkeypatch.setattr(workers, "MIN_PARALLEL", 4)
    monkeypatch.setattr(workers, "CHUNK", 7)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))  # as on an idle machine
    if workers.worker_count(100) < 2:
        pytest.skip("one processor, or no fork: every folder is read in this process")
    cache = str(tmp_path / "cache")
    assert check_json("--no-cache", folder) == serial
    assert check_json("--cache-dir", cache, folder) == serial  # cold: read in workers, pack written
    assert check_json("--cache-dir", cache, folder) == serial  # warm: from the pack


@pytest.mark.usefixtures("many_workers")
@pytest.mark.parametrize("use_cache", [False, True])
def test_a_library_read_in_workers_has_the_same_cards(tmp_path: Path, use_cache: bool) -> None:
    folder = folder_of_scripts(tmp_path)
    in_workers = Library.load([folder], cache_dir=tmp_path / "cache", use_cache=use_cache)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(workers, "MIN_PARALLEL", 10**9)
        serial = Library.load([folder], use_cache=False)
    assert outcome(in_workers) == outcome(serial)


def test_workers_read_a_corpus_sample_as_this_process_does() -> None:
    """600 real scripts: outlines, diagnostics (every field, in order) and cards (from
    the JSON a worker sends back) equal a serial read."""
    files = script_files(need_shared(FORGE_2020)).scripts[::30]
    jobs = [workers.Job(path, False) for path in files]
    here = workers.read_all(jobs, MAX_SCRIPT_BYTES, with_cards=True, workers=1)
    there = workers.read_all(jobs, MAX_SCRIPT_BYTES, with_cards=True, workers=2)
    assert len(here) == len(there) == len(files) >= 600
    for mine, theirs in zip(here, there, strict=True):
        assert theirs.outline == mine.outline
        assert [e.as_dict() for e in theirs.errors] == [e.as_dict() for e in mine.errors]
        assert [w.as_dict() for w in theirs.warnings] == [w.as_dict() for w in mine.warnings]
        assert theirs.card is None and theirs.blob is not None
        assert card_from_json(json.loads(theirs.blob)) == mine.card


def test_small_folders_busy_machines_and_threaded_processes_are_read_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert workers.worker_count(workers.MIN_PARALLEL - 1) == 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    monkeypatch.setattr(os, "getloadavg", lambda: (float(cpus), 0.0, 0.0))  # every core busy
    assert workers.worker_count(10**6) == 1
    monkeypatch.setattr(os, "getloadavg", lambda: (1.0, 0.0, 0.0))  # this process alone
    assert workers.worker_count(10**6) == min(cpus, workers.MAX_WORKERS)
    import threading

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert workers.worker_count(10**6) == 1  # forking a threaded process is unsafe
    finally:
        stop.set()
        thread.join()


def test_check_reads_the_bundled_scripts_only_for_a_missing_partner(
    tmp_path: Path, scripts_read: list[str]
) -> None:
    """The bundled scripts are the fallback for meld partners: a folder with no meld card
    checks without reading them (issue 11 item 4: they cost a cold check 122 scripts)."""
    folder = tmp_path / "scripts"
    folder.mkdir()
    (folder / "bears.txt").write_text(
        "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n", encoding="utf-8"
    )
    assert '"errors": []' in check_json("--no-cache", str(folder))
    assert scripts_read == [str(folder / "bears.txt")]


def test_jobs_must_be_a_number_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["check", "--jobs", "0", "x"])
    assert stop.value.code == 2
    assert "--jobs takes a number from 1 to 64" in capsys.readouterr().err


def test_a_range_of_a_regular_file_is_read_and_a_fifo_refused(tmp_path: Path) -> None:
    from dfc_plugin.script.files import FileRefused, read_regular_range

    data = tmp_path / "data"
    data.write_bytes(b"0123456789")
    assert read_regular_range(data, 100, 3, 4) == b"3456"
    assert read_regular_range(data, 100, 8, 10) == b"89"  # the file ends first
    with pytest.raises(FileRefused):
        read_regular_range(data, 5, 0, 2)  # larger than the limit
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(FileRefused):
        read_regular_range(tmp_path / "pipe", 100, 0, 2)  # refused unopened for reading
