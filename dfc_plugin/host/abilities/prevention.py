"""Prevention of all damage to a permanent: the keyword "Prevent all damage that would
be dealt to CARDNAME." (Gideon, Battle-Forged's 0: "Prevent all damage that would be
dealt to him this turn", given until end of turn by ``Pump | KW$``).

A prevention effect applies to damage that would be dealt (615.1a): the damage isn't
dealt, so nothing happens that dealing it would cause (no marked damage, no loyalty
removed, no lifelink, no "is dealt damage" trigger, 615.5 being about what replaces
it). The engine asks :func:`prevents_all` before dealing damage to an object.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.host.abilities.registry import keyword

__all__ = ["prevents_all"]

_WORD = "Prevent all damage that would be dealt to CARDNAME."
_T = "test_abilities_prevention.py::test_gideon_is_dealt_no_damage_the_turn_he_becomes_a_creature"


@keyword(_WORD, rule="615.1a", test=_T)
def prevent_all_to_it(game: Any, object_id: int) -> bool:
    """Damage that would be dealt to it is prevented."""
    return bool(game.has_keyword(object_id, _WORD))


def prevents_all(game: Any, object_id: int) -> bool:
    """Whether all damage that would be dealt to this object is prevented now."""
    return object_id in game.objects and bool(game.has_keyword(object_id, _WORD))
