"""Value words that read what happened this turn, a card's counters, a player's
library or the players' life totals: ``Count$`` forms (``Count$ThisTurnCast_Card.YouCtrl``,
``Count$CardCounters.LANDMARK``, ``Count$AttackedThisTurn Card.Self``), the
``PlayerCountPlayers$`` functions, the ``wasDealtDamageThisTurn`` property and the
``TriggeredSourceController`` reference (forge-abilities.md 9.3).

"This turn" is the game's own record of the turn's events (``game.this_turn``: each
event with its objects as they were then), so a spell that has since resolved still
counts as cast, and a card that has since left still counts as having entered.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import values
from dfc_plugin.host.abilities.registry import trigger
from dfc_plugin.host.abilities.values import Ctx, matches, matches_player, zone_named
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.script.expressions import ValidExpr
from dfc_plugin.state import Zone

if TYPE_CHECKING:
    from dfc_plugin.host.model import GameObject

__all__: list[str] = []


def _events(ctx: Ctx, mode: str) -> Iterable[tuple[GameEvent, dict[int, GameObject]]]:
    """This turn's events of one mode, with their objects as they were then."""
    game = ctx.game
    for turn, event, seen in game.this_turn:
        if turn == game.turn and event.mode == mode:
            yield event, seen


def _unparsed(valid: ValidExpr | None) -> str:
    if valid is None:
        return "Card"
    return ",".join(
        ("!" if a.negated else "") + a.word + ("." + "+".join(a.props) if a.props else "")
        for a in valid.alternatives
    )


# --------------------------------------------------------------------------- Count$ forms


def _cast_this_turn(ctx: Ctx, valid: str) -> int:
    """Spells cast this turn that fit ``valid`` as they were cast (``YouCtrl``: cast by
    you, the spell's controller being its caster, 601.2a)."""
    return sum(
        1
        for event, seen in _events(ctx, "SpellCast")
        if (spell := seen.get(event.objects.get("Card", -1))) is not None and matches(ctx, spell, valid)
    )


def _entered_this_turn(ctx: Ctx, argument: str) -> int:
    """``ThisTurnEntered_<To>[_from_<From>]_<valid>``: cards put into a zone this turn
    (from a zone), fitting ``valid`` as they were before they moved or as they are now."""
    parts = argument.split("_")
    destination = zone_named(parts[0])
    origin = zone_named(parts[2]) if len(parts) > 3 and parts[1] == "from" else None
    valid = "_".join(parts[3:] if origin is not None else parts[1:]) or "Card"
    count = 0
    for event, seen in _events(ctx, "ChangesZone"):
        if event.data.get("Destination") is not destination:
            continue
        if origin is not None and event.data.get("Origin") is not origin:
            continue
        looks = [*event.lki.values(), *seen.values()]
        count += any(matches(ctx, o, valid) for o in looks)
    return count


def _card_counters(ctx: Ctx, kind: str) -> int:
    """The number of ``kind`` counters on the source (122.1)."""
    found = ctx.source_object
    return found.counter(kind) if found is not None else 0


def _in_targeted_library(ctx: Ctx, valid: str) -> int:
    """Cards fitting ``valid`` in the targeted players' libraries."""
    players = [v for k, v in ctx.targeted() if k == "p"]
    return sum(1 for p in players for o in ctx.game.in_zone(Zone.LIBRARY, p) if matches(ctx, o, valid))


def _type_in_your_yard(ctx: Ctx, word: str) -> int:
    """Cards of one card type in your graveyard."""
    return sum(1 for o in ctx.game.in_zone(Zone.GRAVEYARD, ctx.controller) if ctx.game.has_type_of(o, word))


def _attacked_this_turn(ctx: Ctx, valid: ValidExpr | None) -> int:
    """Creatures fitting ``valid`` that attacked this turn (508.1: declared as attackers)."""
    text = _unparsed(valid)
    game = ctx.game
    return sum(
        1 for i in game.attacked_this_turn if i in game.objects and matches(ctx, game.objects[i], text)
    )


values.ARG_FORMS.update(
    {
        "ThisTurnCast": _cast_this_turn,
        "ThisTurnEntered": _entered_this_turn,
        "CardCounters": _card_counters,
        "InTargetedLibrary": _in_targeted_library,
        "TypeInYourYard": _type_in_your_yard,
    }
)
values.VALID_ARGUMENT_FORMS.update({"ThisTurnCast", "InTargetedLibrary"})


def _different_mana_values_in_exile(ctx: Ctx, valid: ValidExpr | None) -> int:
    """How many different mana values among exiled cards fitting ``valid`` (202.3)."""
    text = _unparsed(valid)
    game = ctx.game
    return len({game.rules.mana_value(o.state) for o in game.in_zone(Zone.EXILE) if matches(ctx, o, text)})


values.COUNT_FORMS["AttackedThisTurn"] = _attacked_this_turn
values.COUNT_FORMS["DifferentCMCExile"] = _different_mana_values_in_exile

values.PLAYER_FUNCTIONS.update(
    {
        "HighestLifeTotal": lambda ctx, players: max((ctx.game.life[p] for p in players), default=0),
        "LowestLifeTotal": lambda ctx, players: min((ctx.game.life[p] for p in players), default=0),
    }
)


# --------------------------------------------------------------------------- properties, references


def _dealt_damage_this_turn(ctx: Ctx, found: GameObject) -> bool:
    """Whether this object was dealt damage this turn (an object that changed zones is a
    new object, 400.7, and was dealt none)."""
    return any(event.objects.get("Target") == found.id for event, _ in _events(ctx, "DamageDone"))


values.SIMPLE_PROPS["wasDealtDamageThisTurn"] = _dealt_damage_this_turn


def _triggered_source_controller(ctx: Ctx) -> list[int]:
    """The controller of the event's source (``DamageDone``: the source that dealt the
    damage), as it is now or as it last existed."""
    event = ctx.event
    if event is None or "Source" not in event.objects:
        return []
    game: Any = ctx.game
    source = event.objects["Source"]
    found = game.objects.get(source) or game.lki.get(source)
    return [found.controller] if found is not None else []


values.DEFINED_PLAYERS["TriggeredSourceController"] = _triggered_source_controller


_L = "test_abilities_tallies.py::test_lisette_grows_your_creatures_when_you_gain_life"


@trigger("LifeGained", params={"ValidPlayer": _L}, rule="119.3", test=_L)
def life_gained(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a player fitting ``ValidPlayer$`` gains life (119.3; lifelink too,
    702.15b)."""
    valid = params.get("ValidPlayer")
    return valid is None or matches_player(ctx, event.players["Player"], valid)
