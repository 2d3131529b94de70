"""Mana abilities of the face that is up: what a permanent "could produce" and whether an
ability "taps it for mana" (CR 106.7, 106.12, 605.1a, 302.6; the Marvel's Spider-Man
release-note rulings as they meet double-faced cards).

A double-faced permanent has the mana abilities of the face that is up (712.8d-f): a
modal DFC played as its land face could produce that land's colour; the same card in a
hand could produce nothing. Forge writes a mana ability as ``AB$ Mana | Cost$ T |
Produced$ G`` (``Combo W U``: one of them; ``Any``: any colour; ``Amount$ N``).
"""

from __future__ import annotations

from dataclasses import dataclass

from dfc_plugin.cards import COLOR_ORDER, Face, ForgeCost
from dfc_plugin.editions import Edition
from dfc_plugin.rules.characteristics import characteristics
from dfc_plugin.rules.outcome import Verdict
from dfc_plugin.script.parser import ValueSyntaxError, parse_value
from dfc_plugin.state import DfcState, Zone

__all__ = ["ManaAbility", "can_pay_tap_cost", "could_produce", "mana_abilities"]

_TYPES = frozenset(COLOR_ORDER) | {"C"}


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """A mana ability of a face: its cost, the mana types it may produce (one of
    ``produced`` per mana), how many mana, and whether it reflects other permanents'
    mana (Exotic Orchard: ``ManaReflected``)."""

    cost: ForgeCost
    produced: frozenset[str]
    amount: int
    reflected: str | None
    line: int
    text: str

    @property
    def taps_for_mana(self) -> bool:
        """Tapping a permanent for mana means activating a mana ability with {T} in its
        cost (106.12); {Q} is not {T}."""
        return self.cost.tap


def _produced(text: str) -> frozenset[str]:
    words = text.replace(",", " ").split()
    if words and words[0] == "Combo":
        words = words[1:]
    if words in (["Any"], ["AnyColor"]):
        return frozenset(COLOR_ORDER)
    # A type that can't be defined produces no mana (seed 003: "undefined type").
    return frozenset(word for word in words if word in _TYPES)


def _face_mana_abilities(face: Face) -> tuple[ManaAbility, ...]:
    found = []
    for ability in face.abilities:
        if "Mana" not in ability.text:
            continue
        params = ability.params
        if params.lead is None or params.lead.key != "AB" or params.api not in ("Mana", "ManaReflected"):
            continue
        if "ValidTgts" in params or "Planeswalker" in params:
            continue  # 605.1a, 605.5a: one with a target, or a loyalty ability, is not a mana ability
        try:
            cost: ForgeCost = parse_value("cost", params.get("Cost") or "0")
        except ValueSyntaxError:
            continue
        reflected = params.get("Valid") if params.api == "ManaReflected" else None
        amount_text = params.get("Amount") or "1"
        amount = int(amount_text) if amount_text.isdigit() else 1
        produced = _produced(params.get("Produced") or "")
        found.append(ManaAbility(cost, produced, amount, reflected, ability.line, ability.text))
    return tuple(found)


def mana_abilities(edition: Edition, state: DfcState) -> tuple[ManaAbility, ...]:
    """The mana abilities the object has now: those of the face that is up, and none for
    a face-down object (708.2a) or a card that is not a permanent. An ability that adds
    mana but targets, or is a loyalty ability, is not one (605.1a, 605.5a)."""
    if state.zone is not Zone.BATTLEFIELD:
        return ()
    face = characteristics(state).face
    return _face_mana_abilities(face) if face is not None else ()


def could_produce(
    edition: Edition, state: DfcState, reflected: frozenset[str] = frozenset()
) -> frozenset[str]:
    """The types of mana this permanent could produce (106.7): any type one of its mana
    abilities would produce if it resolved now, costs ignored. ``reflected`` is what the
    engine found for abilities that copy other permanents' mana."""
    types: set[str] = set()
    for ability in mana_abilities(edition, state):
        types |= reflected if ability.reflected is not None else ability.produced
    return frozenset(types)


def can_pay_tap_cost(
    edition: Edition, state: DfcState, controlled_since_turn_began: bool, untap: bool = False
) -> Verdict:
    """{T} or {Q} in a creature's cost needs control since the turn began (302.6), unless
    it has haste (702.10c): the printed haste of the face that is up; haste an effect
    grants is the host's to know. Transforming doesn't make a new object (712.18), so it
    doesn't reset that."""
    shown = characteristics(state)
    if not shown.type_line.has("Creature"):
        return Verdict(True, "302.6", "only creatures have summoning sickness")
    if shown.face is not None and shown.face.keyword("Haste") is not None:
        # 702.10c: the face up is the one whose abilities it has (712.8d, 712.8e).
        return Verdict(True, "702.10c", "it has haste (the face that is up)")
    if controlled_since_turn_began:
        return Verdict(
            True,
            "302.6",
            "under its controller's control since the turn began (a transform keeps it, 712.18)",
        )
    symbol = "{Q}" if untap else "{T}"
    return Verdict(False, "302.6", f"a creature's {symbol} ability needs control since the turn began")
