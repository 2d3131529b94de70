"""Issue 10 (throughput), round 10 B: the type path and the mana-ability path remember
what reads only an immutable value (a state, a face), and each such answer is the one
worked out afresh (within ``fresh``, nothing remembered is used).

CR 205.1 and 613.1d (layer 4): an object's types are those it prints, then those
keywords (living metal, 702.161a), effects and statics add. With no animation on the
object, what it prints and whether living metal may add a type read only its state:
kept per state and word (``layers._type_row``, ``_type_rows``); whose turn it is and the
statics are read at every question. 205.4g (snow) and 106.12b (a ``ProduceMana``
replacement): whether a face may add a type, or replaces mana, reads only the face,
kept per face."""

from __future__ import annotations

from typing import Any

import pytest
from play_support import played_game
from random_support import bundled
from test_speed7a import _compare_played

from dfc_plugin.cards import Face
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.producing import _replaces_mana
from dfc_plugin.host.abilities.snow import _adds_types
from dfc_plugin.host.abilities.statics import gives, statics_by_mode
from dfc_plugin.host.game.cache import fresh
from dfc_plugin.state import Side, Zone


def _all_faces() -> list[Face]:
    return [face for card in bundled().cards() for face in card.faces]


@pytest.mark.rule("205.4g", "613.1d")
def test_whether_a_face_may_add_a_type_kept_per_face_is_read_afresh() -> None:
    """205.4g, 613.1d (layer 4): a face may add a type when one of its ``Continuous``
    statics gives types. Kept per face, for every face of the bundled scripts, the
    answer is the one read afresh and the one its statics give (March of the Machines's
    does)."""
    faces = _all_faces()
    kept = [_adds_types(face) for face in faces]
    with fresh():
        afresh = [_adds_types(face) for face in faces]
    read = [any("types" in gives(p) for p in statics_by_mode(face).get("Continuous", ())) for face in faces]
    assert kept == afresh == read
    assert any(kept) and not all(kept)
    assert kept[[face.name for face in faces].index("March of the Machines")]


@pytest.mark.rule("106.12b", "614.1a")
def test_whether_a_face_replaces_mana_kept_per_face_is_read_afresh() -> None:
    """106.12b: a replacement effect on a permanent tapped for mana (``R:Event$
    ProduceMana``). Kept per face, for every face of the bundled scripts, the answer is
    the one read afresh and the face's own abilities' (Mana Reflection's is one)."""
    faces = _all_faces()
    kept = [_replaces_mana(face) for face in faces]
    with fresh():
        afresh = [_replaces_mana(face) for face in faces]
    read = [any(a.kind == "R" and a.params.api == "ProduceMana" for a in face.abilities) for face in faces]
    assert kept == afresh == read
    assert kept[[face.name for face in faces].index("Mana Reflection")] and not all(kept)


_WORDS = ("Creature", "Artifact", "Land", "Snow", "Legendary", "Human", "Vehicle", "Enchantment")


def _types(game: Game) -> dict[int, tuple[bool, ...]]:
    """Whether each object has each of :data:`_WORDS` now (layer 4)."""
    return {i: tuple(game.has_type_of(o, word) for word in _WORDS) for i, o in game.objects.items()}


@pytest.mark.rule("205.1", "613.1d", "702.161a")
def test_the_types_kept_per_state_are_the_types_worked_out_afresh() -> None:
    """205.1, 613.1d (layer 4): an object's types are those it prints, then those
    effects and statics add. Random games, every object's answer for each word compared
    at every position with the one worked out with nothing remembered."""

    def probe(game: Game) -> dict[str, Any]:
        return {"types": _types(game)}

    assert _compare_played([0, 2], probe, actions=200) > 300


@pytest.mark.rule("702.161a", "712.8d")
def test_living_metal_is_read_from_the_face_up_in_each_turn() -> None:
    """702.161a: "During your turn, this permanent is an artifact creature in addition
    to its other types." Jetfire, Air Guardian (the back face, living metal) is a
    creature in its controller's turn only; transformed to Jetfire, Ingenious Scientist
    (a creature, no living metal) it is one in both: each answer as read afresh."""
    game = played_game()
    jetfire = game.add("Jetfire, Ingenious Scientist", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.start(hand=0)

    def creature() -> tuple[bool, bool]:
        found = game.obj(jetfire)
        kept = (game.has_type_of(found, "Creature"), game.has_type_of(found, "Artifact"))
        with fresh():
            assert (game.has_type_of(found, "Creature"), game.has_type_of(found, "Artifact")) == kept
        return kept

    game.pass_until("main1", turn=1)
    assert creature() == (True, True)
    game.pass_until("main1", turn=2)
    assert creature() == (False, True)
    game.transform(jetfire)
    assert creature() == (True, True)
    game.transform(jetfire)
    assert creature() == (False, True)
