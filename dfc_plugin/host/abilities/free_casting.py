"""Casting a spell without paying its mana cost under a static's permission, and the
card type chosen among crafted materials (Eye of Ojer Taq // Apex Observatory: "As it
enters, choose a card type shared among two exiled cards used to craft it. {T}: The next
spell you cast this turn of the chosen type can be cast without paying its mana cost.").

``Continuous`` with ``MayPlay$``, ``MayPlayWithoutManaCost$`` (118.9: an alternative way
to pay, so the player decides as the spell is cast, 601.2b, and only mana is waived:
additional costs are still paid, 118.9d) and ``MayPlayDontGrantZonePermissions$``
(Forge's meaning: it changes how a spell is paid for, not where it may be cast from, so
it gives no permission to cast a card from a graveyard, a library or exile; the engine's
``may_play`` leaves such permissions out). ``ChooseType`` with ``TypesFromDefined$``
(and ``Type$ Shared``): the choice is among the card types every defined card has
(205.2a). The valid word ``ChosenType`` reads the type chosen by the card, or, for an
effect, by the card that made it.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import statics, typechanging, values  # noqa: F401  (registration order)
from dfc_plugin.host.abilities.crafted import CARD_TYPES
from dfc_plugin.host.abilities.mayplay import permissions
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.statics import any_static_with
from dfc_plugin.host.abilities.values import LIST_IDS, Ctx, defined_objects
from dfc_plugin.host.model import GameObject

__all__ = ["free_permission"]

_TEST = "test_abilities_free_casting.py::"
_FREE = _TEST + "test_apex_observatory_lets_the_next_creature_spell_be_cast_free"
_ZONES = _TEST + "test_the_permission_grants_no_zone"


def free_permission(game: Any, player: int, found: GameObject) -> bool:
    """Whether a permission lets ``player`` cast ``found`` without paying its mana cost."""
    if not any_static_with(game, "MayPlayWithoutManaCost"):
        return False  # (no static in the game has the parameter: no permission says so)
    return any(p.is_true("MayPlayWithoutManaCost") for p in permissions(game, player, found))


def _chosen_type(ctx: Ctx, found: GameObject) -> bool:
    game = ctx.game
    chosen = game.chosen_types.get(ctx.card)
    if chosen is None:
        host = game.effect_ends.get(ctx.source, (None, None))[1]
        chosen = game.chosen_types.get(host) if host is not None else None
    return chosen is not None and bool(game.has_type_of(found, chosen))


def _defined(ctx: Ctx, text: str) -> list[int]:
    ids = LIST_IDS[text](ctx) if text in LIST_IDS else defined_objects(ctx, text)
    return [i for i in ids if i in ctx.game.objects]


def _choose_shared_type(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``TypesFromDefined$``: a card type all the defined cards share (``Type$ Shared``)."""
    source = link.get("TypesFromDefined")
    if source is None:
        _CHOOSE_TYPE.run(game, ctx, link)
        return
    if (link.get("Type") or "Shared") != "Shared":
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: ChooseType {link.get('Type')} from defined cards can't run here",
            missing=(f"ChooseType.Type:{link.get('Type')}",),
        )
    cards = [game.obj(i) for i in _defined(ctx, source)]
    shared = [t for t in CARD_TYPES if cards and all(game.has_type_of(c, t) for c in cards)]
    if shared:
        game.chosen_types[ctx.card] = game.ask(ctx.controller, f"a card type for {ctx.face.name}", shared)


def _continuous_free(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> Any:
    """``MayPlayWithoutManaCost$``/``MayPlayDontGrantZonePermissions$``: asked when a
    spell is listed and cast (:func:`free_permission`), no layer part."""
    return _CONTINUOUS.run(game, ctx, params, found)


_CHOOSE_TYPE = extend("api", "ChooseType", _choose_shared_type, {"TypesFromDefined": _FREE, "Type": _FREE})
_CONTINUOUS = extend(
    "static",
    "Continuous",
    _continuous_free,
    {"MayPlayWithoutManaCost": _FREE, "MayPlayDontGrantZonePermissions": _ZONES},
)
values.SIMPLE_PROPS["ChosenType"] = _chosen_type
