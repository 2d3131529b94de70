"""Imprinted cards and effects that forget their cards (607.2, 610.3, 400.7), played
from the cards' own scripts: Lunarch Inquisitors (2020 corpus script, test input),
Valki, God of Lies (current corpus script) and Gwen Stacy's Ghost-Spider (ours)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020, FORGE_CURRENT
from play_support import corpus_game, names, played_game

from dfc_plugin.host import Game
from dfc_plugin.host.abilities import EFFECTS
from dfc_plugin.host.abilities.values import matches
from dfc_plugin.host.agents import ScriptedAgent
from dfc_plugin.host.game import Activate, Cast
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import Zone

AVACYNIAN = FORGE_2020 / "a" / "avacynian_missionaries_lunarch_inquisitors.txt"
VALKI = FORGE_CURRENT / "cardsfolder" / "v" / "valki_god_of_lies_tibalt_cosmic_impostor.txt"


def _answer(game: Game, player: int, *entries: tuple[str, object]) -> None:
    agent = game.agents[player]
    assert isinstance(agent, ScriptedAgent)
    agent.script.extend(entries)


def _theirs(game: Game, player: int) -> list[str]:
    return sorted(str(game.name_of(o.id)) for o in game.battlefield() if o.controller == player)


@pytest.mark.rule("610.3", "607.2a", "400.7")
def test_lunarch_inquisitors_exiles_until_it_leaves() -> None:
    """Avacynian Missionaries: "At the beginning of your end step, if Avacynian
    Missionaries is equipped, transform it." Lunarch Inquisitors: "Whenever this
    creature transforms into Lunarch Inquisitors, you may exile another target creature
    until Lunarch Inquisitors leaves the battlefield." The effect imprints the
    Inquisitors (``ImprintCards$ Self``) and watches it (``Card.IsImprinted``): the
    creature returns when it leaves, and not before."""
    game = corpus_game(AVACYNIAN)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    missionaries = game.add("Avacynian Missionaries", Zone.BATTLEFIELD, 1)
    sword = game.add("Test Sword", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.attach(sword, missionaries)
    _answer(game, 1, ("use", True), ("targets for Lunarch Inquisitors", [("o", bears)]))
    game.pass_until("end", turn=1)
    game.resolve_stack()
    assert game.name_of(missionaries) == "Lunarch Inquisitors"
    assert names(game, Zone.EXILE, 2) == ["Grizzly Bears"] and not _theirs(game, 2)
    game.pass_until("upkeep", turn=2)
    game.destroy(game.add("Grizzly Bears", Zone.BATTLEFIELD, 1))  # another leaving: not imprinted
    game.resolve_stack()
    assert names(game, Zone.EXILE, 2) == ["Grizzly Bears"]  # not back before it leaves
    game.destroy(missionaries)
    game.resolve_stack()
    assert _theirs(game, 2) == ["Grizzly Bears"] and not game.in_zone(Zone.EXILE, 2)
    assert not game.in_zone(Zone.COMMAND)  # the effect is gone with its work done


def _valki_enters(game: Game, *hands_of: tuple[int, str]) -> int:
    """Player 1 casts Valki (the corpus script); it resolves and its enters trigger
    goes on the stack."""
    for player, name in hands_of:
        game.add(name, Zone.HAND, player)
    valki = game.add("Valki, God of Lies", Zone.HAND, 1)
    for _ in range(2):
        game.add("Swamp", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Cast(valki))
    game.resolve_top()
    game.give_priority(1)
    return game.find("Valki, God of Lies", Zone.BATTLEFIELD).id


@pytest.mark.rule("701.20a", "607.2a", "610.3")
def test_valki_exiles_only_a_card_it_revealed() -> None:
    """Valki (current corpus script): "each opponent reveals their hand. For each
    opponent, exile a creature card they revealed this way": the revealed cards are
    imprinted (``ImprintRevealed$``), the exile picks among ``Creature.IsImprinted``,
    and ``ClearImprinted$`` forgets them when the ability is done."""
    game = corpus_game(VALKI)
    valki = _valki_enters(game, (2, "Grizzly Bears"), (2, "Graf Rats"), (2, "Lightning Bolt"))
    rats = game.find("Graf Rats", Zone.HAND).id
    _answer(game, 1, ("cards of player 2 for Valki", [rats]))
    game.resolve_stack()
    assert names(game, Zone.EXILE) == ["Graf Rats"]
    assert names(game, Zone.HAND, 2) == ["Grizzly Bears", "Lightning Bolt"]
    assert game.imprinted.get(game.obj(valki).cards[0].id, []) == []  # ClearImprinted$
    game.destroy(valki)
    assert names(game, Zone.HAND, 2) == ["Graf Rats", "Grizzly Bears", "Lightning Bolt"]


@pytest.mark.rule("701.20a", "607.2a")
def test_a_card_not_revealed_is_not_imprinted() -> None:
    """Only what was revealed is imprinted: a creature card that wasn't in the hand
    when it was revealed fits ``Creature`` but not ``Creature.IsImprinted``."""
    game = corpus_game(VALKI)
    valki = _valki_enters(game, (2, "Grizzly Bears"))
    card = game.obj(valki).cards[0].id
    bears = game.find("Grizzly Bears", Zone.HAND).id
    face = game.face_of(game.obj(valki))
    assert face is not None
    ctx = game.ability_ctx(game.obj(valki), face)
    reveal = parse_param_map("DB$ RevealHand | Defined$ Player.Opponent | ImprintRevealed$ True")
    EFFECTS["RevealHand"].run(game, ctx, reveal)
    late = game.add("Graf Rats", Zone.HAND, 2)
    assert matches(ctx, game.obj(bears), "Creature.IsImprinted")
    assert not matches(ctx, game.obj(late), "Creature.IsImprinted")
    EFFECTS["Cleanup"].run(game, ctx, parse_param_map("DB$ Cleanup | ClearImprinted$ True"))
    assert card not in game.imprinted and not matches(ctx, game.obj(bears), "Creature.IsImprinted")


@pytest.mark.rule("609.4b", "601.2h")
def test_tibalt_emblem_spends_mana_of_any_type() -> None:
    """Tibalt's emblem in the current corpus script also says ``MayPlayIgnoreType$``
    (mana "as though it were mana of any type", 609.4b): colourless mana then pays {G}
    of a card exiled with Tibalt (the bundled script's emblem, of any colour only, does
    not: test_game_valki.py)."""
    game = corpus_game(VALKI)
    game.add("Grizzly Bears", Zone.LIBRARY, 2)
    card = game.add("Valki, God of Lies", Zone.HAND, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    for name, count in (("Swamp", 1), ("Mountain", 6)):
        for _ in range(count):
            game.add(name, Zone.BATTLEFIELD, 1)
    (cast,) = [
        a for a in game.legal_actions(1) if isinstance(a, Cast) and a.object_id == card and a.face == 1
    ]
    game.apply(1, cast)
    game.resolve_stack()
    tibalt = game.find("Tibalt, Cosmic Impostor", Zone.BATTLEFIELD).id
    game.activate(1, tibalt, 0)
    game.resolve_stack()
    bears = game.find("Grizzly Bears", Zone.EXILE).id
    assert Cast(bears, 0, "normal") not in game.legal_actions(1)  # nothing to pay with
    game.mana_pool[1].extend(["C", "C"])
    assert Cast(bears, 0, "normal") in game.legal_actions(1)
    game.apply(1, Cast(bears, 0, "normal"))
    game.resolve_stack()
    assert game.find("Grizzly Bears", Zone.BATTLEFIELD).controller == 1


@pytest.mark.rule("701.20a", "400.7j", "607.2a")
def test_dig_until_imprints_what_it_revealed() -> None:
    """Test Seer: the revealed cards are imprinted where they went: the two Islands
    revealed into the graveyard are exiled, the Island already there isn't, and the
    creature found went to the hand."""
    game = played_game()
    old = game.add("Island", Zone.GRAVEYARD, 1)
    game.add("Grizzly Bears", Zone.LIBRARY, 1)
    game.add("Island", Zone.LIBRARY, 1)
    game.add("Island", Zone.LIBRARY, 1)
    seer = game.add("Test Seer", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Activate(seer, 0))
    game.resolve_stack()
    assert names(game, Zone.EXILE, 1) == ["Island", "Island"]
    assert names(game, Zone.HAND, 1) == ["Grizzly Bears"] and game.obj(old).zone is Zone.GRAVEYARD
    assert game.imprinted.get(game.obj(seer).cards[0].id, []) == []
