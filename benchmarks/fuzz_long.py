"""A long fuzz run of the card-script loader, and the cost per byte of pathological input.

Run: ``python benchmarks/fuzz_long.py [EXAMPLES]`` (default 5000 generated scripts and
5000 mutated corpus scripts; tests/fuzz_support.py has the strategies and the property),
or ``python benchmarks/fuzz_long.py --shapes`` for the pathological inputs alone.
Then, for inputs built to be slow (dense short lines, huge values, many faces), it prints
the time per byte against normal input (a sample of the Forge corpus) measured in the same
run, at two sizes, to show the cost stays linear. Both sides of each ratio are measured
the same way: each input's best read (a shape's, and each sample file's, summed), over
rounds that read the two in turn.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from arguments import add_count, parser
from fuzz_support import corpus_files, mutate, operations, read_and_check, scripts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfc_plugin.script.build import read_script

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "forge-2020" / "cardsfolder"

SHAPES: dict[str, Callable[[int], bytes]] = {
    "1 MB Oracle line": lambda n: b"Name:A\nTypes:Creature\nOracle:" + b"x" * n + b"\n",
    "huge mana cost": lambda n: b"Name:A\nTypes:Creature\nManaCost:" + b"1 " * (n // 2) + b"\n",
    "one-character lines": lambda n: b"Name:A\nTypes:Creature\n" + b"x\n" * (n // 2),
    "unknown keys": lambda n: b"Name:A\nTypes:Creature\n" + b"Foo:1\n" * (n // 6),
    "short ability lines": lambda n: b"Name:A\nTypes:Creature\n" + b"A:x\n" * (n // 4),
    "short keyword lines": lambda n: b"Name:A\nTypes:Creature\n" + b"K:a\n" * (n // 4),
    "many faces": lambda n: b"Name:A\nTypes:Creature\n\nALTERNATE\n\n" * (n // 27),
    "many pipes": lambda n: b"Name:A\nTypes:Creature\nA:" + b"|" * n + b"\n",
    "NUL bytes": lambda n: b"Name:A\n" + b"\x00" * n,
    "repeated bad P/T": lambda n: b"Name:A\nTypes:Creature\n" + b"PT:1\n" * (n // 5),
    "alternating P/T, K": lambda n: b"Name:A\nTypes:Creature\n" + b"PT:1\nK:a\n" * (n // 9),
    "alternating K, unknown": lambda n: b"Name:A\nTypes:Creature\n" + b"K:a\nFoo:1\n" * (n // 10),
    "alternating #, K": lambda n: b"Name:A\nTypes:Creature\n" + b"#\nK:a\n" * (n // 6),
    # Every ability line is checked now: long and many lines of each kind of segment.
    "one SetState line": lambda n: (
        b"Name:A\nTypes:Creature\nA:AB$ SetState | Mode$ Transform | Defined$ " + b"x" * n + b"\n"
    ),
    "SetState, many pipes": lambda n: (
        b"Name:A\nTypes:Creature\nA:AB$ SetState | Mode$ Transform" + b" | D$ x" * (n // 7) + b"\n"
    ),
    "segments without $": lambda n: b"Name:A\nTypes:Creature\nA:AB$ Draw" + b" | x" * (n // 4) + b"\n",
    "values with Key$": lambda n: b"Name:A\nTypes:Creature\nA:AB$ Draw | V$" + b" a B$" * (n // 5) + b"\n",
    "many references": lambda n: (
        b"Name:A\nTypes:Creature\nA:AB$ Draw | References$ " + b"X," * (n // 2) + b"\n"
    ),
    "many costs": lambda n: b"Name:A\nTypes:Creature\n" + b"A:AB$ Draw | Cost$ 1 T\n" * (n // 23),
    "unreferenced SVars": lambda n: b"Name:A\nTypes:Creature\n" + b"SVar:D:DB$ Draw\n" * (n // 16),
    "lone CR lines": lambda n: b"Name:A\rTypes:Creature\r" + b"K:a\r" * (n // 4),
    "U+2028 in lines": lambda n: b"Name:A\nTypes:Creature\nOracle:" + "a\u2028".encode() * (n // 4) + b"\n",
}


def lower_best(inputs: list[bytes], best: list[float], repeat: int) -> None:
    """Read each input ``repeat`` times, keeping in ``best`` its best read time so far
    (the best is the least disturbed by the other work of a shared machine)."""
    for index, data in enumerate(inputs):
        for _ in range(repeat):
            start = time.perf_counter()
            read_script(data, "x.txt")
            best[index] = min(best[index], time.perf_counter() - start)


def paired(samples: list[bytes], data: bytes, rounds: int, repeat: int) -> tuple[float, float]:
    """A shape's time per byte and the corpus sample's, measured alike: each input's
    best read of ``rounds`` x ``repeat`` (for the sample, each file's best, summed),
    the two read in turn each round (on a shared machine the load drifts: a ratio of
    two figures taken far apart says more about the drift than about the shape, and a
    pass over the whole sample timed at once holds every disturbance in it)."""
    normal, shape = [float("inf")] * len(samples), [float("inf")]
    for _ in range(rounds):
        lower_best(samples, normal, repeat)
        lower_best([data], shape, repeat)
    return shape[0] / len(data), sum(normal) / sum(len(d) for d in samples)


def shapes(samples: list[bytes]) -> None:
    """Each pathological shape's time per byte against the corpus sample's (target: at
    most 5x, issue 11)."""
    print("time per byte against normal input (a corpus sample), each input's best read, in turn:")
    for name, make in SHAPES.items():
        small, normal_small = paired(samples, make(10_000), 5, 5)
        large, normal_large = paired(samples, make(1_000_000), 3, 1)
        print(
            f"  {name:<24} 10 KB {small * 1e9:6.0f} ns/byte ({small / normal_small:5.1f}x)"
            f"   1 MB {large * 1e9:6.0f} ns/byte ({large / normal_large:5.1f}x)"
            f"   normal {normal_small * 1e9:4.0f} ns/byte"
        )


def _arguments(argv: list[str]) -> argparse.Namespace:
    command = parser(__doc__)
    add_count(command, "EXAMPLES", None, "scripts generated, and as many mutated (default 5000)")
    command.add_argument(
        "--shapes", action="store_true", help="only the pathological inputs' cost per byte (no fuzzing)"
    )
    arguments = command.parse_args(argv)
    if arguments.shapes and arguments.examples is not None:
        command.error("EXAMPLES has no use with --shapes, which runs no fuzzing")
    return arguments


def main(argv: list[str]) -> None:
    arguments = _arguments(argv)
    if arguments.shapes:
        shapes([p.read_bytes() for p in corpus_files(CORPUS)])
        return
    examples: int = 5000 if arguments.examples is None else arguments.examples
    quiet = settings(
        max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    start = time.perf_counter()

    @quiet
    @given(scripts)
    def generated(data: bytes) -> None:
        read_and_check(data)

    generated()
    samples = [p.read_bytes() for p in corpus_files(CORPUS)]

    @quiet
    @given(st.data(), operations)
    def mutated(data: st.DataObject, ops: list[tuple[str, int, int]]) -> None:
        read_and_check(mutate(data.draw(st.sampled_from(samples)), ops))

    mutated()
    took = time.perf_counter() - start
    print(f"fuzz: {examples:,} generated + {examples:,} mutated scripts, property held ({took:.0f} s)")
    shapes(samples)


if __name__ == "__main__":
    main(sys.argv[1:])
