"""The APIs (``SP$``/``AB$``/``DB$ <Api>``): one small function each, registered with
the parameters it honours and the test that shows each (forge-abilities.md section 4).

An effect never decides a DFC rule: transforming, melding, entering transformed and
leaving the battlefield are the engine's actions, which ask the plugin's rule handlers.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import Param, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.dividing import divided_share
from dfc_plugin.host.abilities.producing import replaced_mana
from dfc_plugin.host.abilities.registry import api
from dfc_plugin.host.abilities.snow import produced_by
from dfc_plugin.host.abilities.values import (
    Ctx,
    Target,
    amount,
    defined_objects,
    defined_players,
    matches,
    zone_named,
)
from dfc_plugin.state import Zone

__all__: list[str] = []

_T = "test_abilities_effects.py::"
_C = "test_game_combat.py::"
_P = "test_play_cards.py::"


def _cards(game: Any, ctx: Ctx, link: ParamMap) -> list[int]:
    """The objects an effect acts on: its targets if it targets, else ``Defined$``
    (default ``Self``)."""
    if "ValidTgts" in link:
        return [v for k, v in ctx.targeted() if k == "o" and v in game.objects]
    return defined_objects(ctx, link.get("Defined"))


def _players(game: Any, ctx: Ctx, link: ParamMap) -> list[int]:
    if "ValidTgts" in link:
        return [v for k, v in ctx.targeted() if k == "p"]
    return defined_players(ctx, link.get("Defined"))


def _remember(ctx: Ctx, link: ParamMap, key: str, objects: list[int]) -> None:
    if key in link:
        ctx.remembered.extend(("o", i) for i in objects)


# --------------------------------------------------------------------------- transform, meld


@api(
    "SetState",
    params={
        "Mode": _P + "test_werewolf_transforms_after_a_turn_without_spells",
        "Defined": _T + "test_set_state",
        "Optional": _T + "test_set_state_optional_asks",
    },
    rule="701.27",
    test=_T + "test_set_state",
)
def set_state(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Transform (or convert) each defined permanent (701.27, 701.28); ``Optional$``:
    "you may transform it", asked of the ability's controller for each."""
    mode = link.get("Mode") or ""
    if mode not in ("Transform", "Convert"):
        raise UnsupportedAbilityError(
            f"SetState Mode$ {mode} can't run here", missing=(f"SetState.Mode:{mode}",)
        )
    for object_id in _cards(game, ctx, link):
        if game.objects[object_id].zone is not Zone.BATTLEFIELD:
            continue
        if "Optional" in link and not game.ask_yes(ctx.controller, f"{mode.lower()} {ctx.face.name}"):
            continue
        game.transform(object_id, action=mode.lower())


