"""The card model: what a card script means, as immutable values.

A :class:`CardDef` is one script file: its layout and its :class:`Face` objects, plus the
double-faced-card meaning lifted out of its lines into typed records
(:class:`DfcAbilities`). Everything here is frozen; rule handlers and engines share these
objects freely. Parameter maps of ability lines are read on first use (most engines never
look at most of them), through the same grammar as everything else.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import repeat
from typing import Any, Literal, TypeVar

__all__ = [
    "COLOR_ORDER",
    "Ability",
    "CardDef",
    "CastBackFacePermission",
    "CraftAbility",
    "DayNightAbility",
    "DfcAbilities",
    "EntersTransformed",
    "ExtraLine",
    "Face",
    "ForgeCost",
    "IncubateAbility",
    "Keyword",
    "Layout",
    "ManaCost",
    "ManaSymbol",
    "MeldAbility",
    "ModalFace",
    "PTValue",
    "Param",
    "ParamMap",
    "SVar",
    "SymbolKind",
    "TransformAbility",
    "TypeLine",
    "color_sort",
]

#: The five colours in WUBRG order, as single letters (Scryfall's spelling).
COLOR_ORDER = "WUBRG"


def color_sort(colors: set[str] | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Colours in WUBRG order, without repeats."""
    return tuple(c for c in COLOR_ORDER if c in colors)


# --------------------------------------------------------------------------- mana


class SymbolKind(enum.StrEnum):
    """The kinds of mana symbol (CR 107.4)."""

    GENERIC = "generic"
    COLORED = "colored"
    COLORLESS = "colorless"
    SNOW = "snow"
    VARIABLE = "variable"
    HYBRID = "hybrid"
    HYBRID_PHYREXIAN = "hybrid_phyrexian"
    PHYREXIAN = "phyrexian"
    TWOBRID = "twobrid"
    COLORLESS_HYBRID = "colorless_hybrid"


def _hybrid_order(a: str, b: str) -> tuple[str, str]:
    """The printed order of a two-colour hybrid symbol: {W/U}, {G/W}, {R/W}, {G/U}..."""
    step = (COLOR_ORDER.index(b) - COLOR_ORDER.index(a)) % 5
    return (a, b) if step in (1, 2) else (b, a)


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol of a cost. ``amount`` is the number of a generic symbol."""

    kind: SymbolKind
    colors: tuple[str, ...] = ()
    amount: int = 0
    variable: str = "X"

    @classmethod
    def hybrid(cls, a: str, b: str, *, phyrexian: bool = False) -> ManaSymbol:
        kind = SymbolKind.HYBRID_PHYREXIAN if phyrexian else SymbolKind.HYBRID
        return cls(kind, _hybrid_order(a, b))

    @property
    def text(self) -> str:
        """The symbol as printed in braces, as Scryfall writes it: ``{2/W}``, ``{B/G/P}``."""
        kind = self.kind
        if kind is SymbolKind.GENERIC:
            return f"{{{self.amount}}}"
        if kind is SymbolKind.VARIABLE:
            return f"{{{self.variable}}}"
        if kind is SymbolKind.COLORLESS:
            return "{C}"
        if kind is SymbolKind.SNOW:
            return "{S}"
        parts = list(self.colors)
        if kind is SymbolKind.TWOBRID:
            parts.insert(0, "2")
        elif kind is SymbolKind.COLORLESS_HYBRID:
            parts.insert(0, "C")
        if kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
            parts.append("P")
        return "{" + "/".join(parts) + "}"

    @property
    def mana_value(self) -> int:
        """This symbol's share of a mana value (CR 202.3e-g): X is 0, {2/W} is 2."""
        if self.kind is SymbolKind.GENERIC:
            return self.amount
        if self.kind is SymbolKind.VARIABLE:
            return 0
        if self.kind is SymbolKind.TWOBRID:
            return 2
        return 1


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost as written (symbols in script order). ``{0}`` is a cost; "no cost" is
    represented by ``None`` where a cost is expected."""

    symbols: tuple[ManaSymbol, ...] = ()

    @property
    def text(self) -> str:
        return "".join(symbol.text for symbol in self.symbols) or "{0}"

    @property
    def mana_value(self) -> int:
        """Total mana in the cost, X counted as 0 (CR 202.3, 202.3e-g)."""
        return sum(symbol.mana_value for symbol in self.symbols)

    @property
    def colors(self) -> tuple[str, ...]:
        """Colours of the mana symbols (CR 202.2), WUBRG order."""
        found = {c for symbol in self.symbols for c in symbol.colors}
        return color_sort(found)

    @property
    def has_x(self) -> bool:
        return any(s.kind is SymbolKind.VARIABLE for s in self.symbols)


@dataclass(frozen=True, slots=True)
class ForgeCost:
    """A Forge cost string (``Cost$ 2 T``): its mana part, {T}/{Q}, and named parts
    such as ``Sac<1/CARDNAME>`` kept as written."""

    mana: ManaCost | None = None
    tap: bool = False
    untap: bool = False
    parts: tuple[str, ...] = ()


# --------------------------------------------------------------------------- types

PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A type line split into supertypes, card types and subtypes (CR 205)."""

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """As Scryfall prints it: ``Legendary Creature — Human Wizard``."""
        head = " ".join(self.supertypes + self.types)
        return f"{head} — {' '.join(self.subtypes)}" if self.subtypes else head

    def has(self, word: str) -> bool:
        return word in self.types or word in self.subtypes or word in self.supertypes

    @property
    def is_permanent(self) -> bool:
        """A permanent card type is present (CR 110.4)."""
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def is_instant_or_sorcery(self) -> bool:
        return "Instant" in self.types or "Sorcery" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types


