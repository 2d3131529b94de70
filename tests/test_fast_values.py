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
