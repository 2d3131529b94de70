"""What a player may do now, and doing it: ``game.legal_actions(player)`` and
``game.apply(player, action)``, the shape game-playing code knows (OpenSpiel's
``legal_actions()``/``apply_action()``, phase-python's ``Game.actions()``/
``Game.apply(seat, action)``), and ``game.play()`` which asks each player's agent.

Actions are small frozen records. Only the player with priority has actions (117);
the choices made while an action happens (targets, modes, "you may", attackers,
blockers, the order of triggers) are asked of that player's agent.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from dfc_plugin.cards import ForgeCost
from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.abilities.mayplay import may_play
from dfc_plugin.host.abilities.statics import any_active, any_static_with
from dfc_plugin.host.core import ActionResult
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.game.casting import (
    activated,
    activated_from,
    craft_keyword,
    instant_speed,
    never_now,
    plain_ability,
)
from dfc_plugin.host.game.steps import Steps
from dfc_plugin.script.parser import read_value
from dfc_plugin.state import Zone

__all__ = ["Action", "Activate", "Cast", "Craft", "Pass", "PlayLand", "Playing"]


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass priority (117.3d)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PlayLand:
    """Play a land (face ``face`` of a modal DFC, 712.12)."""

    object_id: int
    face: int = 0

    def __str__(self) -> str:
        return f"play land {self.object_id} (face {self.face})"


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast a spell, with the face and permission of one of the plugin's options."""

    object_id: int
    face: int = 0
    via: str = "normal"

    def __str__(self) -> str:
        return f"cast {self.object_id} (face {self.face}, {self.via})"


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate the ``index``-th activated ability of a permanent or card."""

    object_id: int
    index: int

    def __str__(self) -> str:
        return f"activate {self.object_id}:{self.index}"


@dataclass(frozen=True, slots=True)
class Craft:
    """Activate a craft ability (702.167a)."""

    object_id: int

    def __str__(self) -> str:
        return f"craft {self.object_id}"


Action = Pass | PlayLand | Cast | Activate | Craft

#: The pass every pieced listing begins with (frozen and without fields: every Pass is equal to it).
_PASS = Pass()


class Playing(Steps):
    """``legal_actions`` / ``apply`` / ``play`` (mixed into :class:`dfc_plugin.host.Game`)."""

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (none without priority). Each listed
        action passes the checks that can be made without doing it; :meth:`apply`
        makes them all and refuses with the rule if one fails."""
        if self.over or self.priority != player:
            return []
        # The listing reads the step only as the timing (307.1) and, for the colours an
        # effect gives "until end of turn", whether it is the cleanup step (514.2): the
        # listings of one version in steps alike are one (a step that changes anything
        # else changes the version).
        key = (
            "actions",
            self.version,
            player,
            self.turn,
            self.active,
            self.sorcery_timing(player),
            self.step == "cleanup",
            len(self.stack_items),
            tuple(self.mana_pool[player]),
            self.lands_played.get(player, 0),
        )
        cached = self._static_cache.get(key)
        if cached is None:
            cached = self._list_actions(player)
            self._static_cache[key] = cached
        return list(cached)

    def _list_actions(self, player: int) -> list[Action]:
        head = self._local_head(player)
        if head is not None:
            return self._from_pieces(player, head)
        found: list[Action] = [Pass()]
        found += self._land_actions(player)
        found += self._cast_actions(player)
        found += self._activate_actions(player)
        found += self._may_play_actions(player)
        return found

    def _from_pieces(self, player: int, head: tuple[Any, ...]) -> list[Action]:
        """The listing under a :meth:`_local_head`, put together from each object's
        piece, in the order :meth:`_list_actions` puts it: Pass, the land plays, the
        casts in the order of :meth:`_cast_sources`, the activations in the order of
        :meth:`_activation_sources`, the plays from exile. At instant timing no land is
        played (305.1), nothing exiled may be played under the head (601.3: no
        ``MayPlay$`` static, or nothing in exile) and only faces cast at instant speed
        are cast (307.1, 702.8a: no static gives flash under the head). A piece holds
        what of this reads only its object, the player, the timing and whether it may
        pay {T} (the settled row at this timing, the ways to cast it now), kept for the
        very object (an object changed is worked out again alone), and only what is
        left to ask (:meth:`castable`, :meth:`activatable`) is asked now."""
        sorcery = head[3]
        table = self.__dict__.setdefault("_activation_rows", {})
        if len(table) > 20_000:
            table.clear()  # (as the long way does; an entry of the listing before is only a memo)
        pieces: dict[int, tuple[Any, ...]] = table.setdefault(("pieces", player, sorcery), {})
        given = self.statics_give_keyword("haste")  # (as _activations reads it)
        objects, zones = self.objects, self.zones
        held = [objects[i] for i in zones.get((player, Zone.HAND), ())]
        graveyard = [objects[i] for i in zones.get((player, Zone.GRAVEYARD), ())]
        commanders = [objects[i] for i in zones.get((None, Zone.COMMAND), ())]
        field = zones.get((None, Zone.BATTLEFIELD), ())
        permanents = [o for i in field if (o := objects[i]).controller == player]
        mine_now = None if sorcery or given else [*held, *graveyard, *commanders, *permanents]
        if mine_now is not None:
            last = self._settled_listing(table, player, head, mine_now)
            if last is not None:
                return list(last)
        hand = self._pieced(pieces, player, held, head, given)
        yard = self._pieced(pieces, player, graveyard, head, given)
        command = self._pieced(pieces, player, commanders, head, given)
        mine = self._pieced(pieces, player, permanents, head, given)
        if not sorcery:
            found = [_PASS, *hand[0], *yard[0], *command[0], *mine[1], *yard[1], *hand[1]]
            if mine_now is not None and not (hand[2] or yard[2] or command[2] or mine[2]):
                table[("settled listing", player)] = (head, mine_now, found)
            return found
        lands, exiled = self._land_actions(player), self._may_play_actions(player)
        return [_PASS, *lands, *hand[0], *yard[0], *command[0], *mine[1], *yard[1], *hand[1], *exiled]

    @staticmethod
    def _settled_listing(
        table: dict[Any, Any], player: int, head: tuple[Any, ...], mine: list[Any]
    ) -> list[Action] | None:
        """The listing at instant timing kept with the very objects (``mine``) it was put
        together from, where nothing was asked (every piece's activations settled, no
        way to cast at instant speed) and no static gives haste (whether each may pay
        {T} is then the object's and the turn's, 302.6): with the same objects under
        the same head, it is that listing."""
        last = table.get(("settled listing", player))
        if last is None or last[0] != head or len(last[1]) != len(mine):
            return None
        return last[2] if all(map(operator.is_, mine, last[1])) else None

    def _pieced(
        self, pieces: dict[int, tuple[Any, ...]], player: int, group: list[Any], head: Any, given: bool
    ) -> tuple[list[Action], list[Action], bool]:
        """The casts and the activations of one zone's objects, from their pieces, and
        whether any was asked now (not settled by its piece)."""
        casts: list[Action] = []
        acts: list[Action] = []
        asked = False
        for obj in group:
            hit = pieces.get(obj.id)
            if (
                hit is None
                or hit[0] is not obj
                or (not hit[8] and (hit[1] != head or hit[2] != (self.free_to_tap(obj) if given else None)))
            ):
                hit = self._piece_of(pieces, player, obj, head, given)
            for option in hit[6]:  # (the ways to cast it at instant speed: asked now)
                asked = True
                if self.castable(player, obj, option):
                    casts.append(Cast(obj.id, option.face, option.via))
            if hit[7]:
                acts += hit[5]  # (every activation settled)
                continue
            asked = True
            for entry in hit[5]:
                if type(entry) is not tuple:
                    acts.append(entry)
                elif self.activatable(player, obj, hit[4], entry[1]):  # (index, ability): asked now
                    acts.append(Activate(obj.id, entry[0]))
        return casts, acts, asked

    def _piece_of(
        self, pieces: dict[int, tuple[Any, ...]], player: int, found: Any, head: Any, given: bool
    ) -> tuple[Any, ...]:
        """The object's piece, kept for the very object under the same head (and, where
        a static gives haste, the same answer to whether it may pay {T}, 702.10c); one
        kept under another head serves while it may pay {T} as it could then: a settled
        row reads nothing else a head holds (the settled rows are shared by every row
        with the same inputs, :meth:`_settled_by_inputs`). Of an object with no {T} or
        {Q} to pay (:meth:`_tapless`), a piece reads nothing a head holds: it is kept
        for the very object under every head, and shared whether it may pay {T} or not."""
        piece: tuple[Any, ...]
        hit = pieces.get(found.id)
        if hit is not None and hit[0] is not found:
            hit = None  # (another object's: this one's is worked out, or shared by its inputs)
        if hit is not None and hit[8]:
            return hit  # (it pays no {T} or {Q}: it reads no head)
        if hit is None and self._tapless(found):
            piece = (found, head, None, None, *self._piece_by_inputs(player, found, given, head[3], None))
            pieces[found.id] = piece
            return piece
        since = self.free_to_tap(found) if given else None
        if hit is not None and hit[1] == head and hit[2] == since:
            return hit
        taps = self.free_to_tap(found) if since is None else since
        if hit is not None and hit[3] == taps:
            piece = (found, head, since, taps, *hit[4:])
        else:
            piece = (found, head, since, taps, *self._piece_by_inputs(player, found, given, head[3], taps))
        pieces[found.id] = piece
        return piece

    def _tapless(self, found: Any) -> bool:
        """Whether nothing of the object's piece reads whether it may pay {T} (302.6: the
        listing reads it only for a {T} cost, :meth:`activatable`, as the plugin's
        ``can_pay_tap_cost`` is told): no activation of its row (:meth:`_kept_row`, under
        a head: no grant, no animation) pays {T} or {Q}, or the plugin answers alike
        whether it may or not (a land: 302.6 is a creature's). The command zone's are
        only cast (903.8)."""
        if found.zone is Zone.COMMAND:
            return True
        state = found.state  # (what the row and the plugin read: kept by the very state)
        table = self.__dict__.setdefault("_activation_rows", {})
        hit = table.get(("tapless", id(state)))
        if hit is None or hit[0] is not state:
            row = self._kept_row(found, ())
            tapless = row is None or not _pays_tap(row[2]) or self._tap_alike(state)
            hit = table[("tapless", id(state))] = (state, tapless)
        return hit[1]  # type: ignore[no-any-return]

    def _piece_by_inputs(
        self, player: int, found: Any, given: bool, sorcery: bool, taps: bool | None
    ) -> tuple[Any, tuple[Any, ...], tuple[Any, ...], bool, bool]:
        """:meth:`_piece`, shared by every object with the same inputs: what a piece reads
        of its object (its id, state, cards, tapped, controller, permissions and whether
        it may pay {T}: the settled row's inputs, :meth:`_settled_by_inputs`, and the
        card, zone and owner its ways to cast it read), at the timing. A land tapped for
        mana and untapped again is a new object with the piece it had (the entry keeps
        the state and cards alive: their ids are no other's)."""
        table = self.__dict__.setdefault("_activation_rows", {})
        state, cards = found.state, found.cards
        key: tuple[Any, ...] = ("piece", player, sorcery, found.id, found.tapped, found.controller)
        key += (found.permits, taps, id(state), id(cards))
        hit = table.get(key)
        if hit is None:
            hit = table[key] = (state, cards, self._piece(player, found, given, sorcery))
        return hit[2]  # type: ignore[no-any-return]

    def _piece(
        self, player: int, found: Any, given: bool, sorcery: bool
    ) -> tuple[Any, tuple[Any, ...], tuple[Any, ...], bool, bool]:
        """What of :meth:`_from_pieces` reads only the object: its face and settled
        activations at the timing (:meth:`_settled_row`), the ways to cast it from
        where it is at the timing (the rows of :meth:`_cast_sources`: at instant timing,
        those cast at instant speed), whether every activation is settled (none
        left to ask) and whether none pays {T} or {Q} (:meth:`_tapless`)."""
        face: Any = None
        settled: tuple[Any, ...] = ()
        tapless = True
        if found.zone is not Zone.COMMAND:  # (the command zone's are only cast, 903.8)
            row = self._kept_row(found, [])
            if row is not None:
                face, settled = row[1], self._settled_row(player, row, sorcery, given)
                tapless = not _pays_tap(row[2]) or self._tap_alike(found.state)
        options: tuple[Any, ...] = ()
        if found.zone is not Zone.BATTLEFIELD:
            options = tuple(r[1] for r in self._kept_cast_row(player, found) if sorcery or r[2])
        return face, settled, options, not any(type(entry) is tuple for entry in settled), tapless

    def _local_head(self, player: int) -> tuple[Any, ...] | None:
        """What a listing from pieces (:meth:`_from_pieces`) is kept under: the turn, the
        active player, whether it is the cleanup step (514.2) and the timing (307.1);
        ``None``: it is worked out the long way, within :func:`fresh`, with a grant or an
        animation (a row reads more than its object then), or at instant timing with a
        static that gives flash or a card exiled while a ``MayPlay$`` static is in the
        game (the listing reads other objects then)."""
        if is_fresh() or self.animations or self._any_grant():
            return None
        sorcery = self.sorcery_timing(player)
        if not sorcery and (
            (self.zones.get((None, Zone.EXILE)) and any_static_with(self, "MayPlay"))
            or any_active(self, "CastWithFlash")
        ):
            return None
        return (self.turn, self.active, self.step == "cleanup", sorcery)

    def _land_actions(self, player: int) -> list[Action]:
        if not self.sorcery_timing(player) or self.lands_played.get(player, 0) >= self.land_plays(player):
            return []
        out: list[Action] = []
        for found in self.in_zone(Zone.HAND, player):
            for option in self.rules.land_options(found.state.card):
                out.append(PlayLand(found.id, option.face))
        return out

    def _cast_actions(self, player: int) -> list[Action]:
        out: list[Action] = []
        sorcery = self.sorcery_timing(player)
        flash = not sorcery and any_active(self, "CastWithFlash")
        for found, option, at_instant_speed in self._cast_sources(player):
            timely = at_instant_speed or sorcery or (flash and self.given_flash(found, player))
            if timely and self.castable(player, found, option):
                out.append(Cast(found.id, option.face, option.via))
        return out

    def _cast_sources(self, player: int) -> list[tuple[Any, Any, bool]]:
        """The cards ``player`` might cast, each with a way to cast it and whether that
        face may be cast at instant speed (307.1, 702.8a): these read only the objects,
        so they are remembered until anything changes (the rest is :meth:`castable`'s)."""
        key = ("cast sources", self.version, player)
        cached: list[tuple[Any, Any, bool]] | None = self._static_cache.get(key)
        if cached is None:
            # (an object's rows read only the object and the player: an unchanged one's stay;
            # kept with the activation rows, which drop_caches forgets)
            cached = []
            for zone in (Zone.HAND, Zone.GRAVEYARD, Zone.COMMAND):  # a commander: 903.8
                for found in self.in_zone(zone, player):
                    cached += self._kept_cast_row(player, found)
            rows = self.__dict__.get("_activation_rows")
            if rows is not None and len(rows) > 20_000:
                rows.clear()
            self._static_cache[key] = cached
        return cached

    def _kept_cast_row(self, player: int, found: Any) -> list[tuple[Any, Any, bool]]:
        """:meth:`_cast_row`, kept while the object is the very same."""
        if is_fresh():
            return self._cast_row(player, found)
        rows = self.__dict__.setdefault("_activation_rows", {})
        row = rows.get(("cast", player, found.id))
        if row is None or row[0] is not found:
            row = rows[("cast", player, found.id)] = (found, self._cast_row(player, found))
        return row[1]  # type: ignore[no-any-return]

    def _cast_row(self, player: int, found: Any) -> list[tuple[Any, Any, bool]]:
        """One object's rows of :meth:`_cast_sources`."""
        return [
            (found, option, instant_speed(found.state.card.faces[option.face]))
            for option in self.cast_options_for(player, found)
        ]

    def _activate_actions(self, player: int) -> list[Action]:
        return self._activations(player)[0]

    def _activations(self, player: int) -> tuple[list[Action], bool]:
        """The activations listed, and whether any ability had to be asked now (its
        answer not settled by the row)."""
        out: list[Action] = []
        asked = False
        sorcery = self.sorcery_timing(player)
        given = self.statics_give_keyword("haste")  # (haste a static gives, 702.10c)
        for row in self._activation_sources(player):
            found, face = row[0], row[1]
            for entry in self._settled_row(player, row, sorcery, given):
                if type(entry) is tuple:  # (index, ability): asked now
                    asked = True
                    if self.activatable(player, found, face, entry[1]):
                        out.append(Activate(found.id, entry[0]))
                else:
                    out.append(entry)
        return out, asked

    def _settled_row(self, player: int, row: Any, sorcery: bool, given: bool = True) -> tuple[Any, ...]:
        """One row's activations in listing order, each settled where its answer reads
        only the row's object, the player, the turn and the timing (an action listed,
        or left out), else ``(index, ability)`` for :meth:`activatable` to answer now;
        remembered for the very row and turn, at each timing (unchanged object, face
        and grants; kept with the activation rows, which drop_caches forgets), and
        whether it may pay {T} where a static gives haste (``given``: it reaches an
        unchanged row, 702.10c; with none, the object and the turn answer that)."""
        if is_fresh():
            return self._settle_row(player, row, sorcery)
        table = self.__dict__.setdefault("_activation_rows", {})
        rows = table.get(("settled", player))  # (by object id: as many as the objects)
        if rows is None:
            rows = table[("settled", player)] = {}
        found = row[0]
        hit = rows.get(found.id)
        since = self.free_to_tap(found) if given else None
        if hit is None or hit[0] is not row or hit[1] != self.turn or hit[2] != since:
            taps = self.free_to_tap(found) if since is None else since
            hit = rows[found.id] = (row, self.turn, since, self._settled_by_inputs(table, player, row, taps))
        timings: dict[bool, tuple[Any, ...]] = hit[3]
        settled = timings.get(sorcery)
        if settled is None:
            settled = timings[sorcery] = self._settle_row(player, row, sorcery)
        return settled

    def _settled_by_inputs(
        self, table: dict[Any, Any], player: int, row: Any, since: bool
    ) -> dict[bool, Any]:
        """The settled rows (by timing) of any row with the same inputs: what a settled
        row reads of its object (its state, cards, tapped, controller and whether it may
        pay {T}: controlled since its controller's turn began or haste, 302.6, 702.10c),
        its face, abilities and grants. A permanent tapped and untapped again is a new object with the
        inputs it had (the entry keeps them alive: their ids are no other's)."""
        found, face, own, granted, craft = row
        inputs = (found.state, found.cards, face, own, *granted)
        key = ("inputs", player, found.id, found.tapped, found.controller, since, craft, *map(id, inputs))
        entry = table.get(key)
        if entry is None:
            entry = table[key] = (inputs, {})
        return entry[1]

    def _settle_row(self, player: int, row: Any, sorcery: bool) -> tuple[Any, ...]:
        """:meth:`_settled_row` worked out (within :func:`fresh`, nothing settled: every
        ability is asked, the long way round)."""
        found, face, own, granted, craft = row
        # Granted abilities follow the face's own (their indices, 613.1f).
        first = len(activated(face))
        entries: list[Any] = [*own, *((first + offset, a) for offset, a in enumerate(granted))]
        if not is_fresh():
            plain = self._plain_answers(player, found, face, own)
            entries = [_settled(found, entry, plain.get(entry[0]), sorcery) for entry in entries]
            entries = [entry for entry in entries if entry is not None]
        if sorcery and craft:
            entries.append(Craft(found.id))
        return tuple(entries)

    def _activation_sources(self, player: int) -> list[tuple[Any, Any, list[Any], list[Any], bool]]:
        """The objects with an ability ``player`` might activate: each with its face, its
        own activated abilities from where it is (with their indices), those granted to
        it, and whether it has craft on the battlefield. These read only the objects
        (and the statics, which read the objects), so they are remembered until anything
        changes; whether each may be activated now is :meth:`activatable`'s."""
        key = ("activation sources", self.version, player)
        cached: list[tuple[Any, Any, list[Any], list[Any], bool]] | None = self._static_cache.get(key)
        if cached is not None:
            return cached
        cached = []
        mine = [*self.in_zone(Zone.GRAVEYARD, player), *self.in_zone(Zone.HAND, player)]
        # Another player's permanents have nothing this player may activate (602.2).
        yours = [o for o in self.in_zone(Zone.BATTLEFIELD) if o.controller == player]
        grants = self._any_grant()
        # (with no animation, a row reads only the object and its grants: an unchanged
        # one's stays while it is granted the very same abilities, statics._granted_from)
        plain = not (self.animations or is_fresh())
        rows = self.__dict__.setdefault("_activation_rows", {}) if plain else None
        granted_to = {o.id: self.granted_abilities(o) for o in yours} if grants else {}
        for found in [*yours, *mine]:
            granted = granted_to.get(found.id, ())
            if rows is None:
                row = self._activation_row(found, list(granted))
            else:
                row = self._kept_row(found, granted)
            if row is not None:
                cached.append(row)
        if rows is not None and len(rows) > 20_000:
            rows.clear()
        self._static_cache[key] = cached
        return cached

    def _kept_row(
        self, found: Any, granted: Sequence[Any]
    ) -> tuple[Any, Any, list[Any], list[Any], bool] | None:
        """:meth:`_activation_row`, kept while the object is the very same and is granted
        the very same abilities (with no animation: see :meth:`_activation_sources`)."""
        rows = self.__dict__.setdefault("_activation_rows", {})
        row = rows.get(found.id)
        kept = row[1][3] if row is not None and row[1] is not None else ()
        if row is None or row[0] is not found or ((kept or granted) and not _same_grants(kept, granted)):
            row = rows[found.id] = (found, self._activation_row(found, list(granted)))
        return row[1]  # type: ignore[no-any-return]

    def _activation_row(
        self, found: Any, granted: list[Any]
    ) -> tuple[Any, Any, list[Any], list[Any], bool] | None:
        """One object's row of :meth:`_activation_sources` (``None``: nothing to activate)."""
        face = self.face_of(found)
        if face is None:
            return None
        own = activated_from(face, found.zone)
        craft = found.zone is Zone.BATTLEFIELD and craft_keyword(face) is not None
        return (found, face, own, granted, craft) if own or granted or craft else None

    def _plain_answers(self, player: int, found: Any, face: Any, own: list[Any]) -> dict[int, bool]:
        """``activatable`` for each plain ability among ``own`` (no timing, condition, cost
        part, mana or target: a land's mana ability), by index, remembered per object:
        its answer reads only the object (immutable), the player and the turn (302.6,
        "since your most recent turn")."""
        table: dict[tuple[int, int, int, bool], tuple[Any, Any, dict[int, bool]]] = self.__dict__.setdefault(
            "_plain_activations", {}
        )
        key = (found.id, player, self.turn, self.free_to_tap(found))  # (haste may come, 702.10c)
        hit = table.get(key)
        if hit is not None and hit[0] is found and hit[1] is own and not is_fresh():
            return hit[2]
        answers = {
            index: self.activatable(player, found, face, ability)
            for index, ability in own
            if plain_ability(ability)
        }
        if len(table) > 50_000:
            table.clear()
        table[key] = (found, own, answers)
        return answers

    def apply(self, player: int, action: Action) -> ActionResult:
        """Take one action for ``player`` (raises :class:`IllegalActionError`, leaving
        the game as it was, if the rules don't allow it)."""
        if self.over:
            raise IllegalActionError("the game is over")
        if self.priority != player:
            raise IllegalActionError(f"player {player} doesn't have priority", rule="117.3")
        result: ActionResult
        if isinstance(action, Pass):
            result = self._quiet_pass(player) or self.pass_priority(player)
        elif isinstance(action, PlayLand):
            result = self.play_land_now(player, action.object_id, face=action.face)
        elif isinstance(action, Cast):
            result = self.cast_spell(player, action.object_id, face=action.face, via=action.via)
        elif isinstance(action, Activate):
            result = self.activate(player, action.object_id, action.index)
        else:
            result = self.activate_craft(player, action.object_id)
        self.__dict__["_at_rest"] = (self.version, self.day_night)  # settled and checked
        return result

    def _quiet_pass(self, player: int) -> ActionResult | None:
        """A pass that only hands priority on (117.3d), made without the transaction
        around an action when nothing has changed since the last action was settled
        and checked: it can't fail, and it changes nothing to settle or check again
        (``None``: not such a pass; with the invariants on, every pass is checked)."""
        if (
            self.check_invariants
            or self._depth
            or self.__dict__.get("_at_rest") != (self.version, self.day_night)
            or self._all_passed(player)
        ):
            return None
        self.passed.add(player)
        result = self._hand_on(player)
        return replace(result, rule=self.edition.cite(result.rule)) if self.edition.renumbered else result

    def play(self, max_actions: int = 100_000, *, max_turns: int = 1000) -> int:
        """Let the agents play (each picks among :meth:`legal_actions`) until the game
        ends or a limit is reached; returns the number of actions taken. An action the
        agent picks that turns out illegal is dropped from its choices and it picks
        again."""
        taken = 0
        while not self.over and taken < max_actions and self.turn <= max_turns:
            player = self.priority
            if player is None:
                break
            options = self.legal_actions(player)
            while True:
                choice = self.agent(player).act(self, player, options)
                try:
                    self.apply(player, choice)
                    break
                except IllegalActionError:
                    options = [o for o in options if o != choice]
                    if not options:
                        raise
            taken += 1
        return taken

    def pass_until(self, step: str, *, turn: int | None = None, limit: int = 500) -> None:
        """Every player passes until the game reaches ``step`` (of turn ``turn``),
        the stack resolving on the way; it stops as the step begins, with its
        triggers on the stack (for tests and scenarios)."""
        for _ in range(limit):
            if self.step == step and (turn is None or self.turn == turn):
                return
            if self.over or self.priority is None:
                raise IllegalActionError(f"the game ended before reaching {step}")
            self.apply(self.priority, Pass())
        raise IllegalActionError(f"{step} was not reached in {limit} passes")

    def resolve_stack(self, limit: int = 100) -> None:
        """Every player passes until the stack is empty. After a direct action, the
        player with priority receives it again first: state-based actions and waiting
        triggers happen (117.5)."""
        if self.priority is not None:
            self.give_priority(self.priority)
        for _ in range(limit):
            if not self.stack_items or self.priority is None:
                return
            self.apply(self.priority, Pass())

    def view_extra(self, player: int) -> dict[str, Any]:
        """What the loop adds to a player's view: life, step, priority, the stack."""
        return {
            "life": dict(self.life),
            "step": self.step,
            "priority": self.priority,
            "stack": self.stack_text(),
        }

    def _may_play_actions(self, player: int) -> list[Action]:
        """Casts and land plays an effect allows from exile ("you may play cards exiled
        with ...", 601.3, 305.1), with the normal timing and costs."""
        out: list[Action] = []
        if not any_static_with(self, "MayPlay"):
            return out  # (a permission is a MayPlay$ static's: with none, nothing here)
        lands = self.sorcery_timing(player) and self.lands_played.get(player, 0) < 1
        for found in self.in_zone(Zone.EXILE):
            if not may_play(self, player, found):
                continue
            for option in self._options(player, found, None, None, None):
                if option.play == "land" and lands:
                    out.append(PlayLand(found.id, option.face))
                elif option.play == "cast" and self.castable(player, found, option):
                    out.append(Cast(found.id, option.face, option.via))
        return out



