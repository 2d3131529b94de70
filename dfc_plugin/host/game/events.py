"""Game events the trigger machinery listens to, and the stack's items.

An event is what happened (a zone change, a transform, a spell cast, a step beginning,
an attack, damage, day becoming night); triggered abilities are matched against it the
moment it happens (603.2) and wait to be put on the stack the next time a player would
receive priority (603.3). A zone change carries the object as it last existed, so
leaves-the-battlefield abilities look back in time (603.10a).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dfc_plugin.cards import Face, ParamMap

if TYPE_CHECKING:
    from dfc_plugin.host.abilities.values import Ctx
    from dfc_plugin.host.model import GameObject

__all__ = ["GameEvent", "PendingTrigger", "StackItem"]


@dataclass(frozen=True, init=False)
class GameEvent:
    """One event: its trigger mode name, the objects and players in it by role
    (``Card``, ``Attacker``, ``Source``; ``Player``), details (``Origin``,
    ``Destination``, ``Phase``, ``Amount``, ``Combat``) and last-known objects."""

    mode: str
    objects: dict[str, int] = field(default_factory=dict)
    players: dict[str, int] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    lki: dict[int, GameObject] = field(default_factory=dict)

    def __init__(
        self,
        mode: str,
        objects: dict[str, int] | None = None,
        players: dict[str, int] | None = None,
        data: dict[str, Any] | None = None,
        lki: dict[int, GameObject] | None = None,
    ) -> None:
        """The fields, each omitted one a new empty dict (the defaults above), stored
        straight into the instance dictionary: the frozen ``__init__`` would set each
        through ``object.__setattr__`` (one event per move, draw and step; the
        instance stays frozen)."""
        own = self.__dict__  # (in the fields' order, as the dataclass's __init__ would)
        own["mode"] = mode
        own["objects"] = {} if objects is None else objects
        own["players"] = {} if players is None else players
        own["data"] = {} if data is None else data
        own["lki"] = {} if lki is None else lki


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack."""

    ctx: Ctx
    params: ParamMap
    body: ParamMap
    text: str
    intrinsic: str = ""


@dataclass
class StackItem:
    """One thing on the stack: a spell (``spell`` is its object id) or an ability
    (``params`` is its chain's first link, ``ctx`` what it knows)."""

    kind: str
    ctx: Ctx | None = None
    params: ParamMap | None = None
    spell: int | None = None
    text: str = ""
    trigger: ParamMap | None = None
    face: Face | None = None
    intrinsic: str = ""
