"""The README's example of hosting the plugin runs as written."""

from __future__ import annotations

import re

from helpers import ROOT


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


def test_the_reference_engine_plays_the_scripts_example_runs() -> None:
    namespace: dict[str, object] = {}
    exec(compile(readme_example("The reference engine plays the scripts"), "README.md", "exec"), namespace)
    assert namespace["delver"] is not None
