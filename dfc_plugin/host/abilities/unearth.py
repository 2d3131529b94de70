"""Unearth (702.84): "[Cost]: Return this card from your graveyard to the battlefield.
It gains haste. Exile it at the beginning of the next end step or if it would leave the
battlefield. Unearth only as a sorcery."

The keyword stands for an activated ability from the graveyard (``AB$ Unearth``, in
:data:`KEYWORD_ABILITIES`, which the engine adds to a face's activated abilities); the
``Unearth`` API returns the card, gives it haste, and creates an effect (611.2) that
exiles it at the next end step and replaces its leaving the battlefield with exile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dfc_plugin.cards import Ability, Keyword, ParamMap
from dfc_plugin.host.abilities.registry import api, keyword
from dfc_plugin.host.abilities.values import Ctx
from dfc_plugin.state import Zone

__all__ = ["KEYWORD_ABILITIES", "keyword_abilities"]

_U = "test_abilities_unearth.py::test_unearth_returns_with_haste_then_exiles"

#: Keywords that stand for an activated ability: name -> the ability line, from the
#: keyword's arguments.
KEYWORD_ABILITIES: dict[str, Callable[[tuple[str, ...]], str]] = {
    "Unearth": lambda args: f"AB$ Unearth | Cost$ {args[0]} | ActivationZone$ Graveyard | SorcerySpeed$ True",
}


def keyword_abilities(word: Keyword) -> list[Ability]:
    """The activated abilities a keyword stands for (none for most keywords)."""
    template = KEYWORD_ABILITIES.get(word.name)
    if template is None or not word.args:
        return []
    return [Ability("A", template(word.args), word.line, word.column)]


@keyword("Unearth", rule="702.84a", test=_U)
def unearth_keyword(game: Any, object_id: int) -> bool:
    """An activated ability from the graveyard, as a sorcery (:data:`KEYWORD_ABILITIES`)."""
    return bool(game.has_keyword(object_id, "Unearth"))


_EFFECT = "\n".join(
    (
        "Name:Unearth",
        "ManaCost:no cost",
        "Types:Effect",
        "T:Mode$ Phase | Phase$ End of Turn | Execute$ UnearthEnds | TriggerDescription$ "
        "Exile it at the beginning of the next end step.",
        "R:Event$ Moved | ValidCard$ Card.IsRemembered | Origin$ Battlefield | "
        "Destination$ Graveyard,Hand,Library | ActiveZones$ Command | ReplaceWith$ UnearthAway | "
        "Description$ If it would leave the battlefield, exile it instead.",
        "SVar:UnearthEnds:DB$ ChangeZone | Defined$ Remembered | Origin$ Battlefield | Destination$ Exile",
        "SVar:UnearthAway:DB$ ChangeZone | Defined$ ReplacedCard | Origin$ All | Destination$ Exile",
        "",
    )
)


@api("Unearth", rule="702.84a", test=_U)
def unearth(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Return the source from the graveyard to the battlefield; it gains haste; an
    effect exiles it at the next end step or instead of its leaving the battlefield."""
    source = ctx.source_object
    if source is None or source.zone is not Zone.GRAVEYARD:
        return
    result = game.put_onto_battlefield(source.id)
    if not result.happened or not result.objects:
        return
    back = result.objects[0]
    game.add_effect(back, 0, 0, ("Haste",), until_end_of_turn=False)
    definition = game.effect_definition(_EFFECT, "Unearth")
    game.make_effect(
        definition,
        ctx.controller,
        duration="Permanent",
        host=ctx.card,
        remembered=[back],
        exile_on_moved="Battlefield",
    )
