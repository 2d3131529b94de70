"""At least one engine sequence per ruling file in ../shared/rulings/, each quoting the
ruling it plays out. (The conformance suite replays every ruling as data; these are the
engine's own tests.)"""

from __future__ import annotations

import pytest
from engine_support import new_game

from dfc_plugin.editions import EDITION_2022
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import Side, TokenKind, Zone


def test_delver_of_secrets_transforms_into_insectile_aberration() -> None:
    """delver-of-secrets.md: Delver's trigger transforms it; Insectile Aberration keeps
    Delver's mana value (202.3b) and has its colour indicator."""
    game = new_game()
    delver = game.add("Delver of Secrets", Zone.BATTLEFIELD)
    game.transform(delver)
    shown = game.characteristics(delver)
    assert (shown.name, shown.colors, game.mana_value(delver)) == ("Insectile Aberration", ("U",), 1)


def test_beloved_beggar_copy_of_a_disturbed_spell() -> None:
    """beloved-beggar.md [2021-09-24]: "If you copy a permanent spell cast this way (perhaps
    with a card like Double Major), the copy becomes a token that's a copy of the card's back
    face, even though it isn't itself a double-faced card." That held until 2023; under the
    current rules the copy is a double-faced spell that becomes a double-faced token
    (707.10g)."""
    old = new_game(EDITION_2022)
    spell = old.cast(1, old.add("Beloved Beggar", Zone.GRAVEYARD), via="disturb").object
    copy = old.rules.copy_spell(old.obj(spell).state)
    assert (copy.token, old.rules.characteristics(copy).name) == (TokenKind.TOKEN, "Generous Soul")
    game = new_game()
    spell = game.cast(1, game.add("Beloved Beggar", Zone.GRAVEYARD), via="disturb").object
    assert game.rules.copy_spell(game.obj(spell).state).token is TokenKind.DOUBLE_FACED_TOKEN


def test_brutal_cathar_spell_cast_at_night() -> None:
    """brutal-cathar.md: "If you cast a spell with daybound during night, that spell will be
    front face up ... However, it will enter the battlefield with its back face up.\""""
    game = new_game()
    game.set_day_night(DayNight.NIGHT)
    spell = game.cast(1, game.add("Brutal Cathar", Zone.HAND)).object
    assert game.obj(spell).state.up is Side.FRONT
    landed = game.resolve().object
    assert game.name_of(landed) == "Moonrage Brute"


def test_brutal_cathar_moonmist_doesnt_transform_daybound() -> None:
    """brutal-cathar.md: "older cards such as Moonmist that instruct a player to transform
    permanents don't affect permanents with daybound or nightbound.\""""
    game = new_game()
    cathar = game.add("Brutal Cathar", Zone.BATTLEFIELD)
    assert not game.transform(cathar).happened
    assert game.name_of(cathar) == "Brutal Cathar"


def test_copy_effects_cytoshape_on_kruin_outlaw_then_moonmist() -> None:
    """copy-effects file, CR 712.9 example: Kruin Outlaw copying Elite Vanguard transforms
    (it is a DFC) and is still a copy of Elite Vanguard."""
    game = new_game()
    outlaw = game.add("Kruin Outlaw", Zone.BATTLEFIELD)
    game.become_copy(outlaw, game.add("Elite Vanguard", Zone.BATTLEFIELD))
    assert game.transform(outlaw).happened
    assert (game.name_of(outlaw), game.obj(outlaw).state.up) == ("Elite Vanguard", Side.BACK)


def test_esika_put_onto_the_battlefield_front_face_up() -> None:
    """esika-god-of-the-tree.md: "If you reveal a double-faced card whose front face is a
    creature or planeswalker, you'll put it onto the battlefield with its front face up.\""""
    game = new_game()
    valki = game.add("Valki, God of Lies", Zone.LIBRARY)
    entered = game.put_onto_battlefield(
        valki, fits=lambda c: c.type_line.has("Creature") or c.type_line.has("Planeswalker")
    )
    assert (game.name_of(entered.object), game.obj(entered.object).state.up) == (
        "Valki, God of Lies",
        Side.FRONT,
    )


def test_gisela_brisela_mana_value_and_x() -> None:
    """gisela-bruna-brisela.md: Brisela's mana value is the sum of the fronts; "For spells
    with {X} in their mana costs, use the value chosen for X": Burn from Within with X=3
    has mana value 4 on the stack."""
    game = new_game()
    brisela = game.meld(
        game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD),
        game.add("Bruna, the Fading Light", Zone.BATTLEFIELD),
    )
    assert (game.name_of(brisela.object), game.mana_value(brisela.object)) == (
        "Brisela, Voice of Nightmares",
        4 + 7,
    )
    burn = game.cast(2, game.add("Burn from Within", Zone.HAND, player=2), x=3).object
    assert game.mana_value(burn) == 4


def test_graf_rats_x_in_a_graveyard_is_zero() -> None:
    """graf-rats file: "If a card in a player's graveyard has {X} in its mana cost, X is
    considered to be 0.\""""
    game = new_game()
    burn = game.add("Burn from Within", Zone.GRAVEYARD)
    assert game.mana_value(burn) == 1


