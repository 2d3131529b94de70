"""Ajani, Nacatl Avenger played from its own script (current corpus, test input):
"0: Create a 2/1 white Cat Warrior creature token. When you do, if you control a red
permanent other than Ajani, he deals damage equal to the number of creatures you
control to any target." (``Token | RememberOriginalTokens$``, ``ImmediateTrigger |
TriggerAmount$``, 603.12) and "−4: Each opponent chooses an artifact, a creature, an
enchantment and a planeswalker from among the nonland permanents they control, then
sacrifices the rest." (``ChooseCard | ChooseEach$ | ControlledByPlayer$ | Reveal$``)."""

from __future__ import annotations

import pytest
from helpers import FORGE_CURRENT
from play_support import corpus_game, names, script

from dfc_plugin.host import Game
from dfc_plugin.host.game import Activate
from dfc_plugin.state import Side, Zone

AJANI = FORGE_CURRENT / "cardsfolder" / "a" / "ajani_nacatl_pariah_ajani_nacatl_avenger.txt"


def _avenger(loyalty: int) -> tuple[Game, int]:
    game = corpus_game(AJANI)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    ajani = game.add("Ajani, Nacatl Pariah", Zone.BATTLEFIELD, 1, up=Side.BACK)
    game.add_counters(ajani, "LOYALTY", loyalty)
    return game, ajani


def _mine(game: Game, player: int) -> list[str]:
    return sorted(str(game.name_of(o.id)) for o in game.battlefield() if o.controller == player)


@pytest.mark.rule("603.12", "111.1")
def test_ajani_reflexive_trigger_once_per_token() -> None:
    """With a red creature (Kruin Outlaw) the reflexive ability deals damage equal to
    the creatures you control (Kruin, the Cat Warrior: 2). With Doubling Season two
    tokens are made, the ability triggers twice, 3 damage each (three creatures)."""
    game, ajani = _avenger(3)
    game.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    script(game, 1, ("targets for", [("p", 2)]))
    game.apply(1, Activate(ajani, 1))
    game.resolve_stack()
    assert game.life[2] == 18 and _mine(game, 1).count("Cat Warrior Token") == 1

    doubled, ajani = _avenger(3)
    doubled.add("Kruin Outlaw", Zone.BATTLEFIELD, 1)
    doubled.add("Doubling Season", Zone.BATTLEFIELD, 1)
    script(
        doubled,
        1,
        ("order of your triggered abilities", [0, 1]),
        ("targets for", [("p", 2)]),
        ("targets for", [("p", 2)]),
    )
    doubled.apply(1, Activate(ajani, 1))
    doubled.resolve_stack()
    assert _mine(doubled, 1).count("Cat Warrior Token") == 2 and doubled.life[2] == 20 - 3 - 3


@pytest.mark.rule("603.12")
def test_ajani_without_a_red_permanent_deals_nothing() -> None:
    """No other red permanent: the token is made, the reflexive ability does nothing."""
    game, ajani = _avenger(3)
    game.apply(1, Activate(ajani, 1))
    game.resolve_stack()
    assert game.life[2] == 20 and _mine(game, 1).count("Cat Warrior Token") == 1


@pytest.mark.rule("701.21a", "701.20a")
def test_ajani_ultimate_each_opponent_keeps_one_of_each_kind() -> None:
    """−4: player 2 keeps one creature (of two), their artifact and their enchantment,
    and sacrifices the other creature; their land stays; player 1's permanents stay."""
    game, ajani = _avenger(4)
    keep = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    lose = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.add("Test Sword", Zone.BATTLEFIELD, 2)
    game.add("Doubling Season", Zone.BATTLEFIELD, 2)
    game.add("Forest", Zone.BATTLEFIELD, 2)
    mine = game.add("Grizzly Bears", Zone.BATTLEFIELD, 1)
    script(game, 2, ("creature to choose", [keep]))
    game.apply(1, Activate(ajani, 2))
    game.resolve_stack()
    assert _mine(game, 2) == ["Doubling Season", "Forest", "Grizzly Bears", "Test Sword"]
    assert keep in game.objects and lose not in game.objects and mine in game.objects
    assert names(game, Zone.GRAVEYARD, 2) == ["Grizzly Bears"]
    assert "revealed: Grizzly Bears" in game.log_text(1)
