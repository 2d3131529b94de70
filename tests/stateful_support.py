"""The stateful property test of the reference engine (hypothesis RuleBasedStateMachine),
shared by tests/test_stateful_engine.py (a bounded run in CI) and
benchmarks/stateful_long.py (a long run).

Each step calls one public action of :class:`~dfc_plugin.host.Game` (all of them:
:data:`ACTIONS`, checked against the class by the CI test) with arguments drawn for any
player, the wrong player and a player who is not in the game, on any object: in a hidden
zone, face down, melded, a stale id; into any zone, Zone.OUTSIDE included. Melded
permanents are made and then exiled face down, moved, blinked or destroyed.

After every step:

- every card that was put into the game is in exactly one object of exactly one zone
  (``lost``), and the engine's own ``verify`` holds;
- a refused action raised :class:`IllegalActionError` (or, for a card name the library
  lacks, :class:`CardNotFoundError`; anything else is ``undocumented``) and left the game
  exactly as it was;
- no player reads a name they may not see (a face of a card they may not look at,
  :func:`secret_names`) in their view or its JSON, nor a name that was secret from them
  before and after an action in what the action tells them: the log entries it adds as
  they read them, its error message, its result (``leaked``); a ``fits=`` callback is
  never handed a card its chooser may not look at;
- an action the rules do not let its player do (another player's card cast, a hidden card
  copied, another player's permanent activated: :func:`may_cast`, :func:`copiable`,
  :func:`controls`) is refused (``illegal_done``);
- mana value follows the rules, never printed data (202.3b-c, 712.8e, 712.8g).

:data:`STATS` counts actions and outcomes over every run in this process.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from rules_support import library

from dfc_plugin.cards import Layout, SymbolKind
from dfc_plugin.errors import CardNotFoundError, IllegalActionError
from dfc_plugin.host import Game, GameObject
from dfc_plugin.rules.characteristics import Characteristics
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.transform import Action, Cause
from dfc_plugin.state import CopyKind, DfcState, Side, Zone

POOL = [
    "Delver of Secrets", "Brutal Cathar", "Beloved Beggar", "Optimus Prime, Hero", "Valki, God of Lies",
    "Shatterskull Smashing", "Emeria's Call", "Graf Rats", "Midnight Scavengers", "Gisela, the Broken Blade",
    "Bruna, the Fading Light", "Clone", "Elite Vanguard", "Startled Awake", "Invasion of Kylem", "Tithing Blade",
    "Gwen Stacy", "Brightclimb Pathway", "Huntmaster of the Fells", "Search for Azcanta", "Kruin Outlaw",
    "Blinkmoth Nexus", "Exotic Orchard", "Cragcrown Pathway",
]  # fmt: skip
ZONES = [Zone.HAND, Zone.LIBRARY, Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE]
#: Every zone an action may be asked to use, the ones it must refuse included.
ANY_ZONE = list(Zone)
#: Players 1 and 2 are in the game; 3 is not.
PLAYERS = [1, 2, 3]
HIDDEN_KEYS = {"hidden", "zone", "id", "face_down", "type_line", "power", "toughness"}
#: An object id that is never in the game.
STALE = 10_000
#: Counts over every machine run in this process (reported by the long run).
STATS = {
    "actions": 0, "refused": 0, "lost": 0, "leaked": 0, "undocumented": 0, "illegal_done": 0, "fits_calls": 0,
}  # fmt: skip
#: Per action: [attempts, refusals], over every run in this process.
BY_ACTION: dict[str, list[int]] = {}


def expected_mana_value(state: DfcState) -> int:
    """Mana value as the rules give it (202.3b-c, 712.8e, 712.8g), written out on its own: back face up -> the front face's; a
    copy of a back face or of a melded permanent -> 0; melded -> the sum of the fronts;
    a modal DFC -> the face that is up (the front elsewhere); face down -> 0."""
    if state.face_down:
        return 0
    in_play = state.zone in (Zone.BATTLEFIELD, Zone.STACK)

    def value(face: Any) -> int:
        cost = face.mana_cost
        if cost is None:
            return 0
        xs = sum(1 for s in cost.symbols if s.kind is SymbolKind.VARIABLE)
        return int(cost.mana_value + (state.x * xs if state.zone is Zone.STACK else 0))

    if state.copy_of is not None:
        copied = state.copy_of
        return 0 if copied.kind is not CopyKind.FACE or copied.face is None else value(copied.face)
    faces = state.card.faces
    if not in_play:
        return value(faces[0])
    if state.melded:
        return sum(card.faces[0].mana_value for card in state.cards)
    if state.up is Side.BACK and len(faces) > 1:
        return value(faces[1]) if state.card.layout is Layout.MODAL_DFC else value(faces[0])
    return value(faces[0])


def face_names(found: GameObject) -> set[str]:
    names = {face.name for card in found.cards for face in card.definition.faces}
    if found.state.melded_face is not None:
        names.add(found.state.melded_face.name)
    return names


def visible_names(game: Game, player: int) -> set[str]:
    """Names ``player`` may see anywhere: the faces of objects they may look at, and the
    current name of each (a copy shows the name it copies)."""
    names: set[str] = set()
    for found in game.objects.values():
        if game.may_look(player, found):
            names |= face_names(found)
            shown = game.name_of(found.id)
            if shown:
                names.add(shown)
    return names


def secret_names(game: Game, player: int) -> set[str]:
    """Face names of cards in the game that ``player`` may see nowhere."""
    every = {name for found in game.objects.values() for name in face_names(found)}
    return every - visible_names(game, player)


def fingerprint(game: Game) -> tuple[Any, ...]:
    """Everything an action may change, to compare before and after a refused one."""
    return (
        dict(game.objects),
        {key: list(ids) for key, ids in game.zones.items()},
        dict(game.cards),
        len(game.log),
        (game.turn, game.active, game.day_night, game.spells_cast_last_turn),
        (dict(game.lands_played), dict(game.spells_cast)),
        {player: list(pool) for player, pool in game.mana_pool.items()},
    )


Draw = Callable[["EngineMachine", st.DataObject], tuple[Any, ...] | None]
#: Each public action of Game, and how a step draws its arguments: it returns
#: ``(fits_ok, call)`` or ``(fits_ok, call, allowed)``, or None to skip the step.
#: ``fits_ok``: None if no fits= callback is passed, else whether the callback may see the
#: card; ``allowed``: whether the rules let the acting player do it (if not, it must be
#: refused), worked out before the call from the rules' own words.
ACTIONS: dict[str, Draw] = {}


def registrar(table: dict[str, Draw]) -> Callable[[str], Callable[[Draw], Draw]]:
    """A decorator factory that files a drawer in ``table`` under a name."""

    def named(name: str) -> Callable[[Draw], Draw]:
        def register(draw: Draw) -> Draw:
            table[name] = draw
            return draw

        return register

    return named


drawer = registrar(ACTIONS)


def is_secret(found: GameObject) -> bool:
    """No player may know its face (a hidden zone, 400.2; face down off the battlefield
    and stack, 406.3; on them its face-down values are public, 708.2)."""
    in_play = found.zone in (Zone.BATTLEFIELD, Zone.STACK)
    return found.zone.is_hidden or (found.state.face_down and not in_play)


def may_cast(game: Game, player: int, object_id: int, via: str | None, grouped: bool) -> bool:
    """601.3: only if a rule or effect allows it. An effect's group: cards the player may
    look at; a granted permission (a siege's trigger, 310.11b; "cast it transformed",
    712.11a): the granted player; anything else is the card's own: its owner's."""
    found = game.objects.get(object_id)
    if found is None or player not in game.players:
        return False
    allowed = True
    if via in ("siege", "cast_transformed"):
        allowed = (player, via) in found.permits
    if grouped:
        return allowed and game.may_look(player, found)
    return allowed and found.owner == player


def controls(game: Game, player: int | None, object_id: int) -> bool:
    """602.2: only a permanent's controller activates its abilities (None: no player named)."""
    found = game.objects.get(object_id)
    return player is None or (found is not None and found.controller == player)


