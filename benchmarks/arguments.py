"""What the benchmarks' command lines share, so that each one's ``--help`` tells the truth
and a bad argument is a usage error (exit 2), not a traceback from deep in the run.

Every count a benchmark takes (rounds, examples, steps) must be at least 1: with none
there is no median to take and hypothesis refuses ``max_examples=0``.
"""

from __future__ import annotations

import argparse


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A parser described by the summary (first paragraph) of a benchmark's docstring;
    its program name is the script's, as argparse takes it from ``sys.argv[0]``."""
    summary = " ".join(doc.split("\n\n")[0].split()) if doc else None
    return argparse.ArgumentParser(description=summary)


def count(text: str) -> int:
    """A whole number, at least 1 (argparse makes the refusal a usage error)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a count (a whole number, at least 1)")
    return value


def add_count(command: argparse.ArgumentParser, name: str, default: int | None, meaning: str) -> None:
    """An optional positional count, ``NAME`` in the usage line (``default`` None: the
    benchmark tells whether it was given)."""
    command.add_argument(name.lower(), metavar=name, nargs="?", type=count, default=default, help=meaning)


def parse_rounds(doc: str | None, default: int, argv: list[str]) -> int:
    """The command line of a benchmark whose one argument is ``[ROUNDS]``."""
    command = parser(doc)
    add_count(command, "ROUNDS", default, f"alternating rounds to take the medians of (default {default})")
    value: int = command.parse_args(argv).rounds
    return value
