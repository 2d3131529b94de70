"""Strategies and the property shared by the fuzz tests and the long fuzz run
(benchmarks/fuzz_long.py): scripts generated from the grammar's vocabulary, and corpus
scripts mutated byte by byte and line by line."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.build import ScriptResult, read_script
from dfc_plugin.script.parser import parse_script, parse_script_rule

KEYS = [
    "Name", "ManaCost", "Types", "PT", "Loyalty", "Defense", "Colors", "K", "A", "T", "S", "R",
    "SVar", "Oracle", "Text", "AlternateMode", "MeldPair", "DeckHints", "DeckHas", "Variant",
    "SPECIALIZE", "FlavorName", "AI", "SETCOLORID", "Frob", " Name", "",
]  # fmt: skip
FRAGMENTS = [
    "2", "U", "W/U", "2/B", "PW", "B/G/P", "X", "no cost", "C", "S", "{2}", "Q",
    "Legendary", "Creature", "Human", "Wizard", "Land", "Instant", "Sorcery", "Battle",
    "1/1", "*/*", "1+*", "-1", "red", "green,blue", "colorless", "Flying", "Disturb:1 U",
    "Craft:4 B ExileCtrlOrGrave<1/Creature.Other>", "SP$ Draw", "| NumCards$ 2",
    "DB$ SetState | Defined$ Self | Mode$ Transform", "Mode$ Phase", "$", "|", ":",
    "DoubleFaced", "Modal", "Meld", "Split", "WHITE", "PURPLE", "\\n", "\\", "\u2014", "\ufffd",
    " ", "\t", "#", "ALTERNATE", "Delver of Secrets",
]  # fmt: skip

value = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), max_size=6).map(" ".join)
key_line = st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(KEYS), value)
other_line = st.sampled_from(
    ["ALTERNATE", "ALTERNATE ", "", "# a comment", "//x", "SPECIALIZE:RED", " ", "no colon"]
)
line = st.one_of(key_line, key_line, key_line, other_line, st.text(max_size=20))
scripts = st.builds(
    lambda lines, newline, final: (newline.join(lines) + (newline if final else "")).encode(
        "utf-8", "surrogatepass"
    ),
    st.lists(line, max_size=40),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.booleans(),
)


def mutate(data: bytes, operations: list[tuple[str, int, int]]) -> bytes:
    """Apply byte and line mutations: flip, cut, insert invalid UTF-8 or NUL, duplicate or
    delete a line, add a 1 MB line or 10,000 faces."""
    for kind, at, arg in operations:
        n = max(len(data), 1)
        i = at % n
        if kind == "flip" and data:
            data = data[:i] + bytes([data[i] ^ (1 << (arg % 8))]) + data[i + 1 :]
        elif kind == "cut":
            data = data[:i]
        elif kind == "bad_utf8":
            data = data[:i] + b"\xc3\x28\xff" + data[i:]
        elif kind == "nul":
            data = data[:i] + b"\x00" + data[i:]
        elif kind in ("dup_line", "del_line"):
            lines = data.split(b"\n")
            j = at % len(lines)
            lines = lines[: j + 1] + lines[j:] if kind == "dup_line" else lines[:j] + lines[j + 1 :]
            data = b"\n".join(lines)
        elif kind == "huge_line":
            data = data[:i] + b"\nOracle:" + b"x" * 1_000_000 + b"\n" + data[i:]
        elif kind == "many_faces":
            data = data + b"\nALTERNATE\nName:F\nTypes:Creature\n" * 10_000
    return data


operations = st.lists(
    st.tuples(
        st.sampled_from(
            ["flip", "flip", "cut", "bad_utf8", "nul", "dup_line", "del_line", "huge_line", "many_faces"]
        ),
        st.integers(min_value=0, max_value=10**6),
        st.integers(min_value=0, max_value=255),
    ),
    min_size=1,
    max_size=4,
)


def corpus_files(root: Path, every: int = 37) -> list[Path]:
    files = sorted(root.rglob("*.txt"))
    return files[::every]


def read_and_check(data: bytes) -> ScriptResult:
    """The property: the loader returns a card, or errors that are CardScriptErrors with a
    position inside the file; it raises nothing."""
    result = read_script(data, "fuzz.txt")
    line_count = data.count(b"\n") + data.count(b"\r") + 1
    for problem in (*result.errors, *result.warnings):
        assert isinstance(problem, CardScriptError)
        assert problem.path == "fuzz.txt"
        assert 1 <= problem.line <= line_count + 1, (problem.line, line_count, problem.render())
        assert problem.column >= 1
        problem.render()  # renders without failing
    if result.card is None:
        assert result.errors, "no card and no error"
    same_tokens_as_the_script_rule(data)
    return result


def same_tokens_as_the_script_rule(data: bytes) -> None:
    """The loader lexes the file level only; the grammar's ``script`` rule, run by the
    LALR parser, must give the very same tokens."""
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff")
    fast = [(t.type, str(t), t.line) for t in parse_script(text)]
    ruled = [(t.type, str(t), t.line) for t in parse_script_rule(text)]
    assert fast == ruled
