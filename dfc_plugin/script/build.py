"""From a script's text to a :class:`~dfc_plugin.cards.CardDef`, with every error found.

Reading goes: bytes -> text (UTF-8, no NUL bytes) -> lines, each of the kind the grammar's
line terminals give it (:func:`~dfc_plugin.script.parser.line_walk`) -> faces, one per
``Name:`` block, separated by ``ALTERNATE`` or
``SPECIALIZE:<COLOR>`` -> values read by their own grammar rules -> DFC records
(:mod:`dfc_plugin.script.lift`). Nothing stops at the first error: each bad line is
reported and the rest of the file is still read, so ``check`` shows every problem once.

Forge's reader is followed where it is lenient (unknown keys kept, later duplicate keys
win) and made strict where Forge would crash or silently lose a face (a key before the
face's ``Name:``, a second ``Name:`` in one face, a second ``ALTERNATE``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import Any, NamedTuple

from dfc_plugin.cards import (
    Ability,
    CardDef,
    ExtraLine,
    Face,
    Keyword,
    Layout,
    ManaCost,
    PTValue,
    SVar,
    TypeLine,
)
from dfc_plugin.errors import CardScriptError
from dfc_plugin.script.lift import lift_dfc
from dfc_plugin.script.outline import CardOutline
from dfc_plugin.script.parser import LineHandlers, ValueFailure, line_walk, prepare_parser, read_value
from dfc_plugin.script.validate import check_faces_kept, known_names, suggest

__all__ = ["KNOWN_KEYS", "CardOutline", "ScriptResult", "decode_script", "prepare", "read_script"]

#: AlternateMode values (Forge's CardSplitType; DoubleFaced is its name for Transform).
_LAYOUT_OF_MODE = {
    "DoubleFaced": Layout.TRANSFORM,
    "Transform": Layout.TRANSFORM,
    "Modal": Layout.MODAL_DFC,
    "Meld": Layout.MELD,
    "Split": Layout.SPLIT,
    "Flip": Layout.FLIP,
    "Adventure": Layout.ADVENTURE,
    "Omen": Layout.OMEN,
    "Specialize": Layout.SPECIALIZE,
    "Prepare": Layout.PREPARE,
    "None": Layout.NORMAL,
}

#: SPECIALIZE:<COLOR> separators start faces 2-6, as in Forge's reader.
_SPECIALIZE_FACE = {"WHITE": 2, "BLUE": 3, "BLACK": 4, "RED": 5, "GREEN": 6}

#: The keys Forge's reader knows (for the did-you-mean of an unknown key).
KNOWN_KEYS = (
    "Name",
    "ManaCost",
    "Types",
    "PT",
    "Loyalty",
    "Defense",
    "Colors",
    "K",
    "A",
    "T",
    "S",
    "R",
    "SVar",
    "Oracle",
    "Text",
    "FlavorName",
    "Draft",
    "Lights",
    "AltName",
    "CopyFaceFrom",
    "AlternateMode",
    "MeldPair",
    "DeckHints",
    "DeckNeeds",
    "DeckHas",
    "AI",
    "HandLifeModifier",
    "SetInfo",
    "Variant",
    "SPECIALIZE",
)


@dataclass(frozen=True)
class ScriptResult:
    """What reading one file gave: the card (``None`` if it has errors), its errors and
    its warnings (lines Forge ignores or overwrites)."""

    path: str
    card: CardDef | None
    errors: tuple[CardScriptError, ...] = ()
    warnings: tuple[CardScriptError, ...] = ()
    outline: CardOutline | None = None


def decode_script(data: bytes, path: str) -> str:
    """Bytes to text. Raises :class:`CardScriptError` at the first NUL byte (a binary
    file) or the first byte that is not UTF-8. A UTF-8 byte-order mark is dropped.

    Line breaks become ``\\n``: Forge reads lines as Java's ``readLine`` splits them, at
    CR LF, LF or a lone CR, so a lone CR ends a line here too (its line numbers, the
    line limit and the line shown under an error agree). Nothing else ends a line: a
    U+2028 or a form feed is a character of its line, as in Forge."""
    nul = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = error.start if nul < 0 else min(nul, error.start)
        raise _byte_error(data, bad, path, nul == bad) from None
    if nul >= 0:
        raise _byte_error(data, nul, path, True)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text[1:] if text.startswith("\ufeff") else text


def _byte_error(data: bytes, offset: int, path: str, is_nul: bool) -> CardScriptError:
    offset -= data.count(b"\r\n", 0, offset)  # CR LF is one line break, as in decode_script
    data = data.replace(b"\r\n", b"\n")
    line_start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    line_no = data.count(b"\n", 0, offset) + data.count(b"\r", 0, offset) + 1
    ends = [e for e in (data.find(b"\n", offset), data.find(b"\r", offset)) if e >= 0]
    raw_line = data[line_start : min(ends) if ends else len(data)]
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    shown = raw_line.decode("utf-8", errors="replace").replace("\x00", "\ufffd").rstrip("\r")
    if is_nul:
        message = "NUL byte: this is a binary file, not a card script"
        hint = "card scripts are UTF-8 text files"
    else:
        message = f"byte 0x{data[offset]:02x} is not UTF-8"
        hint = "save the script as UTF-8"
    return CardScriptError(message, path=path, line=line_no, column=column, source_line=shown, hint=hint)


def prepare() -> None:
    """Build what reading a script needs (the parser, the line scanner, the known names)
    now, before worker processes are forked, so each does not build its own."""
    prepare_parser()
    known_names()


def read_script(data: bytes, path: str, *, is_token: bool = False) -> ScriptResult:
    """Read one script file. Never raises for bad input: problems come back as errors."""
    try:
        text = decode_script(data, path)
    except CardScriptError as error:
        return ScriptResult(path, None, (error,))
    builder = _CardBuilder(text, path, is_token)
    card = builder.build()
    return ScriptResult(path, card, tuple(builder.errors), tuple(builder.warnings), builder.outline)


# --------------------------------------------------------------------------- limits

#: Longest script read (the longest real script is a few hundred lines); the rest of a
#: longer file is not read, so a pathological file costs no more per byte than a card.
MAX_LINES = 5_000
#: Diagnostics kept per file and kind; the rest are counted in one last entry.
MAX_DIAGNOSTICS = 50
#: Longest value of each structured kind, in characters (real values are far shorter).
_VALUE_LIMITS = {
    "mana_cost": 200,
    "type_line": 500,
    "pt": 40,
    "loyalty": 20,
    "colors": 100,
    "keyword": 20_000,
    "alternate_mode": 40,
    "specialize_color": 40,
    "variant": 20_000,
}


def _nth_line_end(text: str, count: int) -> int | None:
    """The end of the ``count``-th line if the text has more lines than that (one split
    at C speed: a file of one-character lines has ``count`` line breaks to pass)."""
    parts = text.split("\n", count)
    if len(parts) <= count:
        return None
    return len(text) - len(parts[count])


# --------------------------------------------------------------------------- faces

_MISSING: Any = object()
#: The cheap constructors of the values made for every K: and ability line, bound once
#: (a run of one line repeated is made at once in C loops: ``read_all``).
_read_keyword = Keyword.read
_read_ability = Ability.read


@dataclass
class _FaceDraft:
    """A face being read; becomes a frozen :class:`Face` when the file is done."""

    name: str
    line: int
    mana_cost: ManaCost | None = _MISSING
    type_line: TypeLine | None = None
    power: PTValue | None = None
    toughness: PTValue | None = None
    loyalty: PTValue | None = None
    defense: PTValue | None = None
    color_indicator: tuple[str, ...] | None = None
    keywords: list[Keyword] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    svars: list[SVar] = field(default_factory=list)
    oracle: str = ""
    text: str = ""
    extra: list[ExtraLine] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)

    def freeze(self) -> Face:
        return Face(
            name=self.name,
            mana_cost=None if self.mana_cost is _MISSING else self.mana_cost,
            type_line=self.type_line or TypeLine(),
            line=self.line,
            power=self.power,
            toughness=self.toughness,
            loyalty=self.loyalty,
            defense=self.defense,
            color_indicator=self.color_indicator,
            keywords=tuple(self.keywords),
            abilities=tuple(self.abilities),
            svars=tuple(self.svars),
            oracle=self.oracle,
            text=self.text,
            extra=tuple(self.extra),
        )


class _Line(NamedTuple):
    """One ``Key:value`` line: key, trimmed value, and where the value starts (a tuple:
    one is made for most lines of every script)."""

    key: str
    value: str
    line: int
    column: int


def _split_line(text: str, line: int) -> _Line:
    """Key and value of one line. The grammar's line terminals are ``<key>:<rest>`` with
    a key that holds no colon, so the key ends at the line's first colon."""
    colon = text.index(":")
    raw = text[colon + 1 :]
    stripped = raw.lstrip()
    return _Line(text[:colon], stripped.rstrip(), line, colon + 2 + len(raw) - len(stripped))


