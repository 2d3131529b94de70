"""The Lark side of reading card scripts: one grammar, built once, and its value readers.

``grammar/cardscript.lark`` has a start symbol for a whole script and one for each kind
of value (mana cost, type line, P/T, ...). A script is read at the line level first; the
builder then reads each value with the value's own rule through :func:`parse_value`,
which remembers what it has read, because values repeat across cards. Lark's errors are
turned into :class:`ValueSyntaxError` with a column and a plain hint; the builder adds
the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Generic, TypeVar

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from dfc_plugin.cards import (
    ForgeCost,
    ManaCost,
    ManaSymbol,
    Param,
    ParamMap,
    PTValue,
    SymbolKind,
    TypeLine,
)
from dfc_plugin.script.expressions import ExpressionBuilder
from dfc_plugin.script.fast import FAST_READERS
from dfc_plugin.script.resources import grammar_path

__all__ = [
    "LINE_KINDS",
    "LineHandler",
    "LineHandlers",
    "RunHandler",
    "ValueFailure",
    "ValueSyntaxError",
    "build_parser",
    "line_items",
    "line_kind",
    "line_walk",
    "parse_oracle_text",
    "parse_param_map",
    "parse_param_map_rule",
    "parse_script",
    "parse_script_rule",
    "parse_svar",
    "parse_value",
    "prepare_parser",
    "read_value",
    "read_value_rule",
]

T = TypeVar("T")

START_SYMBOLS = (
    "script",
    "oracle_text",
    "mana_cost",
    "cost",
    "type_line",
    "pt",
    "loyalty",
    "colors",
    "keyword",
    "param_map",
    "svar",
    "alternate_mode",
    "specialize_color",
    "variant",
    # the interpreter's ability values (dfc_plugin/script/expressions.py)
    "valid",
    "compare",
    "amount",
    "defined",
    "cost_part",
)

#: Plain words for the grammar's terminals, used in error hints.
_TERMINAL_WORDS = {
    "NO_COST": '"no cost"',
    "MANA_INT": "a number",
    "COLOR": "a colour letter (W U B R G)",
    "COLORLESS": "C",
    "SNOW": "S",
    "VARIABLE": "X",
    "PHYREXIAN": "P",
    "_SLASH": '"/"',
    "_SP": "a space",
    "SUPERTYPE": "a supertype",
    "CARDTYPE": "a card type",
    "SUBTYPE": "a subtype",
    "PT_NUMBER": "a number",
    "PT_STAR": '"*"',
    "PT_OP": '"+" or "-"',
    "_PT_SLASH": '"/"',
    "LOYALTY_NUMBER": "a number",
    "LOYALTY_X": "X",
    "COLOR_NAME": "a colour name (white, blue, black, red, green, colorless)",
    "_COMMA": '","',
    "ALTERNATE_MODE": "an AlternateMode value",
    "SPECIALIZE_COLOR": "WHITE, BLUE, BLACK, RED or GREEN",
    "$END": "the end of the value",
}

#: What each kind of value should look like, shown as the hint of a syntax error.
_HINTS = {
    "mana_cost": 'write mana symbols separated by spaces, e.g. "2 U U", "X R", "W/U", '
    '"2/W", "W/P", "B/G/P", "C", or the words "no cost"',
    "type_line": "write supertypes, card types and subtypes separated by spaces, e.g. "
    '"Legendary Creature Human Wizard"',
    "pt": 'write power/toughness, e.g. "2/3", "*/*", "1+*/1+*", "-1/3"',
    "loyalty": 'write a number, e.g. "3", or "X"',
    "colors": 'write colour names separated by commas, e.g. "red,green" or "colorless"',
    "cost": 'write a Forge cost, e.g. "2 U", "T", "1 T Sac<1/CARDNAME>"',
    "keyword": 'write the keyword and its arguments separated by ":", e.g. "Disturb:1 U"',
    "alternate_mode": "one of DoubleFaced, Modal, Meld, Split, Flip, Adventure, Omen, "
    "Specialize, Prepare, Transform, None",
    "specialize_color": "one of WHITE, BLUE, BLACK, RED, GREEN",
    "variant": 'write "Variant:<name>:<Key>:<value>"',
}


class ValueSyntaxError(Exception):
    """A value that does not match its rule; ``column`` is 1-based within the value."""

    def __init__(self, message: str, column: int, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint


class _SemanticError(Exception):
    """Raised by a transformer callback for a shape the grammar allows but Forge rejects."""

    def __init__(self, message: str, token: Token, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = token.column if token.column is not None else 1
        self.hint = hint


def _color_of(tokens: list[Any]) -> str:
    return next(str(t) for t in tokens if isinstance(t, Token) and t.type == "COLOR")


class _ScriptTransformer(ExpressionBuilder, Transformer[Token, Any]):
    """Builds model values while Lark parses (no parse tree is kept)."""

    # ---- file level
    def script(self, children: list[Any]) -> list[Any]:
        return children

    def oracle_text(self, parts: list[Token]) -> str:
        return "".join("\n" if p.type == "ORACLE_BREAK" else str(p) for p in parts)

    # ---- mana
    def mana_cost(self, children: list[Any]) -> ManaCost | None:
        if len(children) == 1 and isinstance(children[0], Token):
            return None  # "no cost"
        return ManaCost(tuple(children))

    def generic(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.GENERIC, amount=int(c[0]))

    def colored(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.COLORED, (str(c[0]),))

    def colorless(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.COLORLESS)

    def snow(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.SNOW)

    def variable(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.VARIABLE, variable=str(c[0]))

    def hybrid(self, c: list[Token]) -> ManaSymbol:
        a, b = str(c[0]), str(c[1])
        if a == b:
            raise _SemanticError(f"hybrid symbol repeats the colour {a}", c[1])
        return ManaSymbol.hybrid(a, b)

    def hybrid_phyrexian(self, c: list[Token]) -> ManaSymbol:
        a, b = str(c[0]), str(c[1])
        if a == b:
            raise _SemanticError(f"hybrid symbol repeats the colour {a}", c[1])
        return ManaSymbol.hybrid(a, b, phyrexian=True)

    def phyrexian(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.PHYREXIAN, (_color_of(c),))

    def twobrid(self, c: list[Token]) -> ManaSymbol:
        if str(c[0]) != "2":
            raise _SemanticError(f"{c[0]}{c[1]} is not a mana symbol", c[0], 'a two-brid symbol is "2/W"')
        return ManaSymbol(SymbolKind.TWOBRID, (str(c[1]),))

    def colorless_hybrid(self, c: list[Token]) -> ManaSymbol:
        return ManaSymbol(SymbolKind.COLORLESS_HYBRID, (str(c[1]),))

    def cost(self, c: list[Any]) -> ForgeCost:
        symbols = tuple(x for x in c if isinstance(x, ManaSymbol))
        words = [str(x) for x in c if isinstance(x, Token)]
        return ForgeCost(
            mana=ManaCost(symbols) if symbols else None,
            tap="T" in words,
            untap="Q" in words or "Untap" in words,
            parts=tuple(w for w in words if w not in ("T", "Q", "Untap")),
        )

    # ---- types, numbers, colours
    def type_line(self, c: list[Token]) -> TypeLine:
        return TypeLine(
            supertypes=tuple(str(t) for t in c if t.type == "SUPERTYPE"),
            types=tuple(str(t) for t in c if t.type == "CARDTYPE"),
            subtypes=tuple(str(t) for t in c if t.type == "SUBTYPE"),
        )

    def pt(self, c: list[PTValue]) -> tuple[PTValue, PTValue]:
        return c[0], c[1]

    def pt_term(self, c: list[Token]) -> str:
        return "".join(str(t) for t in c)

    def pt_value(self, c: list[Any]) -> PTValue:
        text = "".join(str(t) for t in c)
        return PTValue(text, _int_or_none(text))

    def loyalty(self, c: list[Token]) -> PTValue:
        return PTValue(str(c[0]), _int_or_none(str(c[0])))

    def colors(self, c: list[Token]) -> tuple[str, ...]:
        letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
        found = {letters[str(t)] for t in c if str(t) in letters}
        return tuple(x for x in "WUBRG" if x in found)

    # ---- keywords, parameters
    def keyword(self, c: list[Token | None]) -> tuple[str, tuple[str, ...]]:
        name = str(c[0]).strip()
        return name, tuple(str(part).strip() if part is not None else "" for part in c[1:])

    def param_map(self, c: list[Param | None]) -> ParamMap:
        return ParamMap(tuple(p for p in c if p is not None))

    def pair(self, c: list[Token]) -> Param:
        value = str(c[1]).strip() if len(c) > 1 else ""
        return Param(str(c[0])[:-1].strip(), value)

    def bare(self, c: list[Token]) -> Param | None:
        text = str(c[0]).strip()
        return Param("", text) if text else None

    def empty(self, c: list[Any]) -> None:
        return None

    def svar(self, c: list[Any]) -> tuple[Token | None, ParamMap | None]:
        name = c[0] if c and isinstance(c[0], Token) else None
        params = c[-1] if c and isinstance(c[-1], ParamMap) else None
        return name, params

    def alternate_mode(self, c: list[Token]) -> str:
        return str(c[0])

    def specialize_color(self, c: list[Token]) -> str:
        return str(c[0])

    def variant(self, c: list[Any]) -> tuple[str, Any]:
        return str(c[0]).strip(), c[1]


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


#: How the one parser is built (what its tables depend on, with the grammar's text).
_PARSER_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": list(START_SYMBOLS),
    "propagate_positions": False,
    "maybe_placeholders": True,
}


@cache
def _lark() -> Lark:
    """The one parser (made on first use: LALR(1), contextual lexer, no tree), loaded from
    the shipped tables when they were built from this grammar (:mod:`.tables`), else built."""
    from dfc_plugin.script.tables import load_parser, parser_key

    grammar = grammar_path().read_text(encoding="utf-8")
    loaded = load_parser(parser_key(grammar, _PARSER_OPTIONS), _ScriptTransformer())
    return loaded if loaded is not None else build_parser()[0]


def build_parser() -> tuple[Lark, str]:
    """The parser built from the grammar (no shipped tables), and its tables' key."""
    from dfc_plugin.script.tables import parser_key

    grammar = grammar_path().read_text(encoding="utf-8")
    parser = Lark(grammar, transformer=_ScriptTransformer(), **_PARSER_OPTIONS)
    return parser, parser_key(grammar, _PARSER_OPTIONS)