def copiable(game: Game, object_id: int) -> bool:
    found = game.objects.get(object_id)
    return found is not None and not is_secret(found)


def _player(data: st.DataObject) -> int:
    return data.draw(st.sampled_from(PLAYERS))


def _maybe_player(data: st.DataObject) -> int | None:
    return data.draw(st.sampled_from([None, *PLAYERS]))


# ---------------------------------------------------------------------- the actions
# Each returns (fits_ok, call): fits_ok is None when no fits= callback is passed, else
# whether the callback may be called (the chooser may look at the card).


@drawer("add")
def _add(m: EngineMachine, data: st.DataObject) -> Any:
    if len(m.game.objects) > 24:
        return None
    name, zone, player = (
        data.draw(st.sampled_from([*POOL, "Incubator"])),
        data.draw(st.sampled_from(ANY_ZONE)),
        _player(data),
    )
    return None, lambda: m.add_card(name, zone, player)


@drawer("move")
def _move(m: EngineMachine, data: st.DataObject) -> Any:
    target, zone = (
        m.some_object(data, Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY),
        data.draw(st.sampled_from(ANY_ZONE)),
    )
    order = data.draw(st.sampled_from([None, None, None, [0], [1, 0], [0, 0]]))
    controller = _maybe_player(data)
    return None, lambda: m.game.move(target, zone, order=order, controller=controller)


