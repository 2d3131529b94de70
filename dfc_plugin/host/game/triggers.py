"""Triggered abilities (603): matched against each event as it happens (603.2), with
their intervening "if" clause checked then and again on resolution (603.4); put on the
stack the next time a player would receive priority, in APNAP order, each player
ordering their own (603.3b); a trigger with no legal target is removed (603.3d).
Leaves-the-battlefield abilities look back in time, at the object as it last existed
(603.10a). ``Static$ True`` abilities (Forge's bookkeeping triggers) resolve at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from dfc_plugin.cards import Ability, Face, ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.batches import count_use, limit_reached
from dfc_plugin.host.abilities.census import link_missing, params_missing
from dfc_plugin.host.abilities.chain import choose_targets, links, resolve_chain
from dfc_plugin.host.abilities.granted_triggers import any_granted_triggers, granted_triggers
from dfc_plugin.host.abilities.keywords import KEYWORD_BODIES, KEYWORD_TRIGGERS
from dfc_plugin.host.abilities.registry import lookup
from dfc_plugin.host.abilities.triggers import EVENT_TESTS, zones_named
from dfc_plugin.host.abilities.values import Ctx, defined_players, requirements_hold, svar_params
from dfc_plugin.host.core import PLAYER_ZONES
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.game.events import GameEvent, PendingTrigger, StackItem
from dfc_plugin.host.game.state import LoopState, players_in_order
from dfc_plugin.host.model import GameObject
from dfc_plugin.script.parser import parse_param_map
from dfc_plugin.state import DfcState, Zone

__all__ = ["TriggerActions"]

#: A kept row of triggers: the state it was worked out for, its face, its triggers of a mode.
_Row = tuple[DfcState, Face | None, list[Ability]]

#: Zones whose objects' triggers are looked at for every event; an object elsewhere
#: (a hand, a library) is looked at only when it is the event's own object.
_WATCHED = (Zone.BATTLEFIELD, Zone.STACK, Zone.COMMAND, Zone.GRAVEYARD, Zone.EXILE)


@memo_by_identity
def _bears_triggers(face: Face) -> bool:
    """Whether the (immutable) face has a triggered ability of any mode: a ``T:`` line,
    or a keyword that stands for one (:data:`KEYWORD_TRIGGERS`). A face without has no
    trigger of any mode (:meth:`TriggerActions._triggers_of`)."""
    if any(a.kind == "T" for a in face.abilities):
        return True
    return any(word.name in KEYWORD_TRIGGERS for word in face.keywords)


class TriggerActions(LoopState):
    """Triggers (mixed into :class:`dfc_plugin.host.Game`)."""

    def _triggers_of(self, face: Face, mode: str) -> list[Ability]:
        """The face's ``T:`` lines of this mode, and the triggers its keywords stand for
        (Prowess, 702.108a: :data:`~dfc_plugin.host.abilities.keywords.KEYWORD_TRIGGERS`)."""
        table = self._face_triggers
        key = (id(face), mode)
        hit = table.get(key)
        if hit is not None and hit[0] is face and not is_fresh():  # (the very face: one
            return hit[1]  # made and dropped since, that lost its abilities, may have had its id)
        found = [a for a in face.abilities if a.kind == "T" and a.params.api == mode]
        for word in face.keywords:
            expansion = KEYWORD_TRIGGERS.get(word.name)
            if expansion is not None and parse_param_map(expansion[0]).api == mode:
                found.append(Ability("T", expansion[0], word.line, word.column))
        if is_fresh():
            return found
        if len(table) > 50_000:
            table.clear()
        table[key] = (face, found)
        return found

    def _watched(self) -> dict[int, GameObject]:
        """The objects in the watched zones, in order (remembered until anything changes)."""
        key = ("watched", self.version)
        cached: dict[int, GameObject] | None = self._static_cache.get(key)
        if cached is None:
            objects = self.objects
            cached = {i: objects[i] for i in _watched_ids(self)}
            self._static_cache[key] = cached
        return cached

    def _mode_sources(self, mode: str) -> dict[int, tuple[GameObject, Face | None, list[Ability]]]:
        """Each watched object with its face and its triggers of this mode (remembered
        until anything changes: a face reads only the object and the animations)."""
        key = ("trigger sources", self.version, mode)
        cached: dict[int, tuple[GameObject, Face | None, list[Ability]]] | None = self._static_cache.get(key)
        if cached is None:
            cached = {}
            # (with no animation, a face reads only the object: an unchanged one's row stays)
            rows = self._rows_of(mode)
            for found in self._watched().values():
                _, face, abilities = self._row(found, mode, rows)
                cached[found.id] = (found, face, abilities)
            self._static_cache[key] = cached
        return cached

    def _rows_of(self, mode: str) -> dict[int, _Row] | None:
        """Each object's face and triggers of this mode, by id, each row kept with the
        state it was worked out for: with no animation a face reads only the object's
        (immutable) state, so the row stays right from one version of the game to the
        next, and for a new object with the same state (a tapped or untapped permanent,
        one with a counter more) (``None``: an animation, or nothing remembered)."""
        if self.animations or is_fresh():
            return None
        rows: dict[str, dict[int, _Row]]
        rows = self.__dict__.setdefault("_trigger_rows", {})
        return rows.setdefault(mode, {})

    def _row(self, found: GameObject, mode: str, rows: dict[int, _Row] | None) -> _Row:
        """The object's row: the one kept for its very state, else worked out."""
        row = rows.get(found.id) if rows is not None else None
        if row is None or row[0] is not found.state:
            row = self._trigger_row(found, mode, rows)
        return row

    def _trigger_row(self, found: GameObject, mode: str, rows: dict[int, _Row] | None) -> _Row:
        face = self.face_of(found)
        row = (found.state, face, self._triggers_of(face, mode) if face is not None else [])
        if rows is not None:
            if len(rows) > 20_000:
                rows.clear()
            rows[found.id] = row
        return row

    def _candidates(self, event: GameEvent, watching: bool = True) -> Iterable[GameObject]:
        """The objects an event may trigger: the watched ones (``watching``: else only
        the others, in the same order), the event's own, and those that left the
        battlefield as they last existed there."""
        watched = self._watched()  # (a version's dict is never changed: safe to go through)
        if not event.lki and all(i in watched or i not in self.objects for i in event.objects.values()):
            return watched.values() if watching else ()  # (a step's event, or its objects all watched)
        if not any(found.zone is Zone.BATTLEFIELD for found in event.lki.values()):
            return self._with_own_objects(event, watched, watching)
        return self._candidates_in_full(event, watching)

    def _candidates_in_full(self, event: GameEvent, watching: bool) -> list[GameObject]:
        """:meth:`_candidates` worked out the long way, for any event."""
        watched = self._watched()
        seen = dict(watched) if watching else {}
        for object_id in event.objects.values():
            involved = self.objects.get(object_id)
            if involved is not None and (watching or involved.id not in watched):
                seen.setdefault(involved.id, involved)
        for found in event.lki.values():
            if found.zone is Zone.BATTLEFIELD:
                # 603.10a: a leaves-the-battlefield ability looks back: the object as it
                # was there triggers, not the new object it became
                seen[found.id] = found
                new = event.objects.get("Card", -1)
                if new != found.id:
                    seen.pop(new, None)
        return list(seen.values())

    def _with_own_objects(
        self, event: GameEvent, watched: dict[int, GameObject], watching: bool
    ) -> list[GameObject]:
        """:meth:`_candidates` for an event with no object that left the battlefield (a
        draw, a spell cast, a card put into a graveyard from a hand): the watched objects
        (``watching``), then the event's own that aren't watched, once each, in order."""
        own: dict[int, GameObject] = {}
        for object_id in event.objects.values():
            involved = self.objects.get(object_id)
            if involved is not None and involved.id not in watched:
                own.setdefault(involved.id, involved)
        return [*watched.values(), *own.values()] if watching else list(own.values())

    def collect_triggers(self, event: GameEvent) -> None:
        entry = lookup("trigger", event.mode)
        if entry is None:
            return
        # (with no animation, each object's row is kept across versions: _rows_of; with
        # one, this version's rows, while nothing changes)
        version, rows = self.version, self._rows_of(event.mode)
        known = self._mode_sources(event.mode) if rows is None else {}
        grants, grants_at = any_granted_triggers(self), version
        for found in _objects_to_match(self, event, rows, grants):
            if rows is not None and not self.animations:
                row = rows.get(found.id)
                if row is None or row[0] is not found.state:  # (the same state: the same face)
                    row = self._trigger_row(found, event.mode, rows)
                face, abilities = row[1], row[2]
                if not abilities and not grants:
                    continue
            elif (hit := known.get(found.id)) is not None and hit[0] is found and self.version == version:
                face, abilities = hit[1], hit[2]  # (the same object: the same face)
            else:
                face = self.face_of(found)
                abilities = self._triggers_of(face, event.mode) if face is not None else []
            if face is None:
                continue
            for ability in abilities:
                self._maybe_trigger(found, face, ability, event, entry)
            if grants_at != self.version:  # (a trigger that resolved at once changed the game)
                grants, grants_at = any_granted_triggers(self), self.version
            if not grants:
                continue
            for ability, source_face in granted_triggers(self, found, event.mode):  # 613.1f
                self._maybe_trigger(found, source_face, ability, event, entry)
        self._delayed_triggers(event, entry)

    def _delayed_triggers(self, event: GameEvent, entry: Any) -> None:
        """Delayed triggered abilities (603.7): each triggers once, then is gone
        (603.7c); ``ThisTurn$`` ones end with the turn."""
        for delayed in list(self.delayed):
            ctx, params, turn = delayed
            if turn is not None and turn != self.turn:
                self.delayed.remove(delayed)
                continue
            if params.get("Mode") != event.mode:
                continue
            fresh = replace(ctx, event=event, targets={})
            if entry.run(self, fresh, params, event) and requirements_hold(fresh, params):
                self.delayed.remove(delayed)
                name = params.get("Execute") or ""
                inline = KEYWORD_BODIES.get(name)
                body = parse_param_map(inline) if inline is not None else svar_params(fresh, name)
                self.pending.append(PendingTrigger(fresh, ParamMap(), body, "delayed trigger"))

    def _maybe_trigger(
        self, found: GameObject, face: Face, ability: Ability, event: GameEvent, entry: Any
    ) -> None:
        params = ability.params
        zones = params.get("TriggerZones")
        if zones is not None and found.zone not in zones_named(zones):
            return
        test = EVENT_TESTS.get(event.mode)  # (a step's event: most Phase triggers are of another step)
        if test is not None and test[0] is entry.run and not test[1](params, event):
            return
        ctx = self.ability_ctx(found, face)
        ctx.event = event
        if not entry.run(self, ctx, params, event) or not requirements_hold(ctx, params):
            return
        if limit_reached(self, ctx, ability):
            return
        count_use(self, ctx, ability)
        controller = params.get("TriggerController")
        if controller is not None:
            chosen = defined_players(ctx, controller)
            ctx.controller = chosen[0] if chosen else ctx.controller
        missing = params_missing("trigger", params)
        body = None
        try:
            name = params.get("Execute") or ""
            inline = KEYWORD_BODIES.get(name)
            body = parse_param_map(inline) if inline is not None else svar_params(ctx, name)
            missing += [m for link in links(ctx, body) for m in link_missing(link)]
        except UnsupportedAbilityError as error:
            missing += list(error.missing)
        if missing or body is None:
            self.record(
                "unsupported", found, f"{{obj}}'s trigger can't run here (missing {', '.join(missing)})"
            )
            return
        pending = PendingTrigger(ctx, params, body, ability.text)
        if "Static" in params:
            self._resolve_trigger(pending, on_stack=False)
        else:
            self.pending.append(pending)

    def put_triggers_on_stack(self) -> bool:
        """Put waiting triggers on the stack, APNAP, each player ordering theirs (603.3b)."""
        if not self.pending:
            return False
        waiting, self.pending = self.pending, []
        for player in players_in_order(self, self.active):
            mine = [p for p in waiting if p.ctx.controller == player]
            if len(mine) > 1:
                order = self.agent(player).order(
                    player, "order of your triggered abilities", list(range(len(mine)))
                )
                mine = [mine[i] for i in order]
            for pending in mine:
                self._push_trigger(pending)
        return True

    def _push_trigger(self, pending: PendingTrigger) -> None:
        ctx = pending.ctx
        decider = pending.params.get("OptionalDecider")
        if decider is not None and not self.ask_yes(
            ctx.controller, f"use {ctx.face.name}'s triggered ability"
        ):
            return
        if not choose_targets(self, ctx, links(ctx, pending.body)):
            self.record(
                "trigger",
                None,
                f"{ctx.face.name}'s triggered ability has no legal target and is removed",
                "603.3d",
            )
            return
        self.stack_items.append(
            StackItem("trigger", ctx, pending.body, text=pending.text, trigger=pending.params, face=ctx.face)
        )
        self.record("trigger", None, f"{ctx.face.name}'s triggered ability goes on the stack", "603.3")

    def _resolve_trigger(self, pending: PendingTrigger, *, on_stack: bool) -> None:
        ctx = pending.ctx
        if (
            on_stack
            and "NoResolvingCheck" not in pending.params
            and not requirements_hold(ctx, pending.params)
        ):
            self.record(
                "trigger", None, f"{ctx.face.name}'s ability does nothing (its 'if' no longer holds)", "603.4"
            )
            return
        if not resolve_chain(self, ctx, pending.body):
            text = f"{ctx.face.name}'s ability doesn't resolve: its targets are all illegal"
            self.record("fizzle", None, text, "608.2b")

    def resolve_trigger_item(self, item: StackItem) -> None:
        assert item.ctx is not None and item.params is not None and item.trigger is not None
        self._resolve_trigger(PendingTrigger(item.ctx, item.trigger, item.params, item.text), on_stack=True)

    def new_ctx(self, found: GameObject, face: Face) -> Ctx:
        return self.ability_ctx(found, face)

    def could_trigger_on_watched(self, mode: str) -> bool:
        """Whether an event of this mode with no object of its own (matched against the
        watched objects only: a state trigger's ``Always``, a batch's ``ChangesZoneAll``)
        could trigger anything: a watched object whose face has a trigger of the mode, a
        static that grants triggers, or a delayed trigger. Where none does (most games,
        most of the time), the event need not be sent: it would be only recorded."""
        if self.delayed:
            return True
        rows = self._rows_of(mode)
        if rows is None:  # (an animation: this version's faces)
            if any(row[2] for row in self._mode_sources(mode).values()):
                return True
        elif self._any_row(mode, rows):
            return True
        return any_granted_triggers(self)

    def _any_row(self, mode: str, rows: dict[int, _Row]) -> bool:
        """Whether a watched object's face has a trigger of this mode. Its rows are kept
        per state (:meth:`_rows_of`, with no animation), so the answer stands while the
        watched zones hold the same objects with the same states (``moves``)."""
        known: dict[str, tuple[int, bool]] = self.__dict__.setdefault("_any_rows", {})
        hit = known.get(mode)
        if hit is not None and hit[0] == self.moves:
            return hit[1]
        answer = False
        for found in _trigger_bearers(self):  # (_row, written out: asked after most moves)
            row = rows.get(found.id)
            if row is None or row[0] is not found.state:
                row = self._trigger_row(found, mode, rows)
            if row[2]:
                answer = True
                break
        known[mode] = (self.moves, answer)
        return answer


