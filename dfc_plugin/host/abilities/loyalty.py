"""How often a permanent's loyalty abilities may be activated: once each turn (606.3),
or twice under a ``NumLoyaltyAct`` static with ``Twice$ True`` ("You may activate the
loyalty abilities of Urza, Planeswalker twice each turn rather than only once").
The engine asks :func:`may_activate_again` when a permanent's loyalty ability was
already activated this turn, and :func:`note_again` when it is activated once more.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.registry import static
from dfc_plugin.host.abilities.statics import active
from dfc_plugin.host.abilities.values import Ctx, matches

__all__ = ["may_activate_again", "note_again"]

_L = "test_abilities_loyalty.py::"


@static(
    "NumLoyaltyAct",
    params={
        "Twice": _L + "test_urza_activates_loyalty_twice",
        "ValidCard": _L + "test_urza_activates_loyalty_twice",
    },
    rule="606.3",
    test=_L + "test_urza_activates_loyalty_twice",
)
def num_loyalty_act(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> int:
    """Loyalty abilities of permanents fitting ``ValidCard$`` may be activated twice
    each turn (``Twice$ True``) rather than once."""
    return 2 if "Twice" in params and matches(ctx, found, params.get("ValidCard") or "Card.Self") else 1


def _allowed(game: Any, found: Any) -> int:
    return max((num_loyalty_act(game, ctx, p, found) for ctx, p in active(game, "NumLoyaltyAct")), default=1)


def _key(found: Any) -> tuple[int, int]:
    return (found.id, 0)  # ActivationLimit counts use (card, -line): no clash


def may_activate_again(game: Any, found: Any) -> bool:
    """Whether a permanent whose loyalty ability was activated this turn may activate
    one again (606.3, and its exceptions)."""
    return 1 + int(game.activations.get(_key(found), 0)) < _allowed(game, found)


def note_again(game: Any, found: Any) -> None:
    """Count a loyalty activation beyond the first this turn."""
    game.activations[_key(found)] = game.activations.get(_key(found), 0) + 1
