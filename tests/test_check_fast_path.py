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

from dfc_plugin.script import lift, validate
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


def _lifted(data: bytes, path: str) -> tuple[object, ...]:
    result = read_script(data, path)
    card = result.card
    return (card.dfc, card.token_scripts) if card else tuple(_diagnostics(result))


@pytest.mark.parametrize("folder", ["cardscripts", "corpus"])
def test_cards_without_records_skip_the_lift(folder: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A card with no marked line, DFC keyword, siege, meld pair, meld or modal layout
    gets the shared empty record: the same records as the full lift finds."""
    root = Path(__file__).resolve().parent.parent / "cardscripts" if folder == "cardscripts" else None
    files = script_files(root).scripts if root else script_files(need_shared(FORGE_2020)).scripts[::10]
    datas = [(path, Path(path).read_bytes()) for path in files]
    quick = [_lifted(data, path) for path, data in datas]
    with monkeypatch.context() as patch:
        patch.setattr(lift, "_may_hold_records", lambda face: True)
        full = [_lifted(data, path) for path, data in datas]
    assert quick == full
    assert sum(1 for records, *_ in quick if records) > 5  # (cards with DFC records among them)


def test_a_siege_without_marked_lines_keeps_its_record() -> None:
    """Sieges may be cast transformed (CR 310.11b: "exile it, then you may cast it
    transformed without paying its mana cost"): that record comes from its
    type line alone, so a siege with no marked line is still lifted."""
    script = b"""Name:Probe Siege
ManaCost:2 R
Types:Battle Siege
Defense:4
AlternateMode:DoubleFaced
ALTERNATE
Name:Probe Back
Types:Creature Elemental
PT:3/3
"""
    card = read_script(script, "probe_siege.txt").card
    assert card is not None
    assert [(p.kind, p.zone) for p in card.dfc.cast_back_face] == [("siege", "exile")]
