"""Meld: which objects can be melded, the melded permanent, and how it leaves the
battlefield (CR 701.42, 712.4a-c, 712.8g, 712.14c, 712.21, 712.21a-e; 2017: rule 712
"Meld Cards" with the same numbers of 701.36).

A melded permanent is one object represented by two cards (712.4a): one
:class:`~dfc_plugin.state.DfcState` with two cards. When it leaves the battlefield it
becomes two new objects, both cards, in the same zone (712.21).
"""

from __future__ import annotations

from dataclasses import dataclass

from dfc_plugin.cards import CardDef, Face, Layout
from dfc_plugin.editions import Edition
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.state import DfcState, Side, TokenKind, Zone

__all__ = ["Departure", "can_meld", "leave_battlefield", "meld", "meld_pair_primary"]


def meld_pair_primary(a: CardDef, b: CardDef) -> tuple[CardDef, CardDef] | None:
    """The two cards in primary-first order if they are the two cards of one meld pair."""
    meld_a, meld_b = a.dfc.meld, b.dfc.meld
    if meld_a is None or meld_b is None or a is b:
        return None
    if meld_a.partner != b.name or meld_b.partner != a.name:
        return None
    return (a, b) if meld_a.carries_melded_face or not meld_b.carries_melded_face else (b, a)


def can_meld(edition: Edition, a: DfcState, b: DfcState) -> Verdict:
    """Only the two cards of one meld pair can be melded; tokens, cards that aren't meld
    cards and meld cards of different pairs can't (701.42b)."""
    rule = "701.42b"
    for state in (a, b):
        if state.token is not TokenKind.NONE:
            return Verdict(False, rule, "a token can't be melded")
        if state.card.layout is not Layout.MELD or state.melded:
            return Verdict(False, rule, f"{state.card.name} isn't a meld card")
    if meld_pair_primary(a.card, b.card) is None:
        return Verdict(False, rule, f"{a.card.name} and {b.card.name} aren't a meld pair")
    return Verdict(True, "701.42a", "the two cards of a meld pair")


def meld(edition: Edition, a: DfcState, b: DfcState, melded_face: Face | None) -> Outcome:
    """Put the two cards onto the battlefield with their back faces up and combined
    (701.42a, 712.4a, 712.14c). If they can't be melded, they stay where they are
    (701.42c): the outcome carries ``a`` unchanged."""
    verdict = can_meld(edition, a, b)
    if not verdict:
        return Outcome(False, a, "701.42c", f"{verdict.reason}; they stay in their zone")
    pair = meld_pair_primary(a.card, b.card)
    assert pair is not None
    if melded_face is None:
        return Outcome(False, a, "712.4b", "the melded face of this pair is not known to the engine")
    melded = DfcState(pair, Zone.BATTLEFIELD, up=Side.BACK, melded=True, melded_face=melded_face)
    return Outcome(True, melded, "712.14c", f"melded into {melded_face.name}")


@dataclass(frozen=True, slots=True)
class Departure:
    """What leaving the battlefield gives: the new object(s) in the new zone (one per
    card, 400.7), how many objects and cards moved (712.21e), and who orders them."""

    states: tuple[DfcState, ...]
    objects_moved: int
    cards_moved: int
    owner_orders: bool
    order_hidden: bool
    timestamps_chosen: bool
    rule: str


def leave_battlefield(
    edition: Edition, state: DfcState, destination: Zone, order: tuple[int, ...] | None = None
) -> Departure:
    """A permanent leaves the battlefield: each card becomes a new object with its front
    face up in the new zone (400.7, 712.8a). A melded permanent is one permanent leaving
    and two cards arriving (712.21): its owner orders them in a graveyard or library,
    the order hidden in a library (712.21a), and chooses their timestamp order in exile
    (712.21b); an effect finds both cards (712.21c)."""
    cards = state.cards
    if order is not None and sorted(order) == list(range(len(cards))):
        cards = tuple(cards[i] for i in order)
    arrivals = tuple(DfcState.of(card, destination, token=state.token) for card in cards)
    if not state.melded:
        return Departure(arrivals, 1, 1, False, False, False, "400.7")
    return Departure(
        arrivals,
        objects_moved=1,
        cards_moved=2,
        owner_orders=destination in (Zone.GRAVEYARD, Zone.LIBRARY),
        order_hidden=destination is Zone.LIBRARY,
        timestamps_chosen=destination is Zone.EXILE,
        rule="712.21",
    )