def _one_object(name: str) -> None:
    @drawer(name)
    def draw(m: EngineMachine, data: st.DataObject) -> Any:
        target = m.some_object(data, Zone.BATTLEFIELD)
        return None, lambda: getattr(m.game, name)(target)


for _name in ("destroy", "exile", "bounce", "blink", "convert", "turn_face_down", "turn_face_up",
              "defeat_siege"):  # fmt: skip
    _one_object(_name)


def _two_objects(name: str, *zones: Zone) -> None:
    @drawer(name)
    def draw(m: EngineMachine, data: st.DataObject) -> Any:
        first, second = m.some_object(data, *zones), m.some_object(data, *zones)
        return None, lambda: getattr(m.game, name)(first, second)


_two_objects("meld", Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE)
_two_objects("link", Zone.BATTLEFIELD, Zone.EXILE)


@drawer("become_copy")
def _become_copy(m: EngineMachine, data: st.DataObject) -> Any:
    target, source = m.some_object(data, Zone.BATTLEFIELD, Zone.STACK), m.some_object(data, Zone.BATTLEFIELD)
    return None, lambda: m.game.become_copy(target, source), copiable(m.game, source)


@drawer("mill")
def _mill(m: EngineMachine, data: st.DataObject) -> Any:
    player, count = _player(data), data.draw(st.sampled_from([-1, 0, 1, 2]))
    return None, lambda: m.game.mill(player, count)


@drawer("transform")
def _transform(m: EngineMachine, data: st.DataObject) -> Any:
    target = m.some_object(data, Zone.BATTLEFIELD)
    hows: list[Action] = ["transform", "convert"]
    causes: list[Cause] = ["effect", "daybound", "nightbound"]
    how, cause = data.draw(st.sampled_from(hows)), data.draw(st.sampled_from(causes))
    return None, lambda: m.game.transform(target, action=how, cause=cause)


@drawer("exile_face_down")
def _exile_face_down(m: EngineMachine, data: st.DataObject) -> Any:
    target, by = (
        m.some_object(data, Zone.BATTLEFIELD, Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD),
        _maybe_player(data),
    )
    return None, lambda: m.game.exile_face_down(target, by=by)


@drawer("create_token_copy")
def _token_copy(m: EngineMachine, data: st.DataObject) -> Any:
    target, controller = (
        m.some_object(data, Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD),
        _maybe_player(data),
    )
    return None, lambda: m.game.create_token_copy(target, controller), copiable(m.game, target)


@drawer("create_token")
def _create_token(m: EngineMachine, data: st.DataObject) -> Any:
    name = data.draw(st.sampled_from(["Incubator", "Delver of Secrets", "no such card"]))
    controller, counters = _player(data), data.draw(st.sampled_from([-1, 0, 2]))
    return None, lambda: m.game.create_token(name, controller, counters)


@drawer("copy_spell")
def _copy_spell(m: EngineMachine, data: st.DataObject) -> Any:
    target, controller = m.some_object(data, Zone.STACK), _maybe_player(data)
    return None, lambda: m.game.copy_spell(target, controller)


@drawer("add_effect")
def _add_effect(m: EngineMachine, data: st.DataObject) -> Any:
    target, power = m.some_object(data, Zone.BATTLEFIELD), data.draw(st.integers(-2, 2))
    return None, lambda: m.game.add_effect(target, power, power)


@drawer("add_counters")
def _add_counters(m: EngineMachine, data: st.DataObject) -> Any:
    target, count = (
        m.some_object(data, Zone.BATTLEFIELD, Zone.EXILE),
        data.draw(st.sampled_from([-1, 0, 1, 2])),
    )
    kind = data.draw(st.sampled_from(["P1P1", "M1M1", "DEFENSE"]))
    return None, lambda: m.game.add_counters(target, kind, count)