def _parse(text: str, start: str) -> Any:
    """Lark's ``parse``; with our transformer its result is whatever the rule builds."""
    return _lark().parse(text, start=start)


_SECTION = "// ----------------------------------------------------------------"


@cache
def _line_lexer() -> Lark:
    """The file level, lexed only: the grammar's "file level" section (its line terminals
    and the ``script`` rule), with no parser. ``script`` accepts any sequence of line
    tokens (it is a regular language), so the tokens are the whole answer, and lexing
    alone costs about two thirds of lexing and running LALR over them. Only that
    section's terminals are in this lexer, so no value terminal can take a line;
    tests/test_corpus.py checks the tokens equal the ``script`` rule's parse."""
    text = grammar_path().read_text(encoding="utf-8")
    start = text.index(f"{_SECTION} file level")
    end = text.index(_SECTION, start + len(_SECTION))
    return Lark(text[start:end], parser=None, lexer="basic")


@cache
def _line_scanner() -> Callable[[str], Iterator[re.Match[str]]]:
    """The line lexer's terminals as one regular expression, in the order Lark's basic
    lexer tries them (its ``terminals``, sorted by priority and width), each a named
    group: its matches one after another (``finditer``, whose loop runs in C) give
    Lark's tokens without Lark's per-token work."""
    terminals = _line_lexer().lexer.terminals  # type: ignore[attr-defined]
    pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
    return re.compile(pattern).finditer


