"""Trigger modes (``T:Mode$ <mode>``): one function each, saying whether a triggered
ability of that mode triggers on an event (603.2; forge-abilities.md section 5). The
requirements every trigger shares (``TriggerZones$``, ``IsPresent$``, ``CheckSVar$``,
the werewolf conditions) are checked by the trigger machinery
(:mod:`dfc_plugin.host.game.triggers`), not here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import trigger
from dfc_plugin.host.abilities.values import Ctx, compare, matches, matches_player, zone_named
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.state import Zone

__all__ = ["EVENT_TESTS", "changes_zone_fits", "moved_between", "phase_step_fits", "zones_named"]

_T = "test_abilities_triggers.py::"
_P = "test_play_cards.py::"

#: Forge's phase names -> the engine's step names.
PHASES = {
    "Upkeep": "upkeep",
    "Draw": "draw",
    "Main1": "main1",
    "Main2": "main2",
    "BeginCombat": "begin_combat",
    "Declare Attackers": "declare_attackers",
    "Declare Blockers": "declare_blockers",
    "EndCombat": "end_combat",
    "End of Turn": "end",
    "End Of Turn": "end",
    "Cleanup": "cleanup",
}


def _object(game: Any, event: GameEvent, role: str) -> Any:
    object_id = event.objects.get(role)
    if object_id is None:
        return None
    return game.objects.get(object_id) or event.lki.get(object_id)


def _fits(game: Any, ctx: Ctx, event: GameEvent, role: str, valid: str | None) -> bool:
    if valid is None:
        return True
    found = _object(game, event, role)
    if found is not None:
        return matches(ctx, found, valid)
    player = event.players.get(role)
    return player is not None and matches_player(ctx, player, valid)


@trigger(
    "Phase",
    params={
        "Phase": _P + "test_delver_transforms_only_on_instant_or_sorcery",
        "ValidPlayer": _P + "test_delver_transforms_only_on_instant_or_sorcery",
    },
    rule="503.1a",
    test=_P + "test_delver_transforms_only_on_instant_or_sorcery",
)
def phase(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """At the beginning of a step or phase (``Phase$``), of ``ValidPlayer$``'s turn."""
    if not phase_step_fits(params, event):
        return False
    valid = params.get("ValidPlayer")
    return valid is None or matches_player(ctx, event.players["Player"], valid)


#: The steps a ``Phase$`` text names, by the text.
_STEPS_NAMED: dict[str, frozenset[str]] = {}


def phase_step_fits(params: ParamMap, event: GameEvent) -> bool:
    """Whether the step that begins is one ``Phase$`` names: the part of :func:`phase`
    that reads only the ability and the event (503.1a)."""
    text = params.get("Phase") or ""
    steps = _STEPS_NAMED.get(text)
    if steps is None:
        steps = frozenset(PHASES.get(p.strip(), p.strip()) for p in text.split(","))
        if len(_STEPS_NAMED) < 10_000:
            _STEPS_NAMED[text] = steps
    return event.data.get("Phase") in steps


#: Per trigger mode, the part of its function that reads only the ability's parameters
#: and the event, with the function it is part of: where it fails, so does the function,
#: so the trigger machinery may ask it first, before it makes the ability's context.
EVENT_TESTS: dict[str, tuple[Callable[..., bool], Callable[[ParamMap, GameEvent], bool]]] = {
    "Phase": (phase, phase_step_fits)
}


#: The zones a comma-separated text names, by the text.
_ZONES_NAMED: dict[str, tuple[Zone, ...]] = {}


def zones_named(text: str) -> tuple[Zone, ...]:
    """The zones a comma-separated text names (raising, as :func:`zone_named`, for a
    name that is no zone's), remembered by the text."""
    zones = _ZONES_NAMED.get(text)
    if zones is None:
        zones = tuple(zone_named(z) for z in text.split(","))
        if len(_ZONES_NAMED) < 10_000:
            _ZONES_NAMED[text] = zones
    return zones


