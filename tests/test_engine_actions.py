"""The reference engine, action by action: short sequences with the state checked after
each step, citing the rules that decide it (issue: every action of the engine)."""

from __future__ import annotations

import pytest
from engine_support import new_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import Side, TokenKind, Zone


@pytest.mark.rule("601.2", "712.11b", "712.13")
def test_cast_a_modal_face_and_resolve_it() -> None:
    game = new_game()
    valki = game.add("Valki, God of Lies", Zone.HAND)
    spell = game.cast(1, valki, face="Tibalt, Cosmic Impostor")
    assert spell.rule == "712.11b"
    assert (game.obj(spell.object).zone, game.name_of(spell.object), game.mana_value(spell.object)) == (
        Zone.STACK,
        "Tibalt, Cosmic Impostor",
        7,
    )
    assert valki not in game.objects  # a new object on the stack (400.7)
    permanent = game.resolve()
    assert (game.name_of(permanent.object), game.obj(permanent.object).state.up) == (
        "Tibalt, Cosmic Impostor",
        Side.BACK,
    )


@pytest.mark.rule("712.11c")
def test_casting_a_face_that_is_not_allowed_changes_nothing() -> None:
    game = new_game()
    delver = game.add("Delver of Secrets", Zone.HAND)
    before = game.view(1)
    with pytest.raises(IllegalActionError, match="712.11c"):
        game.cast(1, delver, face="Insectile Aberration")
    assert game.view(1) == before and game.obj(delver).zone is Zone.HAND
    with pytest.raises(IllegalActionError, match="712.12"):
        game.cast(1, game.add("Emeria's Call", Zone.HAND), face=1)


@pytest.mark.rule("702.146a", "712.8c", "702.146b")
def test_disturb_from_the_graveyard_then_exiled_instead_of_dying() -> None:
    """Beloved Beggar rulings: cast transformed from a graveyard; the spell has the back
    face's characteristics and the front face's mana value; it enters back face up; if it
    would go to a graveyard from anywhere, it is exiled instead."""
    game = new_game()
    beggar = game.add("Beloved Beggar", Zone.GRAVEYARD)
    spell = game.cast(1, beggar, via="disturb").object
    assert (game.name_of(spell), game.mana_value(spell)) == ("Generous Soul", 2)
    soul = game.resolve().object
    assert (game.name_of(soul), game.obj(soul).state.up) == ("Generous Soul", Side.BACK)
    gone = game.destroy(soul)
    assert game.obj(gone.object).zone is Zone.EXILE


@pytest.mark.rule("712.13a")
def test_resolve_transformed_or_into_the_graveyard() -> None:
    game = new_game()
    game.cast(1, game.add("Kruin Outlaw", Zone.HAND))
    assert game.obj(game.resolve(enters_transformed=True).object).state.up is Side.BACK
    game.cast(1, game.add("Invasion of Kylem", Zone.HAND))
    sorcery_back = game.resolve(enters_transformed=True)
    assert (sorcery_back.happened, sorcery_back.rule, game.obj(sorcery_back.object).zone) == (
        False,
        "712.13a",
        Zone.GRAVEYARD,
    )


@pytest.mark.rule("712.12", "305.2")
def test_play_a_modal_land_face_once_a_turn() -> None:
    game = new_game()
    skull = game.add("Shatterskull Smashing", Zone.HAND)
    land = game.play_land(1, skull, face="Shatterskull, the Hammer Pass")
    assert (game.name_of(land.object), game.obj(land.object).state.up) == (
        "Shatterskull, the Hammer Pass",
        Side.BACK,
    )
    with pytest.raises(IllegalActionError, match="305.2b"):
        game.play_land(1, game.add("Brightclimb Pathway", Zone.HAND))


@pytest.mark.rule("712.14", "712.14a", "712.14b")
def test_put_onto_the_battlefield() -> None:
    game = new_game()
    front = game.put_onto_battlefield(game.add("Delver of Secrets", Zone.GRAVEYARD))
    assert game.obj(front.object).state.up is Side.FRONT
    back = game.put_onto_battlefield(game.add("Delver of Secrets", Zone.GRAVEYARD), transformed=True)
    assert game.name_of(back.object) == "Insectile Aberration"
    clone = game.add("Clone", Zone.GRAVEYARD)
    stays = game.put_onto_battlefield(clone, transformed=True)
    assert (stays.happened, stays.rule, game.obj(clone).zone) == (False, "712.14a", Zone.GRAVEYARD)
    sorcery = game.add("Emeria's Call", Zone.HAND)
    assert game.put_onto_battlefield(sorcery).rule == "712.14b"


