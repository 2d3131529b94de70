"""Edition profiles: the few DFC behaviours that changed between rules editions.

The current edition (Comprehensive Rules of 2026-09-25) is the default. Earlier profiles
stay available so rulings that held under them replay as they did (a conformance
scenario names the editions it holds for). Each flag below names the rules on both sides.

- ``meld_cards_are_dfcs``: now meld cards are one of three kinds of DFC (712.1, 712.4);
  in 2017 "These aren't double-faced cards" (711.1d); in 2022 a separate rule 713.
- ``double_faced_tokens``: now tokens may be double-faced (Incubators 111.10i, token copies
  of DFCs 707.8a) and transform (712.9); in 2017 "Tokens ... can't transform" (711.1) and
  a token copy has only the face that was up (706.8).
- ``modal_dfcs``: modal DFCs exist (712.3, 712.11b, 712.12, 712.8f); not in 2017.
- ``modal_dfcs_transform``: a modal DFC may transform or enter transformed if its other
  face is a permanent (712.3, 712.9, 2025 release notes); in 2020-2024 "A modal
  double-faced card can't be transformed or be put onto the battlefield transformed".
- ``cast_transformed``: a DFC may be cast transformed or converted (712.11a, 712.8c;
  disturb 702.146, More Than Meets the Eye 702.162); in 2017 "If a double-faced card is
  cast as a spell, it's put on the stack with its front face up" (711.7).
- ``convert``: convert is a keyword action (701.28); not in 2017 or 2022.
- ``mana_value_term``: "mana value" (202.3); "converted mana cost" before 2021 (711.4b).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from dfc_plugin.errors import UsageError

__all__ = ["CURRENT", "EDITIONS", "Edition", "edition_named"]


@dataclass(frozen=True, slots=True)
class Edition:
    """One Comprehensive Rules edition, as the DFC rules see it."""

    name: str
    effective: str
    meld_cards_are_dfcs: bool
    double_faced_tokens: bool
    modal_dfcs: bool
    modal_dfcs_transform: bool
    cast_transformed: bool
    convert: bool
    mana_value_term: str
    dfc_rule: str  # the number of the double-faced card rule in this edition
    renumbered: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    # Commander (not a DFC rule, the variant the DFC rules meet): now a commander put into
    # a graveyard or exile may go to the command zone as a state-based action (903.9a)
    # and only hand and library are replaced (903.9b); in 2017 all four were replaced (903.9).
    commander_zone_sba: bool = True

    def __str__(self) -> str:
        return self.name

    def cite(self, rule: str) -> str:
        """The number this edition gives a rule that the handlers cite by its current
        number (e.g. 712.13 was 711.8 in 2017)."""
        exact = self.renumbered.get(rule)
        if exact is not None:
            return exact
        head, _, tail = rule.partition(".")
        prefix = self.renumbered.get(f"{head}.{tail.rstrip('abcdefghijklmnopqrstuvwxyz')}*")
        if prefix is not None:
            return prefix + tail[len(tail.rstrip("abcdefghijklmnopqrstuvwxyz")) :]
        return rule


CURRENT = Edition(
    name="2026-09-25",
    effective="2026-09-25",
    meld_cards_are_dfcs=True,
    double_faced_tokens=True,
    modal_dfcs=True,
    modal_dfcs_transform=True,
    cast_transformed=True,
    convert=True,
    mana_value_term="mana value",
    dfc_rule="712",
)

#: The 2022-04-29 edition: modal DFCs exist but cannot transform, meld cards are rule
#: 713 and not DFCs, no double-faced tokens, no convert (the edition of the 2020-2022
#: rulings that the 2025 rules change made stale).
EDITION_2022 = Edition(
    name="2022-04-29",
    effective="2022-04-29",
    meld_cards_are_dfcs=False,
    double_faced_tokens=False,
    modal_dfcs=True,
    modal_dfcs_transform=False,
    cast_transformed=True,
    convert=False,
    mana_value_term="mana value",
    dfc_rule="712",
)

#: The 2017 edition of rule 711 (../shared/seeds/002): one kind of DFC, no meld DFCs,
#: no double-faced tokens, no modal DFCs, no casting transformed, "converted mana cost".
EDITION_2017 = Edition(
    name="2017",
    effective="2017-09-29",
    meld_cards_are_dfcs=False,
    double_faced_tokens=False,
    modal_dfcs=False,
    modal_dfcs_transform=False,
    cast_transformed=False,
    convert=False,
    mana_value_term="converted mana cost",
    dfc_rule="711",
    commander_zone_sba=False,
    # Current numbers -> the 2017 rules (seed 002: rule 711; meld cards had their own rule
    # 712 and keyword 701.36; transform was 701.26). "x*" renumbers every subrule of x.
    renumbered={
        "712.6": "711.2",
        "712.7": "711.3",
        "712.8": "711.4",
        "712.8a": "711.4a",
        "712.8c": "711.4a",
        "712.8d": "711.4a",
        "712.8e": "711.4b",
        "712.9": "711.5",
        "712.10": "711.6",
        "712.11": "711.7",
        "712.11a": "711.7",
        "712.11c": "711.7",
        "712.13": "711.8",
        "712.13a": "711.8",
        "712.14": "711.8",
        "712.14a": "711.8a",
        "712.15": "711.9",
        "712.15a": "711.9a",
        "712.16": "711.10",
        "712.17": "711.11",
        "712.18": "711.12",
        "712.19": "711.13",
        "712.4c": "712.1b",
        "712.14c": "712.2",
        "712.21": "712.4",
        "712.21a": "712.4a",
        "712.21b": "712.4b",
        "712.21c": "712.4c",
        "712.21d": "712.4d",
        "712.21e": "712.4e",
        "701.27*": "701.26",
        "701.42*": "701.36",
    },
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (CURRENT, EDITION_2022, EDITION_2017)}
EDITIONS["current"] = CURRENT


def edition_named(name: str) -> Edition:
    """The profile called ``name`` (``current``, ``2026-09-25``, ``2022-04-29``, ``2017``)."""
    try:
        return EDITIONS[name]
    except KeyError:
        known = ", ".join(sorted(EDITIONS))
        raise UsageError(f"unknown rules edition {name!r}; known editions: {known}") from None
