"""The interpreter's registries: one small function per API, trigger mode, static mode,
replacement event and keyword, keyed by its name, each declaring the parameters it
honours and the test that shows each one working.

A parameter counts as running only where a registered function reads it (or the chain
runner does, for every ability: :data:`COMMON`), and display or AI-only parameters
(:data:`DESCRIPTIVE`) change nothing in a game. ``dfc-plugin census`` and
``docs/abilities.md`` are both generated from these tables, and a test checks that the
table in the docs and the code agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

__all__ = [
    "COMMON",
    "DESCRIPTIVE",
    "EFFECTS",
    "FAMILIES",
    "KEYWORDS",
    "LINE_CHECKS",
    "REPLACEMENTS",
    "STATICS",
    "TRIGGERS",
    "VALUE_CHECKS",
    "Entry",
    "Family",
    "api",
    "keyword",
    "lookup",
    "replacement",
    "static",
    "trigger",
]

Family = Literal["api", "trigger", "static", "replacement", "keyword"]
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Entry:
    """One registered function: its family and name, what it does (its docstring's
    first line), the rule it implements, and ``params``: parameter -> the test (in
    ``tests/``) that exercises it."""

    family: Family
    name: str
    run: Callable[..., Any]
    params: Mapping[str, str]
    rule: str
    test: str

    @property
    def summary(self) -> str:
        doc = (self.run.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""


EFFECTS: dict[str, Entry] = {}
TRIGGERS: dict[str, Entry] = {}
STATICS: dict[str, Entry] = {}
REPLACEMENTS: dict[str, Entry] = {}
KEYWORDS: dict[str, Entry] = {}

FAMILIES: dict[Family, dict[str, Entry]] = {
    "api": EFFECTS,
    "trigger": TRIGGERS,
    "static": STATICS,
    "replacement": REPLACEMENTS,
    "keyword": KEYWORDS,
}

#: Parameters the chain runner, the stack and the trigger machinery honour for every
#: ability, with the test that shows each.
COMMON: dict[str, str] = {
    "AB": "test_abilities_chain.py::test_activated_ability_uses_the_stack",
    "SP": "test_abilities_chain.py::test_spell_ability_resolves_then_card_goes_to_graveyard",
    "DB": "test_abilities_chain.py::test_sub_ability_chain_runs_in_order",
    "Mode": "test_abilities_chain.py::test_trigger_mode_is_looked_up",
    "Event": "test_abilities_chain.py::test_replacement_event_is_looked_up",
    "Cost": "test_abilities_chain.py::test_activation_cost_is_paid",
    "SubAbility": "test_abilities_chain.py::test_sub_ability_chain_runs_in_order",
    "Execute": "test_abilities_chain.py::test_trigger_mode_is_looked_up",
    "ReplaceWith": "test_play_cards.py::test_disturb_cast_from_graveyard_and_exiled_instead",
    "ReplacementResult": "test_play_cards.py::test_brimstone_vandal_makes_it_day",
    "ValidTgts": "test_abilities_chain.py::test_targets_are_chosen_from_valid_targets",
    "TgtZone": "test_abilities_chain.py::test_targets_are_chosen_from_valid_targets",
    "TargetMin": "test_abilities_chain.py::test_target_min_and_max",
    "TargetMax": "test_abilities_chain.py::test_target_min_and_max",
    "Defined": "test_abilities_values.py::test_defined_references",
    "ConditionDefined": "test_play_cards.py::test_delver_transforms_only_on_instant_or_sorcery",
    "ConditionPresent": "test_play_cards.py::test_delver_transforms_only_on_instant_or_sorcery",
    "ConditionCompare": "test_play_cards.py::test_delver_transforms_only_on_instant_or_sorcery",
    "ConditionCheckSVar": "test_play_cards.py::test_hanweir_battlements_melds_with_its_cost_paid",
    "ConditionSVarCompare": "test_play_cards.py::test_hanweir_battlements_melds_with_its_cost_paid",
    "IsPresent": "test_play_cards.py::test_gisela_and_bruna_meld_only_when_owned_and_controlled",
    "PresentCompare": "test_play_cards.py::test_nissa_returns_transformed_on_the_seventh_land",
    "PresentZone": "test_abilities_values.py::test_is_present_zone",
    "CheckSVar": "test_play_cards.py::test_gisela_and_bruna_meld_only_when_owned_and_controlled",
    "SVarCompare": "test_play_cards.py::test_gisela_and_bruna_meld_only_when_owned_and_controlled",
    "TriggerZones": "test_abilities_chain.py::test_trigger_zones",
    "OptionalDecider": "test_abilities_chain.py::test_optional_trigger_asks_its_controller",
    "Optional": "test_abilities_chain.py::test_optional_trigger_asks_its_controller",
    "NoResolvingCheck": "test_abilities_chain.py::test_intervening_if_rechecked_on_resolution",
    "Static": "test_abilities_chain.py::test_static_trigger_skips_the_stack",
    "ActivationZone": "test_play_cards.py::test_startled_awake_returns_from_graveyard_transformed",
    "SorcerySpeed": "test_play_cards.py::test_startled_awake_returns_from_graveyard_transformed",
    "Planeswalker": "test_abilities_chain.py::test_loyalty_ability_once_per_turn",
    "RememberTargets": "test_abilities_chain.py::test_remember_targets",
    "WerewolfTransformCondition": "test_play_cards.py::test_werewolf_transforms_after_a_turn_without_spells",
    "WerewolfUntransformCondition": (
        "test_play_cards.py::test_werewolf_transforms_after_a_turn_without_spells"
    ),
    "ValidPlayer": "test_play_cards.py::test_delver_transforms_only_on_instant_or_sorcery",
    "IsPresent2": "test_abilities_values.py::test_is_present_zone",
    "PresentCompare2": "test_abilities_values.py::test_is_present_zone",
    "PresentZone2": "test_abilities_values.py::test_is_present_zone",
    "Delirium": "test_abilities_values.py::test_delirium_and_activation_conditions",
    "Activation": "test_abilities_values.py::test_delirium_and_activation_conditions",
    "LifeTotal": "test_abilities_values.py::test_life_total_condition",
    "LifeAmount": "test_abilities_values.py::test_life_total_condition",
    "TriggerController": "test_abilities_triggers.py::test_trigger_controller",
    "UnlessCost": "test_abilities_chain.py::test_unless_cost_pay_life_or_enter_tapped",
    "UnlessPayer": "test_abilities_chain.py::test_unless_cost_pay_life_or_enter_tapped",
    "UnlessSwitched": "test_abilities_chain.py::test_unless_switched",
    "ActivationLimit": "test_abilities_batches.py::test_fang_draws_once_each_turn",
    "ForgetOtherTargets": "test_abilities_targeting.py::test_werewolf_ransacker_damages_if_destroyed",
    "TargetsWithDefinedController": "test_abilities_targeting.py::test_ravager_second_target_is_that_players",
    "TargetsWithDifferentCMC": "test_abilities_targeting.py::test_agadeems_awakening_different_mana_values",
}

#: Display text and AI hints: no game behaviour depends on them (forge-abilities.md 4.0).
DESCRIPTIVE = frozenset(
    {
        "SpellDescription",
        "StackDescription",
        "TriggerDescription",
        "Description",
        "TgtPrompt",
        "PrecostDesc",
        "CostDesc",
        "AILogic",
        "AITgts",
        "AIPreference",
        "IsCurse",
        "References",
        "Secondary",
        "Ultimate",
        "Image",
        "TokenImage",
        "TokenAltImages",
        "LegacyImage",
        "ChoiceTitle",
        "SelectPrompt",
        "ConditionDescription",
        "InstantSpeed",
        "UnlessAI",
        "AINoRecursiveCheck",
        "Name",
        "ValidDescription",
        "SacMessage",
        "ChangeTypeDesc",
        "TgtPromptDesc",
        "AlreadyRevealed",  # Forge's UI doesn't show cards picked from a revealed hand again
        "ValidCardsDesc",  # the words Forge shows for ValidCards$
        "",
    }
)


def _register(
    family: Family, names: tuple[str, ...], params: Mapping[str, str], rule: str, test: str
) -> Callable[[F], F]:
    table = FAMILIES[family]

    def wrap(function: F) -> F:
        for name in names:
            if name in table:
                raise ValueError(f"{family} {name!r} is registered twice")
            table[name] = Entry(family, name, function, dict(params), rule, test)
        return function

    return wrap


def api(
    *names: str, params: Mapping[str, str] | None = None, rule: str = "", test: str = ""
) -> Callable[[F], F]:
    """Register an effect: ``run(ctx, link) -> None``; ``params`` maps each parameter
    it honours to the test that exercises it, ``test`` is the API's own test."""
    return _register("api", names, params or {}, rule, test)


