"""Incubate (701.53a): "To incubate N, create an Incubator token with N +1/+1
counters on it and '{2}: Transform this artifact.' It transforms into a 0/0
Phyrexian artifact creature." The token is the double-faced token script
``incubator_c_0_0_a_phyrexian`` (111.13); ``Times$`` incubates again.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities.registry import api
from dfc_plugin.host.abilities.values import Ctx, amount

__all__: list[str] = []

_I = "test_abilities_incubate.py::test_argent_etchings_incubates_five_times_then_transforms_them"
INCUBATOR = "incubator_c_0_0_a_phyrexian"


@api("Incubate", params={"Amount": _I, "Times": _I}, rule="701.53a", test=_I)
def incubate(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Create an Incubator token with ``Amount$`` +1/+1 counters, ``Times$`` times."""
    definition = game.token_script(INCUBATOR)
    if definition is None:
        raise UnsupportedAbilityError(
            f"no token script {INCUBATOR!r} in the library", missing=(f"TokenScript:{INCUBATOR}",)
        )
    for _ in range(amount(ctx, link.get("Times"))):
        made = game.make_token(definition, ctx.controller)
        game.add_counters(made, "P1P1", amount(ctx, link.get("Amount")))
