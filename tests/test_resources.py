"""The package finds its own data through importlib.resources (issue 13): the bundled
scenarios, a driver's known gaps and the model's sources are inside the imported package,
wherever it is installed."""

from __future__ import annotations

from importlib import resources

from dfc_plugin.conformance.runner import BUNDLED
from dfc_plugin.drivers.phase import KNOWN_GAPS
from dfc_plugin.script.resources import package_path


def test_package_data_lives_in_the_imported_package() -> None:
    package = resources.files("dfc_plugin")
    assert package_path() == package
    assert package / "conformance" / "rulings" == BUNDLED and any(BUNDLED.glob("*.toml"))
    assert package / "drivers" / "phase_gaps.toml" == KNOWN_GAPS and KNOWN_GAPS.is_file()
    assert package_path("script", "cache.py").is_file()
    assert str(BUNDLED).startswith(str(package_path()))
