"""The card model as plain JSON values, and back, for the library cache.

The cache is data that anyone could have written, so reading it trusts nothing: every
value is checked for its type and shape, and anything unexpected raises
:class:`~dfc_plugin.errors.CacheError` (the caller then reads the script again). Nothing
here can run code: it is JSON in, frozen dataclasses out.
"""

from __future__ import annotations

from typing import Any, TypeVar

from dfc_plugin.cards import (
    Ability,
    CardDef,
    CastBackFacePermission,
    CraftAbility,
    DayNightAbility,
    DfcAbilities,
    EntersTransformed,
    ExtraLine,
    Face,
    IncubateAbility,
    Keyword,
    Layout,
    ManaCost,
    ManaSymbol,
    MeldAbility,
    ModalFace,
    PTValue,
    SVar,
    SymbolKind,
    TransformAbility,
    TypeLine,
)
from dfc_plugin.errors import CacheError

__all__ = ["card_from_json", "card_to_json"]

T = TypeVar("T")


def _check(value: Any, kind: type[T] | tuple[type, ...], what: str) -> T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CacheError(f"cache value {what} is not {kind}")
    return value  # type: ignore[return-value]


def _strs(value: Any, what: str) -> tuple[str, ...]:
    return tuple(_check(v, str, what) for v in _check(value, list, what))


def _opt(value: Any, kind: type[T], what: str) -> T | None:
    return None if value is None else _check(value, kind, what)


# --------------------------------------------------------------------------- to JSON


def _cost_to(cost: ManaCost | None) -> Any:
    if cost is None:
        return None
    return [[s.kind.value, list(s.colors), s.amount, s.variable] for s in cost.symbols]


def _pt_to(value: PTValue | None) -> Any:
    return None if value is None else [value.text, value.value]


def _face_to(face: Face) -> dict[str, Any]:
    t = face.type_line
    return {
        "name": face.name,
        "cost": _cost_to(face.mana_cost),
        "types": [list(t.supertypes), list(t.types), list(t.subtypes)],
        "line": face.line,
        "pt": [_pt_to(face.power), _pt_to(face.toughness), _pt_to(face.loyalty), _pt_to(face.defense)],
        "ci": None if face.color_indicator is None else list(face.color_indicator),
        "k": [[k.name, list(k.args), k.line, k.column] for k in face.keywords],
        "a": [[a.kind, a.text, a.line, a.column] for a in face.abilities],
        "s": [[s.raw, s.line, s.column] for s in face.svars],
        "oracle": face.oracle,
        "text": face.text,
        "x": [[e.key, e.value, e.line, e.known] for e in face.extra],
    }


def _dfc_to(dfc: DfcAbilities) -> dict[str, Any]:
    meld = dfc.meld
    return {
        "transforms": [[t.face, t.action, t.source, t.line, t.target, t.cost] for t in dfc.transforms],
        "cast": [[c.face, c.kind, c.action, _cost_to(c.cost), c.zone, c.line] for c in dfc.cast_back_face],
        "enters": [[e.face, e.source, e.line, e.target] for e in dfc.enters_transformed],
        "day_night": [[d.face, d.keyword, d.line] for d in dfc.day_night],
        "craft": [[c.face, _cost_to(c.cost), c.materials, c.line, c.text] for c in dfc.craft],
        "meld": None
        if meld is None
        else [
            meld.partner,
            meld.melded_face,
            meld.carries_melded_face,
            meld.line,
            meld.effect_source,
            meld.effect_line,
        ],
        "modal": [[m.face, m.name, m.play, m.permanent] for m in dfc.modal_faces],
        "incubate": [[i.face, i.source, i.line] for i in dfc.incubate],
    }


def card_to_json(card: CardDef) -> dict[str, Any]:
    """A card as JSON values (see :func:`card_from_json`)."""
    return {
        "path": card.path,
        "layout": card.layout.value,
        "faces": [_face_to(face) for face in card.faces],
        "mode": card.alternate_mode,
        "meld_pair": card.meld_pair,
        "card_lines": [[e.key, e.value, e.line, e.known] for e in card.card_lines],
        "dfc": _dfc_to(card.dfc),
        "tokens": list(card.token_scripts),
        "is_token": card.is_token,
    }


# --------------------------------------------------------------------------- from JSON


def _cost_from(value: Any) -> ManaCost | None:
    if value is None:
        return None
    symbols = []
    for item in _check(value, list, "mana cost"):
        kind, colors, amount, variable = _check(item, list, "mana symbol")
        try:
            symbol_kind = SymbolKind(_check(kind, str, "symbol kind"))
        except ValueError:
            raise CacheError(f"unknown mana symbol kind {kind!r}") from None
        symbols.append(
            ManaSymbol(
                symbol_kind,
                _strs(colors, "symbol colours"),
                _check(amount, int, "amount"),
                _check(variable, str, "variable"),
            )
        )
    return ManaCost(tuple(symbols))


def _pt_from(value: Any) -> PTValue | None:
    if value is None:
        return None
    text, number = _check(value, list, "P/T")
    return PTValue(_check(text, str, "P/T text"), _opt(number, int, "P/T value"))


def _extra_from(value: Any) -> tuple[ExtraLine, ...]:
    lines = []
    for item in _check(value, list, "extra lines"):
        key, text, line, known = _check(item, list, "extra line")
        lines.append(
            ExtraLine(
                _check(key, str, "key"),
                _check(text, str, "value"),
                _check(line, int, "line"),
                _check(known, bool, "known"),
            )
        )
    return tuple(lines)