def _zones_fit(text: str | None, zone: Any) -> bool:
    if text is None or text in ("Any", "All"):
        return True
    return zone in zones_named(text)


def moved_between(params: ParamMap, data: dict[str, Any]) -> bool:
    """Whether a zone change (its event's data) is from ``Origin$`` to ``Destination$``."""
    return _zones_fit(params.get("Origin"), data.get("Origin")) and _zones_fit(
        params.get("Destination"), data.get("Destination")
    )


def _zones_fail(params: ParamMap, events: tuple[GameEvent, ...]) -> bool:
    """Whether none of the zone changes is from ``Origin$`` to ``Destination$``, as
    far as that can be told here (a name that is no zone's: the function says)."""
    try:
        return not any(moved_between(params, e.data) for e in events)
    except UnsupportedAbilityError:
        return False


@trigger(
    "ChangesZone",
    params={
        "Origin": _T + "test_changes_zone_origin",
        "Destination": _P + "test_nissa_returns_transformed_on_the_seventh_land",
        "ValidCard": _P + "test_nissa_returns_transformed_on_the_seventh_land",
    },
    rule="603.6a",
    test=_P + "test_nissa_returns_transformed_on_the_seventh_land",
)
def changes_zone(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """When an object fitting ``ValidCard$`` moves from ``Origin$`` to
    ``Destination$`` (enters-the-battlefield 603.6a; leaves, looking back 603.10a)."""
    return moved_between(params, event.data) and _fits(game, ctx, event, "Card", params.get("ValidCard"))


def changes_zone_fits(params: ParamMap, event: GameEvent) -> bool:
    """The part of :func:`changes_zone` that reads only the ability and the event: the
    zones (603.6a)."""
    return not _zones_fail(params, (event,))


EVENT_TESTS["ChangesZone"] = (changes_zone, changes_zone_fits)


@trigger(
    "Transformed",
    params={"ValidCard": _T + "test_transformed_trigger"},
    rule="701.27",
    test=_T + "test_transformed_trigger",
)
def transformed(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a permanent fitting ``ValidCard$`` transforms (not when it enters
    transformed, 712.14a... 701.27g)."""
    return _fits(game, ctx, event, "Card", params.get("ValidCard"))


@trigger(
    "SpellCast",
    params={
        "ValidCard": _T + "test_spell_cast_trigger",
        "ValidActivatingPlayer": _T + "test_spell_cast_trigger",
        "PlayerTurn": _T + "test_more_trigger_modes",
    },
    rule="603.2",
    test=_T + "test_spell_cast_trigger",
)
def spell_cast(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a spell fitting ``ValidCard$`` is cast by ``ValidActivatingPlayer$``
    (``PlayerTurn$ True``: only during the trigger's controller's turn)."""
    if "PlayerTurn" in params and game.active != ctx.controller:
        return False
    return _fits(game, ctx, event, "Card", params.get("ValidCard")) and _fits(
        game, ctx, event, "Player", params.get("ValidActivatingPlayer")
    )


@trigger(
    "Attacks",
    params={"ValidCard": _P + "test_hanweir_garrison_attack_makes_tokens"},
    rule="508.1m",
    test=_P + "test_hanweir_garrison_attack_makes_tokens",
)
def attacks(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a creature fitting ``ValidCard$`` attacks (508.1m)."""
    return _fits(game, ctx, event, "Attacker", params.get("ValidCard"))


@trigger(
    "DamageDone",
    params={
        "ValidSource": _T + "test_damage_done_trigger",
        "ValidTarget": _T + "test_damage_done_trigger",
        "CombatDamage": _T + "test_damage_done_trigger",
    },
    rule="510.3a",
    test=_T + "test_damage_done_trigger",
)
def damage_done(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever ``ValidSource$`` deals damage to ``ValidTarget$`` (``CombatDamage$
    True``: combat damage only)."""
    combat = params.get("CombatDamage")
    if combat is not None and (combat == "True") != bool(event.data.get("Combat")):
        return False
    return _fits(game, ctx, event, "Source", params.get("ValidSource")) and _fits(
        game, ctx, event, "Target", params.get("ValidTarget")
    )


@trigger("DayTimeChanges", rule="731.1", test=_P + "test_brimstone_vandal_makes_it_day")
def day_time_changes(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever day becomes night or night becomes day (not from neither, 731.1)."""
    return True


@trigger(
    "AttackersDeclared",
    params={
        "AttackingPlayer": _T + "test_attackers_declared",
        "ValidAttackers": _T + "test_attackers_declared",
        "ValidAttackersAmount": _T + "test_attackers_declared",
    },
    rule="508.1m",
    test=_T + "test_attackers_declared",
)
def attackers_declared(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever ``AttackingPlayer$`` attacks (once per combat, after attackers are
    declared, 508.1m); ``ValidAttackers$``/``ValidAttackersAmount$``: with that many
    attackers of that kind."""
    if not _fits(game, ctx, event, "Player", params.get("AttackingPlayer")):
        return False
    valid = params.get("ValidAttackers")
    if valid is None:
        return True
    count = sum(1 for i in game.attackers if i in game.objects and matches(ctx, game.objects[i], valid))
    return compare(ctx, count, params.get("ValidAttackersAmount"))


@trigger(
    "Sacrificed",
    params={"ValidCard": _T + "test_more_trigger_modes"},
    rule="701.17a",
    test=_T + "test_more_trigger_modes",
)
def sacrificed(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a permanent fitting ``ValidCard$`` is sacrificed."""
    return _fits(game, ctx, event, "Card", params.get("ValidCard"))


@trigger(
    "LosesGame",
    params={"ValidPlayer": _T + "test_more_trigger_modes"},
    rule="104.3",
    test=_T + "test_more_trigger_modes",
)
def loses_game(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a player (fitting ``ValidPlayer$``) loses the game."""
    return _fits(game, ctx, event, "Player", params.get("ValidPlayer"))


@trigger(
    "AttackerUnblocked",
    params={"ValidCard": _T + "test_more_trigger_modes"},
    rule="509.1h",
    test=_T + "test_more_trigger_modes",
)
def attacker_unblocked(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever an attacker fitting ``ValidCard$`` becomes unblocked (509.1h)."""
    return _fits(game, ctx, event, "Attacker", params.get("ValidCard"))


@trigger(
    "AttackerBlockedByCreature",
    params={"ValidCard": _T + "test_more_trigger_modes", "ValidBlocker": _T + "test_more_trigger_modes"},
    rule="509.3c",
    test=_T + "test_more_trigger_modes",
)
def attacker_blocked_by(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever an attacker fitting ``ValidCard$`` becomes blocked by a creature fitting
    ``ValidBlocker$`` (once for each blocker, 509.3c)."""
    return _fits(game, ctx, event, "Attacker", params.get("ValidCard")) and _fits(
        game, ctx, event, "Blocker", params.get("ValidBlocker")
    )


@trigger(
    "Blocks",
    params={"ValidCard": _T + "test_more_trigger_modes"},
    rule="509.3a",
    test=_T + "test_more_trigger_modes",
)
def blocks(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a creature fitting ``ValidCard$`` blocks (509.3a)."""
    return _fits(game, ctx, event, "Blocker", params.get("ValidCard"))


@trigger(
    "AttackerBlocked",
    params={"ValidCard": _T + "test_more_trigger_modes"},
    rule="509.3c",
    test=_T + "test_more_trigger_modes",
)
def attacker_blocked(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever an attacker fitting ``ValidCard$`` becomes blocked (once, 509.3c)."""
    return _fits(game, ctx, event, "Attacker", params.get("ValidCard"))
