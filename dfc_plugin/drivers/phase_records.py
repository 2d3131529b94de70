"""phase.rs's records, as the driver reads and edits them: pure functions over the dicts
phase-python exports (``Game.state()``, ``Game.object()``) and accepts (``load_game``,
``GameAction.from_dict``). Nothing here talks to a game; ``phase.py`` does."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "ANY",
    "COLORS",
    "DECK_FILLER",
    "PLENTY",
    "SELF",
    "ZONES",
    "chosen_x",
    "color_identity",
    "created",
    "enters_as_copy",
    "fixed",
    "fresh_turn",
    "harmless",
    "keywords",
    "mana_abilities",
    "mana_value",
    "moved",
    "on_top",
    "spells_cast",
    "token_kind",
    "unimplemented",
    "without_added_mana",
    "without_triggers",
]

ZONES = {
    "library": "Library",
    "hand": "Hand",
    "battlefield": "Battlefield",
    "graveyard": "Graveyard",
    "stack": "Stack",
    "exile": "Exile",
    "command": "Command",
}
COLORS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
DECK_FILLER = 30
ANY = {"type": "Any"}
#: Mana for any cast: phase pays from the pool (the scenarios are about faces, not costs).
PLENTY = ["White", "Blue", "Black", "Red", "Green"] * 4 + ["Colorless"] * 12
#: The effect acts on its own source: phase checks targets again as the effect resolves,
#: and a card in a graveyard or in exile is no legal "any" target.
SELF = {"type": "SelfRef"}


def fixed(value: int) -> dict[str, Any]:
    return {"type": "Fixed", "value": value}


def moved(event: Mapping[str, Any], object_id: int) -> bool:
    return event.get("type") == "ZoneChanged" and int(event["data"]["object_id"]) == object_id


def fresh_turn(state: dict[str, Any]) -> None:
    """A state edit: no spell cast and no land played this turn yet."""
    spells_cast(state, 0)
    state["lands_played_this_turn"] = 0
    state["lands_played_this_turn_by_player"] = {}
    for player in state["players"]:
        player["lands_played_this_turn"] = 0
    state["mana_spent_on_spells_this_turn"] = {}


def without_added_mana(state: dict[str, Any]) -> None:
    """A state edit: the mana the driver added for a cost (phase's debug AddMana, from no
    source) is gone from every pool once the cost is paid; mana the game made stays."""
    for player in state["players"]:
        pool = player["mana_pool"]
        pool["mana"] = [m for m in pool.get("mana", []) if m.get("source_id") != 0]


def spells_cast(state: dict[str, Any], count: int) -> None:
    """A state edit: the active player cast ``count`` spells this turn (phase keeps a
    total and a record per spell; its day/night reads them)."""
    record = {
        "cast_variant": "Normal",
        "colors": [],
        "core_types": ["Instant"],
        "from_zone": "Hand",
        "keywords": [],
        "mana_value": 0,
        "name": "a spell of the scenario",
        "spell_object_id": 0,
        "subtypes": [],
        "supertypes": [],
    }
    state["spells_cast_this_turn"] = count
    state["spells_cast_this_turn_by_player"] = (
        {str(state["active_player"]): [record] * count} if count else {}
    )


def without_triggers(state: dict[str, Any]) -> None:
    """A state edit: the stack without its triggered abilities (and phase's record of
    their firing, which must match the stack)."""
    dropped = {str(e["id"]) for e in state["stack"] if e["kind"].get("type") == "TriggeredAbility"}
    state["stack"] = [e for e in state["stack"] if str(e["id"]) not in dropped]
    firings = state.get("stack_trigger_firings") or {}
    state["stack_trigger_firings"] = {k: v for k, v in firings.items() if k not in dropped}


def harmless(offer: Any) -> int:
    """Rank a prompt's offers: no target first, then a player, then anything else, and
    cancelling a cast last."""
    data = offer.data or {}
    if offer.kind == "CancelCast":  # never undo the cast the scenario asked for
        return 9
    if offer.kind == "ChooseTarget":
        target = data.get("target")
        return 0 if target is None else 1 if "Player" in target else 2
    if offer.kind == "SelectTargets":
        targets = data.get("targets") or []
        return 0 if not targets else 1 if all("Player" in t for t in targets) else 2
    return 1


def token_kind(found: Mapping[str, Any]) -> str:
    if not found.get("is_token"):
        return "none"
    return "double_faced_token" if found.get("back_face") is not None else "token"


def mana_value(cost: Mapping[str, Any] | None, x: int = 0) -> int:
    """The mana value of one of phase's ``mana_cost`` records (CR 202.3): phase keeps no
    mana value, so it is computed here; each {X} counts ``x`` (the value chosen for a
    spell on the stack, 202.3e; 0 elsewhere)."""
    if not cost or cost.get("type") != "Cost":
        return 0
    shards = cost.get("shards", [])
    return int(cost.get("generic", 0)) + sum(
        2 if str(s).startswith("Two") else x if s == "X" else 1 for s in shards
    )


def chosen_x(entry: Mapping[str, Any]) -> int:
    """The value of X chosen for a spell, from phase's stack entry (0 if none)."""
    ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
    return int(ability.get("chosen_x") or 0)


