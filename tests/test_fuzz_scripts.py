"""Fuzzing the loader: scripts generated from the grammar's vocabulary and corpus
scripts mutated (byte flips, truncation, invalid UTF-8, NUL bytes, duplicated and deleted
lines, 1 MB lines, 10,000 faces). The loader returns a card or CardScriptErrors with a
position; it never raises. CI runs the examples set here; benchmarks/fuzz_long.py runs
many more."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_support import corpus_files, mutate, operations, read_and_check, scripts
from helpers import FORGE_2020
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scripts)
def test_generated_scripts_read_or_report(data: bytes) -> None:
    read_and_check(data)


@pytest.fixture(scope="module")
def samples(forge_2020: Path) -> list[bytes]:
    return [path.read_bytes() for path in corpus_files(forge_2020)]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.data(), operations)
def test_mutated_corpus_scripts_read_or_report(
    samples: list[bytes], data: st.DataObject, ops: list[tuple[str, int, int]]
) -> None:
    original = data.draw(st.sampled_from(samples))
    read_and_check(mutate(original, ops))


def test_unmutated_samples_read_clean(samples: list[bytes]) -> None:
    for original in samples:
        result = read_and_check(original)
        assert result.card is not None and not result.errors
    assert len(samples) > 400 and FORGE_2020.exists()
