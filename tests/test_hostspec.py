"""The host contract: the rules load through the entry-point group into a fresh
PluginManager, as a third-party engine would load them; another plugin can extend or
override a rule point; a failing handler is reported with its plugin and rule point."""

from __future__ import annotations

import types
from typing import Any

import pluggy
import pytest
from rules_support import card, library, melded, on

import dfc_plugin
from dfc_plugin.errors import PluginError
from dfc_plugin.hostspec import ENTRY_POINT_GROUP, PROJECT, build_registry, hookimpl, plugin_manager
from dfc_plugin.registry import RULE_POINTS, Registry
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.outcome import Outcome
from dfc_plugin.state import DfcState, Zone


def fresh_manager() -> pluggy.PluginManager:
    """What a third-party engine writes: its own manager, our specs, the entry points."""
    import dfc_plugin.hostspec as specs

    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(specs)
    manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    manager.check_pending()
    return manager


def test_hookimpl_is_reexported_at_the_top() -> None:
    assert dfc_plugin.hookimpl is hookimpl


def test_rules_load_only_through_the_entry_point_and_answer_every_point() -> None:
    manager = fresh_manager()
    assert [name for name, _ in manager.list_name_plugin()] == ["dfc-plugin"]
    registry = build_registry(manager)
    assert registry.missing() == []
    delver, rats = on("Delver of Secrets"), melded("Graf Rats")
    scavengers = on("Midnight Scavengers", Zone.EXILE)
    calls: dict[str, Any] = {
        "characteristics": lambda r: r.characteristics(delver).name == "Delver of Secrets",
        "mana_value": lambda r: r.mana_value(delver) == 1,
        "copiable_values": lambda r: r.copiable_values(delver).face.name == "Delver of Secrets",
        "is_double_faced": lambda r: r.is_double_faced(delver),
        "is_transformed": lambda r: not r.is_transformed(delver),
        "can_transform": lambda r: bool(r.can_transform(delver)),
        "transform": lambda r: r.transform(delver).happened,
        "cast_options": lambda r: len(r.cast_options(card("Delver of Secrets"), Zone.HAND)) == 1,
        "land_options": lambda r: len(r.land_options(card("Emeria's Call"))) == 1,
        "options_from_group": lambda r: len(r.options_from_group(card("Emeria's Call"), "play")) == 2,
        "transformed_option": lambda r: r.transformed_option(card("Invasion of Kylem")) is not None,
        "spell_state": lambda r: (
            r.spell_state(
                card("Delver of Secrets"), r.cast_options(card("Delver of Secrets"), Zone.HAND)[0]
            ).zone
            is Zone.STACK
        ),
        "resolve": lambda r: r.resolve(on("Delver of Secrets", Zone.STACK)).happened,
        "put_onto_battlefield": lambda r: (
            r.put_onto_battlefield(card("Delver of Secrets"), Zone.HAND).happened
        ),
        "can_meld": lambda r: bool(r.can_meld(on("Graf Rats", Zone.EXILE), scavengers)),
        "meld": lambda r: (
            r.meld(on("Graf Rats", Zone.EXILE), scavengers, library().melded_face(card("Graf Rats"))).happened
        ),
        "leave_battlefield": lambda r: r.leave_battlefield(rats, Zone.GRAVEYARD).cards_moved == 2,
        "turn_face_down": lambda r: not r.turn_face_down(delver).happened,
        "turn_face_up": lambda r: r.turn_face_up(on("Delver of Secrets", face_down=True)).happened,
        "exile_face_down": lambda r: r.exile_face_down(delver).face_down,
        "token_copy": lambda r: r.token_copy(delver).zone is Zone.BATTLEFIELD,
        "become_copy": lambda r: r.become_copy(on("Clone"), delver).copy_of is not None,
        "copy_spell": lambda r: r.copy_spell(on("Delver of Secrets", Zone.STACK)).zone is Zone.STACK,
        "choosable_names": lambda r: len(r.choosable_names(card("Delver of Secrets"))) == 2,
        "has_chosen_name": lambda r: r.has_chosen_name(delver, "Delver of Secrets"),
        "color_identity": lambda r: r.color_identity(card("Delver of Secrets")) == ("U",),
        "view": lambda r: r.view(on("Delver of Secrets", Zone.HAND), False)["hidden"],
        "mana_abilities": lambda r: len(r.mana_abilities(on("Brightclimb Pathway"))) == 1,
        "could_produce": lambda r: r.could_produce(on("Brightclimb Pathway")) == {"W"},
        "can_pay_tap_cost": lambda r: bool(r.can_pay_tap_cost(delver, True)),
        "day_night_transform": lambda r: r.day_night_transform(on("Brutal Cathar"), DayNight.NIGHT),
        "enters_transformed_at_night": lambda r: r.enters_transformed_at_night(
            on("Brutal Cathar", Zone.STACK), DayNight.NIGHT
        ),
        "designation_with": lambda r: r.designation_with(DayNight.NEITHER, True, False) is DayNight.DAY,
        "next_designation": lambda r: r.next_designation(DayNight.DAY, 0) is DayNight.NIGHT,
    }
    assert set(calls) == set(RULE_POINTS)
    failed = [point for point, call in calls.items() if not call(registry)]
    assert failed == []