class _CardBuilder:
    """Walks a script's lines in order and assembles faces and card-wide values."""

    def __init__(self, text: str, path: str, is_token: bool) -> None:
        self.text = text
        self.path = path
        self.is_token = is_token
        self.errors: list[CardScriptError] = []
        self.warnings: list[CardScriptError] = []
        self.error_count = 0
        self.warning_count = 0
        self.faces: dict[int, _FaceDraft] = {}
        self.face_index = 0
        #: ``faces.get(face_index)``: the face lines go to now (``None`` before its Name:).
        self.face: _FaceDraft | None = None
        self.separator_line = 0
        self.card_values: dict[str, _Line] = {}
        self.card_lines: list[ExtraLine] = []
        # The lines diagnostics can name (up to MAX_LINES + 1: the rest is not read),
        # split on the first diagnostic: most files have none.
        self._lines: list[str] | None = None
        #: What the index and the cross-file checks need, even for a card with errors.
        self.outline: CardOutline | None = None

    # ---- reporting
    def source_line(self, line: int) -> str:
        """The text of a line (1-based; lines end at ``\\n`` only, as decoded); ``""``
        past the end, or past ``MAX_LINES + 1`` (no line there is read or reported)."""
        lines = self._lines
        if lines is None:
            lines = self._lines = self.text.split("\n", MAX_LINES + 1)
        if line < 1 or line > min(len(lines), MAX_LINES + 1):
            return ""
        return lines[line - 1]

    def error(
        self, message: str, line: int, column: int = 1, hint: str = "", *, code: str = "", end: int = 0
    ) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_DIAGNOSTICS:
            self.errors.append(self._diagnostic(message, line, column, hint, "error", code, end))

    def warn(
        self, message: str, line: int, column: int = 1, hint: str = "", *, code: str = "", end: int = 0
    ) -> None:
        self.warning_count += 1
        if len(self.warnings) < MAX_DIAGNOSTICS:
            self.warnings.append(self._diagnostic(message, line, column, hint, "warning", code, end))

    def counted(self, severity: str) -> bool:
        """Count a diagnostic past the :data:`MAX_DIAGNOSTICS` kept (``True``): then its
        message need not be made (a hostile file repeats one bad line thousands of times)."""
        if severity == "error":
            if len(self.errors) < MAX_DIAGNOSTICS:
                return False
            self.error_count += 1
        else:
            if len(self.warnings) < MAX_DIAGNOSTICS:
                return False
            self.warning_count += 1
        return True

    def close_diagnostics(self) -> None:
        """Past :data:`MAX_DIAGNOSTICS`, one last entry says how many more there were."""
        for kept, count, severity in (
            (self.errors, self.error_count, "error"),
            (self.warnings, self.warning_count, "warning"),
        ):
            if count > len(kept):
                kept.sort(key=_position)
                last = kept[-1].line
                message = f"{count - len(kept)} more {severity}s after this line are not shown"
                kept.append(self._diagnostic(message, last, 1, "", severity, "too-many", 0))
            else:
                kept.sort(key=_position)

    def _diagnostic(  # noqa: PLR0917 (private: one call per severity)
        self, message: str, line: int, column: int, hint: str, severity: str, code: str, end: int
    ) -> CardScriptError:
        return CardScriptError(
            message,
            path=self.path,
            line=line,
            column=column,
            source_line=self.source_line(line),
            hint=hint,
            severity=severity,
            code=code,
            end_column=end,
        )

    # ---- the walk
    def build(self) -> CardDef | None:
        if not self.text.strip():
            self.error("empty file: a card script starts with a Name: line", 1, code="empty-file")
            return None
        text = self.text
        cut = _nth_line_end(text, MAX_LINES)
        if cut is not None and cut < len(text):  # (the break ending the last line starts none)
            self.error(
                f"a card script has at most {MAX_LINES:,} lines; the rest of this file is not read",
                MAX_LINES + 1,
                1,
                "is this really a card script?",
                code="too-many-lines",
            )
            text = text[:cut]
        line_walk(text, _LINE_HANDLERS, self)
        card = self.finish()
        self.close_diagnostics()
        return card

    def face_for(self, key: str, line: int, column: int) -> _FaceDraft | None:
        face = self.faces.get(self.face_index)
        if face is None:
            where = "the first line" if self.face_index == 0 else "the separator"
            self.error(
                f"{key}: comes before this face's Name: line",
                line,
                column,
                f"start each face with Name: ({where} must be followed by Name:)",
                code="before-name",
                end=column + len(key),
            )
        return face

    def note_face_key(self, face: _FaceDraft, key: str, line: int) -> None:
        earlier = face.seen.get(key)
        if earlier is not None and not self.counted("warning"):
            self.warn(
                f"second {key}: in face {face.name!r} (first on line {earlier}); Forge keeps this later one",
                line,
                code="duplicate-key",
                end=len(key) + 1,
            )
        face.seen[key] = line

    def value(self, start: str, line: _Line) -> Any:
        """Read a value with its grammar rule; report a syntax error and give ``_MISSING``."""
        return self.reported(start, line, _read_limited(start, line.value))

    def reported(self, start: str, line: _Line, result: Any) -> Any:
        """What :func:`_read_limited` gave for a line's value: the value, or ``_MISSING``
        once a value too long or one that does not read is reported."""
        if result is _TOO_LONG:
            limit = _VALUE_LIMITS[start]
            self.error(
                f"{line.key}: value is {len(line.value):,} characters long; the longest allowed is {limit}",
                line.line,
                line.column + limit,
                "no card's value is anywhere near this long",
                code="value-too-long",
            )
            return _MISSING
        if isinstance(result, ValueFailure):
            if self.counted("error"):
                return _MISSING
            self.error(
                f"bad {line.key}: {result.message}",
                line.line,
                line.column + result.column - 1,
                result.hint,
                code="bad-" + start.replace("_", "-"),
                end=line.column + result.column,
            )
            return _MISSING
        return result

    # ---- line handlers (one per line token type)
    def on_name(self, text: str, line_no: int) -> None:
        line = _split_line(text, line_no)
        if not line.value:
            self.error(
                "empty Name:", line.line, line.column, "write the face's name after Name:", code="empty-name"
            )
        current = self.faces.get(self.face_index)
        if current is not None:
            self.error(
                f"second Name: in one face (this face is {current.name!r}, named on line {current.line})",
                line.line,
                1,
                "put an ALTERNATE line between two faces",
                code="second-name",
                end=5,
            )
            return
        self.faces[self.face_index] = self.face = _FaceDraft(line.value, line.line)

    def on_face_value(self, text: str, line_no: int) -> None:
        key, value, column, result = (
            _face_value_line(text) if len(text) <= _MEMO_LINE else _read_face_line(text)
        )
        face = self.face or self.face_for(key, line_no, 1)
        if face is None:
            return
        self.note_face_key(face, key, line_no)
        reader = _FACE_VALUE_READERS[key]
        if result is _TOO_LONG or isinstance(result, ValueFailure):
            if result is not _TOO_LONG and self.counted("error"):
                return  # (past the diagnostics kept: only counted, nothing made)
            self.reported(reader.start, _Line(key, value, line_no, column), result)
        else:
            reader.store(face, result)

    # K:, A:, T:, S:, R: and SVar: lines (the grammar's LIST_LINES) are kept in order, a
    # handler for each key: a K: line's value is read now; every ability line is checked
    # when the file is done (validate.py), and its parameter map is built on first use.
    def on_keyword_line(self, text: str, line: int) -> None:
        face = self.face or self.face_for("K", line, 1)
        if face is None:
            return
        known = _good_keyword_line(text)
        if known is not None:  # (a line read before, in this file or another: most K: lines)
            face.keywords.append(_read_keyword(known[0], known[1], line, known[2]))
            return
        raw = text[2:]
        self.on_keyword(face, _Line("K", raw.strip(), line, 3 + len(raw) - len(raw.lstrip())))

    def on_ability_line(self, text: str, line: int) -> None:
        face = self.face or self.face_for(text[0], line, 1)
        if face is not None:
            raw = text[2:]
            column = 3 + len(raw) - len(raw.lstrip())
            face.abilities.append(_read_ability(text[0], raw.strip(), line, column))  # type: ignore[arg-type]

    def on_svar_line(self, text: str, line: int) -> None:
        face = self.face or self.face_for("SVar", line, 1)
        if face is not None:
            raw = text[5:]
            face.svars.append(SVar(raw.strip(), line, 6 + len(raw) - len(raw.lstrip())))

    def on_keyword(self, face: _FaceDraft, line: _Line) -> None:
        parsed = self.value("keyword", line)
        if parsed is not _MISSING:
            face.keywords.append(_read_keyword(parsed[0], parsed[1], line.line, line.column))

    def on_oracle(self, text: str, line_no: int) -> None:
        line = _split_line(text, line_no)
        face = self.face_for("Oracle", line.line, 1)
        if face is not None:
            self.note_face_key(face, "Oracle", line.line)
            face.oracle = line.value

    def on_face_extra(self, text: str, line_no: int) -> None:
        line = _split_line(text, line_no)
        face = self.face_for(line.key, line.line, 1)
        if face is None:
            return
        if line.key == "Text":
            self.note_face_key(face, "Text", line.line)
            face.text = "" if line.value == "no text" else line.value
        else:
            face.extra.append(ExtraLine(line.key, line.value, line.line))

    def on_variant(self, text: str, line_no: int) -> None:
        line = _split_line(text, line_no)
        face = self.face_for("Variant", line.line, 1)
        if face is None:
            return
        parsed = self.value("variant", line)
        if parsed is not _MISSING:
            face.extra.append(ExtraLine("Variant", line.value, line.line))

    def on_card_value(self, text: str, line_no: int) -> None:
        line = _split_line(text, line_no)
        earlier = self.card_values.get(line.key)
        if earlier is not None:
            self.warn(
                f"second {line.key}: (first on line {earlier.line}); Forge keeps this later one",
                line.line,
                code="duplicate-key",
                end=len(line.key) + 1,
            )
        if line.key == "AlternateMode" and self.value("alternate_mode", line) is _MISSING:
            return
        self.card_values[line.key] = line
        self.card_lines.append(ExtraLine(line.key, line.value, line.line))

    def on_alternate(self, text: str, line_no: int) -> None:
        if self.separator_line:
            self.error(
                f"second face separator (the first is on line {self.separator_line})",
                line_no,
                1,
                "a script has at most one ALTERNATE face; Forge would overwrite the second face",
                code="second-separator",
                end=10,
            )
            return
        self.separator_line = line_no
        self.face_index = 1
        self.face = self.faces.get(1)

    def on_specialize(self, text: str, line_no: int) -> None:
        line = _split_line(text, line_no)
        color = self.value("specialize_color", line)
        if color is not _MISSING:
            self.face_index = _SPECIALIZE_FACE[color]
            self.face = self.faces.get(self.face_index)
            if self.face_index in self.faces:
                self.error(f"second SPECIALIZE:{color} block", line.line, code="second-specialize")

    def on_bare(self, text: str, line: int) -> None:
        """A run of lines with no colon (Forge ignores each): one warning for the run."""
        if self.counted("warning"):
            return
        count = text.count("\n") + 1 if text else 1
        first = text.split("\n", 1)[0].rstrip("\r")
        if first.startswith("ALTERNATE"):
            self.warn(
                "this is not the ALTERNATE separator (text after the word); Forge ignores it",
                line,
                10,
                "write ALTERNATE alone on its line",
                code="bad-separator",
            )
            return
        lines = f" (and the {count - 1} lines after it)" if count > 1 else ""
        self.warn(
            f'expected a "Key:Value" line, got {first[:40]!r}{lines}; Forge ignores it',
            line,
            1,
            code="bare-line",
            end=len(first) + 1,
        )

    def on_unknown(self, text: str, line: int) -> None:
        """A ``Key:value`` line Forge does not know: kept in the model, and warned about.
        Its key is the text before its first colon (the grammar's UNKNOWN_LINE)."""
        key, _, value = text.partition(":")
        if len(self.warnings) < MAX_DIAGNOSTICS:
            self.warn_unknown(key, line)
        else:  # (counted, as counted() would, without its call: a hostile file's every line)
            self.warning_count += 1
        extra = ExtraLine.unknown(key, value.strip(), line)
        target = self.face
        if target is not None:
            target.extra.append(extra)
        else:
            self.card_lines.append(extra)

    def on_unknown_run(self, text: str, lines: range) -> None:
        """:meth:`on_unknown` for each line of a run of one line repeated: a warning for
        each line while the diagnostics kept have room, the rest counted at once."""
        key, _, value = text.partition(":")
        room = max(MAX_DIAGNOSTICS - len(self.warnings), 0)
        for line in lines[:room]:
            self.warn_unknown(key, line)
        self.warning_count += max(len(lines) - room, 0)
        extras = ExtraLine.read_all(list(zip(repeat(key), repeat(value.strip()), lines, repeat(False))))
        (self.card_lines if self.face is None else self.face.extra).extend(extras)

    def warn_unknown(self, key: str, line: int) -> None:
        self.warn(
            f"unknown key {key!r}; Forge ignores it, dfc-plugin keeps it",
            line,
            1,
            _suggest_key(key),
            code="unknown-key",
            end=len(key) + 1,
        )

    # ---- the end of the file
    def finish(self) -> CardDef | None:
        if not self.faces:
            if not self.errors:
                self.error("no Name: line: a card script starts with Name:", 1, code="no-name")
            return None
        faces = [self.faces[i] for i in sorted(self.faces)]
        for face in faces:
            if face.type_line is None and "Types" not in face.seen:
                self.error(f"face {face.name!r} has no Types: line", face.line, code="no-types")
        layout = self.layout(len(faces))
        self.check_back_face_cost(layout, faces)
        # Every check runs even after an error, so one run reports every mistake; the
        # card is only given when there is none.
        frozen = tuple(face.freeze() for face in faces)
        meld_line = self.card_values.get("MeldPair")
        lifted = lift_dfc(
            frozen, layout, meld_line.value if meld_line else None, meld_line.line if meld_line else 0
        )
        for message, line, column, code in lifted.errors:
            self.error(message, line, column, code=code)
        self.report_problems(frozen)
        mode = self.card_values.get("AlternateMode")
        self.outline = CardOutline(
            tuple(face.name for face in frozen),
            tuple(face.line for face in frozen),
            layout.value,
            meld_line.value if meld_line else None,
            frozen[1].name if layout is Layout.MELD and len(frozen) > 1 else None,
            meld_line.line if meld_line else 0,
        )
        if self.errors:
            return None
        return CardDef(
            path=self.path,
            layout=layout,
            faces=frozen,
            alternate_mode=mode.value if mode else None,
            meld_pair=meld_line.value if meld_line else None,
            card_lines=tuple(self.card_lines),
            dfc=lifted.dfc,
            token_scripts=lifted.token_scripts,
            is_token=self.is_token,
        )

    def report_problems(self, faces: tuple[Face, ...]) -> None:
        """Report what validate.py finds on the faces: of each severity as many findings
        as :data:`MAX_DIAGNOSTICS` leaves room for, in order, and the rest only counted
        (validate.py makes none of those: a hostile file has a finding on every line)."""
        found = check_faces_kept(
            faces,
            max(MAX_DIAGNOSTICS - len(self.errors), 0),
            max(MAX_DIAGNOSTICS - len(self.warnings), 0),
        )
        for problem in found.problems:
            report = self.error if problem.severity == "error" else self.warn
            report(
                problem.message,
                problem.line,
                problem.column,
                problem.hint,
                code=problem.code,
                end=problem.end_column,
            )
        self.error_count += found.more["error"]
        self.warning_count += found.more["warning"]

    def check_back_face_cost(self, layout: Layout, faces: list[_FaceDraft]) -> None:
        """A transforming card's back face has no mana cost (CR 712.8e, 202.3b: its mana
        value comes from the front face), nor has a melded face (CR 712.8g: a melded
        permanent's mana value is the sum of its front faces')."""
        kind = _BACK_FACE_WITHOUT_COST.get(layout)
        if kind is None or len(faces) < 2:
            return
        back = faces[1]
        if back.mana_cost is not _MISSING and back.mana_cost is not None:
            noun, rule = kind
            line = back.seen.get("ManaCost", back.line)
            self.error(
                f"the {noun} {back.name!r} has a mana cost",
                line,
                10,
                f"write ManaCost:no cost (CR {rule})",
                code="back-face-mana-cost",
                end=10 + len(self.source_line(line)[9:].rstrip()),
            )

    def layout(self, face_count: int) -> Layout:
        mode = self.card_values.get("AlternateMode")
        layout = _LAYOUT_OF_MODE[mode.value] if mode else Layout.NORMAL
        if layout is Layout.TRANSFORM and self.is_token:
            layout = Layout.DOUBLE_FACED_TOKEN
        if layout is Layout.NORMAL and self.is_token:
            layout = Layout.TOKEN
        if face_count > 1 and layout in (Layout.NORMAL, Layout.TOKEN):
            self.error(
                "this script has a second face but no AlternateMode: line",
                self.separator_line or 1,
                1,
                "add AlternateMode:DoubleFaced (transforming), Modal, Meld, Split, Flip, ...",
                code="no-alternate-mode",
            )
        needs_two = layout not in (Layout.NORMAL, Layout.TOKEN, Layout.MELD, Layout.SPECIALIZE)
        if face_count < 2 and needs_two and mode is not None:
            self.error(
                f"AlternateMode:{mode.value} needs a second face after an ALTERNATE line",
                mode.line,
                mode.column,
                code="no-second-face",
                end=mode.column + len(mode.value),
            )
        return layout


