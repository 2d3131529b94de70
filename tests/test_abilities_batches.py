""" "One or more" triggers fire once for a batch of simultaneous events (603.2c), and
``ActivationLimit$`` caps how often an ability is used each turn; played from the
cards' own scripts (bundled ones, and corpus scripts as test input)."""

from __future__ import annotations

import pytest
from helpers import FORGE_2020
from play_support import lands, names, played_game, script
from test_abilities_tallies import corpus_game

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.game import Activate, PlayLand
from dfc_plugin.state import Side, Zone


@pytest.mark.rule("603.2c", "712.4a")
def test_titania_gains_life_once_for_lands_put_into_graveyard() -> None:
    """Titania, Voice of Gaea: "Whenever one or more land cards are put into your
    graveyard from anywhere, you gain 2 life." Argoth's "create a 2/2 green Bear
    creature token, then mill three cards" puts three lands there at once: 2 life, not 6.
    At the next upkeep (four lands in the graveyard) they meld, and Titania, Gaea
    Incarnate "return[s] all land cards from your graveyard to the battlefield tapped"
    (``ChangeZoneAll ... Tapped$ True``)."""
    game = played_game()
    titania = game.add("Titania, Voice of Gaea", Zone.BATTLEFIELD, 1)
    argoth = game.add("Argoth, Sanctum of Nature", Zone.BATTLEFIELD, 1)
    game.add("Forest", Zone.GRAVEYARD, 1)
    forests = lands(game, 1, "Forest", 4)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Activate(argoth, 1))
    game.resolve_stack()
    assert "Bear Token" in names(game, Zone.BATTLEFIELD, 1)
    assert names(game, Zone.GRAVEYARD, 1) == ["Forest", "Island", "Island", "Island"]
    assert game.life[1] == 22
    game.pass_until("upkeep", turn=3)
    game.resolve_stack()
    assert titania not in game.objects and argoth not in game.objects
    assert "Titania, Gaea Incarnate" in names(game, Zone.BATTLEFIELD, 1) and not game.in_zone(
        Zone.GRAVEYARD, 1
    )
    returned = [o for o in game.battlefield() if o.id not in forests and game.has_type_of(o, "Land")]
    assert len(returned) == 4 and all(o.tapped for o in returned)