def test_unknown_hook_implementation_fails_check_pending() -> None:
    bad = types.ModuleType("bad_plugin")

    @hookimpl
    def dfc_registre_rules(registry: Registry) -> None:  # misspelt on purpose
        pass

    bad.dfc_registre_rules = dfc_registre_rules  # type: ignore[attr-defined]
    with pytest.raises(PluginError, match="unknown hook"):
        plugin_manager(plugins=[bad])


class HouseRules:
    """A third-party plugin that changes one answer: meld cards' mana value is 99, and it
    extends transform by recording every call before deferring to the built-in rule."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.builtin_value: Any = None
        self.builtin_transform: Any = None

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        previous_value = registry.register("mana_value", self.mana_value, plugin="house-rules")
        assert previous_value is not None
        self.builtin_value = previous_value
        self.builtin_transform = registry.register("transform", self.transform, plugin="house-rules")

    def mana_value(self, state: DfcState) -> int:
        return 99 if state.melded else int(self.builtin_value(state))

    def transform(self, state: DfcState, *args: Any) -> Outcome:
        self.seen.append(state.card.name)
        result: Outcome = self.builtin_transform(state, *args)
        return result


def test_a_second_plugin_overrides_and_extends_rule_points() -> None:
    house = HouseRules()
    manager = plugin_manager(plugins=[house])
    registry = build_registry(manager)
    assert registry.owner("mana_value") == "house-rules"
    assert registry.mana_value(melded("Graf Rats")) == 99
    assert registry.mana_value(on("Ravager of the Fells")) == 4
    assert registry.transform(on("Delver of Secrets")).happened
    assert house.seen == ["Delver of Secrets"]
    assert registry.owner("characteristics") == "dfc-plugin"


class Broken:
    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("characteristics", self.characteristics, plugin="broken-plugin")
        registry.register("mana_value", lambda state: "seven", plugin="broken-plugin")

    def characteristics(self, state: DfcState) -> None:
        raise KeyError("no such face")


def test_a_handler_that_raises_is_reported_with_plugin_and_rule_point() -> None:
    registry = build_registry(plugin_manager(plugins=[Broken()]), checked=True)
    with pytest.raises(PluginError) as caught:
        registry.characteristics(on("Delver of Secrets"))
    assert (caught.value.plugin, caught.value.rule_point) == ("broken-plugin", "characteristics")
    assert "raised KeyError: 'no such face'" in str(caught.value)
    assert isinstance(caught.value.__cause__, KeyError)


def test_a_handler_that_returns_the_wrong_type_is_reported() -> None:
    registry = build_registry(plugin_manager(plugins=[Broken()]), checked=True)
    with pytest.raises(PluginError, match="returned str, expected int") as caught:
        registry.mana_value(on("Delver of Secrets"))
    assert caught.value.plugin == "broken-plugin"


def test_unchecked_registry_blames_from_the_traceback() -> None:
    registry = build_registry(plugin_manager(plugins=[Broken()]), checked=False)
    with pytest.raises(PluginError) as caught, registry.guard():
        registry.characteristics(on("Delver of Secrets"))
    assert (caught.value.plugin, caught.value.rule_point) == ("broken-plugin", "characteristics")


def test_registration_errors_name_the_plugin() -> None:
    class Unknown:
        @hookimpl
        def dfc_register_rules(self, registry: Registry) -> None:
            registry.register("teleport", print, plugin="odd-plugin")

    with pytest.raises(PluginError, match="unknown rule point") as caught:
        build_registry(plugin_manager(plugins=[Unknown()]))
    assert caught.value.plugin == "odd-plugin"

    class Crashing:
        @hookimpl
        def dfc_register_rules(self, registry: Registry) -> None:
            raise RuntimeError("boom")

    crashing = Crashing()
    manager = plugin_manager(plugins=[crashing])
    with pytest.raises(PluginError, match="boom") as crashed:
        build_registry(manager)
    assert crashed.value.rule_point == "dfc_register_rules"
    assert crashed.value.plugin == manager.get_name(crashing)


def test_missing_rule_points_are_an_error() -> None:
    with pytest.raises(PluginError, match="no handler for rule points: characteristics"):
        build_registry(plugin_manager(entry_points=False))


def test_card_folders_hook() -> None:
    folders = plugin_manager().hook.dfc_card_folders()
    assert any((folder / "d").exists() for group in folders for folder in group)
