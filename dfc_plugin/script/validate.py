"""Every ability line of a card checked: structure, costs, references and names.

The builder reads a script's lines; this module then reads every ``A:``, ``T:``, ``S:``
and ``R:`` line, every SVar whose body is an ability (``AB$``, ``SP$``, ``DB$``) and
every ``K:`` line of each face, and reports, at the exact token:

- structure: ``Key$ Value`` segments split by ``|``; a segment with no ``$``, an empty
  key, an empty segment, or a value that holds another ``Key$`` (a missing ``|``);
- costs: ``Cost$`` and the costs of keywords such as ``Disturb`` or ``Craft``, by the
  grammar's ``cost`` rule;
- references: the SVars that ``SubAbility$``, ``Execute$``, ``ReplaceWith$``,
  ``Abilities$``, ``Triggers$``, ``Statics$`` and ``References$`` name exist in the same
  face; an ability SVar that nothing names is dead;
- names: APIs, trigger and static modes, replacement events and keywords against the
  names Forge's scripts use (``known_names.json``, written by ``tools/known_names.py``
  from the corpus), with a did-you-mean.

Splitting a line costs a few string operations; costs and unknown names are remembered,
because they repeat across thousands of cards. Most maps have no finding: one remembered
question per map text (:func:`_clean_map`: well-formed, a known lead, which SVars it
names) settles those, and only the others are read segment by segment.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from typing import NamedTuple

from dfc_plugin.cards import Ability, Face, ForgeCost, Keyword, ManaSymbol, SVar, SymbolKind
from dfc_plugin.script.parser import ValueFailure, read_value
from dfc_plugin.script.resources import package_path

__all__ = ["Findings", "Problem", "check_faces", "check_faces_kept", "known_names", "suggest"]


class Problem(NamedTuple):
    """One finding: severity, stable code, message, position (1-based) and hint (a
    tuple: a hostile script makes one per line)."""

    severity: str
    code: str
    message: str
    line: int
    column: int
    end_column: int
    hint: str = ""


@cache
def known_names() -> dict[str, frozenset[str]]:
    """The names of ``known_names.json`` by kind (``apis``, ``triggers``, ...)."""
    data = json.loads(package_path("script", "known_names.json").read_text("utf-8"))
    return {kind: frozenset(values) for kind, values in data.items() if kind != "source"}


def suggest(name: str, candidates: Iterable[str]) -> str:
    """``'did you mean X?'`` for the closest candidate, or ``""``."""
    import difflib  # (here: a check of clean scripts asks for no suggestion)

    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.75)
    if not close:
        lowered = {c.lower(): c for c in candidates}
        close = [lowered[name.lower()]] if name.lower() in lowered else []
    return f"did you mean {close[0]!r}?" if close else ""


#: The lead key of each kind of line, and the list its name is checked against.
_LEADS = {
    "A": (("AB", "SP"), "apis"),
    "T": (("Mode",), "triggers"),
    "S": (("Mode",), "statics"),
    "R": (("Event",), "replacements"),
}
_ABILITY_SVAR_LEADS = frozenset({"AB", "SP", "DB"})
#: Keys whose value names one SVar, and keys whose value is a comma-separated list of them.
_SINGLE_REFERENCES = frozenset({"SubAbility", "Execute", "ReplaceWith"})
_LIST_REFERENCES = frozenset({"Abilities", "Triggers", "Statics", "References"})
#: Keys whose value is prose, where ``$`` and ``Word$`` may occur as text.
_PROSE_KEYS = frozenset(
    {"SpellDescription", "StackDescription", "TriggerDescription", "Description", "PrecostDesc", "AILogic"}
)
#: A value holding ``<space>Key$``: two segments with the ``|`` between them missing.
_MISSING_PIPE = re.compile(r"[^|\s][ \t]+([A-Z][A-Za-z]*)\$")
#: Keywords whose first argument is a Forge cost (CR 702: the keyword's cost).
_KEYWORD_COSTS = frozenset(
    {
        "Craft",
        "Cycling",
        "Disturb",
        "Equip",
        "Flashback",
        "More Than Meets the Eye",
        "Ninjutsu",
        "Unearth",
        "Embalm",
        "Eternalize",
        "Evoke",
        "Dash",
        "Morph",
        "Megamorph",
        "Bestow",
        "Buyback",
        "Entwine",
        "Madness",
        "Escape",
        "Blitz",
        "Encore",
        "Reconfigure",
    }
)
#: The only variable in a Forge cost string is X (Y and Z are mana-cost letters).
_COST_VARIABLES = frozenset({"X"})


#: Findings reported per ability line at most (a hostile line may hold a million).
MAX_LINE_PROBLEMS = 20
_UNLIMITED = 1 << 62


class _LineFull(Exception):
    """Raised by :meth:`_FaceChecker.report` when a line's budget is spent."""


