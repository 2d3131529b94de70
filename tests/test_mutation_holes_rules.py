"""The second round of holes the mutation benchmark found in the rule handlers
(cr712_holes_rules.toml): each new scenario fails on an engine whose plugin answers that
rule wrongly (the two bugs it found among them: targeted and loyalty abilities counted as
mana abilities, 605.1a; a token copy of a spell keeping its back face up, 707.8a), and the
engine now reports the plugin's answer for playing a land (305.1, 712.12)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rules_support import EDITION_2022, Side, Zone, card, melded, on, rules
from test_mutation_holes import Broken, _run

from dfc_plugin.conformance.driver import ReferenceDriver
from dfc_plugin.conformance.runner import run_scenario
from dfc_plugin.registry import Registry
from dfc_plugin.rules import casting, mana, meld, transform
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.outcome import Outcome, Verdict
from dfc_plugin.script.build import read_script
from dfc_plugin.script.parser import parse_value
from dfc_plugin.state import CopyKind, DfcState, TokenKind


def _every_mana_api(registry: Registry) -> Callable[..., Any]:
    """The old answer: any AB$ Mana of the face up, targeted or loyalty ones too."""

    def abilities(state: DfcState) -> Any:
        face = registry.characteristics(state).face
        if state.zone is not Zone.BATTLEFIELD or face is None:
            return ()
        return tuple(
            mana.ManaAbility(parse_value("cost", "0"), frozenset("C"), 1, None, ability.line, ability.text)
            for ability in face.abilities
            if ability.params.api == "Mana"
        )

    return abilities


def _copy_keeps_spell_face(registry: Registry) -> Callable[..., Any]:
    """The old answer: a token copy of a spell keeps the face up on the stack."""

    def token_copy(source: DfcState) -> DfcState:
        return DfcState(source.cards[:1], Zone.BATTLEFIELD, up=source.up, token=TokenKind.DOUBLE_FACED_TOKEN)

    return token_copy


def _siege_by_back_face(registry: Registry) -> Callable[..., Any]:
    def option(card: Any, via: Any = "cast_transformed") -> Any:
        found = casting.transformed_option(registry.edition, card, via)
        return None if found is None else replace(found, face=1)

    return option


def _applies_as_enters(registry: Registry) -> Callable[..., Any]:
    """712.20 read too widely: every "As ..." line of the new face applies as it turns."""

    def turn(state: DfcState, action: Any = "transform", cause: Any = "effect", since: Any = None) -> Outcome:
        outcome = transform.transform(registry.edition, state, action, cause, since)
        target = transform.other_face(state)
        lines = (
            tuple(line for line in target.oracle_text.splitlines() if line.startswith("As "))
            if target
            else ()
        )
        return replace(outcome, notes=lines)

    return turn


def _land_by_the_wrong_rule(registry: Registry) -> Callable[..., Any]:
    def play(state: DfcState, option: Any) -> Outcome:
        outcome = casting.play_land(registry.edition, state, option)
        return replace(outcome, rule="712.12")

    return play


def _land_never_played(registry: Registry) -> Callable[..., Any]:
    def play(state: DfcState, option: Any) -> Outcome:
        return Outcome.nothing(state, Verdict(False, "305.1", "a broken plugin plays no land"))

    return play


BROKEN = {
    "605.1a targeted and loyalty abilities": (
        Broken("mana_abilities", _every_mana_api),
        "605.1a-a-targeted-or-loyalty-ability-is-no-mana-ability@2026-09-25",
        "mana_abilities",
    ),
    "707.8a copy of a spell": (
        Broken("token_copy", _copy_keeps_spell_face),
        "707.8a-token-copy-of-a-spell-cast-transformed-enters-front-face-up",
        "up",
    ),
    "310.11b the face of the option": (
        Broken("transformed_option", _siege_by_back_face),
        "310.11b-siege-cast-from-exile-by-the-face-its-options-name",
        "712.11c",
    ),
    "712.20 As enters": (
        Broken("transform", _applies_as_enters),
        "712.20-an-as-enters-ability-is-not-applied-as-it-transforms",
        "notes",
    ),
    "305.1 the rule of a land play": (
        Broken("play_land", _land_by_the_wrong_rule),
        "305.1-nonmodal-land-front-played-front-face-up@2026-09-25",
        "712.12",
    ),
    "305.1 a land play the plugin refuses": (
        Broken("play_land", _land_never_played),
        "305.1-single-faced-land-played@2026-09-25",
        "refused",
    ),
}


@pytest.mark.rule("605.1a", "605.5a", "707.8a", "310.11b", "712.20", "305.1")
@pytest.mark.parametrize("hole", list(BROKEN))
def test_each_new_scenario_fails_on_a_wrong_engine(hole: str) -> None:
    plugin, run_id, said = BROKEN[hole]
    run = _run(run_id)
    assert run_scenario(run, ReferenceDriver).status == "passed"
    broken = run_scenario(run, lambda: ReferenceDriver(plugins=[plugin]))
    assert broken.status in ("failed", "error"), broken.message
    assert said in broken.message, broken.message


R = rules()


@pytest.mark.rule("605.1a", "605.5a")
def test_a_targeted_or_loyalty_mana_effect_is_no_mana_ability() -> None:
    """605.5a: "An ability with a target is not a mana ability"; 605.1a: nor is a loyalty
    ability. Jetfire's ability targets a player; Arlinn, the Moon's Fury's [+2] adds
    {R}{G}; Esika's own {T} ability is one."""
    assert R.mana_abilities(on("Jetfire, Ingenious Scientist")) == ()
    assert R.mana_abilities(on("Arlinn, the Moon's Fury")) == ()
    (esika,) = R.mana_abilities(on("Esika, God of the Tree"))
    assert esika.taps_for_mana and esika.produced == frozenset("WUBRG")
    (braider,) = R.mana_abilities(on("Smokebraider"))
    assert (braider.amount, braider.produced) == (2, frozenset("WUBRG"))


