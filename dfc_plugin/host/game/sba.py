"""State-based actions (704): checked whenever a player would receive priority, all
that apply performed at once, repeated until none applies (704.3). Tokens and copies
outside their zones cease to exist as they move (704.5d-e, in the core's ``_arrive``).
Auras are not modelled (no Attach), so 704.5m never applies.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_
from typing import Any, TypeVar

from dfc_plugin.cards import Face, Keyword
from dfc_plugin.host.abilities.batches import flush
from dfc_plugin.host.abilities.living_metal import reads_the_turn
from dfc_plugin.host.abilities.state_triggers import check_state_triggers
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.game.combat import Combat
from dfc_plugin.host.game.events import GameEvent
from dfc_plugin.host.game.layers import characteristic_defining
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["StateBased", "chapter_keyword"]

T = TypeVar("T")
#: Each permanent, the rule putting it into a graveyard, its name if legendary.
Board = list[tuple[GameObject, str | None, str | None]]
#: What of the statics' parts the answers read: toughness (704.5f-g), indestructible
#: (704.5g), types (creature, planeswalker, battle, legendary: 704.5f-j, 310.7).
_SBA_READS = frozenset({"toughness", "indestructible", "types"})


@memo_by_identity
def chapter_keyword(face: Face) -> Keyword | None:
    """A Saga face's ``K:Chapter`` keyword (714.2b), if it has one."""
    return face.keyword("Chapter")


#: Where :meth:`StateBased._board` keeps its last whole scan in ``_sba_objects``.
_WHOLE_BOARD = ("whole board", -1)
#: Where it keeps the last remembered scan's objects, marks and answers (``None``: one
#: of them was not kept).
_LAST_SCAN = ("last scan", -1)


def _reads_the_same(before: GameObject, now: GameObject) -> bool:
    """Whether two versions of a permanent are the same to its state-based answers:
    the same state (its characteristics, 613.1a), counters (704.5f-i, 714.4), effects
    (7c, keywords) and controller (living metal, 702.161a); being tapped (or attacking,
    or anything else an object holds) changes none of them."""
    return before is now or (
        before.state is now.state
        and before.counters == now.counters
        and before.effects == now.effects
        and before.controller == now.controller
    )


