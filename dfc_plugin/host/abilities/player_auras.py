"""Auras attached to players (303.4, 702.5): the keyword ``Enchant player``, a card
returned to the battlefield attached to a player (``ChangeZone | AttachedToPlayer$
ParentTarget``: "return it to the battlefield transformed under your control attached
to target opponent", Accursed Witch), and ``Player.EnchantedBy`` ("enchanted
player", Infectious Curse).

An Aura that enchants a player is attached to that player (303.4a); it doesn't target
them when put onto the battlefield this way (303.4f). The engine keeps these in
``game.attached_players`` (Aura -> player). It stays attached while it is on the
battlefield and the player is in the game; if the player leaves the game, it is put
into its owner's graveyard (704.5m, :func:`player_aura_problems`).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (registers ChangeZone, widened here)
from dfc_plugin.host.abilities.registry import extend, keyword
from dfc_plugin.host.abilities.values import PLAYER_PROPS, Ctx, defined_players, objects_made
from dfc_plugin.state import Zone

__all__ = ["player_aura_problems"]

_T = "test_abilities_player_auras.py::test_accursed_witch_returns_attached_to_an_opponent"


@keyword("Enchant player", rule="303.4a", test=_T)
def enchant_player(game: Any, object_id: int) -> bool:
    """It is attached to a player, not to an object."""
    return bool(game.has_keyword(object_id, "Enchant player"))


def _enchanted_by(ctx: Ctx, player: int) -> bool:
    return bool(ctx.game.attached_players.get(ctx.source) == player)


PLAYER_PROPS["EnchantedBy"] = _enchanted_by


def change_zone_attached(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``AttachedToPlayer$``: what this move puts onto the battlefield is attached to
    that player (``ParentTarget``: the player an earlier link targeted)."""
    if "AttachedToPlayer" not in link:
        _INNER.run(game, ctx, link)
        return
    players = defined_players(ctx, _player_ref(link.get("AttachedToPlayer") or ""))
    made = objects_made(game, lambda: _INNER.run(game, ctx, link))
    arrived = [game.objects[i] for i in made if game.objects[i].zone is Zone.BATTLEFIELD]
    for found in arrived:
        if players and game.has_keyword(found.id, "Enchant player"):
            game.attached_players[found.id] = players[0]
            game.record("attach", found, f"{{obj}} enters attached to player {players[0]}", "303.4a")


def _player_ref(text: str) -> str:
    return "Targeted" if text in ("ParentTarget", "Targeted") else text


def player_aura_problems(game: Any) -> list[int]:
    """Auras attached to a player who has left the game (704.5m); forget those that
    left the battlefield."""
    gone: list[int] = []
    for aura, player in list(game.attached_players.items()):
        found = game.objects.get(aura)
        if found is None or found.zone is not Zone.BATTLEFIELD:
            del game.attached_players[aura]
        elif not game.alive(player):
            gone.append(aura)
    return gone


_INNER = extend("api", "ChangeZone", change_zone_attached, {"AttachedToPlayer": _T})