@dataclass(frozen=True, slots=True)
class PTValue:
    """A power, toughness, loyalty or defense as printed: ``3``, ``*``, ``1+*``, ``-1``.
    ``value`` is the number when the text is a plain number, else ``None``."""

    text: str
    value: int | None


# --------------------------------------------------------------------------- lines


@dataclass(frozen=True, slots=True)
class Param:
    """One ``Key$ Value`` segment; a segment without ``$`` has the key ``""``."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class ParamMap:
    """An ordered ``Key$ Value | ...`` map. Keys may repeat; :meth:`get` gives the first."""

    params: tuple[Param, ...] = ()

    def get(self, key: str, default: str | None = None) -> str | None:
        for param in self.params:
            if param.key == key:
                return param.value
        return default

    def __contains__(self, key: object) -> bool:
        return any(param.key == key for param in self.params)

    def __iter__(self) -> Iterator[Param]:
        return iter(self.params)

    @property
    def lead(self) -> Param | None:
        """The first segment, which names the kind of line (``SP$ Draw``, ``Mode$ ...``)."""
        return self.params[0] if self.params else None

    @property
    def api(self) -> str:
        """The effect or mode the line names: ``Draw`` for ``SP$ Draw``, ``Phase`` for a
        trigger ``Mode$ Phase``, ``Moved`` for a replacement ``Event$ Moved``."""
        lead = self.lead
        return lead.value if lead is not None and lead.key else ""

    def is_true(self, key: str) -> bool:
        value = self.get(key)
        return value is not None and value.lower() == "true"


def _parse_params(text: str) -> ParamMap:
    from dfc_plugin.script.parser import parse_param_map

    return parse_param_map(text)


@dataclass(frozen=True)
class Ability:
    """An ``A:`` (spell/activated), ``T:`` (trigger), ``S:`` (static) or ``R:``
    (replacement) line. Its parameter map is read on first use."""

    kind: Literal["A", "T", "S", "R"]
    text: str
    line: int
    column: int

    @cached_property
    def params(self) -> ParamMap:
        return _parse_params(self.text)

    @classmethod
    def read(cls, kind: Literal["A", "T", "S", "R"], text: str, line: int, column: int) -> Ability:
        """The same value as ``Ability(kind, text, line, column)``, made at half the cost:
        the reader makes one per ability line, and a frozen dataclass's ``__init__`` sets
        each field through ``object.__setattr__``. The fields go straight into the
        instance dictionary (where ``__init__`` puts them too); the instance stays frozen."""
        ability = _new(cls)
        ability.__dict__.update(kind=kind, text=text, line=line, column=column)
        return ability

    @classmethod
    def read_all(cls, fields: Sequence[tuple[Literal["A", "T", "S", "R"], str, int, int]]) -> list[Ability]:
        """``[Ability(*f) for f in fields]`` in C loops (no Python call per instance): the
        reader keeps a face's ability lines as field tuples and makes them all at once."""
        if len(fields) < _FEW:
            return [cls.read(*one) for one in fields]
        return _with_dicts(cls, [{"kind": k, "text": t, "line": n, "column": c} for k, t, n, c in fields])


