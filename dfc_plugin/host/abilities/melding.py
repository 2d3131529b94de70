"""A meld whose melded permanent "enters tapped and attacking": ``Meld`` with
``Tapped$`` and ``Attacking$`` (Mishra, Claimed by Gix: "exile them, then meld them into
Mishra, Lost to Phyrexia. It enters tapped and attacking.").

Melding itself stays the plugin's (701.42a, 712.4a, through ``game.meld``); this only
says how the melded permanent is put onto the battlefield. A permanent that enters
attacking was never declared as an attacker (508.4): it attacks a player its controller
chooses among the opponents, and only during combat; outside combat it just enters
(506.3a). It is tapped as it is put there, before anything can see it untapped.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities import effects  # noqa: F401  (Meld is registered there first)
from dfc_plugin.host.abilities.registry import extend
from dfc_plugin.host.abilities.values import Ctx
from dfc_plugin.state import Zone

__all__: list[str] = []

_TEST = "test_abilities_melding.py::test_mishra_and_the_engine_meld_tapped_and_attacking"

#: The steps of the combat phase in which a creature can be attacking (506.1, 511.3).
_COMBAT = frozenset({"declare_attackers", "declare_blockers", "combat_damage"})


def _meld_entering(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``Tapped$``/``Attacking$``: the melded permanent enters tapped, attacking."""
    before = {o.id for o in game.in_zone(Zone.BATTLEFIELD)}
    _MELD.run(game, ctx, link)
    melded = [o for o in game.in_zone(Zone.BATTLEFIELD) if o.id not in before and len(o.cards) == 2]
    for found in melded:
        if "Tapped" in link:
            game.set_tapped(found.id, True)  # as it is put there: nothing sees it untapped
        if "Attacking" in link and game.step in _COMBAT:
            game.attackers[found.id] = game.defender_for_entering(found)  # 508.4


_MELD = extend("api", "Meld", _meld_entering, {"Tapped": _TEST, "Attacking": _TEST})