# The helpers of collect_triggers are functions, not methods: each name looked up on the
# game's long list of classes costs more than a module's (and may push another out of
# the interpreter's cache of those lookups).


def _watched_ids(game: TriggerActions) -> list[int]:
    """The ids of the objects in the watched zones, in order (in_zone's)."""
    zones, players = game.zones, game.players
    places = [(p, zone) for zone in _WATCHED for p in (players if zone in PLAYER_ZONES else (None,))]
    return [i for place in places for i in zones.get(place, ())]


def _objects_to_match(
    game: TriggerActions, event: GameEvent, rows: dict[int, _Row] | None, grants: bool
) -> Iterable[GameObject]:
    """The objects :meth:`TriggerActions.collect_triggers` goes through: the held candidates, else
    the candidates."""
    held = _held_candidates(game, event, rows, grants)
    if held is not None:
        return held
    # (a step's event, say, where no watched object has a trigger of the mode and
    # nothing is granted: each would be passed over, so none is looked at; an event
    # with objects of its own moved some, and the loop passes them over as fast)
    watching = (
        rows is None
        or bool(game.animations or grants or event.objects or event.lki)
        or game._any_row(event.mode, rows)
    )
    return game._candidates(event, watching)


def _held_candidates(
    game: TriggerActions, event: GameEvent, rows: dict[int, _Row] | None, grants: bool
) -> list[GameObject] | None:
    """:meth:`TriggerActions._candidates` less the watched objects the loop of
    :meth:`TriggerActions.collect_triggers` would pass over (no trigger of the mode, nothing
    granted, no animation: their rows are empty), in the same order: the watched
    objects with triggers of the mode (:func:`_holders`), then the event's own that
    aren't watched. ``None`` (the long way) with an animation, a grant, an object
    that left the battlefield (603.10a: looked at as it last existed), or a
    ``Static$`` trigger among them: one that resolves at once may change the game
    while the loop goes on (an animation, a grant), so that an object passed over
    here would be looked at there. Every other trigger only waits (603.3): matching
    it reads the game and changes nothing the loop reads."""
    if rows is None or grants or game.animations:
        return None
    if event.lki and any(found.zone is Zone.BATTLEFIELD for found in event.lki.values()):
        return None
    held, at_once = _holders(game, event.mode, rows)
    if at_once:
        return None
    objects = game.objects
    candidates = [objects[i] for i in held]
    if event.objects:
        candidates += game._with_own_objects(event, game._watched(), watching=False)
    return candidates


