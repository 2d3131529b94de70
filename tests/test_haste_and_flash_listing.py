"""What the listing of legal actions and the costs read of other objects' effects:
haste from any source lets a creature pay {T} the turn it came under its controller's
control (302.6, 702.10c), and flash a static gives lets its player cast at instant
timing (702.8a). The plugin's ``can_pay_tap_cost`` reads the printed haste of the face
that is up; haste an effect or a static grants is the engine's to add, in the listing,
in the mana sources a payment may tap, and when the cost is paid.

CR 702.10c: "If a creature has haste, its controller can activate its activated abilities
whose cost includes the tap symbol or the untap symbol even if that creature hasn't been
controlled by that player continuously since their most recent turn began." (Before this fix the engine asked about control only: a creature given
haste could attack but not use its {T} abilities; and a creature given flash could be cast
at instant timing, but the listing didn't offer it.)"""

from __future__ import annotations

from play_support import arlinn_flash_game, played_game

from dfc_plugin.host import Game
from dfc_plugin.host.game.actions import Activate, Cast, Pass
from dfc_plugin.state import Zone


def _sick(name: str) -> tuple[Game, int]:
    """A game at player 1's first main phase with ``name`` under their control since
    this turn (302.6: summoning sick)."""
    game = played_game()
    found = game.add(name, Zone.BATTLEFIELD, 1, controlled_since_turn=1)
    game.start(hand=0, step="main1")
    return game, found


def test_a_summoning_sick_creature_lists_no_tap_ability() -> None:
    game, scholar = _sick("Civilized Scholar")
    assert Activate(scholar, 0) not in game.legal_actions(1)


def test_haste_from_an_effect_lists_and_pays_a_tap_ability() -> None:
    game, scholar = _sick("Civilized Scholar")
    game.add_effect(scholar, 0, 0, ("Haste",), until_end_of_turn=True)
    assert Activate(scholar, 0) in game.legal_actions(1)
    game.apply(1, Activate(scholar, 0))
    assert game.objects[scholar].tapped


def test_haste_from_a_static_lets_a_mana_ability_tap() -> None:
    """Esika's "{T}: Add one mana of any color", listed once the static arrives (the
    listing's per-object memo must not keep the summoning-sick answer)."""
    game, esika = _sick("Esika, God of the Tree")
    assert Activate(esika, 0) not in game.legal_actions(1)
    game.add("Test War Drums", Zone.BATTLEFIELD, 1)
    assert Activate(esika, 0) in game.legal_actions(1)
    assert any(found.id == esika for found, _, _ in game.mana_sources(1))


def test_haste_granted_to_an_opponents_creature_is_not_mine() -> None:
    """The static gives haste to its controller's creatures only."""
    game, esika = _sick("Esika, God of the Tree")
    game.add("Test War Drums", Zone.BATTLEFIELD, 2)
    assert Activate(esika, 0) not in game.legal_actions(1)


def test_a_creature_given_flash_by_a_static_is_listed_at_instant_timing() -> None:
    """702.8a with 601.3: Arlinn, the Pack's Hope's +1 lets its controller cast creature
    spells as though they had flash until their next turn; the listing offers the cast on
    the opponent's turn (it had refused it, while casting it was allowed)."""
    game = arlinn_flash_game()
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    game.pass_until("upkeep", turn=2)
    for _ in range(2):
        game.add("Forest", Zone.BATTLEFIELD, 1)
    game.apply(2, Pass())
    assert game.priority == 1
    assert Cast(bears, 0) in game.legal_actions(1)
    game.pass_until("upkeep", turn=3)  # "until your next turn": over
    game.pass_until("upkeep", turn=4)
    game.apply(2, Pass())
    assert not any(isinstance(a, Cast) and a.object_id == bears for a in game.legal_actions(1))


def test_flash_an_opponents_static_gives_is_seen_by_a_remembered_listing() -> None:
    """A listing at instant timing that offered only Pass is kept while the player's own
    objects stay the same; flash given by another player's permanent (702.8a) changes
    it all the same."""
    game = played_game()
    game.start(hand=0)
    bears = game.add("Grizzly Bears", Zone.HAND, 1)
    for _ in range(2):
        game.add("Forest", Zone.BATTLEFIELD, 1)
    game.pass_until("upkeep", turn=2)
    game.apply(2, Pass())
    assert game.priority == 1
    assert not any(isinstance(a, Cast) for a in game.legal_actions(1))
    game.add("Test Open Season", Zone.BATTLEFIELD, 2)
    assert Cast(bears, 0) in game.legal_actions(1)
