"""Memos for the questions the game loop asks thousands of times per game (listing
legal actions, state-based actions, day/night after every action), so that each
answer is worked out once per input instead of once per question.

Two kinds, and why each is safe:

* :func:`memo_by_identity`: answers that depend only on immutable inputs (a face, an
  ability's parameter map, a card definition, a frozen ``DfcState``), remembered by
  the inputs' identity. An entry keeps its inputs alive and is used only when the
  very same objects are asked about again, so an answer can't outlive what it
  describes.
* :class:`RememberingRules`: the plugin's answers for one game (its edition) to every
  pure rule point, by the identity of the immutable values asked about.

The engine's own answers about the game state (``_static_cache``: what might be cast or
activated, each watched object's triggers of a mode, mana sources; the layers' ``_parts``;
state-based actions found clean) are remembered for one value of ``game.version``, bumped
by every change of an object or a life total; among them ``Layers.continuous_gives``,
what the parts of the Continuous statics that work now may hold (``statics.gives``), so
that a question no static answers skips the parts. Some outlive a version, because they
read only immutable values or compare what they read by identity:

* the printed types of a state (``_types``);
* the state-based scan (``_sba_objects``): each permanent's answer kept with its damage
  and waiting abilities, for a permanent that reads the same (the same state, counters,
  effects and controller: tapped, it is a new object), and keyed on the turn only with
  living metal (702.161a);
* ``_statics_seen`` (``faces_with_statics``): the faces found for the very states on the
  battlefield and in the command zone, compared state by state, so it can't outlive
  what it describes (nothing reads it within :func:`fresh`);
* ``_mana_replacers`` (``producing.replaced_mana``): whether any face on the battlefield
  has a ``ProduceMana`` replacement, for the very states there, compared likewise;
* each object's cast and activation rows and trigger rows, kept while the object is
  unchanged (``_activation_rows``, ``_trigger_rows``; the triggers of a face by the face
  itself, ``_face_triggers``);
* identity memos of immutable faces and parameter maps (``statics.gives``,
  ``statics_by_mode``, ``static_params``, a face's lower-cased keywords) and the
  expressions read from a text (``values._READ``).

:func:`drop_caches` forgets the game's, and within :func:`fresh` no memo is read or
kept: tests/test_game_cache.py and tests/test_game_cache_actions.py play random games
both ways and compare every answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = [
    "drop_caches",
    "fresh",
    "is_fresh",
    "memo_by_identities",
    "memo_by_identity",
]

R = TypeVar("R")

#: Entries a memo keeps before it starts again (the bundled decks need a few thousand).
LIMIT = 50_000


#: While set (:func:`fresh`), memos neither read nor remember: every answer is
#: worked out anew, to compare with the remembered one.
_FRESH: list[bool] = [False]


def memo_by_identity(compute: Callable[[Any], R]) -> Callable[[Any], R]:
    """``compute(value)`` remembered by the identity of ``value`` (immutable)."""
    table: dict[int, tuple[Any, R]] = {}

    def remembered(value: Any) -> R:
        hit = table.get(id(value))
        if hit is not None and not _FRESH[0]:  # (the entry keeps ``value`` alive: see _remembering)
            return hit[1]
        answer = compute(value)
        if _FRESH[0]:
            return answer
        if len(table) > LIMIT:
            table.clear()
        table[id(value)] = (value, answer)
        return answer

    remembered.__doc__ = compute.__doc__
    remembered.__wrapped__ = compute  # type: ignore[attr-defined]
    return remembered


def memo_by_identities(keys: int) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """``compute(*args)`` remembered by the identity of its first ``keys`` arguments
    (immutable); the others are passed on and must not change the answer."""

    def decorate(compute: Callable[..., R]) -> Callable[..., R]:
        table: dict[tuple[int, ...], tuple[tuple[Any, ...], R]] = {}

        def remembered(*args: Any) -> R:
            inputs = args[:keys]
            key = tuple(map(id, inputs))
            hit = table.get(key)
            if hit is not None and not _FRESH[0]:  # (the entry keeps its inputs alive: see _remembering)
                return hit[1]
            answer = compute(*args)
            if _FRESH[0]:
                return answer
            if len(table) > LIMIT:
                table.clear()
            table[key] = (inputs, answer)
            return answer

        remembered.__doc__ = compute.__doc__
        return remembered

    return decorate


def is_fresh() -> bool:
    """Within :func:`fresh`: nothing remembered may be used."""
    return _FRESH[0]


@contextmanager
def fresh() -> Iterator[None]:
    """Within this block nothing remembered is used or kept (see the module docstring)."""
    _FRESH[0] = True
    try:
        yield
    finally:
        _FRESH[0] = False


def drop_caches(game: Any) -> None:
    """Forget every answer remembered for the game's state (the identity memos answer
    for immutable inputs and stay)."""
    game.__dict__.pop("_cast_options", None)
    game.__dict__.pop("_plain_activations", None)
    game.__dict__.pop("_no_continuous", None)
    game.__dict__.pop("_some_continuous", None)
    game.__dict__.pop("_gain_control_cards", None)
    game.__dict__.pop("_trigger_rows", None)
    game.__dict__.pop("_activation_rows", None)
    game.__dict__.pop("_parts", None)
    game.__dict__.pop("_sba_clean", None)
    game.__dict__.pop("_sba_objects", None)
    game.__dict__.pop("_types", None)
    game.__dict__.pop("_settled", None)
    game.__dict__.pop("_mana_replacers", None)
    game._static_cache.clear()
    game._faces.clear()
    game._mana.clear()


#: The plugin's rule points that answer a question about immutable values (a frozen
#: ``DfcState``, a card definition, a zone, a designation, a flag) without changing
#: anything: DESIGN.md decision 3, rules are pure functions over a small state record.
PURE_RULE_POINTS = (
    "characteristics",
    "mana_value",
    "is_double_faced",
    "cast_options",
    "land_options",
    "mana_abilities",
    "can_pay_tap_cost",
    "day_night_transform",
    "designation_with",
)


class RememberingRules:
    """A game's view of the rule handlers (a :class:`~dfc_plugin.registry.Registry`):
    the answers of :data:`PURE_RULE_POINTS` are remembered by the identity of their
    arguments, so the engine may ask the same question as often as its loops need;
    everything else is the registry's own."""

    def __init__(self, registry: Any) -> None:
        self.registry = registry
        for name in PURE_RULE_POINTS:
            setattr(self, name, _remembering(getattr(registry, name)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.registry, name)


def _remembering(handler: Callable[..., R]) -> Callable[..., R]:
    """``handler`` remembered by the identity of its arguments. Questions about one
    value (most are about one state) have a table of their own keyed on ``id(value)``
    alone. Each entry holds its arguments, so while it exists no other object can have
    their ids (an id is unique among the objects alive at once): a key found is the
    very same arguments, and no identity comparison is needed."""
    table: dict[tuple[int, ...], tuple[tuple[Any, ...], R]] = {}
    single: dict[int, tuple[Any, R]] = {}

    def ask(*args: Any, **kwargs: Any) -> R:
        if kwargs or _FRESH[0]:
            return handler(*args, **kwargs)
        if len(args) == 1:
            only = single.get(id(args[0]))
            if only is not None:
                return only[1]
            answer = handler(args[0])
            if len(single) > LIMIT:
                single.clear()
            single[id(args[0])] = (args[0], answer)
            return answer
        key = tuple(map(id, args))
        hit = table.get(key)
        if hit is not None:
            return hit[1]
        answer = handler(*args)
        if len(table) > LIMIT:
            table.clear()
        table[key] = (args, answer)
        return answer

    ask.__wrapped__ = handler  # type: ignore[attr-defined]
    ask.__doc__ = handler.__doc__
    return ask


#: The listing's own memos kept in ``_activation_rows`` (so :func:`drop_caches` forgets
#: them with the rows; none is read or kept within :func:`fresh`), by their key's head:
#: ``"settled"``, each activation row's answers that read only its object, the player,
#: the turn and the timing, for the very row; ``"inputs"``, the same shared by every row
#: with the same inputs (state, cards, tapped, controller, whether it may pay {T} (302.6),
#: face, abilities, grants: a permanent tapped and untapped again reads as it did);
#: ``"local"``, the last listing at instant timing settled from the player's own objects,
#: kept with those very objects and the turn (host/game/actions.py; tests/test_speed7a.py
#: compares each with the answer worked out afresh).
LISTING_MEMOS = ("settled", "inputs", "local")

#: What the apply path remembers besides, and what each keys on;
#: none is read or kept within :func:`fresh` (tests/test_speed7b.py compares each with
#: the answer worked out afresh):
#:
#: * ``_trigger_rows``: each object's face and triggers of a mode, kept with the very
#:   state they were worked out for (a tapped permanent, a new object, keeps its row);
#: * ``_any_rows``: whether any watched object has a trigger of a mode, per ``moves``
#:   (bumped by every zone change, new state or cards of an object, and rollback);
#: * ``_held``: how many cards the objects hold (the check after every action), per
#:   ``moves``; ``_statics_seen`` and ``_settled`` trust ``moves`` before comparing
#:   the board state by state;
#: * ``_described``: an object's text in the log, per state, card and right to look.
APPLY_PATH_MEMOS = ("_trigger_rows", "_any_rows", "_held", "_statics_seen", "_described")

# The listing's grants (tests/test_speed8b.py): ``statics._granted_from``, the abilities a static
# grants, by the identity of its face and texts (rows under a grant are kept while granted
# the very same ones); the ``"local"`` listing was kept with its {T} answers (702.10c): round
# 9's ``"settled listing"`` below took its place.

# Round 9's apply path (tests/test_speed9a.py): ``_day_night_rows`` (daybound/nightbound and
# the day/night answers per state), ``_moved_seen`` (a Moved replacement on the board, per
# states), ``_alike`` (a description per state value), and each game's copy of the registry.

# The listing's pieces (tests/test_speed9b.py), kept in ``_activation_rows`` as well: ``("pieces",
# player, timing)``, each object's settled activations and ways to cast at the timing, for the very
# object under a head (turn, active player, cleanup; on a later head while it may pay {T} as then);
# ``"piece"``, the same shared by objects with the same inputs; ``"settled listing"``, a listing at
# instant timing where nothing was asked, kept with its very objects (it takes the place of "local").

# Round 10's listing and mana path (tests/test_speed10b.py): per face, snow._adds_types and
# producing._replaces_mana.
# ``_type_rows`` (layers.has_type_of with no animation on the object): per state and word, the printed
# answer and the face whose living metal may add the type.

# Round 11 C (tests/test_speed11c.py): ``("tapless", id(state))`` in ``_activation_rows`` (a piece
# that reads no head: kept under every head), ``_tap_rows`` (the plugin's ``can_pay_tap_cost`` both
# ways, per state), ``costs._NEEDS`` (what a cost needs), the identity memos ``casting._activation_rules``
# and ``mana_restrictions._restrictions_by_line``, and ``("restricted sources", version, player)``.

# Round 11's step transitions (tests/test_speed11b.py): ``_trigger_holders`` (the watched objects with
# triggers of a mode) and ``_bearers_seen`` (those with any trigger), per ``moves``; ``_state_bears``,
# whether a state's face has any trigger; ``_grants_none_at``, no AddTrigger static, per ``moves``;
# ``("last scan", -1)`` in ``_sba_objects``, the last state-based scan with its objects and marks.
