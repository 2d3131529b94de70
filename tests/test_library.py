"""The library: folders read into an index of every face name, cross-file checks, the
search-path order of several folders, and the content-keyed cache."""

from __future__ import annotations

import marshal
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import seal_pack

from dfc_plugin.cards import Layout
from dfc_plugin.errors import CardNotFoundError, LibraryError
from dfc_plugin.script.library import Library

Write = Callable[[str, str | bytes], Path]

RATS = """Name:Graf Rats
ManaCost:1 B
Types:Creature Rat
PT:2/1
T:Mode$ Phase | Phase$ BeginCombat | ValidPlayer$ You | Execute$ Join | TriggerDescription$ meld them.
SVar:Join:DB$ Meld | Name$ Chittering Host | Primary$ Graf Rats | Secondary$ Midnight Scavengers
AlternateMode:Meld
MeldPair:Midnight Scavengers
Oracle:At the beginning of combat on your turn, if you both own and control Graf Rats and a creature named Midnight Scavengers, exile them, then meld them into Chittering Host.

ALTERNATE

Name:Chittering Host
ManaCost:no cost
Colors:black
Types:Creature Eldrazi Horror
PT:5/6
K:Haste
Oracle:Haste
"""

SCAVENGERS = """Name:Midnight Scavengers
ManaCost:4 B
Types:Creature Human Rogue
PT:3/3
AlternateMode:Meld
MeldPair:Graf Rats
Oracle:When Midnight Scavengers enters, you may return target creature card with mana value 3 or less from your graveyard to your hand.\\n(Melds with Graf Rats.)
"""

BEAR = "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n"


def load(*paths: Path, **options: object) -> Library:
    return Library.load(list(paths), **options)  # type: ignore[arg-type]


def test_every_face_name_finds_the_card(write: Write, tmp_path: Path) -> None:
    write("g/graf_rats__chittering_host.txt", RATS)
    write("m/midnight_scavengers.txt", SCAVENGERS)
    library = load(tmp_path / "scripts")
    assert library.errors == []
    assert library.get("Chittering Host").name == "Graf Rats"
    assert library.get("graf rats").name == "Graf Rats"  # case is forgiven
    scavengers = library.get("Midnight Scavengers")
    assert scavengers.layout is Layout.MELD
    melded = library.melded_face(scavengers)
    assert melded is not None and melded.name == "Chittering Host"
    assert library.layouts() == {"meld": 2}
    assert library.face_count() == 3


def test_unknown_name_suggests_close_ones(write: Write, tmp_path: Path) -> None:
    write("g/graf_rats__chittering_host.txt", RATS)
    write("m/midnight_scavengers.txt", SCAVENGERS)
    library = load(tmp_path / "scripts")
    with pytest.raises(CardNotFoundError) as caught:
        library.get("Graf Rat")
    assert "Graf Rats" in caught.value.suggestions
    assert "did you mean 'Graf Rats'" in str(caught.value)


def test_meld_partner_must_exist(write: Write, tmp_path: Path) -> None:
    write("g/graf_rats__chittering_host.txt", RATS)
    library = load(tmp_path / "scripts")
    (error,) = library.errors
    assert "meld partner 'Midnight Scavengers' is not in the library" in error.message
    assert error.line == 8 and error.path.endswith("graf_rats__chittering_host.txt")


def test_meld_partner_may_come_from_a_fallback_library(write: Write, tmp_path: Path) -> None:
    write("a/graf_rats__chittering_host.txt", RATS)
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "midnight_scavengers.txt").write_text(SCAVENGERS, encoding="utf-8")
    library = load(tmp_path / "scripts", fallback=load(other))
    assert library.errors == []


def test_meld_partner_must_name_it_back(write: Write, tmp_path: Path) -> None:
    write("g/graf_rats__chittering_host.txt", RATS)
    write(
        "m/midnight_scavengers.txt",
        SCAVENGERS.replace("MeldPair:Graf Rats", "MeldPair:Gisela, the Broken Blade"),
    )
    messages = [e.message for e in load(tmp_path / "scripts").errors]
    assert any("does not name 'Graf Rats' as its MeldPair" in m for m in messages)