@pytest.mark.rule("707.8a", "112.1")
def test_token_copy_of_a_spell_back_face_up_enters_front_face_up() -> None:
    """A spell is a card (112.1): only a permanent's back face up carries to the token."""
    spell = on("Hook-Haunt Drifter", Zone.STACK)
    assert spell.up is Side.BACK
    token = R.token_copy(spell)
    assert (token.token, token.up) == (TokenKind.DOUBLE_FACED_TOKEN, Side.FRONT)
    assert R.token_copy(on("Hook-Haunt Drifter")).up is Side.BACK


# --------------------------------------------------------------------------- rule points
# What no scenario can reach (the reference engine never asks it so, or no real card has
# it), asked of the rule points directly: the survivors the benchmark lists as only
# catchable by a unit test.


def _script(text: str, name: str = "test_card.txt") -> Any:
    built = read_script(text.encode(), name).card
    assert built is not None
    return built


@pytest.mark.rule("305.1", "712.12")
def test_play_land_of_an_option_that_is_not_a_land_does_nothing() -> None:
    """305.1: only a land is played; an option that is no land play, or names a face the
    card doesn't have, changes nothing."""
    smashing = on("Shatterskull Smashing", Zone.HAND)
    spell_face = next(o for o in R.cast_options(smashing.card, Zone.HAND) if o.play == "cast")
    assert not R.play_land(smashing, spell_face).happened
    land_face = R.land_options(smashing.card)[0]
    assert R.play_land(smashing, land_face).rule == "712.12"
    assert not R.play_land(smashing, replace(land_face, face=2)).happened


@pytest.mark.rule("701.42b", "701.42c", "712.4b")
def test_meld_needs_two_cards_and_the_melded_face() -> None:
    """A melded permanent is not a meld card (701.42b); without its melded face the
    engine can't meld the pair (712.4b)."""
    brisela = melded("Gisela, the Broken Blade")
    bruna = on("Bruna, the Fading Light", Zone.EXILE)
    assert not R.can_meld(brisela, bruna)
    gisela = on("Gisela, the Broken Blade", Zone.EXILE)
    unknown = R.meld(gisela, bruna, None)
    assert (unknown.happened, unknown.rule) == (False, "712.4b")


@pytest.mark.rule("701.42b")
def test_a_meld_pair_names_each_other() -> None:
    """Two meld cards are a pair only if each names the other (701.42b); a card naming
    itself is no pair with its own copy."""
    head = "ManaCost:1 W\nTypes:Creature Human\nPT:1/1\nAlternateMode:Meld\n"
    one = _script(f"Name:Test One\n{head}MeldPair:Test Two\nOracle:\n", "test_one.txt")
    two = _script(f"Name:Test Two\n{head}MeldPair:Test Three\nOracle:\n", "test_two.txt")
    alone = _script(f"Name:Test Alone\n{head}MeldPair:Test Alone\nOracle:\n", "test_alone.txt")
    assert one.dfc.meld is not None and two.dfc.meld is not None and alone.dfc.meld is not None
    assert meld.meld_pair_primary(one, two) is None
    assert meld.meld_pair_primary(two, one) is None
    assert meld.meld_pair_primary(alone, alone) is None
    back = "\n\nALTERNATE\n\nName:Test Both\nManaCost:no cost\nTypes:Creature Horror\nPT:5/5\nOracle:\n"
    left = _script(f"Name:Test Left\n{head}MeldPair:Test Right\nOracle:{back}", "test_left.txt")
    right = _script(f"Name:Test Right\n{head}MeldPair:Test Left\nOracle:{back}", "test_right.txt")
    assert left.dfc.meld is not None and left.dfc.meld.carries_melded_face
    assert right.dfc.meld is not None and right.dfc.meld.carries_melded_face
    assert meld.meld_pair_primary(left, right) == (left, right)  # both carry it: the first named