@pytest.mark.rule("712.18", "613.7g", "302.6")
def test_transform_keeps_the_object_its_effects_counters_and_sickness() -> None:
    """712.18 example: Village Ironsmith gets +2/+2 until end of turn, then transforms
    into Ironfang: Ironfang still gets +2/+2; counters stay; it gets a new timestamp; it
    is as summoning sick as before (302.6)."""
    game = new_game()
    smith = game.add("Village Ironsmith", Zone.BATTLEFIELD, controlled_since_turn=game.turn)
    game.add_effect(smith, 2, 2)
    game.add_counters(smith, "P1P1", 1)
    stamp = game.obj(smith).timestamp
    result = game.transform(smith)
    assert result.objects == (smith,)
    assert game.name_of(smith) == "Ironfang"
    assert game.power_toughness(smith) == (3 + 2 + 1, 1 + 2 + 1)
    assert game.obj(smith).timestamp > stamp
    assert not game.controlled_since_turn_began(smith)
    game.next_turn()
    assert game.power_toughness(smith) == (3 + 1, 1 + 1)  # until end of turn has ended


@pytest.mark.rule("712.9", "701.27c")
def test_transforming_something_that_cant_is_a_result_not_an_error() -> None:
    game = new_game()
    vanguard = game.add("Elite Vanguard", Zone.BATTLEFIELD)
    result = game.transform(vanguard)
    assert (result.happened, result.rule) == (False, "712.9")
    assert game.name_of(vanguard) == "Elite Vanguard"
    assert "nothing happens" in game.log_text()


@pytest.mark.rule("701.28a", "702.162a")
def test_convert_and_cast_converted() -> None:
    game = new_game()
    optimus = game.add("Optimus Prime, Hero", Zone.HAND)
    spell = game.cast(1, optimus, via="more_than_meets_the_eye")
    assert (game.name_of(spell.object), game.mana_value(spell.object)) == ("Optimus Prime, Autobot Leader", 6)
    leader = game.resolve().object
    assert game.convert(leader).happened
    assert game.name_of(leader) == "Optimus Prime, Hero"


@pytest.mark.rule("701.42a", "701.42c", "712.21")
def test_meld_and_die_as_two_cards() -> None:
    game = new_game()
    rats, scavengers = (
        game.add("Graf Rats", Zone.BATTLEFIELD),
        game.add("Midnight Scavengers", Zone.BATTLEFIELD),
    )
    host = game.meld(rats, scavengers)
    assert (host.happened, game.name_of(host.object), game.mana_value(host.object)) == (
        True,
        "Chittering Host",
        7,
    )
    assert len(game.obj(host.object).cards) == 2
    died = game.destroy(host.object)
    assert (died.objects_moved, died.cards_moved) == (1, 2)
    assert sorted(str(game.name_of(i)) for i in died.objects) == ["Graf Rats", "Midnight Scavengers"]


@pytest.mark.rule("701.42c")
def test_meld_with_a_token_copy_leaves_the_card_exiled_and_the_token_gone() -> None:
    """701.42c example: Midnight Scavengers and a token copy of Graf Rats are exiled but
    can't be melded: Midnight Scavengers stays exiled and the token ceases to exist."""
    game = new_game()
    rats = game.add("Graf Rats", Zone.BATTLEFIELD)
    token = game.create_token_copy(rats).object
    scavengers = game.add("Midnight Scavengers", Zone.BATTLEFIELD)
    result = game.meld(token, scavengers)
    assert (result.happened, result.rule) == (False, "701.42c")
    assert [game.name_of(i) for i in result.objects] == ["Midnight Scavengers"]
    assert all(o.state.token is TokenKind.NONE for o in game.objects.values())


@pytest.mark.rule("712.21a")
def test_melded_permanent_into_a_library_in_the_owners_order() -> None:
    game = new_game()
    host = game.meld(
        game.add("Graf Rats", Zone.BATTLEFIELD), game.add("Midnight Scavengers", Zone.BATTLEFIELD)
    ).object
    moved = game.move(host, Zone.LIBRARY, order=(1, 0))
    library = game.in_zone(Zone.LIBRARY, 1)
    assert [game.name_of(o.id) for o in library] == ["Midnight Scavengers", "Graf Rats"]
    assert moved.cards_moved == 2
    assert "Chittering Host moves to its owner's library as 2 cards" in game.log_text(2)