class StateBased(Combat):
    """State-based actions (mixed into :class:`dfc_plugin.host.Game`)."""

    def _losing_players(self) -> list[int]:
        return _players_losing(self)

    def _dying(self, board: Board | None = None) -> list[tuple[GameObject, str]]:
        """Permanents put into a graveyard, with the rule (704.5f, g, i, v)."""
        return _dying_of(self._board() if board is None else board)

    def _board(self) -> Board:
        """Each permanent with the rule that puts it into a graveyard and its name if
        it's legendary (704.5f-v, 704.5j): one scan of the battlefield, each answer
        remembered as :meth:`_per_object` says. While the scan may be remembered
        (:meth:`_board_remembered`), the last scan's answer for a permanent that reads
        the same (:func:`_reads_the_same`) with the same damage and waiting abilities is
        taken as it is: only the permanents that changed are looked at again."""
        plain = _plain_of(self)
        table = self.__dict__.setdefault("_sba_objects", {})
        known = table.get(_WHOLE_BOARD, {}) if _remembered_scan(self, plain) else None
        permanents = self.battlefield()
        if known is not None and (same := _same_scan(self, table, permanents, plain)) is not None:
            return same
        kept = {}
        board: Board = []
        damage, deathtouched, waiting = self.damage, self.deathtouched, plain or ()
        for found in permanents:
            fid = found.id
            now = (damage.get(fid, 0), fid in deathtouched, fid in waiting)
            last = known.get(fid) if known is not None else None
            if last is not None and last[1] == now and last[0] is found:  # (the very object)
                board.append(last[2])
                kept[fid] = last
                continue
            if last is not None and last[1] == now and _reads_the_same(last[0], found):
                answer = (found, last[2][1], last[2][2])
            else:
                answer = (found, *self._per_object(plain, "board", found, self._board_rule))
                remembered = table.get(("board", fid), (None,))[0] is found  # (not: a CDA, 604.3)
                if not remembered or reads_the_turn(self.face_of(found)):  # (living metal, 702.161a)
                    board.append(answer)
                    continue
            board.append(answer)
            kept[fid] = (found, now, answer)
        if known is not None:
            table[_WHOLE_BOARD] = kept
            whole = len(kept) == len(board)  # (every answer kept: none reads the turn or a CDA)
            marks = (dict(damage), set(deathtouched), plain)
            table[_LAST_SCAN] = (tuple(permanents), marks, board) if whole else None
        return board

    def _board_remembered(self, plain: frozenset[int] | None) -> bool:
        return _remembered_scan(self, plain)

    def _board_rule(self, found: GameObject) -> tuple[str | None, str | None]:
        return self._dying_rule(found), self._legendary_name(found)

    def _dying_rule(self, found: GameObject) -> str | None:
        if self.is_creature(found):
            toughness = self.pt_of(found)[1] or 0
            if toughness <= 0:
                return "704.5f"
            lethal = self.damage.get(found.id, 0) >= toughness or (
                found.id in self.deathtouched and self.damage.get(found.id, 0) > 0
            )
            if lethal and not self.has_keyword_of(found, "Indestructible"):
                return "704.5g"
        if self._saga_done(found):
            return "714.4"
        if self.has_type_of(found, "Planeswalker") and found.counter("LOYALTY") <= 0:
            return "704.5i"
        if (
            self.has_type_of(found, "Battle")
            and found.counter("DEFENSE") <= 0
            and not self._siege_waiting(found)
        ):
            return "310.7"
        return None

    def _plain_sba(self) -> frozenset[int] | None:
        return _plain_of(self)

    def _per_object(
        self, plain: frozenset[int] | None, kind: str, found: GameObject, compute: Callable[[GameObject], T]
    ) -> T:
        """``compute(found)``, remembered while ``plain`` for the same object as far as
        the answer reads it (:func:`_reads_the_same`), the damage marked on it, whether
        an ability of it waits, the active player if it has living metal and what the
        statics give it if they may change the answer (the other inputs of 704.5f-v and
        310.7), unless an animation or a characteristic-defining ability of its own
        (613.3, 604.3) could make it read more."""
        if plain is None or self.animations.get(found.id):
            return compute(found)
        damage = self.damage.get(found.id, 0)
        face = self.face_of(found)
        # (the turn: living metal makes a creature on its controller's turn, 702.161a)
        turn = self.active if reads_the_turn(face) else None
        inputs: tuple[Any, ...] = (damage, found.id in self.deathtouched, found.id in plain, turn)
        if self.continuous_gives() & _SBA_READS:  # what the statics give it now (layers 4, 6, 7b)
            inputs += (tuple(self._statics_for(found)),)
        table: dict[tuple[str, int], tuple[GameObject, tuple[Any, ...], Any]] = (
            self.__dict__.setdefault("_sba_objects", {})
        )
        hit = table.get((kind, found.id))
        if hit is not None and hit[1] == inputs and _reads_the_same(hit[0], found):
            table[(kind, found.id)] = (found, inputs, hit[2])
            return hit[2]  # type: ignore[no-any-return]
        answer = compute(found)
        if face is None or not characteristic_defining(face):
            if len(table) > 10_000:
                table.clear()
            table[(kind, found.id)] = (found, inputs, answer)
        return answer

    def _saga_done(self, found: GameObject) -> bool:
        """714.4: a Saga whose lore counters reach its final chapter, and that isn't the
        source of a chapter ability still to resolve, is sacrificed."""
        face = self.face_of(found)
        word = chapter_keyword(face) if face is not None else None
        if word is None or not word.args or not word.args[0].isdigit():
            return False
        return found.counter("LORE") >= int(word.args[0]) and not self._siege_waiting(found)

    def _siege_waiting(self, found: GameObject) -> bool:
        """310.7: not while it's the source of an ability that triggered and hasn't left
        the stack."""
        return found.id in self._waiting_sources()

    def _waiting_sources(self) -> list[int]:
        """The sources of the abilities that triggered and haven't left the stack."""
        return [p.ctx.source for p in self.pending] + [
            i.ctx.source for i in self.stack_items if i.ctx is not None
        ]

    def _legend_rule(self, board: Board | None = None) -> list[GameObject]:
        """704.5j: of legendary permanents with the same name under one controller, the
        controller keeps one."""
        groups: dict[tuple[int, str], list[GameObject]] = {}
        for found, _, name in self._board() if board is None else board:
            if name:
                groups.setdefault((found.controller, name), []).append(found)
        out: list[GameObject] = []
        for (controller, name), same in groups.items():
            if len(same) > 1:
                kept = self.ask(controller, f"the {name} to keep (legend rule)", [o.id for o in same])
                out.extend(o for o in same if o.id != kept)
        return out

    def _legendary_name(self, found: GameObject) -> str | None:
        name = self.rules.characteristics(found.state).name
        return name if name and self.has_type_of(found, "Legendary") else None

    def state_based_actions(self) -> bool:
        """Perform every state-based action that applies; ``True`` if any did. (Nothing
        to check if nothing changed since the last check found nothing.)"""
        flush(self)  # what happened before this check, and the last check's actions (704.3)
        check_state_triggers(self)  # 603.8
        if self.__dict__.get("_sba_clean") == (self.version, len(self.pending), len(self.stack_items)):
            return False
        acted = False
        for player in _players_losing(self):
            self.losers.append(player)
            self.emit(GameEvent("LosesGame", {}, {"Player": player}))
            self.record(
                "lose",
                None,
                f"player {player} loses the game",
                "704.5a" if self.life[player] <= 0 else "704.5b",
            )
            acted = True
        auras, loose = self.attachment_problems()
        for attachment in loose:
            del self.attached[attachment]
            self.record("sba", self.obj(attachment), "{obj} becomes unattached", "704.5n")
            acted = True
        board = self._board()
        dying = _dying_of(board) + [(o, "704.5j") for o in self._legend_rule(board)]
        dying += [(self.obj(i), "704.5m") for i in auras]
        for found, rule in dying:
            if found.id not in self.objects:
                continue
            acted = True
            if rule == "704.5g":  # lethal damage destroys it: regeneration can replace that
                self.record("sba", found, "{obj} has lethal damage and is destroyed", rule)
                self.destroy_permanent(found.id)
                continue
            self.record("sba", found, "{obj} is put into its owner's graveyard", rule)
            self.move(found.id, Zone.GRAVEYARD)
        if not acted:
            self.__dict__["_sba_clean"] = (self.version, len(self.pending), len(self.stack_items))
        return acted

    def clear_damage(self) -> None:
        """Cleanup: damage wears off (514.2)."""
        if self.damage:
            self.version += 1
        self.damage = {}
        self.deathtouched = set()