class _Segment(NamedTuple):
    """One ``Key$ Value`` segment with the columns of its key and value (a tuple: one is
    made for most segments of every line)."""

    key: str
    value: str
    has_dollar: bool
    key_column: int
    value_column: int
    end_column: int


def segments(text: str, column: int) -> Iterator[_Segment]:
    """The segments of a parameter map starting at ``column`` (as the grammar splits
    them: at ``|``, the key to the first ``$``, both trimmed)."""
    start = 0
    for raw in text.split("|"):
        key, dollar, value = raw.partition("$")
        lead = len(raw) - len(raw.lstrip())
        key_column = column + start + lead
        value_start = start + len(key) + 1
        value_column = column + value_start + len(value) - len(value.lstrip())
        end = column + start + len(raw.rstrip())
        yield _Segment(
            key.strip() if dollar else "",
            value.strip() if dollar else raw.strip(),
            bool(dollar),
            key_column,
            value_column if dollar else key_column,
            max(end, key_column + 1),
        )
        start += len(raw) + 1


class Findings:
    """The findings kept: the first ``errors`` errors and ``warnings`` warnings
    (severity ``"error"`` and any other) in ``problems``, in order; the rest are only
    counted, in ``more`` (by ``"error"`` and ``"warning"``). The builder shows no more
    than :data:`~dfc_plugin.script.build.MAX_DIAGNOSTICS` of each, a hostile file has a
    finding on every line, and one past the diagnostics shown is not worth making."""

    __slots__ = ("more", "problems", "room")

    def __init__(self, errors: int = _UNLIMITED, warnings: int = _UNLIMITED) -> None:
        self.problems: list[Problem] = []
        self.room = {"error": errors, "warning": warnings}
        self.more = {"error": 0, "warning": 0}

    def keep(self, problem: Problem) -> None:
        severity = "error" if problem.severity == "error" else "warning"
        if self.room[severity] > 0:
            self.room[severity] -= 1
            self.problems.append(problem)
        else:
            self.more[severity] += 1

    def add(self, found: _Found, line: int) -> None:
        """Keep findings remembered without their line (each is made as a plain tuple
        is, without the named tuple's Python ``__new__``)."""
        keep, new = self.keep, _new_problem
        for severity, code, message, at, end, hint in found:
            keep(new(Problem, (severity, code, message, line, at, end, hint)))

    def add_lines(self, found: _Found, lines: list[int]) -> None:
        """Keep ``found`` at each of ``lines`` in turn (as :meth:`add`), until none of
        its findings can be kept any more; the rest are only counted."""
        if not found:
            return
        room, more = self.room, self.more
        severities = ["error" if finding[0] == "error" else "warning" for finding in found]
        for done, line in enumerate(lines):
            if all(room[severity] <= 0 for severity in severities):  # (room only shrinks)
                for severity in severities:
                    more[severity] += len(lines) - done
                return
            self.add(found, line)


