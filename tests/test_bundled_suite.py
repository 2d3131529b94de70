"""The main job as a user runs it: ``dfc-plugin conformance --json`` on the bundled engine
passes, and its results name every rule of the seeds and every official ruling we were
given. The counts here are read from ../shared directly, not from the suite's own rules
index, so a ruling dropped from both the index and the scenarios is still caught."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED, need_shared

_RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)[. ]", re.MULTILINE)


@cache
def main_job() -> dict[str, Any]:
    command = shutil.which("dfc-plugin") or str(Path(sys.executable).parent / "dfc-plugin")
    result = subprocess.run([command, "conformance", "--json"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def named(key: str, edition: str | None = None) -> set[str]:
    """Every rule number or ruling id the non-descriptive and descriptive runs name."""
    found: set[str] = set()
    for result in main_job()["results"]:
        if edition is None or result["edition"] == edition:
            found.update(result[key])
    return found


def seed_text(prefix: str) -> str:
    return next(need_shared(SHARED / "seeds").glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


def test_the_main_job_passes_with_nothing_failed_or_in_error() -> None:
    report = main_job()
    assert report["failed"] == 0 and report["errors"] == 0 and report["known_gaps"] == 0
    assert report["load_errors"] == []
    assert report["passed"] >= 300
    assert report["passed"] + report["descriptive"] == report["scenarios"]


def test_every_rule_of_cr712_today_is_replayed() -> None:
    rules = set(_RULE_LINE.findall(seed_text("000")))
    assert len(rules) == 40
    assert sorted(rules - named("rules")) == []


def test_every_rule_of_cr711_2017_is_replayed_under_the_2017_edition() -> None:
    rules = set(_RULE_LINE.findall(seed_text("002")))
    assert len(rules) == 21
    assert sorted(rules - named("rules", edition="2017")) == []


def test_every_spider_man_ruling_is_replayed() -> None:
    paragraphs = [p.strip() for p in seed_text("003").split("\n\n") if p.strip() not in ("", "Search")]
    wanted = {f"spider-man-2025#{n}" for n in range(2, len(paragraphs) + 2)}
    assert len(wanted) == 21
    assert sorted(wanted - named("rulings")) == []


def ruling_counts() -> dict[str, int]:
    """How many rulings each file of ../shared/rulings holds: ``- [date] ...`` bullets of a
    card's file, ``* ...`` bullets after the first heading of release notes."""
    folder = SHARED / "rulings"
    counts: dict[str, int] = {}
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else ():
        text = path.read_text(encoding="utf-8")
        if path.stem.startswith("release-notes"):
            counts[path.stem] = len(re.findall(r"^\* ", text.split("\n## ", 1)[-1], re.MULTILINE))
        elif found := re.findall(r"^- \[\d{4}-\d{2}-\d{2}\]", text, re.MULTILINE):
            counts[path.stem] = len(found)
    return counts


@pytest.mark.parametrize(("stem", "count"), sorted(ruling_counts().items()))
def test_every_ruling_is_replayed(stem: str, count: int) -> None:
    wanted = {f"{stem}#{n}" for n in range(1, count + 1)}
    assert count > 0
    assert sorted(wanted - named("rulings")) == []


def test_every_ruling_id_named_exists() -> None:
    """No scenario cites a ruling that isn't there (a typo would silently leave the real
    one unreplayed)."""
    need_shared(SHARED / "rulings")
    counts = {"spider-man-2025": 22, **ruling_counts()}
    wrong = []
    for ruling in named("rulings"):
        stem, _, number = ruling.partition("#")
        if not 1 <= int(number) <= counts.get(stem, 0):
            wrong.append(ruling)
    assert sorted(wrong) == []