def prepare_parser() -> None:
    """Build the parser and the line scanner now (see :func:`~dfc_plugin.script.build.prepare`)."""
    _lark()
    _line_scanner()


def parse_script(text: str) -> list[Token]:
    """Read a whole script at the line level: one token per run of lines of one kind
    (see the grammar's ``script`` rule); blank lines before the first line are dropped.

    The line terminals cover every text (any line is at worst an unknown or a bare
    line), so this raises nothing for decoded text; values are checked by
    :func:`parse_value`. tests/test_fuzz_scripts.py checks the tokens against the
    ``script`` rule's parse.
    """
    return [Token(kind, value, line=line) for kind, value, line in line_items(text)]


def line_items(text: str) -> list[tuple[str, str, int]]:
    """:func:`parse_script`'s tokens as ``(type, text, line)`` (the reference the
    builder's :func:`line_walk` is held to, line by line)."""
    items: list[tuple[str, str, int]] = []
    append = items.append
    covered, line = 0, 1
    # The matches do not overlap and come in order, so they are contiguous and cover the
    # text exactly when their lengths add up to the text's and none is empty (a match
    # per line makes this loop the walk's hottest: no start() or end() per match).
    for found in _line_scanner()(text):
        value = found.group()
        if not value:  # cannot happen: see parse_script
            return _lexed_items(text)
        kind = found.lastgroup  # (never None: every terminal is a named group)
        if kind != "_BLANK":
            append((kind, value, line))  # type: ignore[arg-type]
        line += value.count("\n")  # as Lark counts (decode_script made every break a \n)
        covered += len(value)
    if covered != len(text):  # (neither can this: the terminals cover every text)
        return _lexed_items(text)
    return items


