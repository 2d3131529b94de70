"""A line repeated on a face is checked once (validate.py memoises a map's findings by
text and column), yet every copy gets its findings at its own line, in file order, the
same as a face holding each line once."""

from __future__ import annotations

from dfc_plugin.script.build import read_script
from dfc_plugin.script.validate import Problem, check_faces


def _problems(script: bytes) -> list[tuple[int, int, str]]:
    result = read_script(script, "x.txt")
    return [(e.line, e.column, e.code) for e in (*result.errors, *result.warnings)]


def test_a_repeated_bad_line_is_reported_at_each_line() -> None:
    head = b"Name:A\nTypes:Creature\n"
    once = _problems(head + b"A:AB$ Drow | Cost$ T\n")
    assert once, "the line has a finding (unknown API)"
    twice = _problems(head + b"A:AB$ Drow | Cost$ T\nK:Flying\nA:AB$ Drow | Cost$ T\n")
    assert twice == [*once, *((5, column, code) for _, column, code in once)]


def test_a_repeated_clean_line_still_names_its_svar() -> None:
    # A clean line repeated stays clean, and its SVar counts as named (no dead-SVar warning).
    script = b"Name:A\nTypes:Creature\nA:AB$ Draw | SubAbility$ D\nA:AB$ Draw | SubAbility$ D\nSVar:D:DB$ Draw\n"
    assert _problems(script) == []


def test_findings_carry_their_own_line() -> None:
    from dfc_plugin.cards import Ability, Face, TypeLine

    line = "AB$ Drow | Cost$ T"
    face = Face(
        name="A",
        mana_cost=None,
        type_line=TypeLine(),
        line=1,
        abilities=(Ability("A", line, 3, 3), Ability("A", line, 9, 3), Ability("A", line, 4, 5)),
    )
    found = check_faces([face])
    assert [p.line for p in found] == [3, 9, 4]
    assert [p.column for p in found][:2] == [found[0].column] * 2
    assert found[2].column == found[0].column + 2
    assert all(type(p) is Problem for p in found)
