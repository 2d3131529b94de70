"""Copy effects played through the game loop by the cards' own scripts: Mirror Image,
Spark Double and Moritte of the Frost entering as copies (707.5, 614.1c), with the
copies' exceptions (707.9b); Cytoshape's copy until end of turn (514.2); Reflection of
Kiki-Jiki's token copies with Doubling Season (614.1a, 603.7); changeling (702.73a)."""

from __future__ import annotations

import pytest
from play_support import all_answered, lands, names, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone

YES = ("apply the replacement", True)


def _main_phase(*answers: tuple[str, object]) -> Game:
    game = played_game(list(answers))
    game.start(hand=0)
    game.pass_until("main1")
    return game


def _cast(game: Game, player: int, name: str, mana: tuple[str, ...], x: int = 0) -> None:
    for land in mana:
        lands(game, player, land, 1)
    card = game.add(name, Zone.HAND, player)
    game.cast_spell(player, card, x=x)
    game.resolve_stack()


def _named(game: Game, name: str) -> list[int]:
    return [o.id for o in game.battlefield() if game.name_of(o.id) == name]


@pytest.mark.rule("707.5", "603.6a", "614.1c")
def test_mirror_image_enters_as_huntmaster_and_its_trigger_triggers() -> None:
    """Mirror Image ruling: "Any enters-the-battlefield abilities of the copied creature
    will trigger when Mirror Image enters the battlefield." Huntmaster of the Fells'
    "When this creature enters, create a 2/2 green Wolf token and you gain 2 life"."""
    game = _main_phase(YES)
    game.add("Huntmaster of the Fells", Zone.BATTLEFIELD, 1)
    _cast(game, 1, "Mirror Image", ("Island",) * 3)
    assert len(_named(game, "Huntmaster of the Fells")) == 2
    assert _named(game, "Wolf Token") and game.life[1] == 22
    declined = _main_phase(("apply the replacement", False))
    declined.add("Huntmaster of the Fells", Zone.BATTLEFIELD, 1)
    _cast(declined, 1, "Mirror Image", ("Island",) * 3)
    assert not _named(declined, "Wolf Token") and declined.life[1] == 20
    assert names(declined, Zone.GRAVEYARD, 1) == ["Mirror Image"]  # a 0/0 (704.5f)


@pytest.mark.rule("707.5", "614.12")
def test_mirror_image_copies_only_what_is_already_there() -> None:
    """Ghostly Flicker returns Mirror Image and Grizzly Bears at the same time: Mirror
    Image can't copy the Bears (614.12). Alone, it enters as itself, a 0/0 (the
    replacement can't apply: nothing to copy, so it isn't offered); with Elite
    Vanguard already there, that is its only choice (it is not asked: an engine that
    offered the Bears too would ask, and the scripted agent has no answer)."""
    for extra in ((), ("Elite Vanguard",)):
        game = _main_phase()
        bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
        for name in extra:
            game.add(name, Zone.BATTLEFIELD, 1)
        script(game, 1, YES, *([("a permanent", bears)] if extra else []))
        _cast(game, 1, "Mirror Image", ("Island",) * 3)
        image = next(i for i in _named(game, "Grizzly Bears") if i != bears)
        lands(game, 1, "Island", 3)
        flicker = game.add("Ghostly Flicker", Zone.HAND, 1)
        # the Bears return first; with nothing to copy Mirror Image's "you may" isn't asked
        script(game, 1, ("targets", [("o", bears), ("o", image)]), *([YES] if extra else []))
        game.cast_spell(1, flicker)
        game.resolve_stack()
        assert len(_named(game, "Grizzly Bears")) == 1 and all_answered(game)
        if extra:
            assert len(_named(game, "Elite Vanguard")) == 2
        else:
            assert names(game, Zone.GRAVEYARD, 1) == ["Ghostly Flicker", "Mirror Image"]


@pytest.mark.rule("707.9b", "614.1c", "306.5b")
def test_spark_double_counters_follow_what_it_enters_as() -> None:
    """Spark Double copying a creature enters with an additional +1/+1 counter; copying
    a planeswalker, with its printed loyalty plus one (306.5b, 707.9b)."""
    game = _main_phase(YES)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    _cast(game, 1, "Spark Double", ("Island",) * 4)
    double = [i for i in _named(game, "Grizzly Bears") if game.obj(i).counter("P1P1")]
    assert len(double) == 1 and game.power_toughness(double[0]) == (3, 3)
    assert game.obj(double[0]).counter("LOYALTY") == 0


