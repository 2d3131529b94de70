"""phase.rs (PyPI ``phase-python``) as a conformance driver: ``--engine phase``.

phase.rs is a Rust rules engine with Python bindings. This driver plays each scenario on
it through its public API, and translates only what the two interfaces name differently:

- **Set-up.** phase makes a game only from non-empty decks and deals opening hands, so
  the driver collects the set-up (``add``) and builds the game in ``setup_done``: each
  player's deck is their set-up cards and filler (:data:`carddata.FILLER`), both keep
  their hands, then phase's debug interface (``Debug`` actions, gated on
  ``state.debug_mode``) puts each set-up card where the scenario says, and the game is
  set to player 1's precombat main phase with player 1 holding priority. Filler is
  never named in an answer.
- **Actions** are phase's own where it has one (``Transform``, ``CastSpell``,
  ``PlayLand``, ``PassPriority``); zone changes that an effect would make (destroy,
  exile, bounce, put onto the battlefield) are phase's debug ``MoveToZone`` with
  ``simulate`` on, which runs its full zone-change pipeline (triggers, state-based
  actions); ``set_day_night`` and ``next_turn``'s spell count are state edits.
- **Questions** read phase's object records. phase has no mana-value field: the mana
  value is computed from the object's current ``mana_cost`` (generic plus one per
  coloured, hybrid or Phyrexian symbol, two for a {2/W} symbol, X as 0).
- phase cites no rules, so only what happened is compared. A scenario on a card phase
  has no data path for (meld cards: docs/engines/phase.md, "Meld, checked") or with an
  argument phase can't be asked (cast "via" a permission, more than two players) is
  ``unsupported``.
- Clone-like cards, the played game (``phase_play``) and questions about a card as a
  card (``phase_cards``): see docs/engines/phase.md, "How the driver plays a scenario".

Its known gaps (``phase_gaps.toml``) list each real disagreement, with the rule;
``docs/engines/phase.md`` explains them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from dfc_plugin.cards import Layout
from dfc_plugin.conformance.driver import (
    ActResult,
    Capabilities,
    Player,
    Refused,
    Unsupported,
    _shared_library,
)
from dfc_plugin.drivers import phase_play as play
from dfc_plugin.drivers import phase_records as rec
from dfc_plugin.drivers.carddata import FILLER, CardData, card_data
from dfc_plugin.drivers.phase_cards import faces_offered
from dfc_plugin.drivers.phase_choices import Choices
from dfc_plugin.drivers.phase_records import mana_value
from dfc_plugin.errors import CardNotFoundError, DriverError
from dfc_plugin.script.library import Library
from dfc_plugin.script.resources import package_path

__all__ = ["CAPABILITIES", "KNOWN_GAPS", "PhaseDriver", "mana_value"]

#: The known-gaps file of this driver (strict: a gap phase fixes fails the run).
KNOWN_GAPS = package_path("drivers", "phase_gaps.toml")


def _transformed(events: Sequence[Mapping[str, Any]]) -> tuple[_Handle, ...]:
    """Handles of the objects that transformed (a daybound permanent at nightfall)."""
    ids = dict.fromkeys(int(e["data"]["object_id"]) for e in events if e.get("type") == "Transformed")
    return tuple(_Handle(i) for i in ids)


CAPABILITIES = Capabilities(
    actions=frozenset(
        {
            "transform",
            "cast",
            "resolve",
            "play_land",
            "put_onto_battlefield",
            "move",
            "destroy",
            "exile",
            "bounce",
            "mill",
            "next_turn",
            "set_day_night",
            "add_counters",
            "convert",
            "blink",
            "add_effect",
            "add_effect.keywords",
            "become_copy",
            "token_copy",
            "create_token",
            "turn_face_down",
            "copy_spell",
            "activate_mana_ability",
            "pass",
            "advance",
            "activate",
            "choose",
            "setup.counters",
            "setup.loyalty",
            "game.life",
            "game.active",
            "game.step",
            "game.mana",
        }
    ),
    questions=frozenset(
        {
            "object.name",
            "object.mana_value",
            "object.zone",
            "object.up",
            "object.face_down",
            "object.transformed",
            "object.double_faced",
            "object.power",
            "object.toughness",
            "object.types",
            "object.subtypes",
            "object.colors",
            "object.tapped",
            "object.controller",
            "object.token",
            "object.copy_of",
            "object.can_transform",
            "object.could_produce",
            "object.mana_abilities",
            "object.can_pay_tap_cost",
            "object.can_activate",
            "zone.names",
            "zone.count",
            "game.day_night",
            "card.mana_value",
            "card.color_identity",
            "game.mana_pool",
            "game.life",
            "game.stack",
            "game.step",
            "game.turn",
            "game.active",
            "object.counters",
            "object.keywords",
            "object.supertypes",
            "object.damage",
            "object.loyalty",
            "card.cast_faces",
            "card.land_faces",
        }
    ),
    editions=frozenset({"current"}),
    cites_rules=False,
)


def _version() -> str:
    try:
        return metadata.version("phase-python")
    except metadata.PackageNotFoundError:
        return "not installed"


@cache
def _engine(extra: tuple[str, ...]) -> tuple[Any, CardData, Library]:
    """phase's engine loaded with the card data of our library (built once a process)."""
    try:
        import phase
    except ImportError:
        raise DriverError("phase.rs is not installed: pip install 'dfc-plugin[phase]'") from None
    library = _shared_library(extra)
    data = card_data(library.cards())
    return phase.Engine.from_json(json.dumps(data.faces)), data, library


@dataclass(eq=False)
class _Handle:
    """One object as the scenario knows it: phase's id, and the incarnation it had
    (phase keeps an object's id across zones and bumps its incarnation, 400.7)."""

    id: int = -1
    incarnation: int = 0

    def __repr__(self) -> str:
        return f"phase#{self.id}.{self.incarnation}"


@dataclass
class _Pending:
    card: str
    zone: str
    player: int
    options: Mapping[str, Any]
    handle: _Handle = field(default_factory=_Handle)


