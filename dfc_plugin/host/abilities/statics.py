"""Static-ability modes (``S:Mode$ <mode>``): one function each, asked where the rules
need it (604; forge-abilities.md 3.6 and section 6). ``Continuous`` is asked by the
layer system for each object (613), ``CantBeCast`` and ``CastWithFlash`` when a spell
is cast (601.2, 601.3), ``ReduceCost``/``RaiseCost`` when its total cost is determined
(601.2f). A static works from the battlefield unless ``EffectZone$`` says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from dfc_plugin.cards import Ability, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import lookup, static
from dfc_plugin.host.abilities.values import (
    Ctx,
    amount,
    defined_objects,
    matches,
    matches_player,
    requirements_hold,
    zone_named,
)
from dfc_plugin.host.game.cache import memo_by_identities, memo_by_identity
from dfc_plugin.state import Zone

__all__ = [
    "ContinuousPart",
    "active",
    "active_continuous",
    "any_active",
    "cant_be_cast",
    "cast_with_flash",
    "continuous",
    "cost_change",
    "gives",
]

_T = "test_abilities_statics.py::"
_P = "test_play_cards.py::"


@dataclass(frozen=True, slots=True)
class ContinuousPart:
    """What one continuous effect does to one object (layers 4, 6, 7b, 7c)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    set_power: int | None = None
    set_toughness: int | None = None
    types: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()  # granted activated abilities (layer 6, 613.1f)


def active(game: Any, mode: str) -> Iterator[tuple[Ctx, ParamMap]]:
    """Every static of ``mode`` that works now: on the faces that are up of objects in
    the zones the static works from, with its conditions met."""
    for found, face in game.faces_with_statics():
        for params in statics_by_mode(face).get(mode, ()):
            zones = params.get("EffectZone") or _home_zone(found)
            if zones != "All" and found.zone not in [zone_named(z) for z in zones.split(",")]:
                continue
            ctx = game.ability_ctx(found, face)
            if requirements_hold(ctx, params):
                yield ctx, params


@memo_by_identity
def statics_by_mode(face: Any) -> dict[str, tuple[ParamMap, ...]]:
    """The (immutable) face's static abilities the engine can run, by mode (one that
    can't was said when the card came into the game: LoopState._note_unsupported)."""
    from dfc_plugin.host.abilities.census import params_missing

    modes: dict[str, tuple[ParamMap, ...]] = {}
    for ability in face.abilities:
        if ability.kind == "S" and not params_missing("static", ability.params):
            modes[ability.params.api] = (*modes.get(ability.params.api, ()), ability.params)
    return modes


def _home_zone(found: Any) -> str:
    """Where a static works when it doesn't say (``EffectZone$``): the battlefield, or
    the command zone for an effect's own (611.2: an effect applies from there)."""
    effect = found.zone is Zone.COMMAND and found.state.card.front.type_line.has("Effect")
    return "Command" if effect else "Battlefield"


