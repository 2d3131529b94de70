"""Prevention effects written as a ``DamageDone`` replacement with ``Prevent$ True``
(Goldbug, Humanity's Ally: "Prevent all combat damage that would be dealt to attacking
Humans you control.").

615.1: "[...] prevention effects apply continuously as events happen—they aren't locked
in ahead of time. Such effects watch for a damage event that would happen and completely
or partially prevent the damage that would be dealt." (615.1a: effects that use the word
"prevent"). Such a static ability's effect is asked each time damage would be dealt
(:func:`prevented`): damage from a source fitting ``ValidSource$`` to a target fitting ``ValidTarget$``
(``IsCombat$ True``: combat damage only, 510.2) isn't dealt. A ``DamageDone``
replacement that does something else instead (``ReplaceWith$`` without ``Prevent$``) is
refused, with its reason, and the census says so.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import LINE_CHECKS, replacement
from dfc_plugin.host.abilities.replacements import active_replacements
from dfc_plugin.host.abilities.values import Ctx, Target, matches, matches_player, requirements_hold

__all__ = ["prevented"]

_TEST = "test_abilities_uncounterable.py::test_goldbug_prevents_combat_damage_to_attacking_humans"
_GIDEON = "test_abilities_uncounterable.py::test_gideon_prevents_damage_to_itself_during_your_turn_only"


@replacement(
    "DamageDone",
    params={
        "ValidSource": _TEST,
        "ValidTarget": _TEST,
        "IsCombat": _TEST,
        "Prevent": _TEST,
        "ActiveZones": _TEST,
        "Condition": _GIDEON,
    },
    rule="615.1a",
    test=_TEST,
)
def damage_done(game: Any, ctx: Ctx, params: ParamMap, source: Any, target: Target, *, combat: bool) -> bool:
    """Damage from ``ValidSource$`` to ``ValidTarget$`` (``IsCombat$``: combat damage)."""
    if not params.is_true("Prevent"):
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: a DamageDone replacement other than prevention can't run here",
            missing=("DamageDone.ReplaceWith",),
        )
    if (params.is_true("IsCombat") and not combat) or not requirements_hold(ctx, params):
        return False  # (``Condition$ PlayerTurn``: "during your turn")
    valid_source = params.get("ValidSource")
    if valid_source and (source is None or not matches(ctx, source, valid_source)):
        return False
    valid = params.get("ValidTarget") or "Any"
    kind, value = target
    if kind == "p":
        return matches_player(ctx, value, valid)
    found = game.objects.get(value)
    return found is not None and matches(ctx, found, valid)


def prevented(game: Any, source: Any, target: Target, combat: bool) -> str | None:
    """The name of the card whose prevention effect stops this damage, if any."""
    for found, face, ability in active_replacements(game.faces_on_battlefield(), "DamageDone"):
        ctx = game.ability_ctx(found, face)
        if damage_done(game, ctx, ability.params, source, target, combat=combat):
            return str(face.name)
    return None


def _not_prevention(params: ParamMap) -> list[str]:
    return [] if params.is_true("Prevent") else ["DamageDone.ReplaceWith"]


LINE_CHECKS[("replacement", "DamageDone")] = _not_prevention
