"""Regression tests for issue 9, items 1-3: no card is lost, a hidden card is never named
to a player who may not see it, and every action checks who may do it to which object in
which zone before anything else (dfc_plugin/host/access.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from engine_support import new_game
from rules_support import library

from dfc_plugin.errors import EngineError, IllegalActionError
from dfc_plugin.host import Game
from dfc_plugin.hostspec import hookimpl
from dfc_plugin.registry import Registry
from dfc_plugin.rules.characteristics import Characteristics
from dfc_plugin.state import DfcState, Zone

DELVER = ("Delver of Secrets", "Insectile Aberration")


def melded(game: Game, player: int = 1) -> int:
    rats = game.add("Graf Rats", Zone.BATTLEFIELD, player)
    scavengers = game.add("Midnight Scavengers", Zone.BATTLEFIELD, player)
    return game.meld(rats, scavengers).object


def refused(call: Any, rule: str | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        call()
    if rule is not None:
        assert caught.value.rule == rule, caught.value
    return caught.value


def state_of(game: Game) -> tuple[Any, ...]:
    return dict(game.objects), {k: list(v) for k, v in game.zones.items()}, dict(game.cards), len(game.log)


# ---------------------------------------------------------------------- item 1: no card is lost
def test_a_melded_permanent_exiled_face_down_is_two_face_down_cards() -> None:
    """712.21: "If a melded permanent leaves the battlefield, one permanent leaves the
    battlefield and two cards are put into the appropriate zone"; 712.17: a DFC exiled face
    down remains hidden. Two face-down cards are two objects, and moving each keeps both."""
    game = new_game()
    host = melded(game)
    result = game.exile_face_down(host, by=1)
    assert (result.rule, result.objects_moved, result.cards_moved, len(result.objects)) == ("712.21", 1, 2, 2)
    exiled = [game.obj(i) for i in result.objects]
    assert all(len(o.cards) == 1 and o.state.face_down and o.zone is Zone.EXILE for o in exiled)
    assert {o.cards[0].definition.name for o in exiled} == {"Graf Rats", "Midnight Scavengers"}
    assert all(o.known_to == (1,) for o in exiled)
    for found in exiled:
        game.move(found.id, Zone.GRAVEYARD)
    names = sorted(game.name_of(o.id) or "" for o in game.in_zone(Zone.GRAVEYARD))
    assert names == ["Graf Rats", "Midnight Scavengers"]


class DropsACard:
    """A rule plugin with a bug: a melded permanent leaving the battlefield gives one card."""

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        original = registry.handler("leave_battlefield")

        def one_card(state: DfcState, zone: Zone, order: tuple[int, ...] | None = None) -> Any:
            departure = original(state, zone, order)
            return replace(departure, states=departure.states[:1])

        registry.register("leave_battlefield", one_card, plugin="drops-a-card")


@pytest.mark.parametrize("check_invariants", [True, False])
def test_an_action_that_would_lose_a_card_is_rolled_back(check_invariants: bool) -> None:
    """The invariants are checked inside the transaction: a card lost is an EngineError
    and the game is as it was, whether or not full invariant checking is on."""
    game = Game(library=library(), plugins=[DropsACard()], check_invariants=check_invariants)
    host = melded(game)
    before = state_of(game)
    with pytest.raises(EngineError, match="after move"):
        game.move(host, Zone.GRAVEYARD)
    assert state_of(game) == before
    assert game.obj(host).state.melded and len(game.obj(host).cards) == 2
    game.verify()


class BrokenChooser:
    """A host's chooser with a bug: it raises a bare KeyError that names a card."""

    def order(self, player: int, purpose: str, items: Any) -> Any:
        raise KeyError("Midnight Scavengers")

    def pick(self, player: int, purpose: str, options: Any) -> Any:
        raise KeyError("Midnight Scavengers")


