"""The machinery every ability shares: the stack, sub-ability chains, costs, targets,
optional and intervening-if triggers, loyalty abilities, "unless" costs, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import lands, names, played_game, script

from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.census import card_report
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Activate, Cast, Pass, PlayLand
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import Side, Zone


def _main(game: Game, turn: int = 1) -> None:
    game.start(hand=0)
    game.pass_until("main1", turn=turn)


@pytest.mark.rule("602.2", "117.3c", "405.1")
def test_activated_ability_uses_the_stack() -> None:
    game = played_game()
    _main(game)
    incubator = game.make_token(game.token_script("incubator_c_0_0_a_phyrexian"), 1)  # type: ignore[arg-type]
    game.add_counters(incubator, "P1P1", 1)  # else the 0/0 Phyrexian dies at once (704.5f)
    lands(game, 1, "Island", 2)
    game.apply(1, Activate(incubator, 0))
    assert len(game.stack_items) == 1 and game.priority == 1  # the activating player gets priority
    game.apply(1, Pass())
    assert game.priority == 2 and game.name_of(incubator) == "Incubator"
    game.apply(2, Pass())
    assert not game.stack_items and game.name_of(incubator) == "Phyrexian Token"


@pytest.mark.rule("608.2n", "608.3")
def test_spell_ability_resolves_then_card_goes_to_graveyard() -> None:
    game = played_game()
    _main(game)
    lands(game, 1, "Mountain", 1)
    bolt = game.add("Lightning Bolt", Zone.HAND, 1)
    script(game, 1, ("targets for Lightning Bolt", [("p", 2)]))
    game.apply(1, Cast(bolt))
    assert names(game, Zone.STACK) == ["Lightning Bolt"]
    game.resolve_stack()
    assert game.life[2] == 17 and names(game, Zone.GRAVEYARD, 1) == ["Lightning Bolt"]


@pytest.mark.rule("608.2c")
def test_sub_ability_chain_runs_in_order() -> None:
    """Test Doom: Destroy (RememberDestroyed), then GainLife if something was
    remembered, then Cleanup: a later link sees what the earlier did."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    _main(game)
    lands(game, 1, "Island", 1)
    doom = game.add("Test Doom", Zone.HAND, 1)
    script(game, 1, ("targets for Test Doom", [("o", bears)]))
    game.apply(1, Cast(doom))
    game.resolve_stack()
    assert game.life[1] == 23 and game.remembered[game.obj(game.find("Test Doom").id).cards[0].id] == []


@pytest.mark.rule("603.2", "603.6a")
def test_trigger_mode_is_looked_up() -> None:
    """Tithing Blade's "When Tithing Blade enters" (ChangesZone, Execute$ BladeTithe)."""
    game = played_game()
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    blade = game.add("Tithing Blade", Zone.HAND, 1)
    lands(game, 1, "Swamp", 2)
    _main(game)
    game.apply(1, Cast(blade))
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]


def test_replacement_event_is_looked_up(tmp_path: Path) -> None:
    """An unregistered replacement event is reported, and noted as the card comes in."""
    game = played_game()
    found = game.add("Test Ward Keeper", Zone.HAND, 1)
    assert card_report(game.obj(found).state.card).runs
    (tmp_path / "test_untap_shield.txt").write_text(
        "Name:Test Untap Shield\nManaCost:1\nTypes:Artifact\n"
        "R:Event$ Untap | ValidCard$ Card.Self | Layer$ CantHappen | Description$ CARDNAME doesn't untap.\n"
    )
    library = Library.load([bundled_cardscripts(), tmp_path], use_cache=False)
    report = card_report(library.get("Test Untap Shield"))  # R:Event$ Untap: not registered
    assert any("replacement Untap" in line.missing for line in report.lines)
    game = Game(players=2, library=library, agents={1: ScriptedAgent(), 2: ScriptedAgent()})
    shield = game.add("Test Untap Shield", Zone.BATTLEFIELD, 1)
    assert any(e.action == "unsupported" and "Untap" in e.text for e in game.log) and shield


