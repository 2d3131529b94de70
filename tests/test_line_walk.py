"""The builder's line walk (parser.line_walk: a split and a key look-up per line) gives
its handlers exactly what the grammar's line terminals give, read by the scanner
(parser.line_items) and each run of lines split into its lines: on every corpus script,
on generated scripts, and on the lines whose kind is easy to get wrong."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fuzz_support import scripts
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.build import decode_script
from dfc_plugin.script.parser import LINE_KINDS, LineHandlers, line_items, line_kind, line_walk


def walked(text: str) -> list[tuple[str, str, int]]:
    """What line_walk hands to each kind's handler, in order."""
    calls: list[tuple[str, str, int]] = []
    line_walk(text, RECORDER, calls)
    return calls


def _recorder(kind: str) -> Callable[[list[tuple[str, str, int]], str, int], None]:
    def record(calls: list[tuple[str, str, int]], text: str, line: int) -> None:
        calls.append((kind, text, line))

    return record


RECORDER = LineHandlers(
    {kind: _recorder(kind) for kind in {*LINE_KINDS.values(), "UNKNOWN_LINE", "BARE_LINES", "ALTERNATE"}}
)


def walk_from_items(text: str) -> list[tuple[str, str, int]]:
    """The reference: the scanner's tokens, each run of lines handed on line by line (a
    run of bare lines and the separator whole), blank lines and comments left out."""
    walked: list[tuple[str, str, int]] = []
    for kind, item, line in line_items(text):
        if kind == "COMMENT":
            continue
        body = item.rstrip("\n")
        if kind in ("BARE_LINES", "ALTERNATE"):
            walked.append((kind, body, line))
            continue
        for offset, one in enumerate(body.split("\n")):
            if one:
                walked.append((kind, one, line + offset))
    return walked


#: Lines and the terminal that reads each: a key's prefix without its colon is no key,
#: a colon first or after "#" makes no Key:value line, SETCOLORID starts a family of keys.
KINDS = [
    ("K:Flying", "LIST_LINES"),
    ("SVar:X:Count$Y", "LIST_LINES"),
    ("PT:1", "PT_LINE"),
    ("PTx", "BARE_LINES"),
    ("Kx", "BARE_LINES"),
    ("SVarX", "BARE_LINES"),
    ("Name", "BARE_LINES"),
    (" K:a", "UNKNOWN_LINE"),
    ("SVa:x", "UNKNOWN_LINE"),
    ("x:y:z", "UNKNOWN_LINE"),
    ("a#b:c", "UNKNOWN_LINE"),
    ("ALTERNATE:x", "UNKNOWN_LINE"),
    ("SETCOLORIDq:1", "CARD_LINE"),
    ("SETCOLORID:1", "CARD_LINE"),
    ("SETCOLORIDx", "BARE_LINES"),
    ("AI:RemoveDeck:All", "CARD_LINE"),
    (":", "BARE_LINES"),
    (":x:y", "BARE_LINES"),
    ("#", "COMMENT"),
    ("#Name:x", "COMMENT"),
    ("ALTERNATE", "ALTERNATE"),
    ("ALTERNATE ", "BARE_LINES"),
    ("ALTERNATEx", "BARE_LINES"),
    (" ", "BARE_LINES"),
    ("\u2028", "BARE_LINES"),
    ("", "_BLANK"),
]


@pytest.mark.parametrize(("line", "kind"), KINDS)
def test_each_line_kind_is_the_scanners(line: str, kind: str) -> None:
    assert line_kind(line) == kind
    scanned = [k for k, _, _ in line_items(line + "\n")]
    assert scanned == ([] if kind == "_BLANK" else [kind])
    kinds = [k for k, _, _ in walked(line)]
    assert kinds == ([] if kind in ("_BLANK", "COMMENT") else [kind])


def test_every_key_is_the_scanners() -> None:
    for key, kind in LINE_KINDS.items():
        assert [k for k, _, _ in line_items(f"{key}:v\n")] == [kind], key


@pytest.mark.parametrize(
    "text",
    [
        "x\n\ny\nK:a\n",  # a run of bare lines keeps the blank line inside it
        "x\n\n\nK:a",  # but not the blank lines after it
        "x\n#c\ny\n",  # a comment ends a run of bare lines
        "x\nALTERNATE\ny",  # so does the separator
        "\n\nName:A\n\n\nPT:1\n\nPT:2",  # blank lines are counted, never handed on
        "Name:A\nALTERNATE\nALTERNATE\n",
        "",
        "\n\n",
        # runs and alternations of short lines, as in benchmarks/fuzz_long.py's shapes
        "Name:A\nTypes:Creature\n" + "PT:1\nK:a\n" * 50,
        "Name:A\nTypes:Creature\n" + "#\nK:a\n" * 50,
        "Name:A\nTypes:Creature\n" + "K:a\nFoo:1\n" * 50,
        "Name:A\nTypes:Creature\n" + "x\n" * 50,
        "Name:A\nTypes:Creature\n\nALTERNATE\n\n" * 20,
    ],
)
def test_the_walk_is_the_scanners_on_edge_cases(text: str) -> None:
    assert walked(text) == walk_from_items(text)


known_lines = st.lists(st.sampled_from([line for line, _ in KINDS]), max_size=30).map(
    lambda lines: "\n".join(lines).encode()
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(scripts, known_lines))
def test_the_walk_is_the_scanners_on_generated_scripts(data: bytes) -> None:
    try:
        text = decode_script(data, "x.txt")
    except CardScriptError:
        assume(False)  # (not text: a NUL byte or a byte that is not UTF-8)
    assert walked(text) == walk_from_items(text)


def test_the_walk_is_the_scanners_on_the_corpus(forge_2020: Path, forge_current: Path) -> None:
    count = 0
    for path in [*sorted(forge_2020.rglob("*.txt")), *sorted(forge_current.rglob("*.txt"))]:
        text = decode_script(path.read_bytes(), str(path))
        assert walked(text) == walk_from_items(text), path
        count += 1
    assert count == 18_323