def test_a_bare_exception_inside_an_action_is_an_engine_error_and_changes_nothing() -> None:
    """Never a bare KeyError out of an action: the game is restored and the error is an
    EngineError whose message does not quote the cause (it may name a hidden card)."""
    game = Game(library=library(), chooser=BrokenChooser(), check_invariants=True)
    host = melded(game)
    before = state_of(game)
    with pytest.raises(EngineError, match="move failed with KeyError") as caught:
        game.move(host, Zone.LIBRARY)
    assert "Scavengers" not in str(caught.value)
    assert state_of(game) == before


def test_zone_outside_is_refused_by_move_and_add() -> None:
    """400.11a: cards outside the game are in no zone; the engine keeps none, and says so."""
    game = new_game()
    delver = game.add("Delver of Secrets", Zone.HAND)
    before = state_of(game)
    refused(lambda: game.move(delver, Zone.OUTSIDE), "400.11")
    refused(lambda: game.add("Delver of Secrets", Zone.OUTSIDE), "400.11")
    refused(lambda: game.add("Incubator", Zone.LIBRARY), "111.7")  # a token ceases to exist there
    assert state_of(game) == before
    assert game.in_zone(Zone.OUTSIDE) == [] and game.owner_zone_ids(1, Zone.OUTSIDE) == []
    game.verify()


@pytest.mark.parametrize(
    "call",
    [
        lambda g, c: g.mill(3),
        lambda g, c: g.move(c, Zone.GRAVEYARD, controller=3),
        lambda g, c: g.move(c, Zone.GRAVEYARD, order=[1, 0]),
        lambda g, c: g.move(c, Zone.STACK),
        lambda g, c: g.create_token("Incubator", 3),
        lambda g, c: g.exile_face_down(c, by=3),
        lambda g, c: g.cast(3, c),
        lambda g, c: g.play_land(3, c),
        lambda g, c: g.create_token_copy(c, 3),
        lambda g, c: g.put_onto_battlefield(c, controller=3),
        lambda g, c: g.add_counters(c, "P1P1", -2),
        lambda g, c: g.cast(1, c, x=-1),
        lambda g, c: g.transform(10_000),
        lambda g, c: g.set_day_night("dusk"),
        lambda g, c: g.note_spell_cast(3),
    ],
    ids=[
        "mill", "move-controller", "move-order", "move-stack", "token", "exile-by", "cast", "land",
        "token-copy", "put", "counters", "cast-x", "stale-id", "day-night", "spell-count",
    ],
)  # fmt: skip
def test_a_refused_action_raises_illegal_action_error_never_a_bare_error(call: Any) -> None:
    """Every refused action raises the documented error (the random walk of issue 9 hit a
    bare KeyError 602 times), and the game is unchanged."""
    game = new_game()
    card = game.add("Delver of Secrets", Zone.HAND)
    game.add("Graf Rats", Zone.BATTLEFIELD)
    before = state_of(game)
    refused(lambda: call(game, card))
    assert state_of(game) == before


# ---------------------------------------------------------------------- item 2: messages
def hidden_delver(game: Game, where: str) -> int:
    if where == "face-down permanent":
        return game.add("Brutal Cathar", Zone.BATTLEFIELD, 1, face_down=True)
    if where == "face-down exile":
        return game.exile_face_down(game.add("Delver of Secrets", Zone.HAND, 1), by=1).object
    return game.add("Delver of Secrets", Zone(where), 1)


@pytest.mark.parametrize("where", ["hand", "library", "face-down permanent", "face-down exile"])
@pytest.mark.parametrize(
    "call",
    [lambda g, o: g.activate_mana_ability(o, 0), lambda g, o: g.craft(o, []), lambda g, o: g.cast(2, o)],
    ids=["mana", "craft", "cast"],
)
def test_an_error_describes_a_hidden_card_as_every_player_may_know_it(where: str, call: Any) -> None:
    """712.7, 708.5: a hidden DFC reveals nothing of its faces to a player who may not look;
    an error message may reach any player, so it says where the card is, not what it is."""
    game = new_game()
    target = hidden_delver(game, where)
    message = str(refused(lambda: call(game, target)))
    faces = {*DELVER, "Brutal Cathar", "Moonrage Brute"}
    assert not [name for name in faces if name in message], message
    expected = {
        "hand": "a card in player 1's hand",
        "library": "a card in player 1's library",
        "face-down permanent": "a face-down permanent",
        "face-down exile": "a face-down card in exile",
    }[where]
    assert expected in message


