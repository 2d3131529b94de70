"""Copies and tokens: CR 707.8, 707.8a, 707.10g, 111.10i (current); 706.8 and 711.1
(2017: no double-faced tokens)."""

from __future__ import annotations

import pytest
from rules_support import EDITION_2017, Side, Zone, card, melded, on, rules

from dfc_plugin.state import CopyKind, TokenKind

R = rules()


@pytest.mark.rule("707.8a")
def test_token_copy_of_a_dfc_is_a_double_faced_token() -> None:
    """707.8a example: a token copy of Afflicted Deserter has both faces, can transform,
    and enters with the same face up as what it copied."""
    token = R.token_copy(on("Afflicted Deserter"))
    assert (token.token, token.up) == (TokenKind.DOUBLE_FACED_TOKEN, Side.FRONT)
    assert R.transform(token).happened
    transformed = R.token_copy(on("Werewolf Ransacker"))
    assert transformed.up is Side.BACK
    assert R.characteristics(transformed).name == "Werewolf Ransacker"


@pytest.mark.rule("707.8a")
def test_token_copy_of_a_dfc_card_in_another_zone_enters_front_up() -> None:
    token = R.token_copy(on("Delver of Secrets", Zone.GRAVEYARD))
    assert (token.token, token.up, token.zone) == (TokenKind.DOUBLE_FACED_TOKEN, Side.FRONT, Zone.BATTLEFIELD)


@pytest.mark.rule("707.8a", "202.3b")
def test_double_faced_token_copy_takes_mana_value_from_its_front_face() -> None:
    """Our reading (see dfc_plugin.rules.copies): the token has a front face of its own."""
    assert R.mana_value(R.token_copy(on("Ravager of the Fells"))) == 4


@pytest.mark.rule("707.8a")
def test_token_copy_of_a_copy_is_single_faced() -> None:
    """707.8a: "as modified by any other copy effects": a Clone copying Delver isn't a DFC,
    so a token copy of the Clone is an ordinary token copy of Delver's front face."""
    clone = R.become_copy(on("Clone"), on("Delver of Secrets"))
    token = R.token_copy(clone)
    assert token.token is TokenKind.TOKEN and token.copy_of is not None
    assert not R.transform(token).happened


@pytest.mark.rule("707.8", "712.8g", "202.3c")
def test_token_copy_of_a_melded_permanent() -> None:
    token = R.token_copy(melded("Graf Rats"))
    assert token.copy_of is not None and token.copy_of.kind is CopyKind.MELDED
    assert (R.characteristics(token).name, R.mana_value(token)) == ("Chittering Host", 0)


@pytest.mark.rule("707.10g")
def test_copy_of_a_double_faced_permanent_spell() -> None:
    copy = R.copy_spell(on("Tibalt, Cosmic Impostor", Zone.STACK))
    assert (copy.token, copy.up, copy.zone) == (TokenKind.DOUBLE_FACED_TOKEN, Side.BACK, Zone.STACK)
    resolved = R.resolve(copy)
    assert resolved.state.token is TokenKind.DOUBLE_FACED_TOKEN


@pytest.mark.rule("706.8", "711.1")
def test_2017_token_copy_has_only_the_face_up_and_cant_transform() -> None:
    old = rules(EDITION_2017)
    token = old.token_copy(on("Werewolf Ransacker"))
    assert token.token is TokenKind.TOKEN
    assert old.characteristics(token).name == "Werewolf Ransacker"
    assert old.mana_value(token) == 0  # a copy of a back face (711.4b)
    assert old.transform(token).rule == "711.1"
    assert card("Incubator").is_token