class _FaceChecker:
    """Checks one face's lines; collects :class:`Problem` records in a :class:`Findings`."""

    def __init__(self, face: Face | None, kept: Findings) -> None:
        self.face = face
        self.kept = kept
        # (the name runs to the body's colon, as parse_svar reads it; no body is parsed)
        self.svar_names = {svar.raw.partition(":")[0].strip() for svar in face.svars} if face else set()
        self.referenced: set[str] = set()
        self.budget = _UNLIMITED

    def report(  # noqa: PLR0917 (private: a diagnostic's seven fields, as Problem holds them)
        self, severity: str, code: str, message: str, line: int, column: int, end: int, hint: str = ""
    ) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise _LineFull
        self.kept.keep(Problem(severity, code, message, line, column, max(end, column + 1), hint))

    def run(self) -> None:
        face = self.face
        assert face is not None
        if face.abilities:
            self.check_abilities(face.abilities)
        ability_svars = []
        for svar in face.svars:
            _, colon, body = svar.raw.partition(":")
            lead = body.split("|", 1)[0].partition("$")
            if colon and lead[1] and lead[0].strip() in _ABILITY_SVAR_LEADS:
                ability_svars.append(svar)
                if not self.clean("SVar", body):
                    label = f"SVar {_svar_name(svar)}"
                    self.check_map("SVar", body, svar.line, _svar_body_column(svar), label)
        if face.keywords:
            self.check_keywords(face.keywords)
        if ability_svars:
            self.check_dead(ability_svars)

    def check_abilities(self, abilities: Iterable[Ability]) -> None:
        """Each ability line's findings. A map's findings on a face depend on its text
        and column alone where it is clean or names no SVar: a line repeated on a face
        is looked at once, and a run of one line (a hostile file) is kept in one go."""
        same: dict[tuple[str, str, int], _Found] = {}
        kept = self.kept
        previous: tuple[str, str, int] | None = None
        found: _Found = ()
        lines: list[int] = []  # (the lines of the run of ``found``)
        for ability in abilities:
            key = (ability.kind, ability.text, ability.column)
            if key != previous:
                if found:  # (first: a full check keeps its own findings now)
                    kept.add_lines(found, lines)
                    lines = []
                remembered = same.get(key)
                if remembered is None:
                    remembered = self.ability_findings(ability)
                    if remembered is None:  # (checked with its line: nothing to repeat)
                        previous, found = None, ()
                        continue
                    same[key] = remembered
                previous, found = key, remembered
            if found:
                lines.append(ability.line)
        kept.add_lines(found, lines)

    def check_keywords(self, keywords: Iterable[Keyword]) -> None:
        """Each ``K:`` line's findings (they depend on its text and column alone: found
        once for a run of one keyword, and the run kept in one go)."""
        kept = self.kept
        name, column = "", -1  # (no keyword's: its column is at least 1)
        args: tuple[str, ...] = ()
        found: _Found = ()
        lines: list[int] = []
        for keyword in keywords:
            if keyword.column != column or keyword.args != args or keyword.name != name:
                if found:
                    kept.add_lines(found, lines)
                    lines = []
                name, args, column = keyword.name, keyword.args, keyword.column
                found = _keyword_problems(name, args, column)
            if found:
                lines.append(keyword.line)
        kept.add_lines(found, lines)

    def ability_findings(self, ability: Ability) -> _Found | None:
        """An ability line's findings when they depend on its text and column alone
        (none for a clean map); ``None`` once a map that names an SVar is checked."""
        kind, text = ability.kind, ability.text
        if self.clean(kind, text):
            return ()
        if _NAMES_SVARS.search(text) is None:
            return _pure_map_problems(kind, text, ability.column, _ability_label(ability))
        self.check_map_budgeted(kind, text, ability.line, ability.column, _ability_label(ability))
        return None

    # ---- one parameter map
    def clean(self, kind: str, text: str) -> bool:
        """Whether the map has no finding on this face (then the SVars it names are
        noted as named); ``False`` sends it to :meth:`check_map`. Most maps are clean,
        and this is the one question asked of them."""
        found = _clean_map(kind, text)
        if found is None:
            return False
        references, bad_costs = found
        names = self.svar_names
        if not names.issuperset(references) or not names.issuperset(bad_costs):
            return False
        self.referenced.update(references)
        return True

    def check_map(self, kind: str, text: str, line: int, column: int, label: str) -> None:
        """Check one parameter map; past :data:`MAX_LINE_PROBLEMS` findings in it, one
        last warning says the rest of the line is not checked. A map that names no SVar
        (no ``Cost$`` nor reference key) is checked once per text and column: a hostile
        file may repeat one bad line thousands of times."""
        if _NAMES_SVARS.search(text) is None:
            self.kept.add(_pure_map_problems(kind, text, column, label), line)
            return
        self.check_map_budgeted(kind, text, line, column, label)

    def check_map_budgeted(self, kind: str, text: str, line: int, column: int, label: str) -> None:
        self.budget = MAX_LINE_PROBLEMS
        try:
            self.check_map_fully(kind, text, line, column, label)
        except _LineFull:
            self.kept.keep(
                Problem(
                    "warning",
                    "line-not-checked",
                    f"{label} has more than {MAX_LINE_PROBLEMS} problems; the rest of it is not checked",
                    line,
                    column,
                    column + 1,
                )
            )
        finally:
            self.budget = _UNLIMITED  # keywords and SVars: a few findings per line at most

    def check_map_fully(self, kind: str, text: str, line: int, column: int, label: str) -> None:
        if not text.strip():
            self.report(
                "error",
                "empty-ability",
                f"{label} is empty",
                line,
                column,
                column + 1,
                "write Key$ Value pairs separated by |, e.g. AB$ Draw | Cost$ T",
            )
            return
        if self.check_fast(kind, text, line, column):
            return
        parts = segments(text, column)
        lead = previous = next(parts)
        for segment in parts:
            self.check_segment(previous, line, label, previous is lead, False)
            previous = segment
        self.check_segment(previous, line, label, previous is lead, True)
        self.check_lead(kind, lead, line)

    def check_fast(self, kind: str, text: str, line: int, column: int) -> bool:
        """The common case: every segment has its ``$`` and no value holds a ``Key$``;
        then only the lead, costs and references need a look. ``False`` sends the line
        to the segment-by-segment check."""
        shape = _fast_shape(text)
        if shape is None:
            return False
        lead_key, lead_value, key_at, value_at, checks = shape
        leads, names = _LEADS.get(kind, (_ABILITY_SVAR_LEADS, "apis"))
        if lead_key not in leads or lead_value not in known_names()[names]:
            lead = _Segment(lead_key, lead_value, True, column + key_at, column + value_at, column + value_at)
            self.check_lead(kind, lead, line)
        svar_names = self.svar_names
        for key, value, at in checks:
            if key != "Cost":
                self.check_reference(key, value, line, column + at)
            elif value not in svar_names:  # (a Cost$ may name an SVar that holds the cost)
                self.check_cost(value, line, column + at, "Cost$")
        return True

    def check_segment(self, segment: _Segment, line: int, label: str, first: bool, last: bool) -> None:
        if not segment.has_dollar:
            if not segment.value:
                if not last:
                    self.report(
                        "warning",
                        "empty-segment",
                        f"empty segment in {label} (two | in a row)",
                        line,
                        segment.key_column - 1,
                        segment.key_column,
                        "remove the extra |",
                    )
                return
            if first:
                self.report(
                    "error",
                    "no-lead",
                    f"{label} does not start with Key$ Value: {segment.value[:40]!r} has no $",
                    line,
                    segment.key_column,
                    segment.end_column,
                    "start with AB$ <API>, SP$ <API>, Mode$ <mode> or Event$ <event>",
                )
                return
            self.report(
                "warning",
                "missing-dollar",
                f"{segment.value[:40]!r} in {label} has no $; Forge ignores it",
                line,
                segment.key_column,
                segment.end_column,
                "write Key$ Value",
            )
            return
        if not segment.key:
            self.report(
                "error",
                "empty-key",
                f"a $ with no key before it in {label}",
                line,
                segment.key_column,
                segment.key_column + 1,
                "write Key$ Value",
            )
            return
        if segment.key not in _PROSE_KEYS:
            self.check_missing_pipe(segment, line, label, first)
        self.check_value(segment, line)

    def check_missing_pipe(self, segment: _Segment, line: int, label: str, first: bool) -> None:
        """``Key$ a Other$ b``: a missing ``|``. On the first segment it hides the line's
        API (an error); later, Forge reads one parameter with a wrong value (a warning)."""
        found = _MISSING_PIPE.search(segment.value)
        if found is None:
            return
        column = segment.value_column + found.start(1)
        self.report(
            "error" if first else "warning",
            "missing-pipe",
            f"{found[1]}$ inside the value of {segment.key}$ in {label}: is a | missing?",
            line,
            column,
            column + len(found[1]) + 1,
            f"separate the parameters: {segment.key}$ ... | {found[1]}$ ...",
        )

    def check_value(self, segment: _Segment, line: int) -> None:
        key, value = segment.key, segment.value
        if key == "Cost" and value not in self.svar_names:
            self.check_cost(value, line, segment.value_column, "Cost$")
        elif key in _SINGLE_REFERENCES:
            self.check_reference(key, value, line, segment.value_column)
        elif key in _LIST_REFERENCES:
            offset = 0
            for name in value.split(","):
                stripped = name.strip()
                if stripped:
                    column = segment.value_column + offset + len(name) - len(name.lstrip())
                    self.check_reference(key, stripped, line, column)
                offset += len(name) + 1

    def check_reference(self, key: str, name: str, line: int, column: int) -> None:
        self.referenced.add(name)
        if name in self.svar_names:
            return
        hint = suggest(name, self.svar_names) or f"add SVar:{name}:... to this face"
        self.report(
            "warning",
            "unknown-svar",
            f"{key}$ names {name!r}, which is no SVar of this face",
            line,
            column,
            column + len(name),
            hint,
        )

    def check_cost(self, text: str, line: int, column: int, what: str) -> None:
        problem = _cost_problem(text)
        if problem is not None:
            message, at, hint = problem
            self.report(
                "error", "bad-cost", f"bad {what} cost: {message}", line, column + at - 1, column + at, hint
            )

    def check_lead(self, kind: str, lead: _Segment, line: int) -> None:
        if kind == "SVar" or not lead.has_dollar or not lead.key:
            if kind == "SVar" and lead.has_dollar:
                self.check_name("apis", _lead_name(lead.value), line, lead.value_column, "API")
            return
        keys, names = _LEADS[kind]
        if lead.key not in keys:
            expected = " or ".join(f"{k}$" for k in keys)
            self.report(
                "warning",
                "unexpected-lead",
                f"a {kind}: line starts with {expected}, not {lead.key}$",
                line,
                lead.key_column,
                lead.key_column + len(lead.key) + 1,
            )
            return
        noun = {
            "apis": "API",
            "triggers": "trigger mode",
            "statics": "static mode",
            "replacements": "replacement event",
        }[names]
        self.check_name(names, _lead_name(lead.value), line, lead.value_column, noun)

    def check_name(self, kind: str, name: str, line: int, column: int, noun: str) -> None:
        known = known_names()[kind]
        if name in known:
            return
        self.report(
            "warning",
            f"unknown-{kind[:-1]}",
            f"unknown {noun} {name!r}",
            line,
            column,
            column + len(name),
            _suggest_known(kind, name),
        )

    # ---- keywords
    def check_keyword_fully(self, keyword: Keyword) -> None:
        if not _is_known_keyword(keyword.name):
            self.report(
                "warning",
                "unknown-keyword",
                f"unknown keyword {keyword.name!r}",
                keyword.line,
                keyword.column,
                keyword.column + len(keyword.name),
                _suggest_known("keywords", keyword.name),
            )
        if (
            keyword.name in _KEYWORD_COSTS
            and keyword.args
            and keyword.name not in ("Disturb", "Craft", "More Than Meets the Eye")
        ):
            argument = keyword.args[0]
            column = keyword.column + len(keyword.name) + 1 + len(argument) - len(argument.lstrip())
            self.check_cost(argument.strip(), keyword.line, column, f"{keyword.name}")

    # ---- dead SVars
    def check_dead(self, ability_svars: list[SVar]) -> None:
        unreferenced = [s for s in ability_svars if _svar_name(s) not in self.referenced]
        if not unreferenced:
            return
        assert self.face is not None
        words = _words(self.face)
        for svar in unreferenced:
            name = _svar_name(svar)
            if words.get(name, 0) <= 1:
                self.report(
                    "warning",
                    "unused-svar",
                    f"SVar {name} is an ability that nothing names",
                    svar.line,
                    svar.column,
                    svar.column + len(name),
                    "name it from SubAbility$, Execute$, ... or remove it",
                )


