"""``Continuous | AddAbility$ <SVar> | AddSVar$ <SVar>``: an ability granted to other
permanents together with the value it reads ("Creatures you control have '{T}: This
creature deals damage equal to its power to any target'", Arlinn, Embraced by the
Moon's emblem: the granted ability's ``NumDmg$ ArlinnX`` is the emblem's
``SVar:ArlinnX:Count$CardPower``).

The granted ability belongs to the permanent it is granted to (613.1f), so it reads
its amounts there: ``Count$CardPower`` is that creature's power. The value SVars named
by ``AddSVar$`` are written into the granted ability in place of their names. An SVar
that is itself an ability (a sub-ability to run) is not carried this way; an ability
that needs one refuses to run for want of it, as any missing SVar does.
"""

from __future__ import annotations

from dfc_plugin.cards import Face, Param
from dfc_plugin.host.abilities import statics  # noqa: F401  (registers Continuous, declared here)
from dfc_plugin.host.abilities.registry import honour
from dfc_plugin.script.parser import parse_param_map

__all__ = ["with_svars"]

_ABILITY_KEYS = frozenset({"AB", "DB", "SP", "Mode", "Event"})


def _values(face: Face, names: str) -> dict[str, str]:
    """The value SVars (amounts, not abilities) of the static's source, by name."""
    found = {}
    for name in (n.strip() for n in names.replace("&", ",").split(",")):
        svar = face.svar(name) if name else None
        lead = svar.params.lead if svar is not None and svar.params is not None else None
        if svar is not None and (lead is None or lead.key not in _ABILITY_KEYS):
            found[name] = svar.body
    return found


def with_svars(face: Face, body: str, names: str | None) -> str:
    """The granted ability's text with each parameter that names one of the
    ``AddSVar$`` SVars given that SVar's value."""
    values = _values(face, names) if names else {}
    if not values:
        return body
    params = [Param(p.key, values.get(p.value, p.value)) for p in parse_param_map(body)]
    return " | ".join(f"{p.key}$ {p.value}" if p.key else p.value for p in params)


honour(
    "static",
    "Continuous",
    {"AddSVar": "test_abilities_granted_svars.py::test_arlinn_emblem_creatures_deal_their_power"},
)
