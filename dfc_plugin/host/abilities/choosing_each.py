"""Choosing one permanent of each kind, and reflexive triggers per token made, as
Ajani, Nacatl Avenger's loyalty abilities use them:

- ``ChooseCard | ChooseEach$ Artifact & Creature & Enchantment & Planeswalker``: each
  defined player chooses one permanent of each kind among the ``Choices$``
  (``ControlledByPlayer$ Chooser``: those that player controls; ``Mandatory$``: one
  must be chosen where there is one; ``Reveal$``: what was chosen is shown to every
  player, 701.20a). As in Forge each kind is its own choice, so an artifact creature
  may be chosen as the artifact and as the creature. Later links read the chosen as
  ``ChosenCard`` ("then sacrifices the rest": ``nonChosenCard``).
- ``Token | RememberOriginalTokens$ True``: the source remembers the tokens this
  effect created (111.1), as they were created;
- ``ImmediateTrigger | TriggerAmount$ <amount>``: the reflexive ability triggers that
  many times ("When you do, ..." once for each token made, 603.12); none if zero.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import effects, state_triggers  # noqa: F401  (the APIs widened here)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx, amount, defined_players, matches, objects_made, zone_named
from dfc_plugin.state import Zone

__all__: list[str] = []

_T = "test_abilities_choosing_each.py::"
_EACH = _T + "test_ajani_ultimate_each_opponent_keeps_one_of_each_kind"
_TOKENS = _T + "test_ajani_reflexive_trigger_once_per_token"


def _kinds(link: ParamMap) -> list[str]:
    return [k.strip() for k in (link.get("ChooseEach") or "").split("&") if k.strip()]


def _pool(game: Any, ctx: Ctx, link: ParamMap, player: int, kind: str) -> list[int]:
    zone = zone_named(link.get("ChoiceZone") or "Battlefield")
    own = link.get("ControlledByPlayer") == "Chooser"
    return [
        o.id
        for o in game.in_zone(zone)
        if (not own or o.controller == player)
        and matches(ctx, o, link.get("Choices") or "Card")
        and game.has_type_of(o, kind)
    ]


def choose_each(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``ChooseEach$``: one permanent of each kind, chosen by each defined player."""
    if "ChooseEach" not in link:
        _CHOOSE.run(game, ctx, link)
        return
    if link.get("ControlledByPlayer") not in (None, "Chooser"):
        what = f"ChooseCard.ControlledByPlayer:{link.get('ControlledByPlayer')}"
        raise UnsupportedAbilityError(f"{ctx.face.name}: {what} can't run here", missing=(what,))
    chosen: list[int] = []
    for player in defined_players(ctx, link.get("Defined")):
        for kind in _kinds(link):
            pool = _pool(game, ctx, link, player, kind)
            low = 1 if link.is_true("Mandatory") and pool else 0
            picked = game.ask_many(player, f"{kind.lower()} to choose for {ctx.face.name}", pool, low, 1)
            chosen += [i for i in picked if i not in chosen]
    if link.is_true("Reveal") and chosen:
        game.reveal(chosen)
    game.chosen[ctx.card] = [("o", i) for i in chosen]


def token_remembering(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``RememberOriginalTokens$``: remember the tokens this effect created."""
    if not link.is_true("RememberOriginalTokens"):
        _TOKEN.run(game, ctx, link)
        return
    made = [
        i
        for i in objects_made(game, lambda: _TOKEN.run(game, ctx, link))
        if game.objects[i].zone is Zone.BATTLEFIELD and game.objects[i].cards[0].token
    ]
    ctx.remembered.extend(("o", i) for i in made)


def trigger_times(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``TriggerAmount$``: the reflexive ability triggers that many times."""
    times = amount(ctx, link.get("TriggerAmount"), 1) if "TriggerAmount" in link else 1
    for _ in range(times):
        _IMMEDIATE.run(game, ctx, link)


_CHOOSE = extend(
    "api",
    "ChooseCard",
    choose_each,
    {"ChooseEach": _EACH, "ControlledByPlayer": _EACH, "Reveal": _EACH},
)
_TOKEN = extend("api", "Token", token_remembering, {"RememberOriginalTokens": _TOKENS})
_IMMEDIATE = extend("api", "ImmediateTrigger", trigger_times, {"TriggerAmount": _TOKENS})