@pytest.mark.rule("602.2b", "118.3")
def test_activation_cost_is_paid() -> None:
    """Test Altar: "Pay 2 life, Sacrifice a creature: Draw a card." """
    game = played_game()
    altar = game.add("Test Altar", Zone.BATTLEFIELD, 1)
    _main(game)
    assert Activate(altar, 0) not in game.legal_actions(1)  # no creature to sacrifice
    with pytest.raises(IllegalActionError, match="118.3"):
        game.apply(1, Activate(altar, 0))
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    game.apply(1, Activate(altar, 0))
    assert game.life[1] == 18 and names(game, Zone.GRAVEYARD, 1) == ["Grizzly Bears"]
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == 1


@pytest.mark.rule("115.1", "601.2c")
def test_targets_are_chosen_from_valid_targets() -> None:
    """Bruna: "When you cast this spell, you may return target Angel or Human creature
    card from your graveyard to the battlefield." (ValidTgts, TgtZone Graveyard)"""
    game = played_game()
    angel = game.add("Gisela, the Broken Blade", Zone.GRAVEYARD, 1)
    game.add("Grizzly Bears", Zone.GRAVEYARD, 1)
    human = game.add("Elite Vanguard", Zone.GRAVEYARD, 1)
    game.add("Gisela, the Broken Blade", Zone.GRAVEYARD, 2)
    bruna = game.add("Bruna, the Fading Light", Zone.HAND, 1)
    lands(game, 1, "Plains", 7)
    _main(game)
    script(game, 1, ("use Bruna", True), ("targets for Bruna", [("o", angel)]))
    game.apply(1, Cast(bruna))
    offered = game.agents[1]
    assert len(game.stack_items) == 2 and offered.done()
    game.resolve_stack()
    assert sorted(names(game, Zone.BATTLEFIELD, 1)).count("Gisela, the Broken Blade") == 1
    assert game.obj(human).zone is Zone.GRAVEYARD


@pytest.mark.rule("115.1", "601.2c")
def test_target_min_and_max() -> None:
    """Invasion of Kylem: "up to two target creatures each get +2/+0 ..." """
    game = played_game()
    bears = [game.add("Grizzly Bears", Zone.BATTLEFIELD, 1) for _ in range(3)]
    invasion = game.add("Invasion of Kylem", Zone.HAND, 1)
    lands(game, 1, "Mountain", 2)
    lands(game, 1, "Plains", 2)
    _main(game)
    game.apply(1, Cast(invasion))
    script(game, 1, ("targets for Invasion", [("o", b) for b in bears]))
    with pytest.raises(IllegalActionError, match="0 to 2"):
        game.resolve_stack()  # three is more than TargetMax$ 2: the pass is undone
    assert names(game, Zone.STACK) == ["Invasion of Kylem"]
    script(game, 1, ("targets for Invasion", [("o", bears[0]), ("o", bears[1])]))
    game.resolve_stack()
    assert [game.power_toughness(b) for b in bears] == [(4, 2), (4, 2), (2, 2)]


@pytest.mark.rule("603.5")
def test_optional_trigger_asks_its_controller() -> None:
    """Nissa, Vastwood Seer: "When Nissa enters, you may search your library for a
    basic Forest card ..." (OptionalDecider$ You)."""
    game = played_game(library_cards=("Island", "Forest", "Island"))
    nissa = game.add("Nissa, Vastwood Seer", Zone.HAND, 1)
    lands(game, 1, "Forest", 3)
    _main(game)
    forest = game.find("Forest", Zone.LIBRARY).id
    script(game, 1, ("use Nissa", True), ("cards to put into the hand", [forest]))
    game.apply(1, Cast(nissa))
    game.resolve_stack()
    assert names(game, Zone.HAND, 1) == ["Forest"]
    declined = played_game()
    nissa = declined.add("Nissa, Vastwood Seer", Zone.HAND, 1)
    lands(declined, 1, "Forest", 3)
    _main(declined)
    script(declined, 1, ("use Nissa", False))
    declined.apply(1, Cast(nissa))
    declined.resolve_stack()
    assert not declined.in_zone(Zone.HAND, 1) and not declined.stack_items


