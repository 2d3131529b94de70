"""Every benchmark's command line tells the truth: ``python benchmarks/X.py --help`` prints
the usage, naming the script, and a description, and runs nothing; an unknown option or a
bad value is argparse's usage error (exit 2), never a traceback; and the spellings the
docstrings give still mean what they meant. The benchmarks are found by glob, so a new one
without a command line fails here.

Each ``python X.py`` would import the engine afresh (about a second each, twice per
benchmark), so one subprocess runs every call: it executes each file as ``__main__`` with
``runpy`` (the script's own ``if __name__ == "__main__"`` block, with ``sys.argv`` and
``sys.path[0]`` as ``python X.py`` sets them), and one real ``python X.py --help`` shows
that the two print the same."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
#: What the benchmarks import: modules, not benchmarks (checked: no ``__main__`` block).
HELPERS = ("arguments.py", "timing.py")
#: parse_corpus.py's description is its own, shorter than its docstring's first paragraph.
OWN_DESCRIPTION = ("parse_corpus.py",)
#: Seconds one call may take in the driver: imports, not a benchmark's run (the output,
#: the usage and nothing else, is what shows that nothing ran).
SECONDS = 10

#: Runs each call and prints, as JSON, its exit status, output and seconds. A call is
#: [script, argv] (run as __main__) or [script, function, args] (the file loaded under
#: another name, so its __main__ block does not run, and the function called).
DRIVER = """
import contextlib, io, json, runpy, signal, sys, time, traceback

class TooLong(BaseException):
    pass

def alarm(signum, frame):
    raise TooLong

def run(call):
    if len(call) == 2:
        sys.argv = list(call)[:1] + call[1]
        runpy.run_path(call[0], run_name="__main__")
        return 0, None
    value = runpy.run_path(call[0], run_name="benchmark_under_test")[call[1]](*call[2])
    return 0, value if isinstance(value, int) else vars(value)