@dataclass(frozen=True)
class SVar:
    """An ``SVar:<name>:<body>`` line. Name and parameters are read on first use."""

    raw: str
    line: int
    column: int

    @cached_property
    def _parsed(self) -> tuple[str, str, ParamMap | None]:
        from dfc_plugin.script.parser import parse_svar

        return parse_svar(self.raw)

    @property
    def name(self) -> str:
        return self._parsed[0]

    @property
    def body(self) -> str:
        return self._parsed[1]

    @property
    def params(self) -> ParamMap | None:
        """The body as a parameter map, or ``None`` for a plain body such as ``True``."""
        return self._parsed[2]

    @classmethod
    def read_all(cls, fields: Sequence[tuple[str, int, int]]) -> list[SVar]:
        """``[SVar(*f) for f in fields]`` in C loops, as :meth:`Ability.read_all`."""
        if len(fields) < _FEW:
            return [_one_with_dict(cls, {"raw": raw, "line": n, "column": c}) for raw, n, c in fields]
        return _with_dicts(cls, [{"raw": raw, "line": n, "column": c} for raw, n, c in fields])


@dataclass(frozen=True, slots=True)
class Keyword:
    """A ``K:`` line: the keyword's name and its ``:``-separated arguments."""

    name: str
    args: tuple[str, ...]
    line: int
    column: int

    @property
    def text(self) -> str:
        return ":".join((self.name, *self.args))

    @classmethod
    def read(cls, name: str, args: tuple[str, ...], line: int, column: int) -> Keyword:
        """The same value as ``Keyword(name, args, line, column)``, made at half the cost
        (one per ``K:`` line): the slots are set through their descriptors, as the frozen
        ``__init__`` does through ``object.__setattr__``, without its lookups."""
        keyword = _new(cls)
        _SET_NAME(keyword, name)
        _SET_ARGS(keyword, args)
        _SET_LINE(keyword, line)
        _SET_COLUMN(keyword, column)
        return keyword

    @classmethod
    def read_all(cls, fields: Sequence[tuple[str, tuple[str, ...], int, int]]) -> list[Keyword]:
        """``[Keyword(*f) for f in fields]`` with each slot set for all the instances in
        one C loop (the reader keeps a face's ``K:`` lines as field tuples)."""
        return _with_slots(cls, _KEYWORD_SLOTS, fields)


_new = object.__new__
_KEYWORD_SLOTS = tuple(vars(Keyword)[name].__set__ for name in ("name", "args", "line", "column"))
_SET_NAME, _SET_ARGS, _SET_LINE, _SET_COLUMN = _KEYWORD_SLOTS
#: Runs an iterator to its end in C (``deque(maxlen=0).extend``), keeping nothing.
_drain: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend
_Made = TypeVar("_Made")


#: Fewer values than this are made one by one (the C loops' set-up costs more than they
#: save on a card's few lines; they pay on a hostile file's thousands).
_FEW = 8


def _one_with_slots(
    cls: type[_Made], slots: tuple[Callable[[Any, Any], None], ...], fields: tuple[Any, ...]
) -> _Made:
    made = _new(cls)
    for set_slot, value in zip(slots, fields, strict=True):
        set_slot(made, value)
    return made


def _one_with_dict(cls: type[_Made], fields: dict[str, Any]) -> _Made:
    made = _new(cls)
    made.__dict__.update(fields)
    return made


def _with_slots(
    cls: type[_Made], slots: tuple[Callable[[Any, Any], None], ...], fields: Sequence[tuple[Any, ...]]
) -> list[_Made]:
    """An instance of a slotted class for each tuple of ``fields`` (no ``__init__``
    run): each slot's setter given its column of the fields, one C loop a slot."""
    if not fields:
        return []
    made = list(map(_new, repeat(cls, len(fields))))
    for set_slot, values in zip(slots, zip(*fields, strict=True), strict=True):
        _drain(map(set_slot, made, values))
    return made


def _with_dicts(cls: type[_Made], dicts: list[dict[str, Any]]) -> list[_Made]:
    """An instance of a class whose fields live in its instance dictionary for each of
    ``dicts`` (made by a comprehension with the keys written out: its dictionary
    displays cost less than any call), each given its dictionary in a C loop."""
    made = list(map(_new, repeat(cls, len(dicts))))
    _drain(map(vars(cls)["__dict__"].__set__, made, dicts))  # (the instance dictionary's setter)
    return made