@pytest.mark.rule("603.2c", "602.5b")
def test_fang_draws_once_each_turn() -> None:
    """Fang, Fearless l'Cie: "Whenever one or more cards leave your graveyard, you draw a
    card and you lose 1 life. This ability triggers only once each turn."
    (``ChangesZoneAll ... Origin$ Graveyard``, ``ActivationLimit$ 1``)."""
    game = played_game()
    game.add("Fang, Fearless l'Cie", Zone.BATTLEFIELD, 1)
    dead = [game.add("Grizzly Bears", Zone.GRAVEYARD, 1) for _ in range(3)]
    game.add("Grizzly Bears", Zone.GRAVEYARD, 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    hand = len(game.in_zone(Zone.HAND, 1))
    game.move(game.in_zone(Zone.GRAVEYARD, 2)[0].id, Zone.EXILE)  # not your graveyard
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == hand and game.life[1] == 20
    game.move(dead[0], Zone.EXILE)
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == hand + 1 and game.life[1] == 19
    game.move(dead[1], Zone.EXILE)  # the second time this turn: it doesn't trigger
    game.resolve_stack()
    assert len(game.in_zone(Zone.HAND, 1)) == hand + 1 and game.life[1] == 19
    game.pass_until("main1", turn=2)
    game.move(dead[2], Zone.EXILE)
    game.resolve_stack()
    assert game.life[1] == 18


@pytest.mark.rule("603.2c", "510.2")
def test_storm_the_vault_one_treasure_for_all_its_attackers() -> None:
    """Storm the Vault (2020 corpus script): "Whenever one or more creatures you control
    deal combat damage to a player, create a colorless Treasure artifact token": two
    attackers dealing combat damage at once make one Treasure; damage outside combat
    makes none."""
    path = FORGE_2020 / "s" / "storm_the_vault_vault_of_catlacan.txt"
    game = corpus_game(path)
    game.add("Storm the Vault", Zone.BATTLEFIELD, 1)
    bears = [game.add("Grizzly Bears", Zone.BATTLEFIELD, 1) for _ in range(2)]
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.deal_damage(bears[0], ("p", 2), 1)
    game.resolve_stack()
    assert "Treasure" not in names(game, Zone.BATTLEFIELD, 1)
    script(game, 1, ("attackers", bears))
    game.pass_until("end_combat", turn=1)
    game.resolve_stack()
    assert game.life[2] == 20 - 1 - 4 and names(game, Zone.BATTLEFIELD, 1).count("Treasure") == 1


@pytest.mark.rule("701.21", "509.1h")
def test_likeness_of_the_seeker_untaps_up_to_three_lands() -> None:
    """Likeness of the Seeker: "Whenever Likeness of the Seeker becomes blocked, untap
    up to three lands you control." (``Untap | UntapUpTo$ True | UntapType$
    Land.YouCtrl | Amount$ 3``): its controller picks up to three; no opponent's land."""
    game = played_game()
    likeness = game.add("Azusa's Many Journeys", Zone.BATTLEFIELD, 1, up=Side.BACK)
    mine = lands(game, 1, "Forest", 4)
    theirs = lands(game, 2, "Forest", 1)
    blocker = game.add("Grizzly Bears", Zone.BATTLEFIELD, 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    for land in (*mine, *theirs):
        game.set_tapped(land, True)
    script(game, 1, ("attackers", [likeness]), ("permanents to untap", mine[:3]))
    script(game, 2, ("blockers for Likeness of the Seeker", [blocker]))
    game.pass_until("declare_blockers", turn=1)
    game.resolve_stack()
    assert [game.obj(i).tapped for i in mine] == [False, False, False, True]
    assert game.obj(theirs[0]).tapped


@pytest.mark.rule("603.7a", "701.14a", "712.14a")
def test_golden_guardian_returns_transformed_when_it_dies_this_turn() -> None:
    """Golden Guardian: "{2}: Golden Guardian fights another target creature you
    control. When Golden Guardian dies this turn, return it to the battlefield
    transformed under your control." (a DelayedTrigger handing ``Origin$``,
    ``Destination$`` and ``ValidCard$`` to its ChangesZone mode)."""
    game = played_game()
    guardian = game.add("Golden Guardian", Zone.BATTLEFIELD, 1)
    rhino = game.add("Test Rhino", Zone.BATTLEFIELD, 1)
    lands(game, 1, "Island", 2)
    game.start(hand=0)
    game.pass_until("main1", turn=1)
    game.apply(1, Activate(guardian, 0))  # its one legal target: the Rhino
    game.resolve_stack()
    assert guardian not in game.objects and rhino not in game.objects
    assert "Gold-Forge Garrison" in names(game, Zone.BATTLEFIELD, 1)
    assert names(game, Zone.GRAVEYARD, 1) == ["Test Rhino"]


@pytest.mark.rule("305.2a", "714.2b")
def test_azusas_many_journeys_one_more_land() -> None:
    """Azusa's Many Journeys: "I — You may play an additional land this turn." (an
    Effect's ``Continuous | Affected$ You | AdjustLandPlays$ 1``): two lands this turn,
    one the next."""
    game = played_game(library_cards=("Forest",) * 10)
    game.add("Azusa's Many Journeys", Zone.BATTLEFIELD, 1)
    forests = [game.add("Forest", Zone.HAND, 1) for _ in range(5)]
    game.start(hand=0)
    game.pass_until("main1", turn=1)  # a lore counter: chapter I
    game.resolve_stack()
    game.apply(1, PlayLand(forests[0]))
    game.apply(1, PlayLand(forests[1]))
    with pytest.raises(IllegalActionError):
        game.apply(1, PlayLand(forests[2]))
    game.pass_until("main1", turn=3)
    game.resolve_stack()  # chapter II: 3 life
    game.apply(1, PlayLand(forests[2]))
    assert not any(isinstance(a, PlayLand) for a in game.legal_actions(1))
