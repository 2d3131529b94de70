"""``docs/abilities.md``, generated from the interpreter's registries: for each API,
trigger mode, static mode, replacement event and keyword, what it does, the rule, the
parameters it honours and the test that exercises each. ``tests/test_abilities_table.py``
fails when the file and the code disagree; regenerate it with
``python -m dfc_plugin.host.abilities.docs > docs/abilities.md``.
"""

from __future__ import annotations

import sys

from dfc_plugin.host.abilities import census  # noqa: F401  (registers every family)
from dfc_plugin.host.abilities.registry import COMMON, DESCRIPTIVE, FAMILIES, Entry

__all__ = ["render"]

_TITLES = {
    "api": "APIs (`SP$`/`AB$`/`DB$ <Api>`)",
    "trigger": "Trigger modes (`T:Mode$ <mode>`)",
    "static": "Static modes (`S:Mode$ <mode>`)",
    "replacement": "Replacement events (`R:Event$ <event>`)",
    "keyword": "Keywords (`K:<name>`)",
}


def _row(entry: Entry) -> str:
    params = "<br>".join(f"`{name}` — `{test}`" for name, test in sorted(entry.params.items())) or "—"
    rule = entry.rule or "—"
    return f"| `{entry.name}` | {entry.summary} | {rule} | {params} | `{entry.test}` |"


def render() -> str:
    """The whole document."""
    out = [
        "# What the reference engine runs",
        "",
        "Generated from the registries in `dfc_plugin/host/abilities/` by",
        "`python -m dfc_plugin.host.abilities.docs`; `tests/test_abilities_table.py` checks that this",
        "file and the code agree, and that every test named here exists. A parameter not listed for",
        "its API (nor below as common or descriptive) makes the line `missing: <Api>.<Param>` in",
        "`dfc-plugin census`, and a game refuses to run it.",
        "",
    ]
    for family, table in FAMILIES.items():
        out += [
            f"## {_TITLES[family]}",
            "",
            "| name | what it does | rule | parameters honoured — test | test |",
            "|---|---|---|---|---|",
        ]
        out += [_row(entry) for entry in sorted(table.values(), key=lambda e: e.name)]
        out.append("")
    out += [
        "## Parameters every ability honours (the chain runner, stack and trigger machinery)",
        "",
        "| parameter | test |",
        "|---|---|",
    ]
    out += [f"| `{name}` | `{test}` |" for name, test in sorted(COMMON.items())]
    out += ["", "## Descriptive parameters (display text and AI hints; no game behaviour)", ""]
    out.append(", ".join(f"`{name}`" for name in sorted(DESCRIPTIVE) if name) + ".")
    return "\n".join(out) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(render())