def test_hanweir_meld_a_land_and_a_creature() -> None:
    """hanweir file: Hanweir Battlements (a land) and Hanweir Garrison meld into Hanweir,
    the Writhing Township, a creature."""
    game = new_game()
    township = game.meld(
        game.add("Hanweir Battlements", Zone.BATTLEFIELD), game.add("Hanweir Garrison", Zone.BATTLEFIELD)
    )
    shown = game.characteristics(township.object)
    assert (shown.name, shown.type_line.has("Creature"), shown.type_line.is_land) == (
        "Hanweir, the Writhing Township",
        True,
        False,
    )


def test_fable_saga_exiled_and_returned_transformed_is_a_new_object() -> None:
    """neo-fable file: Fable's chapter III exiles it, then returns it transformed; the
    returned Reflection of Kiki-Jiki is a new object with its back face up."""
    game = new_game()
    fable = game.add("Fable of the Mirror-Breaker", Zone.BATTLEFIELD)
    exiled = game.exile(fable).object
    reflection = game.put_onto_battlefield(exiled, transformed=True).object
    assert reflection != fable and game.name_of(reflection) == "Reflection of Kiki-Jiki"
    assert game.mana_value(reflection) == 3


def test_fable_token_copy_of_a_copy() -> None:
    """neo-fable file: "If a copied creature is copying something else, the token you
    create will use the copiable values of the target creature.\""""
    game = new_game()
    clone = game.add("Clone", Zone.BATTLEFIELD)
    game.become_copy(clone, game.add("Grizzly Bears", Zone.BATTLEFIELD))
    token = game.create_token_copy(clone).object
    assert game.name_of(token) == "Grizzly Bears"


def test_search_for_azcanta_transforms_into_a_land_that_taps_for_blue() -> None:
    game = new_game()
    search = game.add("Search for Azcanta", Zone.BATTLEFIELD)
    assert game.could_produce(search) == frozenset()
    game.transform(search)
    assert "U" in game.could_produce(search)


def test_shatterskull_legal_to_play_uses_only_that_face() -> None:
    """shatterskull-smashing.md: "To determine whether it is legal to play a modal
    double-faced card, consider only the characteristics of the face you're playing.\""""
    game = new_game()
    land = game.play_land(
        1, game.add("Shatterskull Smashing", Zone.HAND), face="Shatterskull, the Hammer Pass"
    )
    assert game.characteristics(land.object).type_line.is_land


def test_ulrich_transforms_and_back() -> None:
    game = new_game()
    ulrich = game.add("Ulrich of the Krallenhorde", Zone.BATTLEFIELD)
    game.transform(ulrich)
    assert game.name_of(ulrich) == "Ulrich, Uncontested Alpha"
    game.transform(ulrich)
    assert game.name_of(ulrich) == "Ulrich of the Krallenhorde"


def test_valki_cast_only_what_an_effect_allows() -> None:
    """valki-god-of-lies.md: "If an effect allows you to cast (rather than "play") a
    specific modal double-faced card, you can't play it as a land.\""""
    game = new_game()
    emeria = game.add("Emeria's Call", Zone.EXILE)
    with pytest.raises(Exception, match="712.11c"):
        game.play_land(1, emeria, fits=lambda c: False)
    spell = game.cast(1, emeria, fits=lambda c: True)
    assert game.name_of(spell.object) == "Emeria's Call"


def test_urza_and_the_mightstone_meld() -> None:
    """GAPS file: Urza, Lord Protector and The Mightstone and Weakstone meld into Urza,
    Planeswalker; its mana value is the sum of the front faces' (712.8g)."""
    game = new_game()
    urza = game.meld(
        game.add("Urza, Lord Protector", Zone.BATTLEFIELD),
        game.add("The Mightstone and Weakstone", Zone.BATTLEFIELD),
    )
    assert game.name_of(urza.object) == "Urza, Planeswalker"
    assert game.mana_value(urza.object) == 3 + 5


def test_eldritch_moon_release_notes_melded_permanent_bounced() -> None:
    """Eldritch Moon release notes: a melded permanent returned to its owner's hand is two
    cards, each a new object with its front face."""
    game = new_game()
    host = game.meld(
        game.add("Graf Rats", Zone.BATTLEFIELD), game.add("Midnight Scavengers", Zone.BATTLEFIELD)
    ).object
    back = game.bounce(host)
    assert sorted(str(game.name_of(i)) for i in back.objects) == ["Graf Rats", "Midnight Scavengers"]
    assert all(game.obj(i).zone is Zone.HAND for i in back.objects)


def test_midnight_hunt_release_notes_neither_day_nor_night_then_both_appear() -> None:
    """Midnight Hunt release notes: "If it's neither day nor night, and a creature with
    daybound and a creature with nightbound somehow appear ... it becomes day. The creature
    with nightbound will transform.\""""
    game = new_game()
    cathar = game.add("Brutal Cathar", Zone.BATTLEFIELD)
    brute = game.add("Moonrage Brute", Zone.BATTLEFIELD)
    game.set_day_night(DayNight.NEITHER)
    assert game.day_night is DayNight.DAY
    assert (game.name_of(cathar), game.name_of(brute)) == ("Brutal Cathar", "Brutal Cathar")


def test_zendikar_rising_release_notes_mdfc_mana_value_by_zone() -> None:
    """Zendikar Rising release notes: the mana value of a modal DFC is that of the face
    considered: on the stack or battlefield the face up, elsewhere the front."""
    game = new_game()
    esika = game.add("Esika, God of the Tree", Zone.HAND)
    assert game.mana_value(esika) == 3
    bridge = game.cast(1, esika, face="The Prismatic Bridge").object
    assert game.mana_value(bridge) == 5
