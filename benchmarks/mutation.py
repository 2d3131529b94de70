"""How many wrong rule engines the bundled conformance suite catches: a mutation benchmark.

Run: ``python benchmarks/mutation.py [--module NAME ...] [--survivors] [--json]
[--timeout SECONDS]``. It makes mutants of the rule handlers (``dfc_plugin/rules/*.py``),
``dfc_plugin/editions.py`` and ``dfc_plugin/host/changes.py``, one change each, and runs
the bundled conformance suite (on the reference engine, invariants checked) against each,
in this process. A mutant is *killed* when a run fails or errs (or the suite exceeds the
per-mutant timeout); it *survives* when every run still passes. The score of a module is
killed / (mutants - equivalent mutants).

The changes (our own small mutator over Python's ``ast``):

- ``compare``: a comparison negated (``==``/``!=``, ``is``/``is not``, ``in``/``not in``,
  ``<``/``>=``, ``>``/``<=``); ``boundary``: ``<``/``<=``, ``>``/``>=``;
- ``negate``: the test of an ``if``, ``elif``, conditional expression or comprehension
  negated, or a ``not`` dropped; ``bool_op``: ``and``/``or`` swapped;
- ``remove_guard``: an ``if`` without ``else`` removed (an ``elif`` branch skipped);
- ``enum_swap``: an enum member replaced by the next member of its enum
  (``Side.FRONT`` -> ``Side.BACK``, ``Zone.HAND`` -> ``Zone.BATTLEFIELD``);
- ``constant``: ``True``/``False`` swapped; ``off_by_one``: an integer n -> n+1 and n-1.

Docstrings, annotations, ``__all__`` and class bodies outside methods are not mutated.

How a mutant is applied in-process: the mutated module is compiled from its AST (line
numbers kept); every live function whose code differs (found through the garbage
collector, so bound partials, registry entries, decorated methods and closures already
made all see it) gets the mutated ``__code__``, and a changed default value (kept on the
function, not in its code) its ``__defaults__``; a change at module level (an edition's
flag, a constant table) is executed in a fresh namespace and its values patched into the
live objects in place (an ``Edition`` field by field, a dict by its items, anything else
in every module that holds it). Everything is restored after the mutant, and the module's
caches are cleared, so mutants never see each other; the unmutated suite is run again
after each module to prove it.

Equivalent mutants, how they are decided: (1) a mutant whose compiled code is identical
to the original's is equivalent by construction and is not counted; (2) every other
survivor was read by hand, and those that cannot change any answer for any input the
handler can be given are listed in ``benchmarks/mutation_equivalent.toml``, each with
the reason. A listed mutant that is killed, or that no longer exists, is reported as a
stale entry (and ``--strict`` makes that an error), so the list stays honest.
"""

from __future__ import annotations

import argparse
import ast
import copy
import enum
import gc
import importlib
import json
import signal
import sys
import time
import tomllib
import types
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = Path(__file__).resolve().parent / "mutation_equivalent.toml"

#: The modules mutated, in the order reported.
MODULES = (
    *(
        f"dfc_plugin.rules.{path.stem}"
        for path in sorted((ROOT / "dfc_plugin" / "rules").glob("*.py"))
        if path.stem != "__init__"
    ),
    "dfc_plugin.editions",
    "dfc_plugin.host.changes",
)

_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
}
_BOUNDARY: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
}


# --------------------------------------------------------------------------- making mutants


@dataclass(frozen=True)
class Mutant:
    """One change to one module: where, which operator, the source before and after."""

    module: str
    scope: str  # qualified name of the function it is in, or "<module>"
    line: int
    operator: str
    before: str
    after: str
    site: int  # the index of the mutated node in ast.walk order
    variant: int  # which of the operator's changes at that node
    occurrence: int = 0

    @property
    def key(self) -> str:
        """A name for the mutant that survives edits elsewhere in the file."""
        return f"{self.module}:{self.scope}:{self.operator}: {self.before} -> {self.after} #{self.occurrence}"


Edit = Callable[[ast.AST], None]


@dataclass
class _Site:
    node: ast.AST
    scope: str
    parent: ast.AST | None
    container: str
    index: int | None