@static(
    "Continuous",
    params={
        "Affected": _T + "test_continuous_anthem",
        "AddPower": _T + "test_continuous_anthem",
        "AddToughness": _T + "test_continuous_anthem",
        "AddKeyword": _T + "test_continuous_anthem",
        "AddHiddenKeyword": _T + "test_continuous_anthem",
        "SetPower": _T + "test_continuous_set_pt",
        "SetToughness": _T + "test_continuous_set_pt",
        "AddType": _T + "test_continuous_set_pt",
        "EffectZone": _T + "test_continuous_anthem",
        "CharacteristicDefining": _T + "test_characteristic_defining_pt",
        "Condition": "test_game_copies.py::test_spark_double_copying_gideon_on_your_turn_gets_both_counters",
        "AddAbility": "test_game_costs.py::test_esika_grants_vigilance_and_a_mana_ability",
        "AffectedDefined": "test_abilities_tallies.py::test_branch_of_boseiju_counts_lands",
        "AdjustLandPlays": "test_abilities_batches.py::test_azusas_many_journeys_one_more_land",
    },
    rule="613.1",
    test=_T + "test_continuous_anthem",
)
def continuous_part(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> ContinuousPart | None:
    """A continuous effect on each object fitting ``Affected$``: +N/+N (7c), set P/T
    (7b), keywords (6), types (4)."""
    if "CharacteristicDefining" in params:
        return None  # its own, in every zone: Layers._cda_parts
    if found.zone is not Zone.BATTLEFIELD or not _affected(ctx, params, found):
        return None
    words = tuple(w.strip() for w in (params.get("AddKeyword") or "").split("&") if w.strip())
    words += tuple(w.strip() for w in (params.get("AddHiddenKeyword") or "").split("&") if w.strip())
    set_power = params.get("SetPower")
    set_toughness = params.get("SetToughness")
    return ContinuousPart(
        amount(ctx, params.get("AddPower"), 0),
        amount(ctx, params.get("AddToughness"), 0),
        words,
        amount(ctx, set_power) if set_power else None,
        amount(ctx, set_toughness) if set_toughness else None,
        tuple(t.strip() for t in (params.get("AddType") or "").split("&") if t.strip()),
        _granted(ctx, params.get("AddAbility"), params.get("AddSVar")),
    )


def _granted(ctx: Ctx, names: str | None, svars: str | None = None) -> tuple[Ability, ...]:
    """``AddAbility$ A & B``: the SVars of the static's source, as activated abilities
    (with the values ``AddSVar$`` names, :mod:`.granted_svars`)."""
    return _granted_from(ctx.face, names, svars) if names else ()


@memo_by_identities(3)
def _granted_from(face: Any, names: str, svars: str | None) -> tuple[Ability, ...]:
    """:func:`_granted`, read only from the (immutable) face and the static's texts, so
    remembered by their identity: the abilities a static grants are the very same
    objects from one version of the game to the next, and so are the listing's rows
    that read them (``"inputs"``, :data:`~dfc_plugin.host.game.cache.LISTING_MEMOS`)."""
    from dfc_plugin.host.abilities.granted_svars import with_svars

    found = []
    for name in (n.strip() for n in names.split("&")):
        svar = face.svar(name) if name else None
        if svar is not None:
            found.append(Ability("A", with_svars(face, svar.body, svars), svar.line, svar.column))
    return tuple(found)


def _affected(ctx: Ctx, params: ParamMap, found: Any) -> bool:
    """``Affected$`` (a valid-card expression) or ``AffectedDefined$`` (a ``Defined$``
    reference such as ``Self``) says which objects a continuous effect applies to."""
    defined = params.get("AffectedDefined")
    if defined is not None:
        return found.id in defined_objects(ctx, defined)
    affected = params.get("Affected")
    return affected is not None and matches(ctx, found, affected)


def cda_part(game: Any, ctx: Ctx, params: ParamMap) -> ContinuousPart:
    """A characteristic-defining P/T (604.3): it sets the object's own power and
    toughness, in every zone."""
    power = params.get("SetPower")
    toughness = params.get("SetToughness")
    return ContinuousPart(
        set_power=amount(ctx, power) if power else None,
        set_toughness=amount(ctx, toughness) if toughness else None,
    )


def continuous(game: Any, found: Any) -> list[ContinuousPart]:
    """The continuous effects of static abilities that apply to ``found`` now."""
    entry = lookup("static", "Continuous")
    assert entry is not None
    parts = []
    for ctx, params in active_continuous(game):
        part = entry.run(game, ctx, params, found)
        if part is not None:
            parts.append(part)
    return parts


@static(
    "CantBeCast",
    params={
        "ValidCard": _P + "test_brisela_stops_small_spells",
        "Caster": _P + "test_brisela_stops_small_spells",
    },
    rule="601.2",
    test=_P + "test_brisela_stops_small_spells",
)
def cant_be_cast_rule(game: Any, ctx: Ctx, params: ParamMap, spell: Any, caster: int) -> bool:
    """Spells fitting ``ValidCard$`` can't be cast by ``Caster$`` (e.g. Brisela)."""
    who = params.get("Caster")
    return (who is None or matches_player(ctx, caster, who)) and matches(
        ctx, spell, params.get("ValidCard") or "Card"
    )


def cant_be_cast(game: Any, spell: Any, caster: int) -> str | None:
    """The name of the source that forbids casting ``spell`` now, if any."""
    if not any_active(game, "CantBeCast"):
        return None  # (no such static works now: the loop below finds none)
    entry = lookup("static", "CantBeCast")
    assert entry is not None
    for ctx, params in active(game, "CantBeCast"):
        if entry.run(game, ctx, params, spell, caster):
            return ctx.face.name
    return None


@static(
    "CastWithFlash",
    params={
        "ValidCard": _T + "test_cast_with_flash",
        "Caster": _T + "test_cast_with_flash",
        "ValidSA": "test_abilities_tallies.py::test_arlinn_pack_hope_flash_and_counters",
        "EffectZone": "test_abilities_tallies.py::test_arlinn_pack_hope_flash_and_counters",
    },
    rule="702.8a",
    test=_T + "test_cast_with_flash",
)
def flash_rule(game: Any, ctx: Ctx, params: ParamMap, card: Any, caster: int) -> bool:
    """``Caster$`` may cast spells fitting ``ValidCard$`` as though they had flash
    (``ValidSA$ Spell``: casting them; this mode is asked only when a spell is cast)."""
    kind = params.get("ValidSA") or "Spell"
    if kind != "Spell":
        raise UnsupportedAbilityError(
            f"CastWithFlash ValidSA$ {kind} can't run here", missing=(f"CastWithFlash.ValidSA:{kind}",)
        )
    who = params.get("Caster")
    return (who is None or matches_player(ctx, caster, who)) and matches(
        ctx, card, params.get("ValidCard") or "Card"
    )


def cast_with_flash(game: Any, card: Any, caster: int) -> bool:
    if not any_active(game, "CastWithFlash"):
        return False  # (no such static works now: none lets it be cast as though it had flash)
    entry = lookup("static", "CastWithFlash")
    assert entry is not None
    return any(entry.run(game, ctx, params, card, caster) for ctx, params in active(game, "CastWithFlash"))


@static(
    "ReduceCost",
    "RaiseCost",
    params={
        "ValidCard": _T + "test_reduce_cost",
        "Activator": _T + "test_reduce_cost",
        "Amount": _T + "test_reduce_cost",
        "Type": _T + "test_reduce_cost",
        "EffectZone": "test_abilities_loyalty.py::test_urza_artificer_discount_from_the_command_zone",
        "ValidTarget": "test_abilities_player_auras.py::test_spells_targeting_the_witch_cost_less",
    },
    rule="601.2f",
    test=_T + "test_reduce_cost",
)
def cost_rule(game: Any, ctx: Ctx, params: ParamMap, spell: Any, caster: int, *, targets: Any = None) -> int:
    """Spells fitting ``ValidCard$`` cast by ``Activator$`` cost ``Amount$`` generic
    mana less (``ReduceCost``) or more (``RaiseCost``); ``Type$ Spell`` only;
    ``ValidTarget$``: only a spell that targets something fitting it."""
    kind = params.get("Type") or "Spell"
    if kind != "Spell":
        return 0
    aimed = params.get("ValidTarget")
    if aimed is not None and not _targets_fit(ctx, targets or {}, aimed):
        return 0
    who = params.get("Activator")
    if who is not None and not matches_player(ctx, caster, who):
        return 0
    if not matches(ctx, spell, params.get("ValidCard") or "Card"):
        return 0
    change = amount(ctx, params.get("Amount"))
    return -change if params.api == "ReduceCost" else change


def _targets_fit(ctx: Ctx, targets: dict[int, list[tuple[str, int]]], valid: str) -> bool:
    """Whether any target the spell has (an object or a player) fits ``valid``."""
    game = ctx.game
    for kind, value in (t for chosen in targets.values() for t in chosen):
        if kind == "p" and matches_player(ctx, value, valid):
            return True
        if kind == "o" and value in game.objects and matches(ctx, game.objects[value], valid):
            return True
    return False


def cost_change(game: Any, spell: Any, caster: int, targets: Any = None) -> int:
    """The generic mana added to (positive) or taken from a spell's cost (601.2f);
    ``targets``: the spell's, chosen before (601.2c), for ``ValidTarget$``."""
    total = 0
    for mode in ("RaiseCost", "ReduceCost"):
        entry = lookup("static", mode)
        assert entry is not None
        total += sum(
            entry.run(game, ctx, params, spell, caster, targets=targets or {})
            for ctx, params in active(game, mode)
        )
    return total


def any_active(game: Any, mode: str) -> bool:
    """Whether any static of ``mode`` works now (:func:`active`), remembered until
    anything changes: most games have none of most modes."""
    key = ("active_mode", game.version, mode)  # (k[1]: kept while the version is)
    cached = game._static_cache.get(key)
    if cached is None:
        cached = game._static_cache[key] = next(active(game, mode), None) is not None
    return bool(cached)


def any_static_with(game: Any, param: str) -> bool:
    """Whether any static ability in the game has ``param`` (``AddAbility$``,
    ``GainControl$``), remembered until anything changes: most games have none."""
    key = ("static_with", game.version, param)  # (k[1]: kept while the version is)
    cached = game._static_cache.get(key)
    if cached is None:
        cached = any(param in static_params(face) for _, face in game.faces_with_statics())
        game._static_cache[key] = cached
    return bool(cached)


@memo_by_identity
def static_params(face: Any) -> frozenset[str]:
    """The parameters the (immutable) face's static abilities have."""
    return frozenset(p.key for a in face.abilities if a.kind == "S" for p in a.params)


def active_continuous(game: Any) -> list[tuple[Ctx, ParamMap]]:
    """``active(game, "Continuous")``, remembered for one version of the game, the
    active player ("as long as it's your turn") and whether the layers are being
    worked out (613.8: a condition read then sees no statics): the layers ask for every
    object, and the control, granted-trigger and may-play statics each once."""
    key = ("active continuous", game.version, game.active, bool(game.__dict__.get("_in_statics")))
    cached: list[tuple[Ctx, ParamMap]] | None = game._static_cache.get(key)
    if cached is None:
        cached = list(active(game, "Continuous"))
        game._static_cache[key] = cached
    return cached


#: The parameters that fill a ``Continuous`` static's part (:func:`continuous_part`),
#: with what of it each fills: the layers needn't work out the statics' parts for a
#: question (an object's types, its keywords, its P/T) no static that works now answers.
_GIVES: dict[str, frozenset[str]] = {
    "AddPower": frozenset({"power"}),
    "SetPower": frozenset({"power"}),
    "AddToughness": frozenset({"toughness"}),
    "SetToughness": frozenset({"toughness"}),
    "AddKeyword": frozenset({"keywords"}),
    "AddHiddenKeyword": frozenset({"keywords"}),
    "AddType": frozenset({"types"}),
    "AddAbility": frozenset({"abilities"}),
}
#: Everything a part may hold ("indestructible": among its keywords, for 704.5g).
EVERYTHING = frozenset().union(*_GIVES.values(), {"indestructible"})


@memo_by_identity
def gives(params: ParamMap) -> frozenset[str]:
    """What the part of a ``Continuous`` static with these (immutable) parameters may
    hold, of :data:`EVERYTHING`."""
    if "CharacteristicDefining" in params or params.is_true("MayPlay"):
        return frozenset()  # (no part: Layers._cda_parts, mayplay.may_play)
    zones = params.get("AffectedZone")
    if zones is not None and zones not in ("Battlefield", "Stack"):
        return EVERYTHING  # (no part, but the log says so when one is asked: mayplay)
    held = frozenset().union(*(_GIVES.get(p.key, frozenset()) for p in params))
    words = " ".join(params.get(k) or "" for k in ("AddKeyword", "AddHiddenKeyword"))
    return held | {"indestructible"} if "indestructible" in words.lower() else held