@lru_cache(maxsize=1 << 16)
def _fast_shape(text: str) -> tuple[str, str, int, int, tuple[tuple[str, str, int], ...]] | None:
    """A well-formed line's lead key and value (with their 0-based offsets), and what
    :meth:`_FaceChecker.check_value` would look at: each ``Cost$`` value and each SVar
    name a reference key gives (key, name, offset), in order; ``None`` for a line that
    needs the segment-by-segment check. Remembered: many lines repeat across cards."""
    if "||" in text or text.rstrip().endswith("|"):
        return None
    checks: list[tuple[str, str, int]] = []
    start = 0
    lead: tuple[str, str, int, int] | None = None
    for part in text.split("|"):
        key, dollar, value = part.partition("$")
        name = key.strip()
        if not dollar or not name or "$" in value:
            return None  # (a value holding a $ may hide a missing |: _MISSING_PIPE)
        if lead is None or name in _CHECKED_KEYS:
            stripped = value.strip()
            at = start + len(key) + 1 + len(value) - len(value.lstrip())
            if lead is None:
                lead = (name, stripped, start + len(part) - len(part.lstrip()), at)
            elif name in _LIST_REFERENCES:
                _add_list_references(checks, name, stripped, at)
            else:
                checks.append((name, stripped, at))
        start += len(part) + 1
    assert lead is not None  # (split gives at least one part)
    return (*lead, tuple(checks))