def _sites(tree: ast.Module) -> Iterator[tuple[int, _Site]]:
    """Every node that may be mutated, with its scope and where it hangs in its parent.
    Skips docstrings, annotations, ``__all__`` and class bodies outside methods."""
    order = {id(node): i for i, node in enumerate(ast.walk(tree))}

    def visit(node: ast.AST, scope: str, in_class: bool) -> Iterator[tuple[int, _Site]]:
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "decorator_list") or _is_all(node):
                continue
            children = value if isinstance(value, list) else [value]
            for index, child in enumerate(children):
                if not isinstance(child, ast.AST) or _is_docstring(node, name, index):
                    continue
                inner, cls = scope, in_class
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                    label = child.name if not isinstance(child, ast.Lambda) else "<lambda>"
                    inner = label if scope == "<module>" else f"{scope}.{label}"
                    cls = False
                elif isinstance(child, ast.ClassDef):
                    inner = child.name if scope == "<module>" else f"{scope}.{child.name}"
                    cls = True
                if not cls:
                    where = index if isinstance(value, list) else None
                    yield order[id(child)], _Site(child, inner, node, name, where)
                yield from visit(child, inner, cls)

    yield from visit(tree, "<module>", False)


def _is_docstring(parent: ast.AST, name: str, index: int) -> bool:
    body = getattr(parent, "body", None)
    if name != "body" or index != 0 or not isinstance(body, list) or not body:
        return False
    first = body[0]
    return isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)


def _is_all(node: ast.AST) -> bool:
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
    )


def _replace(site: _Site, new: ast.AST) -> None:
    ast.copy_location(new, site.node)
    assert site.parent is not None
    if site.index is None:
        setattr(site.parent, site.container, new)
    else:
        getattr(site.parent, site.container)[site.index] = new


def _edits(site: _Site, enums: dict[str, type[enum.Enum]]) -> list[tuple[str, Edit]]:
    """The operator's changes at one node: (operator name, an edit of that node)."""
    node = site.node
    found: list[tuple[str, Edit]] = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for name, table in (("compare", _NEGATED), ("boundary", _BOUNDARY)):
                if type(op) in table:
                    found.append((name, _swap_op(i, table[type(op)])))
    elif isinstance(node, ast.BoolOp):
        found.append(("bool_op", _swap_bool))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        found.append(("negate", lambda n: _replace(site, n.operand)))  # type: ignore[attr-defined]
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        found.append(("constant", lambda n: _replace(site, ast.Constant(not n.value))))  # type: ignore[attr-defined]
    elif isinstance(node, ast.Constant) and isinstance(node.value, int):
        found.append(("off_by_one", lambda n: _replace(site, ast.Constant(n.value + 1))))  # type: ignore[attr-defined]
        found.append(("off_by_one", lambda n: _replace(site, ast.Constant(n.value - 1))))  # type: ignore[attr-defined]
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in enums:
        swapped = _next_member(enums[node.value.id], node.attr)
        if swapped is not None:
            found.append(("enum_swap", lambda n: setattr(n, "attr", swapped)))
    found.extend(_statement_edits(site))
    return found


def _statement_edits(site: _Site) -> list[tuple[str, Edit]]:
    node = site.node
    found: list[tuple[str, Edit]] = []
    if isinstance(node, ast.If | ast.IfExp | ast.While) and not _is_not(node.test):
        found.append(("negate", _negate_test))  # a test that is `not x` is negated by dropping it
    if isinstance(node, ast.comprehension):
        for i, test in enumerate(node.ifs):
            if not _is_not(test):
                found.append(("negate", _negate_comprehension_if(i)))
    if isinstance(node, ast.If) and site.index is not None:
        if not node.orelse:
            found.append(("remove_guard", lambda n: _replace(site, ast.Pass())))
        elif site.container == "orelse":  # an elif with an else: that branch skipped
            found.append(("remove_guard", lambda n: setattr(site.parent, "orelse", node.orelse)))
    return found


def _is_not(node: ast.AST) -> bool:
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)


def _swap_op(i: int, new: type[ast.cmpop]) -> Edit:
    def edit(node: ast.AST) -> None:
        node.ops[i] = new()  # type: ignore[attr-defined]

    return edit


def _swap_bool(node: ast.AST) -> None:
    node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()  # type: ignore[attr-defined]


def _negate_test(node: ast.AST) -> None:
    test = node.test  # type: ignore[attr-defined]
    node.test = ast.copy_location(ast.UnaryOp(ast.Not(), test), test)  # type: ignore[attr-defined]