def test_exactly_one_card_of_a_pair_carries_the_melded_face(write: Write, tmp_path: Path) -> None:
    write("g/graf_rats.txt", RATS.split("\nALTERNATE", maxsplit=1)[0] + "\n")
    write("m/midnight_scavengers.txt", SCAVENGERS)
    messages = [e.message for e in load(tmp_path / "scripts").errors]
    assert any(
        "neither of 'Graf Rats' and 'Midnight Scavengers' carry the melded face" in m for m in messages
    )


def test_two_cards_with_one_name_in_one_folder(write: Write, tmp_path: Path) -> None:
    write("g/grizzly_bears.txt", BEAR)
    write("g/grizzly_bears_copy.txt", BEAR)
    (error,) = load(tmp_path / "scripts").errors
    assert "two cards have a face named 'Grizzly Bears'" in error.message


def test_a_later_folder_replaces_a_card_of_an_earlier_one(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder, power in ((first, "2/2"), (second, "3/3")):
        folder.mkdir()
        (folder / "bears.txt").write_text(BEAR.replace("2/2", power), encoding="utf-8")
    library = load(first, second)
    assert library.errors == []
    assert [w.message for w in library.warnings] == [
        f"replaces the card with a face named 'Grizzly Bears' in {first / 'bears.txt'}"
    ]
    card = library.get("Grizzly Bears")
    assert card.front.power is not None and card.front.power.text == "3"


def test_missing_path_is_a_library_error(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="no such file or folder"):
        load(tmp_path / "nope")


def test_files_that_are_not_scripts_are_listed(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    write("a/notes.md", "# notes")
    library = load(tmp_path / "scripts")
    assert [Path(p).name for p in library.skipped] == ["notes.md"]


def test_token_scripts_are_double_faced_tokens(write: Write, tmp_path: Path) -> None:
    write(
        "tokenscripts/incubator_c_0_0_a_phyrexian.txt",
        "Name:Incubator\nTypes:Artifact Incubator\nA:AB$ SetState | Cost$ 2 | Mode$ Transform | SpellDescription$ Transform this artifact.\n"
        "AlternateMode:DoubleFaced\nOracle:{2}: Transform this artifact.\n\nALTERNATE\n\n"
        "Name:Phyrexian Token\nTypes:Artifact Creature Phyrexian\nPT:0/0\nOracle:\n",
    )
    card = load(tmp_path / "scripts").get("Phyrexian Token")
    assert card.layout is Layout.DOUBLE_FACED_TOKEN and card.is_token


# --------------------------------------------------------------------------- the cache


def test_second_load_of_an_unchanged_folder_does_not_parse(
    write: Write, tmp_path: Path, scripts_read: list[str]
) -> None:
    write("g/graf_rats__chittering_host.txt", RATS)
    write("m/midnight_scavengers.txt", SCAVENGERS)
    write("b/broken.txt", "Name:Broken\nManaCost:2 Q\nTypes:Creature\n")
    cache = tmp_path / "cache"
    first = load(tmp_path / "scripts", cache_dir=cache)
    assert len(scripts_read) == 3  # the first load parses every script
    scripts_read.clear()
    second = load(tmp_path / "scripts", cache_dir=cache)
    assert scripts_read == []
    assert [e.render() for e in second.errors] == [e.render() for e in first.errors]
    assert second.get("Chittering Host") == first.get("Chittering Host")
    assert second.layouts() == first.layouts()


def test_changed_file_is_read_again_and_only_it(
    write: Write, tmp_path: Path, scripts_read: list[str]
) -> None:
    write("a/grizzly_bears.txt", BEAR)
    rats = write("g/graf_rats__chittering_host.txt", RATS)
    write("m/midnight_scavengers.txt", SCAVENGERS)
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache)
    rats.write_text(RATS.replace("PT:2/1", "PT:2/2"), encoding="utf-8")
    scripts_read.clear()
    library = load(tmp_path / "scripts", cache_dir=cache)
    assert scripts_read == [str(rats)]
    power = library.get("Graf Rats").front.toughness
    assert power is not None and power.text == "2"


def test_moved_file_with_same_content_is_not_parsed(
    write: Write, tmp_path: Path, scripts_read: list[str]
) -> None:
    bears = write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache)
    moved = bears.parent.parent / "g" / "grizzly_bears.txt"
    moved.parent.mkdir()
    bears.rename(moved)
    scripts_read.clear()
    card = load(tmp_path / "scripts", cache_dir=cache).get("Grizzly Bears")
    assert scripts_read == []
    assert card.path == str(moved)


