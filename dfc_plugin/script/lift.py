"""Lifting double-faced-card meaning out of a script's lines into typed records.

Forge writes DFC abilities in several places: keywords (``K:Disturb:1 U``, ``K:Daybound``,
``K:Craft:...``), card-wide keys (``AlternateMode:``, ``MeldPair:``) and parameter maps on
ability lines and SVars (``SetState | Mode$ Transform``, ``ChangeZone ... Transformed$ True``,
``Meld``, ``Incubate``). This module reads them into :class:`~dfc_plugin.cards.DfcAbilities`.

Parameter maps are read lazily (see :class:`~dfc_plugin.cards.Ability`). A line can only
hold one of these effects if its text contains the effect's name, so only such lines are
read here; the decision itself is always made on the parsed parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from operator import attrgetter

from dfc_plugin.cards import (
    Action,
    CastBackFacePermission,
    CraftAbility,
    DayNightAbility,
    DfcAbilities,
    EntersTransformed,
    Face,
    ForgeCost,
    IncubateAbility,
    Keyword,
    Layout,
    ManaCost,
    MeldAbility,
    ModalFace,
    ParamMap,
    TransformAbility,
)
from dfc_plugin.script.parser import ValueSyntaxError, parse_value

__all__ = ["LiftError", "Lifted", "lift_dfc"]

#: (message, line, column, code) of a DFC record that contradicts the script.
LiftError = tuple[str, int, int, str]

#: Effect and parameter names that a line holding a DFC record must contain.
_MARKER_RE = re.compile(r"SetState|Transformed|Meld|Incubate|TokenScript")

#: The keywords that make DFC records (a face with none of them, no siege and no marked
#: line has none of the keyword records).
_DFC_KEYWORDS = frozenset({"disturb", "more than meets the eye", "daybound", "nightbound", "craft"})

_DESCRIPTION_KEYS = ("SpellDescription", "StackDescription", "TriggerDescription")


#: (source, line, params) of an ability line or SVar: ``("A", 12, ...)``, ``("SVar:X", ...)``.
_Marked = tuple[str, int, ParamMap]


def _marked_lines(face: Face) -> list[_Marked]:
    """The ability lines and SVars of a face that can hold a DFC record, parsed."""
    search = _MARKER_RE.search
    found: list[_Marked] = [
        (ability.kind, ability.line, ability.params) for ability in face.abilities if search(ability.text)
    ]
    for svar in face.svars:
        if search(svar.raw):
            params = svar.params
            if params is not None:
                found.append((f"SVar:{svar.name}", svar.line, params))
    return found


_CONVERT_KEYWORDS = frozenset({"more than meets the eye", "living metal"})


def _is_convert_card(keywords: list[set[str]]) -> bool:
    """Transformers cards convert rather than transform (CR 701.28, 702.162); the
    argument is each face's keyword names, lower-cased."""
    return any(names & _CONVERT_KEYWORDS for names in keywords)


def _action(params: ParamMap, convert_card: bool) -> Action:
    if params.get("Mode") == "Convert" or convert_card:
        return "convert"
    texts = (params.get(key) or "" for key in _DESCRIPTION_KEYS)
    return "convert" if any("convert" in text.lower() for text in texts) else "transform"


def _transforms(index: int, marked: list[_Marked], convert_card: bool) -> list[TransformAbility]:
    found = []
    for source, line, params in marked:
        if params.api == "SetState" and params.get("Mode") in ("Transform", "Convert"):
            lead = params.lead
            choices = params.get("Choices")
            target = params.get("Defined") or (f"Choices {choices}" if choices else "Self")
            found.append(
                TransformAbility(
                    face=index,
                    action=_action(params, convert_card),
                    source=source,
                    line=line,
                    target=target,
                    cost=params.get("Cost") if lead is not None and lead.key == "AB" else None,
                )
            )
    return found