def trigger(
    *names: str, params: Mapping[str, str] | None = None, rule: str = "", test: str = ""
) -> Callable[[F], F]:
    """Register a trigger mode: ``matches(game, trig, event) -> bool``."""
    return _register("trigger", names, params or {}, rule, test)


def static(
    *names: str, params: Mapping[str, str] | None = None, rule: str = "", test: str = ""
) -> Callable[[F], F]:
    """Register a static mode (its function is looked up where it applies)."""
    return _register("static", names, params or {}, rule, test)


def replacement(
    *names: str, params: Mapping[str, str] | None = None, rule: str = "", test: str = ""
) -> Callable[[F], F]:
    """Register a replacement event: ``applies(game, rep, event) -> bool``."""
    return _register("replacement", names, params or {}, rule, test)


def keyword(*names: str, rule: str = "", test: str = "") -> Callable[[F], F]:
    """Register a keyword (``K:`` line) the engine gives its meaning."""
    return _register("keyword", names, {}, rule, test)


def lookup(family: Family, name: str) -> Entry | None:
    """The entry for ``name`` (Forge looks API names up case-insensitively)."""
    table = FAMILIES[family]
    found = table.get(name)
    if found is not None:
        return found
    lowered = name.lower()
    return next((entry for key, entry in table.items() if key.lower() == lowered), None)