# ---------------------------------------------------------------------- item 3: who may act
@pytest.mark.parametrize("where", ["hand", "library", "face-down exile"])
@pytest.mark.parametrize(
    "via", [None, "normal", "siege", "cast_transformed", "disturb", "face_down", "more_than_meets_the_eye"]
)
def test_a_player_cant_cast_another_players_hidden_card(where: str, via: str | None) -> None:
    """601.3: a player casts a spell only if a rule or effect lets them; a permission of
    the card's own (disturb, 702.146a) is its owner's, one an effect grants (a siege,
    310.11b) is the granted player's. Nothing is logged, nothing revealed."""
    game = new_game()
    target = hidden_delver(game, where)
    before = state_of(game)
    message = str(refused(lambda: game.cast(2, target, via=via)))
    assert state_of(game) == before
    assert not [name for name in DELVER if name in message + game.log_text(2)]


def test_a_siege_is_cast_transformed_only_from_the_trigger_that_exiled_it() -> None:
    """310.11b: "When the last defense counter is removed from this permanent, exile it,
    then you may cast it transformed without paying its mana cost." The permission is its
    controller's, for the card that trigger exiled, and no other."""
    game = new_game()
    set_up_in_exile = game.add("Invasion of Kylem", Zone.EXILE, 1)
    refused(lambda: game.cast(1, set_up_in_exile, via="siege"), "310.11b")
    siege = game.add("Invasion of Kylem", Zone.BATTLEFIELD, 1)
    exiled = game.defeat_siege(siege).object
    refused(lambda: game.cast(2, exiled, via="siege"), "310.11b")
    spell = game.cast(1, exiled, via="siege")
    assert spell.rule == "712.11a" and game.name_of(spell.object) == "Valor's Reach Tag Team"
    refused(lambda: game.defeat_siege(game.add("Delver of Secrets", Zone.BATTLEFIELD)), "310.11b")
    refused(lambda: game.permit_cast(set_up_in_exile, 1, "siege"), "310.11b")


def test_a_granted_permission_ends_when_the_card_changes_zones() -> None:
    """400.7: a card that changes zones is a new object, with no memory of the old one,
    so "you may cast it transformed" (712.11a) does not follow it."""
    game = new_game()
    delver = game.add("Delver of Secrets", Zone.EXILE, 1)
    game.permit_cast(delver, 2)
    refused(lambda: game.cast(1, delver, via="cast_transformed"), "712.11a")
    back = game.move(game.move(delver, Zone.GRAVEYARD).object, Zone.EXILE).object
    refused(lambda: game.cast(2, back, via="cast_transformed"), "712.11a")
    game.permit_cast(back, 2)
    spell = game.cast(2, back, via="cast_transformed")
    assert game.name_of(spell.object) == "Insectile Aberration"


def test_disturb_is_its_owners_from_their_graveyard() -> None:
    """702.146a: "You may cast this card transformed from your graveyard"."""
    game = new_game()
    beggar = game.add("Beloved Beggar", Zone.GRAVEYARD, 1)
    refused(lambda: game.cast(2, beggar, via="disturb"), "702.146a")
    assert game.cast(1, beggar, via="disturb").rule == "702.146a"


@pytest.mark.parametrize("where", ["hand", "library", "face-down exile"])
def test_a_hidden_card_cant_be_copied(where: str) -> None:
    """707.2: a copy takes the copiable values of an object; a card no player may see has
    none anyone may know, so neither a token copy nor a copy effect may use it."""
    game = new_game()
    target = hidden_delver(game, where)
    clone = game.add("Clone", Zone.BATTLEFIELD, 2)
    before = state_of(game)
    refused(lambda: game.create_token_copy(target, 2), "707.2")
    refused(lambda: game.become_copy(clone, target), "707.2")
    assert state_of(game) == before
    assert not [name for name in DELVER if name in game.log_text(2)]


