"""Replacement effects on mana production (``R:Event$ ProduceMana``).

106.12b: "A replacement effect that applies if a permanent "is tapped for mana" or
tapped for mana of a specific type and/or amount modifies the mana production event
while such an ability is resolving and producing mana or the specified type and/or
amount of mana." Whether the permanent was tapped for mana is the plugin's answer
(its mana ability includes {T} and produced mana: 106.12, ``taps_for_mana``).

``ManaReplacement$`` names an SVar of pairs ``<type>-><mana>`` joined by ``&``
(Mana Reflection: ``G->G G``: each {G} produced becomes {G}{G}); a type the pairs
don't name is produced unchanged. Each replacement applies once to the event (614.5).
"""

from __future__ import annotations

from operator import is_
from typing import Any

from dfc_plugin.cards import Face, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import lookup, replacement
from dfc_plugin.host.abilities.replacements import active_replacements
from dfc_plugin.host.abilities.values import Ctx, matches
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["replaced_mana"]

_G = "test_game_costs.py::test_mana_reflection_doubles_mana_tapped_for"


@replacement(
    "ProduceMana",
    params={"ValidCard": _G, "ActiveZones": _G, "ManaReplacement": _G},
    rule="106.12b",
    test=_G,
)
def produce_mana(game: Any, ctx: Ctx, params: ParamMap, found: GameObject) -> bool:
    """A permanent fitting ``ValidCard$`` is tapped for mana."""
    return matches(ctx, found, params.get("ValidCard") or "Card")


def _pairs(ctx: Ctx, params: ParamMap) -> dict[str, list[str]]:
    name = params.get("ManaReplacement") or ""
    svar = ctx.face.svar(name)
    body = svar.body if svar is not None else None
    if body is None:
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: no SVar {name!r} for a mana replacement", missing=(f"SVar:{name}",)
        )
    pairs: dict[str, list[str]] = {}
    for part in body.split("&"):
        before, _, after = part.partition("->")
        pairs[before.strip()] = after.split()
    return pairs


def replaced_mana(game: Any, found: GameObject, mana: list[str], tapped_for_mana: bool) -> list[str]:
    """The mana a mana ability of ``found`` produces after the ``ProduceMana``
    replacements that apply (only if it was tapped for mana, 106.12b)."""
    if not tapped_for_mana or not mana:
        return mana
    if not _any_replacer(game):
        return mana
    entry = lookup("replacement", "ProduceMana")
    assert entry is not None
    for source, face, ability in active_replacements(list(game.faces_on_battlefield()), "ProduceMana"):
        ctx = game.ability_ctx(source, face)
        if entry.run(game, ctx, ability.params, found):
            pairs = _pairs(ctx, ability.params)
            mana = [m for held in mana for m in pairs.get(held, [held])]
            game.record("replace", found, f"{face.name}: {{obj}}'s mana is replaced", "106.12b")
    return mana


@memo_by_identity
def _replaces_mana(face: Face) -> bool:
    """Whether the (immutable) face has a ``ProduceMana`` replacement (remembered per face)."""
    return any(a.kind == "R" and a.params.api == "ProduceMana" for a in face.abilities)


def _any_replacer(game: Any) -> bool:
    """Whether any face on the battlefield has a ``ProduceMana`` replacement: decided
    again only when the battlefield's ids or (immutable) states change, or while an
    animation could change a face's abilities (as ``faces_with_statics`` remembers; surely
    the same states while ``game.moves``, bumped by every zone change and new state, is
    as it was then)."""
    remember = not game.animations and not is_fresh()
    last = game.__dict__.get("_mana_replacers")
    if remember and last is not None and last[3] == game.moves:
        return bool(last[2])
    ids = list(game.zones.get((None, Zone.BATTLEFIELD), ()))
    states = [game.objects[i].state for i in ids]
    if remember and last is not None and last[0] == ids and all(map(is_, last[1], states)):
        game.__dict__["_mana_replacers"] = (*last[:3], game.moves)
        return bool(last[2])
    found = any(_replaces_mana(face) for _, face in game.faces_on_battlefield())
    if remember:
        game.__dict__["_mana_replacers"] = (ids, states, found, game.moves)
    return found