#: Layouts whose second face has no mana cost: (what the face is called, the rule).
_BACK_FACE_WITHOUT_COST = {
    Layout.TRANSFORM: ("back face of a transforming card", "712.8e, 202.3b"),
    Layout.DOUBLE_FACED_TOKEN: ("back face of a transforming token", "712.8e, 202.3b"),
    Layout.MELD: ("melded face", "712.8g, 202.3c"),
}


# A run of one line repeated (a hostile file's thousands) is handed over whole, each run
# handler the same as its line handler called for each line of the run: once a face is
# open, a repeated K: (that reads), ability or SVar: line is the same value at each line.
_RunInFace = Callable[[_FaceDraft, str, range], bool]


def _run_in_face(line_handler: Callable[[_CardBuilder, str, int], None], add_run: _RunInFace) -> Any:
    """A run handler: ``add_run(face, text, lines)`` while a face is open (``False``: it
    cannot take this run), else the line handler for each line (each is reported)."""

    def run(builder: _CardBuilder, text: str, lines: range) -> None:
        face = builder.face
        if face is None or not add_run(face, text, lines):
            for line in lines:
                line_handler(builder, text, line)

    return run


def _keyword_run(face: _FaceDraft, text: str, lines: range) -> bool:
    known = _good_keyword_line(text)
    if known is None:
        return False
    face.keywords.extend(
        Keyword.read_all(list(zip(repeat(known[0]), repeat(known[1]), lines, repeat(known[2]))))
    )
    return True


