"""A strictly typed host, against the built wheel in a fresh virtual environment.

Run: ``python tools/typed_host_check.py`` (about a minute; not part of the test suite).
It builds the wheel, makes a venv in a temporary folder outside the checkout, installs
the wheel there (without pytest: the rules alone must not need it), and then:

1. runs ``dfc-plugin conformance`` there (the command line needs no pytest either), and a
   small host with that venv's Python: it loads the bundled card scripts from
   inside the installed package and asks three rule points;
2. runs ``mypy --strict`` (this environment's mypy, reading the fresh venv's packages
   through ``--python-executable``) on that host: it must pass;
3. runs it on the same host with three calls given wrong argument types: mypy must flag
   exactly those three lines.

Prints each step's result; exits 1 if any step did not go as it must.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HOST = '''\
from dfc_plugin import DfcState, Library, Zone, build_registry, card_folders, plugin_manager

manager = plugin_manager()
rules = build_registry(manager)
cards = Library.load(card_folders(manager))
delver = DfcState.of(cards.get("Delver of Secrets"), Zone.BATTLEFIELD)
aberration = rules.transform(delver, action="transform").state
value: int = rules.mana_value(aberration)
options = rules.cast_options(cards.get("Delver of Secrets"), Zone.HAND)
paid = rules.can_pay_tap_cost(delver, True)
print(rules.characteristics(aberration).name, value, len(options), bool(paid))
'''

#: The three calls with wrong argument types, and the line each one replaces.
WRONG = {
    7: 'aberration = rules.transform(delver, action="flip").state',
    9: 'options = rules.cast_options(delver, Zone.HAND)',
    10: 'paid = rules.can_pay_tap_cost(delver, "yes")',
}


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=cwd, check=False)


def mypy(host: Path, python: Path) -> subprocess.CompletedProcess[str]:
    return run(
        sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", python, host,
        cwd=host.parent,
    )


def flagged_lines(output: str, host: Path) -> set[int]:
    """The line numbers of the host that mypy reports an error on."""
    pattern = re.compile(rf"(?:^|/){re.escape(host.name)}:(\d+): error:")
    return {int(found.group(1)) for line in output.splitlines() if (found := pattern.search(line))}


def main() -> int:
    failures = 0
    with tempfile.TemporaryDirectory(prefix="dfc-typed-host-") as temp:
        where = Path(temp)
        built = run(sys.executable, "-m", "build", "--wheel", "--outdir", where / "dist", ROOT, cwd=where)
        wheels = sorted((where / "dist").glob("*.whl"))
        if built.returncode != 0 or not wheels:
            print("build failed:", built.stdout[-2000:], built.stderr[-2000:])
            return 1
        venv.create(where / "venv", with_pip=True)
        python = where / "venv" / "bin" / "python"
        installed = run(python, "-m", "pip", "install", "-q", wheels[0], cwd=where)
        print(f"wheel {wheels[0].name} installed in a fresh venv: exit {installed.returncode}")
        pytest_absent = run(python, "-c", "import pytest", cwd=where).returncode != 0
        print(f"pytest absent from that venv: {pytest_absent}")
        failures += installed.returncode != 0 or not pytest_absent

        suite = run(where / "venv" / "bin" / "dfc-plugin", "conformance", cwd=where)
        print(f"dfc-plugin conformance without pytest: exit {suite.returncode}: {suite.stdout.strip()[-90:]}")
        failures += suite.returncode != 0

        host = where / "host.py"
        host.write_text(HOST, encoding="utf-8")
        ran = run(python, host, cwd=where)
        print(f"host runs: exit {ran.returncode}: {ran.stdout.strip() or ran.stderr.strip()[-500:]}")
        failures += ran.returncode != 0

        clean = mypy(host, python)
        print(f"mypy --strict on the host: exit {clean.returncode}: {clean.stdout.strip().splitlines()[-1:]}")
        failures += clean.returncode != 0

        lines = HOST.splitlines()
        for number, text in WRONG.items():
            lines[number - 1] = text
        host.write_text("\n".join(lines) + "\n", encoding="utf-8")
        wrong = mypy(host, python)
        flagged = flagged_lines(wrong.stdout, host)
        print(f"mypy --strict, three wrong calls: exit {wrong.returncode}, lines flagged {sorted(flagged)}")
        for line in wrong.stdout.splitlines():
            print("   ", line)
        failures += wrong.returncode == 0 or flagged != set(WRONG)
    print("typed host check:", "ok" if not failures else f"{failures} step(s) went wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