@api(
    "Meld",
    params={
        "Primary": _P + "test_gisela_and_bruna_meld_only_when_owned_and_controlled",
        "Secondary": _P + "test_gisela_and_bruna_meld_only_when_owned_and_controlled",
        "SecondaryType": _P + "test_hanweir_battlements_melds_with_its_cost_paid",
    },
    rule="701.42a",
    test=_P + "test_gisela_and_bruna_meld_only_when_owned_and_controlled",
)
def meld(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Exile the source and a permanent named ``Secondary$`` you own and control, then
    meld them (701.42a, 712.4a); if they can't be melded they stay exiled (701.42c)."""
    host = ctx.source_object
    if host is None or host.zone is not Zone.BATTLEFIELD:
        return
    kind = link.get("SecondaryType") or "Creature"
    name = link.get("Secondary") or ""
    partners = [
        o.id
        for o in game.battlefield()
        if o.id != host.id
        and o.controller == ctx.controller
        and o.owner == ctx.controller
        and game.rules.characteristics(o.state).name == name
        and game.has_type_of(o, kind)
    ]
    if not partners:
        return
    partner = game.ask(ctx.controller, f"the {name} to meld with", partners)
    game.meld(host.id, partner)


# --------------------------------------------------------------------------- zones


def _move_known(game: Any, ctx: Ctx, link: ParamMap, object_id: int, destination: Zone) -> int | None:
    found = game.objects[object_id]
    origin = link.get("Origin")
    if (
        origin
        and origin not in ("Any", "All")
        and found.zone not in [zone_named(z) for z in origin.split(",")]
    ):
        return None  # "if it's still there" (forge-abilities.md 4.2)
    if destination is Zone.BATTLEFIELD:
        controller = ctx.controller if "GainControl" in link else found.owner
        result = game.put_onto_battlefield(
            object_id, transformed="Transformed" in link, controller=controller, tapped="Tapped" in link
        )
        if "Attacking" in link and result.happened and result.objects:
            game.put_into_attack(result.objects[0], ctx.source)
        return result.objects[0] if result.happened and result.objects else None
    if found.zone is destination:
        return None
    position = link.get("LibraryPosition")
    result = game.move(object_id, destination, top=position != "-1")
    if destination is Zone.EXILE and result.objects:
        game.exiled_with[result.objects[0]] = ctx.card
    return result.objects[0] if result.objects else None


def _hidden_origin(link: ParamMap) -> bool:
    origin = link.get("Origin") or ""
    return "Hidden" in link or any(z in ("Library", "Hand") for z in origin.split(","))


def _search(game: Any, ctx: Ctx, link: ParamMap, destination: Zone) -> list[int]:
    """Hidden origin: the player looks and picks up to ``ChangeNum$`` fitting cards
    (701.23 search; a library is shuffled afterwards, 701.23a)."""
    zones = [zone_named(z) for z in (link.get("Origin") or "Library").split(",")]
    valid = link.get("ChangeType") or "Card"
    pool = [o.id for z in zones for o in game.in_zone(z, ctx.controller) if matches(ctx, o, valid)]
    count = min(amount(ctx, link.get("ChangeNum")), len(pool))
    chosen = game.ask_many(
        ctx.controller,
        f"cards to put into the {destination}",
        pool,
        0 if "Mandatory" not in link else count,
        count,
    )
    moved = [m for i in chosen if (m := _move_known(game, ctx, link, i, destination)) is not None]
    if "Reveal" in link and moved:
        game.reveal(moved)
    shuffles = Zone.LIBRARY in zones and link.get("Shuffle") != "False"
    optional = "ShuffleNonMandatory" in link
    if shuffles and (not optional or game.ask_yes(ctx.controller, "shuffle your library")):
        game.shuffle(ctx.controller)
    return moved


@api(
    "ChangeZone",
    params={
        "Origin": _P + "test_nissa_returns_transformed_on_the_seventh_land",
        "Destination": _P + "test_nissa_returns_transformed_on_the_seventh_land",
        "Transformed": _P + "test_nissa_returns_transformed_on_the_seventh_land",
        "ChangeType": _T + "test_change_zone_search",
        "ChangeNum": _T + "test_change_zone_search",
        "Hidden": _T + "test_change_zone_search",
        "Mandatory": _T + "test_change_zone_search",
        "Shuffle": _T + "test_change_zone_search",
        "ShuffleNonMandatory": _T + "test_change_zone_search",
        "Reveal": _T + "test_change_zone_search",
        "GainControl": _T + "test_change_zone_gain_control",
        "Tapped": _T + "test_change_zone_gain_control",
        "LibraryPosition": _T + "test_change_zone_library_position",
        "ForgetOtherRemembered": _P + "test_nissa_returns_transformed_on_the_seventh_land",
        "Attacking": "test_abilities_targeting.py::test_grim_captain_returns_a_crafted_creature_attacking",
    },
    rule="400.7",
    test=_P + "test_nissa_returns_transformed_on_the_seventh_land",
)
def change_zone(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Move cards between zones: targets or ``Defined$`` (known origin), or a search of
    a hidden zone (forge-abilities.md 4.2); ``Transformed$`` puts a DFC onto the
    battlefield transformed (712.14a)."""
    destination = zone_named(link.get("Destination") or "Battlefield")
    if _hidden_origin(link) and "Defined" not in link and "ValidTgts" not in link:
        moved = _search(game, ctx, link, destination)
    else:
        chosen = _cards(game, ctx, link)
        with game.together(chosen if destination is Zone.BATTLEFIELD else []):  # 614.12
            moved = [m for i in chosen if (m := _move_known(game, ctx, link, i, destination)) is not None]
    if "ForgetOtherRemembered" in link:
        ctx.remembered.clear()
    _remember(ctx, link, "RememberChanged", moved)


@api(
    "ChangeZoneAll",
    params={
        "ChangeType": _T + "test_change_zone_all",
        "Origin": _T + "test_change_zone_all",
        "Destination": _T + "test_change_zone_all",
        "Tapped": "test_abilities_batches.py::test_titania_gains_life_once_for_lands_put_into_graveyard",
    },
    test=_T + "test_change_zone_all",
)
def change_zone_all(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Move every card of a kind from the origin zones to the destination."""
    destination = zone_named(link.get("Destination") or "Graveyard")
    valid = link.get("ChangeType") or "Card"
    zones = [zone_named(z) for z in (link.get("Origin") or "Battlefield").split(",")]
    for object_id in [o.id for z in zones for o in game.in_zone(z) if matches(ctx, o, valid)]:
        if object_id in game.objects:
            _move_known(game, ctx, link, object_id, destination)


@api(
    "Destroy",
    params={"Defined": _T + "test_destroy", "RememberDestroyed": _T + "test_destroy"},
    rule="701.8",
    test=_T + "test_destroy",
)
def destroy(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Destroy each permanent: to its owner's graveyard, unless indestructible (701.8b)"""
    gone = []
    for object_id in _cards(game, ctx, link):
        if game.objects[object_id].zone is Zone.BATTLEFIELD and not game.has_keyword(
            object_id, "Indestructible"
        ):
            result = game.destroy(object_id)
            gone.extend(result.objects)
    _remember(ctx, link, "RememberDestroyed", gone)


@api(
    "Sacrifice",
    params={
        "SacValid": _T + "test_sacrifice",
        "Defined": _T + "test_sacrifice",
        "Amount": _T + "test_sacrifice",
        "RememberSacrificed": _T + "test_sacrifice",
    },
    rule="701.17a",
    test=_T + "test_sacrifice",
)
def sacrifice(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined player sacrifices ``Amount$`` permanents fitting ``SacValid$``
    (``Self``: the source)."""
    valid = link.get("SacValid") or "Card.Self"
    if valid in ("Self", "Card.Self"):
        host = ctx.source_object
        if host is not None and host.zone is Zone.BATTLEFIELD:
            game.sacrifice(host.id)
        return
    for player in defined_players(ctx, link.get("Defined")):
        own = [o.id for o in game.battlefield() if o.controller == player and matches(ctx, o, valid)]
        count = min(amount(ctx, link.get("Amount")), len(own))
        for object_id in game.ask_many(player, "permanents to sacrifice", own, count, count):
            _remember(ctx, link, "RememberSacrificed", game.sacrifice(object_id).objects)


# --------------------------------------------------------------------------- libraries and hands


@api(
    "Draw",
    params={"NumCards": _T + "test_draw", "Defined": _T + "test_draw"},
    rule="121.1",
    test=_T + "test_draw",
)
def draw(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined (or targeted) player draws ``NumCards$`` cards."""
    for player in _players(game, ctx, link):
        game.draw(player, amount(ctx, link.get("NumCards")))


@api(
    "Mill",
    params={
        "NumCards": _P + "test_startled_awake_returns_from_graveyard_transformed",
        "Defined": _T + "test_mill",
        "Destination": _T + "test_mill",
        "RememberMilled": _T + "test_mill",
    },
    rule="701.17",
    test=_T + "test_mill",
)
def mill(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined (or targeted) player mills ``NumCards$`` cards (701.13): into the
    graveyard, or ``Destination$`` (e.g. exile); ``RememberMilled$`` remembers them."""
    destination = zone_named(link.get("Destination") or "Graveyard")
    for player in _players(game, ctx, link):
        library = game.owner_zone_ids(player, Zone.LIBRARY)
        top = list(reversed(library))[: amount(ctx, link.get("NumCards"))]
        moved = [m for i in top for m in game.move(i, destination).objects]
        _remember(ctx, link, "RememberMilled", moved)


@api(
    "Discard",
    params={
        "NumCards": _T + "test_discard",
        "Mode": _T + "test_discard",
        "Defined": _T + "test_discard",
        "RememberDiscarded": _T + "test_discard",
        "AnyNumber": _P + "test_saga_chapters_then_transforms",
        "Optional": _P + "test_saga_chapters_then_transforms",
    },
    rule="701.9",
    test=_T + "test_discard",
)
def discard(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined player discards ``NumCards$`` cards of their choice (``TgtChoose``;
    ``AnyNumber$``/``Optional$``: up to that many)."""
    mode = link.get("Mode") or "TgtChoose"
    if mode != "TgtChoose":
        raise UnsupportedAbilityError(
            f"Discard Mode$ {mode} can't run here", missing=(f"Discard.Mode:{mode}",)
        )
    for player in _players(game, ctx, link):
        hand = game.owner_zone_ids(player, Zone.HAND)
        count = min(amount(ctx, link.get("NumCards")), len(hand))
        low = 0 if "AnyNumber" in link or "Optional" in link else count
        chosen = game.ask_many(player, "cards to discard", hand, low, count)
        gone = [game.move(i, Zone.GRAVEYARD).objects for i in chosen]
        _remember(ctx, link, "RememberDiscarded", [i for ids in gone for i in ids])


@api(
    "Dig",
    params={
        "DigNum": _T + "test_dig",
        "ChangeNum": _T + "test_dig",
        "ChangeValid": _T + "test_dig",
        "DestinationZone": _T + "test_dig",
        "DestinationZone2": _T + "test_dig",
        "Optional": _T + "test_dig",
        "Reveal": _T + "test_dig",
        "LibraryPosition2": _T + "test_dig",
        "LibraryPosition": _T + "test_dig_looks_only",
        "NoMove": _T + "test_dig_looks_only",
        "RevealOptional": _T + "test_dig_looks_only",
        "RememberRevealed": _T + "test_dig_looks_only",
        "RestRandomOrder": "test_abilities_targeting.py::test_dig_rest_random_order",
    },
    rule="701.20",
    test=_T + "test_dig",
)
def dig(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Look at the top ``DigNum$`` cards; put up to ``ChangeNum$`` fitting ones into
    ``DestinationZone$`` (default hand) and the rest into ``DestinationZone2$`` (default
    the bottom of the library)."""
    player = ctx.controller
    top = list(reversed(game.owner_zone_ids(player, Zone.LIBRARY)))[: amount(ctx, link.get("DigNum"))]
    game.look(player, top)
    revealed = "Reveal" in link or (
        "RevealOptional" in link and top and game.ask_yes(player, "reveal the cards")
    )
    if revealed:
        game.reveal(top)
        _remember(ctx, link, "RememberRevealed", top)
    if "NoMove" in link:
        return
    valid = link.get("ChangeValid") or "Card"
    fitting = [i for i in top if matches(ctx, game.objects[i], valid)]
    number = link.get("ChangeNum") or "1"
    count = len(fitting) if number == "All" else min(amount(ctx, number), len(fitting))
    low = 0 if "Optional" in link else count
    chosen = game.ask_many(player, "cards to take", fitting, low, count) if fitting else []
    first = zone_named(link.get("DestinationZone") or "Hand")
    second = zone_named(link.get("DestinationZone2") or "Library")
    if link.get("RestRandomOrder") == "True":  # the rest go in a random order, not the player's
        top = [i for i in top if i in chosen] + game.random_pick(
            [i for i in top if i not in chosen], len(top) - len(chosen)
        )
    for object_id in top:
        zone = first if object_id in chosen else second
        if zone is Zone.BATTLEFIELD:
            game.put_onto_battlefield(object_id, controller=player)
        elif zone is Zone.LIBRARY:
            key = "LibraryPosition" if object_id in chosen else "LibraryPosition2"
            game.move_within_library(object_id, top=link.get(key, "-1" if key.endswith("2") else "0") == "0")
        else:
            game.move(object_id, zone)


@api(
    "PeekAndReveal",
    params={
        "PeekAmount": _P + "test_delver_transforms_only_on_instant_or_sorcery",
        "RevealOptional": _P + "test_delver_transforms_only_on_instant_or_sorcery",
        "RememberRevealed": _P + "test_delver_transforms_only_on_instant_or_sorcery",
        "Defined": _P + "test_delver_transforms_only_on_instant_or_sorcery",
    },
    rule="701.20a",
    test=_P + "test_delver_transforms_only_on_instant_or_sorcery",
)
def peek_and_reveal(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Look at the top ``PeekAmount$`` cards of the library; reveal them (if
    ``RevealOptional$``, only if the player chooses to); remember what was revealed."""
    for player in defined_players(ctx, link.get("Defined")):
        top = list(reversed(game.owner_zone_ids(player, Zone.LIBRARY)))[: amount(ctx, link.get("PeekAmount"))]
        if not top:
            continue
        game.look(ctx.controller, top)
        if "RevealOptional" in link and not game.ask_yes(ctx.controller, "reveal the top card"):
            continue
        game.reveal(top)
        _remember(ctx, link, "RememberRevealed", top)


# --------------------------------------------------------------------------- life and damage


@api(
    "GainLife",
    params={"LifeAmount": _T + "test_life", "Defined": _T + "test_life"},
    rule="119.3",
    test=_T + "test_life",
)
def gain_life(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined (or targeted) player gains ``LifeAmount$`` life."""
    for player in _players(game, ctx, link):
        game.change_life(player, amount(ctx, link.get("LifeAmount")))


@api(
    "LoseLife",
    params={"LifeAmount": _T + "test_life", "Defined": _T + "test_life"},
    rule="119.3",
    test=_T + "test_life",
)
def lose_life(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each defined (or targeted) player loses ``LifeAmount$`` life."""
    for player in _players(game, ctx, link):
        game.change_life(player, -amount(ctx, link.get("LifeAmount")))


def _damage_targets(game: Any, ctx: Ctx, link: ParamMap) -> list[Target]:
    if "ValidTgts" in link:
        return list(ctx.targeted())
    defined = link.get("Defined")
    if defined is None:
        return [("p", p) for p in defined_players(ctx, "Targeted")]
    try:
        return [("p", p) for p in defined_players(ctx, defined)]
    except UnsupportedAbilityError:
        return [("o", o) for o in defined_objects(ctx, defined)]


@api(
    "DealDamage",
    params={
        "NumDmg": _T + "test_deal_damage",
        "Defined": _P + "test_brimstone_vandal_makes_it_day",
        "DividedAsYouChoose": "test_game_costs.py::test_shatterskull_divides_as_it_is_cast",
        "DamageSource": "test_abilities_state_triggers.py::test_garruk_transforms_at_two_loyalty",
    },
    rule="120.3",
    test=_T + "test_deal_damage",
)
def deal_damage(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The source (or ``DamageSource$``, e.g. ``Targeted``: "that creature deals damage
    to him", as it last existed if it has left, 608.2h) deals ``NumDmg$`` damage to each
    target (or defined player); divided as announced while casting
    (``DividedAsYouChoose$``, 601.2d)."""
    source = ctx.source
    named = link.get("DamageSource")
    if named is not None:
        found = _objects_or_lki(ctx, named)
        if not found:
            return
        source = found[0]
    for target in _damage_targets(game, ctx, link):
        whole = amount(ctx, link.get("NumDmg"))
        game.deal_damage(source, target, divided_share(ctx, target, whole), ctx=ctx)


def _objects_or_lki(ctx: Ctx, text: str) -> list[int]:
    if text in ("Targeted", "ParentTarget"):
        return [v for k, v in ctx.targeted() if k == "o"]
    return defined_objects(ctx, text)


@api(
    "DamageAll",
    params={
        "NumDmg": _T + "test_damage_all",
        "ValidCards": _T + "test_damage_all",
        "ValidPlayers": _T + "test_damage_all",
    },
    rule="120.3",
    test=_T + "test_damage_all",
)
def damage_all(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``NumDmg$`` damage to each creature fitting ``ValidCards$`` and each player
    fitting ``ValidPlayers$``."""
    from dfc_plugin.host.abilities.values import matches_player

    damage = amount(ctx, link.get("NumDmg"))
    cards = link.get("ValidCards")
    players = link.get("ValidPlayers")
    targets: list[Target] = []
    if cards:
        targets += [("o", o.id) for o in game.battlefield() if matches(ctx, o, cards)]
    if players:
        targets += [("p", p) for p in game.players if matches_player(ctx, p, players)]
    for target in targets:
        game.deal_damage(ctx.source, target, damage, ctx=ctx)


# --------------------------------------------------------------------------- permanents


@api(
    "Pump",
    params={
        "UntilYourNextTurn": _T + "test_pump",
        "Permanent": _T + "test_pump",
        "RememberObjects": _T + "test_pump_remembers",
        "ForgetObjects": _T + "test_pump_remembers",
        "NumAtt": _T + "test_pump",
        "NumDef": _T + "test_pump",
        "KW": _T + "test_pump",
        "Defined": _T + "test_pump",
        "Duration": _T + "test_pump",
    },
    rule="611.2",
    test=_T + "test_pump",
)
def pump(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each creature gets ``+NumAtt$/+NumDef$`` and the keywords ``KW$`` (joined by
    ``&``) until end of turn (``Duration$ Permanent``: for as long as it stays)."""
    power = amount(ctx, link.get("NumAtt"), default=0)
    toughness = amount(ctx, link.get("NumDef"), default=0)
    words = tuple(w.strip() for w in (link.get("KW") or "").split("&") if w.strip())
    lasting = link.get("Duration") == "Permanent" or "UntilYourNextTurn" in link or "Permanent" in link
    if "RememberObjects" in link:
        ctx.remembered.extend(("o", i) for i in defined_objects(ctx, link.get("RememberObjects")))
    if "ForgetObjects" in link:
        gone = {("o", i) for i in defined_objects(ctx, link.get("ForgetObjects"))}
        ctx.remembered[:] = [r for r in ctx.remembered if r not in gone]
    for object_id in _cards(game, ctx, link):
        if game.objects[object_id].zone is Zone.BATTLEFIELD:
            game.add_effect(object_id, power, toughness, words, until_end_of_turn=not lasting)
            if "UntilYourNextTurn" in link:  # 611.2b: it ends as your next turn begins
                stamp = game.objects[object_id].effects[-1].timestamp
                game.until_next_turn.append((object_id, stamp, ctx.controller))


@api(
    "PumpAll",
    params={
        "ValidCards": _T + "test_pump_all",
        "NumAtt": _T + "test_pump_all",
        "NumDef": _T + "test_pump_all",
        "KW": _T + "test_pump_all",
        "Duration": _T + "test_pump_all",
    },
    rule="611.2c",
    test=_T + "test_pump_all",
)
def pump_all(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Every creature fitting ``ValidCards$`` now gets the bonus (the set is fixed as
    it resolves, 611.2c)."""
    power = amount(ctx, link.get("NumAtt"), default=0)
    toughness = amount(ctx, link.get("NumDef"), default=0)
    words = tuple(w.strip() for w in (link.get("KW") or "").split("&") if w.strip())
    duration = link.get("Duration")
    for found in [o for o in game.battlefield() if matches(ctx, o, link.get("ValidCards") or "Creature")]:
        game.add_effect(found.id, power, toughness, words, until_end_of_turn=duration is None)
        if duration == "UntilYourNextTurn":  # 611.2b
            game.until_next_turn.append(
                (found.id, game.objects[found.id].effects[-1].timestamp, ctx.controller)
            )
        elif duration not in (None, "Permanent"):
            raise UnsupportedAbilityError(
                f"PumpAll Duration$ {duration} can't run here", missing=(f"PumpAll.Duration:{duration}",)
            )


@api(
    "Animate",
    params={
        "Power": _T + "test_animate",
        "Toughness": _T + "test_animate",
        "Types": _T + "test_animate",
        "Duration": _T + "test_animate",
        "Defined": _T + "test_animate",
        "Keywords": _T + "test_animate",
        "Permanent": _T + "test_animate",
        "RemoveCreatureTypes": "test_game_copies.py::test_changeling_overwritten_by_a_new_type",
        "RemoveAllAbilities": "test_game_copies.py::test_changeling_kept_when_abilities_are_lost",
        "RemoveCardTypes": "test_abilities_tallies.py::test_arlinn_becomes_a_werewolf_not_a_planeswalker",
    },
    rule="613.1d",
    test=_T + "test_animate",
)
def animate(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each object becomes a ``Power$/Toughness$`` with ``Types$`` added (layers 4 and
    7b), until end of turn unless ``Duration$ Permanent``."""
    power = link.get("Power")
    toughness = link.get("Toughness")
    types = tuple(t.strip() for t in (link.get("Types") or "").split(",") if t.strip())
    chosen = game.chosen_types.get(ctx.card)
    types = tuple(chosen if t == "ChosenType" else t for t in types if t != "ChosenType" or chosen)
    words = tuple(w.strip() for w in (link.get("Keywords") or "").split("&") if w.strip())
    lasting = link.get("Duration") == "Permanent" or "Permanent" in link
    for object_id in _cards(game, ctx, link):
        game.animate(
            object_id,
            amount(ctx, power) if power else None,
            amount(ctx, toughness) if toughness else None,
            types,
            words,
            until_end_of_turn=not lasting,
            removes=frozenset(w for k, w in _REMOVES.items() if k in link),
        )


#: What an animation's ``Remove...$`` parameters take away (layer 4, 205.1a-b; layer 6).
_REMOVES = {"RemoveCardTypes": "card", "RemoveCreatureTypes": "creature", "RemoveAllAbilities": "abilities"}


def _tap(game: Any, ctx: Ctx, link: ParamMap, tapped: bool) -> None:
    for object_id in _cards(game, ctx, link):
        game.set_tapped(object_id, tapped)


@api(
    "Tap",
    params={"Defined": _T + "test_tap_untap", "ETB": _P + "test_modal_land_face_enters_tapped"},
    rule="701.21",
    test=_T + "test_tap_untap",
)
def tap(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Tap each object (``ETB$``: as it enters, inside a replacement)."""
    _tap(game, ctx, link, True)


_SEEKER = "test_abilities_batches.py::test_likeness_of_the_seeker_untaps_up_to_three_lands"


@api(
    "Untap",
    params={"Defined": _T + "test_tap_untap", "UntapUpTo": _SEEKER, "UntapType": _SEEKER, "Amount": _SEEKER},
    rule="701.21",
    test=_T + "test_tap_untap",
)
def untap(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Untap each object; ``UntapUpTo$``: its controller untaps up to ``Amount$``
    permanents fitting ``UntapType$`` ("untap up to three lands you control")."""
    if "UntapUpTo" not in link:
        _tap(game, ctx, link, False)
        return
    valid = link.get("UntapType") or "Permanent"
    pool = [o.id for o in game.battlefield() if o.tapped and matches(ctx, o, valid)]
    count = min(amount(ctx, link.get("Amount")), len(pool))
    for object_id in game.ask_many(ctx.controller, "permanents to untap", pool, 0, count):
        game.set_tapped(object_id, False)


@api(
    "PutCounter",
    params={
        "CounterType": _T + "test_counters",
        "CounterNum": _T + "test_counters",
        "Defined": _T + "test_counters",
        "ETB": "test_game_copies.py::test_spark_double_counters_follow_what_it_enters_as",
    },
    rule="122.1",
    test=_T + "test_counters",
)
def put_counter(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Put ``CounterNum$`` counters of ``CounterType$`` on each object."""
    from dfc_plugin.host.abilities.copying import counter_count

    kind = link.get("CounterType") or "P1P1"
    for object_id in _cards(game, ctx, link):
        count = counter_count(game, object_id, amount(ctx, link.get("CounterNum")))  # 614.1a
        game.add_counters(object_id, kind, count)


@api(
    "RemoveCounter",
    params={
        "CounterType": _T + "test_counters",
        "CounterNum": _T + "test_counters",
        "Defined": _T + "test_counters",
    },
    rule="122.1",
    test=_T + "test_counters",
)
def remove_counter(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Remove ``CounterNum$`` (or ``All``) counters of ``CounterType$``."""
    kind = link.get("CounterType") or "P1P1"
    for object_id in _cards(game, ctx, link):
        have = game.objects[object_id].counter(kind)
        number = link.get("CounterNum") or "1"
        game.remove_counters(object_id, kind, have if number == "All" else max(0, amount(ctx, number)))


# --------------------------------------------------------------------------- tokens, mana, the game


@api(
    "Token",
    params={
        "TokenScript": _P + "test_hanweir_garrison_attack_makes_tokens",
        "TokenAmount": _P + "test_hanweir_garrison_attack_makes_tokens",
        "TokenOwner": _T + "test_token_inline",
        "TokenTapped": _P + "test_hanweir_garrison_attack_makes_tokens",
        "TokenAttacking": _P + "test_hanweir_garrison_attack_makes_tokens",
        "TokenName": _T + "test_token_inline",
        "TokenTypes": _T + "test_token_inline",
        "TokenColors": _T + "test_token_inline",
        "TokenPower": _T + "test_token_inline",
        "TokenToughness": _T + "test_token_inline",
        "TokenKeywords": _T + "test_token_inline",
        "RememberTokens": _T + "test_token_inline",
        "TokenAbilities": _T + "test_token_inline",
        "TokenTriggers": _T + "test_token_inline",
        "TokenSVars": _T + "test_token_inline",
    },
    rule="111.1",
    test=_T + "test_token_inline",
)
def token(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Create ``TokenAmount$`` tokens from a token script (``TokenScript$``) or from the
    2020 inline parameters, for each ``TokenOwner$`` (111.1, 111.4)."""
    from dfc_plugin.host.abilities.copying import token_count

    definition = game.token_definition(ctx, link)
    made: list[int] = []
    for owner in defined_players(ctx, link.get("TokenOwner") or "You"):
        for _ in range(token_count(game, owner, amount(ctx, link.get("TokenAmount")))):
            made.append(
                game.make_token(
                    definition, owner, tapped="TokenTapped" in link, attacking="TokenAttacking" in link
                )
            )
    _remember(ctx, link, "RememberTokens", made)


@api(
    "Mana",
    params={"Produced": _T + "test_mana_ability", "Amount": _T + "test_mana_ability"},
    rule="605.1a",
    test=_T + "test_mana_ability",
)
def mana(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Add mana to the pool of the player it names: the targeted or defined one
    ("Target player adds that much {C}"), by default the controller (a mana ability
    resolves at once, 605.3b); ``Any``/``Combo`` ask which colour."""
    words = (link.get("Produced") or "").split()
    if words and words[0] == "Combo":
        choices = words[1:]
        words = [game.ask(ctx.controller, "mana colour", choices)]
    elif words in (["Any"], ["AnyColor"]):
        words = [game.ask(ctx.controller, "mana colour", list("WUBRG"))]
    source = ctx.source_object or game.lki.get(ctx.source)
    produced = [w for _ in range(amount(ctx, link.get("Amount"))) for w in words]
    if source is not None:  # 106.12b: a mana ability tapped for mana may be replaced
        produced = replaced_mana(game, source, produced, bool(ctx.cost_paid.get("tapped_for_mana")))
    for player in _players(game, ctx, link):
        game.mana_pool[player].extend(produced_by(game, source, produced))


@api(
    "DayTime",
    params={"Value": _P + "test_brimstone_vandal_makes_it_day"},
    rule="731.1",
    test=_P + "test_brimstone_vandal_makes_it_day",
)
def day_time(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """It becomes day or night (``Value$ Day|Night``)."""
    game.set_day_night((link.get("Value") or "Day").lower())


@api(
    "Cleanup",
    params={
        "ClearRemembered": _P + "test_delver_transforms_only_on_instant_or_sorcery",
        "ClearChosenCard": _T + "test_choose_card",
    },
    test=_P + "test_delver_transforms_only_on_instant_or_sorcery",
)
def cleanup(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Forget what the source remembered or chose (the last link of many chains)."""
    if "ClearRemembered" in link:
        ctx.remembered.clear()
    if "ClearChosenCard" in link:
        game.chosen.pop(ctx.card, None)


@api(
    "Fight",
    params={"Defined": _T + "test_fight"},
    rule="701.14a",
    test=_T + "test_fight",
)
def fight(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The defined creature (default the source) and the target each deal damage equal
    to its power to the other; if either isn't on the battlefield, no damage (701.14b)."""
    ours = defined_objects(ctx, link.get("Defined"))
    theirs = [v for k, v in ctx.targeted() if k == "o" and v in game.objects]
    if not ours or not theirs:
        return
    first, second = game.objects[ours[0]], game.objects[theirs[0]]
    if first.zone is not Zone.BATTLEFIELD or second.zone is not Zone.BATTLEFIELD:
        return
    power_first = game.power_toughness(first.id)[0] or 0
    power_second = game.power_toughness(second.id)[0] or 0
    game.deal_damage(first.id, ("o", second.id), power_first, ctx=ctx)
    game.deal_damage(second.id, ("o", first.id), power_second, ctx=ctx)


@api(
    "Branch",
    params={
        "BranchConditionSVar": _T + "test_branch",
        "BranchCompare": _T + "test_branch",
        "TrueSubAbility": _T + "test_branch",
        "FalseSubAbility": _T + "test_branch",
    },
    test=_T + "test_branch",
)
def branch(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Compare ``BranchConditionSVar$`` (default ``GE1``) and run the chain of
    ``TrueSubAbility$`` or ``FalseSubAbility$``."""
    from dfc_plugin.host.abilities.chain import links, run_link
    from dfc_plugin.host.abilities.values import compare, conditions_hold, svar_params

    holds = compare(ctx, amount(ctx, link.get("BranchConditionSVar")), link.get("BranchCompare"))
    name = link.get("TrueSubAbility" if holds else "FalseSubAbility")
    if not name:
        return
    for sub in links(ctx, svar_params(ctx, name)):
        if conditions_hold(ctx, sub):
            run_link(game, ctx, sub)


@api(
    "DelayedTrigger",
    params={
        "Mode": _T + "test_delayed_trigger",
        "Phase": _T + "test_delayed_trigger",
        "ValidPlayer": _T + "test_delayed_trigger",
        "ThisTurn": _T + "test_delayed_trigger",
        "RememberObjects": _T + "test_delayed_trigger",
    },
    rule="603.7a",
    test=_T + "test_delayed_trigger",
)
def delayed_trigger(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Create a delayed triggered ability (603.7a): it triggers once, the next time its
    event happens (``ThisTurn$``: only this turn); ``RememberObjects$`` are what its
    ``DelayTriggerRemembered`` means."""
    from dataclasses import replace

    from dfc_plugin.errors import UnsupportedAbilityError as Unsupported
    from dfc_plugin.host.abilities.census import params_missing

    skipped = ("Mode", "SubAbility", "ThisTurn", "RememberObjects")
    rest = tuple(p for p in link.params[1:] if p.key not in skipped)
    trigger_params = ParamMap((Param("Mode", link.get("Mode") or ""), *rest))
    missing = params_missing("trigger", trigger_params)
    if missing:
        raise Unsupported(f"{ctx.face.name}: the delayed trigger can't run here", missing=tuple(missing))
    remembered = (
        [("o", i) for i in defined_objects(ctx, link.get("RememberObjects"))]
        if link.get("RememberObjects")
        else []
    )
    saved = replace(ctx, delayed=remembered, targets=dict(ctx.targets))
    game.delayed.append((saved, trigger_params, game.turn if "ThisTurn" in link else None))
    game.record("delayed", None, f"{ctx.face.name}: a delayed triggered ability is created", "603.7a")


_EFFECT_PARTS = (("StaticAbilities", "S"), ("Triggers", "T"), ("ReplacementEffects", "R"))


def _svar_body(ctx: Ctx, name: str) -> str:
    for face in (ctx.face, *ctx.game.cards[ctx.card].definition.faces):
        found = face.svar(name)
        if found is not None:
            return str(found.body)
    raise UnsupportedAbilityError(f"{ctx.face.name}: no SVar named {name!r}", missing=(f"SVar:{name}",))


def _names(link: ParamMap, key: str) -> list[str]:
    return [n.strip() for n in (link.get(key) or "").split(",") if n.strip()]


@api(
    "Effect",
    params={
        "Name": _T + "test_effect",
        "StaticAbilities": _T + "test_effect",
        "Triggers": _T + "test_effect",
        "ReplacementEffects": _T + "test_effect",
        "SVars": _T + "test_effect",
        "Duration": _T + "test_effect",
        "RememberObjects": _T + "test_effect",
        "ExileOnMoved": _T + "test_effect",
        "Stackable": _T + "test_effect",
        "EffectOwner": _T + "test_effect",
    },
    rule="611.2",
    test=_T + "test_effect",
)
def effect(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Create an effect in the command zone (an emblem, 114, with ``Duration$
    Permanent``) with the statics, triggers and replacements its SVars name (and the
    source's other SVars, which their chains and amounts read); it lasts
    until end of turn (default), ``UntilYourNextTurn``, ``UntilHostLeavesPlay`` or for
    good; ``ExileOnMoved$``: it ends when a remembered object leaves that zone."""
    name = link.get("Name") or f"{ctx.face.name}'s effect"
    owners = defined_players(ctx, link.get("EffectOwner")) if link.get("EffectOwner") else [ctx.controller]
    lines = [f"Name:{name}", "ManaCost:no cost", "Types:Effect"]
    for key, prefix in _EFFECT_PARTS:
        lines += [f"{prefix}:{_svar_body(ctx, n)}" for n in _names(link, key)]
    lines += [f"SVar:{n}:{_svar_body(ctx, n)}" for n in _names(link, "SVars")]
    named = set(_names(link, "SVars"))  # and the rest of the source's SVars, which its parts run
    lines += [f"SVar:{v.name}:{v.body}" for v in ctx.face.svars if v.name not in named]
    definition = game.effect_definition("\n".join(lines) + "\n", name)
    remembered = defined_objects(ctx, link.get("RememberObjects")) if link.get("RememberObjects") else []
    for owner in owners:
        if link.get("Stackable") == "False" and any(
            game.name_of(o.id) == name for o in game.in_zone(Zone.COMMAND) if o.owner == owner
        ):
            continue
        game.make_effect(
            definition,
            owner,
            duration=link.get("Duration") or "EndOfTurn",
            host=ctx.card,
            remembered=remembered,
            exile_on_moved=link.get("ExileOnMoved"),
        )


@api(
    "Attach",
    params={"Defined": _T + "test_equip_and_aura"},
    rule="701.3a",
    test=_T + "test_equip_and_aura",
)
def attach(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Attach the source (an Aura or Equipment on the battlefield) to the target
    (701.3a); an Aura spell's own ``SP$ Attach`` is how it resolves attached (303.4f:
    the stack does that, see ``StackActions``)."""
    source = ctx.source_object
    targets = [v for k, v in ctx.targeted() if k == "o" and v in game.objects] or defined_objects(
        ctx, link.get("Defined") or "Targeted"
    )
    if source is None or source.zone is not Zone.BATTLEFIELD or not targets:
        return
    game.attach(source.id, targets[0])


@api(
    "ChooseCard",
    params={
        "Defined": _T + "test_choose_card",
        "Choices": _T + "test_choose_card",
        "ChoiceZone": _T + "test_choose_card",
        "Amount": _T + "test_choose_card",
        "AtRandom": _T + "test_choose_card",
        "Mandatory": _T + "test_choose_card",
    },
    test=_T + "test_choose_card",
)
def choose_card(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The defined player (default you) chooses ``Amount$`` cards fitting ``Choices$``
    in ``ChoiceZone$`` (default the battlefield), or the game picks them at random
    (``AtRandom$``, seeded); later links read them as ``ChosenCard``."""
    zone = zone_named(link.get("ChoiceZone") or "Battlefield")
    pool = [o.id for o in game.in_zone(zone) if matches(ctx, o, link.get("Choices") or "Card")]
    count = min(amount(ctx, link.get("Amount")), len(pool))
    chosen: list[int] = []
    for player in defined_players(ctx, link.get("Defined")):
        if "AtRandom" in link:
            chosen = game.random_pick(pool, count)
        else:
            low = count if "Mandatory" in link else 0
            chosen = game.ask_many(player, f"cards to choose for {ctx.face.name}", pool, low, count)
    game.chosen[ctx.card] = [("o", i) for i in chosen]


@api(
    "StoreSVar",
    params={
        "SVar": _T + "test_store_svar",
        "Type": _T + "test_store_svar",
        "Expression": _T + "test_store_svar",
    },
    test=_T + "test_store_svar",
)
def store_svar(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Write an SVar of the source card: ``Type$ Number`` (the expression),
    ``Count`` (a ``Count$`` expression) or ``CountSVar`` (another amount)."""
    kind = link.get("Type") or "Number"
    expression = link.get("Expression") or "0"
    if kind == "Number":
        value = amount(ctx, expression)
    elif kind == "Count":
        value = amount(ctx, f"Count${expression}")
    elif kind == "CountSVar":
        value = amount(ctx, expression)
    else:
        raise UnsupportedAbilityError(
            f"StoreSVar Type$ {kind} can't run here", missing=(f"StoreSVar.Type:{kind}",)
        )
    game.stored_svars.setdefault(ctx.card, {})[link.get("SVar") or ""] = str(value)


@api(
    "RemoveFromCombat",
    params={"Defined": _T + "test_remove_from_combat_and_scry"},
    rule="506.4",
    test=_T + "test_remove_from_combat_and_scry",
)
def remove_from_combat(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Each object stops being an attacking or blocking creature (506.4)."""
    for object_id in _cards(game, ctx, link):
        game.attackers.pop(object_id, None)
        game.blockers.pop(object_id, None)
        for attacker, blockers in game.blockers.items():
            game.blockers[attacker] = [b for b in blockers if b != object_id]


@api(
    "Scry",
    params={
        "ScryNum": _T + "test_remove_from_combat_and_scry",
        "Defined": _T + "test_remove_from_combat_and_scry",
    },
    rule="701.22a",
    test=_T + "test_remove_from_combat_and_scry",
)
def scry(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Look at the top ``ScryNum$`` cards, put any of them on the bottom and the rest
    back on top (701.22a)."""
    for player in defined_players(ctx, link.get("Defined")):
        top = list(reversed(game.owner_zone_ids(player, Zone.LIBRARY)))[: amount(ctx, link.get("ScryNum"))]
        game.look(player, top)
        for object_id in game.ask_many(player, "cards to put on the bottom (scry)", top, 0, len(top)):
            game.move_within_library(object_id, top=False)


@api("Crew", params={"CrewPower": _C + "test_crew"}, rule="702.122a", test=_C + "test_crew")
def crew(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The Vehicle becomes an artifact creature until end of turn (702.122a; the
    creatures were tapped as its cost)."""
    source = ctx.source_object
    if source is not None and source.zone is Zone.BATTLEFIELD:
        game.animate(source.id, None, None, ("Creature",))


@api(
    "Counter",
    params={
        "TargetType": _T + "test_counter_a_spell",
        "Destination": _T + "test_counter_a_spell",
        "RememberCountered": _T + "test_counter_a_spell",
        "Defined": "test_abilities_protection.py::test_ward_counters_unless_paid",
    },
    rule="701.6a",
    test=_T + "test_counter_a_spell",
)
def counter(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Counter each target spell (701.6a): it is removed from the stack and put into
    its owner's graveyard (or ``Destination$``); ``TargetType$ Spell`` only.
    ``Defined$ TriggeredSpellAbility``: the spell or ability that triggered it (ward)."""
    if link.get("Defined") == "TriggeredSpellAbility":
        from dfc_plugin.host.abilities.ward import counter_triggering

        counter_triggering(game, ctx)
        return
    kind = link.get("TargetType") or "Spell"
    if kind != "Spell":
        raise UnsupportedAbilityError(
            f"Counter TargetType$ {kind} can't run here", missing=(f"Counter.TargetType:{kind}",)
        )
    destination = zone_named(link.get("Destination") or "Graveyard")
    for object_id in _cards(game, ctx, link):
        moved = game.counter_spell(object_id, destination)
        _remember(ctx, link, "RememberCountered", moved)


@api(
    "DestroyAll",
    params={
        "ValidCards": _T + "test_destroy_all",
        "NoRegen": _T + "test_destroy_all",
        "RememberDestroyed": _T + "test_destroy_all",
    },
    rule="701.8a",
    test=_T + "test_destroy_all",
)
def destroy_all(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Destroy every permanent fitting ``ValidCards$`` at once (701.8a; indestructible
    ones stay, 702.12b; this engine has no regeneration, so ``NoRegen$`` is moot)."""
    doomed = [o.id for o in game.battlefield() if matches(ctx, o, link.get("ValidCards") or "Permanent")]
    gone = []
    for object_id in doomed:
        if object_id in game.objects and not game.has_keyword(object_id, "Indestructible"):
            gone.extend(game.destroy_permanent(object_id, regenerate="NoRegen" not in link))
    _remember(ctx, link, "RememberDestroyed", gone)


@api(
    "Charm",
    params={"Choices": _T + "test_charm", "CharmNum": _T + "test_charm", "MinCharmNum": _T + "test_charm"},
    rule="700.2a",
    test=_T + "test_charm",
)
def charm(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """A modal spell or ability ("Choose one —"): the modes chosen as it was cast
    (``CharmNum$``, at least ``MinCharmNum$``) resolve in order (700.2)."""
    from dfc_plugin.host.abilities.chain import resolve_chain

    for mode, params in ctx.cost_paid.get("modes", []):
        resolve_chain(game, mode, params)


@api("Regenerate", params={"Defined": _T + "test_regenerate"}, rule="701.19a", test=_T + "test_regenerate")
def regenerate(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The next time each permanent would be destroyed this turn, instead tap it,
    remove all damage from it and remove it from combat (701.19a): a shield."""
    for object_id in _cards(game, ctx, link):
        game.regeneration[object_id] = game.regeneration.get(object_id, 0) + 1


@api(
    "GainControl",
    params={
        "NewController": _T + "test_gain_control",
        "LoseControl": _T + "test_gain_control",
        "Untap": _T + "test_gain_control",
        "AddKWs": _T + "test_gain_control",
        "Defined": _T + "test_gain_control",
    },
    rule="613.1b",
    test=_T + "test_gain_control",
)
def gain_control(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Gain control of each permanent (layer 2, 613.1b): under the new controller
    (default you), with ``AddKWs$`` and untapped if ``Untap$``; ``LoseControl$ EOT``:
    until end of turn."""
    lose = link.get("LoseControl")
    if lose not in (None, "EOT"):
        raise UnsupportedAbilityError(
            f"GainControl LoseControl$ {lose} can't run here", missing=(f"GainControl.LoseControl:{lose}",)
        )
    new = defined_players(ctx, link.get("NewController"))[0] if link.get("NewController") else ctx.controller
    words = tuple(w.strip() for w in (link.get("AddKWs") or "").split("&") if w.strip())
    for object_id in _cards(game, ctx, link):
        if game.objects[object_id].zone is not Zone.BATTLEFIELD:
            continue
        game.change_control(object_id, new, until_end_of_turn=lose == "EOT")
        if "Untap" in link:
            game.set_tapped(object_id, False)
        if words:
            game.add_effect(object_id, 0, 0, words)
