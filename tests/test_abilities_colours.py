"""Ultimate Spider-Man (the back face of Miles Morales) played from its own script:
"Camouflage — {2}: Put a +1/+1 counter on Ultimate Spider-Man. He gains hexproof and
becomes colorless until end of turn." (``Animate`` with ``Colors$``/``OverwriteColors$``:
layer 5, 105.3, 613.1e) and "Whenever you attack, double the number of each kind of
counter on each Spider and legendary creature you control." (``MultiplyCounter``,
701.10e)."""

from __future__ import annotations

import pytest
from play_support import lands, played_game, script

from dfc_plugin.host import Game
from dfc_plugin.host.abilities.colours import colors_of
from dfc_plugin.host.abilities.values import matches
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone


def _spider_man() -> tuple[Game, int]:
    game = played_game()
    spider = game.add("Miles Morales", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    assert game.name_of(spider) == "Ultimate Spider-Man"
    return game, spider


def _is(game: Game, object_id: int, valid: str) -> bool:
    found = game.obj(object_id)
    face = game.face_of(found)
    assert face is not None
    return matches(game.ability_ctx(found, face, 2), found, valid)


@pytest.mark.rule("105.3", "613.1e", "514.2")
def test_camouflage_makes_spider_man_colorless_until_end_of_turn() -> None:
    """After camouflage he is colorless (the valid-card words see it) and has hexproof,
    with a +1/+1 counter; in the next turn he is red, green and white again."""
    game, spider = _spider_man()
    assert colors_of(game, game.obj(spider)) == ("W", "R", "G") and _is(game, spider, "Creature.Green")
    lands(game, 1, "Plains", 2)
    game.apply(1, Activate(spider, 0))
    game.resolve_stack()
    found = game.obj(spider)
    assert found.counter("P1P1") == 1 and game.has_keyword(spider, "Hexproof")
    assert colors_of(game, found) == () and _is(game, spider, "Creature.Colorless")
    assert not _is(game, spider, "Creature.Green") and not _is(game, spider, "Card.MultiColor")
    game.pass_until("upkeep", turn=2)
    assert colors_of(game, game.obj(spider)) == ("W", "R", "G") and not game.has_keyword(spider, "Hexproof")


@pytest.mark.rule("701.10e", "508.1")
def test_spider_man_doubles_each_kind_of_counter_when_you_attack() -> None:
    """Spider-Man's two kinds of counters and a legendary creature's are doubled; a
    creature that is neither a Spider nor legendary keeps its one counter."""
    game, spider = _spider_man()
    gisela = game.add("Gisela, the Broken Blade", Zone.BATTLEFIELD, 1)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    for found, kind, count in ((spider, "P1P1", 1), (spider, "LORE", 2), (gisela, "P1P1", 3), (bears, "P1P1", 1)):
        game.add_counters(found, kind, count)
    script(game, 1, ("attackers", [spider]))
    game.pass_until("declare_attackers", turn=1)
    game.resolve_stack()
    assert game.obj(spider).counter("P1P1") == 2 and game.obj(spider).counter("LORE") == 4
    assert game.obj(gisela).counter("P1P1") == 6 and game.obj(bears).counter("P1P1") == 1