def _settled(found: Any, entry: tuple[int, Any], plain: bool | None, sorcery: bool) -> Any:
    """One ability's entry of a settled row: ``Activate`` (a plain ability's answer is
    yes), ``None`` (it is no, or never at this timing), else the entry, asked now."""
    if plain is not None:
        return Activate(found.id, entry[0]) if plain else None
    return None if never_now(found, entry[1], sorcery) else entry


def _pays_tap(own: Sequence[tuple[int, Any]]) -> bool:
    """Whether any of these (index, ability) pays {T} or {Q} (an unreadable cost is
    counted as one: whether it may is left to ask)."""
    return bool(own) and _any_pays_tap(own)


@memo_by_identity
def _any_pays_tap(own: Sequence[tuple[int, Any]]) -> bool:
    """:func:`_pays_tap` of a list kept with its face (``activated_from``), remembered by it."""
    for _, ability in own:
        cost = read_value("cost", ability.params.get("Cost") or "0")
        if not isinstance(cost, ForgeCost) or cost.tap or cost.untap:
            return True
    return False


def _same_grants(kept: Sequence[Any], granted: Sequence[Any]) -> bool:
    """Whether a kept activation row was worked out with the very abilities ``granted``
    (613.1f; a row with nothing to activate had none)."""
    return len(kept) == len(granted) and all(map(operator.is_, kept, granted))