def _enters_transformed(index: int, marked: list[_Marked]) -> list[EntersTransformed]:
    return [
        EntersTransformed(index, source, line, params.get("Defined") or "Self")
        for source, line, params in marked
        if params.api in ("ChangeZone", "ChangeZoneAll") and params.is_true("Transformed")
    ]


def _incubate(index: int, marked: list[_Marked]) -> list[IncubateAbility]:
    return [
        IncubateAbility(index, source, line) for source, line, params in marked if params.api == "Incubate"
    ]


def _keyword_cost(keyword: Keyword) -> tuple[ManaCost | None, LiftError | None]:
    argument = keyword.args[0] if keyword.args else ""
    column = keyword.column + len(keyword.name) + 1
    try:
        return parse_value("mana_cost", argument), None
    except ValueSyntaxError as error:
        message = f"bad {keyword.name} cost: {error.message}"
        return None, (message, keyword.line, column + error.column - 1, "bad-cost")


def _cast_back_face(
    index: int, face: Face, marked: list[_Marked], errors: list[LiftError]
) -> list[CastBackFacePermission]:
    """Every permission to cast the face's back face up: each disturb and More Than Meets
    the Eye keyword (a face with two has two alternative costs), sieges, and abilities
    marked ``CastTransformed$ True``."""
    kinds = {
        "disturb": ("disturb", "transform", "graveyard"),
        "more than meets the eye": ("more_than_meets_the_eye", "convert", "any"),
    }
    found = []
    for keyword in face.keywords:
        known = kinds.get(keyword.name.lower())
        if known is None:
            continue
        cost, error = _keyword_cost(keyword)
        if error:
            errors.append(error)
        kind, action, zone = known
        found.append(CastBackFacePermission(index, kind, action, cost, zone, keyword.line))  # type: ignore[arg-type]
    if "Battle" in face.type_line.types and "Siege" in face.type_line.subtypes:
        found.append(CastBackFacePermission(index, "siege", "transform", None, "exile", face.line))
    for _source, line, params in marked:
        if params.is_true("CastTransformed"):
            found.append(CastBackFacePermission(index, "cast_transformed", "transform", None, "any", line))
    return found


def _day_night(index: int, face: Face) -> list[DayNightAbility]:
    return [
        DayNightAbility(index, keyword, k.line)
        for k in face.keywords
        for keyword in ("daybound", "nightbound")
        if k.name.lower() == keyword
    ]


def _craft(index: int, face: Face, errors: list[LiftError]) -> list[CraftAbility]:
    found = []
    for keyword in face.keywords:
        if keyword.name.lower() != "craft":
            continue
        cost_text = keyword.args[0] if keyword.args else ""
        try:
            cost: ForgeCost = parse_value("cost", cost_text)
        except ValueSyntaxError as error:
            column = keyword.column + len(keyword.name) + error.column
            errors.append((f"bad Craft cost: {error.message}", keyword.line, column, "bad-cost"))
            continue
        materials = keyword.args[1] if len(keyword.args) > 1 else " ".join(cost.parts)
        found.append(CraftAbility(index, cost.mana, materials, keyword.line, keyword.text))
    return found


def _meld(
    faces: tuple[Face, ...], layout: Layout, partner: str | None, line: int, errors: list[LiftError]
) -> MeldAbility | None:
    if layout is not Layout.MELD:
        if partner is not None:
            errors.append(
                ("MeldPair: on a card whose AlternateMode is not Meld", line, 1, "meldpair-not-meld")
            )
        return None
    if partner is None:
        errors.append(
            (
                "AlternateMode:Meld needs a MeldPair: line naming the other card",
                faces[0].line,
                1,
                "no-meldpair",
            )
        )
        return None
    carries = len(faces) > 1
    melded = faces[1].name if carries else None
    effect = next(
        (
            (source, at, params)
            for face in faces[:1]
            for source, at, params in _marked_lines(face)
            if params.api == "Meld"
        ),
        None,
    )
    if effect and melded and effect[2].get("Name") not in (None, melded):
        errors.append(
            (
                f"Meld effect names {effect[2].get('Name')!r}, not the melded face {melded!r}",
                effect[1],
                1,
                "meld-name",
            )
        )
    return MeldAbility(
        partner=partner,
        melded_face=melded,
        carries_melded_face=carries,
        line=line,
        effect_source=effect[0] if effect else None,
        effect_line=effect[1] if effect else None,
    )


