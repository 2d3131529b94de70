"""Helpers the tests share: where the Forge corpus is, and how to need it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
FORGE_2020 = CORPUS / "forge-2020" / "cardsfolder"
FORGE_CURRENT = CORPUS / "forge-current"


def need_shared(path: Path) -> Path:
    """Skip a test whose input lives in ../shared (third-party data beside the
    repository, not part of it), with the reason. With DFC_PLUGIN_REQUIRE_SHARED=1 its
    absence is a failure instead: set it where ../shared must be there, so that a moved
    folder cannot turn the corpus tests into silent skips."""
    if not path.exists():
        if os.environ.get("DFC_PLUGIN_REQUIRE_SHARED") == "1":
            pytest.fail(f"{path} is missing and DFC_PLUGIN_REQUIRE_SHARED=1")
        pytest.skip(f"{path} is not here (it is third-party data outside this repository)")
    return path


def split_pack(data: bytes) -> tuple[bytes, bytes, bytes]:
    """A cache pack's first line, header and body (see dfc_plugin/script/cache.py)."""
    first, _, rest = data.partition(b"\n")
    length = int(first.split(b" ")[3])
    return first, rest[:length], rest[length:]


def seal_pack(head: bytes, body: bytes = b"") -> bytes:
    """A pack of this header and body with its checksums right (what a forger would do)."""
    from dfc_plugin.script.cache import digest

    first = b"dfc-plugin-cache/4 %s %s %d" % (digest(head).encode(), digest(body).encode(), len(head))
    return first + b"\n" + head + body


def read_header(head: bytes) -> dict[str, Any]:
    """A pack's header (marshal data) with every tuple made a list, for a test to edit."""
    import marshal

    def thaw(value: Any) -> Any:
        return [thaw(v) for v in value] if isinstance(value, tuple) else value

    header = marshal.loads(head)
    return {key: thaw(value) for key, value in header.items()}


def header_bytes(header: dict[str, Any]) -> bytes:
    """A header as a pack holds it: every list made a tuple again, marshalled."""
    import marshal

    def freeze(value: Any) -> Any:
        return tuple(freeze(v) for v in value) if isinstance(value, list) else value

    return marshal.dumps({key: freeze(value) for key, value in header.items()})


def unsealed_pack(old: bytes, head: bytes, body: bytes) -> bytes:
    """A pack of this header and body under the checksums of the pack ``old`` (an edit by
    something that does not recompute them; only the header's length is made right)."""
    magic, head_digest, body_digest, _ = split_pack(old)[0].split(b" ")
    first = b" ".join((magic, head_digest, body_digest, str(len(head)).encode()))
    return first + b"\n" + head + body