def enters_as_copy(found: Mapping[str, Any]) -> bool:
    """Whether phase's object has an "enter as a copy" replacement of its own (Clone)."""
    return any(
        "as a copy" in (r.get("description") or "") for r in found.get("replacement_definitions") or []
    )


def created(event: Mapping[str, Any]) -> bool:
    """Whether the event is an object coming into being (phase: a move from no zone)."""
    data = event.get("data") or {}
    return event.get("type") == "TokenCreated" or (
        event.get("type") == "ZoneChanged" and "from" in data and data["from"] is None
    )


#: phase's mana colours as the suite's letters.
MANA = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}
MANA_NAMES = {letter: name for name, letter in MANA.items()}


def _amount(value: Any) -> int | None:
    """A fixed quantity of phase's, or None for one it computes as the ability resolves."""
    if isinstance(value, Mapping) and value.get("type") == "Fixed":
        return int(value.get("value", 0))
    return None


def _produced(production: Mapping[str, Any]) -> tuple[list[str], int | None]:
    """(the mana letters, how many) one of phase's ``ManaProduction`` records makes;
    None for an amount phase works out only as it resolves."""
    kind = production.get("type")
    colors = [MANA[c] for c in production.get("colors") or production.get("color_options") or []]
    if kind == "Fixed":
        return colors, len(production.get("colors") or [])
    if kind == "Colorless":
        return ["C"], _amount(production.get("count", {"type": "Fixed", "value": 1}))
    if kind == "Mixed":
        return [*colors, "C"], len(colors) + int(production.get("colorless_count", 0))
    if kind in ("AnyOneColor", "AnyCombination"):
        return colors, _amount(production.get("count", {"type": "Fixed", "value": 1}))
    raise ValueError(f"a mana ability phase resolves as {kind}")


def _taps(cost: Mapping[str, Any] | None) -> bool:
    """Whether one of phase's cost records includes {T} (106.12)."""
    if not cost:
        return False
    if cost.get("type") == "Tap":
        return True
    return any(_taps(c) for c in cost.get("costs") or [])


def mana_abilities(found: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The mana abilities of phase's object record (its ``abilities`` of the face that
    is up, 605.1a): what each produces, how much, and whether it taps for mana.
    ValueError for a production phase works out only as it resolves."""
    abilities = []
    for ability in found.get("abilities") or []:
        effect = ability.get("effect") or {}
        if not ability.get("is_mana_ability") or effect.get("type") != "Mana":
            continue
        produced, amount = _produced(effect.get("produced") or {})
        if amount is None:
            raise ValueError("a mana ability whose amount phase works out as it resolves")
        abilities.append(
            {"produced": sorted(set(produced)), "amount": amount, "taps_for_mana": _taps(ability.get("cost"))}
        )
    return abilities


def keywords(found: Mapping[str, Any]) -> list[str]:
    """phase's keywords of the object in the scripts' spelling (``FirstStrike`` is
    ``First Strike``), sorted; ValueError for one with a parameter (``Protection``)."""
    names = []
    for keyword in found.get("keywords") or []:
        if not isinstance(keyword, str):
            raise ValueError(f"a keyword with a parameter: {keyword}")
        names.append(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", keyword))
    return sorted(names)


def on_top(state: dict[str, Any], ids: list[int]) -> None:
    """A state edit: the set-up's library cards on top of their owners' libraries (phase
    keeps a library top first and puts a moved card at the bottom), the one set up last
    on top, above the filler."""
    for player in state["players"]:
        library = list(player["library"])
        mine = [i for i in reversed(ids) if i in library]
        player["library"] = mine + [i for i in library if i not in mine]


#: The order of colours in an answer (WUBRG, 105.1).
_COLOR_ORDER = "WUBRG"


def color_identity(faces: Sequence[Mapping[str, Any]]) -> list[str]:
    """A card's colour identity (903.4), computed from phase's card records of its faces
    (phase keeps no colour identity of its own: the field in its card data is the one the
    driver wrote): the colours of the mana symbols in each face's parsed mana cost and in
    the rules text phase holds (reminder text left out, 903.4c), plus each face's colour
    indicator (phase's ``color_override``); the back face counts (903.4d)."""
    found: set[str] = set()
    for face in faces:
        cost = face.get("mana_cost") or {}
        for shard in cost.get("shards") or []:
            found |= {letter for name, letter in MANA.items() if name in str(shard) and letter != "C"}
        found |= {MANA[c] for c in face.get("color_override") or [] if c in MANA}
        text = re.sub(r"\([^)]*\)", "", str(face.get("oracle_text") or ""))
        for symbol in re.findall(r"\{([^}]*)\}", text):
            found |= set(symbol) & set(_COLOR_ORDER)
    return [c for c in _COLOR_ORDER if c in found]


def unimplemented(found: Mapping[str, Any]) -> bool:
    """Whether phase's record of the face that is up has a spell ability (or a part of
    one) phase's Oracle parser left ``Unimplemented``: phase can't do what it says."""
    parts = [a for a in found.get("abilities") or [] if a.get("kind") == "Spell"]
    while parts:
        ability = parts.pop()
        if (ability.get("effect") or {}).get("type") == "Unimplemented":
            return True
        parts += [ability["sub_ability"]] if ability.get("sub_ability") else []
    return False
