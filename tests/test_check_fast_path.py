"""The quick answers of ``check`` give what the full check gives (issue 11, "Fast").

Most ability lines have no finding; :func:`validate._clean_map` says so without reading
the line segment by segment. These tests read scripts twice, once with the quick answer
and once with every map sent to the full check, and want the same diagnostics.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FORGE_2020, need_shared
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfc_plugin.script import validate
from dfc_plugin.script.build import ScriptResult, read_script
from dfc_plugin.script.library import script_files


def _diagnostics(result: ScriptResult) -> list[tuple[object, ...]]:
    return [
        (p.severity, p.code, p.line, p.column, p.end_column, str(p), p.hint)
        for p in (*result.errors, *result.warnings)
    ]


def _both(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[object, ...]], ...]:
    """The diagnostics with the quick answer, and with every map checked in full."""
    quick = _diagnostics(read_script(data, "card.txt"))
    with monkeypatch.context() as patch:
        patch.setattr(validate._FaceChecker, "clean", lambda self, kind, text: False)
        full = _diagnostics(read_script(data, "card.txt"))
    return quick, full


#: Pieces of ability lines: good segments, references, costs, and the mistakes a line
#: can hold (a missing or doubled ``$`` or ``|``, blank keys, odd spaces).
PIECES = [
    "AB$ Draw",
    "SP$ DealDamage",
    "DB$ Pump",
    "Mode$ ChangesZone",
    "AB$ Drw",
    " | ",
    "|",
    "||",
    "$",
    " $ x",
    "Cost$ 2 U",
    "Cost$ 2 Y",
    "Cost$ DBCost",
    "SubAbility$ DBPump",
    "Execute$ TrigX",
    "References$ DBPump, ,X",
    "Abilities$ ,DBPump",
    "NumCards$ 2",
    " NumCards 2",
    "Defined$ You$",
    "SpellDescription$ Draw $2 Cost$ now",
    " Defined$ You ",
    "\u00a0",
    "\t",
]

lines = st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    abilities=st.lists(st.tuples(st.sampled_from("ATSR"), lines), max_size=4),
    svars=st.lists(st.tuples(st.sampled_from(["DBPump", "TrigX", "DBCost", "X"]), lines), max_size=3),
)
def test_quick_answer_is_the_full_check(
    abilities: list[tuple[str, str]], svars: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = ["Name:Probe", "ManaCost:1 U", "Types:Creature Human", "PT:1/1"]
    script += [f"{kind}:{text}" for kind, text in abilities]
    script += [f"SVar:{name}:{text}" for name, text in svars]
    quick, full = _both("\n".join(script).encode(), monkeypatch)
    assert quick == full


def test_quick_answer_keeps_every_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines the quick answer must not call clean, one for each thing it looks at: each
    has exactly one finding."""
    script = b"""Name:Probe
ManaCost:1 U
Types:Creature Human
PT:1/1
A:AB$ Draw | Cost$ 2 Y | NumCards$ 1
A:AB$ Draw | Cost$ T | SubAbility$ DBNone
A:AB$ Drw | Cost$ T
A:AB$ Draw | Defined$ You NumCards$ 1
A:AB$ Draw | Cost$ T |  $ 1
SVar:DBUnused:DB$ Pump | Defined$ Self
A:AB$ Draw | Defined$ You$ | NumCards 1
A: $ Draw | NumCards$ 1
A:AB$ Draw | NumCards 1
"""
    quick, full = _both(script, monkeypatch)
    assert quick == full
    assert sorted((line, code) for _, code, line, *_ in quick) == [
        (5, "bad-cost"),
        (6, "unknown-svar"),
        (7, "unknown-api"),
        (8, "missing-pipe"),
        (9, "empty-key"),
        (10, "unused-svar"),
        (11, "missing-dollar"),
        (12, "empty-key"),
        (13, "missing-dollar"),
    ]


def test_quick_answer_on_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every 25th script of the Forge 2020 corpus: the same diagnostics both ways."""
    files = script_files(need_shared(FORGE_2020)).scripts[::25]
    differ = []
    for path in files:
        quick, full = _both(Path(path).read_bytes(), monkeypatch)
        if quick != full:
            differ.append(path)
    assert len(files) > 500
    assert differ == []
