"""Who may do what to which object: the one check every action of the reference engine
goes through before anything else (issue 9).

Each action names its :class:`Reach` in :data:`REACH`: the zones its object may be in,
whether a player acting on it must control it, and whether a face-down
card outside the battlefield and the stack may be touched. Casting has a second table,
:data:`CAST_PERMISSIONS`: a ``via`` permission applies only where its rule gives it
(disturb: from its owner's graveyard, 702.146a; a siege: only when the trigger that
exiled it granted it, 310.11b). A refusal is an
:class:`~dfc_plugin.errors.IllegalActionError` whose message describes the object as
every player may know it (:func:`public_description`): "a card in player 1's hand", "a
face-down permanent", never a hidden card's name.

The checks themselves are :meth:`dfc_plugin.host.core.GameCore.reach`,
``check_player`` and ``check_destination``; any code that acts on a game (a game loop,
an ability interpreter) calls them the same way the actions do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = [
    "CAST_PERMISSIONS",
    "GAME_ZONES",
    "REACH",
    "CastPermission",
    "Reach",
    "is_secret",
    "public_description",
]

#: The zones of the game (400.1). Zone.OUTSIDE is not one: a card outside the game is in
#: no zone (400.11a), and the reference engine keeps none.
GAME_ZONES = frozenset(z for z in Zone if z is not Zone.OUTSIDE)
_PUBLIC = frozenset({Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND})
_NOT_IN_PLAY = GAME_ZONES - {Zone.BATTLEFIELD, Zone.STACK}

Actor = Literal["anyone", "controller"]
FaceDown = Literal["yes", "in play", "no"]


@dataclass(frozen=True, slots=True)
class Reach:
    """What one action may act on: ``zones`` its object may be in (``what`` says it in
    words, ``rule`` is the rule that limits it); ``actor``: whether a player acting on it
    must be its controller (602.2); ``face_down``: whether a face-down object may be
    touched ("in play": only a face-down spell or permanent, whose face-down values are
    public, 708.2; a face-down card elsewhere is one no player may look at, 406.3,
    712.17)."""

    zones: frozenset[Zone]
    what: str
    rule: str
    actor: Actor = "anyone"
    face_down: FaceDown = "yes"


def _reach(
    zones: frozenset[Zone] | set[Zone],
    what: str,
    rule: str,
    actor: Actor = "anyone",
    face_down: FaceDown = "yes",
) -> Reach:
    return Reach(frozenset(zones), what, rule, actor, face_down)


_ANYWHERE = _reach(GAME_ZONES, "an object in a zone", "400.1")
_COPIABLE = _reach(_PUBLIC - {Zone.COMMAND}, "an object every player may see", "707.2", face_down="in play")

#: Every action of :class:`dfc_plugin.host.Game` that acts on an object, and its reach.
#: "source" and "material" name an action's second object.
REACH: dict[str, Reach] = {
    "move": _ANYWHERE,
    "transform": _ANYWHERE,  # 701.27a: anything but a permanent: nothing happens
    "turn_face_down": _ANYWHERE,  # 708.1: only a permanent: nothing happens
    "turn_face_up": _ANYWHERE,
    "destroy": _reach({Zone.BATTLEFIELD}, "a permanent", "701.8a"),
    "bounce": _reach({Zone.BATTLEFIELD}, "a permanent", "400.7"),
    "blink": _reach({Zone.BATTLEFIELD}, "a permanent", "400.7"),
    "meld": _reach(
        {Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE},
        "a card every player may see",
        "701.42a",
        face_down="no",
    ),
    "exile_face_down": _reach(GAME_ZONES - {Zone.EXILE}, "a card that isn't in exile", "406.3"),
    "create_token_copy": _COPIABLE,
    "become_copy": _reach({Zone.BATTLEFIELD, Zone.STACK}, "a permanent or a spell", "707.2"),
    "become_copy:source": _COPIABLE,
    "copy_spell": _reach({Zone.STACK}, "a spell on the stack", "707.10"),
    "add_effect": _reach({Zone.BATTLEFIELD}, "a permanent", "611.2"),
    "add_counters": _reach({Zone.BATTLEFIELD, Zone.EXILE}, "a permanent or an exiled card", "122.1"),
    "remove_counters": _reach({Zone.BATTLEFIELD, Zone.EXILE}, "a permanent or an exiled card", "122.1"),
    "link": _reach({Zone.BATTLEFIELD, Zone.COMMAND}, "a permanent or an emblem", "607.2a"),
    "link:card": _ANYWHERE,
    "choose_name": _reach({Zone.BATTLEFIELD, Zone.STACK}, "a permanent or a spell", "712.19"),
    "craft": _reach({Zone.BATTLEFIELD}, "a permanent you control", "702.167a", actor="controller"),
    "craft:material": _reach(
        {Zone.BATTLEFIELD, Zone.GRAVEYARD},
        "a permanent you control or a card in your graveyard",
        "702.167a",
        face_down="in play",
    ),
    "activate_mana_ability": _reach(
        {Zone.BATTLEFIELD}, "a permanent you control", "602.2", actor="controller"
    ),
    "cast": _reach(_NOT_IN_PLAY, "a card that isn't on the stack or the battlefield", "601.2a"),
    "play_land": _reach(_NOT_IN_PLAY, "a card that isn't on the stack or the battlefield", "305.1"),
    "put_onto_battlefield": _reach(
        _NOT_IN_PLAY, "a card that isn't on the stack or the battlefield", "712.14"
    ),
    "permit_cast": _reach(_NOT_IN_PLAY, "a card that isn't on the stack or the battlefield", "601.3"),
    "defeat_siege": _reach({Zone.BATTLEFIELD}, "a siege on the battlefield", "310.11b"),
}


@dataclass(frozen=True, slots=True)
class CastPermission:
    """Who may cast a card with a ``via`` permission. The card's own ability (disturb,
    More Than Meets the Eye, a morph-like face-down cast): only its owner, and from the
    zones the rules give it (:func:`dfc_plugin.rules.casting.cast_options`). A permission
    an effect grants (``granted_in``: the zones it works in): only the player it was
    granted to, for that object (a new object after a zone change has none, 400.7)."""

    rule: str
    granted_in: frozenset[Zone] | None = None


#: The ``via`` permissions of :meth:`dfc_plugin.host.Game.cast`.
CAST_PERMISSIONS: dict[str, CastPermission] = {
    "normal": CastPermission("601.3"),
    "modal": CastPermission("712.11b"),
    "face_down": CastPermission("712.15"),
    "more_than_meets_the_eye": CastPermission("702.162a"),
    "disturb": CastPermission("702.146a"),
    "siege": CastPermission("310.11b", granted_in=frozenset({Zone.EXILE})),
    "cast_transformed": CastPermission("712.11a", granted_in=_NOT_IN_PLAY),
}


def is_secret(found: GameObject) -> bool:
    """Whether some player may not look at the object: in a hidden zone (400.2) or face
    down (708.5, 406.3)."""
    return found.zone.is_hidden or found.state.face_down


def public_description(found: GameObject, name: str | None) -> str:
    """The object as every player may know it: a hidden card by where it is, a face-down
    one as face down, anything else by ``name`` (its current name, if it has one)."""
    label = f"object {found.id}"
    if found.state.face_down:
        kind = {Zone.BATTLEFIELD: "permanent", Zone.STACK: "spell"}.get(found.zone, f"card in {found.zone}")
        return f"{label} (a face-down {kind})"
    if found.zone.is_hidden:
        return f"{label} (a card in player {found.owner}'s {found.zone})"
    return f"{label} ({name})" if name else label
