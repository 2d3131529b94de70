"""Spells that can't be countered, and the count of spells a player cast this turn
(Goldbug, Humanity's Ally: "Whenever you cast your second spell each turn, convert
Goldbug"; Goldbug, Scrappy Scout: "Human spells you control can't be countered").

"CARDNAME can't be countered." is a keyword line (Forge's hidden keyword) that works on
the stack (113.6g: "An object's ability that states it can't be countered [...]
functions on the stack"); a ``Continuous`` static with ``AffectedZone$ Stack`` grants it
to the spells it affects there (613.1f, layer 6). :func:`cant_be_countered` is what the
engine asks before a spell is countered (701.6a): a spell that can't be countered stays
on the stack, and the effect that tried does nothing else to it.

``ActivatorThisTurnCast$ EQ2`` (a ``SpellCast`` trigger): the player who cast the spell
has cast that many spells this turn, this one included ("your second spell each turn").
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import triggers  # noqa: F401  (SpellCast is registered there first)
from dfc_plugin.host.abilities.registry import extend, keyword
from dfc_plugin.host.abilities.statics import active
from dfc_plugin.host.abilities.values import Ctx, compare, matches, zone_named
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["cant_be_countered", "stack_keywords"]

_TEST = "test_abilities_uncounterable.py::"
UNCOUNTERABLE = "CARDNAME can't be countered."


@keyword(UNCOUNTERABLE, rule="113.6g", test=_TEST + "test_human_spells_you_control_cant_be_countered")
def uncounterable(game: Any, found: GameObject) -> bool:
    """It can't be countered: printed on the spell, or granted to it on the stack."""
    face = game.face_of(found)
    printed = face is not None and face.keyword(UNCOUNTERABLE) is not None
    return printed or UNCOUNTERABLE.lower() in stack_keywords(game, found)


def _words(params: ParamMap) -> list[str]:
    text = f"{params.get('AddKeyword') or ''}&{params.get('AddHiddenKeyword') or ''}"
    return [w.strip().lower() for w in text.split("&") if w.strip()]


def stack_keywords(game: Any, found: GameObject) -> set[str]:
    """Keywords ``Continuous`` statics with ``AffectedZone$ Stack`` grant this spell."""
    if found.zone is not Zone.STACK:
        return set()
    words: set[str] = set()
    for ctx, params in active(game, "Continuous"):
        zones = [zone_named(z) for z in (params.get("AffectedZone") or "Battlefield").split(",")]
        if Zone.STACK in zones and matches(ctx, found, params.get("Affected") or "Card"):
            words.update(_words(params))
    return words


def cant_be_countered(game: Any, object_id: int) -> bool:
    found = game.objects.get(object_id)
    return found is not None and uncounterable(game, found)


def _spell_cast_count(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """``ActivatorThisTurnCast$``: how many spells the caster has cast this turn."""
    if not _SPELL_CAST.run(game, ctx, params, event):
        return False
    wanted = params.get("ActivatorThisTurnCast")
    if wanted is None:
        return True
    caster = event.players.get("Player")
    return caster is not None and compare(ctx, game.spells_cast.get(caster, 0), wanted)


_SPELL_CAST = extend(
    "trigger",
    "SpellCast",
    _spell_cast_count,
    {"ActivatorThisTurnCast": _TEST + "test_goldbug_converts_on_your_second_spell_each_turn"},
)
