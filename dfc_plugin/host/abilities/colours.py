"""Colour-changing effects (layer 5, 613.1e): what colours an object has now.

105.3: "Effects may change an object's color or give a color to a colorless object. If
an effect gives an object a new color, the new color replaces all previous colors the
object had (unless the effect said the object became that color 'in addition' to its
other colors). Effects may also make a colored object become colorless." Effects apply
in timestamp order (613.7) over the printed colours; :func:`colors_of` is what the
valid-card words, protection and intimidate read. An effect belongs to the object (a
new object after a zone change has none, 400.7); one "until end of turn" ends in the
cleanup step of the turn it was made (514.2). The effects that make them are in
:mod:`.recolouring`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dfc_plugin.host.model import GameObject

__all__ = ["ColourEffect", "add_colour_effect", "colors_of"]

_ORDER = "WUBRG"


@dataclass(frozen=True)
class ColourEffect:
    """One colour-changing effect on an object: its colours, whether they replace the
    others, when it was made (613.7) and, if it lasts until end of turn, in which turn."""

    colors: frozenset[str]
    overwrite: bool
    timestamp: int
    turn: int | None

    def active(self, game: Any) -> bool:
        return self.turn is None or (game.turn == self.turn and game.step != "cleanup")


def _effects(game: Any) -> dict[int, list[ColourEffect]]:
    table: dict[int, list[ColourEffect]] = game.__dict__.setdefault("_colour_effects", {})
    return table


def colors_of(game: Any, found: GameObject) -> tuple[str, ...]:
    """The object's colours now: printed (or defined), then colour effects (layer 5)."""
    printed: tuple[str, ...] = tuple(game.rules.characteristics(found.state).colors)
    table = game.__dict__.get("_colour_effects")
    mine = table.get(found.id) if table else None
    if not mine:
        return printed
    colors = set(printed)
    for effect in sorted(mine, key=lambda e: e.timestamp):
        if effect.active(game):
            colors = set(effect.colors) if effect.overwrite else colors | effect.colors
    return tuple(c for c in _ORDER if c in colors)


def add_colour_effect(game: Any, object_id: int, effect: ColourEffect) -> None:
    _effects(game).setdefault(object_id, []).append(effect)
    game.version += 1  # what the caches key on
