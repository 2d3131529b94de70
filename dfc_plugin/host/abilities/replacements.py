"""Replacement events (``R:Event$ <event>``): one function each, saying whether a
replacement effect applies to an event (614; forge-abilities.md 3.7 and section 7).

Two kinds of ``Moved`` replacement run here: one that sends a card somewhere else
instead ("if it would be put into a graveyard, exile it instead", 614.1a: its
``ReplaceWith$`` is a ``ChangeZone`` of ``ReplacedCard``), and one that modifies how a
permanent enters ("enters tapped", "as ~ enters, it becomes day": 614.1c-d, 614.12).
Each applies at most once to an event (614.5); the affected object's controller
chooses the order (616.1). A replacement reads the characteristics the object has as
the event happens: the face that is up on the battlefield as it would leave, the face
it will have as it enters (614.12).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from dfc_plugin.cards import Ability, Face, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import lookup, replacement
from dfc_plugin.host.abilities.values import Ctx, conditions_hold, matches, svar_params, zone_named
from dfc_plugin.state import Zone

__all__ = ["entering", "moved_destination"]

_P = "test_play_cards.py::"
_T = "test_abilities_replacements.py::"


def _zone_fits(text: str | None, zone: Zone | None) -> bool:
    if text is None or text in ("Any", "All"):
        return True
    return zone in [zone_named(z) for z in text.split(",")]


@replacement(
    "Moved",
    params={
        "ValidCard": _P + "test_disturb_cast_from_graveyard_and_exiled_instead",
        "ValidLKI": _T + "test_leyline_exiles_opponents_cards_not_itself",
        "Origin": _T + "test_leyline_exiles_opponents_cards_not_itself",
        "Destination": _P + "test_disturb_cast_from_graveyard_and_exiled_instead",
        "ActiveZones": _T + "test_leyline_exiles_opponents_cards_not_itself",
        "DayTime": _P + "test_brimstone_vandal_makes_it_day",
        "Optional": _T + "test_optional_replacement_asks",
    },
    rule="614.1a",
    test=_P + "test_disturb_cast_from_graveyard_and_exiled_instead",
)
def moved(game: Any, ctx: Ctx, params: ParamMap, found: Any, move: tuple[Zone | None, Zone]) -> bool:
    """A card fitting ``ValidCard$``/``ValidLKI$`` would move from ``Origin$`` to
    ``Destination$`` (``DayTime$ Neither``: only while it is neither day nor night)."""
    origin, destination = move
    if not (_zone_fits(params.get("Origin"), origin) and _zone_fits(params.get("Destination"), destination)):
        return False
    day_time = params.get("DayTime")
    if day_time is not None and game.day_night.value != day_time.lower():
        return False
    valid = params.get("ValidCard") or params.get("ValidLKI") or "Card"
    return matches(ctx, found, valid)


def _sources(game: Any, found: Any, face: Face | None) -> Iterator[tuple[Any, Face]]:
    """The object's own face (its replacements work from any zone unless they name
    ``ActiveZones$``), then every other permanent's face."""
    if face is not None:
        yield found, face
    for other, other_face in game.faces_on_battlefield():
        if other.id != found.id:
            yield other, other_face
    for effect in game.in_zone(Zone.COMMAND):  # effects and emblems (ActiveZones$ Command)
        face = game.face_of(effect)
        if face is not None and effect.id != found.id:
            yield effect, face


def _candidates(
    game: Any, found: Any, face: Face | None, move: tuple[Zone | None, Zone], done: set[int]
) -> list[tuple[Ctx, ParamMap, int]]:
    entry = lookup("replacement", "Moved")
    assert entry is not None
    out = []
    for source, source_face, ability in active_replacements(_sources(game, found, face), "Moved"):
        if id(ability) in done:
            continue
        ctx = game.ability_ctx(source, source_face)
        ctx.replaced = found.id
        if entry.run(game, ctx, ability.params, found, move):
            out.append((ctx, ability.params, id(ability)))
    return out


def active_replacements(
    sources: Iterable[tuple[Any, Face]], event: str
) -> Iterator[tuple[Any, Face, Ability]]:
    """The ``R:`` abilities of ``event`` on these (object, face) sources that work from
    the zone their object is in (``ActiveZones$``)."""
    for source, face in sources:
        for ability in face.abilities:
            if ability.kind != "R" or ability.params.api != event:
                continue
            zones = ability.params.get("ActiveZones")
            if zones is None or source.zone in [zone_named(z) for z in zones.split(",")]:
                yield source, face, ability


