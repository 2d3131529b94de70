"""The README's example of hosting the plugin runs as written."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

from helpers import ROOT

from dfc_plugin.cli import main


def readme_example(heading: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert blocks, f"no python example under {heading!r}"
    return str(blocks[0])


def test_use_it_from_your_engine_example_runs() -> None:
    namespace: dict[str, object] = {}
    exec(compile(readme_example("Use it from your engine"), "README.md", "exec"), namespace)
    assert namespace["aberration"] is not None


def test_check_example_prints_what_the_readme_shows(tmp_path: Path) -> None:
    """The README's `check` example: its script, checked, prints its output exactly."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Card scripts: `check` and `show`", 1)[1].split("\n## ", 1)[0]
    script = re.findall(r"```text\n(.*?)```", section, re.DOTALL)[0]
    shown = re.findall(r"```\n\$ dfc-plugin check my-scripts/\n(.*?)```", section, re.DOTALL)[0]
    target = tmp_path / "my-scripts" / "b" / "bad_bears.txt"
    target.parent.mkdir(parents=True)
    target.write_text(script, encoding="utf-8")
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        main(["check", "--no-cache", "my-scripts/"], out)
    finally:
        os.chdir(cwd)
    assert out.getvalue() == shown
