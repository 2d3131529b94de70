"""The monarch (725) and drawing a card as a trigger event: the ``BecomeMonarch`` API
and trigger mode, the player words that ask who is the monarch (``isMonarch``,
``PlayerCountPlayers$HasPropertyisMonarch``), ``CheckDefinedPlayer$`` and the ``Drawn``
trigger mode (Starscream, Power Hungry: "Whenever you draw a card, if you're the
monarch, target opponent loses 2 life"; Starscream, Seeker Leader: "if there is no
monarch, that player becomes the monarch. Whenever you become the monarch, convert").

725.1: "There is no monarch in a game until an effect instructs a player to become the
monarch." 725.2: "There are two inherent triggered abilities associated with being the
monarch. [...] controlled by the player who was the monarch at the time the abilities
triggered. [...] 'At the beginning of the monarch's end step, that player draws a card'
and 'Whenever a creature deals combat damage to the monarch, its controller becomes the
monarch.'" 725.3: "Only one player can be the monarch at a time."

As Forge does, the designation is an effect object in the command zone, "The Monarch",
controlled by the monarch: its two triggered abilities are 725.2's (they work from the
command zone and are controlled by whoever is the monarch as they trigger), and who is
the monarch is read from it (so the game's snapshot and rollback keep it). 725.4 (the
monarch leaving the game) is not done here: a multiplayer game that loses its monarch
keeps the effect with a player who left, and the log says so.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import values
from dfc_plugin.host.abilities.registry import COMMON, VALUE_CHECKS, api, trigger
from dfc_plugin.host.abilities.values import Ctx, defined_players, matches, matches_player
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.state import Zone

__all__ = ["become_monarch", "monarch"]

_TEST = "test_abilities_monarch.py::"
_SEEKER = _TEST + "test_seeker_leader_crowns_the_player_it_hits_and_converts_when_it_takes_the_crown"
_HUNGRY = _TEST + "test_power_hungry_drains_when_its_monarch_controller_draws"

NAME = "The Monarch"
_TEXT = "\n".join(
    [
        f"Name:{NAME}",
        "ManaCost:no cost",
        "Types:Effect",
        "T:Mode$ Phase | Phase$ End of Turn | ValidPlayer$ You | TriggerZones$ Command"
        " | Execute$ MonarchDraws | TriggerDescription$ At the beginning of the monarch's end step,"
        " that player draws a card.",
        "T:Mode$ DamageDone | ValidSource$ Creature | ValidTarget$ You | CombatDamage$ True"
        " | TriggerZones$ Command | Execute$ MonarchTaken | TriggerDescription$ Whenever a creature"
        " deals combat damage to the monarch, its controller becomes the monarch.",
        "SVar:MonarchDraws:DB$ Draw | Defined$ You | NumCards$ 1",
        "SVar:MonarchTaken:DB$ BecomeMonarch | Defined$ TriggeredSourceController",
        "",
    ]
)


def _crown(game: Any) -> Any:
    return next((o for o in game.in_zone(Zone.COMMAND) if game.name_of(o.id) == NAME), None)


def monarch(game: Any) -> int | None:
    """The player who is the monarch, if any (725.1)."""
    crown = _crown(game)
    return crown.controller if crown is not None else None


def become_monarch(game: Any, player: int, host: int) -> None:
    """``player`` becomes the monarch (725.3: the one before ceases to be); the first
    time, the designation's effect is created (``host``: the card that made it)."""
    crown = _crown(game)
    if crown is not None and crown.controller == player:
        return  # already the monarch: nobody becomes it
    if crown is None:
        definition = game.effect_definition(_TEXT, NAME)
        made = game.make_effect(
            definition, player, duration="Permanent", host=host, remembered=[], exile_on_moved=None
        )
        crown = game.obj(made)
    game.change_control(crown.id, player)  # the designation's triggers are the monarch's (725.2)
    game.record("monarch", None, f"player {player} becomes the monarch", "725.3")
    game.emit(GameEvent("BecomeMonarch", {}, {"Player": player}))


@api("BecomeMonarch", params={"Defined": _SEEKER}, rule="725.1", test=_SEEKER)
def become_monarch_effect(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The defined player becomes the monarch."""
    for player in defined_players(ctx, link.get("Defined") or "You")[:1]:
        become_monarch(game, player, ctx.card)


@trigger("BecomeMonarch", params={"ValidPlayer": _SEEKER}, rule="725.3", test=_SEEKER)
def became_monarch(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a player fitting ``ValidPlayer$`` becomes the monarch."""
    valid = params.get("ValidPlayer")
    return valid is None or matches_player(ctx, event.players["Player"], valid)


@trigger("Drawn", params={"ValidCard": _HUNGRY}, rule="121.1", test=_HUNGRY)
def drawn(game: Any, ctx: Ctx, params: ParamMap, event: GameEvent) -> bool:
    """Whenever a card fitting ``ValidCard$`` is drawn (each card drawn is one event)."""
    card = game.objects.get(event.objects.get("Card", -1))
    return card is not None and matches(ctx, card, params.get("ValidCard") or "Card")


#: Player properties ``CheckDefinedPlayer$`` reads: property -> f(game, player).
PLAYER_PROPERTIES = {"isMonarch": lambda game, player: monarch(game) == player}


def _unknown_player_properties(text: str) -> list[str]:
    _who, _, props = text.partition(".")
    return [f"CheckDefinedPlayer:{p}" for p in props.split("+") if p and p not in PLAYER_PROPERTIES]


def check_defined_player(ctx: Ctx, text: str) -> bool:
    """``CheckDefinedPlayer$ You.isMonarch``: each defined player has the properties (an
    intervening "if", 603.4: checked as it triggers and as it resolves)."""
    who, _, props = text.partition(".")
    unknown = _unknown_player_properties(text)
    if unknown:
        raise UnsupportedAbilityError(f"CheckDefinedPlayer$ {text} can't be checked", missing=tuple(unknown))
    players = defined_players(ctx, who)
    wanted = [p for p in props.split("+") if p]
    return bool(players) and all(PLAYER_PROPERTIES[w](ctx.game, p) for p in players for w in wanted)


values.REQUIREMENTS["CheckDefinedPlayer"] = check_defined_player
VALUE_CHECKS["CheckDefinedPlayer"] = _unknown_player_properties
COMMON["CheckDefinedPlayer"] = _HUNGRY
values.PLAYER_FUNCTIONS["HasPropertyisMonarch"] = lambda ctx, players: sum(
    1 for p in players if monarch(ctx.game) == p
)
values.DEFINED_PLAYERS["TriggeredTarget"] = lambda ctx: (
    [ctx.event.players["Target"]] if ctx.event is not None and "Target" in ctx.event.players else []
)
