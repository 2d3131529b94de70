"""Living metal (702.161a): "During your turn, this permanent is an artifact creature in
addition to its other types." (the back faces of the Transformers cards: Goldbug,
Scrappy Scout; Optimus Prime, Autobot Leader; ...).

A static ability of the permanent that changes its types in layer 4 (613.1d); the
engine asks :func:`types_added` where it reads types (``Layers.has_type_of``). Whose
turn it is is read each time, so a Vehicle with living metal is a creature in its
controller's turn and only a Vehicle in the others (it can attack, but not block).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import Face
from dfc_plugin.host.abilities.registry import keyword
from dfc_plugin.host.game.cache import memo_by_identity
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["reads_the_turn", "types_added"]

_TYPES = frozenset({"Artifact", "Creature"})


_TEST = "test_abilities_living_metal.py::test_a_creature_on_your_turn_only"


@keyword("Living metal", rule="702.161a", test=_TEST)
def living_metal(game: Any, found: GameObject, face: Face) -> frozenset[str]:
    """The types it adds now: artifact and creature during its controller's turn."""
    if found.zone is not Zone.BATTLEFIELD or game.active != found.controller:
        return frozenset()
    return _TYPES


def types_added(game: Any, found: GameObject, face: Face | None) -> frozenset[str]:
    """Card types a keyword of the face that is up adds now (layer 4, 613.1d)."""
    if face is None or not _has_living_metal(face):
        return frozenset()
    return living_metal(game, found, face)


@memo_by_identity
def _has_living_metal(face: Face) -> bool:
    """Whether the (immutable) face has the keyword: asked wherever types are read."""
    return face.keyword("Living metal") is not None


def reads_the_turn(face: Face | None) -> bool:
    """Whether the types of an object with this face depend on whose turn it is (what
    a remembered answer about its types must key on)."""
    return face is not None and _has_living_metal(face)