def _modal_faces(faces: tuple[Face, ...], layout: Layout) -> list[ModalFace]:
    if layout is not Layout.MODAL_DFC:
        return []
    return [
        ModalFace(
            i,
            face.name,
            "land" if face.type_line.is_land else "cast",
            face.type_line.is_permanent,
        )
        for i, face in enumerate(faces)
    ]


@dataclass(frozen=True)
class Lifted:
    """What :func:`lift_dfc` found: the records, token scripts named, contradictions."""

    dfc: DfcAbilities
    token_scripts: tuple[str, ...]
    errors: tuple[LiftError, ...]


def lift_dfc(faces: tuple[Face, ...], layout: Layout, meld_pair: str | None, meld_line: int) -> Lifted:
    """Every DFC record of a card, the token scripts it names, and contradictions."""
    if meld_pair is None and layout not in _LAYOUTS_WITH_RECORDS and not any(map(_may_hold_records, faces)):
        return _NOTHING
    errors: list[LiftError] = []
    keyword_names = [{keyword.name.lower() for keyword in face.keywords} for face in faces]
    convert_card = _is_convert_card(keyword_names)
    transforms, casts, enters, day_night, craft, incubate = [], [], [], [], [], []
    tokens: list[str] = []
    for index, face in enumerate(faces):
        marked = _marked_lines(face)
        if marked:
            transforms += _transforms(index, marked, convert_card)
            enters += _enters_transformed(index, marked)
            incubate += _incubate(index, marked)
            tokens += _token_scripts(marked)
        if marked or keyword_names[index] & _DFC_KEYWORDS or "Siege" in face.type_line.subtypes:
            casts += _cast_back_face(index, face, marked, errors)
            day_night += _day_night(index, face)
            craft += _craft(index, face, errors)
    records = DfcAbilities(
        transforms=tuple(transforms),
        cast_back_face=tuple(casts),
        enters_transformed=tuple(enters),
        day_night=tuple(day_night),
        craft=tuple(craft),
        meld=_meld(faces, layout, meld_pair, meld_line, errors),
        modal_faces=tuple(_modal_faces(faces, layout)),
        incubate=tuple(incubate),
    )
    return Lifted(records, tuple(dict.fromkeys(tokens)), tuple(errors))


def _token_scripts(marked: list[_Marked]) -> list[str]:
    """Token script names given with ``TokenScript$`` (comma-separated, as Forge reads)."""
    names: list[str] = []
    for _source, _line, params in marked:
        value = params.get("TokenScript")
        if value:
            names.extend(n.strip() for n in value.split(",") if n.strip())
    return names


#: Layouts whose cards have records with no marked line nor DFC keyword (the meld
#: record, the modal faces).
_LAYOUTS_WITH_RECORDS = frozenset({Layout.MELD, Layout.MODAL_DFC})
#: What most cards give (a single-faced card with no marked line): one shared record,
#: as every part of it is immutable.
_NOTHING = Lifted(DfcAbilities(), (), ())


_NAME_OF = attrgetter("name")


def _may_hold_records(face: Face) -> bool:
    """Whether :func:`lift_dfc` could find anything on this face: a line with a marker,
    a DFC keyword, or a siege."""
    texts = [ability.text for ability in face.abilities] + [svar.raw for svar in face.svars]
    keywords = face.keywords
    return (
        _MARKER_RE.search("\n".join(texts)) is not None  # (no marker holds a newline)
        # (each name once, lowered by a loop in C: a hostile face repeats one keyword
        # thousands of times)
        or (len(keywords) > 0 and not _DFC_KEYWORDS.isdisjoint(map(str.lower, {*map(_NAME_OF, keywords)})))
        or "Siege" in face.type_line.subtypes
    )
