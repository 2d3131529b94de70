"""Issue 10 (throughput), round 11 C: the listing's pieces and the mana ability's path.

CR 302.6: a creature's activated ability with the tap symbol ({T}) or the untap symbol
({Q}) in its cost can't be activated unless the creature has been under its
controller's control continuously since their most recent turn began. That is the only
thing a piece of the listing (host/game/actions.py ``_piece_of``) reads that changes
from turn to turn; an object whose activations pay no {T} or {Q} (a card in hand, a
creature with none) keeps its piece under every turn's head, and shares it whether it
may pay {T} or not. Each shortcut is checked here against the listing worked out with
nothing remembered, and against the work it saves.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_speed9b import _afresh, _pieced, _upkeep

from dfc_plugin.host import Game
from dfc_plugin.host.game.actions import Activate, Pass
from dfc_plugin.state import Zone


def _pieces(game: Game, player: int, sorcery: bool = False) -> dict[int, tuple[Any, ...]]:
    table: dict[Any, Any] = game.__dict__["_activation_rows"]
    pieces: dict[int, tuple[Any, ...]] = table[("pieces", player, sorcery)]
    return pieces


@pytest.mark.rule("302.6", "702.29a")
def test_a_piece_that_pays_no_tap_is_kept_under_every_head() -> None:
    """702.29a: cycling is activated from the hand, "[Cost], Discard this card": no {T}
    (302.6 doesn't touch it). The very same Test Cycler in hand keeps the very same
    piece from its controller's first upkeep to their next, though the turn (and
    whether it may pay {T}: it came on turn 1, so only from turn 3) changed; the
    listing is the one worked out afresh at both."""
    game, _, (cycler,) = _upkeep(hand=("Test Cycler",), since=1)
    assert _pieced(game)
    assert game.legal_actions(1) == [Pass()] == _afresh(game, 1)  # (no mana for {1})
    piece = _pieces(game, 1)[cycler]
    assert piece[0] is game.objects[cycler] and piece[8]  # (pays no {T} or {Q})
    game.pass_until("upkeep", turn=3)
    assert _pieced(game) and game.objects[cycler] is piece[0]
    assert game.legal_actions(1) == [Pass()] == _afresh(game, 1)
    assert _pieces(game, 1)[cycler] is piece  # (not worked out again: no head read)


@pytest.mark.rule("302.6")
def test_a_piece_whose_ability_pays_tap_is_read_again_under_a_new_head() -> None:
    """302.6: Smokebraider's "{T}: Add two mana" (settled in its piece: no target, no
    mana to pay) can't be activated on the turn it came under its controller's control
    and can on their next turn: its piece is worked out again under the new head (it
    pays {T}), and lists the ability then, as afresh."""
    game, (braider,), _ = _upkeep("Smokebraider", since=1)
    assert game.legal_actions(1) == [Pass()] == _afresh(game, 1)
    piece = _pieces(game, 1)[braider]
    assert not piece[8]
    game.pass_until("upkeep", turn=3)
    assert game.objects[braider] is piece[0] and _pieced(game)
    listed = game.legal_actions(1)
    assert Activate(braider, 0) in listed and listed == _afresh(game, 1)
    assert _pieces(game, 1)[braider] is not piece


@pytest.mark.rule("302.6", "605.1a")
def test_a_lands_piece_is_kept_under_every_head() -> None:
    """302.6 is a creature's: the plugin answers a land's {T} cost alike whether or not
    it was controlled since its controller's turn began, so nothing of the Mountain's
    piece reads that. Untapped, its piece (its mana ability listed) is kept from the
    first upkeep to the next; tapped and untapped again (each a new object with the same
    state) it lists its mana ability again; each listing is the one worked out afresh."""
    game, (mountain,), _ = _upkeep("Mountain", since=1)
    state = game.objects[mountain].state
    other, (braider,), _ = _upkeep("Smokebraider")
    assert game._tap_alike(state) and not other._tap_alike(other.objects[braider].state)
    assert game.legal_actions(1) == [Pass(), Activate(mountain, 0)] == _afresh(game, 1)
    piece = _pieces(game, 1)[mountain]
    assert piece[8]
    game.apply(1, Pass())
    game.apply(2, Pass())  # (to the draw step: the same head)
    game.pass_until("upkeep", turn=3)
    assert game.objects[mountain] is piece[0] and _pieced(game)
    assert game.legal_actions(1) == [Pass(), Activate(mountain, 0)] == _afresh(game, 1)
    assert _pieces(game, 1)[mountain] is piece  # (kept under the new head)
    game.apply(1, Activate(mountain, 0))
    assert game.legal_actions(1) == [Pass()] == _afresh(game, 1)
    game.pass_until("upkeep", turn=5)
    assert game.legal_actions(1) == [Pass(), Activate(mountain, 0)] == _afresh(game, 1)


@pytest.mark.rule("302.6", "106.1")
def test_a_mana_source_is_the_plugins_answer_with_or_without_asking_since_when() -> None:
    """302.6: a creature's {T} mana ability pays only once it has been controlled since
    its controller's most recent turn began; a land's always (106.1, the mana it makes).
    The sources of mana found without asking that of a land (``_may_pay_tap``) are the
    plugin's answers asked with it, for every permanent of random games at every
    position."""
    from random_support import new_random_game

    checked = sick = 0
    for seed in (1, 6):
        game = new_random_game(seed, invariants=False)
        game.start(hand=7)
        taken = 0
        while taken < 250 and not game.over and game.priority is not None:
            for found in game.in_zone(Zone.BATTLEFIELD):
                asked = bool(game.rules.can_pay_tap_cost(found.state, game.free_to_tap(found), False))
                assert game._may_pay_tap(found) == asked
                checked += 1
                sick += not asked
            taken += game.play(1)
    assert checked > 2000 and sick > 0


@pytest.mark.rule("602.5b", "307.1", "606.3")
def test_an_abilitys_activation_rules_are_read_once_and_are_its_words() -> None:
    """602.5b: an ability with ``ActivationLimit$`` can't be activated more often than
    that each turn; 307.1 and 606.3: ``SorcerySpeed$`` and loyalty abilities only at
    sorcery timing; ``ActivationZone$`` says where it is activated from (602.2). What an
    ability's words say of these, kept per (immutable) ability, is what they say read
    afresh, for every activated ability of the bundled and test scripts, and of one
    written with a limit."""
    from play_support import library

    from dfc_plugin.cards import Ability
    from dfc_plugin.host.game.cache import fresh
    from dfc_plugin.host.game.casting import _activation_rules, activated

    abilities = [a for card in library().cards() for face in card.faces for a in activated(face)]
    limited = Ability("A", "AB$ Draw | Cost$ 1 | NumCards$ 1 | ActivationLimit$ 1", 1, 1)
    abilities.append(limited)
    kept = [_activation_rules(a) for a in abilities]
    assert [_activation_rules(a) for a in abilities] == kept
    with fresh():
        assert [_activation_rules(a) for a in abilities] == kept
    assert kept[-1][4] and sum(rules[4] for rules in kept) == 1  # (only the one written so)
    assert any(rules[2] for rules in kept) and any(rules[1] for rules in kept)


@pytest.mark.rule("605.1a", "605.3b", "613.1f")
def test_a_granted_mana_ability_resolves_at_once() -> None:
    """605.1a and 605.3b: a mana ability (no target, not a loyalty ability) doesn't use
    the stack; Esika grants other legendary creatures "{T}: Add one mana of any color"
    (613.1f: its index follows their own). Bruna's granted ability, activated, adds
    its mana at once (the stack stays empty), and so does Esika's own."""
    from play_support import played_game

    game = played_game([("mana colour", "G"), ("mana type", "G")])
    esika = game.add("Esika, God of the Tree", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    bruna = game.add("Bruna, the Fading Light", Zone.BATTLEFIELD, 1, controlled_since_turn=0)
    game.start(hand=0, step="main1")
    granted = len(game.activated_abilities(game.objects[bruna])) - 1
    assert granted >= 0 and game.granted_abilities(game.objects[bruna])
    assert Activate(bruna, granted) in game.legal_actions(1)
    game.apply(1, Activate(bruna, granted))
    assert len(game.mana_pool[1]) == 1 and not game.stack_items
    game.apply(1, Activate(esika, 0))
    assert len(game.mana_pool[1]) == 2 and not game.stack_items


@pytest.mark.rule("601.3", "118.9")
def test_the_may_play_statics_are_those_that_work_now() -> None:
    """601.3: a card may be cast from a zone only where an effect allows it; 118.9: an
    effect may let it be cast without paying its mana cost (Apex Observatory's, a
    ``MayPlay$`` static in the command zone). The ``MayPlay$`` statics that work now,
    found without looking when no static in the game has the parameter, are those read
    from every working ``Continuous`` static: one with the Observatory's effect, none
    in a game without."""
    from play_support import played_game
    from test_abilities_free_casting import _observatory

    from dfc_plugin.host.abilities.mayplay import _may_play_statics
    from dfc_plugin.host.abilities.statics import active

    def read(game: Game) -> list[Any]:
        return [p for _, p in active(game, "Continuous") if p.is_true("MayPlay")]

    game, _, _ = _observatory("Grizzly Bears", "Test Flyer")
    assert [p for _, p in _may_play_statics(game)] == read(game) and len(read(game)) == 1
    plain = played_game()
    plain.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    plain.start(hand=0, step="main1")
    assert _may_play_statics(plain) == [] and read(plain) == []


@pytest.mark.rule("601.2f", "107.4h", "107.3")
def test_the_mana_a_cost_needs_is_worked_out_afresh_and_a_new_list() -> None:
    """601.2f: the total cost is the mana cost plus additional costs (extra generic
    mana: a tax, 903.8); 107.3: X is a number chosen; 107.4h: {S} is paid only with
    snow mana. What each mana cost of the bundled and test scripts needs, for X and
    extra generic mana of 0 to 2, remembered, is what it needs worked out afresh; each
    answer is a new list (changing one changes no later answer)."""
    from play_support import library

    from dfc_plugin.host.game.cache import fresh
    from dfc_plugin.host.game.costs import needs

    costs = [face.mana_cost for card in library().cards() for face in card.faces]
    costs = [*{id(c): c for c in costs}.values(), None]
    asked = [(cost, x, extra) for cost in costs for x in range(3) for extra in range(3)]
    kept = [needs(*one) for one in asked]
    with fresh():
        afresh = [needs(*one) for one in asked]
    assert kept == afresh and [needs(*one) for one in asked] == kept
    assert len({len(n) for n in kept}) > 4  # (X and the extra mana count)
    first = needs(*asked[-1])
    first.append(frozenset("W"))
    assert needs(*asked[-1]) == kept[-1] != first


@pytest.mark.rule("106.6", "605.1a")
def test_a_mana_abilitys_restriction_is_read_from_its_line() -> None:
    """106.6: some mana can be spent only for certain things; Smokebraider's "{T}: Add
    two mana in any combination of colors" says "spend this mana only to cast Elemental
    spells or activate abilities of Elementals" (``RestrictValid$`` on its line). The
    restriction kept per face is the first ability's on each line, as read from the
    line afresh, for every face of the bundled and test scripts; Smokebraider's mana,
    activated, is restricted, a Mountain's is not."""
    from play_support import library

    from dfc_plugin.host.abilities.mana_restrictions import RestrictedMana, _restrictions_by_line

    for card in library().cards():
        for face in card.faces:
            for ability in face.abilities:
                first = next(a for a in face.abilities if a.line == ability.line)
                assert _restrictions_by_line(face).get(ability.line) == first.params.get("RestrictValid")
    game, (braider, mountain), _ = _upkeep("Smokebraider", "Mountain")
    game.agent(1).script.append(("mana type", "G"))
    game.apply(1, Activate(braider, 0))
    assert len(game.mana_pool[1]) == 2 and all(isinstance(m, RestrictedMana) for m in game.mana_pool[1])
    game.apply(1, Activate(mountain, 0))
    assert len(game.mana_pool[1]) == 3 and not isinstance(game.mana_pool[1][-1], RestrictedMana)


@pytest.mark.rule("106.6", "601.2g")
def test_a_payment_looks_at_restrictions_only_where_a_source_has_one() -> None:
    """106.6: mana a source makes with a restriction pays only what it says; 601.2g:
    mana abilities are activated to pay. Smokebraider's mana pays only for Elementals:
    with it the only source, Test Tapper's {1} (a Human) can't be paid (the sources'
    mana abilities are looked at for ``RestrictValid$``); with a Forest, nothing is
    restricted, and it can."""
    from dfc_plugin.host.abilities.mana_restrictions import Spending
    from dfc_plugin.host.game.costs import needs

    for source, payable in (("Smokebraider", False), ("Forest", True)):
        game, _, (tapper,) = _upkeep(source, hand=("Test Tapper",))
        found = game.objects[tapper]
        wanted = needs(found.state.card.faces[0].mana_cost)
        assert game._restricted_sources(1) is not payable
        assert (game._plan(1, wanted, Spending(found, spell=True)) is not None) is payable