@dataclass(frozen=True, slots=True)
class ExtraLine:
    """A line kept as written: a key we store but do not interpret (``Draft:``,
    ``DeckHints:``, ``Variant:``...) or one Forge ignores (an unknown key)."""

    key: str
    value: str
    line: int
    known: bool = True

    @classmethod
    def unknown(cls, key: str, value: str, line: int) -> ExtraLine:
        """The same value as ``ExtraLine(key, value, line, known=False)`` without the
        frozen ``__init__``'s lookups (one per unknown-key line; a hostile file has
        thousands): the slots are set through their descriptors, as in :meth:`Keyword.read`."""
        extra = _new(cls)
        _SET_KEY(extra, key)
        _SET_VALUE(extra, value)
        _SET_EXTRA_LINE(extra, line)
        _SET_KNOWN(extra, False)
        return extra

    @classmethod
    def read_all(cls, fields: Sequence[tuple[str, str, int, bool]]) -> list[ExtraLine]:
        """``[ExtraLine(*f) for f in fields]`` in C loops, as :meth:`Keyword.read_all`."""
        if len(fields) < _FEW:
            return [_one_with_slots(cls, _EXTRA_SLOTS, one) for one in fields]
        return _with_slots(cls, _EXTRA_SLOTS, fields)


_EXTRA_SLOTS = tuple(vars(ExtraLine)[name].__set__ for name in ("key", "value", "line", "known"))
_SET_KEY, _SET_VALUE, _SET_EXTRA_LINE, _SET_KNOWN = _EXTRA_SLOTS


# --------------------------------------------------------------------------- faces


@dataclass(frozen=True)
class Face:
    """One face of a card, with its printed characteristics (CR 109.3)."""

    name: str
    mana_cost: ManaCost | None
    type_line: TypeLine
    line: int
    power: PTValue | None = None
    toughness: PTValue | None = None
    loyalty: PTValue | None = None
    defense: PTValue | None = None
    color_indicator: tuple[str, ...] | None = None
    keywords: tuple[Keyword, ...] = ()
    abilities: tuple[Ability, ...] = ()
    svars: tuple[SVar, ...] = ()
    oracle: str = ""
    text: str = ""
    extra: tuple[ExtraLine, ...] = ()

    @cached_property
    def oracle_text(self) -> str:
        """The Oracle text with its ``\\n`` escapes as line breaks (``oracle`` is the
        value as written in the script)."""
        from dfc_plugin.script.parser import parse_oracle_text

        return parse_oracle_text(self.oracle)

    @property
    def colors(self) -> tuple[str, ...]:
        """The face's colours: its colour indicator (Forge's ``Colors:``, which also
        stands for colour-setting abilities such as devoid) or else its mana cost."""
        if self.color_indicator is not None:
            return self.color_indicator
        return self.mana_cost.colors if self.mana_cost else ()

    @property
    def mana_value(self) -> int:
        """Printed mana value of this face alone (0 with no mana cost, CR 202.3a).
        The rules decide which face's value an object uses; see ``dfc_plugin.rules``."""
        return self.mana_cost.mana_value if self.mana_cost else 0

    @property
    def mana_cost_text(self) -> str:
        """``{1}{U}``, or ``""`` for a face with no mana cost (Scryfall's spelling)."""
        return self.mana_cost.text if self.mana_cost else ""

    def has_keyword(self, name: str) -> bool:
        lowered = name.lower()
        return any(k.name.lower() == lowered for k in self.keywords)

    def keyword(self, name: str) -> Keyword | None:
        lowered = name.lower()
        return next((k for k in self.keywords if k.name.lower() == lowered), None)

    def svar(self, name: str) -> SVar | None:
        return next((s for s in self.svars if s.name == name), None)


# --------------------------------------------------------------------------- DFC records

Action = Literal["transform", "convert"]


@dataclass(frozen=True, slots=True)
class TransformAbility:
    """An effect that transforms or converts a permanent (CR 701.27, 701.28): Forge's
    ``SetState | Mode$ Transform`` (or ``Convert``). ``source`` names the line:
    ``A``, ``T`` or ``SVar:<name>``; ``target`` is its ``Defined$`` (default ``Self``)."""

    face: int
    action: Action
    source: str
    line: int
    target: str = "Self"
    cost: str | None = None


@dataclass(frozen=True, slots=True)
class CastBackFacePermission:
    """A permission to cast the card with its back face up: disturb (702.146, from the
    graveyard), More Than Meets the Eye (702.162, converted), a siege's intrinsic
    ability (310.11b), or a play effect with ``CastTransformed$``."""

    face: int
    kind: Literal["disturb", "more_than_meets_the_eye", "siege", "cast_transformed"]
    action: Action
    cost: ManaCost | None
    zone: Literal["graveyard", "exile", "any"]
    line: int


