"""validate.check_faces_kept makes only the findings the builder shows (the first
MAX_DIAGNOSTICS of each severity) and counts the rest, and finds a run of one line's
findings once: what it keeps and counts must be exactly what checking every line on its
own and filtering gives, for any room left, on faces with runs of one line,
alternations, and lines whose findings need their face (SVar references), which are
checked in full in between the remembered ones."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from dfc_plugin.cards import Ability, Face, Keyword, SVar, TypeLine
from dfc_plugin.script import validate
from dfc_plugin.script.build import read_script
from dfc_plugin.script.validate import Problem, check_faces, check_faces_kept

#: Ability lines: clean, an unknown API (a warning), no lead (an error), two findings of
#: two severities, an unknown SVar named (checked with its face), a bad cost.
ABILITY_TEXTS: list[tuple[Literal["A", "T", "S", "R"], str]] = [
    ("A", "AB$ Draw | Cost$ T"),
    ("A", "AB$ Drow | Cost$ T"),
    ("A", "x"),
    ("A", "x | | NumCards 2"),
    ("A", "AB$ Draw | SubAbility$ Nope"),
    ("A", "AB$ Draw | SubAbility$ D"),
    ("T", "Mode$ Nope | Execute$ D"),
    ("A", "AB$ Draw | Cost$ 2 Y"),
]
#: Keywords: known, unknown (a warning), a bad cost (an error) and a good one of the same
#: keyword (the same name and column: only the arguments tell them apart).
KEYWORDS: list[tuple[str, tuple[str, ...]]] = [
    ("Flying", ()),
    ("a", ()),
    ("Flashback", ("2 Y",)),
    ("Flashback", ("2 U",)),
    ("Ward", ("2 U",)),
]

abilities = st.lists(
    st.tuples(st.sampled_from(ABILITY_TEXTS), st.integers(3, 4), st.integers(1, 3)), max_size=40
).map(
    # (runs of one line: each entry repeated 1 to 3 times, at consecutive lines)
    lambda entries: [
        Ability(kind, text, 10 + index, column)
        for index, ((kind, text), column, _) in enumerate(e for e in entries for _ in range(e[2]))
    ]
)
keywords = st.lists(st.tuples(st.sampled_from(KEYWORDS), st.integers(3, 4)), max_size=40).map(
    lambda entries: [Keyword(name, args, 100 + n, column) for n, ((name, args), column) in enumerate(entries)]
)


def _face(ability_list: list[Ability], keyword_list: list[Keyword], with_svar: bool) -> Face:
    svars = (SVar("D:DB$ Draw", 500, 6),) if with_svar else (SVar("E:DB$ Drw", 500, 6),)
    return Face(
        name="A",
        mana_cost=None,
        type_line=TypeLine(),
        line=1,
        abilities=tuple(ability_list),
        keywords=tuple(keyword_list),
        svars=svars,
    )


class _LineByLine(validate._FaceChecker):
    """The checker with nothing remembered: each ability line and keyword checked in
    full at its own line."""

    def check_abilities(self, abilities: Iterable[Ability]) -> None:
        for ability in abilities:
            if not self.clean(ability.kind, ability.text):
                label = f"{ability.kind}: line"
                self.check_map_budgeted(ability.kind, ability.text, ability.line, ability.column, label)

    def check_keywords(self, keywords: Iterable[Keyword]) -> None:
        for keyword in keywords:
            self.check_keyword_fully(keyword)


def _every_finding(faces: list[Face]) -> list[Problem]:
    kept = validate.Findings()
    for face in faces:
        _LineByLine(face, kept).run()
    return kept.problems


def _filtered(problems: list[Problem], errors: int, warnings: int) -> tuple[list[Problem], int, int]:
    """The reference: every finding, the first ``errors`` errors and ``warnings`` warnings
    kept in order, the rest counted."""
    kept: list[Problem] = []
    more = {"error": 0, "warning": 0}
    room = {"error": errors, "warning": warnings}
    for problem in problems:
        severity = "error" if problem.severity == "error" else "warning"
        if room[severity] > 0:
            room[severity] -= 1
            kept.append(problem)
        else:
            more[severity] += 1
    return kept, more["error"], more["warning"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(abilities, keywords, st.booleans()), min_size=1, max_size=2),
    st.integers(0, 12),
    st.integers(0, 12),
)
def test_kept_findings_are_every_finding_filtered(
    faces: list[tuple[list[Ability], list[Keyword], bool]], errors: int, warnings: int
) -> None:
    built = [_face(*face) for face in faces]
    kept = check_faces_kept(built, errors, warnings)
    assert (kept.problems, kept.more["error"], kept.more["warning"]) == _filtered(
        _every_finding(built), errors, warnings
    )
    assert check_faces(built) == _every_finding(built)
    assert all(type(problem) is Problem for problem in kept.problems)


def test_a_run_past_the_room_is_counted_and_the_findings_after_it_kept() -> None:
    # 30 errors (no lead) then a warning line: room for 5 errors and 1 warning
    face = Face(
        name="A",
        mana_cost=None,
        type_line=TypeLine(),
        line=1,
        abilities=tuple(Ability("A", "x", n, 3) for n in range(3, 33)),
        keywords=(Keyword("a", (), 40, 3),),
    )
    kept = check_faces_kept([face], 5, 1)
    assert [(p.code, p.line) for p in kept.problems] == [("no-lead", n) for n in range(3, 8)] + [
        ("unknown-keyword", 40)
    ]
    assert kept.more == {"error": 25, "warning": 0}


def test_the_builder_shows_fifty_of_a_run_and_counts_the_rest() -> None:
    result = read_script(b"Name:A\nTypes:Creature\n" + b"A:x\n" * 70 + b"K:a\n" * 3, "x.txt")
    assert [(e.code, e.line) for e in result.errors] == [("no-lead", n) for n in range(3, 53)] + [
        ("too-many", 52)
    ]
    assert result.errors[-1].message == "20 more errors after this line are not shown"
    assert [(w.code, w.line) for w in result.warnings] == [("unknown-keyword", n) for n in (73, 74, 75)]