@pytest.mark.parametrize(
    "hostile",
    [
        b"not json at all\n",
        b"\x80\x04\x95pickle\x8c\x05posix\x94\x8c\x06system\x94\x93\x94\n",
        b"dfc-plugin-cache/4 0123 4567 3\n{}\n",
        b"CHECKSUMMED" + b'{"model": "MODEL", "root": "ROOT", "rows": [[1,2,3]]}\n',
        b"CHECKSUMMED" + b")\x01" * 100000 + b"N",
        b"CHECKSUMMED" + marshal.dumps(compile("import os; os.system('x')", "x", "exec")),
    ],
    ids=["garbage", "pickle-bytes", "bad-checksum", "wrong-shape", "deep-nesting", "code-object"],
)
def test_hostile_cache_is_ignored_and_rebuilt(write: Write, tmp_path: Path, hostile: bytes) -> None:
    """Nothing in a cache file can make the plugin run code or crash: a pack that is not
    exactly what this version writes is reported and the scripts are read again."""
    from dfc_plugin.script.cache import Pack, model_version

    write("a/grizzly_bears.txt", BEAR)
    root = (tmp_path / "scripts").resolve()
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache)
    pack = Pack.location(cache, root)
    hostile = hostile.replace(b"MODEL", model_version().encode()).replace(b"ROOT", str(root).encode())
    if hostile.startswith(b"CHECKSUMMED"):
        payload = hostile[len(b"CHECKSUMMED") :]
        hostile = seal_pack(payload)
    pack.write_bytes(hostile)
    library = load(tmp_path / "scripts", cache_dir=cache)
    assert library.get("Grizzly Bears").name == "Grizzly Bears"
    assert library.cache_warnings and "reading the scripts again" in library.cache_warnings[0]
    assert pack.read_bytes().startswith(b"dfc-plugin-cache/4 ")  # rebuilt
    assert load(tmp_path / "scripts", cache_dir=cache).cache_warnings == []


def test_a_code_object_in_a_sealed_header_is_refused_never_run(write: Write, tmp_path: Path) -> None:
    """marshal can build a code object; a header holding one (checksum made right) is
    refused by the type checks and nothing in it runs."""
    from dfc_plugin.script.cache import Pack, model_version

    write("a/grizzly_bears.txt", BEAR)
    root = (tmp_path / "scripts").resolve()
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache)
    ran = tmp_path / "ran"
    code = compile(f"open({str(ran)!r}, 'w')", "x", "exec")
    header = {"model": model_version(), "root": str(root), "written_ns": 0, "body_length": 0}
    header |= {"files": {}, "rows": (code,)}
    Pack.location(cache, root).write_bytes(seal_pack(marshal.dumps(header)))
    library = load(tmp_path / "scripts", cache_dir=cache)
    assert library.cache_warnings and "reading the scripts again" in library.cache_warnings[0]
    assert library.get("Grizzly Bears").name == "Grizzly Bears"
    assert not ran.exists()


def test_another_versions_pack_is_replaced_silently(write: Write, tmp_path: Path) -> None:
    from dfc_plugin.script.cache import Pack

    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache)
    pack = Pack.location(cache, (tmp_path / "scripts").resolve())
    pack.write_bytes(b"dfc-plugin-cache/1 old\n{}\n")
    library = load(tmp_path / "scripts", cache_dir=cache)
    assert library.cache_warnings == []
    assert library.get("Grizzly Bears").name == "Grizzly Bears"


def test_damaged_card_in_cache_falls_back_to_the_script(write: Write, tmp_path: Path) -> None:
    from dfc_plugin.script.cache import Pack

    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache)
    pack = Pack.location(cache, (tmp_path / "scripts").resolve())
    pack.write_bytes(pack.read_bytes().replace(b'"faces"', b'"fakes"'))
    card = load(tmp_path / "scripts", cache_dir=cache).get("Grizzly Bears")
    assert card.front.power is not None and card.front.power.text == "2"


def test_no_cache_writes_nothing(write: Write, tmp_path: Path) -> None:
    write("a/grizzly_bears.txt", BEAR)
    cache = tmp_path / "cache"
    load(tmp_path / "scripts", cache_dir=cache, use_cache=False)
    assert not cache.exists()


def test_the_library_names_the_meld_layout_as_the_model_does() -> None:
    from dfc_plugin.script.library import MELD_LAYOUT

    assert Layout.MELD.value == MELD_LAYOUT
