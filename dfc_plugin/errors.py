"""One error hierarchy for the whole plugin.

Every error a user can cause derives from :class:`DfcError`, so a host engine or the
command line can catch one type and print one message. Errors about a place in a file
(:class:`SourceError` and its children) carry the path, the 1-based line and column,
the offending line and a plain hint, and render the line with a caret under the column.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CacheError",
    "CardNotFoundError",
    "CardScriptError",
    "DfcError",
    "DriverError",
    "EngineError",
    "IllegalActionError",
    "LibraryError",
    "PluginError",
    "ScenarioError",
    "SourceError",
    "UnexpectedQuestionError",
    "UnsupportedAbilityError",
    "UsageError",
    "escape_text",
]

#: Longest stretch of an offending line shown in a message; a 10 MB line is cut
#: around the column so a message stays readable.
_SHOWN_LINE_WIDTH = 120
#: Longest stretch of an offending line an error keeps.
_KEPT_LINE_WIDTH = 400


class DfcError(Exception):
    """Root of every error raised by dfc-plugin."""


class UsageError(DfcError):
    """A command-line or API argument that cannot be used as given."""


@dataclass(frozen=True)
class SourcePosition:
    """A place in a text file: path, 1-based line and column, and that line's text."""

    path: str
    line: int
    column: int
    source_line: str = ""


