"""What the suite must cover, and how much of it the scenarios cover.

The list of rule numbers and ruling ids (``rules_index.json``, built from ../shared by
``tools/build_rules_index.py``) ships in the wheel. A rule or ruling is covered by a
scenario that names it; it is *descriptive* if only descriptive scenarios name it (a rule
about the printed card, or a ruling with nothing to play), which the report shows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from dfc_plugin.conformance.schema import Scenario

__all__ = ["Coverage", "SectionCoverage", "coverage", "drives_the_game", "played_count", "rules_index"]


@cache
def rules_index() -> dict[str, Any]:
    text = resources.files("dfc_plugin.conformance").joinpath("rules_index.json").read_text(encoding="utf-8")
    index: dict[str, Any] = json.loads(text)
    return index


@dataclass(frozen=True)
class SectionCoverage:
    """One section: how many of its rules (or rulings) scenarios cover."""

    name: str
    total: int
    covered: int
    descriptive: int
    missing: tuple[str, ...]

    def line(self, noun: str = "subrules") -> str:
        extra = f" ({self.descriptive} descriptive)" if self.descriptive else ""
        return f"{self.name}: {self.covered}/{self.total} {noun} covered{extra}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "covered": self.covered,
            "descriptive": self.descriptive,
            "missing": list(self.missing),
        }


@dataclass(frozen=True)
class Coverage:
    sections: tuple[SectionCoverage, ...]
    seeds: tuple[SectionCoverage, ...]
    rulings: tuple[SectionCoverage, ...]

    def lines(self) -> list[str]:
        return (
            [s.line() for s in self.sections]
            + [s.line("rules") for s in self.seeds]
            + [s.line("rulings") for s in self.rulings]
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "sections": {s.name: s.as_dict() for s in self.sections},
            "seeds": {s.name: s.as_dict() for s in self.seeds},
            "rulings": {s.name: s.as_dict() for s in self.rulings},
        }


def _section(name: str, wanted: Iterable[str], behaviour: set[str], descriptive: set[str]) -> SectionCoverage:
    items = list(wanted)
    covered = [i for i in items if i in behaviour or i in descriptive]
    only_descriptive = [i for i in covered if i not in behaviour]
    missing = tuple(i for i in items if i not in covered)
    return SectionCoverage(name, len(items), len(covered), len(only_descriptive), missing)


def coverage(scenarios: Iterable[Scenario]) -> Coverage:
    """Coverage of the rules index by these scenarios."""
    index = rules_index()
    behaviour_rules: set[str] = set()
    descriptive_rules: set[str] = set()
    behaviour_rulings: set[str] = set()
    descriptive_rulings: set[str] = set()
    seed_2017: set[str] = set()
    for scenario in scenarios:
        rules, rulings = (
            (descriptive_rules, descriptive_rulings)
            if scenario.descriptive
            else (behaviour_rules, behaviour_rulings)
        )
        rules.update(scenario.rules)
        rulings.update(scenario.rulings)
        if "2017" in scenario.editions:
            seed_2017.update(scenario.rules)
    sections = tuple(
        _section(name, numbers, behaviour_rules, descriptive_rules)
        for name, numbers in index["sections"].items()
    )
    seeds = (
        _section("seed 000 (CR 712, current)", index["seeds"]["000"], behaviour_rules, descriptive_rules),
        _section(
            "seed 002 (CR 711, 2017)",
            index["seeds"]["002"],
            seed_2017 & behaviour_rules,
            seed_2017 & descriptive_rules,
        ),
    )
    ruling_sections = tuple(
        _section(name, [r["id"] for r in items], behaviour_rulings, descriptive_rulings)
        for name, items in index["rulings"].items()
        if items
    )
    return Coverage(sections, seeds, ruling_sections)


#: Steps that play the game: the loop, not a direct action, decides what happens.
PLAYING_STEPS = frozenset({"pass", "advance", "activate", "attack", "block"})

#: Arguments that make a ``cast`` (or ``craft``) go through the game loop.
LOOP_ARGUMENTS = frozenset({"targets", "pay", "mana"})


def drives_the_game(scenario: Scenario) -> bool:
    """Whether a scenario plays the game, so that the cards' own abilities (triggers,
    activated abilities, costs, combat) decide it: a step passes priority, advances,
    activates, attacks or blocks, or casts (or crafts) through the loop, which a
    ``[scenario.game]`` set-up or a cast's targets, pay or mana asks for."""
    for step in scenario.steps:
        if step.action in PLAYING_STEPS:
            return True
        if step.action in ("cast", "craft") and (scenario.game or LOOP_ARGUMENTS & set(step.args)):
            return True
    return False


def played_count(scenarios: Iterable[Scenario]) -> tuple[int, int]:
    """(scenarios that drive the game, behaviour scenarios): the first count is the one
    issue 14 asks for, "scenarios that drive a card's own ability"."""
    behaviour = [s for s in scenarios if not s.descriptive]
    return sum(1 for s in behaviour if drives_the_game(s)), len(behaviour)
