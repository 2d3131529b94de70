"""Imprinted cards: a second list a source keeps beside what it remembers (607.2:
linked abilities refer to the cards an ability of the same object named), and an
Effect's cards forgotten as they move.

- ``RevealHand | ImprintRevealed$ True``: the revealed cards are imprinted ("a creature
  card they revealed this way", Valki, God of Lies); ``DigUntil | ImprintRevealed$``
  likewise ("all cards revealed this way", Plargg, Dean of Chaos);
- ``Effect | ImprintCards$ <Defined>``: the effect imprints those cards ("until
  Lunarch Inquisitors leaves the battlefield": the effect watches its imprinted source);
- ``Effect | ForgetOnMoved$ <zone>``: the effect forgets each remembered card as it
  leaves that zone (400.7; :mod:`.forgetting`);
- ``Cleanup | ClearImprinted$ True``: the source forgets what it imprinted;
- ``valid:IsImprinted``: the cards the source (or the effect) imprinted.

The lists live in ``game.imprinted`` (per source card, like ``game.remembered``), so
they survive the source's own zone changes as Forge's do, and an object that has left
a zone is a new object (400.7), no longer the one imprinted.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects, hands, revealing  # noqa: F401  (the APIs widened here)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import SIMPLE_PROPS, Ctx, defined_objects, defined_players, matches
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["imprinted"]

_T = "test_abilities_imprint.py::"
_AVACYN = _T + "test_lunarch_inquisitors_exiles_until_it_leaves"
_VALKI = _T + "test_valki_exiles_only_a_card_it_revealed"
_GWEN = "test_abilities_counter_costs.py::test_forget_on_moved_ends_the_permission"


def imprinted(game: Any, card: int) -> list[tuple[str, int]]:
    """What the source card has imprinted (an empty list it may fill)."""
    found: list[tuple[str, int]] = game.imprinted.setdefault(card, [])
    return found


def _is_imprinted(ctx: Ctx, found: GameObject) -> bool:
    """Imprinted by the source; for an event that moved the object, as it last existed
    before the move (603.10a: "when ~ leaves the battlefield" looks back in time)."""
    listed = ctx.game.imprinted.get(ctx.card, ())
    if ("o", found.id) in listed:
        return True
    before = ctx.event.lki.values() if ctx.event is not None else ()
    return any(old.cards == found.cards and ("o", old.id) in listed for old in before)


SIMPLE_PROPS["IsImprinted"] = _is_imprinted


def reveal_and_imprint(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``ImprintRevealed$ True``: the cards revealed are imprinted, in the order of the
    players revealing."""
    _REVEAL.run(game, ctx, link)
    if not link.is_true("ImprintRevealed"):
        return
    shown = [i for p in defined_players(ctx, link.get("Defined")) for i in game.owner_zone_ids(p, Zone.HAND)]
    imprinted(game, ctx.card).extend(("o", i) for i in shown)


def effect_with_cards(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``ImprintCards$``: the effects made imprint those cards; ``ForgetOnMoved$``:
    they forget their remembered cards as those leave that zone."""
    cards = defined_objects(ctx, link.get("ImprintCards")) if link.get("ImprintCards") else []
    before = {o.id for o in game.in_zone(Zone.COMMAND)}
    _EFFECT.run(game, ctx, link)
    made = [o for o in game.in_zone(Zone.COMMAND) if o.id not in before]
    zone = link.get("ForgetOnMoved")
    followed = _followed(game, ctx, link.get("RememberObjects"))
    for found in made:
        if followed:
            remembered = game.remembered.setdefault(found.cards[0].id, [])
            remembered.extend(("o", i) for i in followed if ("o", i) not in remembered)
        if cards:
            imprinted(game, found.cards[0].id).extend(("o", i) for i in cards)
        if zone:
            game.forget_on_moved[found.id] = zone


def _followed(game: Any, ctx: Ctx, text: str | None) -> list[int]:
    """The targets an earlier link of this ability moved to a public zone, found there
    (400.7j: other parts of the effect can find that object): "exile target creature
    until ~ leaves the battlefield" remembers the card in exile."""
    if text not in ("Targeted", "ParentTarget"):
        return []
    found = []
    for kind, old in ctx.targeted():
        before = game.lki.get(old) if kind == "o" and old not in game.objects else None
        now = game.object_of_card(before.cards[0].id) if before is not None else None
        if now is not None and now.zone in _PUBLIC:
            found.append(now.id)
    return found


_PUBLIC = (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE, Zone.STACK, Zone.COMMAND)


def cleanup_imprinted(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``ClearImprinted$ True``: the source forgets what it imprinted."""
    _CLEANUP.run(game, ctx, link)
    if link.is_true("ClearImprinted"):
        game.imprinted.pop(ctx.card, None)


def dig_until_and_imprint(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``DigUntil | ImprintRevealed$ True``: the cards revealed are imprinted where they
    went (400.7j: the effect finds the cards it moved to a public zone)."""
    if not link.is_true("ImprintRevealed"):
        _DIG_UNTIL.run(game, ctx, link)
        return
    cards = _to_be_revealed(game, ctx, link)
    _DIG_UNTIL.run(game, ctx, link)
    now = [game.object_of_card(card) for card in cards]
    imprinted(game, ctx.card).extend(("o", o.id) for o in now if o is not None)


def _to_be_revealed(game: Any, ctx: Ctx, link: ParamMap) -> list[int]:
    """The cards DigUntil will reveal: from the top until one fits ``Valid$``."""
    cards = []
    for object_id in reversed(game.owner_zone_ids(ctx.controller, Zone.LIBRARY)):
        found = game.objects[object_id]
        cards.append(found.cards[0].id)
        if matches(ctx, found, link.get("Valid") or "Card"):
            break
    return cards


_REVEAL = extend("api", "RevealHand", reveal_and_imprint, {"ImprintRevealed": _VALKI})
_DIG_UNTIL = extend(
    "api",
    "DigUntil",
    dig_until_and_imprint,
    {"ImprintRevealed": _T + "test_dig_until_imprints_what_it_revealed"},
)
_EFFECT = extend("api", "Effect", effect_with_cards, {"ImprintCards": _AVACYN, "ForgetOnMoved": _GWEN})
_CLEANUP = extend("api", "Cleanup", cleanup_imprinted, {"ClearImprinted": _VALKI})
