"""How fast the card-script grammar reads the Forge 2020 corpus, against a baseline.

Run: ``python benchmarks/parse_corpus.py [FOLDER]`` (default ``../shared/corpus/forge-2020/
cardsfolder``). Everything is measured in this one process, in alternating rounds, and
reported as the median of the rounds; the figures to quote are the ratios, because the
machines this runs on are shared and noisy.

- baseline: a plain line-splitting reader of the same files: read the bytes, decode,
  split lines, split each at its first colon.
- parse: ``read_script`` on every file: read, decode, the grammar's line level, every
  value (mana cost, type line, P/T, ...) by its own rule, faces, DFC records. Parameter
  maps of ability lines are read on first use, so they are not part of this figure.
- parse + every parameter map: the same, then every ability line's and SVar's parameter
  map read as well (what an engine pays if it touches every ability).
- cached load: ``Library.load`` of the folder a second time, from a warm cache.

Targets (issue 2): parse at most 8x the baseline; cached load at most 1x.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from timing import timed

from dfc_plugin.script.build import read_script
from dfc_plugin.script.library import Library, script_files

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "forge-2020" / "cardsfolder"
ROUNDS = 3


def baseline(files: list[Path]) -> int:
    """Read and split every file; returns the number of lines (so nothing is optimized away)."""
    count = 0
    for path in files:
        for line in path.read_bytes().decode("utf-8").splitlines():
            _key, _colon, value = line.partition(":")
            value.strip()
            count += 1
    return count


def parse(files: list[Path]) -> int:
    errors = 0
    for path in files:
        errors += len(read_script(path.read_bytes(), str(path)).errors)
    return errors


def parse_with_params(files: list[Path]) -> int:
    touched = 0
    for path in files:
        card = read_script(path.read_bytes(), str(path)).card
        if card is None:
            continue
        for face in card.faces:
            touched += sum(len(a.params.params) for a in face.abilities)
            touched += sum(1 for s in face.svars if s.params is not None)
    return touched


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else DEFAULT
    files = [Path(p) for p in script_files(folder)[0]]
    megabytes = sum(p.stat().st_size for p in files) / 1e6
    with tempfile.TemporaryDirectory() as cache:
        Library.load([folder], cache_dir=Path(cache))  # fills the cache
        figures: dict[str, list[float]] = {"baseline": [], "parse": [], "parse+params": [], "cached load": []}
        for _ in range(ROUNDS):
            figures["baseline"].append(timed(lambda: baseline(files)))
            figures["parse"].append(timed(lambda: parse(files)))
            figures["baseline"].append(timed(lambda: baseline(files)))
            figures["cached load"].append(timed(lambda: Library.load([folder], cache_dir=Path(cache))))
            figures["parse+params"].append(timed(lambda: parse_with_params(files)))
    base = statistics.median(figures["baseline"])
    print(f"{len(files):,} files, {megabytes:.1f} MB, {ROUNDS} rounds, medians")
    for name, values in figures.items():
        seconds = statistics.median(values)
        rate = megabytes / seconds
        print(f"  {name:<14} {seconds:7.3f} s  {rate:7.1f} MB/s  {seconds / base:6.2f}x baseline")


if __name__ == "__main__":
    main(sys.argv[1:])