def _negate_comprehension_if(i: int) -> Edit:
    def edit(node: ast.AST) -> None:
        test = node.ifs[i]  # type: ignore[attr-defined]
        node.ifs[i] = ast.copy_location(ast.UnaryOp(ast.Not(), test), test)  # type: ignore[attr-defined]

    return edit


def _next_member(kind: type[enum.Enum], member: str) -> str | None:
    names = list(kind.__members__)
    if member not in names or len(names) < 2:
        return None
    return names[(names.index(member) + 1) % len(names)]


def _enums(module: types.ModuleType) -> dict[str, type[enum.Enum]]:
    return {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, type) and issubclass(value, enum.Enum)
    }


def _shown(source: str, node: ast.AST) -> str:
    """A node's source in one line (an ``if`` statement by its first line)."""
    if isinstance(node, ast.If | ast.While):
        node = node.test
    text = ast.get_source_segment(source, node) or ast.unparse(node)
    return " ".join(text.split())


def mutants_of(module_name: str) -> list[Mutant]:
    """Every mutant of one module, in source order."""
    module = importlib.import_module(module_name)
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    enums = _enums(module)
    made: list[Mutant] = []
    for site_index, site in _sites(ast.parse(source)):
        for variant, (operator, _) in enumerate(_edits(site, enums)):
            after = _changed_text(_detached(site), variant, enums)
            line = int(getattr(site.node, "lineno", 0) or getattr(site.parent, "lineno", 0))
            before = _shown(source, site.node)
            made.append(Mutant(module_name, site.scope, line, operator, before, after, site_index, variant))
    made.sort(key=lambda m: (m.line, m.site, m.variant))
    seen: Counter[str] = Counter()
    numbered = []
    for mutant in made:
        base = mutant.key
        numbered.append(_with_occurrence(mutant, seen[base]))
        seen[base] += 1
    return numbered


def _with_occurrence(mutant: Mutant, occurrence: int) -> Mutant:
    return Mutant(**{**mutant.__dict__, "occurrence": occurrence})


def _mutated_tree(
    source: str, site_index: int, variant: int, enums: dict[str, type[enum.Enum]]
) -> tuple[ast.Module, str]:
    """A fresh tree of the module with one change, and the changed node's new source."""
    tree = ast.parse(source)
    site = next(s for i, s in _sites(tree) if i == site_index)
    after = _changed_text(site, variant, enums)
    ast.fix_missing_locations(tree)
    return tree, after


def _detached(site: _Site) -> _Site:
    """A copy of a site to edit for its description, leaving the tree as it is."""
    assert site.parent is not None
    node = copy.deepcopy(site.node)
    parent = copy.copy(site.parent)
    held = getattr(site.parent, site.container)
    if isinstance(held, list):
        held = list(held)
        held[site.index or 0] = node
        setattr(parent, site.container, held)
    else:
        setattr(parent, site.container, node)
    return _Site(node, site.scope, parent, site.container, site.index)


def _changed_text(site: _Site, variant: int, enums: dict[str, type[enum.Enum]]) -> str:
    """Apply one edit at ``site``; the changed node's new source, in one line."""
    _, edit = _edits(site, enums)[variant]
    edit(site.node)
    changed = getattr(site.parent, site.container)
    if isinstance(changed, list):
        changed = changed[site.index or 0] if changed else ast.Pass()
    if isinstance(changed, ast.If | ast.While):
        return " ".join(ast.unparse(changed.test).split())
    if isinstance(changed, ast.Pass):
        return "pass"
    return " ".join(ast.unparse(changed).split()[:12])


# --------------------------------------------------------------------------- applying one


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _code_map(code: types.CodeType) -> dict[tuple[str, int], list[types.CodeType]]:
    found: dict[tuple[str, int], list[types.CodeType]] = {}
    for inner in _codes(code):
        found.setdefault((inner.co_qualname, inner.co_firstlineno), []).append(inner)
    return found


@dataclass
class _Target:
    """A module ready to be mutated: its source, its original compiled code, and its live
    functions by (qualified name, first line)."""

    module: types.ModuleType
    source: str
    original: dict[tuple[str, int], list[types.CodeType]]
    live: dict[tuple[str, int], list[types.FunctionType]]
    enums: dict[str, type[enum.Enum]]

    @classmethod
    def of(cls, module_name: str) -> _Target:
        module = importlib.import_module(module_name)
        path = module.__file__ or ""
        source = Path(path).read_text(encoding="utf-8")
        original = _code_map(compile(ast.parse(source), path, "exec"))
        live: dict[tuple[str, int], list[types.FunctionType]] = {}
        for obj in gc.get_objects():
            if isinstance(obj, types.FunctionType) and obj.__code__.co_filename == path:
                code = obj.__code__
                live.setdefault((code.co_qualname, code.co_firstlineno), []).append(obj)
        return cls(module, source, original, live, _enums(module))