#: The line terminal of each key the grammar's file level names (a key is the text before
#: a line's first colon). Any other key is an UNKNOWN_LINE, save a key that starts with
#: SETCOLORID (a CARD_LINE); tests/test_line_walk.py checks :func:`line_walk` against the
#: scanner's tokens.
LINE_KINDS: dict[str, str] = {
    "Name": "NAME_LINE",
    "ManaCost": "MANACOST_LINE",
    "Types": "TYPES_LINE",
    "PT": "PT_LINE",
    "Loyalty": "LOYALTY_LINE",
    "Defense": "DEFENSE_LINE",
    "Colors": "COLORS_LINE",
    **dict.fromkeys(("K", "A", "T", "S", "R", "SVar"), "LIST_LINES"),
    **dict.fromkeys(("Text", "FlavorName", "Draft", "Lights", "AltName", "CopyFaceFrom"), "TEXT_LINE"),
    "AlternateMode": "ALTMODE_LINE",
    "MeldPair": "MELDPAIR_LINE",
    **dict.fromkeys(("DeckHints", "DeckNeeds", "DeckHas"), "DECK_LINE"),
    **dict.fromkeys(("AI", "HandLifeModifier", "SetInfo"), "CARD_LINE"),
    "Variant": "VARIANT_LINE",
    "SPECIALIZE": "SPECIALIZE_LINE",
    "Oracle": "ORACLE_LINE",
}


