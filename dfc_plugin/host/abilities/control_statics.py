"""Control from static abilities (layer 2, 613.1b): ``Continuous | GainControl$
You`` ("You control enchanted creature", Ghastly Haunting), and the valid-card
property ``DefenderCtrl`` ("target creature that player controls": the player Soul
Seizer dealt combat damage to, the defending player).

The engine keeps a permanent's controller as a record, so a static ability's control
effect is applied as the game settles: each permanent a ``GainControl$`` static
applies to comes under that player's control, and the controller it had before is
kept; once no such static applies to it (the Aura left, or was moved), that
controller is restored (611.3a: a static ability's effect lasts only as long as it
applies). Among several, the last to apply wins (613.7).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.registry import honour
from dfc_plugin.host.abilities.statics import active_continuous, any_static_with
from dfc_plugin.host.abilities.values import SIMPLE_PROPS, Ctx, defined_players, matches
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["control_from_statics"]

_T = "test_abilities_control_statics.py::test_soul_seizer_takes_the_creature_it_haunts"


def _in_the_game(game: Any) -> bool:
    """Whether any card in the game has a ``GainControl$`` static on any face: asked as
    the game settles, so remembered per number of cards and the next card's id (most
    games have none)."""
    key = (len(game.cards), game._next_card)  # (a card made or gone changes it)
    cached = game.__dict__.get("_gain_control_cards")
    if cached is None or cached[0] != key or is_fresh():
        cached = (key, any(_grants_control(card.definition) for card in game.cards.values()))
        if not is_fresh():  # (kept apart from _static_cache, which forgets at each version)
            game.__dict__["_gain_control_cards"] = cached
    return bool(cached[1])


@memo_by_identity
def _grants_control(definition: Any) -> bool:
    return any(
        a.kind == "S" and "GainControl" in a.params for face in definition.faces for a in face.abilities
    )


def _wanted(game: Any) -> dict[int, int]:
    """Permanent -> the controller the ``GainControl$`` statics give it now."""
    wanted: dict[int, int] = {}
    for ctx, params in active_continuous(game):
        who = params.get("GainControl")
        if who is None:
            continue
        players = defined_players(ctx, who)
        for found in game.battlefield():
            if players and matches(ctx, found, params.get("Affected") or "Card.Self"):
                wanted[found.id] = players[0]
    return wanted


def control_from_statics(game: Any) -> None:
    """Give each permanent the controller the statics say; restore the controller of
    those no static applies to any more."""
    if not game.static_control and not (_in_the_game(game) and any_static_with(game, "GainControl")):
        return
    wanted = _wanted(game)
    for object_id, player in wanted.items():
        found = game.objects[object_id]
        if found.controller != player:
            game.static_control.setdefault(object_id, found.controller)
            game.change_control(object_id, player)
    for object_id, before in list(game.static_control.items()):
        if object_id in wanted:
            continue
        del game.static_control[object_id]
        found = game.objects.get(object_id)
        if found is not None and found.zone is Zone.BATTLEFIELD and found.controller != before:
            game.change_control(object_id, before)


def _defender_controls(ctx: Ctx, found: GameObject) -> bool:
    """``DefenderCtrl``: controlled by the player the source is attacking (or, its
    combat damage dealt, was attacking this combat)."""
    defender = ctx.game.attackers.get(ctx.source)
    return defender is not None and found.controller == defender


SIMPLE_PROPS["DefenderCtrl"] = _defender_controls
honour("static", "Continuous", {"GainControl": _T})
