"""Triggers on "one or more" things happening at once: ``ChangesZoneAll`` ("whenever one
or more cards leave your graveyard") and ``DamageDoneOnce`` ("whenever one or more
creatures you control deal combat damage to a player"). Such an ability triggers once
for the whole batch of simultaneous events (603.2c), not once per card.

The game keeps the zone changes and damage events since the last batch
(``game.batch``) and closes a batch where simultaneous events end: between two links
of a resolving ability (608.2), and before and after each check of state-based actions
(704.3: every action of one check happens at once; combat damage is dealt at once,
510.2, and checked right after). :func:`flush` then emits one batch event per mode.
Also here: ``ActivationLimit$`` (only so many times each turn) for triggered and
activated abilities alike.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import Ability, ParamMap
from dfc_plugin.host.abilities.registry import trigger
from dfc_plugin.host.abilities.triggers import EVENT_TESTS, _fits, _zones_fail, moved_between
from dfc_plugin.host.abilities.values import Ctx, amount
from dfc_plugin.host.game.events import GameEvent

__all__ = ["BATCHED", "count_use", "flush", "limit_reached"]

_B = "test_abilities_batches.py::"

#: Event mode -> the mode of the batch event that gathers it.
BATCHED = {"ChangesZone": "ChangesZoneAll", "DamageDone": "DamageDoneOnce"}


def flush(game: Any) -> None:
    """Close the batch: one ``ChangesZoneAll`` / ``DamageDoneOnce`` event for the
    events gathered since the last batch, if any."""
    if not game.batch:
        return
    events, game.batch = game.batch, []
    for base, mode in BATCHED.items():
        part = tuple(e for e in events if e.mode == base)
        if part and game.could_trigger_on_watched(mode):  # (else it would be only recorded)
            game.emit(GameEvent(mode, data={"Events": part}))


@trigger(
    "ChangesZoneAll",
    params={
        "ValidCards": _B + "test_titania_gains_life_once_for_lands_put_into_graveyard",
        "Origin": _B + "test_fang_draws_once_each_turn",
        "Destination": _B + "test_titania_gains_life_once_for_lands_put_into_graveyard",
    },
    rule="603.2c",
    test=_B + "test_titania_gains_life_once_for_lands_put_into_graveyard",
)
def changes_zone_all(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever one or more cards fitting ``ValidCards$`` move from ``Origin$`` to
    ``Destination$`` at once: one trigger for the batch (a card that left the
    battlefield is read as it last existed there, 603.10a)."""
    return any(
        moved_between(params, e.data) and _fits(game, ctx, e, "Card", params.get("ValidCards"))
        for e in event.data["Events"]
    )


def changes_zone_all_fits(params: ParamMap, event: GameEvent) -> bool:
    """The part of :func:`changes_zone_all` that reads only the ability and the batch:
    whether any of its zone changes is between the zones."""
    return not _zones_fail(params, event.data["Events"])


EVENT_TESTS["ChangesZoneAll"] = (changes_zone_all, changes_zone_all_fits)


@trigger(
    "DamageDoneOnce",
    params={
        "ValidSource": _B + "test_storm_the_vault_one_treasure_for_all_its_attackers",
        "ValidTarget": _B + "test_storm_the_vault_one_treasure_for_all_its_attackers",
        "CombatDamage": _B + "test_storm_the_vault_one_treasure_for_all_its_attackers",
    },
    rule="603.2c",
    test=_B + "test_storm_the_vault_one_treasure_for_all_its_attackers",
)
def damage_done_once(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever one or more sources fitting ``ValidSource$`` deal damage to
    ``ValidTarget$`` at once (``CombatDamage$ True``: combat damage, dealt at once in
    its step, 510.2): one trigger for the batch."""
    combat = params.get("CombatDamage")
    return any(
        (combat is None or (combat == "True") == bool(e.data.get("Combat")))
        and _fits(game, ctx, e, "Source", params.get("ValidSource"))
        and _fits(game, ctx, e, "Target", params.get("ValidTarget"))
        for e in event.data["Events"]
    )


# --------------------------------------------------------------------------- ActivationLimit


def _key(card: int, ability: Ability) -> tuple[int, int]:
    return (card, -ability.line)


def limit_reached(game: Any, ctx: Ctx, ability: Ability) -> bool:
    """Whether an ability with ``ActivationLimit$ N`` was used N times this turn
    (602.5b "activate only once each turn"; "this ability triggers only once each
    turn")."""
    limit = ability.params.get("ActivationLimit")
    if limit is None:
        return False
    return int(game.activations.get(_key(ctx.card, ability), 0)) >= amount(ctx, limit)


def count_use(game: Any, ctx: Ctx, ability: Ability) -> None:
    """Count one activation or triggering of an ability that has a limit."""
    if "ActivationLimit" in ability.params:
        key = _key(ctx.card, ability)
        game.activations[key] = game.activations.get(key, 0) + 1
