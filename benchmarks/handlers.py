"""Cost per query of the hot-path rule points, called the ways an engine could call them.

Run: ``python benchmarks/handlers.py``. 10,000 objects in a mix of states (front face up,
back face up, melded, copy of a back face, face down, a modal DFC's back face on the
stack), built from the bundled card scripts. For ``characteristics`` and ``mana_value``,
in one run and in alternating rounds, it measures the median cost per query of:

- registered handler: ``registry.characteristics(state)``, an unchecked registry, as an
  engine calls it on its hot path (after the first pass each state's answer is memoized);
- checked handler: the same through a checked registry (exceptions and return types
  checked: what the reference engine uses by default);
- pluggy per call: the same question dispatched through a pluggy hook on every query;
- precomputed attribute: reading a value stored beforehand on each object (the same state
  objects, so memory layout is the same for every way of asking).

Targets (issue 3): handlers at least 5x faster than a pluggy hook per call, and within 3x
of reading a precomputed attribute. Ratios, not seconds, are the figures to quote.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import pluggy
from arguments import parser

from dfc_plugin.hostspec import build_registry, plugin_manager
from dfc_plugin.registry import Registry
from dfc_plugin.rules import characteristics as rules
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import bundled_cardscripts
from dfc_plugin.state import DfcState, Side, Zone

OBJECTS = 10_000
ROUNDS = 15

spec = pluggy.HookspecMarker("dfc_bench")
impl = pluggy.HookimplMarker("dfc_bench")


class PerCallSpec:
    @spec(firstresult=True)
    def dfc_characteristics(self, state: DfcState) -> Any: ...

    @spec(firstresult=True)
    def dfc_mana_value(self, state: DfcState) -> Any: ...


class PerCallRules:
    @impl
    def dfc_characteristics(self, state: DfcState) -> Any:
        return rules.characteristics(state)

    @impl
    def dfc_mana_value(self, state: DfcState) -> Any:
        return rules.mana_value(state)


def states(library: Library, registry: Registry) -> list[DfcState]:
    """A repeating mix of the six kinds of state."""
    delver, rats = library.get("Delver of Secrets"), library.get("Graf Rats")
    valki = library.get("Valki, God of Lies")
    scavengers = library.get("Midnight Scavengers")
    ravager = DfcState.of(library.get("Huntmaster of the Fells"), Zone.BATTLEFIELD, up=Side.BACK)
    makers: list[Callable[[], DfcState]] = [
        lambda: DfcState.of(delver, Zone.BATTLEFIELD),
        lambda: DfcState.of(delver, Zone.BATTLEFIELD, up=Side.BACK),
        lambda: (
            registry.meld(
                DfcState.of(rats, Zone.EXILE), DfcState.of(scavengers, Zone.EXILE), library.melded_face(rats)
            ).state
        ),
        lambda: registry.become_copy(DfcState.of(library.get("Clone"), Zone.BATTLEFIELD), ravager),
        lambda: DfcState.of(delver, Zone.BATTLEFIELD, face_down=True),
        lambda: DfcState.of(valki, Zone.STACK, up=Side.BACK),
    ]
    return [makers[i % len(makers)]() for i in range(OBJECTS)]


def per_query(run: Callable[[], None]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) / OBJECTS * 1e9


def measure(
    point: str, objects: list[DfcState], unchecked: Registry, checked: Registry, hook: Any
) -> dict[str, list[float]]:
    handler: Callable[[DfcState], Any] = getattr(unchecked, point)
    guarded: Callable[[DfcState], Any] = getattr(checked, point)
    hook_call = getattr(hook, f"dfc_{point}")
    for s in objects:
        handler(s)  # every state now holds its answer: the precomputed attribute

    def via_handler() -> None:
        for s in objects:
            handler(s)

    def via_checked() -> None:
        for s in objects:
            guarded(s)

    def via_pluggy() -> None:
        for s in objects:
            hook_call(state=s)

    if point == "characteristics":

        def via_attribute() -> None:
            for s in objects:
                s._memo_characteristics  # noqa: B018 (the read is what is measured)

    else:

        def via_attribute() -> None:
            for s in objects:
                s._memo_mana_value  # noqa: B018

    runs = {
        "registered handler": via_handler,
        "checked handler": via_checked,
        "pluggy per call": via_pluggy,
        "precomputed attribute": via_attribute,
    }
    figures: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(ROUNDS):
        for name, run in runs.items():
            figures[name].append(per_query(run))
    return figures


def cold_pass(point: str, library: Library, registry: Registry) -> float:
    """The first query on fresh states (nothing memoized yet)."""
    fresh = states(library, registry)
    handler: Callable[[DfcState], Any] = getattr(registry, point)

    def run() -> None:
        for s in fresh:
            handler(s)

    return per_query(run)


def main() -> None:
    library = Library.load([bundled_cardscripts()])
    unchecked = build_registry(plugin_manager())
    checked = build_registry(plugin_manager(), checked=True)
    per_call = pluggy.PluginManager("dfc_bench")
    per_call.add_hookspecs(PerCallSpec)
    per_call.register(PerCallRules())
    objects = states(library, unchecked)
    print(f"{OBJECTS:,} objects in 6 kinds of state, {ROUNDS} rounds, median ns per query")
    for point in ("characteristics", "mana_value"):
        figures = measure(point, objects, unchecked, checked, per_call.hook)
        medians = {name: statistics.median(values) for name, values in figures.items()}
        handler = medians["registered handler"]
        print(f"{point}: first pass (cold) {cold_pass(point, library, unchecked):.0f} ns")
        for name, value in medians.items():
            print(f"  {name:<22} {value:7.0f} ns   {value / handler:5.2f}x the handler")
        print(
            f"  pluggy per call / handler = {medians['pluggy per call'] / handler:.1f}x (target >= 5x); "
            f"handler / precomputed = {handler / medians['precomputed attribute']:.1f}x (target <= 3x)"
        )


if __name__ == "__main__":
    parser(__doc__).parse_args(sys.argv[1:])  # no options: only --help
    main()
