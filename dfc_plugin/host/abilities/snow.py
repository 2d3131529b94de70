"""Snow: a supertype (205.4g) and the mana its sources make (107.4h).

107.4h: "When used in a cost, the snow mana symbol {S} represents a cost that can be paid
with one mana of any type produced by a snow source (see rule 106.3). Effects that
reduce the amount of generic mana you pay don't affect {S} costs. The {S} symbol can
also be used to refer to mana of any type produced by a snow source spent to pay a
cost. Snow is neither a color nor a type of mana."

Mana a snow permanent's mana ability adds to a pool is a :class:`SnowMana`: a string
equal to its type (so everything that spends mana by type still sees a ``"G"``) that
remembers it came from a snow source. Snow isn't a type of mana: only such mana pays
{S}, whatever an effect lets other mana be spent as. ``Count$CastTotalSnowManaSpent``
is the snow mana spent to cast the spell (recorded as its cost is paid).
"""

from __future__ import annotations

from operator import is_
from typing import Any

from dfc_plugin.cards import Face
from dfc_plugin.host.abilities.statics import gives, statics_by_mode
from dfc_plugin.host.abilities.values import COUNT_FORMS, Ctx
from dfc_plugin.host.game.cache import is_fresh, memo_by_identity
from dfc_plugin.host.model import GameObject
from dfc_plugin.state import Zone

__all__ = ["SNOW_NEED", "SnowMana", "count_snow", "is_snow_source", "produced_by", "take"]

#: What one {S} in a cost accepts (a marker in the list of needs, not a mana type).
SNOW_NEED = frozenset({"S"})


class SnowMana(str):
    """One mana produced by a snow source (107.4h); equal to its type."""

    __slots__ = ()


def is_snow_source(game: Any, found: GameObject) -> bool:
    """A permanent with the snow supertype (205.4g) is a snow source. Asked as a mana
    ability resolves, just after its source tapped (a new version of the game, that no
    other question asks about): where nothing can add a type, the printed type line
    answers (what ``has_type_of`` would say, without working out this version's statics)."""
    if game.animations or is_fresh() or (found.zone is Zone.BATTLEFIELD and _types_may_be_added(game)):
        return bool(game.has_type_of(found, "Snow"))
    return bool(game._printed_type(found.state, "Snow"))


def _types_may_be_added(game: Any) -> bool:
    """Whether a face up on the battlefield or in the command zone (where the layers'
    statics come from) has a ``Continuous`` static that may add a type (layer 4). With
    no animation, faces read only the (immutable) states: the answer is kept while the
    very same states are in those zones (surely so while ``game.moves``, bumped by every
    zone change and new state, is as it was then)."""
    seen = game.__dict__.get("_type_statics_seen")
    if seen is not None and seen[3] == game.moves:
        return bool(seen[2])
    ids = (*game.zones.get((None, Zone.BATTLEFIELD), ()), *game.zones.get((None, Zone.COMMAND), ()))
    states = tuple(game.objects[i].state for i in ids)
    if seen is not None and seen[0] == ids and all(map(is_, seen[1], states)):
        game.__dict__["_type_statics_seen"] = (*seen[:3], game.moves)
        return bool(seen[2])
    faces = (game.face_of(game.objects[i]) for i in ids)
    answer = any(_adds_types(face) for face in faces if face is not None)
    game.__dict__["_type_statics_seen"] = (ids, states, answer, game.moves)
    return answer


@memo_by_identity
def _adds_types(face: Face) -> bool:
    """Whether a ``Continuous`` static of the (immutable) face may add a type (layer 4)."""
    return any("types" in gives(params) for params in statics_by_mode(face).get("Continuous", ()))


def produced_by(game: Any, found: GameObject | None, mana: list[str]) -> list[str]:
    """The mana ``found`` adds, marked as snow mana if it is a snow source."""
    if found is None or not is_snow_source(game, found):
        return mana
    return [SnowMana(m) for m in mana]


def take(pool: list[str], mana: str) -> None:
    """Remove this very mana from the pool (a plain mana equal to a snow one is not it)."""
    for index, held in enumerate(pool):
        if held is mana or (held == mana and type(held) is type(mana)):
            del pool[index]
            return
    pool.remove(mana)


def count_snow(spent: list[str]) -> int:
    return sum(1 for m in spent if isinstance(m, SnowMana))


def _snow_spent(ctx: Ctx, valid: Any) -> int:
    spent: int = ctx.cost_paid.get("snow_spent", 0)
    return spent


COUNT_FORMS["CastTotalSnowManaSpent"] = _snow_spent