def _add_list_references(checks: list[tuple[str, str, int]], key: str, value: str, at: int) -> None:
    """Each SVar name of a comma-separated list (``Abilities$ A,B``) with its offset."""
    for name in value.split(","):
        stripped = name.strip()
        if stripped:
            checks.append((key, stripped, at + len(name) - len(name.lstrip())))
        at += len(name) + 1


@lru_cache(maxsize=1 << 16)
def _clean_map(kind: str, text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """For a well-formed map whose lead is a known name: the SVar names its references
    give, and the ``Cost$`` values that are no good cost (fine if the face has an SVar
    of that name); with both among the face's SVars, :meth:`_FaceChecker.check_map`
    finds nothing. ``None`` for any other map (it is checked segment by segment).

    Well-formed, as :func:`_fast_shape` reads it, without a loop over the segments:
    one ``$`` more than ``|``, and a ``|`` between any two ``$``, is one ``$`` in each
    segment; then no key may be blank (the first is the lead, a known key)."""
    if (
        text.count("$") != text.count("|") + 1
        or _TWO_DOLLARS.search(text) is not None
        or _BLANK_KEY.search(text) is not None
    ):
        return None
    key, _, value = text.partition("|")[0].partition("$")
    leads, names = _LEADS.get(kind, (_ABILITY_SVAR_LEADS, "apis"))
    if key.strip() not in leads or value.strip() not in known_names()[names]:
        return None
    checked = _CHECKED_SEGMENT.findall(text)
    if not checked:
        return _NOTHING_NAMED
    references: list[str] = []
    bad_costs: list[str] = []
    for key, value in checked:
        if key == "Cost":
            if _cost_problem(value.strip()) is not None:
                bad_costs.append(value.strip())
        elif key in _LIST_REFERENCES:
            references += filter(None, map(str.strip, value.split(",")))
        else:
            references.append(value.strip())
    return frozenset(references), frozenset(bad_costs)


_CHECKED_KEYS = frozenset({"Cost"}) | _SINGLE_REFERENCES | _LIST_REFERENCES
#: A map whose findings may depend on its face's SVars (a key that names one, or Cost$,
#: which may be an SVar's name); any other map's findings depend on its text alone.
_NAMES_SVARS = re.compile("|".join(sorted(_CHECKED_KEYS)))
#: What :func:`_clean_map` looks for: two ``$`` in one segment, a blank key after a
#: ``|``, and each later segment whose key names an SVar or a cost (key, raw value).
_TWO_DOLLARS = re.compile(r"\$[^|]*\$")
_BLANK_KEY = re.compile(r"\|\s*\$")
_CHECKED_SEGMENT = re.compile(r"\|\s*(" + "|".join(sorted(_CHECKED_KEYS)) + r")\s*\$([^|]*)")
_NOTHING_NAMED: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())