@pytest.mark.rule("712.21c")
def test_blink_returns_both_cards() -> None:
    """712.21c example (Otherworldly Journey): both cards return, as two permanents."""
    game = new_game()
    host = game.meld(
        game.add("Graf Rats", Zone.BATTLEFIELD), game.add("Midnight Scavengers", Zone.BATTLEFIELD)
    ).object
    back = game.blink(host)
    assert sorted(str(game.name_of(i)) for i in back.objects) == ["Graf Rats", "Midnight Scavengers"]
    assert all(game.obj(i).zone is Zone.BATTLEFIELD for i in back.objects)


@pytest.mark.rule("712.16", "712.15a", "712.17")
def test_face_down_and_up() -> None:
    game = new_game()
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD)
    assert game.turn_face_down(delver).rule == "712.16"
    spell = game.cast(1, game.add("Delver of Secrets", Zone.HAND), via="face_down").object
    assert game.name_of(spell) is None
    down = game.resolve().object
    assert game.obj(down).state.face_down
    up = game.turn_face_up(down)
    assert (up.rule, game.name_of(down)) == ("712.15a", "Delver of Secrets")
    exiled = game.exile_face_down(game.add("Insectile Aberration", Zone.HAND)).object
    assert game.view(2)["zones"]["exile"][-1] == {
        "hidden": True,
        "zone": "exile",
        "face_down": True,
        "id": exiled,
    }
    assert game.view(1)["zones"]["exile"][-1]["name"] is None  # no characteristics (406.3a)


@pytest.mark.rule("707.8a", "707.8")
def test_token_copies_and_copy_effects() -> None:
    game = new_game()
    deserter = game.add("Afflicted Deserter", Zone.BATTLEFIELD)
    token = game.create_token_copy(deserter).object
    assert game.obj(token).state.token is TokenKind.DOUBLE_FACED_TOKEN
    assert game.transform(token).happened
    clone = game.add("Clone", Zone.BATTLEFIELD)
    game.become_copy(clone, token)
    assert (game.name_of(clone), game.mana_value(clone)) == ("Werewolf Ransacker", 0)
    assert not game.transform(clone).happened
    gone = game.destroy(token)
    assert gone.objects == ()  # a token in a graveyard ceases to exist


@pytest.mark.rule("701.53a", "111.10i")
def test_incubator_token() -> None:
    game = new_game()
    incubator = game.create_token("Incubator", 1, counters=3).object
    assert game.transform(incubator).happened
    assert (game.name_of(incubator), game.power_toughness(incubator)) == ("Phyrexian Token", (3, 3))


@pytest.mark.rule("712.19")
def test_name_a_card() -> None:
    game = new_game()
    source = game.add("Elite Vanguard", Zone.BATTLEFIELD)
    game.choose_name(source, "Chittering Host")
    assert game.obj(source).chosen_name == "Chittering Host"
    with pytest.raises(IllegalActionError, match="712.19"):
        game.choose_name(source, "Delver of Secrets // Insectile Aberration")
    skull = game.cast(1, game.add("Shatterskull Smashing", Zone.HAND), x=1).object
    assert game.has_chosen_name(skull, "Shatterskull Smashing")
    assert not game.has_chosen_name(skull, "Shatterskull, the Hammer Pass")


@pytest.mark.rule("731.2a", "702.145c", "702.145b", "702.145d")
def test_day_and_night() -> None:
    game = new_game()
    designations = [game.day_night]
    cathar = game.put_onto_battlefield(game.add("Brutal Cathar", Zone.HAND)).object
    designations.append(game.day_night)  # at once, not at the next turn (702.145d)
    game.next_turn()  # no spells last turn: it becomes night (731.2a)
    designations.append(game.day_night)
    assert designations == [DayNight.NEITHER, DayNight.DAY, DayNight.NIGHT]
    assert game.name_of(cathar) == "Moonrage Brute"
    second = game.put_onto_battlefield(game.add("Brutal Cathar", Zone.HAND)).object
    assert game.name_of(second) == "Moonrage Brute"  # enters transformed at night (702.145b)
    assert not game.transform(cathar).happened  # 702.145e


@pytest.mark.rule("702.167a", "702.167c")
def test_craft() -> None:
    game = new_game()
    blade = game.add("Tithing Blade", Zone.BATTLEFIELD)
    material = game.add("Grizzly Bears", Zone.GRAVEYARD)
    crafted = game.craft(blade, [material])
    assert (crafted.happened, game.name_of(crafted.object)) == (True, "Consuming Sepulcher")
    assert len(game.obj(crafted.object).linked) == 1