@drawer("remove_counters")
def _remove_counters(m: EngineMachine, data: st.DataObject) -> Any:
    target, count = (
        m.some_object(data, Zone.BATTLEFIELD, Zone.EXILE),
        data.draw(st.sampled_from([-1, 0, 1, 3])),
    )
    kind = data.draw(st.sampled_from(["P1P1", "LOYALTY", "DEFENSE"]))
    return None, lambda: m.game.remove_counters(target, kind, count)


@drawer("choose_name")
def _choose_name(m: EngineMachine, data: st.DataObject) -> Any:
    target = m.some_object(data, Zone.BATTLEFIELD, Zone.STACK)
    name = data.draw(
        st.sampled_from(["Chittering Host", "Insectile Aberration", "Delver of Secrets", "nothing"])
    )
    m.announced.add(name)
    return None, lambda: m.game.choose_name(target, name)


@drawer("craft")
def _craft(m: EngineMachine, data: st.DataObject) -> Any:
    target, player = m.some_object(data, Zone.BATTLEFIELD), _maybe_player(data)
    materials = [m.some_object(data, Zone.BATTLEFIELD) for _ in range(data.draw(st.integers(0, 2)))]
    return None, lambda: m.game.craft(target, materials, player=player), controls(m.game, player, target)


@drawer("cast")
def _cast(m: EngineMachine, data: st.DataObject) -> Any:
    target = m.some_object(data, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE)
    player = m.owner_mostly(data, target)
    face = data.draw(st.sampled_from([None, None, 0, 1, "Insectile Aberration"]))
    via = data.draw(st.sampled_from([None, None, None, "normal", "modal", "disturb", "more_than_meets_the_eye",
                                     "face_down", "siege", "cast_transformed", "no such permission"]))  # fmt: skip
    x = data.draw(st.sampled_from([0, 2, -1]))
    linked_to = data.draw(st.sampled_from([None, None, m.some_object(data, Zone.BATTLEFIELD)]))
    fits = data.draw(st.sampled_from([None, None, m.fits]))
    fits_ok = None if fits is None else m.fits_allowed(player, target, searching=False)
    allowed = may_cast(m.game, player, target, via, linked_to is not None or fits is not None)
    return (
        fits_ok,
        lambda: m.game.cast(player, target, face=face, via=via, x=x, linked_to=linked_to, fits=fits),
        allowed,
    )


@drawer("resolve")
def _resolve(m: EngineMachine, data: st.DataObject) -> Any:
    transformed = data.draw(st.sampled_from([None, False, True]))
    return None, lambda: m.game.resolve(transformed)


@drawer("play_land")
def _play_land(m: EngineMachine, data: st.DataObject) -> Any:
    target = m.some_object(data, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE)
    player = m.game.active if data.draw(st.integers(0, 2)) else _player(data)
    face = data.draw(st.sampled_from([None, 0, 1]))
    linked_to = data.draw(st.sampled_from([None, m.some_object(data)]))
    fits = data.draw(st.sampled_from([None, m.fits]))
    fits_ok = None if fits is None else m.fits_allowed(player, target, searching=False)
    allowed = may_cast(m.game, player, target, None, linked_to is not None or fits is not None)
    return (
        fits_ok,
        lambda: m.game.play_land(player, target, face=face, linked_to=linked_to, fits=fits),
        allowed,
    )


@drawer("put_onto_battlefield")
def _put(m: EngineMachine, data: st.DataObject) -> Any:
    target, controller = (
        m.some_object(data, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY),
        _maybe_player(data),
    )
    transformed, face_down = data.draw(st.booleans()), data.draw(st.booleans())
    fits = data.draw(st.sampled_from([None, m.fits]))
    found = m.game.objects.get(target)
    chooser = controller if controller is not None else (found.owner if found else None)
    fits_ok = None if fits is None else m.fits_allowed(chooser, target, searching=True)
    return fits_ok, lambda: m.game.put_onto_battlefield(
        target, transformed=transformed, face_down=face_down, fits=fits, controller=controller
    )


