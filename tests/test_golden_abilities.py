"""Golden parameter maps and costs of real ability lines of different APIs (issue 11):
each line of ``tests/golden/ability_lines.json`` read by the fast reader and by the
grammar's rules gives the recorded map and cost, and checks clean."""

from __future__ import annotations

import json
from typing import Any

import pytest
from golden_abilities import GOLDEN_FILE, ROOT, ability_body, cost_json, select

from dfc_plugin.script.build import read_script
from dfc_plugin.script.parser import parse_param_map, parse_param_map_rule, parse_value

GOLDEN: list[dict[str, Any]] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))


def test_the_golden_file_holds_the_lines_the_bundled_scripts_have_now() -> None:
    assert [(e["source"], e["kind"], e["text"]) for e in GOLDEN] == select()


def test_enough_different_apis_and_costs() -> None:
    apis = {(e["kind"], e["params"][0][1]) for e in GOLDEN}
    assert len(apis) >= 40
    assert sum(1 for e in GOLDEN if e["cost"]) >= 20


@pytest.mark.parametrize("entry", GOLDEN, ids=[e["source"] for e in GOLDEN])
def test_ability_line_matches_its_golden_map_and_cost(entry: dict[str, Any]) -> None:
    text = entry["text"]
    fast, ruled = parse_param_map(text), parse_param_map_rule(text)
    assert [[p.key, p.value] for p in fast] == entry["params"]
    assert ruled == fast
    cost = fast.get("Cost")
    assert (cost_json(parse_value("cost", cost)) if cost else None) == entry["cost"]


@pytest.mark.parametrize("entry", GOLDEN, ids=[e["source"] for e in GOLDEN])
def test_golden_line_checks_clean_in_its_script(entry: dict[str, Any]) -> None:
    path, _, number = entry["source"].rpartition(":")
    result = read_script((ROOT / path).read_bytes(), path)
    assert [e.render() for e in result.errors] == []
    line = int(number)
    assert [w.render() for w in result.warnings if w.line == line] == []
    assert ability_body((ROOT / path).read_text(encoding="utf-8").split("\n")[line - 1].rstrip("\r"))