def _ability_run(face: _FaceDraft, text: str, lines: range) -> bool:
    raw = text[2:]
    column = 3 + len(raw) - len(raw.lstrip())
    kind: Any = text[0]  # (A, T, S or R: the handler's keys)
    face.abilities.extend(
        Ability.read_all(list(zip(repeat(kind), repeat(raw.strip()), lines, repeat(column))))
    )
    return True


def _svar_run(face: _FaceDraft, text: str, lines: range) -> bool:
    raw = text[5:]
    face.svars.extend(
        SVar.read_all(list(zip(repeat(raw.strip()), lines, repeat(6 + len(raw) - len(raw.lstrip())))))
    )
    return True


@lru_cache(maxsize=1 << 14)
def _good_keyword_line(text: str) -> tuple[str, tuple[str, ...], int] | None:
    """A whole ``K:`` line's keyword, arguments and value column when the value reads
    without error (what :meth:`_CardBuilder.on_keyword` would store, its line aside);
    ``None`` sends the line to the reporting path. Remembered per line text: real
    scripts repeat ``K:Flying`` in thousands of files, and a hostile one a line
    thousands of times."""
    raw = text[2:]
    value = raw.strip()
    if len(value) > _VALUE_LIMITS["keyword"]:
        return None
    parsed = read_value("keyword", value)
    if isinstance(parsed, ValueFailure):
        return None
    return parsed[0], parsed[1], 3 + len(raw) - len(raw.lstrip())