def _pick(game: Any, found: Any, options: list[tuple[Ctx, ParamMap, int]]) -> tuple[Ctx, ParamMap, int]:
    if len(options) == 1:
        return options[0]
    index: int = game.ask(
        found.controller, "which replacement effect applies first", list(range(len(options)))
    )
    return options[index]


def moved_destination(game: Any, found: Any, destination: Zone) -> Zone:
    """Where an object that would move to ``destination`` goes instead, after every
    replacement that applies (614.1a, 614.5, 616.1)."""
    if found.state.face_down:
        return destination
    face = game.rules.characteristics(found.state).face
    done: set[int] = set()
    while True:
        options = [
            o
            for o in _candidates(game, found, face, (found.zone, destination), done)
            if _redirects(o[0], o[1])
        ]
        if not options:
            return destination
        ctx, params, key = _pick(game, found, options)
        done.add(key)
        if "Optional" in params and not game.ask_yes(ctx.controller, "apply the replacement effect"):
            continue
        link = svar_params(ctx, params.get("ReplaceWith") or "")
        destination = zone_named(link.get("Destination") or "Exile")
        then_reflexive(game, ctx, link)


def _redirects(ctx: Ctx, params: ParamMap) -> bool:
    """Whether a Moved replacement sends the card elsewhere (its ``ReplaceWith$`` is a
    ``ChangeZone`` of the replaced card); refused with its reason if it does something
    this engine can't do instead."""
    if params.get("ReplacementResult") == "Updated":
        return False
    link = svar_params(ctx, params.get("ReplaceWith") or "")
    if link.api == "ChangeZone" and link.get("Defined") == "ReplacedCard" and "SubAbility" not in link:
        return True
    if reflexive_after(ctx, link):
        return True  # "exile it instead. When you do, ..." (603.12)
    if link.get("ETB") == "True" or link.api == "Clone":
        return False  # it modifies how the permanent enters (614.1c; "enters as a copy", 707.5)
    raise UnsupportedAbilityError(
        f"{ctx.face.name}: the replacement {params.get('ReplaceWith')} ({link.api}) can't run here",
        missing=(f"Moved.ReplaceWith:{link.api}",),
    )


def entering(game: Any, made: Any, origin: Zone | None) -> None:
    """Replacements that modify how ``made`` enters the battlefield (614.1c-d, 614.12):
    run each one's ``ReplaceWith$`` chain with ``ReplacedCard`` being the new permanent."""
    from dfc_plugin.host.abilities.chain import links, run_link
    from dfc_plugin.host.abilities.copying import copy_possible

    face = game.rules.characteristics(made.state).face
    done: set[int] = set()
    while True:
        options = [
            o
            for o in _candidates(game, made, face, (origin, Zone.BATTLEFIELD), done)
            if not _redirects(o[0], o[1])  # its own, or another's ("creatures you control enter with ...")
        ]
        if not options:
            return
        ctx, params, key = _pick(game, made, options)
        done.add(key)
        first = svar_params(ctx, params.get("ReplaceWith") or "")
        if not copy_possible(game, ctx, first):
            continue  # nothing to enter as a copy of (614.12)
        if "Optional" in params and not game.ask_yes(ctx.controller, "apply the replacement effect"):
            continue
        for link in links(ctx, first):
            if conditions_hold(ctx, link):  # a link whose conditions fail is skipped (608.2c)
                run_link(game, ctx, link)


def reflexive_after(ctx: Ctx, link: ParamMap) -> bool:
    """Whether a redirecting ``ChangeZone`` of the replaced card goes on only to a
    reflexive trigger (``SubAbility$`` an ``ImmediateTrigger`` with nothing after it:
    Valentin, Dean of the Vein's "exile it instead. When you do, ...")."""
    if link.api != "ChangeZone" or link.get("Defined") != "ReplacedCard" or "SubAbility" not in link:
        return False
    sub = svar_params(ctx, link.get("SubAbility") or "")
    return sub.api == "ImmediateTrigger" and "SubAbility" not in sub


def then_reflexive(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The reflexive trigger a redirect goes on to triggers as the event is replaced
    (603.12); it waits, like any trigger, until a player would receive priority, by
    which time the card is where the replacement sent it (603.3)."""
    from dfc_plugin.host.abilities.chain import run_link

    if reflexive_after(ctx, link):
        run_link(game, ctx, svar_params(ctx, link.get("SubAbility") or ""))