@drawer("activate_mana_ability")
def _mana(m: EngineMachine, data: st.DataObject) -> Any:
    target = m.some_object(data, Zone.BATTLEFIELD)
    player = None if data.draw(st.booleans()) else _maybe_player(data)
    index, color = data.draw(st.sampled_from([0, 0, 1, -1])), data.draw(st.sampled_from([None, "G", "U"]))
    allowed = controls(m.game, player, target)
    return None, lambda: m.game.activate_mana_ability(target, index, color, player=player), allowed


@drawer("permit_cast")
def _permit(m: EngineMachine, data: st.DataObject) -> Any:
    target, player = m.some_object(data, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY), _player(data)
    via = data.draw(st.sampled_from(["cast_transformed", "siege", "disturb"]))
    return None, lambda: m.game.permit_cast(target, player, via)


@drawer("set_day_night")
def _day_night(m: EngineMachine, data: st.DataObject) -> Any:
    value = data.draw(st.sampled_from([*DayNight, "dusk"]))
    return None, lambda: m.game.set_day_night(value)


@drawer("next_turn")
def _next_turn(m: EngineMachine, data: st.DataObject) -> Any:
    return None, m.game.next_turn


@drawer("note_spell_cast")
def _note(m: EngineMachine, data: st.DataObject) -> Any:
    player = _player(data)
    return None, lambda: m.game.note_spell_cast(player)


# ---------------------------------------------------------------------- the intrusions
Intrusion = Callable[["EngineMachine", st.DataObject, int, int], tuple[Any, ...] | None]
#: Actions a player tries on a card hidden from them (``target``; drawn by
#: :func:`secret_target`), or on a permanent another player controls: each must be
#: refused unless the rules allow it. Each returns what a :data:`ACTIONS` drawer returns.
INTRUSIONS: dict[str, Intrusion] = {}


def intrusion(name: str) -> Callable[[Intrusion], Intrusion]:
    def register(draw: Intrusion) -> Intrusion:
        INTRUSIONS[name] = draw
        return draw

    return register


def secret_target(m: EngineMachine, data: st.DataObject) -> tuple[int, int] | None:
    """A card some player may not see, and a player (not one who may look) who tries."""
    game = m.game
    targets = sorted(o.id for o in game.objects.values() if is_secret(o) or o.state.face_down)
    if not targets:
        return None
    target = data.draw(st.sampled_from(targets))
    blind = [p for p in PLAYERS if p not in game.players or not game.may_look(p, game.objects[target])]
    return (target, data.draw(st.sampled_from(blind))) if blind else None


@intrusion("cast")
def _cast_hidden(m: EngineMachine, data: st.DataObject, target: int, player: int) -> Any:
    via = data.draw(st.sampled_from([None, "siege", "cast_transformed", "disturb", "face_down",
                                     "more_than_meets_the_eye", "normal"]))  # fmt: skip
    fits = data.draw(st.sampled_from([None, m.fits]))
    face = data.draw(st.sampled_from([None, 0, 1]))
    allowed = may_cast(m.game, player, target, via, fits is not None)
    fits_ok = None if fits is None else m.fits_allowed(player, target, searching=False)
    return fits_ok, lambda: m.game.cast(player, target, via=via, fits=fits, face=face), allowed


@intrusion("play_land")
def _play_hidden(m: EngineMachine, data: st.DataObject, target: int, player: int) -> Any:
    fits = data.draw(st.sampled_from([None, m.fits]))
    fits_ok = None if fits is None else m.fits_allowed(player, target, searching=False)
    allowed = may_cast(m.game, player, target, None, fits is not None)
    return fits_ok, lambda: m.game.play_land(player, target, fits=fits), allowed


@intrusion("put_onto_battlefield")
def _put_hidden(m: EngineMachine, data: st.DataObject, target: int, player: int) -> Any:
    fits_ok = m.fits_allowed(player, target, searching=True)
    return fits_ok, lambda: m.game.put_onto_battlefield(target, controller=player, fits=m.fits)


@intrusion("copy")
def _copy_hidden(m: EngineMachine, data: st.DataObject, target: int, player: int) -> Any:
    clone = data.draw(st.sampled_from(sorted(o.id for o in m.game.battlefield()) or [target]))
    if data.draw(st.booleans()):
        return None, lambda: m.game.create_token_copy(target, player), copiable(m.game, target)
    return None, lambda: m.game.become_copy(clone, target), copiable(m.game, target)


