"""Each kind of value has its own grammar rule (grammar/cardscript.lark): these tests pin
what every rule accepts, what it builds, and where it reports an error."""

from __future__ import annotations

import pytest

from dfc_plugin.cards import ManaCost, SymbolKind, TypeLine
from dfc_plugin.script.parser import (
    ValueSyntaxError,
    parse_oracle_text,
    parse_param_map,
    parse_svar,
    parse_value,
    read_value,
)


def cost(text: str) -> ManaCost | None:
    result: ManaCost | None = parse_value("mana_cost", text)
    return result


@pytest.mark.parametrize(
    ("script", "printed", "mana_value"),
    [
        ("U", "{U}", 1),
        ("2 U U", "{2}{U}{U}", 4),
        ("X R R", "{X}{R}{R}", 2),  # CR 202.3e: X is 0 off the stack
        ("0", "{0}", 0),
        ("12", "{12}", 12),
        ("W U B R G", "{W}{U}{B}{R}{G}", 5),
        ("C", "{C}", 1),
        ("S", "{S}", 1),
        # hybrid in every spelling Forge accepts; printed in Scryfall's order (CR 202.3f)
        ("W/U", "{W/U}", 1),
        ("WU", "{W/U}", 1),
        ("UW", "{W/U}", 1),
        ("GW", "{G/W}", 1),
        ("WG", "{G/W}", 1),
        ("RW", "{R/W}", 1),
        ("BG", "{B/G}", 1),
        ("GU", "{G/U}", 1),
        ("1 W/U W/U", "{1}{W/U}{W/U}", 3),  # the example of CR 202.3f
        # two-brid counts its largest part (CR 202.3f example: {2/B}{2/B}{2/B} is 6)
        ("2/B 2/B 2/B", "{2/B}{2/B}{2/B}", 6),
        ("2W", "{2/W}", 2),
        # Phyrexian counts 1 (CR 202.3g example: {1}{W/P}{W/P} is 3)
        ("1 W/P W/P", "{1}{W/P}{W/P}", 3),
        ("PW", "{W/P}", 1),
        ("PR", "{R/P}", 1),
        ("B/G/P", "{B/G/P}", 1),
        ("GBP", "{B/G/P}", 1),
        ("C/W", "{C/W}", 1),
        ("  2 U  ", "{2}{U}", 3),
        ("2  U", "{2}{U}", 3),  # Forge splits on runs of spaces
    ],
)
def test_mana_cost_spellings(script: str, printed: str, mana_value: int) -> None:
    parsed = cost(script)
    assert parsed is not None
    assert parsed.text == printed
    assert parsed.mana_value == mana_value


def test_no_cost_is_none() -> None:
    assert cost("no cost") is None


def test_hybrid_symbols_have_both_colours() -> None:
    parsed = cost("2 W/U")
    assert parsed is not None
    assert parsed.colors == ("W", "U")
    assert parsed.symbols[1].kind is SymbolKind.HYBRID


@pytest.mark.parametrize(
    ("script", "column", "message"),
    [
        ("2 Q", 3, "unexpected 'Q'"),
        ("WW", 2, "repeats the colour W"),
        ("3/W", 1, "3W is not a mana symbol"),
        ("2 U,", 4, "unexpected ','"),
        ("", 1, "ends too early"),
        ("{2}{U}", 1, "unexpected '{2}{U}'"),
    ],
)
def test_mana_cost_errors_have_a_column(script: str, column: int, message: str) -> None:
    with pytest.raises(ValueSyntaxError) as caught:
        cost(script)
    assert caught.value.column == column
    assert message in caught.value.message
    assert caught.value.hint  # every error says what to write instead


def test_type_line_is_split_by_kind() -> None:
    parsed: TypeLine = parse_value("type_line", "Legendary Artifact Creature Robot")
    assert parsed.supertypes == ("Legendary",)
    assert parsed.types == ("Artifact", "Creature")
    assert parsed.subtypes == ("Robot",)
    assert parsed.text == "Legendary Artifact Creature — Robot"


def test_type_words_are_whole_words() -> None:
    """'Snowfield' is not the supertype Snow; 'Plane' and 'Planeswalker' are different."""
    parsed: TypeLine = parse_value("type_line", "Legendary Planeswalker Snowfield")
    assert parsed.types == ("Planeswalker",)
    assert parsed.subtypes == ("Snowfield",)


def test_subtypes_keep_punctuation() -> None:
    parsed: TypeLine = parse_value("type_line", "Creature Assembly-Worker Urza's")
    assert parsed.subtypes == ("Assembly-Worker", "Urza's")


