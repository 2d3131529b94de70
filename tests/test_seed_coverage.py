"""Every rule of ../shared/seeds/000 (CR 712 today) that is about behaviour is checked by
a rule-handler test (a test marked ``@pytest.mark.rule("712.x")``). The rules about how
the printed card looks are checked through what they imply in play (the front face is the
one a card has by default, the back face the one it turns to)."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import SHARED, need_shared

TESTS = Path(__file__).resolve().parent
_MARK = re.compile(r"mark\.rule\(([^)]*)\)")
_NUMBER = re.compile(r'"(\d{3}\.\d+[a-z]?)"')


def marked_rules() -> set[str]:
    found: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        for args in _MARK.findall(path.read_text(encoding="utf-8")):
            found.update(_NUMBER.findall(args))
    return found


def seed_rules(name: str) -> list[str]:
    seed = next(need_shared(SHARED / "seeds").glob(f"{name}_*.txt"))
    return re.findall(r"^(\d{3}\.\d+[a-z]?)[. ]", seed.read_text(encoding="utf-8"), re.MULTILINE)


def test_every_current_seed_rule_has_a_handler_test() -> None:
    rules = seed_rules("000")
    assert len(rules) == 40
    assert sorted(set(rules) - marked_rules()) == []


def test_every_2017_seed_rule_that_differs_has_a_test() -> None:
    """The 2017 rules whose answer differs from today's have edition tests (711.1,
    711.1d, 711.4b, 711.5, 711.7, 711.9a, 711.10, 711.13, 711.2)."""
    differing = {"711.1", "711.1d", "711.4b", "711.7", "711.9a", "711.10", "711.13", "711.2"}
    assert set(seed_rules("002")) >= differing
    assert sorted(differing - marked_rules()) == []
