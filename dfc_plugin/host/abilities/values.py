"""What the small languages inside ability parameters mean in a game: valid-card
expressions, ``Defined$`` references, amounts (``X`` with ``SVar:X:Count$...``) and
comparisons (forge-abilities.md 9.1-9.5). The grammar reads them
(:mod:`dfc_plugin.script.expressions`); this module evaluates them against a game.

Every property word, ``Defined$`` word and ``Count$`` form the engine understands is in
a table here; anything else raises :class:`UnsupportedAbilityError`, and ``census``
reports it (:func:`unknown_properties` and friends), so nothing is silently false.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dfc_plugin.cards import Face, ParamMap
from dfc_plugin.errors import EngineError, UnsupportedAbilityError
from dfc_plugin.host.abilities import colours
from dfc_plugin.script.expressions import Amount, Compare, Defined, ValidAlt, ValidExpr
from dfc_plugin.script.parser import parse_value
from dfc_plugin.state import Side, Zone

if TYPE_CHECKING:
    from dfc_plugin.host.game.events import GameEvent
    from dfc_plugin.host.model import GameObject

__all__ = [
    "COUNT_FORMS",
    "DEFINED_CARDS",
    "DEFINED_PLAYERS",
    "Ctx",
    "Target",
    "amount",
    "compare",
    "conditions_hold",
    "defined_objects",
    "defined_players",
    "matches",
    "matches_player",
    "objects_made",
    "present_count",
    "svar_params",
    "unknown_properties",
]

#: A target or a remembered thing: ("o", object id) or ("p", player).
Target = tuple[str, int]


@dataclass
class Ctx:
    """What an ability knows while it is chosen, put on the stack and resolved: its
    source (object id when it was created, and the physical card, which keeps the
    "remembered" list across zone changes, 607), controller, the face whose SVars it
    reads, its targets per chain link, the event that triggered it, the object a
    replacement replaces, and X."""

    game: Any
    source: int
    card: int
    controller: int
    face: Face
    targets: dict[int, list[Target]] = field(default_factory=dict)
    event: GameEvent | None = None
    replaced: int | None = None
    x: int = 0
    link: int = 0
    cost_paid: dict[str, Any] = field(default_factory=dict)
    delayed: list[Target] = field(default_factory=list)
    _game: weakref.ref[Any] = field(init=False, repr=False, compare=False)

    @property
    def source_object(self) -> GameObject | None:
        """The source, if it is still the same object (400.7)."""
        found: GameObject | None = self.game.objects.get(self.source)
        return found

    @property
    def remembered(self) -> list[Target]:
        remembered: list[Target] = self.game.remembered.setdefault(self.card, [])
        return remembered

    def targeted(self) -> list[Target]:
        """The targets of this link, else of the nearest earlier link that targets."""
        for index in range(self.link, -1, -1):
            if index in self.targets:
                return self.targets[index]
        return []


def _ctx_game(ctx: Ctx) -> Any:
    game = ctx._game()
    if game is None:
        raise EngineError("the game this ability belongs to is gone")
    return game


def _hold_game(ctx: Ctx, game: Any) -> None:
    ctx._game = weakref.ref(game)


# The context holds its game weakly: the game holds its contexts (the stack, waiting
# triggers, delayed triggers, remembered statics), so a strong reference would make each
# game a cycle that only the cyclic garbage collector frees (set after the decorator, so
# that the dataclass's ``__init__`` and ``replace`` still take and give ``game``).
Ctx.game = property(_ctx_game, _hold_game)


# --------------------------------------------------------------------------- parsing


def _valid(text: str) -> ValidExpr:
    result: ValidExpr | None = _READ.get(("valid", text))
    if result is None:
        result = _read("valid", text)
    return result


def _defined(text: str) -> Defined:
    result: Defined | None = _READ.get(("defined", text))
    if result is None:
        result = _read("defined", text)
    return result


#: (rule, text) -> the (immutable) value read: the game loop reads the same few
#: expressions thousands of times (``parse_value`` remembers too, behind three calls).
_READ: dict[tuple[str, str], Any] = {}


def _read(start: str, text: str) -> Any:
    if len(_READ) > 50_000:
        _READ.clear()
    result = _READ[(start, text)] = parse_value(start, text)
    return result


def svar_params(ctx: Ctx, name: str) -> ParamMap:
    """The parameter map of an SVar of the source (its face first, then the card's
    other faces: a melded face's SVars may sit on either card)."""
    for face in _faces(ctx):
        found = face.svar(name)
        if found is not None and found.params is not None:
            return found.params
    raise UnsupportedAbilityError(
        f"{ctx.face.name}: no ability SVar named {name!r}", missing=(f"SVar:{name}",)
    )


def _svar_body(ctx: Ctx, name: str) -> str | None:
    stored = ctx.game.stored_svars.get(ctx.card, {}).get(name)
    if stored is not None:
        return str(stored)  # written by a StoreSVar effect
    for face in _faces(ctx):
        found = face.svar(name)
        if found is not None:
            return found.body
    return None


def _faces(ctx: Ctx) -> Iterable[Face]:
    yield ctx.face
    card = ctx.game.cards.get(ctx.card)
    if card is not None:
        yield from (face for face in card.definition.faces if face is not ctx.face)


# --------------------------------------------------------------------------- valid cards

_COLOR_WORDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
_CMP = re.compile(r"^(cmc|power|toughness|totalPT)(GE|LE|GT|LT|EQ|NE)(.+)$")
_COUNTERS = re.compile(r"^counters_(GE|LE|GT|LT|EQ|NE)([^_]+)_(.+)$")


def _controller_props(ctx: Ctx, found: GameObject) -> dict[str, bool]:
    you = ctx.controller
    return {
        "YouCtrl": found.controller == you,
        "OppCtrl": found.controller != you,
        "YouDontCtrl": found.controller != you,
        "YouOwn": found.owner == you,
        "OppOwn": found.owner != you,
    }


def _prop(ctx: Ctx, found: GameObject, prop: str) -> bool:
    game = ctx.game
    relation = _controller_props(ctx, found).get(prop)
    if relation is not None:
        return relation
    simple = _SIMPLE_PROPS.get(prop)
    if simple is not None:
        return simple(ctx, found)
    if prop.startswith("named"):
        return bool(game.rules.characteristics(found.state).name == prop[5:].replace(";", ","))
    if prop.startswith("notnamed"):
        return bool(game.rules.characteristics(found.state).name != prop[8:].replace(";", ","))
    compared = _CMP.match(prop)
    if compared:
        what, op, operand = compared.groups()
        return Compare(op, operand).holds(_stat(game, found, what), _operand(ctx, operand))
    counters = _COUNTERS.match(prop)
    if counters:
        op, operand, kind = counters.groups()
        return Compare(op, operand).holds(found.counter(kind), _operand(ctx, operand))
    if prop.startswith("without") and prop[7:8].isupper():
        return not game.has_keyword_of(found, prop[7:])
    if prop.startswith("with") and prop[4:5].isupper():
        return bool(game.has_keyword_of(found, prop[4:]))
    if prop in _COLOR_WORDS or prop == "Colorless":
        return _has_color(game, found, prop)
    if prop.startswith("non") and len(prop) > 3:
        return not _non(ctx, found, prop[3:])
    if prop[:1].isupper() and _type_word(prop) and not _looks_like_property(prop):
        return _is_type(game, found, prop)
    raise UnsupportedAbilityError(
        f"the valid-card property {prop!r} has no meaning here", missing=(f"valid:{prop}",)
    )


def _non(ctx: Ctx, found: GameObject, rest: str) -> bool:
    """What ``non<rest>`` denies: a colour, a property ("nonChosenCard") or a type."""
    if rest in _COLOR_WORDS:
        return _has_color(ctx.game, found, rest)
    if rest in _SIMPLE_PROPS:
        return _prop(ctx, found, rest)
    return _is_type(ctx.game, found, rest)


def _stat(game: Any, found: GameObject, what: str) -> int:
    if what == "cmc":
        return int(game.rules.mana_value(found.state))
    power, toughness = game.pt_of(found)
    if what == "power":
        return power or 0
    if what == "toughness":
        return toughness or 0
    return (power or 0) + (toughness or 0)


def _has_color(game: Any, found: GameObject, word: str) -> bool:
    colors = colours.colors_of(game, found)  # layer 5 (613.1e)
    return not colors if word == "Colorless" else _COLOR_WORDS[word] in colors


def _is_type(game: Any, found: GameObject, word: str) -> bool:
    return bool(game.has_type_of(found, word))


def _type_word(word: str) -> bool:
    return word.isalpha()


_SIMPLE_PROPS: dict[str, Callable[[Ctx, GameObject], bool]] = {
    "Self": lambda ctx, o: ctx.card in {c.id for c in o.cards},
    "Other": lambda ctx, o: ctx.card not in {c.id for c in o.cards},
    "StrictlyOther": lambda ctx, o: o.id != ctx.source,
    "IsRemembered": lambda ctx, o: ("o", o.id) in ctx.remembered,
    "token": lambda ctx, o: all(c.token for c in o.cards),
    "nonToken": lambda ctx, o: not all(c.token for c in o.cards),
    "attacking": lambda ctx, o: o.id in ctx.game.attackers,
    "attackedThisCombat": lambda ctx, o: o.id in ctx.game.attackers,
    "attackedThisTurn": lambda ctx, o: o.id in ctx.game.attacked_this_turn,
    "wasCastFromExile": lambda ctx, o: o.cast_from is Zone.EXILE,
    "blocking": lambda ctx, o: any(o.id in b for b in ctx.game.blockers.values()),
    "notAttackedThisTurn": lambda ctx, o: o.id not in ctx.game.attacked_this_turn,
    "inZoneBattlefield": lambda ctx, o: o.zone is Zone.BATTLEFIELD,
    "DoubleFaced": lambda ctx, o: bool(ctx.game.rules.is_double_faced(o.state)),
    "Transformed": lambda ctx, o: o.state.up is Side.BACK,
    "BackSide": lambda ctx, o: o.state.up is Side.BACK,
    "FrontSide": lambda ctx, o: o.state.up is Side.FRONT,
    "MultiColor": lambda ctx, o: len(colours.colors_of(ctx.game, o)) > 1,
    "MonoColor": lambda ctx, o: len(colours.colors_of(ctx.game, o)) == 1,
    "Legendary": lambda ctx, o: _is_type(ctx.game, o, "Legendary"),
    "Basic": lambda ctx, o: _is_type(ctx.game, o, "Basic"),
    "untapped": lambda ctx, o: not o.tapped,
    "tapped": lambda ctx, o: o.tapped,
    "ExiledWithSource": lambda ctx, o: ctx.game.exiled_with.get(o.id) == ctx.card,
    "ChosenCard": lambda ctx, o: ("o", o.id) in ctx.game.chosen.get(ctx.card, []),
    # An effect's (an emblem's) source is the card that made it (``Effect``'s host).
    "ExiledWithEffectSource": lambda ctx, o: (
        ctx.game.exiled_with.get(o.id, -1) == ctx.game.effect_ends.get(ctx.source, (None, None))[1]
    ),
    "EnchantedBy": lambda ctx, o: ctx.game.attached.get(ctx.source) == o.id,
    "EquippedBy": lambda ctx, o: ctx.game.attached.get(ctx.source) == o.id,
    "AttachedBy": lambda ctx, o: ctx.game.attached.get(ctx.source) == o.id,
    "equipped": lambda ctx, o: any(
        t == o.id and ctx.game.has_type(a, "Equipment")
        for a, t in ctx.game.attached.items()
        if a in ctx.game.objects
    ),
    "enchanted": lambda ctx, o: any(
        t == o.id and ctx.game.has_type(a, "Aura")
        for a, t in ctx.game.attached.items()
        if a in ctx.game.objects
    ),
}

#: The permanent card types (110.4a).
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
#: The property words with a plain meaning (other modules add theirs).
SIMPLE_PROPS = _SIMPLE_PROPS

#: Type words of an alternative that are not card types: what they mean.
_WORDS: dict[str, Callable[[Ctx, GameObject], bool]] = {
    "Card": lambda ctx, o: True,
    "card": lambda ctx, o: True,
    "Permanent": lambda ctx, o: o.zone is Zone.BATTLEFIELD or _permanent_card(ctx, o),
    "Spell": lambda ctx, o: o.zone is Zone.STACK,
    "Any": lambda ctx, o: (
        o.zone is Zone.BATTLEFIELD
        and any(_is_type(ctx.game, o, t) for t in ("Creature", "Planeswalker", "Battle"))
    ),
}


def _permanent_card(ctx: Ctx, found: GameObject) -> bool:
    """Off the battlefield, "permanent" is a permanent card or spell (110.4b): one with
    a permanent type (artifact, battle, creature, enchantment, land, planeswalker)."""
    face = ctx.game.face_of(found)
    return face is not None and face.type_line.is_permanent


def _alt_matches(ctx: Ctx, found: GameObject, alt: ValidAlt) -> bool:
    word = _WORDS.get(alt.word)
    ok = word(ctx, found) if word is not None else ctx.game.has_type_of(found, alt.word)
    if ok:
        for prop in alt.props:
            if not _prop(ctx, found, prop):
                ok = False
                break
    return ok != alt.negated


def matches(ctx: Ctx, found: GameObject, valid: str) -> bool:
    """Whether the object fits the valid-card expression (forge-abilities.md 9.2)."""
    for alt in _valid(valid).alternatives:
        if alt.word not in _PLAYER_WORDS and _alt_matches(ctx, found, alt):
            return True
    return False


_PLAYER_WORDS = frozenset({"Player", "Opponent", "You"})


def matches_player(ctx: Ctx, player: int, valid: str) -> bool:
    """Whether a player fits a player expression (``Player``, ``Opponent``,
    ``Player.Opponent``, ``You``, ``Any`` for "any target")."""
    for alt in _valid(valid).alternatives:
        if alt.word not in _PLAYER_WORDS and alt.word != "Any":
            continue
        ok = _player_word(ctx, player, alt.word) and all(_player_word(ctx, player, p) for p in alt.props)
        if ok != alt.negated:
            return True
    return False


#: Player properties with a plain meaning (``Player.IsRemembered``; other modules add theirs).
PLAYER_PROPS: dict[str, Callable[[Ctx, int], bool]] = {
    "IsRemembered": lambda ctx, p: ("p", p) in ctx.remembered,  # "each player dealt damage this way"
}


def _player_word(ctx: Ctx, player: int, word: str) -> bool:
    if word in ("Player", "Any"):
        return True
    if word in ("Opponent", "OppCtrl", "NonActive") and word != "NonActive":
        return player != ctx.controller
    if word in ("You", "YouCtrl"):
        return player == ctx.controller
    if word == "NonActive":
        return bool(player != ctx.game.active)
    prop = PLAYER_PROPS.get(word)
    if prop is not None:
        return prop(ctx, player)
    raise UnsupportedAbilityError(
        f"the player property {word!r} has no meaning here", missing=(f"valid:{word}",)
    )


# --------------------------------------------------------------------------- Defined


def _objects_of(refs: Iterable[Target]) -> list[int]:
    return [value for kind, value in refs if kind == "o"]


def _players_of(refs: Iterable[Target]) -> list[int]:
    return [value for kind, value in refs if kind == "p"]


def _event_object(ctx: Ctx, key: str) -> list[int]:
    event = ctx.event
    found = event.objects.get(key) if event is not None else None
    return [found] if found is not None else []


DEFINED_CARDS: dict[str, Callable[[Ctx], list[int]]] = {
    "Self": lambda ctx: [ctx.source] if ctx.source in ctx.game.objects else [],
    "CorrectedSelf": lambda ctx: [ctx.source] if ctx.source in ctx.game.objects else [],
    "Targeted": lambda ctx: _objects_of(ctx.targeted()),
    "ParentTarget": lambda ctx: _objects_of(ctx.targeted()),
    "Remembered": lambda ctx: _objects_of(ctx.remembered),
    "RememberedCard": lambda ctx: _objects_of(ctx.remembered),
    "TriggeredCard": lambda ctx: _event_object(ctx, "Card"),
    "TriggeredNewCardLKICopy": lambda ctx: _event_object(ctx, "Card"),
    "TriggeredAttacker": lambda ctx: _event_object(ctx, "Attacker"),
    "TriggeredBlocker": lambda ctx: _event_object(ctx, "Blocker"),
    "TriggeredSource": lambda ctx: _event_object(ctx, "Source"),
    "ReplacedCard": lambda ctx: [ctx.replaced] if ctx.replaced is not None else [],
    "DelayTriggerRemembered": lambda ctx: _objects_of(ctx.delayed),
    "DelayTriggerRememberedLKI": lambda ctx: _objects_of(ctx.delayed),
    "TriggeredSpellAbility": lambda ctx: [],  # not an object: Counter reads the event (ward)
    "ChosenCard": lambda ctx: _objects_of(ctx.game.chosen.get(ctx.card, [])),
    "Enchanted": lambda ctx: [ctx.game.attached[ctx.source]] if ctx.source in ctx.game.attached else [],
    "Equipped": lambda ctx: [ctx.game.attached[ctx.source]] if ctx.source in ctx.game.attached else [],
}


def _triggered_player(ctx: Ctx) -> list[int]:
    event = ctx.event
    player = event.players.get("Player") if event is not None else None
    return [player] if player is not None else []


def _controller_of_targets(ctx: Ctx) -> list[int]:
    """The targets' controllers; a target that has left is read as it last existed
    (608.2h)."""
    game = ctx.game
    found = [game.objects.get(i) or game.lki.get(i) for i in _objects_of(ctx.targeted())]
    return [o.controller for o in found if o is not None] + _players_of(ctx.targeted())


def _triggered_controller(ctx: Ctx) -> list[int]:
    """The controller of the card the event is about, as it last existed before the
    event when it left a zone (603.10a), else as it is now."""
    event = ctx.event
    if event is None:
        return []
    found = next(iter(event.lki.values()), None) or ctx.game.objects.get(event.objects.get("Card", -1))
    return [found.controller] if found is not None else []


DEFINED_PLAYERS: dict[str, Callable[[Ctx], list[int]]] = {
    "TriggeredCardController": _triggered_controller,
    "You": lambda ctx: [ctx.controller],
    "Player": lambda ctx: list(ctx.game.players),
    "Opponent": lambda ctx: [p for p in ctx.game.players if p != ctx.controller],
    "Targeted": lambda ctx: _players_of(ctx.targeted()),
    "TargetedPlayer": lambda ctx: _players_of(ctx.targeted()),
    "TargetedController": _controller_of_targets,
    "TriggeredPlayer": _triggered_player,
    "ActivePlayer": lambda ctx: [ctx.game.active],
    "Remembered": lambda ctx: _players_of(ctx.remembered),
}


def defined_objects(ctx: Ctx, text: str | None) -> list[int]:
    """The objects a ``Defined$`` names (default ``Self``), those still in the game."""
    defined = _defined(text or "Self")
    if defined.valid is not None:
        return [o.id for o in ctx.game.battlefield() if matches(ctx, o, _unparse(defined.valid))]
    run = DEFINED_CARDS.get(defined.ref)
    if run is None or defined.props:
        raise UnsupportedAbilityError(
            f"Defined$ {text} has no meaning for cards here", missing=(f"Defined:{text}",)
        )
    return [i for i in run(ctx) if i in ctx.game.objects]


def defined_players(ctx: Ctx, text: str | None) -> list[int]:
    """The players a ``Defined$`` names (default ``You``)."""
    defined = _defined(text or "You")
    if defined.ref == "Player" and defined.props:
        return [p for p in ctx.game.players if all(_player_word(ctx, p, w) for w in defined.props)]
    run = DEFINED_PLAYERS.get(defined.ref)
    if run is None or defined.valid is not None:
        raise UnsupportedAbilityError(
            f"Defined$ {text} has no meaning for players here", missing=(f"Defined:{text}",)
        )
    return run(ctx)


def _unparse(valid: ValidExpr) -> str:
    return ",".join(
        ("!" if a.negated else "") + a.word + ("." + "+".join(a.props) if a.props else "")
        for a in valid.alternatives
    )


# --------------------------------------------------------------------------- amounts


def _count_valid(zone: Zone) -> Callable[[Ctx, ValidExpr | None], int]:
    def count(ctx: Ctx, valid: ValidExpr | None) -> int:
        text = _unparse(valid) if valid is not None else "Card"
        return sum(1 for o in ctx.game.in_zone(zone) if matches(ctx, o, text))

    return count


def _source_stat(what: str) -> Callable[[Ctx, ValidExpr | None], int]:
    def stat(ctx: Ctx, valid: ValidExpr | None) -> int:
        found = ctx.source_object
        return _stat(ctx.game, found, what) if found is not None else 0

    return stat


COUNT_FORMS: dict[str, Callable[[Ctx, ValidExpr | None], int]] = {
    "Valid": _count_valid(Zone.BATTLEFIELD),
    "ValidGraveyard": _count_valid(Zone.GRAVEYARD),
    "ValidHand": _count_valid(Zone.HAND),
    "ValidExile": _count_valid(Zone.EXILE),
    "ValidLibrary": _count_valid(Zone.LIBRARY),
    "xPaid": lambda ctx, v: ctx.x,
    "YourLifeTotal": lambda ctx, v: ctx.game.life[ctx.controller],
    "YourStartingLife": lambda ctx, v: ctx.game.starting_life,
    "InYourHand": lambda ctx, v: len(ctx.game.zones[(ctx.controller, Zone.HAND)]),
    "NumInAllHands": lambda ctx, v: sum(len(ctx.game.zones[(p, Zone.HAND)]) for p in ctx.game.players),
    "LifeYouGainedThisTurn": lambda ctx, v: ctx.game.life_gained.get(ctx.controller, 0),
    "CardPower": _source_stat("power"),
    "CardToughness": _source_stat("toughness"),
    "CardManaCost": _source_stat("cmc"),
}

_MATH: dict[str, Callable[[int, int], int]] = {
    "Plus": lambda a, b: a + b,
    "Minus": lambda a, b: a - b,
    "NMinus": lambda a, b: b - a,
    "Twice": lambda a, b: a * 2,
    "Thrice": lambda a, b: a * 3,
    "Times": lambda a, b: a * b,
    "HalfUp": lambda a, b: (a + 1) // 2,
    "HalfDown": lambda a, b: a // 2,
    "Negative": lambda a, b: -a,
    "LimitMax": min,
    "LimitMin": max,
}


#: ``<List>$<Function>`` amounts: what each function says of the objects.
LIST_FUNCTIONS: dict[str, Callable[[Any, list[GameObject]], int]] = {
    "Amount": lambda game, objects: len(objects),
    # Forge sums a list's power and toughness ("the total power of the exiled cards")
    "CardPower": lambda game, objects: sum(_stat(game, o, "power") for o in objects),
    "CardToughness": lambda game, objects: sum(_stat(game, o, "toughness") for o in objects),
    "CardManaCost": lambda game, objects: _stat(game, objects[0], "cmc") if objects else 0,
    "SumCMC": lambda game, objects: sum(_stat(game, o, "cmc") for o in objects),
    "DifferentCMC": lambda game, objects: len({_stat(game, o, "cmc") for o in objects}),
}
#: The lists an amount may read.
LIST_SOURCES = {"Targeted", "Remembered", "TriggeredCard", "Sacrificed", "PlayerCountPlayers"}
#: List sources whose objects a module finds (``ExiledWith``: :mod:`.crafted`): source -> f(ctx).
LIST_IDS: dict[str, Callable[[Ctx], list[int]]] = {}

#: ``PlayerCountPlayers$<Function>``: what each function says of the players (filled
#: by :mod:`.tallies`).
PLAYER_FUNCTIONS: dict[str, Callable[[Ctx, list[int]], int]] = {}

#: Count forms with an argument (``Count$CardCounters.LANDMARK``,
#: ``Count$ThisTurnCast_Card.YouCtrl``): form -> f(ctx, argument); filled by :mod:`.tallies`.
ARG_FORMS: dict[str, Callable[[Ctx, str], int]] = {}
#: The argument forms whose argument is a valid-card expression (census checks its words).
VALID_ARGUMENT_FORMS: set[str] = set()


def count_argument(parsed: Amount) -> tuple[str, str] | None:
    """The form and argument of a count written with one: ``CardCounters.LANDMARK`` is
    ``("CardCounters", "LANDMARK")``, ``ThisTurnCast_Card.YouCtrl`` is
    ``("ThisTurnCast", "Card.YouCtrl")``; ``None`` for a plain count."""
    head, _, tail = parsed.value.partition("_")
    if tail:
        return head, tail + ("." + "+".join(parsed.args) if parsed.args else "")
    if parsed.args:
        return head, "+".join(parsed.args)
    return None


def _argument_count(ctx: Ctx, parsed: Amount) -> int:
    name, argument = count_argument(parsed) or ("", "")
    form = ARG_FORMS.get(name)
    if form is None:
        raise UnsupportedAbilityError(f"Count${name} has no meaning here", missing=(f"Count${name}",))
    return form(ctx, argument)


def _player_amount(ctx: Ctx, function: str) -> int:
    run = PLAYER_FUNCTIONS.get(function)
    if run is None:
        raise UnsupportedAbilityError(
            f"PlayerCountPlayers${function} has no meaning here", missing=(f"PlayerCountPlayers${function}",)
        )
    return run(ctx, [p for p in ctx.game.players if ctx.game.alive(p)])


def _list_amount(ctx: Ctx, source: str, function: str) -> int:
    if source == "PlayerCountPlayers":
        return _player_amount(ctx, function)
    run = LIST_FUNCTIONS.get(function)
    if run is None or source not in LIST_SOURCES:
        raise UnsupportedAbilityError(
            f"{source}${function} has no meaning here", missing=(f"{source}${function}",)
        )
    game = ctx.game
    if source in LIST_IDS:
        ids = LIST_IDS[source](ctx)
    elif source == "Sacrificed":
        ids = list(ctx.cost_paid.get("sacrificed", ()))
    else:
        ids = [v for k, v in (ctx.targeted() if source == "Targeted" else ctx.remembered) if k == "o"]
        if source == "TriggeredCard":
            ids = _event_object(ctx, "Card")
    found = [game.objects.get(i) or game.lki.get(i) for i in ids]
    return run(game, [o for o in found if o is not None])


def _operand(ctx: Ctx, text: str) -> int:
    return amount(ctx, text)


def _svar_amount(ctx: Ctx, parsed: Amount, depth: int) -> int:
    body = _svar_body(ctx, parsed.value)
    if body is None:
        if parsed.value == "X":
            return ctx.x
        raise UnsupportedAbilityError(
            f"no SVar {parsed.value!r} for an amount", missing=(f"SVar:{parsed.value}",)
        )
    return _evaluate(ctx, parse_value("amount", body), depth + 1) if depth < 8 else 0


def _chosen_amount(ctx: Ctx, parsed: Amount) -> int:
    """``Count$Compare X GE6.DoubledX.X``: the first amount if the comparison holds, else
    the second."""
    op, operand, then, otherwise = parsed.args
    holds = Compare(op, operand).holds(amount(ctx, parsed.value), amount(ctx, operand))
    return amount(ctx, then if holds else otherwise)


def _evaluate(ctx: Ctx, parsed: Amount, depth: int) -> int:
    if parsed.kind == "number":
        value = int(parsed.value)
    elif parsed.kind == "svar":
        value = _svar_amount(ctx, parsed, depth)
    elif parsed.kind == "list":
        value = _list_amount(ctx, parsed.source, parsed.value)
    elif parsed.kind == "compare":
        value = _chosen_amount(ctx, parsed)
    elif count_argument(parsed) is not None:
        value = _argument_count(ctx, parsed)
    else:
        form = COUNT_FORMS.get(parsed.value)
        if form is None:
            raise UnsupportedAbilityError(
                f"Count${parsed.value} has no meaning here", missing=(f"Count${parsed.value}",)
            )
        value = form(ctx, parsed.valid)
    for step in parsed.math:
        math = _MATH.get(step.op)
        if math is None:
            raise UnsupportedAbilityError(
                f"amount math {step.op!r} has no meaning here", missing=(f"math:{step.op}",)
            )
        value = math(value, _operand(ctx, step.operand) if step.operand else 0)
    return -value if parsed.negative else value


def amount(ctx: Ctx, text: str | None, default: int = 1) -> int:
    """An amount parameter's value (forge-abilities.md 9.3)."""
    if text is None or not text.strip():
        return default
    return _evaluate(ctx, parse_value("amount", text), 0)


def compare(ctx: Ctx, left: int, text: str | None) -> bool:
    """``GE3``-style comparison (default ``GE1``)."""
    parsed: Compare = parse_value("compare", text or "GE1")
    return parsed.holds(left, _operand(ctx, parsed.operand))


# --------------------------------------------------------------------------- conditions

_ZONES = {z.value.lower(): z for z in Zone}


def zone_named(text: str) -> Zone:
    found = _ZONES.get(text.strip().lower())
    if found is None:
        raise UnsupportedAbilityError(f"no zone named {text!r}", missing=(f"zone:{text}",))
    return found


def present_count(ctx: Ctx, valid: str, zone_text: str | None = None) -> int:
    """How many objects in the zone (default the battlefield) fit ``valid``."""
    zones = [zone_named(z) for z in (zone_text or "Battlefield").split(",")]
    return sum(1 for zone in zones for o in ctx.game.in_zone(zone) if matches(ctx, o, valid))


def conditions_hold(ctx: Ctx, link: ParamMap) -> bool:
    """An ability link's own conditions (9.5a): when they fail, this link is skipped but
    its sub-abilities still resolve."""
    present = link.get("ConditionPresent")
    if present is not None:
        pool = link.get("ConditionDefined")
        if pool is not None:
            count = sum(1 for i in defined_objects(ctx, pool) if matches(ctx, ctx.game.objects[i], present))
        else:
            count = present_count(ctx, present)
        if not compare(ctx, count, link.get("ConditionCompare")):
            return False
    check = link.get("ConditionCheckSVar")
    return check is None or compare(ctx, amount(ctx, check), link.get("ConditionSVarCompare"))


#: Requirement parameters other modules give meaning (``CheckDefinedPlayer$``:
#: :mod:`.monarch`): parameter -> f(ctx, value), read by :func:`requirements_hold`.
REQUIREMENTS: dict[str, Callable[[Ctx, str], bool]] = {}


def requirements_hold(ctx: Ctx, params: ParamMap) -> bool:
    """A trigger's, static's or activation's requirements (9.5b): ``IsPresent$`` (and
    ``IsPresent2$``), ``CheckSVar$``, and the 2020 werewolf conditions (CR 603.4 when on
    a trigger: checked as it triggers and again as it resolves)."""
    for key, holds in REQUIREMENTS.items():
        value = params.get(key)
        if value is not None and not holds(ctx, value):
            return False
    for suffix in ("", "2"):
        valid = params.get("IsPresent" + suffix)
        if valid is not None:
            count = present_count(ctx, valid, params.get("PresentZone" + suffix))
            if not compare(ctx, count, params.get("PresentCompare" + suffix)):
                return False
    check = params.get("CheckSVar")
    if check is not None and not compare(ctx, amount(ctx, check), params.get("SVarCompare")):
        return False
    game = ctx.game
    if "Delirium" in params and not delirium(ctx):
        return False
    life_of = params.get("LifeTotal")
    if life_of is not None:
        players = defined_players(ctx, life_of)
        if not any(compare(ctx, game.life[p], params.get("LifeAmount")) for p in players):
            return False
    if params.get("Condition") == "PlayerTurn" and game.active != ctx.controller:
        return False  # "as long as it's your turn" (Gideon Blackblade)
    if "WerewolfTransformCondition" in params and sum(game.spells_last_turn.values()) != 0:
        return False
    return "WerewolfUntransformCondition" not in params or max(game.spells_last_turn.values(), default=0) >= 2


def delirium(ctx: Ctx) -> bool:
    """Four or more card types among cards in your graveyard (207.2c, Delirium)."""
    types = {
        t
        for o in ctx.game.in_zone(Zone.GRAVEYARD, ctx.controller)
        for t in o.state.card.front.type_line.types
    }
    return len(types) >= 4


#: Ability words an ``Activation$`` restriction names (207.2c), and when they hold.
ACTIVATION_CONDITIONS: dict[str, Callable[[Ctx], bool]] = {
    "Delirium": delirium,
    "Threshold": lambda ctx: len(ctx.game.zones[(ctx.controller, Zone.GRAVEYARD)]) >= 7,
    "Hellbent": lambda ctx: not ctx.game.zones[(ctx.controller, Zone.HAND)],
    "Metalcraft": lambda ctx: (
        sum(
            1
            for o in ctx.game.battlefield()
            if o.controller == ctx.controller and ctx.game.has_type_of(o, "Artifact")
        )
        >= 3
    ),
}


# --------------------------------------------------------------------------- census help

#: Property words :func:`_prop` knows by name (the pattern families are checked apart).
_KNOWN_PROPS = frozenset(_SIMPLE_PROPS) | {
    "YouCtrl",
    "OppCtrl",
    "YouDontCtrl",
    "YouOwn",
    "OppOwn",
    "Colorless",
}


def unknown_properties(text: str) -> list[str]:
    """The property words of a valid expression the engine has no meaning for."""
    unknown = []
    for alt in _valid(text).alternatives:
        for prop in alt.props:
            if not _prop_known(prop):
                unknown.append(prop)
    return unknown


def _prop_known(prop: str) -> bool:
    if (
        prop in _KNOWN_PROPS
        or prop in _SIMPLE_PROPS
        or prop in _PLAYER_WORDS
        or prop in _COLOR_WORDS
        or prop in ("Opponent", "NonActive")
    ):
        return True
    if prop.startswith("non") and len(prop) > 3 and prop[3:4].isupper():
        rest = prop[3:]
        return rest in _COLOR_WORDS or _prop_known(rest) or not _looks_like_property(rest)
    if prop.startswith(("named", "notnamed", "non")) or _CMP.match(prop) or _COUNTERS.match(prop):
        return True
    if (prop.startswith("without") and prop[7:8].isupper()) or (
        prop.startswith("with") and prop[4:5].isupper()
    ):
        return True
    return prop[:1].isupper() and prop.isalpha() and not _looks_like_property(prop)


#: Capitalised property words that are not types (Forge's property vocabulary); the
#: engine doesn't give them a meaning yet, so they must not pass as a type.
_PROPERTY_WORDS = frozenset(
    {
        "IsImprinted",
        "ChosenCard",
        "ExiledWithEffectSource",
        "DefenderCtrl",
        "ControlledBy",
        "TopLibrary",
        "IsTargeted",
        "ChosenType",
        "ThisTurnEntered",
        "Enchanted",
        "Equipped",
        "Attached",
        "Blocking",
        "Attacking",
        "IsCommander",
        "OwnedBy",
        "TargetedPlayerCtrl",
        "ActivePlayerCtrl",
        "NonActivePlayerCtrl",
        "EffectSource",
        "Remembered",
        "Imprinted",
        "Defending",
    }
)


def _looks_like_property(prop: str) -> bool:
    return (
        prop in _PROPERTY_WORDS or "Ctrl" in prop or "Own" in prop or "This" in prop or prop.startswith("Is")
    )


def defined_known(text: str, *, players: bool) -> bool:
    """Whether a ``Defined$`` value has a meaning here (for census)."""
    defined = _defined(text)
    if defined.valid is not None:
        return not unknown_properties(_unparse(defined.valid))
    if players and defined.ref == "Player":
        return all(p in ("Opponent", "You", "NonActive") for p in defined.props)
    table = DEFINED_PLAYERS if players else DEFINED_CARDS
    return defined.ref in table and not defined.props


def objects_made(game: Any, run: Callable[[], None]) -> list[int]:
    """Run a move and return the objects it brought into being: the cards it moved,
    as the new objects they became (400.7), and the tokens it created."""
    before = set(game.objects)
    run()
    return [i for i in game.objects if i not in before]