@dataclass
class _Patch:
    """What a mutant changed in the live program, to put back."""

    codes: list[tuple[types.FunctionType, types.CodeType]] = field(default_factory=list)
    attributes: list[tuple[object, str, object]] = field(default_factory=list)
    dicts: list[tuple[dict[Any, Any], dict[Any, Any]]] = field(default_factory=list)
    globals: list[tuple[dict[str, Any], str, object]] = field(default_factory=list)
    applied: bool = False

    def restore(self) -> None:
        for function, code in reversed(self.codes):
            function.__code__ = code
        for obj, name, value in reversed(self.attributes):
            object.__setattr__(obj, name, value)
        for live, saved in reversed(self.dicts):
            live.clear()
            live.update(saved)
        for namespace, name, value in reversed(self.globals):
            namespace[name] = value


class NotApplicable(Exception):
    """The mutant changes nothing this benchmark can patch in (e.g. a closure's shape)."""


def apply(target: _Target, mutant: Mutant) -> _Patch:
    """Patch one mutant into the live program (see the module docstring)."""
    tree, _ = _mutated_tree(target.source, mutant.site, mutant.variant, target.enums)
    path = target.module.__file__ or ""
    code = compile(tree, path, "exec")
    patch = _Patch()
    try:
        _patch_functions(target, _code_map(code), patch)
        _patch_defaults(target, tree, patch)
        if mutant.scope == "<module>":
            _patch_module_values(target, code, patch)
    except (ValueError, TypeError) as error:
        patch.restore()
        raise NotApplicable(str(error)) from None
    return patch


def _patch_functions(
    target: _Target, mutated: dict[tuple[str, int], list[types.CodeType]], patch: _Patch
) -> None:
    for key, codes in mutated.items():
        if key not in target.original or codes == target.original[key] or len(codes) != 1:
            continue
        for function in target.live.get(key, []):
            patch.codes.append((function, function.__code__))
            function.__code__ = codes[0]
            patch.applied = True


def _functions(tree: ast.AST, scope: str = "") -> Iterator[tuple[str, int, ast.FunctionDef]]:
    """Every function definition with its qualified name and first line (its first
    decorator's, as the code object counts it)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef):
            name = f"{scope}{node.name}"
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            yield name, first, node
            yield from _functions(node, f"{name}.<locals>.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{scope}{node.name}.")


def _literal_defaults(node: ast.FunctionDef) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
    """A function's default values, if every one is a literal (else None: not compared)."""
    try:
        positional = tuple(ast.literal_eval(d) for d in node.args.defaults)
        keyword = {
            a.arg: ast.literal_eval(d)
            for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
            if d is not None
        }
    except ValueError:
        return None
    return positional, keyword


def _patch_defaults(target: _Target, tree: ast.Module, patch: _Patch) -> None:
    """Default values live on the function object, not in its code: a mutant of one
    (``count: int = 1`` -> ``2``) is patched into ``__defaults__``/``__kwdefaults__``."""
    for name, first, node in _functions(tree):
        values = _literal_defaults(node)
        if values is None:
            continue
        positional, keyword = values
        for function in target.live.get((name, first), []):
            now = (function.__defaults__ or (), function.__kwdefaults__ or {})
            if now == (positional, keyword):
                continue
            patch.attributes.append((function, "__defaults__", function.__defaults__))
            patch.attributes.append((function, "__kwdefaults__", function.__kwdefaults__))
            function.__defaults__ = positional or None
            function.__kwdefaults__ = keyword or None
            patch.applied = True


def _patch_module_values(target: _Target, code: types.CodeType, patch: _Patch) -> None:
    module = target.module
    namespace: dict[str, Any] = {"__name__": module.__name__, "__file__": module.__file__}
    exec(code, namespace)
    live = vars(module)
    for name, new in namespace.items():
        old = live.get(name)
        if name.startswith("__") or _is_code_like(new) or old is None or _same(old, new):
            continue
        _patch_value(old, new, name, patch)
        patch.applied = True