@pytest.mark.parametrize(
    ("text", "power", "toughness", "value"),
    [
        ("2/3", "2", "3", 2),
        ("*/*", "*", "*", None),
        ("1+*/1+*", "1+*", "1+*", None),
        ("*/7-*", "*", "7-*", None),
        ("-1/3", "-1", "3", -1),
        ("0/0", "0", "0", 0),
    ],
)
def test_power_toughness(text: str, power: str, toughness: str, value: int | None) -> None:
    p, t = parse_value("pt", text)
    assert (p.text, t.text, p.value) == (power, toughness, value)


def test_power_toughness_needs_a_slash() -> None:
    with pytest.raises(ValueSyntaxError) as caught:
        parse_value("pt", "23")
    assert caught.value.column == 3


def test_colour_indicator_in_any_order() -> None:
    assert parse_value("colors", "green,red") == ("R", "G")
    assert parse_value("colors", "colorless") == ()
    with pytest.raises(ValueSyntaxError) as caught:
        parse_value("colors", "red,purple")
    assert caught.value.column == 5


def test_keyword_with_arguments() -> None:
    assert parse_value("keyword", "Disturb:1 U") == ("Disturb", ("1 U",))
    assert parse_value("keyword", "Craft:4 B ExileCtrlOrGrave<1/Creature.Other>") == (
        "Craft",
        ("4 B ExileCtrlOrGrave<1/Creature.Other>",),
    )
    assert parse_value("keyword", "Flying") == ("Flying", ())


def test_forge_cost_string() -> None:
    parsed = parse_value("cost", "1 T Sac<1/CARDNAME>")
    assert parsed.mana.text == "{1}"
    assert parsed.tap and not parsed.untap
    assert parsed.parts == ("Sac<1/CARDNAME>",)
    assert parse_value("cost", "Q").untap


def test_parameter_map_keeps_order_and_trims() -> None:
    params = parse_param_map("SP$ Draw |NumCards$  2| SpellDescription$ Draw two cards: now.")
    assert params.api == "Draw"
    assert [(p.key, p.value) for p in params] == [
        ("SP", "Draw"),
        ("NumCards", "2"),
        ("SpellDescription", "Draw two cards: now."),
    ]


def test_parameter_map_accepts_what_forge_accepts() -> None:
    """No space after '$', a segment with no '$', an empty segment: all in the corpus."""
    params = parse_param_map("Mode$Phase | SacValid# Self | | Phase$ Upkeep |")
    assert params.get("Mode") == "Phase"
    assert params.get("") == "SacValid# Self"
    assert params.get("Phase") == "Upkeep"


def test_svar_body_may_hold_colons() -> None:
    name, body, params = parse_svar("Picture:http://example.org/a.jpg")
    assert (name, body, params) == ("Picture", "http://example.org/a.jpg", None)
    name, body, params = parse_svar("DBDraw:DB$ Draw | NumCards$ 1")
    assert name == "DBDraw"
    assert params is not None and params.api == "Draw"
    assert parse_svar("PlayMain1") == ("PlayMain1", "", None)


def test_oracle_text_escapes() -> None:
    assert parse_oracle_text(r"Flying\nWhen it dies, draw a card.") == "Flying\nWhen it dies, draw a card."
    assert parse_oracle_text(r"Haste \nMenace") == "Haste \nMenace"
    assert parse_oracle_text(r"A backslash \ stays") == "A backslash \\ stays"
    assert parse_oracle_text("") == ""


@pytest.mark.parametrize(
    ("start", "text"),
    [("alternate_mode", "Doublefaced"), ("specialize_color", "PURPLE"), ("loyalty", "four")],
)
def test_small_values_reject_unknown_words(start: str, text: str) -> None:
    with pytest.raises(ValueSyntaxError) as caught:
        parse_value(start, text)
    assert caught.value.column == 1


@pytest.mark.parametrize(
    ("start", "text"),
    [
        ("cost", "2 U T Sac<1/CARDNAME/another creature>"),
        ("cost", "T  Q"),
        ("cost", "1 W Untap"),
        ("cost", "XCantBe0 X T"),
        ("cost", "2 Z"),
        ("cost", "W/U T"),
        ("cost", "Sac<1/x>T"),
        ("cost", "T,Q"),
        ("cost", "1 1"),
        ("keyword", "a::b"),
        ("keyword", "a: :b"),
        ("keyword", "ETBReplacement:Other:DBPutCounter:Mandatory::Card.Self+kicked"),
        ("keyword", ":a"),
        ("type_line", "Legendary  Creature\tElf"),
        ("type_line", "LegendaryX Creature"),
        ("type_line", "Snow"),
    ],
)
def test_a_fast_value_reader_reads_as_the_rule_or_leaves_it_to_the_rule(start: str, text: str) -> None:
    from dfc_plugin.script.fast import FAST_READERS
    from dfc_plugin.script.parser import read_value_rule

    fast = FAST_READERS[start](text)
    if fast is not None:
        assert fast == read_value_rule(start, text)
    assert read_value(start, text) == read_value_rule(start, text)
