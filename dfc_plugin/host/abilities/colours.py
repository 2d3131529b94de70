"""Colour-changing effects (layer 5, 613.1e): what colours an object has now.

105.3: "Effects may change an object's color or give a color to a colorless object. If
an effect gives an object a new color, the new color replaces all previous colors the
object had (unless the effect said the object became that color 'in addition' to its
other colors). Effects may also make a colored object become colorless." Effects apply
in timestamp order (613.7) over the printed colours; :func:`colors_of` is what the
valid-card words, protection and intimidate read. An effect is one of the object's
effects (:class:`~dfc_plugin.host.model.Effect`): a new object after a zone change has
none (400.7), one "until end of turn" ends in the cleanup step (514.2), and an action
taken back takes it back. The effects that make them are in :mod:`.recolouring`.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.model import Effect, GameObject

__all__ = ["add_colour_effect", "colors_of"]

_ORDER = "WUBRG"


def colors_of(game: Any, found: GameObject) -> tuple[str, ...]:
    """The object's colours now: printed (or defined), then its colour effects in
    timestamp order (layer 5, 613.7)."""
    printed: tuple[str, ...] = tuple(game.rules.characteristics(found.state).colors)
    mine = [e for e in found.effects if e.colors is not None] if found.effects else None
    if not mine:
        return printed
    colors = set(printed)
    for effect in sorted(mine, key=lambda e: e.timestamp):
        assert effect.colors is not None
        colors = set(effect.colors) if effect.overwrite_colors else colors | effect.colors
    return tuple(c for c in _ORDER if c in colors)


def add_colour_effect(
    game: Any, object_id: int, colors: frozenset[str], *, overwrite: bool, until_end_of_turn: bool
) -> None:
    """A colour effect on the object, one of its effects (it ends in the cleanup step when
    it lasts until end of turn, 514.2, as the object's other effects do)."""
    found = game.objects[object_id]
    effect = Effect(
        "colour",
        until_end_of_turn=until_end_of_turn,
        timestamp=game._tick(),
        colors=colors,
        overwrite_colors=overwrite,
    )
    game._replace(found, effects=(*found.effects, effect))
