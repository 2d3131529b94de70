"""Turns, the untap step, and day and night for the reference engine (502, 731, 702.145).
When it becomes day or night, daybound and nightbound permanents transform, as the
plugin's ``day_night_transform`` handler says (702.145c, 702.145f)."""

from __future__ import annotations

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.core import ActionResult, GameCore, action
from dfc_plugin.host.game.cache import is_fresh
from dfc_plugin.rules.daynight import DayNight
from dfc_plugin.state import DfcState, Zone

__all__ = ["TurnActions"]


class TurnActions(GameCore):
    """Turns and day/night (mixed into :class:`dfc_plugin.host.Game`)."""

    @action("set_day_night")
    def set_day_night(self, designation: DayNight | str) -> ActionResult:
        """It becomes day or night (731.1); daybound and nightbound permanents follow."""
        if designation not in set(DayNight):
            raise IllegalActionError(
                f"the game's designation is day, night or neither, not {designation!r}", rule="731.1"
            )
        self.day_night = DayNight(designation)
        self.record("day_night", None, f"it becomes {self.day_night.value}", "731.1")
        turned = self._apply_day_night()
        return ActionResult(True, "731.1", f"it is {self.day_night.value}", turned)

    def _settle(self) -> None:
        self._apply_day_night()

    def _apply_day_night(self) -> tuple[int, ...]:
        """Give the game a designation if a daybound/nightbound permanent needs one
        (702.145d, 702.145g), then transform what must transform (702.145c, 702.145f)."""
        permanents = self.battlefield()
        rows = [self._day_night_row(o.state) for o in permanents]
        daybound = any(row[1] for row in rows)
        nightbound = any(row[2] for row in rows)
        before = self.day_night
        self.day_night = self.rules.designation_with(self.day_night, daybound, nightbound)
        if self.day_night is not before:
            rule = "702.145d" if self.day_night is DayNight.DAY else "702.145g"
            self.record("day_night", None, f"it becomes {self.day_night.value}", rule)
        turned = []
        now = self.day_night
        for found, row in zip(permanents, rows, strict=True):  # (a record moves nothing)
            transforms = row[3].get(now)
            if transforms is None:
                transforms = row[3][now] = self.rules.day_night_transform(found.state, now)
            if transforms:
                cause = "daybound" if self.day_night is DayNight.NIGHT else "nightbound"
                result = self.transform(found.id, cause=cause)  # type: ignore[attr-defined]
                if result.happened:
                    turned.append(found.id)
        return tuple(turned)

    def _day_night_row(self, state: DfcState) -> tuple[DfcState, bool, bool, dict[DayNight, bool]]:
        """A permanent's state with whether its face has daybound and nightbound and the
        plugin's ``day_night_transform`` answers by designation, kept per (immutable)
        state: the handler reads only the state and the designation (and the game's
        edition). Nothing is kept within :func:`~dfc_plugin.host.game.cache.fresh`."""
        rows: dict[int, tuple[DfcState, bool, bool, dict[DayNight, bool]]]
        rows = self.__dict__.setdefault("_day_night_rows", {})
        row = rows.get(id(state))
        if row is not None and row[0] is state and not is_fresh():
            return row
        face = self.rules.characteristics(state).face
        day = face is not None and face.has_keyword("daybound")
        row = (state, day, face is not None and face.has_keyword("nightbound"), {})
        if not is_fresh():
            if len(rows) > 20_000:
                rows.clear()
            rows[id(state)] = row
        return row

    @action("next_turn")
    def next_turn(self) -> ActionResult:
        """End this turn and start the next: "until end of turn" effects end (514.2); the
        next player untaps (502.3); the day/night check looks at the turn that ended
        (731.2)."""
        for found in self.battlefield():
            if any(e.until_end_of_turn for e in found.effects):
                self._replace(found, effects=tuple(e for e in found.effects if not e.until_end_of_turn))
        self.spells_cast_last_turn = self.spells_cast.get(self.active, 0)
        self.spells_cast = {}
        self.lands_played = {}
        for player in self.players:
            self.mana_pool[player] = []
        self.turn += 1
        self.active = self._next_active()
        for found in self.in_zone(Zone.BATTLEFIELD):
            if found.controller == self.active and found.tapped:
                self._replace(found, tapped=False)
        before = self.day_night
        self.day_night = self.rules.next_designation(self.day_night, self.spells_cast_last_turn)
        self.record("turn", None, f"turn {self.turn} begins: player {self.active}'s turn", "500.1")
        if self.day_night is not before:
            self.record("day_night", None, f"it becomes {self.day_night.value}", "731.2")
        turned = self._apply_day_night()
        return ActionResult(True, "731.2", f"turn {self.turn}", turned)

    @action("cast_spell_elsewhere")
    def note_spell_cast(self, player: int) -> ActionResult:
        """Count a spell cast by ``player`` that is not modelled as a card (731.2)."""
        self.check_player(player)
        self.spells_cast[player] = self.spells_cast.get(player, 0) + 1
        self.record("note", None, f"player {player} cast a spell", "731.2")
        return ActionResult(True, "731.2", "counted")

    def _next_active(self) -> int:
        """The player whose turn comes next, in turn order (101.4)."""
        return self.players[(self.players.index(self.active) + 1) % len(self.players)]
