"""Costs, damage and casting rules the conformance scenarios of issue 14 play: dividing
damage as a spell is cast (601.2d, 608.2b), ``Count$Compare`` amounts, and the other
engine pieces those scenarios drive, each played through the game loop with the real
card scripts."""

from __future__ import annotations

import pytest
from play_support import lands, library, played_game, script

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game, GameObject
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Activate, Cast
from dfc_plugin.state import Side, Zone


def _smashing(x: int, division: list[int]) -> tuple[Game, int, int, int]:
    """Player 1 casts Shatterskull Smashing with X = ``x`` at Bruna and Esika,
    announcing ``division`` (the first target's share, then the rest)."""
    game = played_game()
    smash = game.add("Shatterskull Smashing", Zone.HAND, 1)
    bruna = game.add("Bruna, the Fading Light", Zone.BATTLEFIELD, 2)
    esika = game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 2)
    lands(game, 1, "Mountain", x + 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    answers: list[tuple[str, object]] = [("targets for Shatterskull Smashing", [("o", bruna), ("o", esika)])]
    answers += [("divide: how much to", share) for share in division]
    script(game, 1, *answers)
    game.cast_spell(1, smash, face=0, x=x)
    return game, smash, bruna, esika


@pytest.mark.rule("601.2d")
def test_shatterskull_divides_as_it_is_cast() -> None:
    """601.2d: the player announces the division as the spell is cast; "Each of these
    targets must receive at least one of whatever is being divided." """
    game, _, bruna, esika = _smashing(3, [2])
    assert game.stack_items[-1].ctx is not None
    assert game.stack_items[-1].ctx.cost_paid["divided"] == {0: {("o", bruna): 2, ("o", esika): 1}}
    game.resolve_stack()
    assert game.damage.get(bruna) == 2 and game.obj(esika).zone is Zone.BATTLEFIELD
    assert game.damage.get(esika) == 1
    with pytest.raises(IllegalActionError, match="601.2d"):
        _smashing(3, [3])  # Esika would get nothing
    with pytest.raises(IllegalActionError, match="601.2d"):
        _smashing(3, [0])


@pytest.mark.rule("601.2d", "107.3")
def test_shatterskull_divides_twice_x_from_six() -> None:
    """ "If X is 6 or more, Shatterskull Smashing deals twice X damage divided as you
    choose among them instead": X = 6 divides 12 (Count$Compare X GE6.DoubledX.X)."""
    game, _, bruna, esika = _smashing(6, [6])
    assert game.stack_items[-1].ctx is not None
    assert game.stack_items[-1].ctx.cost_paid["divided"][0] == {("o", bruna): 6, ("o", esika): 6}
    five, _, bruna5, esika5 = _smashing(5, [3])
    assert five.stack_items[-1].ctx is not None
    assert five.stack_items[-1].ctx.cost_paid["divided"][0] == {("o", bruna5): 3, ("o", esika5): 2}


@pytest.mark.rule("608.2b")
def test_an_illegal_target_keeps_the_division() -> None:
    """608.2b: the spell doesn't deal the illegal target's share to the legal one."""
    game, _, bruna, esika = _smashing(3, [1])
    game.move(esika, Zone.HAND)  # Esika's share (2) is not dealt at all
    game.resolve_stack()
    assert game.damage.get(bruna) == 1


def _bridge(library_cards: tuple[str, ...]) -> tuple[Game, int]:
    game = played_game(library_cards=library_cards)
    bridge = game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.start(hand=0)  # turn 1's upkeep: The Prismatic Bridge's trigger waits
    assert game.name_of(bridge) == "The Prismatic Bridge" and len(game.stack_items) == 1
    return game, bridge


@pytest.mark.rule("701.20a", "603.2")
def test_prismatic_bridge_reveals_until_a_creature() -> None:
    """ "At the beginning of your upkeep, reveal cards from the top of your library
    until you reveal a creature or planeswalker card. Put that card onto the
    battlefield and the rest on the bottom of your library in a random order." """
    # The library, bottom to top: Island, Grizzly Bears, Forest, Mountain.
    game, _ = _bridge(("Island", "Grizzly Bears", "Forest", "Mountain"))
    game.resolve_stack()
    on_battlefield = [game.name_of(o.id) for o in game.battlefield() if o.controller == 1]
    assert "Grizzly Bears" in on_battlefield
    library = [str(game.name_of(i)) for i in game.owner_zone_ids(1, Zone.LIBRARY)]
    # The Island was never revealed: it is on top now, the two revealed lands under it.
    assert library[-1] == "Island" and sorted(library[:2]) == ["Forest", "Mountain"]


@pytest.mark.rule("701.20a", "401.4")
def test_prismatic_bridge_finds_nothing() -> None:
    """Esika ruling: "if there are no creature or planeswalker cards in your library,
    you'll simply reveal your entire library, randomize it, and continue playing." """
    cards = ("Island", "Forest", "Mountain", "Plains", "Swamp", "Island", "Forest", "Mountain")
    game, _ = _bridge(cards)
    before = [str(game.name_of(i)) for i in game.owner_zone_ids(1, Zone.LIBRARY)]
    game.resolve_stack()
    after = [str(game.name_of(i)) for i in game.owner_zone_ids(1, Zone.LIBRARY)]
    assert sorted(after) == sorted(before) and after != before  # all of it, in a new order
    assert not game.stack_items and len(game.battlefield()) == 1
    assert any("revealed their whole library" in str(e) for e in game.log)


def _commander_game(edition: str = "current") -> tuple[Game, int]:
    from dfc_plugin.editions import edition_named

    game = played_game()
    game.edition = edition_named(edition)
    ulrich = game.add("Ulrich of the Krallenhorde", Zone.COMMAND, 1)
    game.designate_commander(ulrich)
    lands(game, 1, "Forest", 5)
    lands(game, 1, "Mountain", 4)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game, ulrich


@pytest.mark.rule("903.8", "712.11")
def test_a_dfc_commander_is_cast_from_the_command_zone_with_tax() -> None:
    """903.8: "A player may cast a commander they own from the command zone. A commander
    cast from the command zone costs an additional {2} for each previous time the
    player casting it has cast it from the command zone that game." """
    game, ulrich = _commander_game()
    assert Cast(ulrich, 0, "normal") in game.legal_actions(1)
    assert Cast(ulrich, 1, "normal") not in game.legal_actions(1)  # front face only, 712.11
    assert all(getattr(a, "object_id", None) != ulrich for a in game.legal_actions(2))  # owner only
    script(game, 1, ("put your commander", True))
    game.apply(1, Cast(ulrich, 0, "normal"))
    game.resolve_stack()
    (spell,) = [o for o in game.battlefield() if game.name_of(o.id) == "Ulrich of the Krallenhorde"]
    assert sum(o.tapped for o in game.battlefield()) == 5  # {3}{R}{G}, no tax the first time
    game.transform(spell.id)
    game.destroy_permanent(spell.id)
    game.state_based_actions()  # 903.9a: its owner puts it into the command zone
    (back,) = game.in_zone(Zone.COMMAND, 1)
    assert game.name_of(back.id) == "Ulrich of the Krallenhorde" and game.is_commander(back.id)
    for land in game.battlefield():
        game.set_tapped(land.id, False)
    game.apply(1, Cast(back.id, 0, "normal"))
    assert sum(o.tapped for o in game.battlefield()) == 7  # {3}{R}{G} plus {2}


@pytest.mark.rule("903.9b", "903.9")
def test_a_commander_bounced_may_go_to_the_command_zone() -> None:
    """903.9b (now): hand or library is replaced; a graveyard is not (903.9a is a
    state-based action instead). 903.9 (2017): a graveyard was replaced as well."""
    game, ulrich = _commander_game()
    placed = game.put_onto_battlefield(ulrich).object
    script(game, 1, ("put your commander into the command zone (instead of the hand)", True))
    game.move(placed, Zone.HAND)
    assert [game.name_of(o.id) for o in game.in_zone(Zone.COMMAND, 1)] == ["Ulrich of the Krallenhorde"]
    old, ulrich = _commander_game("2017")
    placed = old.put_onto_battlefield(ulrich).object
    script(old, 1, ("put your commander into the command zone (instead of the graveyard)", True))
    old.destroy_permanent(placed)
    assert len(old.in_zone(Zone.COMMAND, 1)) == 1 and not old.in_zone(Zone.GRAVEYARD, 1)


def _snow_game(*permanents: str) -> tuple[Game, int]:
    game = played_game()
    astrolabe = game.add("Arcum's Astrolabe", Zone.HAND, 1)
    for name in permanents:
        game.add(name, Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    return game, astrolabe


@pytest.mark.rule("107.4h", "205.4g")
def test_snow_mana_pays_the_snow_symbol() -> None:
    """107.4h: {S} "can be paid with one mana of any type produced by a snow
    permanent": a Snow-Covered Forest pays Arcum's Astrolabe's {S}, a Forest can't."""
    game, astrolabe = _snow_game("Forest")
    assert Cast(astrolabe) not in game.legal_actions(1)
    with pytest.raises(IllegalActionError, match="601.2h"):
        game.apply(1, Cast(astrolabe))
    snowy, astrolabe = _snow_game("Forest", "Snow-Covered Forest")
    hand = len(snowy.in_zone(Zone.HAND, 1))
    snowy.apply(1, Cast(astrolabe))
    tapped = [snowy.name_of(o.id) for o in snowy.battlefield() if o.tapped]
    assert tapped == ["Snow-Covered Forest"]
    snowy.resolve_stack()  # it enters; its trigger draws a card
    assert len(snowy.in_zone(Zone.HAND, 1)) == hand  # Astrolabe left the hand, a card came


@pytest.mark.rule("107.4h", "601.2f")
def test_cost_reduction_doesnt_reduce_the_snow_symbol() -> None:
    """107.4h: "Effects that reduce the amount of generic mana you pay don't affect {S}
    costs": Etherium Sculptor makes artifact spells cost {1} less; Astrolabe still
    costs {S}."""
    game, astrolabe = _snow_game("Etherium Sculptor")
    with pytest.raises(IllegalActionError, match="601.2h"):
        game.apply(1, Cast(astrolabe))
    paid, astrolabe = _snow_game("Etherium Sculptor", "Snow-Covered Forest")
    paid.apply(1, Cast(astrolabe))
    assert [paid.name_of(o.id) for o in paid.battlefield() if o.tapped] == ["Snow-Covered Forest"]


@pytest.mark.rule("107.4h")
@pytest.mark.parametrize(("land", "gained"), [("Snow-Covered Plains", 3), ("Plains", 0)])
def test_snow_mana_spent_is_counted(land: str, gained: int) -> None:
    """Search for Glory: "You gain 1 life for each {S} spent to cast this spell"; cast
    without snow mana it still resolves, gaining nothing."""
    game = played_game()
    glory = game.add("Search for Glory", Zone.HAND, 1)
    lands(game, 1, land, 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(glory))
    game.resolve_stack()
    assert game.life[1] == 20 + gained


def _bruna_cast() -> tuple[Game, int, int]:
    """Player 1 casts Bruna with Elite Vanguard (a Human) in their graveyard; Bruna's
    "when you cast" trigger waits on the stack above her."""
    game = played_game()
    bruna = game.add("Bruna, the Fading Light", Zone.HAND, 1)
    vanguard = game.add("Elite Vanguard", Zone.GRAVEYARD, 1)
    lands(game, 1, "Plains", 7)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("use Bruna", True), ("targets for Bruna", [("o", vanguard)]))
    game.apply(1, Cast(bruna))
    spell = next(i.spell for i in game.stack_items if i.kind == "spell")
    assert spell is not None
    return game, spell, vanguard


@pytest.mark.rule("603.2", "701.6a")
def test_a_when_you_cast_trigger_resolves_first_and_without_its_spell() -> None:
    """Bruna ruling: "A "when you cast" triggered ability resolves before the original
    spell resolves. It resolves even if the original spell is countered, and the
    original spell resolves even if the triggered ability is countered." """
    game, bruna, vanguard = _bruna_cast()
    assert game.stack_text()[-1].startswith("ability of Bruna") and len(game.stack_items) == 2
    game.counter_spell(bruna)
    game.resolve_stack()
    assert [game.name_of(o.id) for o in game.in_zone(Zone.GRAVEYARD, 1)] == ["Bruna, the Fading Light"]
    assert [game.name_of(o.id) for o in game.battlefield() if game.is_creature(o)] == ["Elite Vanguard"]
    assert vanguard not in game.objects  # it changed zones


def _brisela_and(*theirs: str) -> Game:
    """Brisela (melded by Gisela's own end-step trigger) on player 1's side; player 2's
    permanents ``theirs`` and six Mountains; turn 2, player 2's main phase."""
    game = played_game()
    game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    game.add("Bruna, the Fading Light", Zone.BATTLEFIELD, 1)
    for name in theirs:
        game.add(name, Zone.BATTLEFIELD, 2)
    lands(game, 2, "Mountain", 6)
    game.start(hand=0)
    game.pass_until("end", turn=1)
    game.resolve_stack()
    game.pass_until("main1", turn=2)
    assert any(game.name_of(o.id) == "Brisela, Voice of Nightmares" for o in game.battlefield())
    return game


@pytest.mark.rule("601.2f", "202.3")
def test_cost_increases_dont_change_mana_value() -> None:
    """Brisela ruling: effects that increase or reduce the cost to cast a spell "don't
    affect the spell's mana value, so they won't change whether Brisela's last ability
    restricts that spell from being cast": Thalia makes Lightning Bolt cost {1}{R}, and
    its mana value is still 1."""
    game = _brisela_and("Thalia, Guardian of Thraben")
    bolt = game.add("Lightning Bolt", Zone.HAND, 2)
    assert Cast(bolt) not in game.legal_actions(2)
    with pytest.raises(IllegalActionError, match="Brisela"):
        game.cast_spell(2, bolt)


@pytest.mark.rule("601.2f", "202.3e")
def test_cost_reductions_dont_change_mana_value() -> None:
    """Goblin Electromancer makes Shatterskull Smashing with X = 2 cost {1}{R}{R}: its
    mana value stays 4, so Brisela doesn't stop it; with X = 1 (mana value 3) it is."""
    game = _brisela_and("Goblin Electromancer")
    small, large = (game.add("Shatterskull Smashing", Zone.HAND, 2) for _ in range(2))
    with pytest.raises(IllegalActionError, match="Brisela"):
        game.cast_spell(2, small, face=0, x=1)
    script(game, 2, ("targets for Shatterskull Smashing", []))
    spell = game.cast_spell(2, large, face=0, x=2).object
    assert game.mana_value(spell) == 4
    assert sum(o.tapped for o in game.battlefield() if o.controller == 2) == 3  # {2}{R}{R} less {1}


@pytest.mark.rule("107.3m", "107.3i")
def test_x_of_an_enters_replacement_is_the_spells() -> None:
    """107.3m: an enters replacement effect that refers to X uses the X of the spell that
    became the permanent, "although the value of X for that permanent is 0": Endless
    One cast with X = 3 enters with three +1/+1 counters, and its mana value is 0."""
    game = played_game()
    one = game.add("Endless One", Zone.HAND, 1)
    lands(game, 1, "Forest", 3)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    spell = game.cast_spell(1, one, x=3).object
    assert game.mana_value(spell) == 3  # on the stack X is 3 (202.3e)
    game.resolve_stack()
    (permanent,) = [o for o in game.battlefield() if game.name_of(o.id) == "Endless One"]
    assert permanent.counter("P1P1") == 3 and game.power_toughness(permanent.id) == (3, 3)
    assert game.mana_value(permanent.id) == 0


def _garrison_attacks(players: int, *p1: tuple[str, object]) -> tuple[Game, int, int]:
    """Hanweir Garrison and Hamlet Captain attack (player 1, turn 1's combat)."""
    agents = {p: ScriptedAgent() for p in range(1, players + 1)}
    game = Game(players=players, library=library(), agents=agents, check_invariants=True)
    for player in game.players:
        for _ in range(4):
            game.add("Island", Zone.LIBRARY, player)
    garrison = game.add("Hanweir Garrison", Zone.BATTLEFIELD, 1)
    captain = game.add("Hamlet Captain", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("attackers", [garrison, captain]), *p1)
    game.pass_until("declare_attackers", turn=1)
    return game, garrison, captain


def _humans(game: Game) -> list[GameObject]:
    return [o for o in game.battlefield() if game.name_of(o.id) == "Human Token"]


@pytest.mark.rule("603.3b")
@pytest.mark.parametrize(("captain_last", "token_size"), [(True, (2, 2)), (False, (1, 1))])
def test_the_controller_orders_simultaneous_attack_triggers(
    captain_last: bool, token_size: tuple[int, int]
) -> None:
    """603.3b: the player puts their simultaneous triggers on the stack in any order.
    Hamlet Captain's "other Humans you control get +1/+1" resolving after Hanweir
    Garrison's tokens exist pumps them; resolving first it doesn't."""
    order = [1, 0] if captain_last else [0, 1]  # the triggers, in the order they're listed
    game, _, _ = _garrison_attacks(2, ("order of your triggered abilities", order))
    assert game.stack_text()[-1] == (
        "ability of Hanweir Garrison" if captain_last else "ability of Hamlet Captain"
    )
    game.resolve_stack()
    assert [game.power_toughness(o.id) for o in _humans(game)] == [token_size] * 2


@pytest.mark.rule("508.4")
def test_tokens_entering_attacking_choose_their_player() -> None:
    """508.4 (Hanweir ruling): each token's controller chooses which opponent it attacks;
    it needn't be the one the Garrison attacks. Player 1 attacks player 2; the tokens
    attack players 3 and 2."""
    game, garrison, _ = _garrison_attacks(
        3,
        ("order of your triggered abilities", [0, 1]),
        ("which player Human Token attacks", 3),
        ("which player Human Token attacks", 2),
    )
    game.resolve_stack()
    humans = _humans(game)
    assert [game.attackers[o.id] for o in humans] == [3, 2] and game.attackers[garrison] == 2
    game.pass_until("end_combat", turn=1)
    # Player 2: the Garrison (a Human, 3/4 with the Captain's pump), the Captain, a token.
    assert (game.life[2], game.life[3]) == (20 - 3 - 2 - 1, 20 - 1)


@pytest.mark.rule("106.12b", "712.8d")
def test_mana_reflection_doubles_mana_tapped_for() -> None:
    """106.12b: a replacement effect for a permanent "tapped for mana" modifies the
    mana production event: Mana Reflection doubles what Grimclimb Pathway (the back
    face of Brightclimb Pathway, the face that is up) produces, for its controller only."""
    game = played_game()
    game.add("Mana Reflection", Zone.BATTLEFIELD, 1)
    path = game.add("Brightclimb Pathway", Zone.BATTLEFIELD, 1, up=Side.BACK)
    theirs = game.add("Brightclimb Pathway", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    game.activate_mana_ability(path, 0)
    assert game.mana_pool[1] == ["B", "B"]
    game.activate_mana_ability(theirs, 0)
    assert game.mana_pool[2] == ["W"]


@pytest.mark.rule("106.12b", "106.12")
def test_mana_reflection_doubles_a_mana_ability_with_more_than_tap() -> None:
    """Arcum's Astrolabe's "{1}, {T}: Add one mana of any color" is tapped for mana
    (106.12: its cost includes {T}), so Mana Reflection doubles it too."""
    game = played_game()
    game.add("Mana Reflection", Zone.BATTLEFIELD, 1)
    astrolabe = game.add("Arcum's Astrolabe", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.mana_pool[1].append("C")
    script(game, 1, ("mana colour", "U"))
    game.activate(1, astrolabe, 0)
    assert game.mana_pool[1] == ["U", "U"]


@pytest.mark.rule("613.1f", "702.20b", "605.1a")
def test_esika_grants_vigilance_and_a_mana_ability() -> None:
    """Esika: "Other legendary creatures you control have vigilance and "{T}: Add one
    mana of any color."" Gisela gets both; Grizzly Bears (not legendary) neither; Esika
    itself has its own."""
    game = played_game()
    game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1)
    gisela = game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert game.has_keyword(gisela, "Vigilance") and not game.has_keyword(bears, "Vigilance")
    assert [a.params.api for a in game.activated_abilities(game.obj(gisela))] == ["Mana"]
    assert game.activated_abilities(game.obj(bears)) == []
    script(game, 1, ("mana colour", "R"))
    game.apply(1, Activate(gisela, 0))
    assert game.mana_pool[1] == ["R"] and game.obj(gisela).tapped


@pytest.mark.rule("702.20b", "506.4")
def test_vigilance_lost_after_attacking_keeps_the_creature_attacking_untapped() -> None:
    """Esika ruling: "If a creature loses vigilance after it attacks (perhaps because
    Esika leaves the battlefield), that creature will continue attacking. It won't
    become tapped." """
    game = played_game()
    esika = game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1)
    gisela = game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("attackers", [gisela]))
    game.pass_until("declare_attackers", turn=1)
    assert gisela in game.attackers and not game.obj(gisela).tapped
    game.destroy(esika)
    assert not game.has_keyword(gisela, "Vigilance")
    game.pass_until("end_combat", turn=1)
    assert not game.obj(gisela).tapped and game.life[2] == 20 - 4


@pytest.mark.rule("707.12", "603.2")
def test_a_copy_of_a_card_in_exile_is_cast_from_exile() -> None:
    """707.12: the copy is created in the card's zone and cast; Ghost-Spider's "whenever
    you ... cast a spell from exile" triggers for it, and the copy, not represented by
    a card, ceases to exist after resolving (704.5e) while the card stays in exile."""
    game = played_game()
    bolt = game.add("Lightning Bolt", Zone.EXILE, 1)
    spider = game.add("Gwen Stacy", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    script(game, 1, ("targets for Lightning Bolt", [("p", 2)]))
    copy = game.cast_copy(1, bolt).object
    assert game.obj(copy).cast_from is Zone.EXILE and game.stack_text()[-1] == "ability of Ghost-Spider"
    game.resolve_stack()
    assert game.obj(spider).counter("P1P1") == 1 and game.life[2] == 17
    assert game.obj(bolt).zone is Zone.EXILE and not game.in_zone(Zone.GRAVEYARD, 1)
    with pytest.raises(IllegalActionError, match="707.12"):
        game.cast_copy(1, spider)  # not a card in exile
