"""Combat, as far as the cards need it (506-511): the active player declares attackers
(508.1: untapped creatures under their control since the turn began, or with haste;
not defenders; each attacks the opponent; attacking taps it unless it has vigilance),
the defending player declares blockers (509.1; evasion keywords are asked of the
keyword registry), then combat damage: first strike and double strike in a first
damage step (510.4), trample's excess to the player (702.19c), lifelink and
deathtouch through the damage action. Attacking planeswalkers and battles, multiple
blocks by one creature, and damage assignment order choices are not modelled: a
blocked creature assigns lethal damage to its blockers in the order they were
declared.
"""

from __future__ import annotations

from dfc_plugin.host.abilities.keywords import can_block
from dfc_plugin.host.abilities.multiple_blocks import blocker_damage, may_block_another
from dfc_plugin.host.game.basics import Basics
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["Combat"]


class Combat(Basics):
    """Combat (mixed into :class:`dfc_plugin.host.Game`)."""

    def defending_player(self) -> int:
        return next(p for p in self.players if p != self.active and self.alive(p))

    def may_attack(self, found: GameObject) -> bool:
        """508.1a: untapped, controlled continuously since the turn began or haste
        (302.6), not a defender (702.3b)."""
        if found.controller != self.active or found.tapped or not self.is_creature(found):
            return False
        if self.has_keyword_of(found, "Defender") or self.has_keyword_of(found, "CARDNAME can't attack."):
            return False
        return self.free_to_tap(found)  # (302.6 and haste from any source, 702.10b)

    def declare_attackers(self) -> None:
        """The active player declares attackers (508.1); "whenever attacks" triggers."""
        candidates = [o.id for o in self.battlefield() if self.may_attack(o)]
        chosen = self.ask_many(self.active, "attackers", candidates, 0, len(candidates)) if candidates else []
        forced = [i for i in candidates if self.has_keyword(i, "CARDNAME attacks each combat if able.")]
        chosen += [i for i in forced if i not in chosen]  # 508.1d: a requirement is obeyed
        defender = self.defending_player()
        for object_id in chosen:
            self.attackers[object_id] = defender
            self.attacked_this_turn.add(object_id)
            self.version += 1  # "attacking" is read by the layers (a vigilant one stays untapped)
            if not self.has_keyword(object_id, "Vigilance"):
                self._replace(self.obj(object_id), tapped=True)
            self.record("attack", self.obj(object_id), f"{{obj}} attacks player {defender}", "508.1")
        for object_id in chosen:
            self.emit(GameEvent("Attacks", {"Attacker": object_id}, {"Defender": defender}))
        if chosen:
            self.emit(GameEvent("AttackersDeclared", {}, {"Player": self.active}))

    def declare_blockers(self) -> None:
        """The defending player declares blockers (509.1), each blocking one attacker."""
        defender = self.defending_player()
        free = [
            o.id
            for o in self.battlefield()
            if o.controller == defender
            and not o.tapped
            and self.is_creature(o)
            and not self.has_keyword_of(o, "CARDNAME can't block.")
        ]
        for attacker in sorted(self.attackers, key=lambda a: not self.must_be_blocked(a)):
            if attacker not in self.objects or not free:
                continue
            options = [
                b for b in free if can_block(self, attacker, [b]) or self.has_keyword(attacker, "Menace")
            ]
            if not options:
                continue
            low = (
                1
                if self.must_be_blocked(attacker) and any(can_block(self, attacker, [b]) for b in options)
                else 0
            )
            chosen = self.ask_many(
                defender, f"blockers for {self.describe(self.obj(attacker))}", options, low, len(options)
            )
            if chosen and not can_block(self, attacker, chosen):
                self.record("block", None, "that block is not allowed (evasion) and is not made", "509.1b")
                continue
            if chosen:
                self.blockers[attacker] = chosen
                self.version += 1  # "blocking" and "blocked" are read by the layers
                free = [b for b in free if b not in chosen or may_block_another(self, b)]
                self.emit(GameEvent("AttackerBlocked", {"Attacker": attacker}))
                for blocker in chosen:
                    self.emit(GameEvent("Blocks", {"Blocker": blocker, "Attacker": attacker}))
                    self.emit(
                        GameEvent("AttackerBlockedByCreature", {"Attacker": attacker, "Blocker": blocker})
                    )
                self.record(
                    "block", self.obj(attacker), f"{{obj}} is blocked by {len(chosen)} creature(s)", "509.1"
                )

    def unblocked_events(self) -> None:
        """After blockers are declared, each unblocked attacker "becomes unblocked"."""
        for attacker in self.attackers:
            if attacker in self.objects and attacker not in self.blockers:
                self.emit(GameEvent("AttackerUnblocked", {"Attacker": attacker}))

    def _strikes(self, object_id: int, first: bool) -> bool:
        double = self.has_keyword(object_id, "Double Strike")
        first_striker = double or self.has_keyword(object_id, "First Strike")
        return first_striker if first else (double or not first_striker)

    def combat_damage(self, first: bool) -> None:
        """One combat damage step (510.1-2); every assignment is dealt at once."""
        dealt: list[tuple[int, tuple[str, int], int]] = []
        for attacker, defender in list(self.attackers.items()):
            if attacker not in self.objects or not self._strikes(attacker, first):
                continue
            power = max(0, self.power_toughness(attacker)[0] or 0)
            blockers = [b for b in self.blockers.get(attacker, []) if b in self.objects]
            if attacker in self.blockers and not blockers and not self.has_keyword(attacker, "Trample"):
                continue  # blocked, its blockers gone: no damage (509.1h, 510.1c)
            if not blockers:
                dealt.append((attacker, ("p", defender), power))
                continue
            for blocker in blockers:
                lethal = (
                    1
                    if self.has_keyword(attacker, "Deathtouch")
                    else max(0, (self.power_toughness(blocker)[1] or 0) - self.damage.get(blocker, 0))
                )
                share = (
                    power
                    if blocker == blockers[-1] and not self.has_keyword(attacker, "Trample")
                    else min(power, lethal)
                )
                dealt.append((attacker, ("o", blocker), share))
                power -= share
            if power > 0 and self.has_keyword(attacker, "Trample"):
                dealt.append((attacker, ("p", defender), power))
        dealt += blocker_damage(self, first)  # divided among the attackers it blocks (510.1d)
        for source, target, count in dealt:
            self.deal_damage(source, target, count, combat=True)

    def any_first_strike(self) -> bool:
        fighters = [*self.attackers, *(b for bs in self.blockers.values() for b in bs)]
        return any(
            self.has_keyword(i, "First Strike") or self.has_keyword(i, "Double Strike")
            for i in fighters
            if i in self.objects
        )

    def end_combat(self) -> None:
        """Creatures stop being attacking and blocking at the end of combat (511.3)."""
        if self.attackers or self.blockers:
            self.version += 1
        self.attackers = {}
        self.blockers = {}

    def attacking_ids(self) -> list[int]:
        return [i for i in self.attackers if i in self.objects and self.objects[i].zone is Zone.BATTLEFIELD]

    def put_into_attack(self, object_id: int, beside: int | None = None) -> None:
        """A creature put onto the battlefield attacking (506.3, 508.4): it attacks what
        ``beside`` attacks, else the player the other attackers attack; outside combat,
        or with no attackers, it is just put onto the battlefield."""
        if not self.attackers:
            return
        defender = self.attackers.get(beside) if beside is not None else None
        self.attackers[object_id] = defender if defender is not None else next(iter(self.attackers.values()))

    def must_be_blocked(self, attacker: int) -> bool:
        """509.1c: "must be blocked if able" is a requirement the defending player obeys
        (its attacker is asked about first, so no other block uses up its blockers)."""
        return attacker in self.objects and bool(
            self.has_keyword(attacker, "CARDNAME must be blocked if able.")
        )
