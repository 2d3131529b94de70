"""Issue 10 (throughput), round 8 B: what the listing of legal actions keeps from one
version of the game to the next where a static grants abilities (host/game/actions.py,
layers.py, abilities/statics.py) gives the answers worked out afresh, and the settled
rows see haste a static gives to an unchanged permanent.

CR 613.1f: ability-adding effects apply in layer 6; CR 702.10c: "If a creature has
haste, its controller can activate its activated abilities whose cost includes the tap
symbol or the untap symbol even if that creature hasn't been controlled by that player
continuously since their most recent turn began." """

from __future__ import annotations

from play_support import played_game

from dfc_plugin.host import Game
from dfc_plugin.host.game.actions import Action, Activate, Pass
from dfc_plugin.host.game.cache import drop_caches, fresh
from dfc_plugin.state import Zone


def _afresh(game: Game, player: int) -> list[Action]:
    """The listing worked out with nothing remembered."""
    drop_caches(game)
    with fresh():
        return game.legal_actions(player)


def _main_phase(*names: str, sick: bool = False) -> tuple[Game, list[int]]:
    """Player 1's first main phase with ``names`` on their battlefield (``sick``: since
    this turn, 302.6)."""
    game = played_game()
    since = 1 if sick else 0
    found = [game.add(name, Zone.BATTLEFIELD, 1, controlled_since_turn=since) for name in names]
    game.start(hand=0, step="main1")
    return game, found


def test_haste_from_a_static_reaches_an_unchanged_row() -> None:
    """Civilized Scholar's {T} ability, not listed while it is summoning sick, is listed
    once a static gives it haste: its object is unchanged (no grant, no new state), so
    the settled row kept for it must be worked out again (before this fix it was not,
    and the listing left out an action that ``apply`` allowed)."""
    game, (scholar,) = _main_phase("Civilized Scholar", sick=True)
    assert Activate(scholar, 0) not in game.legal_actions(1)
    game.add("Test War Drums", Zone.BATTLEFIELD, 1)
    listed = game.legal_actions(1)
    assert Activate(scholar, 0) in listed
    assert listed == _afresh(game, 1)


def test_a_granted_ability_is_the_same_object_from_version_to_version() -> None:
    """Esika grants other legendary creatures "{T}: Add one mana of any color": the
    granted ability read again for a later version is the very same object (so the
    rows reading it are kept), equal to the one worked out afresh, and the layers'
    parts give the same abilities."""
    game, (_, bruna) = _main_phase("Esika, God of the Tree", "Bruna, the Fading Light")
    first = game.granted_abilities(game.objects[bruna])
    assert [a.params.get("AB") for a in first] == ["Mana"]
    game.add("Forest", Zone.BATTLEFIELD, 1)  # (a new version)
    again = game.granted_abilities(game.objects[bruna])
    assert len(again) == 1 and again[0] is first[0]
    drop_caches(game)
    with fresh():
        worked_out = game.granted_abilities(game.objects[bruna])
    assert worked_out == again and worked_out[0] is not again[0]
    parts = game._statics_for(game.objects[bruna])
    assert [a for part in parts for a in part.abilities] == again


def test_the_rows_kept_under_a_grant_follow_it() -> None:
    """With Esika out, Bruna's granted mana ability is listed (index 0: Bruna has no
    activated ability of her own); Esika gone, it is not, though Bruna's object is
    unchanged: a row kept under a grant is kept only with the very same grants."""
    game, (esika, bruna) = _main_phase("Esika, God of the Tree", "Bruna, the Fading Light")
    assert Activate(bruna, 0) in game.legal_actions(1)
    game.add("Forest", Zone.BATTLEFIELD, 1)  # (a new version: the rows are kept)
    assert Activate(bruna, 0) in game.legal_actions(1)
    game.move(esika, Zone.GRAVEYARD)
    listed = game.legal_actions(1)
    assert Activate(bruna, 0) not in listed
    assert listed == _afresh(game, 1)


def test_haste_an_opponents_static_gives_is_seen_by_a_remembered_listing() -> None:
    """At instant timing, the listing kept while the player's own objects stay the same
    (``"local"``) reads whether each may pay {T}: haste another player's permanent gives
    them (702.10c) changes it all the same."""
    game, (scholar,) = _main_phase("Civilized Scholar", sick=True)
    game.pass_until("upkeep", turn=2)
    game.apply(2, Pass())
    assert game.priority == 1
    assert Activate(scholar, 0) not in game.legal_actions(1)  # (since turn 1: still sick)
    game.add("Test Stampede Horns", Zone.BATTLEFIELD, 2)
    listed = game.legal_actions(1)
    assert Activate(scholar, 0) in listed
    assert listed == _afresh(game, 1)


def test_statics_give_keyword_names_only_the_keywords_a_static_gives() -> None:
    """Esika's static gives vigilance (and an ability), War Drums' gives haste: whether
    a static gives haste, asked for each version, is what a fresh reading answers."""
    game, (_, bruna) = _main_phase("Esika, God of the Tree", "Bruna, the Fading Light")
    assert game.statics_give_keyword("vigilance") and not game.statics_give_keyword("haste")
    assert not game.has_keyword_of(game.objects[bruna], "Haste")
    game.add("Test War Drums", Zone.BATTLEFIELD, 1)
    assert game.statics_give_keyword("haste") and game.has_keyword_of(game.objects[bruna], "Haste")
    drop_caches(game)
    with fresh():
        assert game.statics_give_keyword("haste") and not game.statics_give_keyword("trample")