@intrusion("activate")
def _activate_theirs(m: EngineMachine, data: st.DataObject, target: int, player: int) -> Any:
    """Another player's permanent (not ``target``): activated by someone else (602.2)."""
    permanents = sorted(o.id for o in m.game.battlefield())
    if not permanents:
        return None
    permanent = data.draw(st.sampled_from(permanents))
    other = data.draw(st.sampled_from([p for p in PLAYERS if p != m.game.objects[permanent].controller]))
    if data.draw(st.booleans()):
        return None, lambda: m.game.craft(permanent, [], player=other), False
    return None, lambda: m.game.activate_mana_ability(permanent, 0, player=other), False


class EngineMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game = Game(players=2, library=library(), check_invariants=True)
        self.real_cards: set[int] = set()
        self.fits_seen: list[Characteristics] = []
        #: Names a player said aloud (a chosen name, 712.19): no longer secret.
        self.announced: set[str] = set()

    # ------------------------------------------------------------------ helpers
    def some_object(self, data: st.DataObject, *likely: Zone) -> int:
        """Any object in the game, or one that is not; mostly one in the ``likely``
        zones (where the action may succeed), if there is one."""
        fitting = sorted(o.id for o in self.game.objects.values() if o.zone in likely)
        if fitting and data.draw(st.integers(0, 3)) > 0:
            return data.draw(st.sampled_from(fitting))
        return data.draw(st.sampled_from([*sorted(self.game.objects), STALE]))

    def owner_mostly(self, data: st.DataObject, object_id: int) -> int:
        """The object's owner, mostly; else any player, one not in the game included."""
        found = self.game.objects.get(object_id)
        if found is not None and data.draw(st.integers(0, 2)) > 0:
            return found.owner
        return _player(data)

    def fits(self, seen: Characteristics) -> bool:
        """A ``fits=`` callback that records what it was handed."""
        self.fits_seen.append(seen)
        STATS["fits_calls"] += 1
        return seen.type_line.is_permanent

    def add_card(self, name: str, zone: Zone, player: int) -> int:
        made = self.game.add(name, zone, player)
        self.real_cards.update(card.id for card in self.game.objects[made].cards)
        return made

    def fits_allowed(self, chooser: int | None, object_id: int, searching: bool) -> bool:
        found = self.game.objects.get(object_id)
        if found is None or chooser not in self.game.players:
            return False
        own_library = searching and found.zone is Zone.LIBRARY and found.owner == chooser
        return self.game.may_look(chooser, found) or own_library

    def attempt(
        self, name: str, call: Callable[[], object], fits_ok: bool = True, allowed: bool = True
    ) -> None:
        """Run one action and check what it must keep (see the module docstring). A name
        secret from a player both before and after the action must not appear in what
        the action tells them: the log entries it adds, its error or its result."""
        game = self.game
        STATS["actions"] += 1
        counts = BY_ACTION.setdefault(name, [0, 0])
        counts[0] += 1
        before, logged = fingerprint(game), len(game.log)
        secret_before = {player: secret_names(game, player) - self.announced for player in game.players}
        self.fits_seen = []
        told = ""
        try:
            result = call()
        except (IllegalActionError, CardNotFoundError) as error:
            STATS["refused"] += 1
            counts[1] += 1
            if fingerprint(game) != before:
                STATS["undocumented"] += 1
                raise AssertionError(f"a refused action changed the game: {error}") from error
            told = str(error)
        except Exception as error:
            STATS["undocumented"] += 1
            raise AssertionError(f"undocumented {type(error).__name__}: {error}") from error
        else:
            told = " ".join([getattr(result, "reason", ""), *getattr(result, "notes", ())])
            if not allowed:
                STATS["illegal_done"] += 1
                raise AssertionError(f"{name} was done, but the rules do not let that player do it: {told}")
        for player in game.players:
            secrets = secret_before[player] & secret_names(game, player)
            entries = [event.line(player) for event in game.log[logged:]]
            for text, where in [(told, "the action's error or result"), *((e, "the log") for e in entries)]:
                leaked = sorted(name for name in secrets if name in text)
                if leaked:
                    STATS["leaked"] += 1
                    raise AssertionError(f"{where} reveals {leaked} to player {player}: {text}")
        if self.fits_seen and not fits_ok:
            STATS["leaked"] += 1
            raise AssertionError(f"a fits= callback saw a hidden card: {[c.name for c in self.fits_seen]}")

    # ------------------------------------------------------------------ set-up
    @initialize(
        cards=st.lists(
            st.tuples(st.sampled_from(POOL), st.sampled_from(ZONES), st.sampled_from([1, 2])),
            min_size=6,
            max_size=10,
        )
    )
    def start(self, cards: list[tuple[str, Zone, int]]) -> None:
        """Every sequence starts with a melded permanent, a meld pair on the battlefield
        and a mix of cards in every zone."""
        self.meld_pair(1)
        self.add_card("Invasion of Kylem", Zone.BATTLEFIELD, 2)
        self.add_card("Tithing Blade", Zone.BATTLEFIELD, 1)
        self.add_card("Exotic Orchard", Zone.BATTLEFIELD, 2)
        self.add_card("Graf Rats", Zone.BATTLEFIELD, 1)
        self.add_card("Midnight Scavengers", Zone.BATTLEFIELD, 1)
        for name, zone, player in cards:
            self.add_card(name, zone, player)

    def meld_pair(self, player: int) -> int:
        rats = self.add_card("Graf Rats", Zone.BATTLEFIELD, player)
        scavengers = self.add_card("Midnight Scavengers", Zone.BATTLEFIELD, player)
        return self.game.meld(rats, scavengers).object

    # ------------------------------------------------------------------ steps
    @rule(data=st.data(), name=st.sampled_from(sorted(ACTIONS)))
    def act(self, data: st.DataObject, name: str) -> None:
        self.run_drawn(name, ACTIONS[name](self, data))

    @rule(data=st.data(), name=st.sampled_from(sorted(INTRUSIONS)))
    def intrude(self, data: st.DataObject, name: str) -> None:
        """A player tries an action on a card hidden from them, or on another player's
        permanent (issue 9, item 3)."""
        drawn = secret_target(self, data)
        if drawn is not None:
            self.run_drawn(f"intrude: {name}", INTRUSIONS[name](self, data, *drawn))

    def run_drawn(self, name: str, drawn: tuple[Any, ...] | None) -> None:
        if drawn is not None:
            fits_ok, call, *allowed = drawn
            self.attempt(name, call, fits_ok is None or bool(fits_ok), all(allowed))

    @rule(
        data=st.data(),
        player=st.sampled_from([1, 2]),
        then=st.sampled_from(["exile_face_down", "move", "blink", "destroy", "exile", "bounce"]),
    )
    def melded_leaves(self, data: st.DataObject, player: int, then: str) -> None:
        """A melded permanent goes face down into exile, or anywhere: two cards (712.21)."""
        if len(self.game.objects) > 24:
            return
        host = self.meld_pair(player)
        game = self.game
        calls: dict[str, Callable[[], object]] = {
            "exile_face_down": lambda: game.exile_face_down(host, by=_maybe_player(data)),
            "move": lambda: game.move(host, data.draw(st.sampled_from(ANY_ZONE)), order=data.draw(
                st.sampled_from([None, [0, 1], [1, 0], [0]]))),
            "blink": lambda: game.blink(host),
            "destroy": lambda: game.destroy(host),
            "exile": lambda: game.exile(host),
            "bounce": lambda: game.bounce(host),
        }  # fmt: skip
        self.attempt(f"melded then {then}", calls[then])

    # ------------------------------------------------------------------ invariants
    @invariant()
    def nothing_lost(self) -> None:
        game = self.game
        game.verify()
        held = [card.id for found in game.objects.values() for card in found.cards]
        lost = self.real_cards - set(held)
        doubled = len(held) != len(set(held))
        if lost or doubled:
            STATS["lost"] += 1
            raise AssertionError(f"cards {sorted(lost)} are lost" if lost else "a card is in two objects")

    @invariant()
    def mana_value_follows_decision_5(self) -> None:
        for found in self.game.objects.values():
            assert self.game.mana_value(found.id) == expected_mana_value(found.state), found

    @invariant()
    def nothing_hidden_leaks(self) -> None:
        game = self.game
        for player in game.players:
            view = game.view(player)
            secrets = secret_names(game, player)
            for entries in view["zones"].values():
                for entry in entries:
                    if entry.get("hidden"):
                        assert set(entry) <= HIDDEN_KEYS, entry
                        assert entry.get("type_line", "Creature") == "Creature", entry
            text = json.dumps(view, ensure_ascii=False)
            leaked = sorted(name for name in secrets if name in text)
            if leaked:
                STATS["leaked"] += 1
                raise AssertionError(f"player {player}'s view reveals {leaked}")