def line_kind(line: str) -> str:
    """The line terminal that reads one line (a line holds no line break): a comment
    starts with ``#``, a ``Key:value`` line has a colon after its first character, and
    a line that is neither is the ALTERNATE separator or a bare line (``_BLANK`` if
    empty)."""
    if not line:
        return "_BLANK"
    if line[0] == "#":
        return "COMMENT"
    colon = line.find(":")
    if colon > 0:
        key = line[:colon]
        kind = LINE_KINDS.get(key)
        if kind is None:
            kind = "CARD_LINE" if key.startswith("SETCOLORID") else "UNKNOWN_LINE"
        return kind
    return "ALTERNATE" if line == "ALTERNATE" else "BARE_LINES"


#: A handler of one line, ``handler(target, line, number)``.
LineHandler = Callable[[T, str, int], None]
#: A handler of a run of one line repeated, ``run(target, line, numbers)``: the same as
#: the line's handler called for each number of the range in turn.
RunHandler = Callable[[T, str, range], None]


class LineHandlers(Generic[T]):
    """A handler for each kind of line, ``handler(target, line, number)``, for
    :func:`line_walk`, and for some keys a handler of their own (in place of their
    kind's: e.g. one for ``K:`` lines and one for ``A:`` lines, both LIST_LINES); and the
    same by key, made once: each known key's, and each other key's once met (the
    kind of an unknown key is its key's alone). ``runs`` gives some handlers a handler
    of a run of one line repeated (the lines after its first), called once for the run;
    a handler without one is called for each line of it."""

    #: Most unknown keys remembered (a hostile set of files may hold any number).
    KEYS_REMEMBERED = 4096

    def __init__(
        self,
        by_kind: Mapping[str, LineHandler[T]],
        by_key: Mapping[str, LineHandler[T]] | None = None,
        runs: Mapping[LineHandler[T], RunHandler[T]] | None = None,
    ) -> None:
        self.by_kind = dict(by_kind)
        own = dict(by_key or {})
        self.by_key = {key: own.get(key) or self.by_kind[kind] for key, kind in LINE_KINDS.items()}
        self.runs = dict(runs or {})


def line_walk(text: str, handlers: LineHandlers[T], target: T) -> None:
    """Hand each line of decoded text (every line break a ``\\n``) to the handler of its
    kind (or key), ``handler(target, line, number)``: each line that is not blank or a
    comment, except that a run of bare lines goes whole (its lines from the first bare
    one to the last, blank lines between them kept), as the BARE_LINES terminal reads
    it. The same as :func:`line_items`' runs split into their lines, at a split and a
    dictionary look-up per line instead of a scanner match per run: a hostile file of
    alternating short lines has a run per line, and a match costs several look-ups.
    A kind with no handler (a comment) is skipped. A line repeated right after itself
    costs a comparison: the repeats go to the line's run handler in one call
    (:class:`LineHandlers`), a hostile file's thousands of one line at C speed."""
    by_key, by_kind = handlers.by_key, handlers.by_kind
    lines = text.split("\n")
    bare = 0  # the first line of the run of bare lines being read, if any
    last = 0  # and its last bare line so far
    previous, at = None, 0  # the last line not a repeat, and its number
    handler: Any = None  # its handler; _BARE for a bare line (None: nothing to do)
    repeated = False  # whether it is repeated (its run is handed on at the next line)
    for number, line in enumerate(lines, 1):
        if line == previous:
            repeated = True
            continue  # (a repeat: handed on with the run when the run ends)
        if repeated:
            last = _repeats(handlers, handler, target, previous, range(at + 1, number), last)
            repeated = False
        previous, at = line, number
        colon = line.find(":")
        handler = by_key.get(line[:colon]) if colon > 0 else None
        if handler is None:
            # The kind of a line with no known key, as line_kind says, told here
            # without its call for the kinds a hostile file repeats
            if not line:
                continue  # (a blank line: inside a run of bare lines it stays in it)
            if line[0] == "#":
                handler = by_kind.get("COMMENT")
            elif colon <= 0:  # (no key: a bare line, or the separator)
                if line != "ALTERNATE":
                    bare, last = bare or number, number
                    handler = _BARE
                    continue
                handler = by_kind.get("ALTERNATE")
            else:
                kind = line_kind(line)  # (UNKNOWN_LINE, or CARD_LINE for SETCOLORID...)
                handler = by_kind.get(kind)
                if handler is not None and len(by_key) < handlers.KEYS_REMEMBERED:
                    by_key[line[:colon]] = handler
        if bare:
            bare = _bare_run(by_kind, target, lines, bare, last)
        if handler is not None:
            handler(target, line, number)
    # (the repeats of the last line, then the run of bare lines it ends, if any)
    last = _repeats(handlers, handler, target, previous, range(at + 1, len(lines) + 1), last)
    _bare_run(by_kind, target, lines, bare, last)