@pytest.mark.rule("702.145c", "701.27c")
def test_only_a_double_faced_daybound_permanent_transforms_at_night() -> None:
    """Under 2022-04-29 a token copy of Brutal Cathar is single-faced (no double-faced
    tokens): it has daybound but nothing turns it over (702.145c asks of a DFC)."""
    older = rules(EDITION_2022)
    token = older.token_copy(on("Brutal Cathar"))
    assert token.token is TokenKind.TOKEN
    assert not older.day_night_transform(token, DayNight.NIGHT)
    assert not R.day_night_transform(on("Brutal Cathar", face_down=True), DayNight.NIGHT)


@pytest.mark.rule("712.20")
def test_as_it_converts_applies_and_as_it_enters_does_not() -> None:
    """712.20: an "As [this] converts" line applies as it turns over; an "As [this]
    enters" or "As long as" line doesn't."""
    text = (
        "Name:Test Bot\nManaCost:2 U\nTypes:Artifact Creature Robot\nPT:2/2\nAlternateMode:DoubleFaced\n"
        "Oracle:\n\nALTERNATE\n\nName:Test Car\nManaCost:no cost\nColors:blue\nTypes:Artifact Vehicle\n"
        "PT:4/4\nOracle:As this Vehicle converts into Test Car, draw a card.\\nAs long as it's your turn, "
        "it has flying.\\nAs Test Car enters, scry 1.\n"
    )
    bot = _script(text, "test_bot.txt")
    outcome = R.transform(DfcState.of(bot, Zone.BATTLEFIELD))
    assert outcome.notes == ("As this Vehicle converts into Test Car, draw a card.",)


@pytest.mark.rule("712.6", "712.7")
def test_a_hidden_card_shows_no_face_down_status() -> None:
    """A card in a hand, hidden from a player, shows only its zone, even one marked face
    down (708: face down is a status of the stack, battlefield and exile)."""
    seen = R.view(on("Delver of Secrets", Zone.HAND, face_down=True), False)
    assert seen == {"hidden": True, "zone": "hand"}


@pytest.mark.rule("712.11a", "712.11d")
def test_only_the_front_face_of_a_double_faced_card_casts_it_transformed() -> None:
    """712.11d: the front face's ability casts the card transformed; a disturb keyword
    printed on a back face, or on a card with no back face, gives no option."""
    back_disturb = (
        "Name:Test Spirit Caller\nManaCost:1 W\nTypes:Creature Human\nPT:1/1\nAlternateMode:DoubleFaced\n"
        "Oracle:\n\nALTERNATE\n\nName:Test Spirit\nManaCost:no cost\nColors:white\nTypes:Creature Spirit\n"
        "PT:1/1\nK:Disturb:1 W\nOracle:Disturb {1}{W}\n"
    )
    assert R.cast_options(_script(back_disturb, "test_spirit.txt"), Zone.GRAVEYARD) == ()
    single = (
        "Name:Test Ghost\nManaCost:1 W\nTypes:Creature Spirit\nPT:1/1\nK:Disturb:1 W\nOracle:Disturb {1}{W}\n"
    )
    assert R.cast_options(_script(single, "test_ghost.txt"), Zone.GRAVEYARD) == ()


@pytest.mark.rule("712.8a", "712.8e", "707.8")
def test_defaults_of_the_rule_points() -> None:
    """The defaults a host relies on: a spell's X is 0, a resolving spell isn't told to
    enter transformed, a card put onto the battlefield isn't transformed or face down."""
    option = R.cast_options(card("Delver of Secrets"), Zone.HAND)[0]
    assert R.spell_state(card("Delver of Secrets"), option).x == 0
    assert R.resolve(on("Delver of Secrets", Zone.STACK)).state.up is Side.FRONT
    put = R.put_onto_battlefield(card("Delver of Secrets"), Zone.HAND).state
    assert (put.up, put.face_down) == (Side.FRONT, False)


@pytest.mark.rule("712.8a", "712.8e", "707.8", "202.3b")
def test_a_face_that_is_not_there_is_never_up() -> None:
    """States no rule makes, asked anyway: a card with one face "back face up" on the
    battlefield, and a double-faced card "back face up" in a graveyard (712.8a: the
    front face only), have their front face's characteristics, copiable values and mana
    value; a split card's second half is a face of its own, not a back face (202.3b)."""
    bears = on("Grizzly Bears", up=Side.BACK)
    assert R.characteristics(bears).name == "Grizzly Bears"
    assert R.copiable_values(bears).face is card("Grizzly Bears").faces[0]
    bruna = on("Bruna, the Fading Light", up=Side.BACK)
    assert R.copiable_values(bruna).face is card("Bruna, the Fading Light").faces[0]
    buried = on("Shatterskull Smashing", Zone.GRAVEYARD, up=Side.BACK)
    assert R.characteristics(buried).name == "Shatterskull Smashing"
    assert R.mana_value(buried) == card("Shatterskull Smashing").faces[0].mana_value
    ice = on("Fire", Zone.STACK, up=Side.BACK)
    assert [f.name for f in ice.card.faces] == ["Fire", "Ice"]
    assert R.copiable_values(ice).kind is CopyKind.FACE