def _is_code_like(value: object) -> bool:
    return isinstance(value, types.FunctionType | types.ModuleType | type)


def _same(old: object, new: object) -> bool:
    """Equal values; a dataclass instance by its fields (the re-executed module made a new
    class, which dataclass equality would tell apart from the live one)."""
    if type(old).__name__ != type(new).__name__:
        return False
    if is_dataclass(old) and not isinstance(old, type):
        return all(_same(getattr(old, f.name), getattr(new, f.name)) for f in fields(old))
    if isinstance(old, dict) and isinstance(new, dict):
        return old.keys() == new.keys() and all(_same(old[k], new[k]) for k in old)
    if isinstance(old, list | tuple) and isinstance(new, list | tuple):
        return len(old) == len(new) and all(_same(a, b) for a, b in zip(old, new, strict=True))
    try:
        return bool(old == new)
    except Exception:
        return False


def _patch_value(old: object, new: object, name: str, patch: _Patch) -> None:
    if is_dataclass(old) and not isinstance(old, type):
        for f in fields(old):
            value = getattr(new, f.name)
            if not _same(getattr(old, f.name), value):
                patch.attributes.append((old, f.name, getattr(old, f.name)))
                object.__setattr__(old, f.name, value)
        return
    if isinstance(old, dict) and isinstance(new, dict):
        patch.dicts.append((old, dict(old)))
        old.clear()
        old.update(new)
        return
    for loaded in list(sys.modules.values()):
        namespace = getattr(loaded, "__dict__", None)
        if loaded is None or not getattr(loaded, "__name__", "").startswith("dfc_plugin"):
            continue
        assert namespace is not None
        for key, value in list(namespace.items()):
            if value is old:
                patch.globals.append((namespace, key, value))
                namespace[key] = new


# --------------------------------------------------------------------------- running the suite


class _Timeout(BaseException):
    """The suite took longer than the per-mutant limit (an infinite loop, say)."""


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


@dataclass
class Suite:
    """The bundled suite's runs, with the one that killed the last mutant tried first."""

    runs: list[Any]
    timeout: float
    first: int = 0

    @classmethod
    def bundled(cls, timeout: float) -> Suite:
        from dfc_plugin.conformance.runner import load_scenarios, planned_runs

        scenarios, errors = load_scenarios([], bundled=True)
        if errors:
            raise SystemExit(f"the bundled scenarios do not load: {errors[0]}")
        return cls(planned_runs(scenarios), timeout)

    def verdict(self) -> tuple[str, str]:
        """("killed", by which run) or ("survived", "")."""
        from dfc_plugin.conformance.driver import ReferenceDriver
        from dfc_plugin.conformance.runner import run_scenario

        order = [self.first, *(i for i in range(len(self.runs)) if i != self.first)]
        _reset_registries()
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, self.timeout)
        try:
            for i in order:
                _clear_caches()
                try:
                    outcome = run_scenario(self.runs[i], ReferenceDriver)
                except Exception as error:
                    self.first = i
                    return "killed", f"{self.runs[i].id} (raised {type(error).__name__})"
                if not outcome.ok:
                    self.first = i
                    return "killed", f"{outcome.run.id} ({outcome.status})"
            return "survived", ""
        except _Timeout:
            return "killed", "timeout"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            _clear_caches()
            _reset_registries()


def _reset_registries() -> None:
    """The registries the drivers share are built once per process; built again for each
    mutant, the code that registers handlers (rules/plugin.py) is mutated too."""
    from dfc_plugin.conformance import driver

    driver._shared_registry.cache_clear()


def _clear_caches() -> None:
    """The per-card tables a mutant may have filled with wrong answers."""
    from dfc_plugin.rules import characteristics

    characteristics._TABLES.clear()


# --------------------------------------------------------------------------- scoring


@dataclass
class Result:
    mutant: Mutant
    status: str  # killed, survived, equivalent (listed), identical, not_applicable
    by: str = ""