@pytest.mark.rule("707.9b", "704.5j")
def test_spark_double_is_not_legendary_and_passes_it_on() -> None:
    """Spark Double copying a legendary creature isn't legendary, and neither is a
    Clone that copies the Spark Double (707.9b): no legend rule (704.5j)."""
    game = _main_phase()
    gisela = game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    script(game, 1, YES, ("a permanent", gisela))
    _cast(game, 1, "Spark Double", ("Island",) * 4)
    double = next(i for i in _named(game, "Gisela, the Broken Blade") if i != gisela)
    script(game, 1, YES, ("a permanent", double))
    _cast(game, 1, "Clone", ("Island",) * 4)
    copies = _named(game, "Gisela, the Broken Blade")
    assert len(copies) == 3
    assert [game.has_type(i, "Legendary") for i in copies].count(True) == 1
    assert game.has_type(gisela, "Legendary")


@pytest.mark.rule("707.9b", "704.5j", "702.73a")
def test_moritte_is_legendary_snow_with_two_counters() -> None:
    """Moritte copying Grizzly Bears is a legendary snow Grizzly Bears with two +1/+1
    counters and changeling; the two Bears both stay (704.5j needs two legendary)."""
    game = _main_phase()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.add("Forest", Zone.BATTLEFIELD, 1)
    script(game, 1, YES, ("a permanent", bears))
    _cast(game, 1, "Moritte of the Frost", ("Island", "Island", "Forest", "Forest"))
    moritte = next(i for i in _named(game, "Grizzly Bears") if i != bears)
    assert game.has_type(moritte, "Legendary") and game.has_type(moritte, "Snow")
    assert game.power_toughness(moritte) == (4, 4) and game.has_type(moritte, "Elf")
    assert not game.has_type(bears, "Legendary") and not game.has_type(bears, "Elf")
    game.state_based_actions()
    assert len(_named(game, "Grizzly Bears")) == 2


@pytest.mark.rule("702.73a", "604.3")
def test_changeling_is_every_creature_type_in_every_zone() -> None:
    """Changeling works in every zone: Moritte in a hand and a library is an Elf and a
    Shapeshifter, but never a card type or a land type."""
    game = _main_phase()
    in_hand = game.add("Moritte of the Frost", Zone.HAND, 1)
    in_library = game.add("Moritte of the Frost", Zone.LIBRARY, 1)
    for found in (in_hand, in_library):
        assert game.has_type(found, "Elf") and game.has_type(found, "Time Lord")
        assert not game.has_type(found, "Forest") and not game.has_type(found, "Artifact")
    assert not game.has_type(game.add("Grizzly Bears", Zone.HAND, 1), "Elf")


@pytest.mark.rule("514.2", "115.1", "707.2")
def test_cytoshape_copy_ends_in_cleanup() -> None:
    """Cytoshape: "Choose a nonlegendary creature on the battlefield. Target creature
    becomes a copy of that creature until end of turn." The chosen creature isn't
    targeted (it may have shroud, 702.18a); the copy ends in cleanup (514.2)."""
    game = _main_phase()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    vanguard = game.add("Elite Vanguard", Zone.BATTLEFIELD, 2)
    script(game, 1, ("targets", [("o", bears)]), ("cards to choose", [vanguard]))
    _cast(game, 1, "Cytoshape", ("Forest", "Island", "Island"))
    assert game.name_of(bears) == "Elite Vanguard" and game.power_toughness(bears) == (2, 1)
    game.pass_until("upkeep", turn=2)
    assert game.name_of(bears) == "Grizzly Bears" and game.power_toughness(bears) == (2, 2)


@pytest.mark.rule("614.1a", "111.1")
def test_doubling_season_doubles_only_its_controllers_tokens() -> None:
    """Doubling Season: "If an effect would create one or more tokens under your
    control, it creates twice that many of those tokens instead." Huntmaster's Wolf."""
    game = _main_phase()
    game.add("Doubling Season", Zone.BATTLEFIELD, 1)
    game.add("Huntmaster of the Fells", Zone.LIBRARY, 1)
    _cast(game, 1, "Huntmaster of the Fells", ("Forest", "Forest", "Mountain", "Mountain"))
    assert len(_named(game, "Wolf Token")) == 2
    game.pass_until("main1", turn=2)
    _cast(game, 2, "Huntmaster of the Fells", ("Forest", "Forest", "Mountain", "Mountain"))
    assert (
        len([o for o in game.battlefield() if o.controller == 2 and game.name_of(o.id) == "Wolf Token"]) == 1
    )


