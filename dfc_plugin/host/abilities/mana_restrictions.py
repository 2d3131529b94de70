"""Mana with a spending restriction: ``RestrictValid$`` on a ``Mana`` ability ("Spend
this mana only to cast an instant or sorcery spell", "This mana can't be spent to cast
nonartifact spells").

106.6: "Some spells or abilities that produce mana restrict how that mana can be spent,
have an additional effect that affects the spell or ability that mana is spent on, or
create a delayed triggered ability that triggers when that mana is spent." The mana such
an ability adds is a :class:`RestrictedMana`: a string equal to its type (everything
that reads the pool by type still sees a ``"C"``) that carries its restriction and the
context of the ability that made it (whose controller "YouCtrl" means).

Forge's meaning of the value (``AbilityManaPart``): a comma-separated list; the mana may
pay for a spell that fits one of its valid-card alternatives (``Instant,Sorcery``,
``Card.Artifact``), or for an ability whose source fits an ``Activated[.props]``
alternative (``Activated`` alone: any ability); ``nonSpell``: anything but a spell. A
payment says what it pays for (:class:`Spending`); one that says nothing (a cost paid
outside casting or activating) can't use restricted mana. The words Forge gives other
meanings (cumulative upkeep, morph costs, costs with {X}) are refused, not ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.errors import UnsupportedAbilityError
from dfc_plugin.host.abilities import effects  # noqa: F401  (Mana is registered there first)
from dfc_plugin.host.abilities.registry import VALUE_CHECKS, extend
from dfc_plugin.host.abilities.snow import SnowMana
from dfc_plugin.host.abilities.values import Ctx, matches
from dfc_plugin.host.game.cache import memo_by_identity
from dfc_plugin.host.model import GameObject

__all__ = ["RestrictedMana", "Spending", "may_spend", "restricted_by_line", "source_allows"]

_TEST = "test_abilities_mana_restrictions.py::"

#: ``RestrictValid$`` words that are not valid-card expressions and are not honoured
#: here (Forge: cumulative upkeep, face-down and morph costs, costs with {X} or {C}).
UNHONOURED = frozenset({"CumulativeUpkeep", "MorphOrManifest", "CostContainsX", "CostContainsC"})


class RestrictedMana(str):
    """One mana that may be spent only as ``only`` allows (106.6); equal to its type."""

    only: str
    ctx: Ctx


class RestrictedSnowMana(RestrictedMana, SnowMana):
    """Restricted mana from a snow source: it pays {S} too (107.4h)."""


@dataclass(frozen=True)
class Spending:
    """What a payment is for: the spell being cast (``spell``), or the source of the
    ability being activated or whose cost is paid."""

    card: GameObject
    spell: bool

    @property
    def key(self) -> tuple[int, bool]:
        return (self.card.id, self.spell)


def restrict(mana: list[str], only: str, ctx: Ctx) -> list[str]:
    """This mana, restricted by ``only`` (refused if it names a word not honoured)."""
    refused = unhonoured(only)
    if refused:
        raise UnsupportedAbilityError(
            f"{ctx.face.name}: mana restricted to {only!r} can't be tracked here",
            missing=tuple(refused),
        )
    made: list[str] = []
    for one in mana:
        kind = RestrictedSnowMana if isinstance(one, SnowMana) else RestrictedMana
        held = kind(one)
        held.only, held.ctx = only, ctx
        made.append(held)
    return made


def unhonoured(only: str) -> list[str]:
    """The census words for the parts of a ``RestrictValid$`` not honoured here."""
    return [f"Mana.RestrictValid:{w}" for w in (a.strip() for a in only.split(",")) if w in UNHONOURED]


def allows(only: str, ctx: Ctx, spending: Spending) -> bool:
    """Whether mana restricted by ``only`` may pay for ``spending`` (Forge's reading,
    see the module docstring)."""
    for alternative in (a.strip() for a in only.split(",")):
        if alternative == "nonSpell":
            ok = not spending.spell
        elif alternative.startswith("Activated"):
            ok = not spending.spell and matches(ctx, spending.card, "Card" + alternative[len("Activated") :])
        else:
            ok = spending.spell and matches(ctx, spending.card, alternative)
        if ok:
            return True
    return False


def may_spend(mana: str, spending: Spending | None) -> bool:
    """Whether this mana may pay for ``spending`` (unrestricted mana pays anything)."""
    if not isinstance(mana, RestrictedMana):
        return True
    return spending is not None and allows(mana.only, mana.ctx, spending)


def _ability_params(game: Any, found: GameObject, line: int) -> ParamMap | None:
    face = game.face_of(found)
    ability = next((a for a in face.abilities if a.line == line), None) if face is not None else None
    return ability.params if ability is not None else None


def restricted_by_line(game: Any, found: GameObject, line: int, mana: list[str]) -> list[str]:
    """The mana a permanent's mana ability (the one on script line ``line``) adds,
    restricted if the ability says ``RestrictValid$``."""
    face = game.face_of(found)
    only = _restrictions_by_line(face).get(line) if face is not None else None
    if not only:
        return mana
    return restrict(mana, only, game.ability_ctx(found, game.face_of(found)))


@memo_by_identity
def _restrictions_by_line(face: Any) -> dict[int, str | None]:
    """The ``RestrictValid$`` of the first ability on each script line of the (immutable)
    face (what :func:`_ability_params` finds for the line), remembered per face."""
    found: dict[int, str | None] = {}
    for ability in face.abilities:
        if ability.line not in found:
            found[ability.line] = ability.params.get("RestrictValid")
    return found


def source_allows(game: Any, found: GameObject, index: int, spending: Spending | None) -> bool:
    """Whether the mana this source's ``index``-th mana ability would add may pay for
    ``spending`` (so a payment doesn't tap a source whose mana it can't spend)."""
    ability = game.mana_abilities_of(found)[index]
    if "RestrictValid" not in ability.text:
        return True
    params = _ability_params(game, found, ability.line)
    only = params.get("RestrictValid") if params is not None else None
    if not only:
        return True
    ctx = game.ability_ctx(found, game.face_of(found))
    return spending is not None and not unhonoured(only) and allows(only, ctx, spending)


def _mana_restricted(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``RestrictValid$``: the mana this Mana effect adds is restricted (106.6)."""
    before = {player: len(pool) for player, pool in game.mana_pool.items()}
    _MANA.run(game, ctx, link)  # the mana may go to a targeted player's pool
    only = link.get("RestrictValid")
    if only:
        for player, start in before.items():
            pool = game.mana_pool[player]
            pool[start:] = restrict(pool[start:], only, ctx)


_MANA = extend(
    "api",
    "Mana",
    _mana_restricted,
    {"RestrictValid": _TEST + "test_a_mana_effect_with_more_than_tap_in_its_cost_restricts_its_mana"},
)
VALUE_CHECKS["RestrictValid"] = unhonoured
