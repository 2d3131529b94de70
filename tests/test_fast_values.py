"""The fast readers of mana costs and P/T (dfc_plugin/script/fast.py) give what the
grammar's ``mana_cost`` and ``pt`` rules give, and leave the other shapes to the parser
(tests/test_corpus.py checks them on every such value of the corpus)."""

from __future__ import annotations

import pytest

from dfc_plugin.script.fast import FAST_READERS
from dfc_plugin.script.parser import read_value, read_value_rule


@pytest.mark.parametrize(
    ("start", "text", "fast"),
    [
        ("mana_cost", "2 U U", True),
        ("mana_cost", "X X R", True),
        ("mana_cost", "10\tC S", True),
        ("mana_cost", "0", True),
        ("mana_cost", "no cost", False),  # its value is None: the parser's
        ("mana_cost", "WU", False),
        ("mana_cost", "2/W B", False),
        ("mana_cost", "U/P", False),
        ("mana_cost", "U U/U", False),  # an error, with its column, from the parser
        ("mana_cost", "P", False),
        ("mana_cost", "", False),
        ("mana_cost", "٣ U", False),  # a digit Python's int() reads but the grammar does not
        ("pt", "2/3", True),
        ("pt", "*/*", True),
        ("pt", "-1/3", True),
        ("pt", "0/0", True),
        ("pt", "1+*/1+*", False),
        ("pt", "X/X", False),
        ("pt", "2/2/", False),
        ("pt", "2 /2", False),
        ("pt", "٣/3", False),
        ("pt", "/", False),
    ],
)
def test_a_fast_reader_reads_as_the_rule_or_leaves_it_to_the_rule(start: str, text: str, fast: bool) -> None:
    found = FAST_READERS[start](text)
    assert (found is not None) is fast
    if found is not None:
        assert found == read_value_rule(start, text)
    assert read_value(start, text) == read_value_rule(start, text)


def test_a_remembered_keyword_line_keeps_its_own_line_and_column() -> None:
    """``K:`` lines are remembered by their text (build.py ``_good_keyword_line``): the
    same text in another file, or later in the same one, gets its own line number."""
    from dfc_plugin.script.build import read_script

    first = read_script(b"Name:A\nTypes:Creature\nK:  Flying\nK:Ward:2 U\n", "a.txt")
    second = read_script(b"Name:B\nTypes:Creature\nPT:1/1\n\nK:Ward:2 U\nK:  Flying\n", "b.txt")
    assert first.card is not None
    assert second.card is not None
    got = [(k.name, k.args, k.line, k.column) for k in second.card.faces[0].keywords]
    assert got == [("Ward", ("2 U",), 5, 3), ("Flying", (), 6, 5)]


def test_a_bad_keyword_line_is_reported_every_time() -> None:
    from dfc_plugin.script.build import read_script

    for _ in range(2):
        result = read_script(b"Name:A\nTypes:Creature\nK::a\nK::a\n", "a.txt")
        assert [(e.line, e.code) for e in result.errors] == [(3, "bad-keyword"), (4, "bad-keyword")]