class PhaseDriver:
    """A conformance driver for phase.rs (see the module docstring)."""

    name = f"phase.rs (phase-python {_version()})"
    known_gaps = KNOWN_GAPS

    def __init__(self) -> None:
        self._extra: tuple[str, ...] = ()
        self._pending: list[_Pending] = []
        self._filler: set[int] = set()
        self._log: list[str] = []
        #: Clone-like cards set up on the battlefield, waiting in exile to enter as a copy.
        self._waiting: dict[int, _Pending] = {}
        #: Whether the played game has started (``phase_play``): triggers then stay.
        self.playing = False
        #: Tokens phase's CopyTokenOf made: their printed face is the face they copy.
        self._token_copies: set[int] = set()
        self._game_settings: dict[str, Any] | None = None
        #: Answers the driver gives phase's next prompts (see ``_settle``).
        self._prefer: Callable[[Mapping[str, Any], Sequence[Any]], Any] | None = None
        #: The answers of the scenario's ``choose`` steps (``phase_choices``).
        self.choices = Choices(name_of=lambda i: str((self._find(i) or {}).get("name")))
        self.game: Any = None

    def capabilities(self) -> Capabilities:
        return CAPABILITIES

    def use_libraries(self, paths: Sequence[Path]) -> None:
        self._extra = tuple(str(p) for p in paths)

    # ------------------------------------------------------------------ set-up
    def start(self, edition: str, players: int) -> None:
        if players != 2:
            raise Unsupported(f"this driver plays two-player games, not {players}")
        _engine(self._extra)

    def add(self, card: str, zone: str, player: int, options: Mapping[str, Any]) -> Any:
        _, data, library = _engine(self._extra)
        try:
            definition = library.get(card)
        except CardNotFoundError as error:
            raise DriverError(
                f"{error}: write its Forge script (from its Oracle text) in a folder and pass "
                "--library FOLDER (pytest: --dfc-library FOLDER)"
            ) from None
        if definition.name in data.skipped:
            raise Unsupported(f"{definition.name}: {data.skipped[definition.name]}")
        if zone not in ("library", "hand", "battlefield", "graveyard", "exile"):
            raise Unsupported(f"set-up in the {zone} zone")
        if options.get("up") == "back" and (
            zone != "battlefield" or definition.layout not in (Layout.TRANSFORM, Layout.MODAL_DFC)
        ):
            raise Unsupported("a back face up outside the battlefield, or of a card that does not transform")
        pending = _Pending(definition.front.name, zone, player, options)
        self._pending.append(pending)
        return pending.handle

    def setup_game(self, settings: Mapping[str, Any]) -> None:
        """``[scenario.game]`` (life, active player, step): see ``phase_play``."""
        extra = sorted(set(settings) - {"life", "active", "step", "mana"})
        if extra:
            raise Unsupported(f"[scenario.game] with {', '.join(extra)}")
        self._game_settings = dict(settings)  # applied once setup_done has built the game

    def setup_done(self) -> None:
        """Build the game from decks, then place every set-up card (see the module
        docstring)."""
        self._build_game()
        self._place_all()
        self._debug("SetPhase", phase="PreCombatMain", active_player=0)
        modal = [pending for pending in self._pending if self._modal_back(pending)]
        for pending in modal:
            self._enter_back_face_up(pending)
        if modal:
            self._edit(rec.fresh_turn)
            self._edit(rec.without_added_mana)
        for pending in self._pending:
            if pending.handle.id in self._waiting:
                continue
            try:
                self._options(pending)
            except ValueError as error:
                raise Unsupported(f"this set-up: phase's debug interface refuses it ({error})") from None
            pending.handle.incarnation = self._object(pending.handle.id).get("incarnation", 0)
        if self._game_settings is not None:
            play.set_up_game(self, self._game_settings)

    def _build_game(self) -> None:
        """phase's game from each player's set-up cards and filler, hands kept, its
        debug interface on."""
        engine, _, _ = _engine(self._extra)
        decks: list[list[str]] = [[], []]
        for pending in self._pending:
            decks[pending.player - 1].append(pending.card)
        self.game = engine.new_game(
            decks[0] + [FILLER] * rec.DECK_FILLER,
            decks[1] + [FILLER] * rec.DECK_FILLER,
            seed=1,
            first_player=0,
        )
        self._keep_hands()
        self._edit(lambda state: state.update(debug_mode=True))

    def _place_all(self) -> None:
        """Each set-up card to its zone (raw, no triggers); the filler dealt into the
        hands back to the libraries, under the set-up's library cards."""
        free = sorted(self._state()["objects"].values(), key=lambda o: int(o["id"]))
        self._filler = {int(o["id"]) for o in free if o["name"] == FILLER}
        for seat in (0, 1):
            for object_id in list(self.game.player(seat)["hand"]):
                if object_id in self._filler:
                    self._debug("MoveToZone", object_id=object_id, to_zone="Library", simulate=False)
        for pending in self._pending:
            found = next(
                o
                for o in free
                if o["owner"] == pending.player - 1 and o["name"] == pending.card and o["zone"] != "placed"
            )
            found["zone"] = "placed"
            pending.handle.id = int(found["id"])
            zone = "hand" if self._modal_back(pending) else pending.zone
            if zone == "battlefield" and rec.enters_as_copy(found):
                zone = "exile"
                self._waiting[pending.handle.id] = pending
            self._debug("MoveToZone", object_id=pending.handle.id, to_zone=rec.ZONES[zone], simulate=False)
        stacked = [p.handle.id for p in self._pending if p.zone == "library"]
        if stacked:
            self._edit(lambda state: rec.on_top(state, stacked))

    def _modal_back(self, pending: _Pending) -> bool:
        _, _, library = _engine(self._extra)
        return pending.options.get("up") == "back" and library.get(pending.card).layout is Layout.MODAL_DFC

    def _enter_back_face_up(self, pending: _Pending) -> None:
        """A modal DFC set up with its back face up on the battlefield: phase puts one
        there only by playing or casting that face (712.14b), so it is played (a land) or
        cast and resolved from its owner's hand; ``rec.fresh_turn`` then forgets the land
        play and the spell, as the set-up stands for a turn where nothing was done yet."""
        seat = pending.player - 1
        handle = pending.handle
        self._debug("SetPhase", phase="PreCombatMain", active_player=seat)
        self._debug("AddMana", player_id=seat, mana=rec.PLENTY)
        _, _, library = _engine(self._extra)
        kind = "PlayLand" if library.get(pending.card).faces[1].type_line.has("Land") else "CastSpell"
        offer = next(
            (a for a in self.game.actions() if a.kind == kind and a.data["object_id"] == handle.id),
            None,
        )
        if offer is None:
            raise Unsupported(f"{pending.card} with its back face up: phase offers no way to play it")
        self._record(self.game.apply(seat, offer))
        self._answer_cast_prompts(seat, True, "modal")
        stack = self.game.stack()
        if stack:
            self._until_resolved(int(stack[-1]["id"]))
        self._settle()
        self._drop_triggers()
        if self._object(handle.id)["zone"] != "Battlefield":
            raise Unsupported(
                f"{pending.card} with its back face up: phase did not put it onto the battlefield"
            )
        self._debug("SetPhase", phase="PreCombatMain", active_player=0)

    def _options(self, pending: _Pending) -> None:
        handle = pending.handle
        options = pending.options
        if pending.zone == "battlefield":
            self._debug("SetSummoningSickness", object_id=handle.id, sick=bool(options.get("sick", False)))
        if options.get("tapped"):
            self._debug("SetTapped", object_id=handle.id, tapped=True)
        if options.get("face_down"):
            self._debug("SetFaceState", object_id=handle.id, face_down=True, transformed=None, flipped=None)
        if options.get("up") == "back" and not self._modal_back(pending):
            self._as_priority(pending.player - 1)
            self._apply("Transform", object_id=handle.id)
            self._as_priority(0)
        self._set_up_counters(pending)

    def _set_up_counters(self, pending: _Pending) -> None:
        """The set-up's ``counters`` (phase's own PutCounter, before the game starts, so
        what it triggers is taken off) and ``loyalty`` (a state edit of phase's loyalty,
        which it keeps apart from counters)."""
        counted = pending.options.get("counters") or "loyalty" in pending.options
        if pending.zone != "battlefield" and counted:
            raise Unsupported("counters on a set-up card outside the battlefield")
        for kind, count in (pending.options.get("counters") or {}).items():
            self._add_counters({"object": pending.handle, "kind": str(kind), "count": int(count)})
        if "loyalty" in pending.options:
            loyalty = int(pending.options["loyalty"])
            self._edit(lambda state: _set_loyalty(state["objects"][str(pending.handle.id)], loyalty))

    def _keep_hands(self) -> None:
        for _ in range(8):
            waiting = self.game.waiting_for()
            if waiting.get("type") != "MulliganDecision":
                return
            seat = waiting["data"]["pending"][0]["player"]
            keep = next(
                a for a in self.game.actions() if (a.data or {}).get("choice", {}).get("type") == "Keep"
            )
            self.game.apply(seat, keep)
        raise DriverError("phase.rs kept asking for mulligan decisions")

    # ------------------------------------------------------------------ phase's API
    def _state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.game.state()["state"]
        return state

    def _edit(self, change: Callable[[dict[str, Any]], Any]) -> None:
        """A state edit: change phase's exported state and load it back."""
        engine, _, _ = _engine(self._extra)
        snapshot = self.game.state()
        change(snapshot["state"])
        self.game = engine.load_game(snapshot)

    def _as_priority(self, seat: int) -> None:
        """Give ``seat`` priority (a state edit) so it may take an action."""
        if self.game.priority_player() == seat and self.game.waiting_for().get("type") == "Priority":
            return

        def give(state: dict[str, Any]) -> None:
            state["priority_player"] = seat
            state["waiting_for"] = {"type": "Priority", "data": {"player": seat}}

        self._edit(give)

    def _apply(self, kind: str, seat: int | None = None, **data: Any) -> Any:
        import phase

        action = phase.GameAction.from_dict({"type": kind, "data": data} if data else {"type": kind})
        actor = self.game.priority_player() if seat is None else seat
        result = self.game.apply(actor, action)
        self._record(result)
        return result

    def _debug(self, kind: str, **data: Any) -> Any:
        return self._apply("Debug", 0, **({"type": kind, "data": data} if data else {"type": kind}))

    def _record(self, result: Any) -> None:
        for event in result.events:
            self._log.append(f"{event.get('type')}: {json.dumps(event.get('data'), default=str)[:200]}")

    def _settle(self) -> None:
        """Answer every prompt phase raises after an action (the targets of a trigger,
        an optional trigger) with its most harmless offer, until someone has priority
        again: a trigger's damage must not kill a scenario's objects."""
        for _ in range(32):
            waiting = self.game.waiting_for()
            if waiting.get("type") in ("Priority", "GameOver"):
                return
            offers = self.game.actions()
            if not offers:
                return
            seat = (waiting.get("data") or {}).get("player", self.game.priority_player())
            chosen = self._prefer(waiting, offers) if self._prefer else None
            if chosen is None:
                chosen = self.choices.answer(waiting, offers)
            self._record(self.game.apply(seat, chosen or min(offers, key=rec.harmless)))
        raise DriverError(f"phase.rs kept prompting: {self.game.waiting_for()}")

    def _find(self, object_id: int) -> dict[str, Any] | None:
        """phase's record of an object, or None once it is gone (a token that left the
        battlefield): phase raises ValueError for an unknown id."""
        try:
            found: dict[str, Any] | None = self.game.object(object_id)
        except ValueError:
            return None
        return found

    def _object(self, object_id: int) -> dict[str, Any]:
        found = self._find(object_id)
        if found is None:
            raise DriverError(f"phase.rs has no object {object_id}")
        return found

    def _current(self, handle: _Handle) -> _Handle:
        """The handle of the object now (after a zone change: its new incarnation)."""
        found = self._find(handle.id)
        return _Handle(handle.id, found.get("incarnation", 0) if found else -1)

    # ------------------------------------------------------------------ acting
    def act(self, action: str, args: Mapping[str, Any]) -> ActResult:
        perform = self._actions().get(action)
        if perform is None:
            raise DriverError(f"the phase.rs driver has no action {action!r}")
        if action != "become_copy":
            self._guard(*args.values())
        try:
            result = perform(dict(args))
        except ValueError as error:
            if "No legal targets" in str(error):
                # Targets are outside the scenarios: a spell the set-up gives no target to
                # can't be cast (601.2c), which says nothing about its faces.
                raise Unsupported(f"a spell with no legal target in the set-up ({error})") from None
            raise Refused("", f"phase.rs refused it: {error}") from None
        self._settle()
        self._drop_triggers()
        return result

    def _actions(self) -> dict[str, Callable[[dict[str, Any]], ActResult]]:
        zone = self._zone_effect
        return {
            "transform": self._transform,
            "convert": self._transform,
            "cast": self._cast,
            "resolve": self._resolve,
            "play_land": self._play_land,
            "put_onto_battlefield": self._put,
            "move": lambda a: zone(a, a.pop("to"), {"object", "to"}),
            "destroy": lambda a: self._on(
                a, {"type": "Destroy", "target": rec.SELF, "cant_regenerate": False}
            ),
            "exile": lambda a: zone(a, "exile", {"object"}),
            "bounce": lambda a: self._on(a, {"type": "Bounce", "target": rec.SELF, "destination": None}),
            "blink": self._blink,
            "mill": self._mill,
            "next_turn": self._next_turn,
            "set_day_night": self._set_day_night,
            "add_counters": self._add_counters,
            "add_effect": self._add_effect,
            "token_copy": self._token_copy,
            "create_token": self._create_token,
            "turn_face_down": self._turn_face_down,
            "copy_spell": self._copy_spell,
            "activate_mana_ability": self._activate_mana_ability,
            "pass": lambda a: play.pass_priority(self, a),
            "activate": self._activate,
            "advance": lambda a: play.advance(self, a),
            "become_copy": self._become_copy,
            "choose": self._choose,
        }

    @staticmethod
    def _only(args: Mapping[str, Any], allowed: set[str], action: str) -> None:
        extra = sorted(set(args) - allowed)
        if extra:
            raise Unsupported(f"{action} with {', '.join(extra)}")

    def _effect(
        self,
        effect: dict[str, Any],
        source: int,
        targets: Sequence[int] = (),
        seat: int = 0,
        duration: str | None = None,
        *,
        context: Mapping[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        """Put an ability with this effect on the stack (a state edit: "an effect
        does X") and let phase resolve it with its own effect code; its events."""

        def push(state: dict[str, Any]) -> None:
            ability = {
                "effect": effect,
                "targets": [{"Object": t} for t in targets],
                "source_id": source,
                "source_incarnation": state["objects"][str(source)].get("incarnation", 0),
                "controller": seat,
                "original_controller": seat,
                "kind": "Spell",
                "sub_ability": None,
                "duration": duration,
                "condition": None,
                "context": {
                    "additional_cost_paid": False,
                    "alternative_mana_cost_paid": False,
                    "optional_effect_performed": False,
                    **(context or {}),
                },
                "optional_targeting": False,
                "optional": False,
                "description": "an effect of a dfc-plugin conformance scenario",
                "forward_result": False,
            }
            kind = {"type": "ActivatedAbility", "data": {"source_id": source, "ability": ability}}
            entry.append(int(state["next_object_id"]))
            state["stack"].append({"id": entry[0], "source_id": source, "controller": seat, "kind": kind})
            state["next_object_id"] += 1

        entry: list[int] = []
        self._edit(push)
        return self._until_resolved(entry[0])

    def _until_resolved(self, entry: int) -> list[dict[str, Any]]:
        """Pass priority until the stack entry ``entry`` has resolved; the events. The
        triggered abilities that puts on the stack are taken off unresolved (a state
        edit): the scenarios model no triggered abilities (the reference engine has
        none), and a trigger's damage must not decide a scenario about faces."""
        events: list[dict[str, Any]] = []
        for _ in range(8):
            if all(int(e["id"]) != entry for e in self.game.stack()):
                break
            result = self._apply("PassPriority")
            events += result.events
            self._settle()
            self._drop_triggers()
        return events

    def _drop_triggers(self) -> None:
        if self.playing:
            return
        if any(e["kind"].get("type") == "TriggeredAbility" for e in self.game.stack()):
            self._edit(rec.without_triggers)

    def _on(self, args: dict[str, Any], effect: dict[str, Any], allowed: set[str] | None = None) -> ActResult:
        """An effect on one object; the result says whether it moved (400.7)."""
        self._only(args, allowed or {"object"}, str(effect["type"]))
        handle = args["object"]
        before = self._object(handle.id)
        events = self._effect(effect, handle.id, (), before["controller"])
        after = self._current(handle)
        now = self._find(handle.id)
        moved = int(after.incarnation != handle.incarnation or now is None or now["zone"] != before["zone"])
        kept = now is not None and any(rec.moved(e, handle.id) for e in events)
        return ActResult(bool(moved), "", (after,) if kept else (), moved, moved)

    def _zone_effect(self, args: dict[str, Any], zone: str, allowed: set[str]) -> ActResult:
        if zone == "stack" or zone not in rec.ZONES:
            raise Unsupported(f"a move to the {zone}")
        effect = {"type": "ChangeZone", "origin": None, "destination": rec.ZONES[zone], "target": rec.SELF}
        return self._on(args, effect, allowed)

    def _transform(self, args: dict[str, Any]) -> ActResult:
        """An effect transforms it (phase has no convert: a convert is asked as a
        transform, which is what 701.28 makes it for a transforming card)."""
        self._only(args, {"object", "since"}, "transform")
        handle = args["object"]
        found = self._object(handle.id)
        # 701.27f: an ability that began when the permanent had transformed ``since``
        # times; phase records that count in the ability's context and checks it.
        since = {"source_transformation_count": int(args["since"])} if "since" in args else None
        events = self._effect(
            {"type": "Transform", "target": rec.SELF}, handle.id, (), found["controller"], context=since
        )
        turned = [e for e in events if e.get("type") == "Transformed"]
        return ActResult(bool(turned), "", (self._current(handle),))

    def _put(self, args: dict[str, Any]) -> ActResult:
        self._only(args, {"object", "transformed", "controller"}, "put_onto_battlefield")
        effect = {
            "type": "ChangeZone",
            "origin": None,
            "destination": "Battlefield",
            "target": rec.SELF,
            "enter_transformed": bool(args.pop("transformed", False)),
            "under_your_control": "controller" in args,
        }
        controller = args.pop("controller", None)
        handle = args["object"]
        seat = self._object(handle.id)["owner"] if controller is None else controller - 1
        events = self._effect(effect, handle.id, (), seat)
        after = self._current(handle)
        entered = self._object(handle.id)["zone"] == "Battlefield" and any(
            rec.moved(e, handle.id) for e in events
        )
        return ActResult(entered, "", (after,), int(entered), int(entered))

    def _blink(self, args: dict[str, Any]) -> ActResult:
        self._only(args, {"object"}, "blink")
        out = self._zone_effect(dict(args), "exile", {"object"})
        if not out.happened:
            return out
        back = self._put({"object": out.objects[0]})
        return ActResult(back.happened, "", back.objects, 1, 1)

    def _cast(self, args: dict[str, Any]) -> ActResult:
        """Cast it with phase's own CastSpell offer, answering phase's prompts as the
        scenario asks: which face of a modal DFC (712.11b), the alternative cast of
        more than meets the eye (702.162a). Disturb is phase's offer to cast it from a
        graveyard (702.146a). A permission phase gives only through its own trigger
        (siege, 310.11b) can't be asked for."""
        self._only(args, {"object", "player", "face", "via", "x", "targets", "mana"}, "cast")
        via = args.get("via") or "normal"
        if via not in ("normal", "modal", "disturb", "more_than_meets_the_eye"):
            raise Unsupported(f"casting via {via}")
        handle = args["object"]
        found = self._object(handle.id)
        if rec.unimplemented(found):
            raise Unsupported(f"{found['name']}: phase's card builder leaves its spell ability unimplemented")
        seat = args.get("player", 1) - 1
        back = self._wants_back(found, args.get("face"))
        snapshot = self.game.state()
        own_pool = "mana" in args or self._pool_set_up(seat)
        if "mana" in args:
            self._debug("AddMana", player_id=seat, mana=play.pool(str(args["mana"])))
        if not own_pool:
            self._debug("AddMana", player_id=seat, mana=rec.PLENTY)
        self._as_priority(seat)
        offer = next(
            (a for a in self.game.actions() if a.kind == "CastSpell" and a.data["object_id"] == handle.id),
            None,
        )
        if offer is None and not self._may_cast_now(seat):
            self._restore(snapshot)
            raise Unsupported("a cast outside its caster's main phase (the scenario does not say when)")
        allowed = offer is not None and (via != "disturb" or found["zone"] == "Graveyard")
        if allowed:
            self._record(self.game.apply(seat, offer))
            wanted = [self._target_of(t) for t in args.get("targets", [])]
            allowed = self._answer_cast_prompts(seat, back, via, int(args.get("x", 0)), wanted)
            if wanted:
                self._restore(snapshot)
                raise Refused("601.2c", f"{wanted[0]} was not a legal target phase.rs offered")
        if not allowed:
            self._restore(snapshot)
            raise Refused("", f"phase.rs offers no way to cast it (via {via})")
        self._settle()
        if self._object(handle.id)["zone"] != "Stack":
            self._restore(snapshot)  # phase offered only to cancel: a prompt the set-up can't answer
            raise Unsupported("a cast phase cancels at a prompt the set-up gives no answer to (its targets)")
        if not own_pool:
            self._edit(rec.without_added_mana)
        return ActResult(True, "", (self._current(handle),), 1, 1)

    def _choose(self, args: dict[str, Any]) -> ActResult:
        """Queue the answers to phase's next prompts (``phase_choices``)."""
        self._only(args, {"answers", "player", "targets"}, "choose")
        seat = int(args.get("player", 1)) - 1
        targets = [self._target_of(t) for t in args.get("targets", [])]
        self.choices.queue(seat, args.get("answers", []), targets)
        return ActResult(True, "")

    def _pool_set_up(self, seat: int) -> bool:
        """Whether the caster's pool holds the mana ``[scenario.game] mana`` gave: then a
        cast pays from it by phase's own payment, and the driver adds none."""
        mana = {str(k): v for k, v in ((self._game_settings or {}).get("mana") or {}).items()}
        return bool(self.playing and mana.get(str(seat + 1)))

    def _may_cast_now(self, seat: int) -> bool:
        """Whether a sorcery-speed spell may be cast now (307.1): phase enforces timing,
        and a scenario's cast is meant at a time it may be cast."""
        return (
            self.game.priority_player() == seat
            and self._active() == seat
            and not self.game.stack()
            and self.game.phase in ("PreCombatMain", "PostCombatMain")
        )

    def _active(self) -> int:
        return int(self._state()["active_player"])

    def _wants_back(self, found: Mapping[str, Any], face: Any) -> bool:
        """Whether the scenario asks for the back face (``face`` is an index or a name)."""
        if face is None:
            return False
        _, _, library = _engine(self._extra)
        faces = [f.name for f in library.get(found["name"]).faces]
        if isinstance(face, int):
            return face == 1
        return face in faces[1:]

    def _target_of(self, target: Any) -> dict[str, int]:
        """A step's target as phase names it in a ChooseTarget offer."""
        if isinstance(target, Player):
            return {"Player": target.number - 1}
        return {"Object": self._current(target).id}

    def _answer_cast_prompts(
        self, seat: int, back: bool, via: str, x: int = 0, wanted: list[dict[str, int]] | None = None
    ) -> bool:
        """Answer the prompts of a cast (face, alternative cast, X, the targets the step
        names, which are taken off ``wanted`` as phase offers them); False if the cast
        asked for is not offered."""
        wanted = [] if wanted is None else wanted
        alternative = via == "more_than_meets_the_eye"
        chose_face = False
        for _ in range(16):
            waiting = self.game.waiting_for()
            kind = waiting.get("type")
            offers = self.game.actions() if kind not in ("Priority", "GameOver") else []
            named = [a for a in offers if wanted and (a.data or {}).get("target") == wanted[0]]
            if kind == "TargetSelection" and named:
                wanted.pop(0)
                self._record(self.game.apply(seat, named[0]))
                continue
            if wanted and kind in ("TargetSelection", "MultiTargetSelection", "ChooseTarget"):
                if len((waiting.get("data") or {}).get("target_slots") or []) != 1:
                    raise Unsupported("a cast whose targets phase asks for in several slots")
                return True  # the named target is not among phase's legal ones: refused
            if kind in ("TargetSelection", "MultiTargetSelection", "ChooseTarget") and offers:
                # a target prompt before the X prompt: the most harmless target (601.2c)
                self._record(self.game.apply(seat, min(offers, key=rec.harmless)))
                continue
            if kind == "ModalFaceChoice":
                self._apply("ChooseModalFace", seat, back_face=back)
                chose_face = True
            elif kind == "ChooseXValue":
                self._apply("ChooseX", seat, value=x)
            elif kind == "AlternativeCastChoice":
                keyword = (waiting["data"].get("keyword") or {}).get("type")
                if alternative and keyword != "MoreThanMeetsTheEye":
                    return False
                self._apply(
                    "ChooseAlternativeCast", seat, choice={"type": "Alternative" if alternative else "Normal"}
                )
                alternative = False
            else:
                break
        # A back face asked for by name or index is cast only through phase's face choice.
        return not alternative and (chose_face or not back)

    def _restore(self, snapshot: Any) -> None:
        engine, _, _ = _engine(self._extra)
        self.game = engine.load_game(snapshot)

    def _resolve(self, args: dict[str, Any]) -> ActResult:
        self._only(args, set(), "resolve")
        stack = self.game.stack()
        if not stack:
            return ActResult(False, "")
        top = int(stack[-1]["source_id"])
        self._until_resolved(int(stack[-1]["id"]))
        return ActResult(True, "", (self._current(_Handle(top)),), 1, 1)

    def _play_land(self, args: dict[str, Any]) -> ActResult:
        self._only(args, {"object", "player", "face"}, "play_land")
        handle = args["object"]
        seat = args.get("player", 1) - 1
        back = self._wants_back(self._object(handle.id), args.get("face"))
        self._as_priority(seat)
        offer = next(
            (a for a in self.game.actions() if a.kind == "PlayLand" and a.data["object_id"] == handle.id),
            None,
        )
        if offer is None and not self._may_cast_now(seat):
            raise Unsupported(
                "a land played when phase's timing forbids it (305.1; the scenario does not say when)"
            )
        if offer is None:
            raise Refused("", "phase.rs offers no way to play it as a land")
        snapshot = self.game.state()
        self._record(self.game.apply(seat, offer))
        if self.game.waiting_for().get("type") == "ModalFaceChoice":
            self._apply("ChooseModalFace", seat, back_face=back)
        self._settle()  # the land enters (a new object, 400.7) once its prompts are answered
        face = args.get("face")
        if isinstance(face, str) and self._object(handle.id)["name"] != face:
            self._restore(snapshot)  # phase played another face: it has no way to play this one
            raise Refused("", f"phase.rs offers no way to play {face} as a land")
        return ActResult(True, "", (self._current(handle),), 1, 1)

    def _mill(self, args: dict[str, Any]) -> ActResult:
        seat = args["player"] - 1
        count = args.get("count", 1)
        library = list(self.game.player(seat)["library"])
        if any(i in self._filler for i in library[:count]):
            raise Unsupported("milling into the filler of the deck")
        effect = {
            "type": "Mill",
            "count": rec.fixed(count),
            "target": {"type": "Controller"},
            "destination": "Graveyard",
        }
        events = self._effect(effect, library[0], [], seat)
        moved = [int(e["data"]["object_id"]) for e in events if e.get("type") == "ZoneChanged"]
        return ActResult(
            bool(moved), "", tuple(self._current(_Handle(i)) for i in moved), len(moved), len(moved)
        )

    def _next_turn(self, args: dict[str, Any]) -> ActResult:
        """Pass priority until the next turn's first main phase; ``spells_cast`` is a
        state edit of phase's count of spells cast this turn (which its day/night reads,
        731.2)."""
        spells = args.get("spells_cast")
        if spells is not None:
            self._edit(lambda state: rec.spells_cast(state, spells))
        turn = self.game.turn
        events: list[dict[str, Any]] = []
        for _ in range(200):
            if self.game.turn != turn and self.game.phase == "PreCombatMain":
                break
            events += self._apply("PassPriority").events
            self._settle()
            self._drop_triggers()
        return ActResult(True, "", _transformed(events))

    def _set_day_night(self, args: dict[str, Any]) -> ActResult:
        value = {"day": "Day", "night": "Night"}.get(args["value"])
        if value is None:
            raise Unsupported("it becoming neither day nor night")
        source = next((o["id"] for o in self.game.battlefield()), None)
        if source is None:
            raise Unsupported("an effect with no permanent to come from")
        events = self._effect({"type": "SetDayNight", "to": value}, int(source))
        return ActResult(True, "", _transformed(events))

    def _add_counters(self, args: dict[str, Any]) -> ActResult:
        self._only(args, {"object", "kind", "count"}, "add_counters")
        effect = {
            "type": "PutCounter",
            "counter_type": args.get("kind", "P1P1"),
            "count": rec.fixed(args.get("count", 1)),
            "target": rec.SELF,
        }
        handle = args["object"]
        self._effect(effect, handle.id, (), self._object(handle.id)["controller"])
        return ActResult(True, "")

    def _add_effect(self, args: dict[str, Any]) -> ActResult:
        """phase's Pump for power and toughness; keywords a continuous effect of its own
        (phase's GenericEffect with an AddKeyword modification), both until end of turn."""
        handle = args["object"]
        seat = self._object(handle.id)["controller"]
        effect = {
            "type": "Pump",
            "power": rec.fixed(args.get("power", 0)),
            "toughness": rec.fixed(args.get("toughness", 0)),
            "target": rec.SELF,
        }
        self._effect(effect, handle.id, (), seat, "UntilEndOfTurn")
        if args.get("keywords"):
            self._effect(_keywords_effect(args["keywords"]), handle.id, (), seat, "UntilEndOfTurn")
        return ActResult(True, "")

    def _become_copy(self, args: dict[str, Any]) -> ActResult:
        """The object becomes a copy of the source: phase's BecomeCopy, which targets
        what is copied; a Clone-like card waiting in exile enters as a copy of it."""
        handle, source = args["object"], args["source"]
        if handle.id in self._waiting:
            return self._enter_as_copy(handle, source)
        self._guard(source)
        if self._object(source.id)["zone"] != "Battlefield":
            raise Unsupported("a copy of a card outside the battlefield (phase's copy effect targets)")
        effect = {"type": "BecomeCopy", "target": rec.ANY}
        self._effect(effect, handle.id, [source.id], self._object(handle.id)["controller"])
        return ActResult(True, "", (self._current(handle),))

    def _enter_as_copy(self, handle: _Handle, source: _Handle) -> ActResult:
        """A Clone-like card set up on the battlefield becomes a copy the one way phase
        makes one: it enters the battlefield (phase's ChangeZone) and its own "enter as a
        copy" replacement copies the source (706.2, 614.1c). phase's object is a new one
        (400.7); the scenario's handle follows it, as the set-up meant it there all along."""
        pending = self._waiting.pop(handle.id)
        self._guard(source)

        def choose(waiting: Mapping[str, Any], offers: Sequence[Any]) -> Any:
            data = waiting.get("data") or {}
            if waiting.get("type") == "ReplacementChoice":
                candidates = data.get("candidates", [])
                wanted = next(
                    (i for i, c in enumerate(candidates) if "as a copy" in (c.get("description") or "")), None
                )
                if wanted is not None and "counter" in (candidates[wanted].get("description") or ""):
                    raise Unsupported(
                        f"{pending.card}'s copy exception (a counter), which the scenario gives by a step"
                    )
                return next((o for o in offers if (o.data or {}).get("index") == wanted), None)
            if waiting.get("type") == "CopyTargetChoice":
                if source.id not in data.get("valid_targets", []):
                    raise Unsupported(f"{pending.card} copying what its ability can't copy")
                return next(o for o in offers if (o.data or {}).get("target") == {"Object": source.id})
            return None

        effect = {"type": "ChangeZone", "origin": None, "destination": "Battlefield", "target": rec.SELF}
        self._prefer = choose
        try:
            self._effect(effect, handle.id, (), pending.player - 1)
        finally:
            self._prefer = None
        found = self._object(handle.id)
        if found["zone"] != "Battlefield":
            raise Unsupported(f"{pending.card} entering as a copy: phase did not put it onto the battlefield")
        self._options(pending)
        handle.incarnation = self._object(handle.id).get("incarnation", 0)
        return ActResult(True, "", (handle,))

    def _guard(self, *handles: Any) -> None:
        """A Clone-like card set up on the battlefield is a 0/0 copying nothing until a
        ``become_copy``: phase would put it into its owner's graveyard at once (704.5f),
        so the driver keeps it in exile and can't be asked about it before then."""
        for handle in handles:
            if isinstance(handle, _Handle) and handle.id in self._waiting:
                raise Unsupported(
                    f"{self._waiting[handle.id].card} on the battlefield copying nothing "
                    "(a 0/0 phase puts into the graveyard, 704.5f) before it becomes a copy"
                )

    def _no_clone(self, handle: _Handle, what: str) -> None:
        """A token copy of a card whose own "enter as a copy" ability is in force (a
        Clone copying nothing): phase would have the token enter as a copy of something,
        a choice the scenarios don't make."""
        self._guard(handle)
        found = self._object(handle.id)
        if rec.enters_as_copy(found):
            raise Unsupported(f"{what} {found['name']}, which enters as a copy of something")

    def _activate(self, args: dict[str, Any]) -> ActResult:
        """A player activates one of the object's activated abilities (by ``index`` among
        them, as phase lists them, or by a part of its ``text``) with phase's
        ActivateAbility in the played game; phase pays the costs (602.2) from mana the
        driver adds for them, and the ability goes on the stack. Refused when phase
        refuses it."""
        self._only(args, {"object", "index", "text", "player", "mana", "targets"}, "activate")
        play.start(self)
        handle = args["object"]
        found = self._object(handle.id)
        activated = [i for i, a in enumerate(found.get("abilities") or []) if a.get("kind") == "Activated"]
        if "text" in args:
            wanted = str(args["text"]).lower()
            chosen = [
                i for i in activated if wanted in (found["abilities"][i].get("description") or "").lower()
            ]
            if len(chosen) != 1:
                raise Unsupported(
                    f"an ability of {found['name']} named by {args['text']!r} ({len(chosen)} match)"
                )
            index = chosen[0]
        elif int(args.get("index", 0)) < len(activated):
            index = activated[int(args.get("index", 0))]
        else:
            raise Refused("", f"{found['name']} has no activated ability {args.get('index', 0)} in phase")
        seat = int(args.get("player", int(found["controller"]) + 1)) - 1
        snapshot = self.game.state()
        own_pool = "mana" in args or self._pool_set_up(seat)
        added = play.pool(str(args["mana"])) if "mana" in args else rec.PLENTY
        self._debug("AddMana", player_id=seat, mana=added)
        self._as_priority(seat)
        self.choices.targets[:0] = [self._target_of(t) for t in args.get("targets", [])]
        try:
            self._apply("ActivateAbility", seat, source_id=handle.id, ability_index=index)
            self._settle()
        except ValueError as error:
            self._restore(snapshot)
            raise Refused("", f"phase.rs refused the activation: {error}") from None
        if args.get("targets") and self.choices.targets:
            self.choices.targets.clear()
            self._restore(snapshot)
            raise Unsupported("an activation whose targets phase did not ask for")
        if not own_pool:
            self._edit(rec.without_added_mana)
        return ActResult(True, "", (self._current(handle),))

    def _activate_mana_ability(self, args: dict[str, Any]) -> ActResult:
        """Its controller activates one of its mana abilities with phase's
        ActivateAbility (``index`` counts the face's activated abilities, as phase lists
        them); a colour phase asks for is ``color``. It happened if phase added mana; the
        note ``tapped for mana`` is phase's TappedForMana event (106.12)."""
        self._only(args, {"object", "index", "color"}, "activate_mana_ability")
        handle = args["object"]
        found = self._object(handle.id)
        activated = [i for i, a in enumerate(found.get("abilities") or []) if a.get("kind") == "Activated"]
        index = int(args.get("index", 0))
        if index >= len(activated) or not found["abilities"][activated[index]].get("is_mana_ability"):
            raise Unsupported(
                f"activated ability {index} of {found['name']} as a mana ability (phase has none there)"
            )
        seat = int(found["controller"])
        self._as_priority(seat)
        snapshot, logged = self.game.state(), len(self._log)
        try:
            self._apply("ActivateAbility", seat, source_id=handle.id, ability_index=activated[index])
        except ValueError as error:
            self._restore(snapshot)
            raise Refused("", f"phase.rs refused the activation: {error}") from None
        wanted = rec.MANA_NAMES.get(str(args.get("color", "")))
        self._prefer = lambda waiting, offers: next(
            (o for o in offers if wanted and wanted in json.dumps(o.data or {})), None
        )
        try:
            self._settle()
        finally:
            self._prefer = None
        kinds = {line.split(":", 1)[0] for line in self._log[logged:]}  # its events, prompts answered
        notes = ("tapped for mana",) if "TappedForMana" in kinds else ()
        return ActResult("ManaAdded" in kinds, "", (), notes=notes)

    def _copy_spell(self, args: dict[str, Any]) -> ActResult:
        """An effect copies the spell (707.10): phase's CopySpell, which targets a spell on
        the stack, from a filler card of its controller's library; refused when phase
        makes no copy (it copies nothing but a spell). The copy is what it made."""
        self._only(args, {"object"}, "copy_spell")
        handle = args["object"]
        seat = int(self._object(handle.id)["controller"])
        source = next(i for i in self.game.player(seat)["library"] if i in self._filler)
        before = {int(i) for i in self._state()["objects"]}
        events = self._effect(
            {"type": "CopySpell", "target": {"type": "StackSpell"}}, int(source), [handle.id], seat
        )
        if not any(e.get("type") == "SpellCopied" for e in events):
            raise Refused("", "phase.rs made no copy: it copies only a spell on the stack")
        made = sorted({int(i) for i in self._state()["objects"]} - before)
        return ActResult(True, "", tuple(self._current(_Handle(i)) for i in made))

    def _turn_face_down(self, args: dict[str, Any]) -> ActResult:
        """An effect turns it face down: phase's own TurnFaceDown, which decides whether
        it can be (712.16: a double-faced permanent can't)."""
        self._only(args, {"object"}, "turn_face_down")
        handle = args["object"]
        before = bool(self._object(handle.id).get("face_down"))
        self._effect(
            {"type": "TurnFaceDown", "target": rec.SELF}, handle.id, (), self._object(handle.id)["controller"]
        )
        after = bool(self._object(handle.id).get("face_down"))
        return ActResult(after and not before, "", (self._current(handle),))

    def _create_token(self, args: dict[str, Any]) -> ActResult:
        """An effect creates the token: phase's own Incubate (701.53a) for an Incubator,
        the one double-faced token phase makes by name; its source is a filler card of
        the player's library (never named in an answer)."""
        self._only(args, {"card", "player", "counters"}, "create_token")
        if args["card"] != "Incubator":
            raise Unsupported(f"a {args['card']} token (phase makes double-faced tokens only by Incubate)")
        seat = args.get("player", 1) - 1
        source = next(i for i in self.game.player(seat)["library"] if i in self._filler)
        effect = {"type": "Incubate", "count": rec.fixed(args.get("counters", 0))}
        events = self._effect(effect, int(source), (), seat)
        made = [int(e["data"]["object_id"]) for e in events if rec.created(e)]
        return ActResult(bool(made), "", tuple(self._current(_Handle(i)) for i in made))

    def _token_copy(self, args: dict[str, Any]) -> ActResult:
        handle = args["object"]
        self._no_clone(handle, "a token copy of")
        controller = args.get("controller")
        seat = self._object(handle.id)["controller"] if controller is None else controller - 1
        effect = {"type": "CopyTokenOf", "target": rec.SELF, "enters_attacking": False}
        events = self._effect(effect, handle.id, (), seat)
        made = []
        for event in events:  # the copy, not what its own abilities make once it is there
            if event.get("type") == "EffectResolved" and event["data"].get("kind") == "CopyTokenOf":
                break
            if event.get("type") == "TokenCreated":
                made.append(int(event["data"]["object_id"]))
        self._token_copies.update(made)
        tokens = tuple(self._current(_Handle(i)) for i in made)
        return ActResult(bool(tokens), "", tokens)

    # ------------------------------------------------------------------ observing
    def observe(self, kind: str, target: Any, question: str, extra: Mapping[str, Any]) -> Any:
        self._guard(target, *self._waiting_handles(kind))
        if kind == "object" and question == "can_activate":
            return self._can_activate(target, extra)
        if kind == "object":
            return self._ask_object(target, question)
        if kind == "zone":
            names = self._zone(target, extra.get("player"))
            return names if question == "names" else len(names)
        if kind == "card" and question == "mana_value":
            return self._card_mana_value(str(target))
        if kind == "card" and question == "color_identity":
            return rec.color_identity(self._card_faces(str(target)))
        if kind == "card" and question in ("cast_faces", "land_faces"):
            return faces_offered(self._sibling, str(target), extra.get("zone", "hand"), question)
        if kind == "game" and question == "mana_pool":
            pool = self.game.player(int(extra.get("player", 1)) - 1)["mana_pool"]["mana"]
            return [rec.MANA[m["color"]] for m in pool]
        if kind == "game" and question in ("life", "stack", "step", "turn", "active"):
            return play.game_answer(self, question, extra)
        if kind == "game" and question == "day_night":
            value = self._state().get("day_night")
            return {"Day": "day", "Night": "night"}.get(value or "", "neither")
        raise DriverError(f"the phase.rs driver can't answer {kind}.{question}")

    def library(self) -> Library:
        """The card scripts this driver plays (the bundled ones and ``--library``)."""
        return _engine(self._extra)[2]

    def _sibling(self) -> PhaseDriver:
        """A new driver with the same card folders, for a game of its own."""
        sibling = PhaseDriver()
        sibling.use_libraries([Path(p) for p in self._extra])
        return sibling

    def _x_of(self, object_id: int) -> int:
        """The X chosen for the object while it is a spell on the stack (202.3e)."""
        entry = next((e for e in self.game.stack() if int(e["source_id"]) == object_id), None)
        return rec.chosen_x(entry) if entry and (entry.get("kind") or {}).get("type") == "Spell" else 0

    def _card_mana_value(self, card: str) -> int:
        """A card's mana value as a card (its front face's, 712.8a), from the mana cost
        phase's card builder parsed for that face (computed: phase keeps no mana value)."""
        _, data, library = _engine(self._extra)
        front = library.get(card).front.name
        if front.lower() not in data.faces:
            raise Unsupported(f"{front}: phase has no card data for it")
        return mana_value(data.faces[front.lower()].get("mana_cost"))

    def _can_activate(self, handle: _Handle, extra: Mapping[str, Any]) -> bool:
        """Whether phase lets the player activate the ability now: the activation is
        tried (``_activate``) and undone, so asking changes nothing."""
        snapshot, playing = self.game.state(), self.playing
        args = {k: extra[k] for k in ("index", "text", "player") if k in extra}
        try:
            try:
                self._activate({"object": handle, **args})
                allowed = True
            except Refused:
                allowed = False
            self._restore(snapshot)
        except ValueError as error:  # phase can't load its own state back: nothing to undo to
            raise Unsupported(f"can_activate: phase.rs can't load its state back ({error})") from None
        finally:
            self.playing = playing
        return allowed

    def _card_faces(self, card: str) -> list[dict[str, Any]]:
        """phase's card records of every face of ``card``."""
        _, data, library = _engine(self._extra)
        names = [face.name.lower() for face in library.get(card).faces]
        missing = [name for name in names if name not in data.faces]
        if missing:
            raise Unsupported(f"{missing[0]}: phase has no card data for it")
        return [data.faces[name] for name in names]

    def _waiting_handles(self, kind: str) -> list[_Handle]:
        """The Clone-like cards kept out of the battlefield, for a question about a zone."""
        return [p.handle for p in self._waiting.values()] if kind == "zone" else []

    def _ask_object(self, handle: _Handle, question: str) -> Any:
        found = self._find(handle.id)
        if question == "exists":
            return found is not None and found.get("incarnation", 0) == handle.incarnation
        if found is None:
            raise DriverError(f"phase.rs has no object {handle.id}")
        types = found.get("card_types") or {}
        answers: dict[str, Callable[[], Any]] = {
            "name": lambda: found.get("name") or "",
            "mana_value": lambda: mana_value(found.get("mana_cost"), self._x_of(handle.id)),
            "zone": lambda: {v: k for k, v in rec.ZONES.items()}.get(found["zone"], found["zone"]),
            "up": lambda: self._up(found),
            "token": lambda: rec.token_kind(found),
            "copy_of": lambda: self._copy_of(handle.id),
            "can_transform": lambda: self._can_transform(handle),
            "face_down": lambda: bool(found.get("face_down")),
            "transformed": lambda: bool(found.get("transformed")),
            "double_faced": lambda: found.get("back_face") is not None,
            "power": lambda: found.get("power"),
            "toughness": lambda: found.get("toughness"),
            "types": lambda: list(types.get("core_types", [])),
            "subtypes": lambda: list(types.get("subtypes", [])),
            "colors": lambda: [rec.COLORS[c] for c in found.get("color", []) if c in rec.COLORS],
            "tapped": lambda: bool(found.get("tapped")),
            "controller": lambda: int(found["controller"]) + 1,
            "could_produce": lambda: sorted({m for a in self._mana_abilities(found) for m in a["produced"]}),
            "mana_abilities": lambda: self._mana_abilities(found),
            "can_pay_tap_cost": lambda: not found.get("has_summoning_sickness"),
            "counters": lambda: {str(k).upper(): int(v) for k, v in (found.get("counters") or {}).items() if v},  # noqa: E501
            "keywords": lambda: rec.keywords(found),
            "supertypes": lambda: list(types.get("supertypes", [])),
            "damage": lambda: int(found.get("damage_marked") or 0),
            "loyalty": lambda: found.get("loyalty"),
        }
        if question not in answers:
            raise DriverError(f"the phase.rs driver can't answer object.{question}")
        return answers[question]()

    @staticmethod
    def _mana_abilities(found: Mapping[str, Any]) -> list[dict[str, Any]]:
        """phase's mana abilities of the object: those of a permanent only (605.1a; phase
        offers no mana ability of a card elsewhere), read from its ability records."""
        if found["zone"] != "Battlefield":
            return []
        try:
            return rec.mana_abilities(found)
        except ValueError as error:
            raise Unsupported(str(error)) from None

    def _can_transform(self, handle: _Handle) -> bool:
        """Whether phase would transform it: phase has no such question, so the driver
        asks phase to transform it, notes whether it did, and puts the game back as it
        was (the trial leaves nothing in the game or its log)."""
        snapshot, logged = self.game.state(), len(self._log)
        try:
            turned = self._transform({"object": handle}).happened
        finally:
            self._restore(snapshot)
            del self._log[logged:]
        return turned

    def _copy_of(self, object_id: int) -> str:
        """The name of what the object copies: phase's copy effects on it (CopyValues);
        a token made by a ``token_copy`` keeps the copied face's printed reference (a
        token a copied spell became copies nothing, 707.10f)."""
        name = ""
        for effect in self._state().get("transient_continuous_effects", []):
            if (effect.get("affected") or {}).get("id") != object_id:
                continue
            for change in effect.get("modifications", []):
                if change.get("type") == "CopyValues":
                    name = (change.get("values") or {}).get("name") or (change.get("printed_ref") or {}).get(
                        "face_name", ""
                    )
        found = self._object(object_id)
        if not name and object_id in self._token_copies:
            name = (found.get("printed_ref") or {}).get("face_name") or ""
        return name

    def _up(self, found: Mapping[str, Any]) -> str:
        """Which face is up, by the face whose characteristics it has: phase shows a
        spell cast as its back face (disturb, a modal DFC's back) and a token copy of a
        back-face-up permanent by that face, with its ``transformed`` flag unset. The
        flag decides only for an object not named as a face of its own card (a copy)."""
        _, _, library = _engine(self._extra)
        ref = (found.get("printed_ref") or {}).get("face_name") or found.get("base_name") or ""
        try:
            faces = [f.name for f in library.get(ref).faces] if ref else []
        except CardNotFoundError:
            faces = []
        name = found.get("name")
        if len(faces) > 1 and name in faces:
            return "back" if name == faces[1] else "front"
        return "back" if found.get("transformed") else "front"

    def _zone(self, zone: str, player: int | None) -> list[str]:
        """Names in a zone, bottom to top (phase keeps a library top first), filler
        left out. Read through phase's zone getters: a full state export is slow."""
        if zone in ("battlefield", "exile", "stack"):
            entries = {
                "battlefield": self.game.battlefield,
                "exile": self.game.exile,
                "stack": self.game.stack,
            }
            ids = [int(e["source_id"] if zone == "stack" else e["id"]) for e in entries[zone]()]
            if player is not None:
                ids = [i for i in ids if self._object(i)["controller"] == player - 1]
        else:
            seats = [player - 1] if player is not None else [0, 1]
            ids = []
            for seat in seats:
                held = list(self.game.player(seat)[zone])
                ids += reversed(held) if zone == "library" else held
        return [self._object(i)["name"] for i in ids if i not in self._filler]

    def log(self) -> list[str]:
        return list(self._log)


def _set_loyalty(found: dict[str, Any], loyalty: int) -> None:
    """A state edit: phase keeps a permanent's loyalty counters (``loyalty``) and its
    loyalty, which it checks against an ability's cost, apart."""
    found["loyalty"] = loyalty
    found.setdefault("counters", {})["loyalty"] = loyalty


def _keywords_effect(words: Sequence[str]) -> dict[str, Any]:
    """A continuous effect giving its source these keywords (scripts' spelling, "First
    Strike"; phase's is "FirstStrike"), until end of turn."""
    static = {
        "mode": "Continuous",
        "affected": rec.SELF,
        "modifications": [{"type": "AddKeyword", "keyword": word.replace(" ", "")} for word in words],
        "condition": None,
        "affected_zone": None,
        "effect_zone": None,
        "active_zones": [],
        "characteristic_defining": False,
        "description": None,
    }
    duration = "UntilEndOfTurn"
    return {"type": "GenericEffect", "static_abilities": [static], "duration": duration, "target": None}
