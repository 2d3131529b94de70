"""Effects that end or forget as things move: ``Duration$ AsLongAsControl``, and those
that forget their cards as those cards leave a zone: an ``Effect`` with
``ForgetOnMoved$ <zone>`` ("you may play that card this turn", Gwen Stacy's
Ghost-Spider; "exiled until ~ leaves the battlefield", Lunarch Inquisitors).

A card that leaves a zone becomes a new object with no memory of its previous
existence (400.7), so an effect that refers to "that card" in exile stops referring to
it once it has left exile: it is forgotten. An effect left with no card to refer to
does nothing more, and it ends (it is exiled from the command zone, as Forge does).
The engine asks :func:`forget_moved` each time it checks which effects end.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.values import zone_named
from dfc_plugin.state import Zone

__all__ = ["control_lost", "forget_moved"]


def forget_moved(game: Any) -> None:
    """Forget each remembered card that has left its effect's ``ForgetOnMoved$`` zone;
    end the effects that have nothing left to remember."""
    for effect_id, zone_text in list(game.forget_on_moved.items()):
        found = game.objects.get(effect_id)
        if found is None:
            del game.forget_on_moved[effect_id]
            continue
        zone = zone_named(zone_text)
        card = found.cards[0].id
        kept = [(k, v) for k, v in game.remembered.get(card, []) if k != "o" or _still_in(game, v, zone)]
        if len(kept) != len(game.remembered.get(card, [])):
            game.remembered[card] = kept
            game.record("forget", found, "{obj} forgets a card that left its zone", "400.7")
        if not any(k == "o" for k, _v in kept):
            del game.forget_on_moved[effect_id]
            game.effect_ends.pop(effect_id, None)
            game.move(effect_id, Zone.EXILE)


def _still_in(game: Any, object_id: int, zone: Any) -> bool:
    found = game.objects.get(object_id)
    return found is not None and found.zone is zone


def control_lost(game: Any, host: int, player: int) -> bool:
    """``Duration$ AsLongAsControl`` ("for as long as you control this creature"): the
    effect ends once its source card is no longer a permanent ``player`` controls (a new
    object it may become is not the one controlled, 400.7; 611.2b)."""
    found = game.object_of_card(host)
    return found is None or found.zone is not Zone.BATTLEFIELD or found.controller != player