def _same_scan(
    game: StateBased, table: dict[Any, Any], permanents: list[GameObject], plain: frozenset[int] | None
) -> Board | None:
    """The last remembered scan's answers, if the battlefield holds the very same
    objects, in the same order, with the same damage, deathtouch and waiting abilities
    as then (and each answer was kept): :meth:`StateBased._board` would take every one
    of them as it is (its "very object" case). (A function, not a method: one name
    fewer looked up on the game's long list of classes.)"""
    last = table.get(_LAST_SCAN)
    if last is None or len(last[0]) != len(permanents) or not all(map(is_, last[0], permanents)):
        return None
    damage, deathtouched, waiting = last[1]
    if damage != game.damage or deathtouched != game.deathtouched or waiting != plain:
        return None
    return list(last[2])


# The state-based check's helpers are functions (their methods above say the same for
# other callers): a name looked up on the game's long list of classes costs more.


def _players_losing(game: StateBased) -> list[int]:
    """The players who lose now: no life (704.5a) or drew from an empty library (704.5b)."""
    return [p for p in game.players if game.alive(p) and (game.life[p] <= 0 or p in game.drew_from_empty)]


def _dying_of(board: Board) -> list[tuple[GameObject, str]]:
    """The scan's permanents put into a graveyard, with the rule."""
    return [(found, rule) for found, rule, _ in board if rule is not None]


def _plain_of(game: StateBased) -> frozenset[int] | None:
    """Whether each permanent's state-based answers may be remembered now (``None``:
    not, within :func:`~dfc_plugin.host.game.cache.fresh`); if they may, the sources
    of the abilities that wait (310.7, 714.4). (With a ``Continuous`` static
    somewhere, what the statics give each object is an input too: ``_per_object``.)"""
    if is_fresh():
        return None
    return frozenset(game._waiting_sources())


def _remembered_scan(game: StateBased, plain: frozenset[int] | None) -> bool:
    """Whether the scan may be remembered beside the permanents, the damage and the
    waiting abilities: not where nothing may be (``plain``), with an animation, or
    with a static that works now and may change a toughness, a type or
    indestructible."""
    return plain is not None and not game.animations and not game.continuous_gives() & _SBA_READS