@pytest.mark.rule("603.7", "614.1a", "707.2")
def test_reflection_token_copy_with_doubling_season_is_sacrificed() -> None:
    """Reflection of Kiki-Jiki's copy of Huntmaster, doubled by Doubling Season: two
    hasty tokens, each with Huntmaster's enters trigger, each sacrificed at the
    beginning of the next end step (603.7); Endless One's copy has X = 0 (707.2)."""
    game = _main_phase()
    reflection = game.add("Fable of the Mirror-Breaker", Zone.BATTLEFIELD, 1, up=Side.BACK)
    hunt = game.add("Huntmaster of the Fells", Zone.BATTLEFIELD, 1)
    game.add("Doubling Season", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Mountain", 1)
    script(game, 1, ("order of your triggered", [0, 1]))  # the only target: not asked
    game.apply(1, Activate(reflection, 0))
    game.resolve_stack()
    tokens = [i for i in _named(game, "Huntmaster of the Fells") if i != hunt]
    assert len(tokens) == 2 and all(game.has_keyword(i, "Haste") for i in tokens)
    assert len(_named(game, "Wolf Token")) == 4 and game.life[1] == 24  # 2 triggers, doubled wolves
    game.pass_until("end")
    game.resolve_stack()
    assert _named(game, "Huntmaster of the Fells") == [hunt]


@pytest.mark.rule("707.2", "202.3e")
def test_copy_of_endless_one_has_x_zero() -> None:
    """Endless One cast with X = 3 enters with three +1/+1 counters; Reflection of
    Kiki-Jiki's token copy of it has X = 0: no counters, a 0/0 that dies (704.5f)."""
    game = _main_phase()
    reflection = game.add("Fable of the Mirror-Breaker", Zone.BATTLEFIELD, 1, up=Side.BACK)
    _cast(game, 1, "Endless One", ("Mountain",) * 3, x=3)
    endless = _named(game, "Endless One")
    assert len(endless) == 1 and game.power_toughness(endless[0]) == (3, 3)
    lands(game, 1, "Mountain", 1)
    game.apply(1, Activate(reflection, 0))
    game.resolve_stack()
    assert _named(game, "Endless One") == endless


@pytest.mark.rule("707.9f", "707.2", "702.73a")
def test_moritte_copying_an_animated_land_is_no_creature() -> None:
    """Moritte ruling: if it copies a permanent that's a creature only by another
    effect (Blinkmoth Nexus animated by its own ability), it enters as a noncreature
    permanent: no +1/+1 counters and no changeling, but legendary and snow."""
    game = _main_phase()
    nexus = game.add("Blinkmoth Nexus", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Island", 1)
    game.apply(1, Activate(nexus, 1))
    game.resolve_stack()
    assert game.has_type(nexus, "Creature") and game.power_toughness(nexus) == (1, 1)
    script(game, 1, YES, ("a permanent", nexus))
    _cast(game, 1, "Moritte of the Frost", ("Island", "Island", "Forest", "Forest", "Forest"))
    moritte = next(i for i in _named(game, "Blinkmoth Nexus") if i != nexus)
    assert not game.has_type(moritte, "Creature") and game.has_type(moritte, "Land")
    assert game.obj(moritte).counters == () and not game.has_type(moritte, "Elf")
    assert game.has_type(moritte, "Legendary") and game.has_type(moritte, "Snow")
    assert not game.has_keyword(moritte, "Changeling") and all_answered(game)


@pytest.mark.rule("702.73a", "604.3")
def test_changeling_cards_are_elves_for_the_cards_that_ask() -> None:
    """Sylvan Messenger reveals Moritte in the library and puts it into the hand as an
    Elf card; Imperious Perfect gives Moritte (a copy of Grizzly Bears with changeling)
    +1/+1 as another Elf, and not the original Bears."""
    game = _main_phase()
    game.add("Moritte of the Frost", Zone.LIBRARY, 1)
    _cast(game, 1, "Sylvan Messenger", ("Forest",) * 4)
    assert names(game, Zone.HAND, 1) == ["Moritte of the Frost"]
    game.add("Imperious Perfect", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    script(game, 1, YES, ("a permanent", bears))
    moritte = next(o.id for o in game.in_zone(Zone.HAND, 1))
    lands(game, 1, "Island", 2)
    lands(game, 1, "Forest", 3)
    game.cast_spell(1, moritte)
    game.resolve_stack()
    copy = next(i for i in _named(game, "Grizzly Bears") if i != bears)
    assert game.power_toughness(copy) == (5, 5) and game.power_toughness(bears) == (2, 2)


@pytest.mark.rule("614.1a", "122.1")
def test_doubling_season_doubles_counters_an_effect_puts() -> None:
    """Doubling Season: "If an effect would put one or more counters on a permanent you
    control, it puts twice that many of those counters on that permanent instead."
    Endless One cast with X = 2 enters with four; the opponent's with two."""
    game = _main_phase()
    game.add("Doubling Season", Zone.BATTLEFIELD, 1)
    _cast(game, 1, "Endless One", ("Mountain",) * 2, x=2)
    game.pass_until("main1", turn=2)
    _cast(game, 2, "Endless One", ("Mountain",) * 2, x=2)
    mine, theirs = (
        next(o for o in game.battlefield() if o.controller == p and game.name_of(o.id) == "Endless One")
        for p in (1, 2)
    )
    assert mine.counter("P1P1") == 4 and theirs.counter("P1P1") == 2


@pytest.mark.rule("614.12", "707.9b")
def test_spark_double_with_nothing_to_copy_gets_no_counter() -> None:
    """Spark Double's +1/+1 counter is part of entering as a copy: with no creature or
    planeswalker of its controller's to copy, it enters as a 0/0 Spark Double and dies."""
    game = _main_phase()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)  # the opponent's: not a choice
    _cast(game, 1, "Spark Double", ("Island",) * 4)
    assert names(game, Zone.GRAVEYARD, 1) == ["Spark Double"] and all_answered(game)


@pytest.mark.rule("707.9f", "306.5b", "707.9b")
def test_spark_double_copying_gideon_on_your_turn_gets_both_counters() -> None:
    """Gideon Blackblade: "As long as it's your turn, Gideon Blackblade is a 4/4 Human
    Soldier creature with indestructible that's still a planeswalker." Spark Double
    copying it during your turn enters as a planeswalker creature: a +1/+1 counter and
    five loyalty; on the opponent's turn Gideon isn't a creature."""
    game = _main_phase()
    gideon = game.add("Gideon Blackblade", Zone.BATTLEFIELD, 1)
    game.add_counters(gideon, "LOYALTY", 4)
    assert game.has_type(gideon, "Creature") and game.power_toughness(gideon) == (4, 4)
    script(game, 1, YES)
    _cast(game, 1, "Spark Double", ("Island",) * 4)
    double = next(i for i in _named(game, "Gideon Blackblade") if i != gideon)
    assert dict(game.obj(double).counters) == {"LOYALTY": 5, "P1P1": 1}
    assert game.power_toughness(double) == (5, 5) and not game.has_type(double, "Legendary")
    game.pass_until("upkeep", turn=2)
    assert not game.has_type(gideon, "Creature") and game.power_toughness(gideon) == (None, None)


def _moritte_bears(game: Game) -> tuple[int, int]:
    """Moritte cast as a copy of Grizzly Bears (legendary, snow, changeling, 4/4)."""
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Island", 2)
    lands(game, 1, "Forest", 3)
    script(game, 1, YES, ("a permanent", bears))
    game.cast_spell(1, game.add("Moritte of the Frost", Zone.HAND, 1))
    game.resolve_stack()
    return bears, next(i for i in _named(game, "Grizzly Bears") if i != bears)


@pytest.mark.rule("702.73a", "613.1d", "205.1a")
def test_changeling_overwritten_by_a_new_type() -> None:
    """Moritte ruling: "If an effect causes a creature with changeling to become a new
    creature type, it will be only that new creature type. It will still have
    changeling." Imagecrafter makes the changeling Bears a Frog until end of turn."""
    game = _main_phase()
    crafter = game.add("Imagecrafter", Zone.BATTLEFIELD, 1)
    _bears, copy = _moritte_bears(game)
    assert game.has_type(copy, "Elf") and game.has_type(copy, "Bear")
    script(game, 1, ("targets", [("o", copy)]), ("a creature type", "Frog"))
    game.apply(1, Activate(crafter, 0))
    game.resolve_stack()
    assert game.has_type(copy, "Frog") and not game.has_type(copy, "Elf") and not game.has_type(copy, "Bear")
    assert game.has_keyword(copy, "Changeling") and game.has_type(copy, "Creature")
    game.pass_until("upkeep", turn=2)  # the effect ended (514.2): every creature type again
    assert game.has_type(copy, "Elf") and game.has_type(copy, "Bear") and game.has_type(copy, "Frog")


@pytest.mark.rule("702.73a", "613.1f", "613.3")
def test_changeling_kept_when_abilities_are_lost() -> None:
    """Moritte ruling: "If an effect causes a creature with changeling to lose all
    abilities, it will remain all creature types, even though it will no longer have
    changeling." Ovinize: it loses all abilities and is a 0/1 until end of turn."""
    game = _main_phase()
    game.add("Imperious Perfect", Zone.BATTLEFIELD, 1)
    _bears, copy = _moritte_bears(game)
    assert game.power_toughness(copy) == (5, 5)
    lands(game, 1, "Island", 2)
    script(game, 1, ("targets", [("o", copy)]))
    game.cast_spell(1, game.add("Ovinize", Zone.HAND, 1))
    game.resolve_stack()
    assert not game.has_keyword(copy, "Changeling") and game.has_type(copy, "Elf")
    assert game.power_toughness(copy) == (3, 4)  # base 0/1, two counters, the Elf anthem