#: line_walk's mark for a bare line (its repeats lengthen the run of bare lines).
_BARE: Any = object()


def _bare_run(
    by_kind: Mapping[str, LineHandler[T]], target: T, lines: list[str], bare: int, last: int
) -> int:
    """Hand a run of bare lines (from line ``bare`` to ``last``; none if ``bare`` is 0) to
    its handler whole; give 0, the run ended."""
    if bare:
        by_kind["BARE_LINES"](target, "\n".join(lines[bare - 1 : last]), bare)
    return 0


def _repeats(  # noqa: PLR0917 (line_walk's state, handed over whole)
    handlers: LineHandlers[T], handler: Any, target: T, line: Any, numbers: range, last: int
) -> int:
    """Hand the repeats of a line (at ``numbers``) to its run handler, or else to its
    handler one by one; give the last bare line of the run being read (a bare line's
    repeats lengthen it)."""
    if not numbers or handler is None:
        return last
    if handler is _BARE:
        return numbers[-1]
    run = handlers.runs.get(handler)
    if run is not None:
        run(target, line, numbers)
        return last
    for number in numbers:
        handler(target, line, number)
    return last


def _lexed_items(text: str) -> list[tuple[str, str, int]]:
    """:func:`line_items` by Lark's own lexer (the reference the scanner follows)."""
    tokens = _line_lexer().lex(text)
    return [(t.type, str(t), t.line or 1) for t in tokens if t.type != "_BLANK"]


def parse_script_rule(text: str) -> list[Token]:
    """The same tokens through the ``script`` rule and the LALR parser (slower; the
    reference :func:`parse_script` is checked against)."""
    result: list[Token] = _parse(text, "script")
    return result


def parse_value(start: str, text: str) -> Any:
    """Read one value with its rule, e.g. ``parse_value("mana_cost", "2 U/P")``. The
    value is trimmed first, as Forge trims it; an error's column counts from ``text``.

    Results are immutable and remembered. Raises :class:`ValueSyntaxError`.
    """
    result = read_value(start, text)
    if isinstance(result, ValueFailure):
        raise ValueSyntaxError(result.message, result.column, result.hint)
    return result


def read_value(start: str, text: str) -> Any:
    """:func:`parse_value` that returns a :class:`ValueFailure` instead of raising: the
    loader reads thousands of lines, and a bad value repeated in all of them should
    cost a dictionary lookup each, not an exception each."""
    stripped = text.strip()
    result = _parse_trimmed(start, stripped)
    if isinstance(result, ValueFailure) and stripped is not text:
        shift = len(text) - len(text.lstrip())
        return ValueFailure(result.message, result.column + shift, result.hint)
    return result


@dataclass(frozen=True, slots=True)
class ValueFailure:
    """A value that does not match its rule (remembered like a result, so a bad value
    repeated a thousand times is read once): ``column`` is 1-based within the value."""

    message: str
    column: int
    hint: str


@lru_cache(maxsize=1 << 16)
def _parse_trimmed(start: str, text: str) -> Any:
    fast = FAST_READERS.get(start)
    if fast is not None:
        result = fast(text)
        if result is not None:
            return result
    return read_value_rule(start, text)


