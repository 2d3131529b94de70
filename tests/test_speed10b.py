"""Issue 10 (throughput), round 10 B: the listing's mana sources and the mana-ability
path remember what reads only an immutable value (a state, a face), and each such
answer is the one worked out afresh (within ``fresh``, nothing remembered is used).

CR 605.1a: an activated ability is a mana ability if it could add mana as it resolves,
has no target and isn't a loyalty ability; 601.2g-h: a player pays a spell's mana cost
with the pool and the mana abilities they activate then. The engine's sources are the
untapped permanents the player controls with a mana ability whose cost is {T} alone
(302.6: one that may pay {T} now). Which of a state's mana abilities is such an ability
reads only the state (the plugin's ``mana_abilities``): it is kept per state
(``costs._tap_mana_ability``, ``_tap_sources``); whether each may pay {T} now is asked
at every listing. 205.4g (snow) and 106.12b (a ``ProduceMana`` replacement): whether a
face may add a type, or replaces mana, reads only the face, kept per face."""

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
from dfc_plugin.host.abilities.statics import any_static_with, gives, statics_by_mode
from dfc_plugin.host.game.actions import Activate
from dfc_plugin.host.game.cache import fresh
from dfc_plugin.state import Side, Zone


def _sources(game: Game) -> dict[int, list[tuple[int, int, frozenset[str]]]]:
    """Each player's mana sources as worked out now (not the per-version copy)."""
    return {p: [(o.id, index, kinds) for o, index, kinds in game._mana_sources(p)] for p in game.players}


@pytest.mark.rule("605.1a", "601.2g", "302.6")
def test_the_sources_kept_per_state_are_the_sources_worked_out_afresh() -> None:
    """605.1a, 601.2g, 302.6: random games, each player's mana sources compared at
    every position with those worked out with nothing remembered (the per-state
    answers kept from one position to the next); many positions have some."""
    some: list[bool] = []

    def probe(game: Game) -> dict[str, Any]:
        found = _sources(game)
        some.append(any(found.values()))
        return {"sources": found, "listed": game.legal_actions(game.priority or 1)}

    compared = _compare_played([1, 2, 6], probe, actions=250)
    assert compared > 600 and sum(some) > compared // 2  # (both runs append: the kept and the fresh)


@pytest.mark.rule("712.8d", "605.1a")
def test_a_transformed_permanent_is_a_source_by_the_face_now_up() -> None:
    """712.8d: a transformed permanent has only its back face's characteristics. Search
    for Azcanta (an enchantment, no mana ability) is no source; the very same object
    transformed into Azcanta, the Sunken Ruin ("{T}: Add {U}") is one, and untransformed
    again is none: the answer kept for one state is never the other's."""
    game = played_game()
    search = game.add("Search for Azcanta", Zone.BATTLEFIELD, 1)
    game.start(hand=0)

    def mine() -> list[tuple[int, int, frozenset[str]]]:
        kept = _sources(game)[1]
        with fresh():
            assert _sources(game)[1] == kept
        return kept

    assert mine() == []
    game.transform(search)
    assert mine() == [(search, 0, frozenset("U"))]
    game.transform(search)
    assert mine() == []


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


def _static_with(game: Game) -> dict[str, bool]:
    """Whether any static in the game has each parameter the engine asks about."""
    return {param: any_static_with(game, param) for param in ("AddAbility", "GainControl", "MayPlay")}


@pytest.mark.rule("613.1f", "604.1")
def test_whether_a_static_has_a_parameter_kept_per_moves_is_read_afresh() -> None:
    """613.1f (layer 6: abilities granted), 604.1: a static ability works while its
    permanent is on the battlefield. Esika's "Other legendary creatures you control
    have ... "{T}: Add one mana of any color"" is an ``AddAbility$`` static once Esika
    enters, still one after a tap (a new version, the same ``moves``), and none once
    Esika has left: each answer is the one read afresh."""
    game = played_game()
    mountain = game.add("Mountain", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)

    def kept() -> bool:
        answers = _static_with(game)
        with fresh():
            assert _static_with(game) == answers
        return answers["AddAbility"]

    assert not kept()
    esika = game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1)
    assert kept()
    moves, version = game.moves, game.version
    game.apply(1, Activate(mountain, 0))
    assert game.moves == moves and game.version > version and kept()
    game.move(esika, Zone.GRAVEYARD)
    assert not kept()


@pytest.mark.rule("613.1f", "702.8a", "601.3")
def test_the_static_parameters_kept_per_moves_are_those_read_afresh_in_games() -> None:
    """613.1f, 702.8a, 601.3: random games (Esika, the flash and may-play statics of the
    bundled decks: seed 8 meets an ``AddAbility$`` static, 15 a ``MayPlay$`` one), whether
    any static has each parameter compared at every position with the answer read with
    nothing remembered."""
    seen: list[bool] = []

    def probe(game: Game) -> dict[str, Any]:
        answers = _static_with(game)
        seen.append(any(answers.values()))
        return answers

    assert _compare_played([8, 15], probe, actions=300) > 500
    assert any(seen) and not all(seen)


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
