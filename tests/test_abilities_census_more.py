"""The census counts what a game would refuse: the abilities an Effect creates, the
SVars a Saga's chapters run, and ``Moved`` replacements the game can't apply."""

from __future__ import annotations

from dfc_plugin.cards import CardDef
from dfc_plugin.host.abilities.census import card_report
from dfc_plugin.script.build import read_script

SAGA = """Name:Test Saga of Census
ManaCost:1
Types:Enchantment Saga
K:Chapter:2:CensusOne,CensusTwo
SVar:CensusOne:DB$ GainLife | Defined$ You | LifeAmount$ 1
SVar:CensusTwo:DB$ NoSuchApi | Defined$ You
Oracle:I — You gain 1 life.\\nII — Something no engine knows.
"""

EFFECT = """Name:Test Effect of Census
ManaCost:1
Types:Sorcery
A:SP$ Effect | StaticAbilities$ CensusPlay | SpellDescription$ You may play the top card.
SVar:CensusPlay:Mode$ Continuous | Affected$ Card.TopLibrary+YouCtrl | AffectedZone$ Library | MayPlay$ True | Description$ You may play it.
Oracle:You may play the top card.
"""

REPLACEMENT = """Name:Test Banisher of Census
ManaCost:1
Types:Creature Human
PT:1/1
R:Event$ Moved | ActiveZones$ Battlefield | Origin$ Battlefield | Destination$ Graveyard | ValidLKI$ Creature.OppCtrl | ReplaceWith$ CensusExile | Description$ Exile it instead, then draw.
SVar:CensusExile:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ All | Destination$ Exile | SubAbility$ CensusDraw
SVar:CensusDraw:DB$ Draw | Defined$ You | NumCards$ 1
Oracle:If a creature an opponent controls would die, exile it instead, then draw a card.
"""


def _card(text: str) -> CardDef:
    result = read_script(text.encode(), "census-test.txt")
    assert result.card is not None, result.errors
    return result.card


def test_a_saga_chapter_that_cant_run_is_counted() -> None:
    report = card_report(_card(SAGA))
    assert not report.runs and report.missing == ["NoSuchApi"]


def test_an_effects_static_that_cant_run_is_counted() -> None:
    report = card_report(_card(EFFECT))
    assert not report.runs
    assert report.missing == ["valid:TopLibrary"]  # "the top card of your library"


def test_a_continuous_static_for_cards_off_the_battlefield_is_counted() -> None:
    """Off the battlefield a Continuous static runs only as a permission to play
    (MayPlay$): one that would give cards in a graveyard an ability doesn't run."""
    text = EFFECT.replace("MayPlay$ True", "AddKeyword$ Flying").replace("Card.TopLibrary+YouCtrl", "Card.YouOwn")
    report = card_report(_card(text))
    assert not report.runs and "Continuous.AffectedZone" in report.missing


def test_a_moved_replacement_the_game_would_refuse_is_counted() -> None:
    report = card_report(_card(REPLACEMENT))
    assert report.missing == ["Moved.ReplaceWith:ChangeZone+SubAbility"]