@pytest.mark.rule("106.7", "106.12", "302.6")
def test_mana_abilities_of_the_face_up() -> None:
    game = new_game()
    game.agents[1] = ScriptedAgent([("pay PayLife<3>", True)])  # "you may pay 3 life" as it enters
    land = game.play_land(1, game.add("Shatterskull Smashing", Zone.HAND), face=1).object
    assert game.life[1] == 17 and not game.obj(land).tapped
    assert game.could_produce(land) == {"R"}
    produced = game.activate_mana_ability(land)
    assert produced.notes == ("tapped for mana",) and game.mana_pool[1] == ["R"]
    with pytest.raises(IllegalActionError, match="107.5"):
        game.activate_mana_ability(land)


@pytest.mark.rule("106.7")
def test_exotic_orchard_could_produce_what_opponents_lands_could() -> None:
    game = new_game()
    mine = game.add("Exotic Orchard", Zone.BATTLEFIELD, player=1)
    assert game.could_produce(mine) == frozenset()  # no opponent lands (106.7 example)
    game.add("Exotic Orchard", Zone.BATTLEFIELD, player=2)
    assert game.could_produce(mine) == frozenset()
    game.add("Brightclimb Pathway", Zone.BATTLEFIELD, player=2)
    assert game.could_produce(mine) == {"W"}


@pytest.mark.rule("607.1b", "712.18")
def test_gwen_stacy_linked_card_stays_playable_after_she_transforms() -> None:
    """Spider-Man release notes: transforming Gwen Stacy doesn't make her leave the
    battlefield, so the card she exiled can still be played."""
    game = new_game()
    gwen = game.add("Gwen Stacy", Zone.BATTLEFIELD)
    exiled = game.move(game.add("Delver of Secrets", Zone.LIBRARY), Zone.EXILE).object
    game.link(gwen, exiled)
    game.transform(gwen)
    assert game.name_of(gwen) == "Ghost-Spider"
    spell = game.cast(1, exiled, linked_to=gwen)
    assert game.obj(spell.object).zone is Zone.STACK
    other = game.move(game.add("Elite Vanguard", Zone.LIBRARY), Zone.EXILE).object
    game.link(gwen, other)
    game.bounce(gwen)  # she leaves: a new object; the permission ended
    with pytest.raises(IllegalActionError):
        game.cast(1, other, linked_to=gwen)


def test_a_failing_action_leaves_the_game_unchanged() -> None:
    """An action that fails half-way (craft exiles its first material, then finds the
    second is gone) is undone as a whole: the game is exactly as before."""
    game = new_game()
    blade = game.add("Tithing Blade", Zone.BATTLEFIELD)
    material = game.add("Grizzly Bears", Zone.GRAVEYARD)
    before = (dict(game.objects), {k: list(v) for k, v in game.zones.items()}, len(game.log), game.view(1))
    with pytest.raises(IllegalActionError, match="400.7"):
        game.craft(blade, [material, 12345])
    assert (
        dict(game.objects),
        {k: list(v) for k, v in game.zones.items()},
        len(game.log),
        game.view(1),
    ) == before
    game.verify()


@pytest.mark.rule("707.10g", "111.10i")
def test_a_copy_of_a_dfc_spell_resolves_into_a_double_faced_token() -> None:
    """Regression: resolving a copied spell crashed, because taking the copy off the stack
    deleted its token card before it could arrive on the battlefield."""
    game = new_game()
    spell = game.cast(1, game.add("Delver of Secrets", Zone.HAND)).object
    copy = game.copy_spell(spell).objects[0]
    assert game.zones[(None, Zone.STACK)][-1] == copy
    token = game.resolve().object
    assert game.obj(token).zone is Zone.BATTLEFIELD
    assert game.obj(token).state.token is TokenKind.DOUBLE_FACED_TOKEN
    assert game.transform(token).happened and game.name_of(token) == "Insectile Aberration"
    original = game.resolve().object
    assert game.obj(original).state.token is TokenKind.NONE


@pytest.mark.rule("712.15")
def test_only_the_owner_casts_a_card_face_down_from_their_hand() -> None:
    """Regression: a face-down cast (morph, disguise) was allowed from any zone."""
    game = new_game()
    for zone, player in ((Zone.GRAVEYARD, 1), (Zone.EXILE, 1), (Zone.HAND, 2)):
        card = game.add("Delver of Secrets", zone, player)
        with pytest.raises(IllegalActionError):
            game.cast(1, card, via="face_down")
    assert game.cast(1, game.add("Delver of Secrets", Zone.HAND), via="face_down").happened
