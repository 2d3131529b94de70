"""State triggers (603.8), played from Garruk Relentless's 2020 corpus script."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020, FORGE_CURRENT
from play_support import names, script
from test_abilities_tallies import corpus_game

from dfc_plugin.host.game import Activate
from dfc_plugin.state import Zone

GARRUK = FORGE_2020 / "g" / "garruk_relentless_garruk_the_veil_cursed.txt"


@pytest.mark.rule("603.8", "608.2h", "701.27a")
def test_garruk_transforms_at_two_loyalty() -> None:
    """Garruk Relentless: "When Garruk Relentless has two or fewer loyalty counters on
    him, transform him." and "0: Garruk Relentless deals 3 damage to target creature.
    That creature deals damage equal to its power to him" (``DamageSource$
    Targeted``): a 2/2 leaves him at 1 loyalty, and he transforms once (the trigger
    doesn't trigger again while it waits)."""
    game = corpus_game(GARRUK)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    garruk = game.add("Garruk Relentless", Zone.BATTLEFIELD, 1)
    game.add_counters(garruk, "LOYALTY", 3)
    bears = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    script(game, 1, ("targets for Garruk Relentless", [("o", bears)]))
    game.apply(1, Activate(garruk, 0))
    game.resolve_stack()
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]
    assert game.obj(garruk).counter("LOYALTY") == 1 and game.name_of(garruk) == "Garruk, the Veil-Cursed"
    assert not game.stack_items and not game.pending

    steady = corpus_game(GARRUK)
    steady.start(hand=0)
    garruk = steady.add("Garruk Relentless", Zone.BATTLEFIELD, 1)
    steady.add_counters(garruk, "LOYALTY", 3)
    steady.pass_until("main1", turn=1)
    assert steady.name_of(garruk) == "Garruk Relentless"


RESTORATION = FORGE_CURRENT / "cardsfolder" / "t" / "the_restoration_of_eiganjo_architect_of_restoration.txt"


@pytest.mark.rule("603.12", "714.2b")
def test_restoration_of_eiganjo_when_you_do() -> None:
    """The Restoration of Eiganjo (current corpus script): "II — You may discard a
    card. When you do, return target permanent card with mana value 2 or less from your
    graveyard to the battlefield tapped." The reflexive trigger targets as it goes on
    the stack; declining to discard, nothing triggers."""
    outcomes = []
    for discards in (True, False):
        game = corpus_game(RESTORATION)
        saga = game.add("The Restoration of Eiganjo", Zone.BATTLEFIELD, 1)
        game.add_counters(saga, "LORE", 1)
        bears = game.add("Grizzly Bears", Zone.GRAVEYARD, 1)
        game.add("Lightning Bolt", Zone.HAND, 1)
        game.start(hand=0)
        script(game, 1, ("pay Discard<1/Card>", discards))
        if discards:
            script(game, 1, ("targets for The Restoration of Eiganjo", [("o", bears)]))
        game.pass_until("main1", turn=1)  # the second lore counter: chapter II
        game.resolve_stack()
        back = [o for o in game.battlefield() if game.name_of(o.id) == "Grizzly Bears"]
        outcomes.append((len(back), all(o.tapped for o in back), names(game, Zone.GRAVEYARD, 1)))
    assert outcomes == [(1, True, ["Lightning Bolt"]), (0, True, ["Grizzly Bears"])]
