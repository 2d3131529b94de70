"""The lines a diagnostic shows, and where the read stops past MAX_LINES, found from
one split of the text (build.py): the same text as a walk line by line would give."""

from __future__ import annotations

import pytest

from dfc_plugin.script.build import MAX_LINES, _nth_line_end, read_script


def _walked_end(text: str, count: int) -> int | None:
    """The reference: pass ``count`` line breaks one at a time."""
    position = -1
    for _ in range(count):
        position = text.find("\n", position + 1)
        if position < 0:
            return None
    return position + 1


@pytest.mark.parametrize("text", ["", "a", "a\n", "a\nb", "\n\n\n", "ab\ncd\n\nef", "x\n" * 7])
@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 7, 8])
def test_nth_line_end_is_the_walk(text: str, count: int) -> None:
    assert _nth_line_end(text, count) == _walked_end(text, count)


def test_the_line_past_the_limit_is_shown_and_nothing_after_it_is_read() -> None:
    body = "".join(f"Foo{n}:1\n" for n in range(MAX_LINES + 5))
    result = read_script(f"Name:A\nTypes:Creature\n{body}".encode(), "x.txt")
    too_many = [e for e in result.errors if e.code == "too-many-lines"]
    assert [(e.line, e.source_line) for e in too_many] == [(MAX_LINES + 1, f"Foo{MAX_LINES - 2}:1")]
    shown = {e.line: e.source_line for e in result.warnings if e.code == "unknown-key"}
    assert shown[3] == "Foo0:1" and shown[4] == "Foo1:1"
    assert max(e.line for e in (*result.errors, *result.warnings)) == MAX_LINES + 1


def test_a_diagnostic_on_the_last_line_without_a_break_shows_it() -> None:
    result = read_script(b"Name:A\nTypes:Creature\nBar:2", "x.txt")
    assert [(e.line, e.source_line) for e in result.warnings if e.code == "unknown-key"] == [(3, "Bar:2")]