#: What :func:`_read_limited` gives for a value longer than its kind's limit.
_TOO_LONG: Any = object()


def _read_limited(start: str, value: str) -> Any:
    """A trimmed value read by its rule: the value, a :class:`ValueFailure`, or
    ``_TOO_LONG`` past the kind's :data:`_VALUE_LIMITS` (then it is not read)."""
    limit = _VALUE_LIMITS.get(start)
    if limit is not None and len(value) > limit:
        return _TOO_LONG
    return read_value(start, value)


#: Longest line whose reading is remembered whole (short lines are the ones a hostile file
#: repeats thousands of times; a longer one costs more per line than the look-up saves).
_MEMO_LINE = 200


def _read_face_line(text: str) -> tuple[str, str, int, Any]:
    """A face value line (``ManaCost:``, ``Types:``, ``PT:``, ...): its key, trimmed value,
    value column and what :func:`_read_limited` gives for the value."""
    key, value, _, column = _split_line(text, 0)
    return key, value, column, _read_limited(_FACE_VALUE_READERS[key].start, value)


#: :func:`_read_face_line` remembered per line text (``PT:2/2`` is on thousands of cards).
_face_value_line = lru_cache(maxsize=1 << 12)(_read_face_line)


@lru_cache(maxsize=1024)
def _suggest_key(key: str) -> str:
    return suggest(key, KNOWN_KEYS)


