"""How fast ``check`` reads the Forge 2020 corpus, against a baseline, in the same run.

Run: ``python benchmarks/parse_corpus.py [FOLDER] [--expect FILE]`` (default
``../shared/corpus/forge-2020/cardsfolder``). Every figure is the median of alternating
rounds; the figures to quote are the ratios, because the machines this runs on are shared
and noisy. Each process is timed twice: wall-clock, and CPU (user + system, its worker
processes included), because on a loaded machine the workers of a cold ``check`` wait
for a free core and only the CPU figure says what the work costs.

Whole processes (the targets of issue 11):

- splitter: a Python process that runs the plain line-splitting reader over the same
  files: read the bytes, decode, split lines, split each at its first colon;
- ``dfc-plugin check --no-cache --json``: every line validated, no cache, a worker
  process per core (target: at most 8x the splitter); and the same with ``--jobs 1``;
- ``dfc-plugin check --json`` a second time, from a warm cache (target: at most 1x).

Before timing, every way of checking (workers, ``--jobs 1``, a cold cache, a warm cache)
must print the same bytes, and with ``--expect FILE`` the bytes in FILE (what another
version of ``check --json`` printed for the folder): the run stops if any differs.

In this process (where the time goes): the splitter over bytes already read, and
``read_script`` (every line validated) over the same bytes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dfc_plugin.script.build import read_script
from dfc_plugin.script.library import script_files

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "forge-2020" / "cardsfolder"
ROUNDS = 5

#: The splitter as its own process: the same walk and the plain line split.
SPLITTER = """
import os, sys
lines = 0
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith(".txt"):
            with open(os.path.join(folder, name), "rb") as handle:
                for line in handle.read().decode("utf-8").splitlines():
                    key, _, value = line.partition(":")
                    value.strip()
                    lines += 1
print(lines)
"""


def run(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds one whole process takes, its children included (its
    output is thrown away)."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    user = after.children_user - before.children_user
    return wall, user + after.children_system - before.children_system


def output(command: list[str]) -> bytes:
    return subprocess.run(command, capture_output=True, check=False).stdout


def same_output(check: list[str], folder: Path, expect: Path | None) -> int:
    """Every way of checking prints the same bytes (and those of ``expect``); their size."""
    with tempfile.TemporaryDirectory() as cache:
        cached = [*check, "--cache-dir", cache, str(folder)]
        variants = {
            "workers, no cache": output([*check, "--no-cache", str(folder)]),
            "--jobs 1, no cache": output([*check, "--no-cache", "--jobs", "1", str(folder)]),
            "cold cache": output(cached),
        }
        time.sleep(2.5)  # past the cache's racy-timestamp window
        variants["warm cache"] = output(cached)
    if expect is not None:
        variants[str(expect)] = expect.read_bytes()
    first = next(iter(variants.values()))
    differ = [name for name, data in variants.items() if data != first]
    if differ:
        sys.exit(f"check --json printed other bytes: {', '.join(differ)}")
    print(f"check --json: the same {len(first):,} bytes from {', '.join(variants)}")
    return len(first)


def in_process(datas: list[tuple[str, bytes]]) -> tuple[float, float]:
    start = time.perf_counter()
    for _path, data in datas:
        for line in data.decode("utf-8").splitlines():
            _key, _colon, value = line.partition(":")
            value.strip()
    split = time.perf_counter() - start
    start = time.perf_counter()
    for path, data in datas:
        read_script(data, path)
    return split, time.perf_counter() - start


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="parse_corpus.py",
        description="How fast check reads a folder of scripts, against a line splitter, in the same run.",
    )
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT, help=f"scripts (default {DEFAULT})")
    parser.add_argument("--expect", type=Path, help="the bytes another version's check --json printed")
    arguments = parser.parse_args(argv)
    if not arguments.folder.is_dir():
        parser.error(f"{arguments.folder}: not a folder")
    return arguments


def main(argv: list[str]) -> None:
    arguments = _arguments(argv)
    expect: Path | None = arguments.expect
    folder: Path = arguments.folder
    files = script_files(folder).scripts
    datas = [(path, Path(path).read_bytes()) for path in files]
    megabytes = sum(len(d) for _, d in datas) / 1e6
    check = [sys.executable, "-m", "dfc_plugin.cli", "check", "--json"]
    same_output(check, folder, expect)
    splitter = [sys.executable, "-c", SPLITTER, str(folder)]
    processes: dict[str, list[tuple[float, float]]] = {
        "splitter process": [],
        "check --no-cache": [],
        "check --no-cache --jobs 1": [],
        "check, warm cache": [],
    }
    with tempfile.TemporaryDirectory() as cache:
        warm = [*check, "--cache-dir", cache, str(folder)]
        run(warm)  # fills the cache
        time.sleep(2.5)  # past the cache's racy-timestamp window, as a later run would be
        run(warm)
        for _ in range(ROUNDS):
            for name, command in (
                ("check --no-cache", [*check, "--no-cache", str(folder)]),
                ("check --no-cache --jobs 1", [*check, "--no-cache", "--jobs", "1", str(folder)]),
                ("check, warm cache", warm),
            ):
                processes["splitter process"].append(run(splitter))
                processes[name].append(run(command))
    inner: dict[str, list[float]] = {"splitter in process": [], "read_script in process": []}
    for _ in range(ROUNDS):
        split, parse = in_process(datas)
        inner["splitter in process"].append(split)
        inner["read_script in process"].append(parse)
    print(f"{len(files):,} files, {megabytes:.1f} MB, {ROUNDS} rounds, medians; whole processes:")
    base_wall = statistics.median(w for w, _ in processes["splitter process"])
    base_cpu = statistics.median(c for _, c in processes["splitter process"])
    for name, values in processes.items():
        wall = statistics.median(w for w, _ in values)
        cpu = statistics.median(c for _, c in values)
        print(
            f"  {name:<26} wall {wall:7.3f} s {wall / base_wall:6.2f}x"
            f"   cpu {cpu:7.3f} s {cpu / base_cpu:6.2f}x   (x: against the splitter process)"
        )
    print("in this process:")
    base = statistics.median(inner["splitter in process"])
    for name, times in inner.items():
        seconds = statistics.median(times)
        print(f"  {name:<26} {seconds:7.3f} s  {megabytes / seconds:7.1f} MB/s  {seconds / base:6.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
