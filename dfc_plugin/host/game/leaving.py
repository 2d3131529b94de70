"""Leaving: what the game does the moment a permanent leaves the battlefield or a
player leaves the game.

A card exiled "until" its source leaves the battlefield (610.3) comes back the moment
the source leaves: the return is a one-shot effect made by that event, not an ability,
so nothing happens in between, not even state-based actions (Brutal Cathar's ruling),
and it never uses the stack. The card returns to the zone it came from, a
permanent under its owner's control (610.3c), provided it is still the same object in
exile (400.7: a card played from exile meanwhile stays where it went).

A player who concedes leaves the game and loses it (104.3a). In a game of more than two
players the game goes on (800.4), and 800.4a says what leaves with them: everything
they own, then their abilities on the stack, then whatever else they still control
(exiled). Their leaving permanents end "until" durations like any other departure.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["Leaving"]


class Leaving(LoopState):
    """ "Until" returns and players leaving (mixed into :class:`dfc_plugin.host.Game`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Source permanent -> (exiled object, the zone it returns to), 610.3.
        self.until_leaves: dict[int, list[tuple[int, Zone]]] = {}
        self._sources_gone: list[int] = []

    # ------------------------------------------------------------------ snapshots
    def _snapshot(self) -> dict[str, Any]:
        snapshot = super()._snapshot()
        if not self.until_leaves and not self._sources_gone:  # (most games: restored as new empty ones)
            snapshot["until"] = None
            return snapshot
        snapshot["until"] = ({k: list(v) for k, v in self.until_leaves.items()}, list(self._sources_gone))
        return snapshot

    def _restore(self, snapshot: dict[str, Any]) -> None:
        super()._restore(snapshot)
        until, gone = snapshot["until"] or ({}, [])
        self.until_leaves = {k: list(v) for k, v in until.items()}
        self._sources_gone = list(gone)

    # ------------------------------------------------------------------ until (610.3)
    def exile_until(self, source: int, exiled: int, origin: Zone) -> None:
        """Remember the second one-shot effect: ``exiled`` returns to ``origin`` when
        ``source`` leaves the battlefield (610.3)."""
        self.until_leaves.setdefault(source, []).append((exiled, origin))
        text = "{obj} is exiled until its exiler leaves the battlefield"
        self.record("until", self.obj(exiled), text, "610.3")

    def _remove(self, found: GameObject) -> None:
        if found.id in self.until_leaves and found.zone is Zone.BATTLEFIELD:
            self._sources_gone.append(found.id)
        super()._remove(found)

    @action("move")
    def move(self, /, object_id: int, zone: Zone, *, top: bool = True, **kw: Any) -> ActionResult:
        """Move an object (:meth:`ChangeActions.move`, with its ``order`` and
        ``controller``); if it was the source of an "until" exile, the exiled cards
        come back immediately after (610.3)."""
        result: ActionResult = super().move(object_id, zone, top=top, **kw)
        self.return_exiled()
        return result

    def _settle(self) -> None:
        self.return_exiled()  # a source that left by another way (melded, left the game)
        super()._settle()

    def return_exiled(self) -> None:
        """Make the second one-shot effect of every source that has left (610.3)."""
        while self._sources_gone:
            source = self._sources_gone.pop(0)
            for exiled, origin in self.until_leaves.pop(source, []):
                found = self.objects.get(exiled)
                if found is None or found.zone is not Zone.EXILE:
                    continue  # 400.7: it is not the object that was exiled any more
                self.record("until", found, "{obj} returns: its exiler has left the battlefield", "610.3")
                if origin is Zone.BATTLEFIELD:
                    self.put_onto_battlefield(exiled, controller=found.owner)  # 610.3c
                else:
                    super().move(exiled, origin)

    # ------------------------------------------------------------------ leaving the game
    @action("concede")
    def concede(self, player: int) -> ActionResult:
        """``player`` concedes: they leave the game and lose it (104.3a); with others
        still playing, what they own and control leaves too (800.4a); with one player
        left the game is over (104.2a). A player who has already left can't again."""
        self.check_player(player)
        if not self.alive(player):
            return ActionResult(False, "800.4", f"player {player} has already left the game")
        self.losers.append(player)
        self.passed.discard(player)
        self.version += 1
        self.emit(GameEvent("LosesGame", {}, {"Player": player}))
        self.record("lose", None, f"player {player} concedes and leaves the game", "104.3a")
        if len([p for p in self.players if self.alive(p)]) > 1:  # the game goes on (800.4)
            self._leave_game(player)
        else:
            self.priority = None
        return ActionResult(True, "104.3a", f"player {player} left the game")

    def _leave_game(self, player: int) -> None:
        """800.4a, in its order: owned objects leave the game and the "until end of
        turn" effects giving the player control of others' permanents end; then
        abilities they control on the stack, and their waiting triggers (800.4d), cease
        to exist; then objects they still control are exiled. Priority passes on. (A
        control change without an end keeps no earlier controller: exiled.)"""
        for found in [o for o in self.objects.values() if o.owner == player]:
            self._remove(found)
            for card in found.cards:
                self.cards.pop(card.id, None)
                self._leaving.pop(card.id, None)
        self._end_control_of(player)
        self.pending = [p for p in self.pending if p.ctx.controller != player]
        for found in [o for o in self.objects.values() if o.controller == player]:
            super().move(found.id, Zone.EXILE)
        self.stack_items = [  # spells gone with their cards; abilities they control cease to exist
            item
            for item in self.stack_items
            if (item.spell is None or item.spell in self.objects)
            and (item.spell is not None or item.ctx is None or item.ctx.controller != player)
        ]
        self.record("leave", None, f"player {player}'s cards leave the game with them", "800.4a")
        if self.priority == player:
            self.priority = self._next_in_game(player)

    def _end_control_of(self, player: int) -> None:
        """The control effects that gave ``player`` a permanent end (800.4a): it goes
        back to the controller it had before, if they are still in the game (800.4c)."""
        kept = []
        for object_id, before in self.control_reverts:
            found = self.objects.get(object_id)
            if found is not None and found.controller == player and self.alive(before):
                self._replace(found, controller=before, timestamp=self._tick())
            elif found is not None:
                kept.append((object_id, before))
        self.control_reverts = kept

    def _next_active(self) -> int:
        """A player who has left the game begins no turn (800.4k): the next one in turn
        order who is still in the game does."""
        return self._next_in_game(self.active)

    def give_priority(self, player: int) -> None:
        """A player who has left the game receives no priority; the next one in turn
        order does (800.4j: the turn of a player who left goes on without them)."""
        if not self.alive(player):
            player = self._next_in_game(player)
        super().give_priority(player)

    def _next_in_game(self, player: int) -> int:
        """The first player after ``player`` in turn order who is still in the game
        (``player`` itself if nobody else is)."""
        index = self.players.index(player)
        order = [*self.players[index + 1 :], *self.players[:index]]
        return next((p for p in order if self.alive(p)), player)