_Found = tuple[tuple[str, str, str, int, int, str], ...]
#: ``_new_problem(Problem, fields)`` is ``Problem(*fields)`` (a named tuple is a tuple).
_new_problem = tuple.__new__


def _without_lines(problems: list[Problem]) -> _Found:
    return tuple((p.severity, p.code, p.message, p.column, p.end_column, p.hint) for p in problems)


@lru_cache(maxsize=1 << 12)
def _keyword_problems(name: str, args: tuple[str, ...], column: int) -> _Found:
    """The findings of a ``K:`` line, without their line."""
    kept = Findings()
    _FaceChecker(None, kept).check_keyword_fully(Keyword(name, args, 0, column))
    return _without_lines(kept.problems)


@lru_cache(maxsize=1 << 12)
def _pure_map_problems(kind: str, text: str, column: int, label: str) -> _Found:
    """The findings of a map that names no SVar, without their line."""
    kept = Findings()
    _FaceChecker(None, kept).check_map_budgeted(kind, text, 0, column, label)
    return _without_lines(kept.problems)


def _lead_name(value: str) -> str:
    """The name a lead segment gives: its value, up to a ``Key$`` that a missing ``|``
    ran into it (reported on its own)."""
    found = _MISSING_PIPE.search(value)
    return value[: found.start(1)].strip() if found else value


