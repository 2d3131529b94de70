"""Each behaviour that differs between rules editions, with the rule on each side
(see dfc_plugin.editions). The current edition (2026-09-25) is the default."""

from __future__ import annotations

import pytest
from rules_support import CURRENT, EDITION_2017, EDITION_2022, Side, Zone, card, on, rules

from dfc_plugin.editions import edition_named
from dfc_plugin.errors import UsageError
from dfc_plugin.state import DfcState


def test_current_is_the_default() -> None:
    assert edition_named("current") is CURRENT
    assert rules().edition is CURRENT
    with pytest.raises(UsageError, match="known editions: 2017, 2022-04-29, 2026-09-25, current"):
        edition_named("1993")


@pytest.mark.rule("712.1", "712.4", "711.1d")
def test_meld_cards_are_dfcs_only_now() -> None:
    """712.1 (current): meld cards are double-faced cards; 711.1d (2017): "These aren't
    double-faced cards"; 2022: a separate rule 713."""
    rats = on("Graf Rats")
    assert rules(CURRENT).is_double_faced(rats)
    assert not rules(EDITION_2017).is_double_faced(rats)
    assert not rules(EDITION_2022).is_double_faced(rats)


@pytest.mark.rule("712.9", "111.10i", "711.1")
def test_double_faced_tokens_transform_only_now() -> None:
    """712.9: double-faced tokens transform; 711.1 (2017): tokens can't transform, and
    that is the rule cited for any token, a double-faced one too (it was 711.5, the rule
    for permanents that aren't DFCs, before the mutation benchmark found the gap)."""
    incubator = DfcState.of(card("Incubator"), Zone.BATTLEFIELD)
    assert rules(CURRENT).transform(incubator).happened
    old = rules(EDITION_2017).transform(incubator)
    assert (old.happened, old.rule) == (False, "711.1")
    assert rules(EDITION_2017).transform(on("Grizzly Bears")).rule == "711.5"


@pytest.mark.rule("707.8a", "706.8")
def test_token_copies_of_dfcs() -> None:
    """707.8a: a token copy of a DFC is a double-faced token; 706.8 (2017): it copies the
    face that is up only."""
    assert rules(CURRENT).token_copy(on("Delver of Secrets")).copy_of is None
    assert rules(EDITION_2017).token_copy(on("Delver of Secrets")).copy_of is not None


@pytest.mark.rule("712.11b", "711.7")
def test_modal_dfcs_exist_only_since_2020() -> None:
    """712.11b: a modal DFC's caster chooses a face; under the 2017 rules (no modal DFCs)
    a DFC is cast front face up only (711.7)."""
    valki = card("Valki, God of Lies")
    assert len(rules(CURRENT).cast_options(valki, Zone.HAND)) == 2
    assert [o.up for o in rules(EDITION_2017).cast_options(valki, Zone.HAND)] == [Side.FRONT]


@pytest.mark.rule("712.3", "712.14a")
def test_modal_dfcs_transform_only_since_2025() -> None:
    """712.3 and the 2025 release notes: a modal DFC may transform or enter transformed;
    the 2020-2022 rulings: it can't."""
    assert rules(CURRENT).transform(on("Gwen Stacy")).happened
    assert not rules(EDITION_2022).transform(on("Gwen Stacy")).happened
    assert not rules(EDITION_2022).put_onto_battlefield(card("Gwen Stacy"), Zone.HAND, True).happened


@pytest.mark.rule("712.11a", "711.7")
def test_casting_transformed_exists_only_since_2021() -> None:
    assert rules(CURRENT).cast_options(card("Beloved Beggar"), Zone.GRAVEYARD)
    assert rules(EDITION_2022).cast_options(card("Beloved Beggar"), Zone.GRAVEYARD)
    assert not rules(EDITION_2017).cast_options(card("Beloved Beggar"), Zone.GRAVEYARD)


@pytest.mark.rule("701.28")
def test_convert_exists_only_since_2022() -> None:
    optimus = on("Optimus Prime, Hero")
    assert rules(CURRENT).transform(optimus, "convert").happened
    old = rules(EDITION_2022).transform(optimus, "convert")
    assert (old.happened, old.rule) == (False, "701.28")
    assert not any(
        o.via == "more_than_meets_the_eye" for o in rules(EDITION_2022).cast_options(optimus.card, Zone.HAND)
    )


@pytest.mark.rule("202.3", "711.4b")
def test_mana_value_was_converted_mana_cost() -> None:
    """202.3 "mana value"; 711.4b (2017): "converted mana cost", computed the same way."""
    assert (CURRENT.mana_value_term, EDITION_2017.mana_value_term) == ("mana value", "converted mana cost")
    assert (
        rules(EDITION_2017).mana_value(on("Ravager of the Fells"))
        == rules(CURRENT).mana_value(on("Ravager of the Fells"))
        == 4
    )