def test_a_fits_callback_never_sees_a_hidden_card() -> None:
    """An effect that lets a player choose a card from a group that fits some criteria
    looks only at cards that player may look at (400.2), or at their own library while
    searching it (701.19a)."""
    game = new_game()
    seen: list[Characteristics] = []

    def fits(chars: Characteristics) -> bool:
        seen.append(chars)
        return True

    in_hand = game.add("Delver of Secrets", Zone.HAND, 1)
    in_library = game.add("Delver of Secrets", Zone.LIBRARY, 1)
    land = game.add("Brightclimb Pathway", Zone.HAND, 1)
    refused(lambda: game.cast(2, in_hand, fits=fits), "400.2")
    refused(lambda: game.put_onto_battlefield(in_library, controller=2, fits=fits), "400.2")
    refused(lambda: game.play_land(2, land, fits=fits), "400.2")
    assert seen == []
    assert game.put_onto_battlefield(in_library, fits=fits).happened  # its owner searches
    assert [chars.name for chars in seen] == ["Delver of Secrets"]


def test_only_a_permanents_controller_activates_its_abilities() -> None:
    """602.2: a player activates abilities of objects they control."""
    game = new_game()
    land = game.add("Brightclimb Pathway", Zone.BATTLEFIELD, 1)
    blade = game.add("Tithing Blade", Zone.BATTLEFIELD, 1)
    refused(lambda: game.activate_mana_ability(land, 0, player=2), "602.2")
    refused(lambda: game.craft(blade, [], player=2), "702.167a")
    assert game.activate_mana_ability(land, 0, player=1).happened


def test_craft_materials_are_the_crafters_permanents_or_graveyard_cards() -> None:
    """702.167a: exile [materials] "from among permanents you control and/or cards in your
    graveyard"."""
    game = new_game()
    blade = game.add("Tithing Blade", Zone.BATTLEFIELD, 1)
    theirs = game.add("Elite Vanguard", Zone.BATTLEFIELD, 2)
    in_their_graveyard = game.add("Elite Vanguard", Zone.GRAVEYARD, 2)
    hidden = game.add("Elite Vanguard", Zone.HAND, 1)
    for material in (theirs, in_their_graveyard, hidden, blade):
        refused(lambda material=material: game.craft(blade, [material]), "702.167a")
    mine = game.add("Elite Vanguard", Zone.GRAVEYARD, 1)
    assert game.craft(blade, [mine]).happened


def test_a_crafted_token_is_exiled_and_does_not_return() -> None:
    """111.8: a token that has left the battlefield can't come back onto it; craft exiles
    the permanent as a cost (702.167a), so a token copy that crafts is gone (found by the
    long stateful run)."""
    game = new_game()
    token = game.create_token_copy(game.add("Tithing Blade", Zone.BATTLEFIELD, 1)).object
    material = game.add("Elite Vanguard", Zone.GRAVEYARD, 1)
    result = game.craft(token, [material])
    assert (result.happened, result.rule, result.objects) == (False, "111.8", ())
    assert token not in game.objects and [o.id for o in game.in_zone(Zone.GRAVEYARD)] == []


def test_the_access_check_is_callable_by_other_code() -> None:
    """The check every action makes is public, for a game loop or ability interpreter."""
    game = new_game()
    delver = game.add("Delver of Secrets", Zone.HAND, 1)
    assert game.reach("move", delver).id == delver
    message = str(refused(lambda: game.reach("destroy", delver), "701.8a"))
    assert message.startswith("destroy can't act on object 1 (a card in player 1's hand)")
    assert game.check_player(2) == 2
    refused(lambda: game.check_player(0), "102.1")
    assert game.check_destination("exile") is Zone.EXILE