def _face_from(data: Any) -> Face:
    d = _check(data, dict, "face")
    supertypes, types, subtypes = _check(d["types"], list, "types")
    power, toughness, loyalty, defense = _check(d["pt"], list, "pt")
    ci = d["ci"]
    return Face(
        name=_check(d["name"], str, "name"),
        mana_cost=_cost_from(d["cost"]),
        type_line=TypeLine(
            _strs(supertypes, "supertypes"), _strs(types, "types"), _strs(subtypes, "subtypes")
        ),
        line=_check(d["line"], int, "line"),
        power=_pt_from(power),
        toughness=_pt_from(toughness),
        loyalty=_pt_from(loyalty),
        defense=_pt_from(defense),
        color_indicator=None if ci is None else _strs(ci, "colour indicator"),
        keywords=tuple(
            Keyword(
                _check(k[0], str, "keyword"),
                _strs(k[1], "keyword args"),
                _check(k[2], int, "line"),
                _check(k[3], int, "column"),
            )
            for k in _check(d["k"], list, "keywords")
        ),
        abilities=tuple(
            Ability(
                _kind(a[0]),
                _check(a[1], str, "ability"),
                _check(a[2], int, "line"),
                _check(a[3], int, "column"),
            )
            for a in _check(d["a"], list, "abilities")
        ),
        svars=tuple(
            SVar(_check(s[0], str, "svar"), _check(s[1], int, "line"), _check(s[2], int, "column"))
            for s in _check(d["s"], list, "svars")
        ),
        oracle=_check(d["oracle"], str, "oracle"),
        text=_check(d["text"], str, "text"),
        extra=_extra_from(d["x"]),
    )


def _kind(value: Any) -> Any:
    if value not in ("A", "T", "S", "R"):
        raise CacheError(f"unknown ability kind {value!r}")
    return value


def _one_of(value: Any, allowed: tuple[str, ...], what: str) -> Any:
    if value not in allowed:
        raise CacheError(f"unknown {what} {value!r}")
    return value


def _dfc_from(data: Any) -> DfcAbilities:
    d = _check(data, dict, "dfc")
    meld = d["meld"]
    actions = ("transform", "convert")
    return DfcAbilities(
        transforms=tuple(
            TransformAbility(
                _check(f, int, "face"),
                _one_of(a, actions, "action"),
                _check(s, str, "source"),
                _check(n, int, "line"),
                _check(t, str, "target"),
                _opt(c, str, "cost"),
            )
            for f, a, s, n, t, c in _check(d["transforms"], list, "transforms")
        ),
        cast_back_face=tuple(
            CastBackFacePermission(
                _check(f, int, "face"),
                _one_of(k, ("disturb", "more_than_meets_the_eye", "siege", "cast_transformed"), "kind"),
                _one_of(a, actions, "action"),
                _cost_from(c),
                _one_of(z, ("graveyard", "exile", "any"), "zone"),
                _check(n, int, "line"),
            )
            for f, k, a, c, z, n in _check(d["cast"], list, "cast")
        ),
        enters_transformed=tuple(
            EntersTransformed(
                _check(f, int, "face"),
                _check(s, str, "source"),
                _check(n, int, "line"),
                _check(t, str, "target"),
            )
            for f, s, n, t in _check(d["enters"], list, "enters")
        ),
        day_night=tuple(
            DayNightAbility(
                _check(f, int, "face"),
                _one_of(k, ("daybound", "nightbound"), "keyword"),
                _check(n, int, "line"),
            )
            for f, k, n in _check(d["day_night"], list, "day_night")
        ),
        craft=tuple(
            CraftAbility(
                _check(f, int, "face"),
                _cost_from(c),
                _check(m, str, "materials"),
                _check(n, int, "line"),
                _check(t, str, "text"),
            )
            for f, c, m, n, t in _check(d["craft"], list, "craft")
        ),
        meld=None if meld is None else _meld_from(meld),
        modal_faces=tuple(
            ModalFace(
                _check(f, int, "face"),
                _check(n, str, "name"),
                _one_of(p, ("cast", "land"), "play"),
                _check(m, bool, "permanent"),
            )
            for f, n, p, m in _check(d["modal"], list, "modal")
        ),
        incubate=tuple(
            IncubateAbility(_check(f, int, "face"), _check(s, str, "source"), _check(n, int, "line"))
            for f, s, n in _check(d["incubate"], list, "incubate")
        ),
    )


def _meld_from(value: Any) -> MeldAbility:
    partner, melded, carries, line, source, effect_line = _check(value, list, "meld")
    return MeldAbility(
        _check(partner, str, "partner"),
        _opt(melded, str, "melded face"),
        _check(carries, bool, "carries"),
        _check(line, int, "line"),
        _opt(source, str, "effect source"),
        _opt(effect_line, int, "effect line"),
    )


def card_from_json(data: Any) -> CardDef:
    """A card from :func:`card_to_json` values. Raises :class:`CacheError` on any value
    that is not what this version writes."""
    try:
        d = _check(data, dict, "card")
        faces = tuple(_face_from(face) for face in _check(d["faces"], list, "faces"))
        if not faces:
            raise CacheError("a cached card has no faces")
        return CardDef(
            path=_check(d["path"], str, "path"),
            layout=Layout(_check(d["layout"], str, "layout")),
            faces=faces,
            alternate_mode=_opt(d["mode"], str, "mode"),
            meld_pair=_opt(d["meld_pair"], str, "meld pair"),
            card_lines=_extra_from(d["card_lines"]),
            dfc=_dfc_from(d["dfc"]),
            token_scripts=_strs(d["tokens"], "tokens"),
            is_token=_check(d["is_token"], bool, "is_token"),
        )
    except CacheError:
        raise
    except (KeyError, ValueError, TypeError, IndexError) as error:
        raise CacheError(f"cached card is malformed: {error!r}") from None