def _ability_label(ability: Ability) -> str:
    return f"{ability.kind}: line"


def _svar_name(svar: SVar) -> str:
    return svar.raw.partition(":")[0].strip()


def _svar_body_column(svar: SVar) -> int:
    colon = svar.raw.find(":")
    return svar.column + (colon + 1 if colon >= 0 else len(svar.raw))


_WORD = re.compile(r"[A-Za-z0-9_.]+")


def _words(face: Face) -> dict[str, int]:
    """How often each word occurs in a face's abilities, keywords and SVars (an SVar
    may be named anywhere: ``Defined$ Remembered``, ``Count$ ...``, ``AB$ Charm``...)."""
    texts = [a.text for a in face.abilities] + [k.text for k in face.keywords] + [s.raw for s in face.svars]
    return Counter(_WORD.findall("\n".join(texts)))  # (a newline is in no word)


@lru_cache(maxsize=4096)
def _suggest_known(kind: str, name: str) -> str:
    return suggest(name, known_names()[kind])


@lru_cache(maxsize=4096)
def _is_known_keyword(name: str) -> bool:
    names = known_names()
    if name in names["keywords"]:
        return True
    return any(name.startswith(family + " ") for family in names["keyword_families"])


@lru_cache(maxsize=1 << 14)
def _cost_problem(text: str) -> tuple[str, int, str] | None:
    """What is wrong with a Forge cost string: message, 1-based column, hint."""
    result = read_value("cost", text)
    if isinstance(result, ValueFailure):
        return result.message, result.column, result.hint
    cost: ForgeCost = result
    symbols: tuple[ManaSymbol, ...] = cost.mana.symbols if cost.mana else ()
    for symbol in symbols:
        if symbol.kind is SymbolKind.VARIABLE and symbol.variable not in _COST_VARIABLES:
            at = _symbol_column(text, symbol.variable or "")
            return f"{symbol.variable} is not a cost symbol", at, "the variable of a Forge cost is X"
    return None


def _symbol_column(text: str, letter: str) -> int:
    for match in re.finditer(r"\S+", text):
        if match[0] == letter:
            return match.start() + 1
    return 1


def check_faces(faces: Iterable[Face]) -> list[Problem]:
    """Every problem in the ability lines, SVars and keywords of ``faces``."""
    return check_faces_kept(faces, _UNLIMITED, _UNLIMITED).problems


def check_faces_kept(faces: Iterable[Face], errors: int, warnings: int) -> Findings:
    """:func:`check_faces`' first ``errors`` errors and first ``warnings`` warnings
    (a severity other than ``"error"`` counts as a warning), and how many more of each
    it finds: what the builder shows of a file, made without the findings it would
    only count."""
    kept = Findings(errors, warnings)
    for face in faces:
        _FaceChecker(face, kept).run()
    return kept
