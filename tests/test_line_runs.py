"""A line repeated right after itself (a hostile file's thousands of ``K:a``) goes to its
run handler in one call (parser.line_walk, build.py's ``on_*_run``): the walk must hand
on exactly the lines the scanner reads, and the builder's result must be the one its
line handlers give called line by line (the plain path), on scripts of runs of repeated
lines."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Literal

import pytest
from fuzz_support import line as any_line
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_line_walk import RECORDER, walk_from_items

from dfc_plugin.cards import Ability, ExtraLine, Keyword, SVar
from dfc_plugin.errors import CardScriptError
from dfc_plugin.script import build
from dfc_plugin.script.build import decode_script, read_script
from dfc_plugin.script.parser import LineHandlers, line_walk

#: Lines a hostile file repeats, and lines that change what a repeat means (a face
#: opened or closed, a bad value, a comment or a blank inside a run of bare lines).
SHORT = [
    "K:a", "K:Flying", "K:Disturb:1 U", "K:", "A:x", "T:Mode$ Phase", "S:Mode$ Continuous",
    "R:Event$ Moved", "SVar:D:DB$ Draw", "SVar:X", "Foo:1", "Foo:", "x:y:z", "PT:1", "PT:2/2",
    "ManaCost:1 U", "Oracle:x", "Draft:x", "AI:RemoveDeck:All", "Name:A", "Name:B",
    "Types:Creature", "AlternateMode:Modal", "ALTERNATE", "SPECIALIZE:RED", "", "x", "#", "# c",
    "K: a ", "A:  x ", "SVar: D:DB$ Draw ", "Foo: 1 ",
]  # fmt: skip
runs = st.lists(
    st.tuples(st.one_of(st.sampled_from(SHORT), any_line), st.integers(1, 70)), min_size=1, max_size=12
)


def _script(parts: list[tuple[str, int]], newline: str) -> bytes:
    return newline.join(line for line, count in parts for _ in range(count)).encode("utf-8", "surrogatepass")


scripts_with_runs = st.builds(_script, runs, st.sampled_from(["\n", "\r\n", "\r"]))


def _expanding(kind_of: Callable[[Any], str]) -> Callable[[list[tuple[str, str, int]], str, range], None]:
    def run(calls: list[tuple[str, str, int]], text: str, lines: range) -> None:
        calls.extend((kind_of(text), text, number) for number in lines)

    return run


def _recorded_kind(text: str) -> str:
    calls: list[tuple[str, str, int]] = []
    line_walk(text, RECORDER, calls)
    return calls[0][0]


#: The test's recorder with a run handler for each kind: each run written out line by line.
RUN_RECORDER = LineHandlers(
    RECORDER.by_kind, runs={handler: _expanding(_recorded_kind) for handler in RECORDER.by_kind.values()}
)


@settings(max_examples=300, deadline=None)
@given(scripts_with_runs)
def test_the_walk_hands_on_the_scanners_lines_with_runs(data: bytes) -> None:
    assume(b"\x00" not in data)
    text = decode_script(data, "x.txt")
    expected = walk_from_items(text)
    for handlers in (RECORDER, RUN_RECORDER):
        calls: list[tuple[str, str, int]] = []
        line_walk(text, handlers, calls)
        assert calls == expected


@contextmanager
def _plain() -> Iterator[None]:
    """The builder with no run handlers: each repeat handed to its line handler."""
    runs_kept = build._LINE_HANDLERS
    plain = copy.copy(runs_kept)
    plain.by_key, plain.runs = dict(runs_kept.by_key), {}
    build._LINE_HANDLERS = plain
    try:
        yield
    finally:
        build._LINE_HANDLERS = runs_kept


def _everything(data: bytes) -> tuple[Any, ...]:
    """All the builder made of a script, its faces' drafts too (a card with errors gives
    no faces)."""
    try:
        text = decode_script(data, "x.txt")
    except CardScriptError as error:
        return (None, error.as_dict())
    builder = build._CardBuilder(text, "x.txt", False)
    card = builder.build()
    return (
        card,
        builder.faces,
        builder.card_lines,
        [e.as_dict() for e in builder.errors],
        [w.as_dict() for w in builder.warnings],
        builder.outline,
    )


def _same_as_plain(data: bytes) -> None:
    with _plain():
        plain = _everything(data)
    assert _everything(data) == plain
    assert _everything(data)[0] == read_script(data, "x.txt").card


@settings(max_examples=300, deadline=None)
@given(scripts_with_runs)
def test_runs_read_as_each_line_read_in_turn(data: bytes) -> None:
    _same_as_plain(b"Name:A\nTypes:Creature\n" + data)
    _same_as_plain(data)


def test_long_runs_read_as_each_line_read_in_turn() -> None:
    """Runs past the diagnostics kept, before and after a face is opened."""
    for line in SHORT:
        run = (line + "\n").encode() * 130
        _same_as_plain(run + b"Name:A\nTypes:Creature\n" + run + b"ALTERNATE\n" + run)
        _same_as_plain(b"Name:A\nTypes:Creature\n" + run)


def test_a_run_of_unknown_lines_fills_the_room_left_and_counts_the_rest() -> None:
    result = read_script(b"Name:A\nTypes:Creature\n" + b"Foo:1\n" * 120, "x.txt")
    assert [(w.code, w.line) for w in result.warnings] == [("unknown-key", n) for n in range(3, 53)] + [
        ("too-many", 52)
    ]
    assert result.warnings[-1].message == "70 more warnings after this line are not shown"
    assert result.card is not None
    assert [e.line for e in result.card.faces[0].extra] == list(range(3, 123))


@pytest.mark.parametrize("lines", [range(7, 12), range(7, 40)])  # (fewer than _FEW, and more)
def test_the_batch_constructors_make_what_the_single_ones_make(lines: range) -> None:
    keywords = [("Disturb", ("1 U",), n, 3 + n % 2) for n in lines]
    assert Keyword.read_all(keywords) == [Keyword(*fields) for fields in keywords]
    abilities: list[tuple[Literal["A", "T", "S", "R"], str, int, int]] = [
        ("A", f"AB$ Draw | N$ {n}", n, 3) for n in lines
    ]
    assert Ability.read_all(abilities) == [Ability(*fields) for fields in abilities]
    assert SVar.read_all([("X:1", n, 6) for n in lines]) == [SVar("X:1", n, 6) for n in lines]
    extras = [("F", "1", n, n % 2 == 0) for n in lines]
    assert ExtraLine.read_all(extras) == [ExtraLine(*fields) for fields in extras]
    assert Keyword.read_all([]) == []
    assert Ability.read_all([]) == []
    made = Ability.read_all(abilities)
    assert [vars(a) for a in made] == [vars(Ability(*fields)) for fields in abilities]
    assert made[0].params.get("N") == "7"  # (each has a dictionary of its own for its cached map)
    assert "params" not in vars(made[1])