@pytest.mark.rule("603.4")
def test_intervening_if_rechecked_on_resolution() -> None:
    """Gisela's meld trigger does nothing if Bruna is gone by the time it resolves."""
    game = played_game()
    game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    bruna = game.add("Bruna, the Fading Light", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("end", turn=1)
    assert len(game.stack_items) == 1
    game.bounce(bruna)
    game.resolve_stack()
    assert not any(o.state.melded for o in game.battlefield())
    assert any("no longer holds" in e.text for e in game.log)


@pytest.mark.rule("603.2")
def test_static_trigger_skips_the_stack() -> None:
    game = played_game()
    game.add("Test Ledger", Zone.BATTLEFIELD, 1)
    _main(game)
    lands(game, 1, "Island", 1)
    diviner = game.add("Test Diviner", Zone.HAND, 1)
    game.apply(1, Cast(diviner))
    assert game.life[1] == 21 and len(game.stack_items) == 1  # only the spell is there


@pytest.mark.rule("603.6d")
def test_trigger_zones() -> None:
    """Delver's upkeep trigger works from the battlefield only (TriggerZones$)."""
    game = played_game(library_cards=("Giant Growth",) * 3)
    game.add("Delver of Secrets", Zone.HAND, 1)
    game.add("Delver of Secrets", Zone.GRAVEYARD, 1)
    game.start(hand=0)
    assert game.step == "upkeep" and not game.stack_items


@pytest.mark.rule("606.3")
def test_loyalty_ability_once_per_turn() -> None:
    game = played_game(library_cards=("Island",) * 6)
    nissa = game.add("Nissa, Vastwood Seer", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(nissa, "LOYALTY", 3)
    game.start(hand=0)
    assert Activate(nissa, 0) not in game.legal_actions(1)  # upkeep: not at sorcery speed
    game.pass_until("main1", turn=1)
    game.apply(1, Activate(nissa, 0))
    assert game.obj(nissa).counter("LOYALTY") == 4
    game.resolve_stack()
    assert Activate(nissa, 1) not in game.legal_actions(1)
    with pytest.raises(IllegalActionError, match="606.3"):
        game.apply(1, Activate(nissa, 1))


@pytest.mark.rule("608.2c")
def test_remember_targets() -> None:
    """Test Mark: "If it's green, draw a card" reads the remembered target."""
    game = played_game()
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    vanguard = game.add("Elite Vanguard", Zone.BATTLEFIELD, 1)
    _main(game)
    lands(game, 1, "Island", 2)
    for target, drawn in ((vanguard, 0), (bears, 1)):
        mark = game.add("Test Mark", Zone.HAND, 1)
        script(game, 1, ("targets for Test Mark", [("o", target)]))
        game.apply(1, Cast(mark))
        game.resolve_stack()
        assert len(game.in_zone(Zone.HAND, 1)) == drawn


@pytest.mark.rule("118.12", "614.12")
def test_unless_cost_pay_life_or_enter_tapped() -> None:
    """Shatterskull, the Hammer Pass: "As it enters, you may pay 3 life. If you don't,
    it enters tapped." """
    for pays, life, tapped in ((True, 17, False), (False, 20, True)):
        game = played_game()
        card = game.add("Shatterskull Smashing", Zone.HAND, 1)
        _main(game)
        script(game, 1, ("pay PayLife<3>", pays))
        game.apply(1, PlayLand(card, 1))
        (land,) = game.in_zone(Zone.BATTLEFIELD, 1)
        assert (game.life[1], land.tapped) == (life, tapped)


@pytest.mark.rule("118.12")
def test_unless_switched() -> None:
    """Test Bargain: "You may pay 2 life. If you do, draw two cards." """
    for pays, hand in ((True, 2), (False, 0)):
        game = played_game()
        _main(game)
        lands(game, 1, "Island", 1)
        bargain = game.add("Test Bargain", Zone.HAND, 1)
        script(game, 1, ("pay PayLife<2>", pays))
        game.apply(1, Cast(bargain))
        game.resolve_stack()
        assert len(game.in_zone(Zone.HAND, 1)) == hand


def test_an_ability_that_cant_run_is_refused_with_its_reason() -> None:
    """Never a silent no-op: activating a line with a missing API is refused."""
    game = played_game()
    urza = game.add("Test Oddity", Zone.BATTLEFIELD, 1)
    _main(game)
    report = card_report(game.obj(urza).state.card)
    assert not report.runs
    activatable = [a for a in game.legal_actions(1) if isinstance(a, Activate) and a.object_id == urza]
    assert not activatable
    with pytest.raises(UnsupportedAbilityError, match="can't run here"):
        game.apply(1, Activate(urza, 0))