def _position(error: CardScriptError) -> tuple[int, int]:
    return error.line, error.column


@dataclass(frozen=True)
class _ValueReader:
    """How to read one face key: the grammar rule for its value, and where it goes."""

    start: str
    store: Callable[[_FaceDraft, Any], None]


def _store_pt(face: _FaceDraft, value: tuple[PTValue, PTValue]) -> None:
    face.power, face.toughness = value


_FACE_VALUE_READERS: dict[str, _ValueReader] = {
    "ManaCost": _ValueReader("mana_cost", lambda f, v: setattr(f, "mana_cost", v)),
    "Types": _ValueReader("type_line", lambda f, v: setattr(f, "type_line", v)),
    "PT": _ValueReader("pt", _store_pt),
    "Loyalty": _ValueReader("loyalty", lambda f, v: setattr(f, "loyalty", v)),
    "Defense": _ValueReader("loyalty", lambda f, v: setattr(f, "defense", v)),
    "Colors": _ValueReader("colors", lambda f, v: setattr(f, "color_indicator", v)),
}

_HANDLERS: dict[str, Callable[[_CardBuilder, str, int], None]] = {
    "NAME_LINE": _CardBuilder.on_name,
    "MANACOST_LINE": _CardBuilder.on_face_value,
    "TYPES_LINE": _CardBuilder.on_face_value,
    "PT_LINE": _CardBuilder.on_face_value,
    "LOYALTY_LINE": _CardBuilder.on_face_value,
    "DEFENSE_LINE": _CardBuilder.on_face_value,
    "COLORS_LINE": _CardBuilder.on_face_value,
    "ORACLE_LINE": _CardBuilder.on_oracle,
    "TEXT_LINE": _CardBuilder.on_face_extra,
    "VARIANT_LINE": _CardBuilder.on_variant,
    "ALTMODE_LINE": _CardBuilder.on_card_value,
    "MELDPAIR_LINE": _CardBuilder.on_card_value,
    "DECK_LINE": _CardBuilder.on_card_value,
    "CARD_LINE": _CardBuilder.on_card_value,
    "ALTERNATE": _CardBuilder.on_alternate,
    "SPECIALIZE_LINE": _CardBuilder.on_specialize,
    "BARE_LINES": _CardBuilder.on_bare,
    "UNKNOWN_LINE": _CardBuilder.on_unknown,
}

#: The handlers as the line walk takes them (their table by key made once), with one of
#: its own for each key of the LIST_LINES kind, and one for a run of each line a hostile
#: file repeats by the thousand.
_LINE_HANDLERS = LineHandlers(
    _HANDLERS,
    {
        "K": _CardBuilder.on_keyword_line,
        **dict.fromkeys(("A", "T", "S", "R"), _CardBuilder.on_ability_line),
        "SVar": _CardBuilder.on_svar_line,
    },
    {
        _CardBuilder.on_keyword_line: _run_in_face(_CardBuilder.on_keyword_line, _keyword_run),
        _CardBuilder.on_ability_line: _run_in_face(_CardBuilder.on_ability_line, _ability_run),
        _CardBuilder.on_svar_line: _run_in_face(_CardBuilder.on_svar_line, _svar_run),
        _CardBuilder.on_unknown: _CardBuilder.on_unknown_run,
    },
)
