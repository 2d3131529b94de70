"""Turns, phases and steps (500-514), and priority (117).

Each step's turn-based actions happen as it begins (untap 502.3, draw 504.1, declare
attackers and blockers 508-509, combat damage 510, cleanup 514.1-2); "at the beginning
of" triggers trigger then (503.1a). Then the active player receives priority (117.3a)
after state-based actions and waiting triggers (117.5). When all players pass in
succession the top of the stack resolves, or, with an empty stack, the step ends
(117.4, 500.2). The untap and cleanup steps have no priority (502.4, 514.3). The first
player skips the draw of their first turn (103.8a). A combat with no attackers skips
the declare blockers and combat damage steps (508.8).
"""

from __future__ import annotations

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.casting import CastingActions
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.sba import StateBased, chapter_keyword
from dfc_plugin.host.game.state import players_in_order
from dfc_plugin.state import Zone

__all__ = ["STEPS", "Steps"]

STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "begin_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_combat",
    "main2",
    "end",
    "cleanup",
)

#: Maximum hand size (402.2).
HAND_SIZE = 7


class Steps(CastingActions, StateBased):
    """The turn structure (mixed into :class:`dfc_plugin.host.Game`)."""

    first_player_skips_draw = True

    @property
    def over(self) -> bool:
        if not self.losers:  # (asked before every action and choice: most games have none)
            return len(self.players) <= 1
        return len([p for p in self.players if self.alive(p)]) <= 1

    @property
    def winner(self) -> int | None:
        alive = [p for p in self.players if self.alive(p)]
        return alive[0] if len(alive) == 1 else None

    def next_turn(self) -> ActionResult:
        """The turn ends: remember how many spells each player cast (for the 2020
        werewolves' "if no spells were cast last turn"), then the core's next turn
        (untap, day/night 731.2)."""
        self.spells_last_turn = dict(self.spells_cast)
        self.attacked_this_turn = set()
        self.life_gained = {}
        self.loyalty_used = set()
        self.activations = {}
        result: ActionResult = super().next_turn()
        self.end_effects("turn")
        self._end_until_next_turn()
        return result

    def _end_until_next_turn(self) -> None:
        """ "Until your next turn" effects end as that player's turn begins (611.2b)."""
        for entry in [e for e in self.until_next_turn if e[2] == self.active]:
            self.until_next_turn.remove(entry)
            object_id, stamp, _ = entry
            found = self.objects.get(object_id)
            if found is not None:
                self._replace(found, effects=tuple(x for x in found.effects if x.timestamp != stamp))

    # ------------------------------------------------------------------ starting
    @action("start")
    def start(self, hand: int = 7, step: str = "upkeep") -> ActionResult:
        """Begin the game: each player draws their opening hand (103.5; no mulligans),
        the first player's first turn begins in the upkeep (the untap step has nothing
        to untap, 103.8), or in ``step`` (a test or scenario that starts mid-turn)."""
        self.playing = True
        for player in self.players:
            self.draw(player, hand)
        self._begin(step)
        return ActionResult(True, "103.8", "the game begins")

    # ------------------------------------------------------------------ priority
    def give_priority(self, player: int) -> None:
        """Before a player receives priority: state-based actions and waiting triggers,
        repeated until neither happens (117.5, 704.3)."""
        self.check_day_change()
        for _ in range(1000):
            acted = self.state_based_actions()
            if self.over:
                self.priority = None
                return
            if self.pending:
                self.push_pending()
                acted = True
            if not acted:
                break
        self.priority = player

    @action("pass")
    def pass_priority(self, player: int) -> ActionResult:
        """``player`` passes priority (117.3d); if all have passed in succession, the
        top of the stack resolves or the step ends (117.4)."""
        if self.priority != player:
            raise IllegalActionError(f"player {player} doesn't have priority", rule="117.3")
        self.passed.add(player)
        if not self._all_passed():
            return self._hand_on(player)
        self.passed = set()
        if self.stack_items:
            self.resolve_top()
            self.give_priority(self.active)
            return ActionResult(True, "117.4", "the top of the stack resolved")
        self._end_step()
        return ActionResult(True, "500.2", f"now {self.step}")

    def _all_passed(self, *also: int) -> bool:
        """Whether every player has passed in succession (with ``also``)."""
        if not self.losers:  # (every player is still in the game: asked at every pass)
            return self.passed.union(also).issuperset(self.players)
        return {p for p in self.players if self.alive(p)} <= self.passed.union(also)

    def _hand_on(self, player: int) -> ActionResult:
        """``player`` has passed and another hasn't: the next player receives priority
        (117.3d)."""
        order = list(players_in_order(self, player))
        self.priority = next(p for p in order[1:] if self.alive(p))
        return ActionResult(True, "117.3d", "passed")

    # ------------------------------------------------------------------ steps
    def _end_step(self) -> None:
        """500.2: the step ends; mana empties (500.4); the next one begins."""
        for player in self.players:
            self.mana_pool[player] = []
        index = STEPS.index(self.step)
        if self.step == "end_combat":
            self.end_combat()
        if self.step == "cleanup" or index == len(STEPS) - 1:
            self.version += 1  # a new active player, "last turn" counts: what caches key on
            self.next_turn()
            self._begin("upkeep")  # the untap step was the core's next_turn (502.3)
            return
        following = STEPS[index + 1]
        if following in ("declare_blockers", "combat_damage") and not self.attackers:
            following = "end_combat"  # 508.8
        self._begin(following)

    def _begin(self, step: str) -> None:
        self.step = step
        self.passed = set()
        _BEGIN[step](self)
        if self.over:
            self.priority = None
            return
        if step == "cleanup":
            self._cleanup()
            return
        self.emit(GameEvent("Phase", {}, {"Player": self.active}, {"Phase": step}))
        self.give_priority(self.active)

    def _upkeep(self) -> None:
        self.record("step", None, f"turn {self.turn}: upkeep", "503.1")

    def _draw_step(self) -> None:
        if self.first_player_skips_draw and self.turn == 1:
            return
        self.draw(self.active, 1)

    def _nothing(self) -> None:
        return None

    def _main(self) -> None:
        """Precombat main phase: the active player puts a lore counter on each Saga
        they control (505.4, 714.3b)."""
        for found in self.battlefield():
            face = self.face_of(found)
            if found.controller == self.active and face is not None and chapter_keyword(face):
                self.add_lore(found.id)

    def _attackers(self) -> None:
        self.declare_attackers()

    def _blockers(self) -> None:
        self.declare_blockers()
        self.unblocked_events()

    def _damage(self) -> None:
        if self.any_first_strike():
            self.combat_damage(first=True)
            self.state_based_actions()
        self.combat_damage(first=False)

    def _cleanup(self) -> None:
        """514.1: discard to seven; 514.2: damage wears off, "until end of turn" ends;
        514.3a: if anything happens, players get priority, then another cleanup."""
        hand = self.owner_zone_ids(self.active, Zone.HAND)
        if len(hand) > HAND_SIZE:
            extra = len(hand) - HAND_SIZE
            for object_id in self.ask_many(self.active, "cards to discard to hand size", hand, extra, extra):
                self.move(object_id, Zone.GRAVEYARD)
        self.clear_damage()
        self.end_of_turn_effects()
        self.end_effects("cleanup")
        self.end_of_turn_control()
        self.state_based_actions()
        if self.pending:
            self.give_priority(self.active)
            return
        self._end_step()


_BEGIN = {
    "untap": Steps._nothing,
    "upkeep": Steps._upkeep,
    "draw": Steps._draw_step,
    "main1": Steps._main,
    "begin_combat": Steps._nothing,
    "declare_attackers": Steps._attackers,
    "declare_blockers": Steps._blockers,
    "combat_damage": Steps._damage,
    "end_combat": Steps._nothing,
    "main2": Steps._nothing,
    "end": Steps._nothing,
    "cleanup": Steps._nothing,
}
