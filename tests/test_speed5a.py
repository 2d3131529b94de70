"""Issue 10 (throughput), round 5 A: the shortcuts that list legal actions faster give
the answers of the long way round."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020, need_shared
from play_support import played_game
from random_support import new_random_game
from test_abilities_tallies import corpus_game

from dfc_plugin.cards import ParamMap
from dfc_plugin.host import Game
from dfc_plugin.host.abilities.batches import flush
from dfc_plugin.host.abilities.chain import has_legal_target, legal_targets, links
from dfc_plugin.host.abilities.snow import is_snow_source
from dfc_plugin.host.abilities.state_triggers import check_state_triggers
from dfc_plugin.host.abilities.values import Ctx
from dfc_plugin.host.game.cache import fresh
from dfc_plugin.state import Zone


def _targeted_links(game: Game) -> list[tuple[Ctx, ParamMap]]:
    """(ctx, link) for every link with targets of every ability of every object, as each
    player would put it on the stack."""
    found: list[tuple[Ctx, ParamMap]] = []
    for obj in list(game.objects.values()):
        face = game.face_of(obj)
        if face is None:
            continue
        for ability in face.abilities:
            if ability.kind != "A":
                continue
            for player in game.players:
                ctx = game.ability_ctx(obj, face, player)
                found += [(ctx, link) for link in links(ctx, ability.params) if "ValidTgts" in link]
    return found


@pytest.mark.rule("601.2c", "602.2b", "115.1")
def test_has_legal_target_agrees_with_the_whole_list() -> None:
    """601.2c: "The player announces their choice of an appropriate player, object,
    or zone for each target the spell requires." Whether a spell or ability can get a
    target is ``bool(legal_targets(...))``; the early-exit path gives that answer at
    every position of real random games, both ways."""
    answers = {True: 0, False: 0}
    for seed in range(3):
        game = new_random_game(seed, invariants=False)
        game.start(hand=7)
        for _ in range(150):
            if game.over or game.priority is None:
                break
            for ctx, link in _targeted_links(game):
                whole = bool(legal_targets(game, ctx, link))
                assert has_legal_target(game, ctx, link) is whole, (link, ctx.source, ctx.controller)
                answers[whole] += 1
            player = game.priority
            game.apply(player, game.agent(player).act(game, player, game.legal_actions(player)))
    assert answers[True] > 50 and answers[False] > 50, answers


def _events(game: Game, mode: str) -> int:
    return sum(1 for _turn, event, _seen in game.this_turn if event.mode == mode)


@pytest.mark.rule("603.8")
def test_state_triggers_checked_only_where_one_exists() -> None:
    """603.8: "A state trigger is a triggered ability that triggers when a game state
    is true rather than triggering when an event occurs." With no state trigger on any
    watched object the check sends no ``Always`` event; with Garruk Relentless on the
    battlefield it does, and his trigger still triggers (2 loyalty or fewer)."""
    game = corpus_game(need_shared(FORGE_2020 / "g" / "garruk_relentless_garruk_the_veil_cursed.txt"))
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    check_state_triggers(game)
    assert _events(game, "Always") == 0

    garruk = game.add("Garruk Relentless", Zone.BATTLEFIELD, 1)
    game.add_counters(garruk, "LOYALTY", 2)
    check_state_triggers(game)
    assert _events(game, "Always") == 1
    assert [p.ctx.source for p in game.pending] == [garruk]


@pytest.mark.rule("603.2c")
@pytest.mark.parametrize("with_titania", [False, True])
def test_batch_event_sent_only_where_it_can_trigger(with_titania: bool) -> None:
    """603.2c: "An ability triggers only once each time its trigger event occurs.
    However, it can trigger repeatedly if one event contains multiple occurrences."
    A land put into the graveyard closes a batch; its ``ChangesZoneAll`` event is sent
    where Titania, Voice of Gaea ("Whenever one or more land cards are put into your
    graveyard from anywhere, you gain 2 life") watches, and not where nothing does."""
    game = played_game()
    if with_titania:
        game.add("Titania, Voice of Gaea", Zone.BATTLEFIELD, 1)
    forest = game.add("Forest", Zone.BATTLEFIELD, 1)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.move(forest, Zone.GRAVEYARD)
    flush(game)
    assert _events(game, "ChangesZone") == 1
    assert _events(game, "ChangesZoneAll") == int(with_titania)
    assert len(game.pending) == int(with_titania)


def _snow_answers(game: Game) -> dict[int, bool]:
    """Each object's snow-source answer, checked against the layers' own (has_type_of)
    and against the answer with nothing remembered."""
    shortcut = {o.id: is_snow_source(game, o) for o in game.objects.values()}
    assert shortcut == {o.id: game.has_type_of(o, "Snow") for o in game.objects.values()}
    with fresh():
        assert shortcut == {o.id: is_snow_source(game, o) for o in game.objects.values()}
    return shortcut


@pytest.mark.rule("205.4g", "107.4h", "613.1d")
def test_snow_source_answer_is_the_layers_answer() -> None:
    """205.4g: snow is a supertype; 107.4h: {S} is paid with mana "produced by a snow
    source". A Snow-Covered Forest is one by its type line; a Forest becomes one with
    an ice counter while Rimefeather Owl ("Permanents with ice counters on them are
    snow", layer 4) is on the battlefield, and stops being one when the Owl leaves."""
    game = corpus_game(need_shared(FORGE_2020 / "r" / "rimefeather_owl.txt"))
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    snowy = game.add("Snow-Covered Forest", Zone.BATTLEFIELD, 1)
    forest = game.add("Forest", Zone.BATTLEFIELD, 1)
    game.add_counters(forest, "ICE", 1)
    before = _snow_answers(game)
    assert before[snowy] and not before[forest]
    owl = game.add("Rimefeather Owl", Zone.BATTLEFIELD, 2)
    with_owl = _snow_answers(game)
    assert with_owl[snowy] and with_owl[forest] and with_owl[owl]
    game.move(owl, Zone.GRAVEYARD)
    after = _snow_answers(game)
    assert after[snowy] and not after[forest]
