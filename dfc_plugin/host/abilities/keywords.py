"""Keywords (``K:`` lines) the engine gives their meaning, one function each: evasion
keywords say whether a blocker may block an attacker (509.1b); the others are asked by
name where their rule applies (combat damage, the untap and declare steps, casting,
targeting, state-based actions), or expand into an ability (craft, ETB replacements).
Disturb, More Than Meets the Eye, daybound and nightbound are the plugin's rules
(cast options, day/night transforms); the engine only offers and applies them.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.colours import colors_of
from dfc_plugin.host.abilities.registry import keyword

__all__ = ["can_block"]

_C = "test_game_combat.py::"
_P = "test_play_cards.py::"
_G = "test_game_loop.py::"
_E = "test_abilities_effects.py::"


def _has(game: Any, object_id: int, word: str) -> bool:
    return bool(game.has_keyword(object_id, word))


@keyword("Flying", rule="702.9b", test=_C + "test_flying_and_reach")
def flying(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can be blocked only by creatures with flying or reach."""
    return all(_has(game, b, "Flying") or _has(game, b, "Reach") for b in blockers)


@keyword("Reach", rule="702.17b", test=_C + "test_flying_and_reach")
def reach(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can block creatures with flying (asked through Flying)."""
    return True


@keyword("Menace", rule="702.111b", test=_C + "test_menace_needs_two_blockers")
def menace(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can't be blocked except by two or more creatures."""
    return len(blockers) != 1


@keyword("Skulk", rule="702.118b", test=_C + "test_skulk")
def skulk(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can't be blocked by creatures with greater power."""
    power = game.power_toughness(attacker)[0] or 0
    return all((game.power_toughness(b)[0] or 0) <= power for b in blockers)


@keyword("Unblockable", rule="509.1b", test=_C + "test_unblockable")
def unblockable(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can't be blocked (2020's hidden keyword)."""
    return not blockers


@keyword("Intimidate", rule="702.13b", test=_C + "test_intimidate")
def intimidate(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can be blocked only by artifact creatures and creatures sharing a colour with it."""
    colors = set(colors_of(game, game.obj(attacker)))  # layer 5 (613.1e)
    return all(game.has_type(b, "Artifact") or colors & set(colors_of(game, game.obj(b))) for b in blockers)


@keyword("CantBeBlockedByAmount GT1", rule="509.1b", test=_C + "test_more_evasion")
def one_blocker(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Can't be blocked by more than one creature."""
    return len(blockers) <= 1


@keyword(
    "Creatures with power less than CARDNAME's power can't block it.",
    rule="509.1b",
    test=_C + "test_more_evasion",
)
def smaller_cant_block(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Creatures with power less than its power can't block it."""
    power = game.power_toughness(attacker)[0] or 0
    return all((game.power_toughness(b)[0] or 0) >= power for b in blockers)


#: Evasion keywords, asked for each attacker and its proposed blockers.
EVASION = (
    "Flying",
    "Menace",
    "Skulk",
    "Unblockable",
    "Intimidate",
    "CantBeBlockedByAmount GT1",
    "Creatures with power less than CARDNAME's power can't block it.",
)


def can_block(game: Any, attacker: int, blockers: list[int]) -> bool:
    """Whether this set of blockers may block the attacker (509.1b-c)."""
    from dfc_plugin.host.abilities.protection import protected
    from dfc_plugin.host.abilities.registry import KEYWORDS

    if any(protected(game, attacker, b) for b in blockers):
        return False  # 702.16f: not blocked by creatures it has protection from
    return all(KEYWORDS[word].run(game, attacker, blockers) for word in EVASION if _has(game, attacker, word))


def _marker(name: str, rule: str, test: str, doc: str) -> None:
    def asked(game: Any, object_id: int) -> bool:
        return _has(game, object_id, name)

    asked.__doc__ = doc
    asked.__name__ = name.lower().replace(" ", "_")
    keyword(name, rule=rule, test=test)(asked)


for _name, _rule, _test, _doc in (
    (
        "First Strike",
        "702.7b",
        _C + "test_first_strike_kills_first",
        "Deals combat damage in the first combat damage step.",
    ),
    (
        "Double Strike",
        "702.4b",
        _C + "test_double_strike_and_lifelink",
        "Deals combat damage in both combat damage steps.",
    ),
    (
        "Trample",
        "702.19b",
        _C + "test_trample_assigns_excess_to_player",
        "Excess combat damage may go to the player.",
    ),
    (
        "Lifelink",
        "702.15b",
        _C + "test_double_strike_and_lifelink",
        "Damage dealt by it also causes its controller to gain that much life.",
    ),
    ("Deathtouch", "702.2b", _C + "test_deathtouch", "Any damage it deals to a creature is lethal."),
    ("Vigilance", "702.20b", _C + "test_vigilance_doesnt_tap", "Attacking doesn't cause it to tap."),
    (
        "Haste",
        "702.10b",
        _G + "test_summoning_sickness_and_haste",
        "It can attack and {T} as soon as it comes under your control.",
    ),
    ("Defender", "702.3b", _C + "test_defender_cant_attack", "It can't attack."),
    (
        "Indestructible",
        "702.12b",
        _G + "test_indestructible_survives_lethal_damage",
        "It isn't destroyed by lethal damage or destroy effects.",
    ),
    (
        "Hexproof",
        "702.11b",
        _G + "test_hexproof_and_shroud",
        "It can't be the target of opponents' spells or abilities.",
    ),
    ("Shroud", "702.18a", _G + "test_hexproof_and_shroud", "It can't be the target of spells or abilities."),
    (
        "Flash",
        "702.8a",
        _G + "test_flash_casts_at_instant_speed",
        "It may be cast any time you could cast an instant.",
    ),
    (
        "Daybound",
        "702.145b",
        _G + "test_daybound_werewolf_follows_day_and_night",
        "The plugin's day/night rules transform it.",
    ),
    (
        "Nightbound",
        "702.145e",
        _G + "test_daybound_werewolf_follows_day_and_night",
        "The plugin's day/night rules transform it.",
    ),
    (
        "Disturb",
        "702.146a",
        _P + "test_disturb_cast_from_graveyard_and_exiled_instead",
        "Cast it transformed from a graveyard (a plugin cast option).",
    ),
    (
        "More Than Meets the Eye",
        "702.162a",
        _G + "test_more_than_meets_the_eye_casts_converted",
        "Cast it converted (a plugin cast option).",
    ),
    (
        "Craft",
        "702.167a",
        _P + "test_craft_exiles_exactly_the_named_materials",
        "An activated ability: exile it and the materials, return it transformed.",
    ),
    (
        "ETBReplacement",
        "614.1c",
        _G + "test_etb_replacement_keyword_taps",
        "An 'as it enters' replacement (its SVar runs as it enters).",
    ),
    ("etbCounter", "614.1c", _G + "test_etb_counter_keyword", "It enters with counters on it."),
    (
        "CARDNAME enters the battlefield tapped.",
        "614.1c",
        _G + "test_etb_replacement_keyword_taps",
        "It enters tapped.",
    ),
    ("Chapter", "714.2b", _P + "test_saga_chapters_then_transforms", "Its chapter abilities trigger."),
    (
        "Equip",
        "702.6a",
        _E + "test_equip_and_aura",
        "An activated ability: attach to a creature you control, as a sorcery.",
    ),
    (
        "Enchant creature",
        "303.4a",
        _E + "test_equip_and_aura",
        "Its Attach target: a creature (704.5m if that stops).",
    ),
    (
        "Enchant creature you control",
        "303.4a",
        _E + "test_equip_and_aura",
        "Its Attach target: a creature you control.",
    ),
    ("CARDNAME can't block.", "509.1a", _C + "test_cant_block_and_must_attack", "It can't block."),
    (
        "Cycling",
        "702.29a",
        _E + "test_cycling",
        "An activated ability from your hand: pay, discard it, draw a card.",
    ),
    (
        "Devoid",
        "702.114a",
        _G + "test_devoid_is_colorless",
        "It is colorless (the script's Colors: line, 702.114a).",
    ),
    ("CARDNAME can't attack.", "508.1c", _C + "test_cant_block_and_must_attack", "It can't attack."),
    (
        "Crew",
        "702.122a",
        _C + "test_crew",
        "An activated ability: tap creatures with total power N; it becomes a creature.",
    ),
    (
        "CARDNAME attacks each combat if able.",
        "508.1d",
        _C + "test_cant_block_and_must_attack",
        "It attacks each combat if able.",
    ),
    (
        "Ward",
        "702.21a",
        "test_abilities_protection.py::test_ward_counters_unless_paid",
        "An opponent's spell or ability targeting it is countered unless they pay the ward cost.",
    ),
    (
        "CARDNAME must be blocked if able.",
        "509.1c",
        "test_abilities_combat.py::test_hinterland_scourge_must_be_blocked",
        "The defending player blocks it with at least one creature if able.",
    ),
):
    _marker(_name, _rule, _test, _doc)


#: Keywords that stand for a triggered ability: the trigger line, whose ``Execute$``
#: names a body in :data:`KEYWORD_BODIES` (written here, not an SVar of the card).
KEYWORD_TRIGGERS: dict[str, tuple[str]] = {
    "Prowess": (
        "Mode$ SpellCast | ValidCard$ Card.nonCreature | ValidActivatingPlayer$ You | "
        "TriggerZones$ Battlefield | Execute$ <Prowess>",
    ),
}
KEYWORD_BODIES = {"<Prowess>": "DB$ Pump | Defined$ Self | NumAtt$ +1 | NumDef$ +1"}


@keyword("Prowess", rule="702.108a", test=_C + "test_prowess")
def prowess(game: Any, object_id: int) -> bool:
    """Whenever you cast a noncreature spell, it gets +1/+1 until end of turn (a trigger,
    :data:`KEYWORD_TRIGGERS`)."""
    return _has(game, object_id, "Prowess")
