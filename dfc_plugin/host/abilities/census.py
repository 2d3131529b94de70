"""Which ability lines of a script the reference engine can run: each line and keyword is
``runs`` or ``missing: <what>`` (an API, trigger mode, static mode, replacement event or
keyword with no registered function; a parameter none of them honours, written
``<Api>.<Param>``; or a value word the interpreter gives no meaning, such as
``valid:EquippedBy``, ``Count$TypeInYourYard``, ``Cost:tapXType``).

The same check runs in a game: a card says what it can't do when it enters the game,
and an action that would run a missing piece is refused with that reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from dfc_plugin.cards import CardDef, Face, Keyword, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import effects, keywords, replacements, statics, triggers  # noqa: F401  (registration)
from dfc_plugin.host.abilities.registry import COMMON, DESCRIPTIVE, LINE_CHECKS, VALUE_CHECKS, Family, lookup
from dfc_plugin.host.abilities.values import (
    ARG_FORMS,
    COUNT_FORMS,
    LIST_FUNCTIONS,
    LIST_SOURCES,
    PLAYER_FUNCTIONS,
    VALID_ARGUMENT_FORMS,
    count_argument,
    defined_known,
    unknown_properties,
)
from dfc_plugin.script.expressions import Amount, CostPart
from dfc_plugin.script.parser import ValueSyntaxError, parse_value

__all__ = ["CardReport", "LineReport", "card_report", "census", "link_missing", "params_missing"]

#: Cost parts the engine pays (forge-abilities.md 9.6).
COST_PARTS = frozenset(
    {
        "AddCounter",
        "SubCounter",
        "Sac",
        "PayLife",
        "Discard",
        "ExileCtrlOrGrave",
        "tapXType",
        "tapXPower",
        "RemoveAnyCounter",
    }
)

#: Parameters whose values are valid-card expressions, and ``Defined`` ones.
_VALID_PARAMS = (
    "ValidTgts",
    "ValidCard",
    "Affected",
    "IsPresent",
    "IsPresent2",
    "ConditionPresent",
    "ChangeType",
    "ChangeValid",
    "ValidCards",
    "SacValid",
    "ValidLKI",
    "ValidSource",
    "ValidTarget",
    "RestrictValid",
)
_CARD_DEFINED = ("ConditionDefined",)
_AMOUNT_PARAMS = (
    "NumCards",
    "NumDmg",
    "LifeAmount",
    "NumAtt",
    "NumDef",
    "TokenAmount",
    "CounterNum",
    "DigNum",
    "ChangeNum",
    "Amount",
    "CheckSVar",
    "ConditionCheckSVar",
    "PeekAmount",
    "AddPower",
    "AddToughness",
    "SetPower",
    "SetToughness",
)

_FAMILY_OF = {"A": "api", "T": "trigger", "S": "static", "R": "replacement"}
_CHAIN_KEYS = (
    "SubAbility",
    "Execute",
    "ReplaceWith",
    "TrueSubAbility",
    "FalseSubAbility",
    "RepeatSubAbility",  # RepeatEach runs it once per player
)


@dataclass(frozen=True)
class LineReport:
    """One line of a script: where it is, and what of it can't run (empty: it runs)."""

    kind: str
    line: int
    text: str
    missing: tuple[str, ...]

    @property
    def runs(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class CardReport:
    """Every ability line and keyword of one script."""

    path: str
    name: str
    lines: tuple[LineReport, ...]

    @property
    def runs(self) -> bool:
        return all(line.runs for line in self.lines)

    @property
    def missing(self) -> list[str]:
        return list(dict.fromkeys(m for line in self.lines for m in line.missing))


def params_missing(family: Family, params: ParamMap) -> list[str]:
    """What of one line or link the engine can't run: its API/mode, or a parameter
    (remembered per line: the games ask often)."""
    return list(_params_missing(family, params))


@lru_cache(maxsize=1 << 14)
def _params_missing(family: Family, params: ParamMap) -> tuple[str, ...]:
    return tuple(_missing_now(family, params))


def _missing_now(family: Family, params: ParamMap) -> list[str]:
    name = params.api
    entry = lookup(family, name)
    if entry is None:
        return [name if family == "api" else f"{family} {name}"]
    passed_on = _delayed_mode_params(params) if family == "api" and entry.name == "DelayedTrigger" else {}
    return [
        f"{name}.{p.key}"
        for p in params
        if p is not params.lead
        and p.key not in entry.params
        and p.key not in passed_on
        and p.key not in COMMON
        and p.key not in DESCRIPTIVE
    ] + _values_missing(params) + _zone_missing(family, params) + _line_missing(family, entry.name, params)


def _line_missing(family: Family, name: str, params: ParamMap) -> list[str]:
    check = LINE_CHECKS.get((family, name))
    return check(params) if check is not None else []


def _zone_missing(family: Family, params: ParamMap) -> list[str]:
    """A ``Continuous`` static works off the battlefield only as a permission to play
    (``MayPlay$``, :mod:`.mayplay`): characteristics it would give cards in other zones
    are not applied (the game log says so), so the census doesn't count it as running."""
    zones = params.get("AffectedZone")
    if family != "static" or params.api != "Continuous" or zones in (None, "Battlefield"):
        return []
    if zones == "Stack" and not _LAYER_PARAMS & {p.key for p in params}:
        return []  # keywords for spells on the stack (:mod:`.uncounterable`, 113.6g)
    return [] if params.is_true("MayPlay") else ["Continuous.AffectedZone"]


#: What a ``Continuous`` static changes other than keywords (a spell on the stack gets
#: only keywords from one: :mod:`.uncounterable`).
_LAYER_PARAMS = frozenset(
    {"AddPower", "AddToughness", "SetPower", "SetToughness", "AddType", "AddAbility", "AddTrigger"}
)


def _delayed_mode_params(params: ParamMap) -> Mapping[str, str]:
    """A DelayedTrigger hands its other parameters to its trigger mode (``Mode$
    ChangesZone | Origin$ ... | ValidCard$ ...``): those that mode honours run."""
    mode = lookup("trigger", params.get("Mode") or "")
    return mode.params if mode is not None else {}


def link_missing(link: ParamMap) -> list[str]:
    """:func:`params_missing` for one ``AB$``/``SP$``/``DB$`` link."""
    return params_missing("api", link)


def _values_missing(params: ParamMap) -> list[str]:
    found: list[str] = []
    for key in _VALID_PARAMS:
        text = params.get(key)
        if text:
            found.extend(f"valid:{w}" for w in _try(lambda t=text: unknown_properties(t), key, text))
    defined = params.get("Defined")
    if defined and not _defined_ok(defined):
        found.append(f"Defined:{defined}")
    for key in _CARD_DEFINED:
        text = params.get(key)
        if text and not _safe_defined(text, players=False):
            found.append(f"Defined:{text}")
    cost = params.get("Cost")
    if cost:
        found.extend(_cost_missing(cost))
    found.extend(_duration_missing(params))
    for key, check in VALUE_CHECKS.items():
        text = params.get(key)
        if text:
            found.extend(check(text))
    condition = params.get("Condition")
    if condition is not None and condition not in KNOWN_CONDITIONS:
        found.append(f"Condition:{condition}")  # only the values requirements_hold reads
    for key in _KEYWORD_PARAMS:
        for word in (params.get(key) or "").split("&"):
            name = word.strip().split(":")[0]
            if name and lookup("keyword", name) is None:
                found.append(f"keyword {name}")
    return found


def _duration_missing(params: ParamMap) -> list[str]:
    duration = params.get("Duration")
    if params.api == "Effect" and duration is not None and duration not in EFFECT_DURATIONS:
        return [f"Effect.Duration:{duration}"]  # Game.end_effects knows no other
    return []


#: The ``Duration$`` values of an Effect that :meth:`Game.end_effects` ends by.
EFFECT_DURATIONS = frozenset(
    {
        "Permanent",
        "EndOfTurn",
        "UntilYourNextTurn",
        "UntilHostLeavesPlay",
        "AsLongAsControl",
        "HostLeavesOrEOT",
    }
)

#: The ``Condition$`` values :func:`~dfc_plugin.host.abilities.values.requirements_hold` reads.
KNOWN_CONDITIONS = frozenset({"PlayerTurn"})

#: Parameters whose values are keywords an effect or static grants.
_KEYWORD_PARAMS = ("KW", "AddKeyword", "AddHiddenKeyword", "TokenKeywords", "Keywords")


def _try(run: object, key: str, text: str) -> list[str]:
    try:
        return list(run())  # type: ignore[operator]
    except (ValueSyntaxError, UnsupportedAbilityError):
        return [f"{key}:{text}"]


def _safe_defined(text: str, *, players: bool) -> bool:
    try:
        return defined_known(text, players=players)
    except ValueSyntaxError:
        return False


def _defined_ok(text: str) -> bool:
    return _safe_defined(text, players=False) or _safe_defined(text, players=True)


def _cost_missing(text: str) -> list[str]:
    try:
        cost = parse_value("cost", text)
    except ValueSyntaxError:
        return [f"Cost:{text}"]
    missing = []
    for part in cost.parts:
        try:
            parsed: CostPart = parse_value("cost_part", part)
        except ValueSyntaxError:
            missing.append(f"Cost:{part}")
            continue
        if parsed.name not in COST_PARTS:
            missing.append(f"Cost:{parsed.name}")
    return missing


def _amounts_missing(face: Face, params: ParamMap) -> list[str]:
    found = []
    for key in _AMOUNT_PARAMS:
        text = params.get(key)
        if text:
            found.extend(_amount_missing(face, text, 0))
    return found


def _amount_missing(face: Face, text: str, depth: int) -> list[str]:
    """What of one amount (a number, an SVar's body, a count) has no meaning here; a
    ``Count$Compare`` is checked through the amounts it compares and chooses."""
    if text.lstrip("+-").isdigit() or depth > 8:
        return []
    svar = face.svar(text.lstrip("+-"))
    body = svar.body if svar is not None else text
    try:
        parsed: Amount = parse_value("amount", body)
    except ValueSyntaxError:
        return [f"amount:{body}"]
    if parsed.kind == "compare":
        _op, operand, then, otherwise = parsed.args
        parts = (parsed.value, operand, then, otherwise)
        return [m for part in parts if part != "X" for m in _amount_missing(face, part, depth + 1)]
    argument = count_argument(parsed) if parsed.kind == "count" else None
    if argument is not None:
        return _argument_missing(*argument)
    if parsed.kind == "count" and parsed.value not in COUNT_FORMS:
        return [f"Count${parsed.value}"]
    if parsed.kind == "list" and (
        parsed.value not in (PLAYER_FUNCTIONS if parsed.source == _PLAYERS else LIST_FUNCTIONS)
        or parsed.source not in LIST_SOURCES
    ):
        return [f"{parsed.source}${parsed.value}"]
    if parsed.kind == "count" and parsed.valid is not None:
        alternatives = ",".join(_alt_text(a) for a in parsed.valid.alternatives)
        return [f"valid:{w}" for w in unknown_properties(alternatives)]
    return []


_PLAYERS = "PlayerCountPlayers"


def _argument_missing(name: str, argument: str) -> list[str]:
    """A count form with an argument: the form, and the argument's words where the form
    reads it as a valid-card expression."""
    if name not in ARG_FORMS:
        return [f"Count${name}"]
    if name in VALID_ARGUMENT_FORMS:
        return [f"valid:{w}" for w in _try(lambda: unknown_properties(argument), name, argument)]
    return []


def _alt_text(alt: object) -> str:
    word = getattr(alt, "word", "")
    props = getattr(alt, "props", ())
    return word + ("." + "+".join(props) if props else "")


#: Parameters naming SVars that hold whole abilities an effect creates (an Effect's
#: statics, triggers and replacements; a token's abilities and triggers), and their family.
_PART_KEYS: dict[str, Family] = {
    "StaticAbilities": "static",
    "Triggers": "trigger",
    "ReplacementEffects": "replacement",
    "TokenAbilities": "api",
    "TokenTriggers": "trigger",
    "AddTrigger": "trigger",
}


def _linked(params: ParamMap) -> list[tuple[str, Family]]:
    """The SVars a line or link runs or creates, with the family each is read as."""
    names: list[tuple[str | None, Family]] = [(params.get(k), "api") for k in _CHAIN_KEYS]
    if params.api == "Charm":
        names += [(n.strip(), "api") for n in (params.get("Choices") or "").split(",")]
    for key, family in _PART_KEYS.items():
        names += [(n.strip(), family) for n in (params.get(key) or "").split(",")]
    return [(n, f) for n, f in names if n]


def _chain(face: Face, first: ParamMap, family: Family) -> list[str]:
    """Everything missing in a line and the chain of SVars it runs, and the abilities
    its effects create (an Effect's static: what it does must run too)."""
    missing = params_missing(family, first) + _amounts_missing(face, first)
    seen = {id(first)}
    todo = [first]
    while todo:
        params = todo.pop()
        for name, kind in _linked(params):
            svar = face.svar(name)
            if svar is None or svar.params is None:
                missing.append(f"SVar:{name}")
                continue
            link = svar.params
            if id(link) in seen:
                continue
            seen.add(id(link))
            missing += params_missing(kind, link) + _amounts_missing(face, link)
            todo.append(link)
    return missing


#: Keywords whose arguments name the SVars they run: the argument's index.
_KEYWORD_SVARS = {"Chapter": 1, "ETBReplacement": 1}


def _keyword_missing(face: Face, word: Keyword) -> list[str]:
    """A keyword with no function, or what the SVars it runs (a Saga's chapters, an
    ETB replacement's SVar) miss."""
    if lookup("keyword", word.name) is None:
        return [f"keyword {word.name}"]
    if word.name == "Craft" and word.args:
        return _craft_missing(word.args[0])
    index = _KEYWORD_SVARS.get(word.name)
    if index is None or len(word.args) <= index:
        return []
    missing: list[str] = []
    for name in (n.strip() for n in word.args[index].split(",") if n.strip()):
        svar = face.svar(name)
        if svar is None or svar.params is None:
            missing.append(f"SVar:{name}")
        else:
            missing += _chain(face, svar.params, "api")
    return missing


def _craft_missing(cost: str) -> list[str]:
    """Craft's cost (702.167a): its parts, and the valid words of the materials."""
    missing = _cost_missing(cost)
    for part in parse_value("cost", cost).parts if not missing else ():
        parsed: CostPart = parse_value("cost_part", part)
        missing += [f"valid:{w}" for w in _try(lambda p=parsed: unknown_properties(p.what), "Craft", part)]
    return missing


def _moved_missing(face: Face, params: ParamMap, family: Family) -> list[str]:
    """A ``Moved`` replacement runs either as "it goes elsewhere instead" (its
    ``ReplaceWith$`` a lone ``ChangeZone`` of ``ReplacedCard``) or as "it enters with /
    tapped" (``ETB$ True``, or ``ReplacementResult$ Updated``); the game refuses any
    other (replacements._redirects), and so does the census."""
    if family != "replacement" or params.api != "Moved" or params.get("ReplacementResult") == "Updated":
        return []
    svar = face.svar(params.get("ReplaceWith") or "")
    link = svar.params if svar is not None else None
    if link is None or link.get("ETB") == "True":
        return []
    redirect = link.api == "ChangeZone" and link.get("Defined") == "ReplacedCard"
    sub = face.svar(link.get("SubAbility") or "")
    then = sub.params if sub is not None else None  # "exile it instead. When you do, ..." (603.12)
    reflexive = then is not None and then.api == "ImmediateTrigger" and "SubAbility" not in then
    if redirect and ("SubAbility" not in link or reflexive):
        return []
    return [f"Moved.ReplaceWith:{link.api}" + ("+SubAbility" if "SubAbility" in link else "")]


def _face_lines(face: Face) -> Iterable[LineReport]:
    for word in face.keywords:
        yield LineReport("K", word.line, word.text, tuple(dict.fromkeys(_keyword_missing(face, word))))
    for ability in face.abilities:
        params = ability.params
        family: Family = _FAMILY_OF[ability.kind]  # type: ignore[assignment]
        missing = _chain(face, params, family) + _moved_missing(face, params, family)
        yield LineReport(ability.kind, ability.line, ability.text, tuple(dict.fromkeys(missing)))


@lru_cache(maxsize=4096)
def _report(definition: CardDef) -> CardReport:
    lines = tuple(line for face in definition.faces for line in _face_lines(face))
    return CardReport(definition.path, definition.name, lines)


def card_report(definition: CardDef) -> CardReport:
    """The census of one script (remembered per card)."""
    return _report(definition)


@dataclass(frozen=True)
class Census:
    """The census of many scripts."""

    reports: tuple[CardReport, ...]

    @property
    def run_fully(self) -> int:
        return sum(1 for r in self.reports if r.runs)

    def missing_counts(self) -> Counter[str]:
        return Counter(m for r in self.reports for m in r.missing)

    def as_dict(self) -> dict[str, object]:
        return {
            "scripts": len(self.reports),
            "run_fully": self.run_fully,
            "missing": dict(self.missing_counts().most_common()),
            "files": [{"path": r.path, "runs": r.runs, "missing": r.missing} for r in self.reports],
        }


def census(cards: Iterable[CardDef], token_scripts: Iterable[str] | None = None) -> Census:
    """The census of these scripts; with ``token_scripts`` (the token script names the
    library has), a ``TokenScript$`` it lacks is missing too."""
    known = set(token_scripts) if token_scripts is not None else None
    return Census(tuple(with_tokens(card_report(card), card, known) for card in cards))


def token_scripts_of(definition: CardDef) -> set[str]:
    """The token scripts a card's lines name (``TokenScript$``)."""
    names: set[str] = set()
    for face in definition.faces:
        lines = [a.params for a in face.abilities] + [s.params for s in face.svars if s.params is not None]
        names.update(n.strip() for p in lines for n in (p.get("TokenScript") or "").split(",") if n.strip())
    return names


def with_tokens(report: CardReport, definition: CardDef, known: set[str] | None) -> CardReport:
    """The report, with ``TokenScript:<name>`` for each token script not in ``known``."""
    if known is None:
        return report
    absent = sorted(token_scripts_of(definition) - known)
    if not absent:
        return report
    line = LineReport("token", 0, "TokenScript$", tuple(f"TokenScript:{n}" for n in absent))
    return CardReport(report.path, report.name, (*report.lines, line))


def render_text(result: Census, *, top: int = 20, files: bool = False) -> str:
    """The census as text: the summary, the most common missing pieces, and (with
    ``files``) each script that doesn't run fully with what it misses."""
    scripts = len(result.reports)
    share = 100 * result.run_fully / scripts if scripts else 100.0
    lines = [f"{result.run_fully:,} of {scripts:,} scripts run fully ({share:.1f}%)"]
    counts = result.missing_counts()
    if counts:
        lines.append(f"most common missing pieces (scripts missing each, top {top}):")
        lines += [f"  {count:6,}  {what}" for what, count in counts.most_common(top)]
    if files:
        lines += [f"{r.path}: missing {', '.join(r.missing)}" for r in result.reports if not r.runs]
    return "\n".join(lines) + "\n"