def load_equivalent(path: Path = EQUIVALENT_FILE) -> dict[str, str]:
    """The survivors judged equivalent by hand: mutant key -> reason."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {entry["mutant"]: entry["reason"] for entry in data.get("equivalent", [])}


def run_module(module_name: str, suite: Suite, equivalent: dict[str, str]) -> list[Result]:
    target = _Target.of(module_name)
    results = []
    for mutant in mutants_of(module_name):
        results.append(_judge(target, mutant, suite, equivalent))
    status, by = suite.verdict()
    if status != "survived":
        raise SystemExit(f"after mutating {module_name} the unmutated suite fails ({by}): a leak")
    return results


def _judge(target: _Target, mutant: Mutant, suite: Suite, equivalent: dict[str, str]) -> Result:
    try:
        patch = apply(target, mutant)
    except NotApplicable as error:
        return Result(mutant, "not_applicable", str(error))
    try:
        if not patch.applied:
            return Result(mutant, "identical")
        status, by = suite.verdict()
    finally:
        patch.restore()
    if status == "survived" and mutant.key in equivalent:
        return Result(mutant, "equivalent", equivalent[mutant.key])
    return Result(mutant, status, by)


def score(results: list[Result]) -> dict[str, Any]:
    counts = Counter(r.status for r in results)
    counted = counts["killed"] + counts["survived"]
    return {
        "mutants": len(results),
        "identical": counts["identical"],
        "not_applicable": counts["not_applicable"],
        "equivalent": counts["equivalent"],
        "killed": counts["killed"],
        "survived": counts["survived"],
        "score": round(counts["killed"] / counted, 4) if counted else 1.0,
    }


def stale_entries(results: list[Result], equivalent: dict[str, str], modules: list[str]) -> list[str]:
    """Listed equivalent mutants that were killed or no longer exist (for the modules run)."""
    status = {r.mutant.key: r.status for r in results}
    return sorted(
        key
        for key in equivalent
        if key.split(":", 1)[0] in modules and status.get(key) != "equivalent"
    )


def _report(per_module: dict[str, list[Result]], elapsed: float) -> dict[str, Any]:
    everything = [r for results in per_module.values() for r in results]
    handlers = [
        r for name, results in per_module.items() if name != "dfc_plugin.host.changes" for r in results
    ]
    return {
        "modules": {name: score(results) for name, results in per_module.items()},
        "handlers_and_editions": score(handlers),
        "total": score(everything),
        "seconds": round(elapsed, 1),
    }


def _print_table(report: dict[str, Any]) -> None:
    columns = ("mutants", 7), ("equiv", 5), ("ident", 5), ("n/a", 4), ("killed", 6), ("surv", 5), ("score", 7)
    print(f"{'module':<28} " + " ".join(f"{name:>{width}}" for name, width in columns))
    rows = [*report["modules"].items(), ("handlers + editions", report["handlers_and_editions"])]
    rows.append(("total", report["total"]))
    for name, s in rows:
        short = name.removeprefix("dfc_plugin.")
        print(
            f"{short:<28} {s['mutants']:>7} {s['equivalent']:>5} {s['identical']:>5} "
            f"{s['not_applicable']:>4} {s['killed']:>6} {s['survived']:>5} {s['score']:>7.1%}"
        )
    print(f"{report['seconds']} s")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--module", action="append", help="a module to mutate (repeatable); default: all")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per mutant (default 20)")
    parser.add_argument("--strict", action="store_true", help="exit 1 if the equivalent list is stale")
    args = parser.parse_args(argv)
    modules = [m if m.startswith("dfc_plugin") else f"dfc_plugin.{m}" for m in args.module or MODULES]
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        parser.error(f"not a mutated module: {', '.join(unknown)}; modules: {', '.join(MODULES)}")
    equivalent = load_equivalent()
    suite = Suite.bundled(args.timeout)
    if suite.verdict()[0] != "survived":
        raise SystemExit("the unmutated suite does not pass: nothing to measure")
    start = time.perf_counter()
    per_module = {name: run_module(name, suite, equivalent) for name in modules}
    report = _report(per_module, time.perf_counter() - start)
    everything = [r for results in per_module.values() for r in results]
    stale = stale_entries(everything, equivalent, modules)
    survivors = [r.mutant for r in everything if r.status == "survived"]
    if args.json:
        report["stale_equivalent"] = stale
        listed = [f"{m.key} (line {m.line})" for m in survivors]
        report["survivors"] = listed if args.survivors else len(survivors)
        print(json.dumps(report, indent=2))
    else:
        _print_table(report)
        for mutant in survivors if args.survivors else []:
            print(f"survived  line {mutant.line:>4}  {mutant.key}")
        for key in stale:
            print(f"stale equivalent entry (killed or gone): {key}")
    return 1 if args.strict and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
