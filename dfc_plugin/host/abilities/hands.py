"""Hands shown and taken from: ``RevealHand`` ("each opponent reveals their hand") and
``ChangeZone`` from a hand that is not its controller's, with ``DefinedPlayer$`` (whose
hand) and ``Chooser$`` (who picks): Valki, God of Lies's "exile a creature card they
revealed this way".

A revealed card is shown to every player (701.20a) and stays in its hand (701.20b).
Forge's ``DefinedPlayer$`` names the players whose hidden zone is searched, each in
turn, and ``Chooser$`` the player who picks (by default the player searched). The cards
picked are then moved as known cards, by the ChangeZone below this one, so its
``Duration$`` (610.3) and ``exiled with`` bookkeeping (607.2a) apply unchanged.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dfc_plugin.cards import Param, ParamMap
from dfc_plugin.host.abilities import durations  # noqa: F401  (ChangeZone's Duration$, wrapped here)
from dfc_plugin.host.abilities.registry import api, extend
from dfc_plugin.host.abilities.values import Ctx, amount, defined_players, matches, zone_named
from dfc_plugin.state import Zone

__all__ = ["change_zone_from_hands", "reveal_hand"]

_V = "test_game_valki.py::"


@api(
    "RevealHand",
    params={"Defined": _V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent"},
    rule="701.20a",
    test=_V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent",
)
def reveal_hand(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined player (default you) reveals their hand: every card in it is shown
    to all players (701.20a) and stays where it is (701.20b)."""
    for player in defined_players(ctx, link.get("Defined")):
        hand = game.owner_zone_ids(player, Zone.HAND)
        game.record("reveal", None, f"player {player} reveals their hand ({len(hand)} in it)", "701.20a")
        game.reveal(hand)


def change_zone_from_hands(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``DefinedPlayer$``: for each player it names, ``Chooser$`` picks up to
    ``ChangeNum$`` cards fitting ``ChangeType$`` from that player's ``Origin$`` zone
    (all of them if ``Mandatory$``), which are then moved as known cards."""
    if "DefinedPlayer" not in link or _host_gone(ctx, link):
        _INNER.run(game, ctx, link)
        return
    chooser = defined_players(ctx, link.get("Chooser")) if "Chooser" in link else []
    for owner in defined_players(ctx, link.get("DefinedPlayer")):
        picked = _pick(game, ctx, link, owner, chooser[0] if chooser else owner)
        if picked:
            known = replace(ctx, targets={**ctx.targets, ctx.link: [("o", i) for i in picked]})
            _INNER.run(game, known, _as_known(link))


def _host_gone(ctx: Ctx, link: ParamMap) -> bool:
    """An "until" exile whose source has left: the ChangeZone below records that
    nothing is exiled (610.3b), with no card picked first."""
    host = ctx.source_object
    return "Duration" in link and (host is None or host.zone is not Zone.BATTLEFIELD)


def _pick(game: Any, ctx: Ctx, link: ParamMap, owner: int, chooser: int) -> list[int]:
    zones = [zone_named(z) for z in (link.get("Origin") or "Hand").split(",")]
    valid = link.get("ChangeType") or "Card"
    pool = [i for z in zones for i in game.owner_zone_ids(owner, z) if matches(ctx, game.objects[i], valid)]
    count = min(amount(ctx, link.get("ChangeNum")), len(pool))
    low = count if link.is_true("Mandatory") else 0
    chosen: list[int] = game.ask_many(
        chooser, f"cards of player {owner} for {ctx.face.name}", pool, low, count
    )
    return chosen


def _as_known(link: ParamMap) -> ParamMap:
    """The same move, of the cards picked (read as this link's targets)."""
    dropped = ("DefinedPlayer", "Chooser", "ChangeType", "ChangeNum", "Mandatory", "Hidden", "Defined")
    kept = tuple(p for p in link if p.key not in dropped)
    return ParamMap((*kept, Param("Defined", "Targeted")))


_INNER = extend(
    "api",
    "ChangeZone",
    change_zone_from_hands,
    {
        "DefinedPlayer": _V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent",
        "Chooser": _V + "test_valki_enters_and_exiles_a_creature_card_from_each_opponent",
    },
)
