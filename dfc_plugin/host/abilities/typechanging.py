"""Creature types in the ability language: the keyword changeling (702.73a: every
creature type, in every zone, a characteristic-defining ability that
``Layers.has_type_of`` applies first in layer 4, 613.3) and ``ChooseType`` (a player
chooses a creature type that later links read as ``ChosenType``: Imagecrafter's
"Target creature becomes that type", an ``Animate`` with ``RemoveCreatureTypes$``).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import api, keyword
from dfc_plugin.host.abilities.values import Ctx, defined_players
from dfc_plugin.host.game.creature_types import CREATURE_TYPES

__all__: list[str] = []

_G = "test_game_copies.py::"


@keyword("Changeling", rule="702.73a", test=_G + "test_changeling_is_every_creature_type_in_every_zone")
def changeling(game: Any, object_id: int) -> bool:
    """It is every creature type, in every zone (a characteristic-defining ability,
    604.3, applied in layer 4: ``Layers.has_type_of``)."""
    found = game.objects.get(object_id)
    face = game.face_of(found) if found is not None else None
    return face is not None and face.keyword("Changeling") is not None


@api(
    "ChooseType",
    params={
        "Defined": _G + "test_changeling_overwritten_by_a_new_type",
        "Type": _G + "test_changeling_overwritten_by_a_new_type",
        "InvalidTypes": _G + "test_changeling_overwritten_by_a_new_type",
    },
    rule="205.3m",
    test=_G + "test_changeling_overwritten_by_a_new_type",
)
def choose_type(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """The defined player chooses a creature type (``Type$ Creature``; not one of
    ``InvalidTypes$``); later links read it as ``ChosenType``."""
    if (link.get("Type") or "Creature") != "Creature":
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: only creature types can be chosen here", missing=(f"Type:{link.get('Type')}",)
        )
    invalid = {t.strip() for t in (link.get("InvalidTypes") or "").split(",") if t.strip()}
    options = sorted(CREATURE_TYPES - invalid)
    for player in defined_players(ctx, link.get("Defined")):
        game.chosen_types[ctx.card] = game.ask(player, f"a creature type for {ctx.face.name}", options)
