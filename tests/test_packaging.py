"""What the built distributions hold: the licence, the type marker, the data files, the
docs the README names; pytest and tomli only where they are needed. Built with the real
build front end and hatchling, as a release would be."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from helpers import ROOT


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return out


def test_the_wheel_has_licence_type_marker_and_data(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "dfc_plugin/py.typed" in names
    assert "dfc_plugin/_data/grammar/cardscript.lark" in names
    assert any(n.startswith("dfc_plugin/_data/cardscripts/d/") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_the_wheel_needs_pytest_and_tomli_only_where_they_are_used(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    archive = zipfile.ZipFile(wheel)
    (metadata_name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
    metadata = Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
    requires = metadata.get_all("Requires-Dist") or []
    assert "pytest>=8; extra == 'pytest'" in requires
    assert all("extra ==" in r for r in requires if r.startswith("pytest"))  # never needed by the rules
    assert [r for r in requires if r.startswith("tomli")] == ["tomli>=2.0; python_version < '3.11'"]
    assert "pytest" in (metadata.get_all("Provides-Extra") or [])
    assert metadata["License-Expression"] == "MIT"
    entry_points = archive.read(metadata_name.replace("METADATA", "entry_points.txt")).decode()
    assert "[pytest11]\ndfc_conformance = dfc_plugin.conformance.pytest_plugin" in entry_points


def test_the_sdist_has_the_docs_the_readme_names(dist: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in ("LICENSE", "README.md", "SECURITY.md", "docs/conformance.md", "grammar/cardscript.lark"):
        assert needed in names
