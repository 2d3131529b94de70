"""The built-in rules plugin: registers every handler of :mod:`dfc_plugin.rules`.

Loaded through the entry-point group ``dfc_plugin.rules`` (name ``dfc-plugin``). It
registers first (``tryfirst``) so that any other plugin can replace one of its rule points.
Handlers that depend on the rules edition get it bound here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import is_dataclass, replace
from functools import partial, wraps
from pathlib import Path
from typing import Any

from dfc_plugin.editions import Edition
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.rules import (
    casting,
    characteristics,
    copies,
    daynight,
    facedown,
    mana,
    meld,
    naming,
    transform,
    visibility,
)
from dfc_plugin.script.resources import bundled_cardscripts

PLUGIN_NAME = "dfc-plugin"

#: Rule points whose handlers take no edition.
_PLAIN: dict[str, Callable[..., Any]] = {
    "characteristics": characteristics.characteristics,
    "mana_value": characteristics.mana_value,
    "copiable_values": characteristics.copiable_values,
    "has_chosen_name": naming.has_chosen_name,
    "designation_with": daynight.designation_with,
    "next_designation": daynight.next_designation,
}

#: Rule points whose handlers take the edition as their first argument.
_BY_EDITION: dict[str, Callable[..., Any]] = {
    "is_double_faced": transform.is_double_faced,
    "is_transformed": transform.is_transformed,
    "can_transform": transform.can_transform,
    "transform": transform.transform,
    "cast_options": casting.cast_options,
    "land_options": casting.land_options,
    "options_from_group": casting.options_from_group,
    "transformed_option": casting.transformed_option,
    "spell_state": casting.spell_state,
    "resolve": casting.resolve,
    "put_onto_battlefield": casting.put_onto_battlefield,
    "can_meld": meld.can_meld,
    "meld": meld.meld,
    "leave_battlefield": meld.leave_battlefield,
    "turn_face_down": facedown.turn_face_down,
    "turn_face_up": facedown.turn_face_up,
    "exile_face_down": facedown.exile_face_down,
    "token_copy": copies.token_copy,
    "become_copy": copies.become_copy,
    "copy_spell": copies.copy_spell,
    "choosable_names": naming.choosable_names,
    "color_identity": naming.color_identity,
    "view": visibility.view,
    "mana_abilities": mana.mana_abilities,
    "could_produce": mana.could_produce,
    "can_pay_tap_cost": mana.can_pay_tap_cost,
    "day_night_transform": daynight.day_night_transform,
    "enters_transformed_at_night": daynight.enters_transformed_at_night,
}


def _recited(edition: Edition, handler: Callable[..., Any]) -> Callable[..., Any]:
    """The handler, its answers citing the rule numbers of ``edition`` (handlers cite the
    current numbers; e.g. the 2017 rules numbered 712.13 as 711.8)."""

    @wraps(handler.func if isinstance(handler, partial) else handler)
    def cite(*args: Any, **kwargs: Any) -> Any:
        return _renumber(edition, handler(*args, **kwargs))

    return cite


def _renumber(edition: Edition, answer: Any) -> Any:
    if isinstance(answer, tuple):
        return tuple(_renumber(edition, item) for item in answer)
    if is_dataclass(answer) and not isinstance(answer, type) and hasattr(answer, "rule"):
        return replace(answer, rule=edition.cite(answer.rule))
    return answer


@hookimpl(tryfirst=True)
def dfc_register_rules(registry: Registry) -> None:
    edition = registry.edition
    for point, handler in _PLAIN.items():
        registry.register(point, handler, plugin=PLUGIN_NAME)
    for point, handler in _BY_EDITION.items():
        bound = partial(handler, edition)
        registry.register(
            point, _recited(edition, bound) if edition.renumbered else bound, plugin=PLUGIN_NAME
        )


@hookimpl
def dfc_card_folders() -> list[Path]:
    return [bundled_cardscripts()]
