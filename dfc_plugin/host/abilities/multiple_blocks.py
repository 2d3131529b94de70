"""A creature that blocks more than one attacker: the keyword "CARDNAME can block an
additional creature each combat." (Tangleclaw Werewolf, Fibrous Entangler), and the
combat damage such a blocker deals.

Each creature chosen to block blocks one attacker (509.1a) unless an effect lets it
block more: this one may block one more. A blocker blocking two or more creatures
assigns its combat damage divided as its controller chooses among them (510.1d): its
controller is asked, attacker by attacker in the order they were blocked, how much of
what is left each gets; the last gets the rest.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.registry import keyword
from dfc_plugin.host.abilities.values import Target

__all__ = ["blocker_damage", "may_block_another"]

_WORD = "CARDNAME can block an additional creature each combat."
_T = "test_abilities_multiple_blocks.py::test_tangleclaw_blocks_two_and_divides_its_damage"


@keyword(_WORD, rule="509.1a", test=_T)
def block_additional(game: Any, object_id: int) -> bool:
    """It may block one more attacker each combat (its damage divided, 510.1d)."""
    return bool(game.has_keyword(object_id, _WORD))


def may_block_another(game: Any, blocker: int) -> bool:
    """Whether a creature that already blocks may block one more attacker now."""
    blocked = sum(blocker in chosen for chosen in game.blockers.values())
    return blocked < 1 + (1 if game.has_keyword(blocker, _WORD) else 0)


def blocker_damage(game: Any, first: bool) -> list[tuple[int, Target, int]]:
    """The combat damage blockers deal in this step: all of it to the one creature
    each blocks, divided by its controller among several (510.1d)."""
    blocked: dict[int, list[int]] = {}
    for attacker, blockers in game.blockers.items():
        for blocker in blockers:
            if blocker in game.objects and attacker in game.objects:
                blocked.setdefault(blocker, []).append(attacker)
    dealt: list[tuple[int, Target, int]] = []
    for blocker, attackers in blocked.items():
        if game._strikes(blocker, first):
            power = max(0, game.power_toughness(blocker)[0] or 0)
            dealt += [(blocker, ("o", a), n) for a, n in _divided(game, blocker, attackers, power)]
    return dealt


def _divided(game: Any, blocker: int, attackers: list[int], power: int) -> list[tuple[int, int]]:
    shares = []
    for attacker in attackers[:-1]:
        purpose = (
            f"combat damage from {game.describe(game.obj(blocker))} to {game.describe(game.obj(attacker))}"
        )
        share = int(game.ask(game.obj(blocker).controller, purpose, list(range(power + 1))))
        shares.append((attacker, share))
        power -= share
    return [*shares, (attackers[-1], power)]