@dataclass(frozen=True, slots=True)
class EntersTransformed:
    """An effect that puts a card onto the battlefield transformed or converted
    (CR 712.14a): Forge's ``ChangeZone ... Destination$ Battlefield | Transformed$ True``."""

    face: int
    source: str
    line: int
    target: str


@dataclass(frozen=True, slots=True)
class DayNightAbility:
    """Daybound (front faces) or nightbound (back faces), CR 702.145."""

    face: int
    keyword: Literal["daybound", "nightbound"]
    line: int


@dataclass(frozen=True, slots=True)
class CraftAbility:
    """Craft with [materials] [cost] (CR 702.167): returns the card transformed."""

    face: int
    cost: ManaCost | None
    materials: str
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class MeldAbility:
    """Membership in a meld pair (CR 712.4, 701.42). Both cards name their ``partner``;
    the card that carries the melded face (and usually the meld effect) is the primary."""

    partner: str
    melded_face: str | None
    carries_melded_face: bool
    line: int
    effect_source: str | None = None
    effect_line: int | None = None


@dataclass(frozen=True, slots=True)
class ModalFace:
    """A face of a modal double-faced card that may be cast or played (CR 712.11b, 712.12)."""

    face: int
    name: str
    play: Literal["cast", "land"]
    permanent: bool


@dataclass(frozen=True, slots=True)
class IncubateAbility:
    """An effect that creates an Incubator, a double-faced token (CR 701.53, 111.10i)."""

    face: int
    source: str
    line: int


@dataclass(frozen=True, slots=True)
class DfcAbilities:
    """Every double-faced-card ability a script holds, in typed records."""

    transforms: tuple[TransformAbility, ...] = ()
    cast_back_face: tuple[CastBackFacePermission, ...] = ()
    enters_transformed: tuple[EntersTransformed, ...] = ()
    day_night: tuple[DayNightAbility, ...] = ()
    craft: tuple[CraftAbility, ...] = ()
    meld: MeldAbility | None = None
    modal_faces: tuple[ModalFace, ...] = ()
    incubate: tuple[IncubateAbility, ...] = ()

    def __bool__(self) -> bool:
        return any(
            (
                self.transforms,
                self.cast_back_face,
                self.enters_transformed,
                self.day_night,
                self.craft,
                self.meld,
                self.modal_faces,
                self.incubate,
            )
        )


# --------------------------------------------------------------------------- cards


class Layout(enum.StrEnum):
    """A card's layout, named as Scryfall names layouts where one exists."""

    NORMAL = "normal"
    TOKEN = "token"
    TRANSFORM = "transform"
    MODAL_DFC = "modal_dfc"
    MELD = "meld"
    DOUBLE_FACED_TOKEN = "double_faced_token"
    SPLIT = "split"
    FLIP = "flip"
    ADVENTURE = "adventure"
    OMEN = "omen"
    SPECIALIZE = "specialize"
    PREPARE = "prepare"

    @property
    def is_double_faced(self) -> bool:
        """A double-faced layout (CR 712.1, plus double-faced tokens, 111.10i / 707.8a)."""
        return self in _DOUBLE_FACED


_DOUBLE_FACED = frozenset({Layout.TRANSFORM, Layout.MODAL_DFC, Layout.MELD, Layout.DOUBLE_FACED_TOKEN})


@dataclass(frozen=True)
class CardDef:
    """One card script: its layout, faces (front first) and DFC ability records.

    For a meld card that carries the melded face, ``faces`` is (front, melded face); its
    partner has only its front face here and gets the melded face from the library.
    """

    path: str
    layout: Layout
    faces: tuple[Face, ...]
    alternate_mode: str | None = None
    meld_pair: str | None = None
    card_lines: tuple[ExtraLine, ...] = ()
    dfc: DfcAbilities = field(default_factory=DfcAbilities)
    token_scripts: tuple[str, ...] = ()
    is_token: bool = False

    @property
    def name(self) -> str:
        return self.faces[0].name

    @property
    def front(self) -> Face:
        return self.faces[0]

    @property
    def back(self) -> Face | None:
        """The back face of a two-faced card (for a meld primary: the melded face)."""
        return self.faces[1] if len(self.faces) > 1 else None

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(face.name for face in self.faces)

    @property
    def display_name(self) -> str:
        """Scryfall's ``Front // Back`` name for two-sided layouts (meld: the front only)."""
        if self.layout is Layout.MELD or len(self.faces) < 2:
            return self.name
        return " // ".join(self.face_names)

    def face_named(self, name: str) -> Face | None:
        return next((face for face in self.faces if face.name == name), None)