folder, calls, budget = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
signal.signal(signal.SIGALRM, alarm)
sys.path.insert(0, folder)
results = []
for call in calls:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    signal.alarm(budget)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code, value = run(call)
        except SystemExit as stop:
            code, value = stop.code, None
            if not isinstance(code, int | None):
                print(code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
            code, value = 1, None
    signal.alarm(0)
    seconds = time.perf_counter() - start
    results.append({"code": code or 0, "value": value, "out": out.getvalue(), "err": err.getvalue(),
                    "seconds": seconds})
print(json.dumps(results))
"""


def benchmarks() -> list[str]:
    return sorted(p.name for p in BENCHMARKS.glob("*.py") if p.name not in HELPERS)


#: Values each benchmark refuses (besides an unknown option): counts below 1 or not
#: numbers, too many arguments, and EXAMPLES with --shapes (which runs no fuzzing).
REFUSED = [
    ("conformance_suite.py", ["0"]),
    ("engines.py", ["one"]),
    ("fuzz_long.py", ["0"]),
    ("fuzz_long.py", ["10", "--shapes"]),
    ("fuzz_long.py", ["--shapes", "10"]),
    ("handlers.py", ["3"]),
    ("leaving.py", ["1", "2"]),
    ("leaving.py", ["-1"]),
    ("played_runs.py", ["2.5"]),
    ("scenario_loading.py", ["x"]),
    ("stateful_long.py", ["5", "x"]),
    ("stateful_long.py", ["1", "2", "3"]),
    ("random_games.py", ["0"]),
    ("random_games.py", ["--max-actions", "-5"]),
    ("random_games.py", ["--rounds", "0"]),
]

#: The spellings of the docstrings and README, parsed: (script, function, args) -> value.
PARSED: list[tuple[str, str, list[Any], Any]] = [
    ("arguments.py", "parse_rounds", ["A benchmark.", 5, []], 5),
    ("arguments.py", "parse_rounds", ["A benchmark.", 9, ["3"]], 3),
    ("fuzz_long.py", "_arguments", [[]], {"examples": None, "shapes": False}),
    ("fuzz_long.py", "_arguments", [["200"]], {"examples": 200, "shapes": False}),
    ("fuzz_long.py", "_arguments", [["--shapes"]], {"examples": None, "shapes": True}),
    ("stateful_long.py", "_arguments", [[]], {"examples": 2500, "steps": 50}),
    ("stateful_long.py", "_arguments", [["10"]], {"examples": 10, "steps": 50}),
    ("stateful_long.py", "_arguments", [["10", "20"]], {"examples": 10, "steps": 20}),
]


def _key(call: list[Any]) -> str:
    return json.dumps(call)


@pytest.fixture(scope="module")
def results() -> dict[str, dict[str, Any]]:
    """Every call's result, from one driver process."""
    calls: list[list[Any]] = []
    for name in benchmarks():
        calls += [[name, ["--help"]], [name, ["--no-such-option"]]]
    calls += [[name, argv] for name, argv in REFUSED]
    calls += [[name, function, args] for name, function, args, _ in PARSED]
    located = [[str(BENCHMARKS / call[0]), *call[1:]] for call in calls]
    driver = subprocess.run(
        [sys.executable, "-c", DRIVER, str(BENCHMARKS), json.dumps(located), str(SECONDS)],
        capture_output=True,
        text=True,
        check=False,
        timeout=SECONDS * len(calls),
    )
    assert driver.returncode == 0, driver.stderr
    return {_key(call): result for call, result in zip(calls, json.loads(driver.stdout), strict=True)}


def _summary(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert doc, f"{path.name} has no docstring to describe it"
    return " ".join(doc.split("\n\n")[0].split())


def _description(help_text: str) -> str:
    """The paragraph after the usage lines, joined."""
    paragraphs = help_text.split("\n\n")
    assert len(paragraphs) > 1 and not paragraphs[1].startswith(("positional arguments:", "options:"))
    return " ".join(paragraphs[1].split())


def test_benchmarks_are_found() -> None:
    names = benchmarks()
    assert "fuzz_long.py" in names and "stateful_long.py" in names
    assert not set(HELPERS) & set(names)


@pytest.mark.parametrize("name", HELPERS)
def test_helpers_are_not_benchmarks(name: str) -> None:
    """A file left out of the --help check is a module the benchmarks import, not a
    benchmark that escaped it."""
    source = (BENCHMARKS / name).read_text(encoding="utf-8")
    assert '__name__ == "__main__"' not in source
    module = name.removesuffix(".py")
    assert any(f"from {module} import" in (BENCHMARKS / b).read_text(encoding="utf-8") for b in benchmarks())


@pytest.mark.parametrize("name", benchmarks())
def test_help_prints_usage_and_description(name: str, results: dict[str, dict[str, Any]]) -> None:
    result = results[_key([name, ["--help"]])]
    assert (result["code"], result["err"]) == (0, ""), result["err"]
    assert result["out"].startswith(f"usage: {name} [-h]")
    assert result["seconds"] < SECONDS
    description = _description(result["out"])
    if name not in OWN_DESCRIPTION:
        assert description == _summary(BENCHMARKS / name)


@pytest.mark.parametrize("name", benchmarks())
def test_unknown_option_is_a_usage_error(name: str, results: dict[str, dict[str, Any]]) -> None:
    result = results[_key([name, ["--no-such-option"]])]
    assert result["code"] == 2
    assert result["err"].startswith(f"usage: {name}")
    assert "error:" in result["err"] and "Traceback" not in result["err"]
    assert result["out"] == ""


@pytest.mark.parametrize(("name", "argv"), REFUSED, ids=[f"{n} {' '.join(a)}" for n, a in REFUSED])
def test_bad_values_are_usage_errors(name: str, argv: list[str], results: dict[str, dict[str, Any]]) -> None:
    result = results[_key([name, argv])]
    assert result["code"] == 2, result["err"]
    assert result["err"].startswith(f"usage: {name}") and "Traceback" not in result["err"]
    assert result["out"] == ""


@pytest.mark.parametrize(
    ("name", "function", "args", "expected"), PARSED, ids=[f"{n} {f}{a}" for n, f, a, _ in PARSED]
)
def test_documented_spellings_parse(
    name: str, function: str, args: list[Any], expected: Any, results: dict[str, dict[str, Any]]
) -> None:
    result = results[_key([name, function, args])]
    assert (result["code"], result["err"]) == (0, ""), result["err"]
    assert result["value"] == expected


def test_driver_prints_what_python_prints(results: dict[str, dict[str, Any]]) -> None:
    """The real entry point, ``python benchmarks/X.py --help``, for one benchmark (the
    first found): the same bytes as the driver's run of it."""
    name = benchmarks()[0]
    real = subprocess.run(
        [sys.executable, str(BENCHMARKS / name), "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=SECONDS * 3,
    )
    assert (real.returncode, real.stderr) == (0, "")
    assert real.stdout == results[_key([name, ["--help"]])]["out"]