def extend(family: Family, name: str, run: Callable[..., Any], params: Mapping[str, str]) -> Entry:
    """Give a registered entry more parameters, honoured by ``run``, which wraps the old
    function (a module of its own may widen an API another module registered, without
    editing it). Returns the entry that was replaced, whose ``run`` the wrapper calls."""
    table = FAMILIES[family]
    old = table[name]
    table[name] = Entry(family, name, run, {**old.params, **params}, old.rule, old.test)
    return old


def honour(family: Family, name: str, params: Mapping[str, str]) -> None:
    """Declare more parameters of a registered entry whose meaning another module's
    code gives where the engine asks it (no wrapper: the entry's function is
    unchanged, e.g. a parameter read by a helper the engine calls directly)."""
    table = FAMILIES[family]
    old = table[name]
    table[name] = Entry(family, name, old.run, {**old.params, **params}, old.rule, old.test)


#: Parameter -> a check of its value for the census: the ``missing`` words for the
#: parts of it the engine doesn't honour (a module that honours a parameter's value
#: only in part registers what it refuses here).
VALUE_CHECKS: dict[str, Callable[[str], list[str]]] = {}

#: (family, name) -> a check of a whole line for the census: the ``missing`` words for a
#: use of that mode or event the engine doesn't honour (a ``DamageDone`` replacement
#: that isn't prevention).
LINE_CHECKS: dict[tuple[Family, str], Callable[[Any], list[str]]] = {}