def _holders(game: TriggerActions, mode: str, rows: dict[int, _Row]) -> tuple[tuple[int, ...], bool]:
    """The watched objects whose faces have triggers of this mode, by id, in the
    watched order, and whether any of those is ``Static$``; kept per ``moves`` (the
    same objects in the same zones, in the same order, with the very same states:
    with no animation, the same rows, :meth:`TriggerActions._rows_of`)."""
    known: dict[str, tuple[int, tuple[int, ...], bool]] = game.__dict__.setdefault("_trigger_holders", {})
    hit = known.get(mode)
    if hit is not None and hit[0] == game.moves:
        return hit[1], hit[2]
    held: list[int] = []
    at_once = False
    for found in _trigger_bearers(game):
        row = rows.get(found.id)
        if row is None or row[0] is not found.state:
            row = game._trigger_row(found, mode, rows)
        if row[2]:
            held.append(found.id)
            at_once = at_once or any("Static" in ability.params for ability in row[2])
    known[mode] = (game.moves, tuple(held), at_once)
    return known[mode][1], at_once


def _trigger_bearers(game: TriggerActions) -> list[GameObject]:
    """The watched objects whose faces have a triggered ability of any mode
    (:func:`_bears_triggers`), in the watched order: the others have no trigger of
    any mode. Asked with no animation only (:meth:`TriggerActions._rows_of`: a face then reads only
    the object's state), the ids are kept per ``moves`` (the same objects in the
    same zones and order, with the very same states), for every mode at once."""
    objects = game.objects
    kept: tuple[int, tuple[int, ...]] | None = game.__dict__.get("_bearers_seen")
    if kept is None or kept[0] != game.moves or game.animations:
        marks: dict[int, tuple[DfcState, bool]] = game.__dict__.setdefault("_state_bears", {})
        bearers = []
        for i in _watched_ids(game):
            found = objects[i]
            mark = marks.get(id(found.state))  # (the entry keeps its state alive: no other has its id)
            if mark is None:
                face = game.face_of(found)
                mark = (found.state, face is not None and _bears_triggers(face))
                if not game.animations:  # (then a face reads only the state)
                    if len(marks) > 20_000:
                        marks.clear()
                    marks[id(found.state)] = mark
            if mark[1]:
                bearers.append(i)
        kept = game.__dict__["_bearers_seen"] = (game.moves, tuple(bearers))
    return [objects[i] for i in kept[1]]
