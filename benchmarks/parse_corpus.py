"""How fast ``check`` reads the Forge 2020 corpus, against a baseline, in the same run.

Run: ``python benchmarks/parse_corpus.py [FOLDER]`` (default ``../shared/corpus/forge-2020/
cardsfolder``). Every figure is the median of alternating rounds; the figures to quote are
the ratios, because the machines this runs on are shared and noisy.

Whole processes (the targets of issue 11):

- splitter: a Python process that runs the plain line-splitting reader over the same
  files: read the bytes, decode, split lines, split each at its first colon;
- ``dfc-plugin check --no-cache --json``: every line validated, no cache (target: at most
  8x the splitter);
- ``dfc-plugin check --json`` a second time, from a warm cache (target: at most 1x).

In this process (where the time goes): the splitter over bytes already read, and
``read_script`` (every line validated) over the same bytes.
"""

from __future__ import annotations

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


def run(command: list[str]) -> float:
    """Seconds one whole process takes (its output is thrown away)."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


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


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else DEFAULT
    files = script_files(folder).scripts
    datas = [(path, Path(path).read_bytes()) for path in files]
    megabytes = sum(len(d) for _, d in datas) / 1e6
    check = [sys.executable, "-m", "dfc_plugin.cli", "check", "--json"]
    figures: dict[str, list[float]] = {
        "splitter process": [],
        "check --no-cache": [],
        "check, warm cache": [],
        "splitter in process": [],
        "read_script in process": [],
    }
    with tempfile.TemporaryDirectory() as cache:
        warm = [*check, "--cache-dir", cache, str(folder)]
        run(warm)  # fills the cache
        time.sleep(2.5)  # past the cache's racy-timestamp window, as a later run would be
        run(warm)
        for _ in range(ROUNDS):
            figures["splitter process"].append(run([sys.executable, "-c", SPLITTER, str(folder)]))
            figures["check --no-cache"].append(run([*check, "--no-cache", str(folder)]))
            figures["splitter process"].append(run([sys.executable, "-c", SPLITTER, str(folder)]))
            figures["check, warm cache"].append(run(warm))
        for _ in range(ROUNDS):
            split, parse = in_process(datas)
            figures["splitter in process"].append(split)
            figures["read_script in process"].append(parse)
    base = statistics.median(figures["splitter process"])
    inner = statistics.median(figures["splitter in process"])
    print(f"{len(files):,} files, {megabytes:.1f} MB, {ROUNDS} rounds, medians")
    for name, values in figures.items():
        seconds = statistics.median(values)
        against = inner if name.endswith("in process") else base
        print(
            f"  {name:<24} {seconds:7.3f} s  {megabytes / seconds:7.1f} MB/s"
            f"  {seconds / against:6.2f}x {'splitter process' if against is base else 'splitter in process'}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
