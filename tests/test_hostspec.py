"""The host contract: the rules load through the entry-point group into a fresh
PluginManager, as a third-party engine would load them; another plugin can extend or
override a rule point; a failing handler is reported with its plugin and rule point."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pluggy
import pytest
from rules_support import card, library, melded, on

import dfc_plugin
from dfc_plugin.errors import PluginError
from dfc_plugin.hostspec import ENTRY_POINT_GROUP, PROJECT, build_registry, hookimpl, plugin_manager
from dfc_plugin.registry import RULE_POINTS, PluginInfo, Registry
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
    assert registry.plugins == (PluginInfo("dfc-plugin", "dfc-plugin", dfc_plugin.__version__),)
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
        "play_land": lambda r: (
            r.play_land(on("Emeria's Call", Zone.HAND), r.land_options(card("Emeria's Call"))[0]).state.zone
            is Zone.BATTLEFIELD
        ),
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


# --------------------------------------------------------------------------- priority, packaging of plugins


def install_plugin(root: Path, monkeypatch: pytest.MonkeyPatch, entry: str, module: str, source: str) -> None:
    """Install a rules plugin the way pip would, as far as importlib.metadata can tell: a
    module and a ``*.dist-info`` with its entry point, on sys.path."""
    (root / f"{module}.py").write_text(source, encoding="utf-8")
    info = root / f"{module}-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.2.3\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{entry} = {module}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))


def mana_value_plugin(value: int, marker: str = "@hookimpl") -> str:
    return (
        "from dfc_plugin import hookimpl\n"
        f"{marker}\n"
        "def dfc_register_rules(registry):\n"
        f"    registry.register('mana_value', lambda state: {value}, plugin='plugin-{value}')\n"
    )


class Eight:
    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register("mana_value", lambda state: 8, plugin="explicit-8")


def test_an_explicit_plugin_wins_over_an_installed_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_plugin(tmp_path, monkeypatch, "seven", "seven_rules", mana_value_plugin(7))
    delver = on("Delver of Secrets")
    installed = build_registry(plugin_manager())
    assert (installed.mana_value(delver), installed.owner("mana_value")) == (7, "plugin-7")
    assert installed.owner("transform") == "dfc-plugin"
    explicit = build_registry(plugin_manager(plugins=[Eight()]))
    assert (explicit.mana_value(delver), explicit.owner("mana_value")) == (8, "explicit-8")


def test_tryfirst_and_trylast_mean_what_pluggy_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """tryfirst is the highest priority: an installed tryfirst plugin beats an explicitly
    passed one; the built-in rules are trylast, the lowest, and register first."""
    install_plugin(tmp_path, monkeypatch, "first", "first_rules", mana_value_plugin(5, "@hookimpl(tryfirst=True)"))
    registry = build_registry(plugin_manager(plugins=[Eight()]))
    assert registry.owner("mana_value") == "plugin-5"
    names = [info.name for info in registry.plugins]
    assert names[0] == "dfc-plugin" and names[-1] == "first"


def test_two_installed_plugins_of_one_priority_the_later_name_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_plugin(tmp_path, monkeypatch, "zeta", "zeta_rules", mana_value_plugin(3))
    install_plugin(tmp_path, monkeypatch, "alpha", "alpha_rules", mana_value_plugin(4))
    registry = build_registry(plugin_manager())
    assert registry.owner("mana_value") == "plugin-3"


def test_plugins_are_listed_with_their_versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_plugin(tmp_path, monkeypatch, "seven", "seven_rules", mana_value_plugin(7))
    registry = build_registry(plugin_manager(plugins=[Eight()]))
    shown = [str(info) for info in registry.plugins]
    assert shown == [f"dfc-plugin (dfc-plugin {dfc_plugin.__version__})", "seven (seven_rules 1.2.3)", "Eight"]


def test_an_entry_point_that_fails_to_import_is_a_plugin_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dfc_plugin.host import Game

    install_plugin(tmp_path, monkeypatch, "crashy", "crashy_rules", "raise ImportError('needs libfoo')\n")
    with pytest.raises(PluginError, match="entry point 'crashy' of 'crashy_rules' failed to load") as caught:
        plugin_manager()
    assert caught.value.plugin == "crashy" and "ImportError: needs libfoo" in str(caught.value)
    with pytest.raises(PluginError, match="needs libfoo"):
        Game()


def test_a_wrong_hook_argument_name_is_a_plugin_error() -> None:
    class Misnamed:
        @hookimpl
        def dfc_register_rules(self, rules: Registry) -> None:  # the spec's argument is "registry"
            pass

    with pytest.raises(PluginError, match="rules") as caught:
        plugin_manager(plugins=[Misnamed()])
    assert not isinstance(caught.value, pluggy.PluginValidationError)


# --------------------------------------------------------------------------- checked answers (issue 9, item 8)


def single(point: str, handler: Any, name: str = "odd-plugin") -> Registry:
    class One:
        @hookimpl
        def dfc_register_rules(self, registry: Registry) -> None:
            registry.register(point, handler, plugin=name)

    return build_registry(plugin_manager(plugins=[One()]), checked=True)


@pytest.mark.parametrize(
    ("point", "answer", "call", "message"),
    [
        ("next_designation", "purple", lambda r: r.next_designation(DayNight.DAY, 0), "returned str, expected DayNight"),
        ("designation_with", None, lambda r: r.designation_with(DayNight.DAY, True, False), "expected DayNight"),
        (
            "cast_options",
            (1, 2, 3),
            lambda r: r.cast_options(card("Delver of Secrets"), Zone.HAND),
            "item 0 is int, expected CastOption",
        ),
        ("mana_value", True, lambda r: r.mana_value(on("Delver of Secrets")), "returned bool, expected int"),
        ("could_produce", frozenset({3}), lambda r: r.could_produce(on("Brightclimb Pathway")), "expected str"),
    ],
)
def test_a_checked_registry_refuses_wrong_answers(point: str, answer: Any, call: Any, message: str) -> None:
    registry = single(point, lambda *args, **kwargs: answer)
    with pytest.raises(PluginError, match=message) as caught:
        call(registry)
    assert (caught.value.plugin, caught.value.rule_point) == ("odd-plugin", point)


def test_the_plugin_that_returned_a_bad_answer_is_blamed_not_the_one_above() -> None:
    class Top:
        @hookimpl(tryfirst=True)
        def dfc_register_rules(self, registry: Registry) -> None:
            below: Any = None

            def extend(state: DfcState) -> Any:
                return below(state) + 0  # a plugin that builds on the answer below it

            below = registry.register("mana_value", extend, plugin="top")

    class Bottom:
        @hookimpl
        def dfc_register_rules(self, registry: Registry) -> None:
            registry.register("mana_value", lambda state: "seven", plugin="bottom")

    registry = build_registry(plugin_manager(plugins=[Bottom(), Top()]), checked=True)
    assert registry.owner("mana_value") == "top"
    with pytest.raises(PluginError, match="returned str") as caught:
        registry.mana_value(on("Delver of Secrets"))
    assert caught.value.plugin == "bottom"


def test_an_unchecked_registry_blames_a_callable_object() -> None:
    class Handler:
        def __call__(self, state: DfcState) -> int:
            raise ValueError("no cost")

    registry = build_registry(plugin_manager(plugins=[_Registering("mana_value", Handler())]))
    with pytest.raises(PluginError) as caught, registry.guard():
        registry.mana_value(on("Delver of Secrets"))
    assert (caught.value.plugin, caught.value.rule_point) == ("object-plugin", "mana_value")


class _Registering:
    def __init__(self, point: str, handler: Any) -> None:
        self.point, self.handler_ = point, handler

    @hookimpl
    def dfc_register_rules(self, registry: Registry) -> None:
        registry.register(self.point, self.handler_, plugin="object-plugin")


# --------------------------------------------------------------------------- the handlers as a host sees them


def test_handlers_keep_their_signature_and_docstring() -> None:
    import inspect

    from dfc_plugin.rules import transform

    registry = build_registry(plugin_manager())
    assert registry.transform.__doc__ == transform.transform.__doc__
    assert list(inspect.signature(registry.transform).parameters) == ["state", "action", "cause", "since"]
    assert Registry.transform.__doc__ == transform.transform.__doc__  # help(Registry.transform)
    assert RULE_POINTS["transform"].doc.startswith("(state: 'DfcState', action: 'Action' = 'transform'")


def test_a_rule_point_with_no_handler_says_so() -> None:
    with pytest.raises(AttributeError, match="no plugin registered a handler for rule point 'transform'"):
        Registry().transform  # noqa: B018


def test_memo_slots_are_private() -> None:
    import dataclasses

    fields = [f.name for f in dataclasses.fields(DfcState) if f.init]
    assert not any("memo" in name for name in fields)
    with pytest.raises(TypeError):
        DfcState((card("Delver of Secrets"),), Zone.HAND, memo_mana_value=3)  # type: ignore[call-arg]
