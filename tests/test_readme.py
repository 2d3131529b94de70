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


def test_links_resolve_on_the_package_page() -> None:
    """The README is also the package's page on an index, where a relative link to a file
    of the repository leads nowhere: every link is absolute or an anchor of a heading."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = {
        re.sub(r"[^a-z0-9 -]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in text.splitlines()
        if line.startswith("#")
    }
    targets = re.findall(r"\]\(([^)]+)\)", text)
    assert targets, "no links found: the pattern is wrong"
    for target in targets:
        assert target.startswith(("https://", "http://")) or target.lstrip("#") in headings, target


def test_the_host_example_covers_what_a_host_needs() -> None:
    example = readme_example("Use it from your engine")
    for needed in ("card_folders(manager)", "rules.play_land(", "cards.melded_face(", "rules.meld("):
        assert needed in example


def test_the_reference_engine_plays_the_scripts_example_runs() -> None:
    namespace: dict[str, object] = {}
    exec(compile(readme_example("The reference engine plays the scripts"), "README.md", "exec"), namespace)
    assert namespace["delver"] is not None
