"""The stateful property test of the reference engine (hypothesis RuleBasedStateMachine),
shared by tests/test_stateful_engine.py (a bounded run in CI) and
benchmarks/stateful_long.py (a long run).

Random sequences of casts (each face, transformed, face down), resolutions, transforms,
converts, melds, blinks, bounces, destroys, exiles, mills, token copies, copy effects,
faces turned up and down, day/night changes, over a pool of DFCs of every layout. After
every step: every card is in exactly one zone, a melded permanent is two cards, exactly
one face is up where it should be (the engine's own ``verify``); mana value follows
the rules, never printed data (202.3b-c, 712.8e, 712.8g); and no player sees anything of a hidden or face-down DFC's faces,
in their view, its JSON, the event log or an error message. Illegal actions raise
IllegalActionError, a documented outcome; any other exception fails."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from rules_support import library

from dfc_plugin.cards import Layout, SymbolKind
from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host import Game, GameObject
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.rules.transform import Action, Cause
from dfc_plugin.state import CopyKind, DfcState, Side, Zone

POOL = [
    "Delver of Secrets", "Brutal Cathar", "Beloved Beggar", "Optimus Prime, Hero", "Valki, God of Lies",
    "Shatterskull Smashing", "Emeria's Call", "Graf Rats", "Midnight Scavengers", "Gisela, the Broken Blade",
    "Bruna, the Fading Light", "Clone", "Elite Vanguard", "Startled Awake", "Invasion of Kylem", "Tithing Blade",
    "Gwen Stacy", "Brightclimb Pathway", "Huntmaster of the Fells", "Search for Azcanta", "Kruin Outlaw",
]  # fmt: skip
ZONES = [Zone.HAND, Zone.LIBRARY, Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE]
HIDDEN_KEYS = {"hidden", "zone", "id", "face_down", "type_line", "power", "toughness"}


def expected_mana_value(state: DfcState) -> int:
    """The mana value rules (202.3b-c, 712.8e-g), written out on their own: back face up -> the front face's; a
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


#: Actions attempted, over every machine run in this process (reported by the long run).
STEPS = [0]


class EngineMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game = Game(players=2, library=library(), check_invariants=True)
        self.steps = 0

    # ------------------------------------------------------------------ helpers
    def ids(self, *zones: Zone) -> list[int]:
        return sorted(o.id for o in self.game.objects.values() if not zones or o.zone in zones)

    def attempt(self, player: int, involved: list[int], call: Any) -> None:
        """Run an action; an illegal one must leave no hidden face name in its message."""
        secrets = self.secret_names(player, involved)
        self.steps += 1
        STEPS[0] += 1
        try:
            call()
        except IllegalActionError as error:
            leaked = [name for name in secrets if name in str(error)]
            if leaked:
                raise AssertionError(f"error message reveals {leaked}: {error}") from error

    def secret_names(self, player: int, involved: list[int]) -> set[str]:
        game = self.game
        visible = self.visible_names(player)
        hidden: set[str] = set()
        for object_id in involved:
            found = game.objects.get(object_id)
            if (
                found is not None
                and not game.may_look(player, found)
                and (found.zone.is_hidden or found.state.face_down)
            ):
                hidden |= face_names(found)
        return hidden - visible

    def visible_names(self, player: int) -> set[str]:
        """Names this player may see anywhere: faces of objects they may look at, and the
        current name of each (a copy shows the name it copies)."""
        names: set[str] = set()
        for found in self.game.objects.values():
            if self.game.may_look(player, found):
                names |= face_names(found)
                shown = self.game.name_of(found.id)
                if shown:
                    names.add(shown)
        return names

    # ------------------------------------------------------------------ set-up
    @initialize(
        cards=st.lists(
            st.tuples(st.sampled_from(POOL), st.sampled_from(ZONES), st.sampled_from([1, 2])),
            min_size=6,
            max_size=10,
        )
    )
    def start(self, cards: list[tuple[str, Zone, int]]) -> None:
        """Every sequence starts with a meld pair on the battlefield and a mix of cards."""
        self.game.add("Graf Rats", Zone.BATTLEFIELD, 1)
        self.game.add("Midnight Scavengers", Zone.BATTLEFIELD, 1)
        for name, zone, player in cards:
            self.game.add(name, zone, player)

    @rule(name=st.sampled_from(POOL), zone=st.sampled_from(ZONES), player=st.sampled_from([1, 2]))
    def add(self, name: str, zone: Zone, player: int) -> None:
        if len(self.game.objects) < 16:
            self.game.add(name, zone, player)

    # ------------------------------------------------------------------ actions
    @precondition(lambda self: self.ids(Zone.HAND, Zone.GRAVEYARD, Zone.EXILE))
    @rule(data=st.data(), player=st.sampled_from([1, 2]), face=st.sampled_from([None, 0, 1]),
          via=st.sampled_from([None, "disturb", "more_than_meets_the_eye", "face_down", "siege"]), x=st.integers(0, 3))  # fmt: skip
    def cast(self, data: st.DataObject, player: int, face: int | None, via: str | None, x: int) -> None:
        target = data.draw(st.sampled_from(self.ids(Zone.HAND, Zone.GRAVEYARD, Zone.EXILE)))
        self.attempt(player, [target], lambda: self.game.cast(player, target, face=face, via=via, x=x))

    @precondition(lambda self: self.ids(Zone.STACK))
    @rule(transformed=st.sampled_from([None, False, True]))
    def resolve(self, transformed: bool | None) -> None:
        self.attempt(1, [], lambda: self.game.resolve(transformed))

    @precondition(lambda self: self.ids(Zone.HAND))
    @rule(data=st.data(), face=st.sampled_from([None, 0, 1]))
    def play_land(self, data: st.DataObject, face: int | None) -> None:
        target = data.draw(st.sampled_from(self.ids(Zone.HAND)))
        player = self.game.active
        self.attempt(player, [target], lambda: self.game.play_land(player, target, face=face))

    @precondition(lambda self: self.ids(Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY))
    @rule(data=st.data(), transformed=st.booleans(), face_down=st.booleans())
    def put_onto_battlefield(self, data: st.DataObject, transformed: bool, face_down: bool) -> None:
        target = data.draw(st.sampled_from(self.ids(Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY)))
        self.attempt(
            1,
            [target],
            lambda: self.game.put_onto_battlefield(target, transformed=transformed, face_down=face_down),
        )

    @precondition(lambda self: self.ids())
    @rule(
        data=st.data(),
        how=st.sampled_from(["transform", "convert"]),
        cause=st.sampled_from(["effect", "daybound"]),
    )
    def transform(self, data: st.DataObject, how: Action, cause: Cause) -> None:
        target = data.draw(st.sampled_from(self.ids()))
        self.attempt(1, [target], lambda: self.game.transform(target, action=how, cause=cause))

    @precondition(lambda self: len(self.ids()) >= 2)
    @rule(data=st.data())
    def meld(self, data: st.DataObject) -> None:
        first, second = data.draw(st.lists(st.sampled_from(self.ids()), min_size=2, max_size=2, unique=True))
        self.attempt(1, [first, second], lambda: self.game.meld(first, second))

    @precondition(lambda self: self.ids(Zone.BATTLEFIELD))
    @rule(
        data=st.data(),
        how=st.sampled_from(
            ["blink", "bounce", "destroy", "exile", "turn_face_down", "turn_face_up", "token_copy"]
        ),
    )
    def permanent_action(self, data: st.DataObject, how: str) -> None:
        target = data.draw(st.sampled_from(self.ids(Zone.BATTLEFIELD)))
        calls: dict[str, Callable[[int], object]] = {
            "blink": self.game.blink,
            "bounce": self.game.bounce,
            "destroy": self.game.destroy,
            "exile": self.game.exile,
            "turn_face_down": self.game.turn_face_down,
            "turn_face_up": self.game.turn_face_up,
            "token_copy": self.game.create_token_copy,
        }
        self.attempt(1, [target], lambda: calls[how](target))

    @precondition(lambda self: self.ids())
    @rule(data=st.data(), zone=st.sampled_from([Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY]))
    def move(self, data: st.DataObject, zone: Zone) -> None:
        target = data.draw(st.sampled_from(self.ids()))
        self.attempt(
            1,
            [target],
            lambda: self.game.move(target, zone, order=data.draw(st.sampled_from([None, [1, 0], [0, 1]]))),
        )

    @precondition(lambda self: self.ids(Zone.HAND, Zone.LIBRARY))
    @rule(data=st.data())
    def exile_face_down(self, data: st.DataObject) -> None:
        target = data.draw(st.sampled_from(self.ids(Zone.HAND, Zone.LIBRARY)))
        self.attempt(1, [target], lambda: self.game.exile_face_down(target, by=2))

    @rule(player=st.sampled_from([1, 2]), count=st.integers(1, 2))
    def mill(self, player: int, count: int) -> None:
        self.attempt(player, [], lambda: self.game.mill(player, count))

    @precondition(lambda self: len(self.ids(Zone.BATTLEFIELD)) >= 2)
    @rule(data=st.data())
    def become_copy(self, data: st.DataObject) -> None:
        target, source = data.draw(
            st.lists(st.sampled_from(self.ids(Zone.BATTLEFIELD)), min_size=2, max_size=2, unique=True)
        )
        self.attempt(1, [target, source], lambda: self.game.become_copy(target, source))

    @rule(value=st.sampled_from(list(DayNight)))
    def day_night(self, value: DayNight) -> None:
        self.attempt(1, [], lambda: self.game.set_day_night(value))

    @rule()
    def next_turn(self) -> None:
        self.attempt(1, [], self.game.next_turn)

    # ------------------------------------------------------------------ invariants
    @invariant()
    def engine_invariants(self) -> None:
        self.game.verify()

    @invariant()
    def mana_value_follows_decision_5(self) -> None:
        for found in self.game.objects.values():
            assert self.game.mana_value(found.id) == expected_mana_value(found.state), found

    @invariant()
    def nothing_hidden_leaks(self) -> None:
        game = self.game
        for player in game.players:
            view = game.view(player)
            visible = self.visible_names(player)
            secrets: set[str] = set()
            for entries in view["zones"].values():
                for entry in entries:
                    if entry.get("hidden"):
                        assert set(entry) <= HIDDEN_KEYS, entry
                        assert entry.get("type_line", "Creature") == "Creature", entry
                        secrets |= face_names(game.objects[entry["id"]]) - visible
            text = json.dumps(view, ensure_ascii=False)
            leaked = sorted(name for name in secrets if name in text)
            assert not leaked, f"player {player}'s view reveals {leaked}"
            for event in game.log:
                if event.private_to is not None and player not in event.private_to:
                    names = {
                        face.name
                        for card_id in event.data.get("card_ids", ())
                        if card_id in game.cards
                        for face in game.cards[card_id].definition.faces
                    }
                    shown = event.line(player)
                    assert not any(name in shown for name in names - visible), (event, shown)