class SourceError(DfcError):
    """An error at a place in a file; renders ``path:line:col: message`` and a caret."""

    def __init__(
        self,
        message: str,
        *,
        path: str,
        line: int,
        column: int,
        source_line: str = "",
        hint: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.hint = hint
        # A very long line is kept only around the column (a 10 MB line stays 10 MB
        # nowhere): ``source_start`` is the 0-based offset of ``source_line`` in it.
        self.source_start = 0
        if len(source_line) > _KEPT_LINE_WIDTH:
            self.source_start = max(0, column - 1 - _KEPT_LINE_WIDTH // 2)
            source_line = source_line[self.source_start : self.source_start + _KEPT_LINE_WIDTH]
        self.source_line = source_line

    @property
    def position(self) -> SourcePosition:
        return SourcePosition(self.path, self.line, self.column, self.source_line)

    def caret_lines(self) -> list[str]:
        """The offending line (cut to a readable width) and a caret under the column."""
        if not self.source_line:
            return []
        text = self.source_line.expandtabs(1)
        column = self.column - self.source_start
        start = max(0, column - 1 - _SHOWN_LINE_WIDTH // 2)
        shown = text[start : start + _SHOWN_LINE_WIDTH]
        prefix = "..." if start or self.source_start else ""
        suffix = "..." if start + _SHOWN_LINE_WIDTH < len(text) else ""
        caret_at = len(prefix) + max(0, column - 1 - start)
        return [f"    {prefix}{shown}{suffix}", "    " + " " * caret_at + "^"]

    #: "error", or "warning" for a finding ``check`` reports without failing.
    severity = "error"

    @property
    def where(self) -> str:
        """``path:line:col``; ``path:line`` when only the line is known; the path alone
        for a problem with a whole file or folder (control characters escaped)."""
        path = escape_text(self.path)
        if not self.line:
            return path
        return f"{path}:{self.line}:{self.column}" if self.column else f"{path}:{self.line}"

    def heading(self) -> str:
        """The first line of :meth:`render`."""
        return f"{self.where}: {self.severity}: {escape_text(self.message)}"

    def render(self) -> str:
        """The full multi-line message: location, message, line with caret, hint."""
        lines = [self.heading(), *self.caret_lines()]
        if self.hint:
            lines.append(f"  hint: {escape_text(self.hint)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.where}: {escape_text(self.message)}"

    def as_dict(self) -> dict[str, object]:
        """The machine-readable form used by ``--json`` outputs."""
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": self.message if not self.hint else f"{self.message} ({self.hint})",
        }


class CardScriptError(SourceError):
    """A card script that cannot be read, or a card that contradicts its partner.

    ``check`` reports warnings with this type too: ``severity`` is ``"error"`` or
    ``"warning"``, ``code`` a stable short name per kind of problem (e.g.
    ``unknown-key``), and ``end_column`` the column after the offending token. Text from
    a script or a file name is shown with its control characters escaped, so a script
    cannot write terminal escape sequences through ``check``.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str,
        line: int,
        column: int,
        source_line: str = "",
        hint: str = "",
        severity: str = "error",
        code: str = "",
        end_column: int = 0,
    ) -> None:
        super().__init__(message, path=path, line=line, column=column, source_line=source_line, hint=hint)
        self.severity = severity
        self.code = code or ("warning" if severity == "warning" else "error")
        self.end_column = max(end_column, column + 1)

    def caret_lines(self) -> list[str]:
        """The line with control characters escaped and the caret under the same token."""
        lines = super().caret_lines()
        if not lines:
            return lines
        shown, caret = lines
        width = caret.index("^")
        before, after = shown[:width], shown[width:]
        escaped_before = escape_text(before)
        return ["    " + escape_text(before[4:]) + escape_text(after), " " * len(escaped_before) + "^"]

    def as_dict(self) -> dict[str, object]:
        """One ``check --json`` entry; every field on its own (text unescaped: JSON
        escapes control characters itself)."""
        return {
            "path": self.path,
            "severity": self.severity,
            "code": self.code,
            "line": self.line,
            "column": self.column,
            "end_column": self.end_column,
            "message": self.message,
            "hint": self.hint,
            "source_line": self.source_line,
        }


def escape_text(text: str) -> str:
    """``text`` with control characters (C0, DEL, C1, line and paragraph separators) and
    undecodable bytes of file names shown as ``\\x1b``-style escapes."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else _escape_char(ch) for ch in text)


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if ch == "\t":
        return " "
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class ScenarioError(SourceError):
    """A conformance scenario file that is malformed (file, scenario id, key path)."""

    def __init__(
        self,
        message: str,
        *,
        path: str,
        line: int = 0,
        column: int = 0,
        source_line: str = "",
        hint: str = "",
        scenario: str = "",
        key_path: str = "",
    ) -> None:
        super().__init__(message, path=path, line=line, column=column, source_line=source_line, hint=hint)
        self.scenario = scenario
        self.key_path = key_path

    def __str__(self) -> str:
        parts = [self.where]  # a scenario's line comes from its id: no column
        if self.scenario:
            parts.append(f"scenario {self.scenario!r}")
        if self.key_path:
            parts.append(f"key {escape_text(self.key_path)}")
        return ": ".join(parts) + f": {escape_text(self.message)}"

    def heading(self) -> str:
        return str(self)

    def as_dict(self) -> dict[str, object]:
        data = super().as_dict()
        data["scenario"] = self.scenario
        data["key_path"] = self.key_path
        return data


class LibraryError(DfcError):
    """A library that cannot be loaded as a whole (e.g. a folder that does not exist)."""


class CardNotFoundError(LibraryError):
    """No card in the library has a face with the requested name."""

    def __init__(self, name: str, suggestions: tuple[str, ...] = ()) -> None:
        self.name = name
        self.suggestions = suggestions
        message = f"no card has a face named {name!r}"
        if suggestions:
            message += "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?"
        super().__init__(message)


class CacheError(DfcError):
    """A cache file that is not what this version wrote; it is ignored and rebuilt."""


class PluginError(DfcError):
    """A rule plugin that failed: names the plugin and the rule point."""

    def __init__(self, message: str, *, plugin: str = "", rule_point: str = "") -> None:
        self.plugin = plugin
        self.rule_point = rule_point
        where = ", ".join(
            part
            for part in (
                f"plugin {plugin!r}" if plugin else "",
                f"rule point {rule_point!r}" if rule_point else "",
            )
            if part
        )
        super().__init__(f"{where}: {message}" if where else message)


class EngineError(DfcError):
    """A game-engine failure that is not a player's illegal action."""


class IllegalActionError(EngineError):
    """An action the rules do not allow; the game is left exactly as it was."""

    def __init__(self, message: str, *, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} (rule {rule})" if rule else message)


class DriverError(DfcError):
    """A conformance driver (``--engine module:factory``) that cannot be loaded or used."""


class UnsupportedAbilityError(IllegalActionError):
    """An ability line the reference engine can't run yet (an API, mode, event, keyword
    or parameter with no registered function): the action that would use it is refused
    with this reason, never run as a silent no-op. ``missing`` names what is missing, as
    ``dfc-plugin census`` reports it."""

    def __init__(self, message: str, *, missing: tuple[str, ...] = (), rule: str = "") -> None:
        self.missing = missing
        super().__init__(message, rule=rule)


class UnexpectedQuestionError(EngineError):
    """A scripted agent was asked something its script does not answer."""
