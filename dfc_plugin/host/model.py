"""The reference engine's records: physical cards, game objects, players, log events.

Every record is immutable; the game replaces a record to change it, so an action that
fails half-way can restore the game from a cheap snapshot of its tables. A
:class:`GameObject` wraps the plugin's :class:`~dfc_plugin.state.DfcState` with what only
the engine tracks: identity, owner and controller, timestamp, counters, effects,
tapped, and the cards a linked ability remembers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields, make_dataclass, replace
from operator import attrgetter
from typing import Any, TypeVar

from dfc_plugin.cards import CardDef
from dfc_plugin.state import DfcState, Zone

R = TypeVar("R")

__all__ = ["CardInstance", "Effect", "Event", "GameObject", "evolved", "new_card", "new_event", "new_object"]


@dataclass(frozen=True, slots=True)
class CardInstance:
    """One physical card (or token) in the game: what is in a zone, not a game object."""

    id: int
    definition: CardDef
    owner: int
    token: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    """A continuous effect on one object (CR 611): a power/toughness change, granted
    keywords, colours (layer 5: ``colors`` None changes none; ``overwrite_colors`` the
    replacing kind of 105.3), until end of turn or not. It lasts while the object is the
    same object, so through a transform (712.18) but not a zone change (400.7), and it is
    taken back with the object when an action is."""

    source: str
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    until_end_of_turn: bool = True
    timestamp: int = 0
    colors: frozenset[str] | None = None
    overwrite_colors: bool = False


@dataclass(frozen=True, slots=True)
class GameObject:
    """A game object: a card in a zone, a spell, a permanent, or a token. ``id`` changes
    on every zone change (400.7), never on a transform (712.18)."""

    id: int
    cards: tuple[CardInstance, ...]
    state: DfcState
    controller: int
    timestamp: int
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    effects: tuple[Effect, ...] = ()
    controlled_since_turn: int = 0
    linked: tuple[int, ...] = ()
    known_to: tuple[int, ...] = ()
    chosen_name: str | None = None
    cast_via: str | None = None
    x: int = 0
    #: The zone a spell was cast from ("cast from exile", 601.2a), ``None`` if not cast.
    cast_from: Zone | None = None
    #: (player, via): permissions an effect granted for this object (a siege's trigger,
    #: 310.11b; "you may cast it transformed", 712.11a); a new object has none (400.7).
    permits: tuple[tuple[int, str], ...] = ()

    @property
    def zone(self) -> Zone:
        return self.state.zone

    @property
    def owner(self) -> int:
        return self.cards[0].owner

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)

    def evolve(self, **changes: Any) -> GameObject:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the event log: what happened, the rule that decided it, and who may
    read the details (``None``: everyone; else only those players; the others read
    ``public_text``)."""

    turn: int
    action: str
    text: str
    rule: str = ""
    private_to: tuple[int, ...] | None = None
    public_text: str = ""
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def line(self, reader: int | None = None) -> str:
        """The entry as ``reader`` may read it (``None``: the full log, for debugging)."""
        private = self.private_to
        text = self.text if reader is None or private is None or reader in private else self.public_text
        rule = f"  [rule {self.rule}]" if self.rule else ""
        return f"turn {self.turn}: {text}{rule}"


# --------------------------------------------------------------------------- quick records
def _draft_of(record: type) -> Any:
    """A mutable twin of a frozen record: the same fields, in the same order and the same
    slots. A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``
    (a game object's sixteen: 24,000 instructions under callgrind); the twin's ``__init__``
    stores them plainly (6,100 with the class change), and a filled-in twin becomes the
    record by taking its class (CPython refuses the assignment unless the layouts agree)."""
    return make_dataclass(
        f"{record.__name__}Draft",
        [
            (f.name, f.type, field(default=f.default, default_factory=f.default_factory))
            if f.default is not MISSING or f.default_factory is not MISSING
            else (f.name, f.type)
            for f in fields(record)
        ],
        slots=True,
        eq=False,
        repr=False,
    )


def _maker(record: type[R], draft_class: Any) -> Callable[..., R]:
    """A function making the same value as ``record(*args, **kwargs)``, without the frozen
    ``__init__``'s cost: a twin (:func:`_draft_of`) filled in, then given ``record``'s class."""

    def make(*args: Any, **kwargs: Any) -> R:
        draft = draft_class(*args, **kwargs)
        draft.__class__ = record
        made: R = draft
        return made

    make.__name__ = f"new_{record.__name__}"
    return make


_ObjectDraft = _draft_of(GameObject)
#: Every field of a game object, in its constructor's order, read in one call.
_object_fields = attrgetter(*(f.name for f in fields(GameObject)))
#: A game object (the engine makes one at every move and every change).
new_object = _maker(GameObject, _ObjectDraft)
#: A log entry (one per event recorded).
new_event = _maker(Event, _draft_of(Event))
#: A card (one per card of every deck).
new_card = _maker(CardInstance, _draft_of(CardInstance))


def evolved(found: GameObject, changes: dict[str, Any]) -> GameObject:
    """The same value as ``replace(found, **changes)``, every key of ``changes`` being a
    field of a game object (another one raises AttributeError: the twin has no slot)."""
    draft = _ObjectDraft(*_object_fields(found))
    for name, value in changes.items():
        setattr(draft, name, value)
    draft.__class__ = GameObject
    made: GameObject = draft
    return made