def read_value_rule(start: str, text: str) -> Any:
    """A trimmed value read by its grammar rule alone (no fast reader): the reference
    the fast readers of :mod:`dfc_plugin.script.fast` are checked against."""
    try:
        return _parse(text, start)
    except VisitError as error:
        inner = error.orig_exc
        if isinstance(inner, _SemanticError):
            return _failure(_semantic(start, inner))
        raise
    except _SemanticError as error:
        return _failure(_semantic(start, error))
    except UnexpectedInput as error:
        return _failure(_syntax_error(start, text, error))


def _failure(error: ValueSyntaxError) -> ValueFailure:
    return ValueFailure(error.message, error.column, error.hint)


def _semantic(start: str, error: _SemanticError) -> ValueSyntaxError:
    return ValueSyntaxError(error.message, error.column, error.hint or _HINTS.get(start, ""))


def _syntax_error(start: str, text: str, error: UnexpectedInput) -> ValueSyntaxError:
    hint = _HINTS.get(start, "")
    if isinstance(error, UnexpectedCharacters):
        column = error.column if error.column is not None else 1
        found = text[column - 1 : column] if 0 < column <= len(text) else ""
        message = f"unexpected {found!r}" if found.strip() else "unexpected space"
        return ValueSyntaxError(message + _expected(error.allowed), column, hint)
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            return ValueSyntaxError(
                "the value ends too early" + _expected(error.expected),
                len(text) + 1,
                hint,
            )
        column = token.column if token.column is not None else 1
        shown = str(token) if len(token) <= 24 else str(token)[:24] + "..."
        return ValueSyntaxError(f"unexpected {shown!r}" + _expected(error.expected), column, hint)
    column = getattr(error, "column", None) or len(text) + 1
    return ValueSyntaxError("the value ends too early", column, hint)


def _expected(names: set[str] | frozenset[str] | None) -> str:
    if not names:
        return ""
    words = sorted({_TERMINAL_WORDS.get(n, n) for n in names if not n.startswith("__")})
    return "; expected " + " or ".join(words) if words else ""


def parse_oracle_text(raw: str) -> str:
    """The text of an ``Oracle:`` value, its ``\\n`` escapes made line breaks (never fails)."""
    text: str = _parse(raw, "oracle_text")
    return text


def parse_param_map(text: str) -> ParamMap:
    """Read an ability line's ``Key$ Value | ...`` body (never fails).

    The grammar's ``param_map`` rule is a regular language: a segment runs to the next
    ``|``, its key to its first ``$``, and both are trimmed; a segment with no ``$`` is a
    bare value, an empty one is dropped. This reads exactly that with string splits (a
    Lark parse costs 7-25 us a byte on one long line, this about 0.05);
    tests/test_values.py checks it against the rule on every ability line of the corpus.
    """
    found: list[Param] = []
    for segment in text.split("|"):
        key, dollar, value = segment.partition("$")
        if dollar:
            found.append(Param(key.strip(), value.strip()))
        else:
            bare = segment.strip()
            if bare:
                found.append(Param("", bare))
    return ParamMap(tuple(found))


def parse_param_map_rule(text: str) -> ParamMap:
    """The same map through the grammar's ``param_map`` rule (the reference the fast
    reader is checked against)."""
    result: ParamMap = parse_value("param_map", text)
    return result


def parse_svar(raw: str) -> tuple[str, str, ParamMap | None]:
    """Read an SVar value ``<name>:<body>`` into name, body and parameter map; the
    parameter map is ``None`` when the body is plain text such as ``True`` (the
    grammar's ``svar`` rule: the name runs to the first colon)."""
    name, colon, body = raw.partition(":")
    if not colon:
        return name.strip(), "", None
    params = parse_param_map(body)
    if params.lead is None or not params.lead.key:
        return name.strip(), body, None
    return name.strip(), body, params
