"""Copy effects of the ability language (707): ``Clone`` (an object becomes, or enters
as, a copy of another), ``CopyPermanent`` (create a token that's a copy), the token
replacement ``ReplaceToken`` of a ``CreateToken`` event (Doubling Season, 614.1a),
and ``SacrificeAll`` (what ``AtEOT$ Sacrifice`` does at the next end step, 603.7).

A copy takes the copiable values of the object copied (707.2): which face that is, and
the mana value of a copy of a DFC's face, are the plugin's answer
(``self.rules.become_copy``/``token_copy``, 707.8). The engine adds the copy's
exceptions (707.9: "except it isn't legendary", "it has haste"), which become part of
the copiable values, so a copy of that copy has them too (707.9b).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ParamMap
from dfc_plugin.host.abilities.keywords import KEYWORD_BODIES
from dfc_plugin.host.abilities.registry import api, replacement
from dfc_plugin.host.abilities.values import Ctx, amount, defined_objects, matches
from dfc_plugin.state import Zone

__all__ = ["CopyExceptions", "copy_possible", "counter_count", "exceptions_of", "token_count"]

_G = "test_game_copies.py::"


class CopyExceptions:
    """What a copy effect changes as part of copying (707.9, 707.9b): supertypes or
    types added, legendary removed, keywords added."""

    def __init__(
        self,
        add_types: tuple[str, ...] = (),
        nonlegendary: bool = False,
        keywords: tuple[str, ...] = (),
        creature_keywords: tuple[str, ...] = (),
    ) -> None:
        self.add_types = add_types
        self.nonlegendary = nonlegendary
        self.keywords = keywords
        #: Keywords only a creature copy gets ("if it's a creature, ... has changeling");
        #: whether it is one is read from the copiable values with the other exceptions.
        self.creature_keywords = creature_keywords

    def __bool__(self) -> bool:
        return bool(self.add_types or self.nonlegendary or self.keywords or self.creature_keywords)


def exceptions_of(link: ParamMap) -> CopyExceptions:
    """``AddTypes$ Legendary & Snow``, ``NonLegendary$ True``, ``AddKeywords$ Haste & ...``,
    ``AddKeywordsIfCreature$ Changeling`` (Moritte of the Frost's "if it's a creature")."""
    return CopyExceptions(
        _listed(link, "AddTypes"),
        link.get("NonLegendary") == "True",
        _listed(link, "AddKeywords"),
        _listed(link, "AddKeywordsIfCreature"),
    )


def _listed(link: ParamMap, key: str) -> tuple[str, ...]:
    return tuple(k.strip() for k in (link.get(key) or "").split("&") if k.strip())


def _copy_source(game: Any, ctx: Ctx, link: ParamMap, target: int) -> int | None:
    """The object to copy: ``Defined$``, or a choice among the permanents fitting
    ``Choices$`` that are already on the battlefield: not one entering at the same time
    as the copy (707.5, 614.12)."""
    if "Choices" not in link:
        found = defined_objects(ctx, link.get("Defined"))
        return found[0] if found else None
    pool = _choices(game, ctx, link, target)
    if not pool:
        return None
    chosen: int = game.ask(ctx.controller, f"a permanent for {ctx.face.name} to copy", pool)
    return chosen


def _choices(game: Any, ctx: Ctx, link: ParamMap, target: int) -> list[int]:
    together = game.entering_together()
    return [
        o.id
        for o in game.battlefield()
        if o.id != target and o.cards[0].id not in together and matches(ctx, o, link.get("Choices") or "Card")
    ]


def copy_possible(game: Any, ctx: Ctx, link: ParamMap) -> bool:
    """Whether an "enters as a copy" replacement can be applied: not with nothing to
    copy (614.12, 707.5), and then none of its exceptions apply either (Spark Double's
    +1/+1 counter is part of entering as a copy). Any other replacement can."""
    if link.api != "Clone" or "Choices" not in link:
        return True
    target = ctx.replaced if ctx.replaced is not None else ctx.source
    return bool(_choices(game, ctx, link, target))


@api(
    "Clone",
    params={
        "Choices": _G + "test_mirror_image_copies_only_what_is_already_there",
        "Defined": _G + "test_cytoshape_copy_ends_in_cleanup",
        "CloneTarget": _G + "test_cytoshape_copy_ends_in_cleanup",
        "Duration": _G + "test_cytoshape_copy_ends_in_cleanup",
        "NonLegendary": _G + "test_spark_double_is_not_legendary_and_passes_it_on",
        "AddTypes": _G + "test_moritte_is_legendary_snow_with_two_counters",
        "AddKeywords": _G + "test_reflection_token_copy_with_doubling_season_is_sacrificed",
        "AddKeywordsIfCreature": _G + "test_moritte_copying_an_animated_land_is_no_creature",
    },
    rule="707.2",
    test=_G + "test_mirror_image_enters_as_huntmaster_and_its_trigger_triggers",
)
def clone(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """An object becomes a copy of another (707.2): in a replacement, the permanent
    entering (614.1c, "enters as a copy"); ``CloneTarget$``, the targets; with the
    exceptions of 707.9; ``Duration$ UntilEndOfTurn`` ends in cleanup (514.2)."""
    if link.get("CloneTarget"):
        targets = [v for k, v in ctx.targeted() if k == "o" and v in game.objects]
    else:
        targets = [ctx.replaced if ctx.replaced is not None else ctx.source]
    until_end_of_turn = link.get("Duration") == "UntilEndOfTurn"
    for target in targets:
        source = _copy_source(game, ctx, link, target)
        if source is None or target not in game.objects:
            continue
        game.copy_with_exceptions(target, source, exceptions_of(link), until_end_of_turn=until_end_of_turn)
        if ctx.replaced == target:
            game.printed_counters_entering(target)


@api(
    "CopyPermanent",
    params={
        "Defined": _G + "test_reflection_token_copy_with_doubling_season_is_sacrificed",
        "NumCopies": _G + "test_reflection_token_copy_with_doubling_season_is_sacrificed",
        "AddKeywords": _G + "test_reflection_token_copy_with_doubling_season_is_sacrificed",
        "AtEOT": _G + "test_reflection_token_copy_with_doubling_season_is_sacrificed",
    },
    rule="707.2",
    test=_G + "test_reflection_token_copy_with_doubling_season_is_sacrificed",
)
def copy_permanent(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """Create ``NumCopies$`` tokens that are copies of each target or ``Defined$``
    object (707.2, 111.1; a double-faced one makes double-faced tokens, 707.8a), as many
    more as token replacements make (614.1a); ``AddKeywords$`` are the exception (707.9);
    ``AtEOT$ Sacrifice``: each is sacrificed at the beginning of the next end step (603.7)."""
    if "ValidTgts" in link:
        sources = [v for k, v in ctx.targeted() if k == "o" and v in game.objects]
    else:
        sources = defined_objects(ctx, link.get("Defined"))
    made: list[int] = []
    words = exceptions_of(link).keywords
    for source in sources:
        for _ in range(token_count(game, ctx.controller, amount(ctx, link.get("NumCopies")))):
            result = game.create_token_copy(source, ctx.controller)
            for token in result.objects:
                if words:
                    game.add_effect(token, keywords=words, until_end_of_turn=False)
                made.append(token)
    if link.get("AtEOT") == "Sacrifice" and made:
        game.sacrifice_at_next_end_step(ctx, made)


#: What ``AtEOT$ Sacrifice`` does when its delayed trigger resolves (603.7a).
KEYWORD_BODIES["<AtEOT Sacrifice>"] = "DB$ SacrificeAll | Defined$ DelayTriggerRemembered"


# --------------------------------------------------------------------------- token replacements


@replacement(
    "CreateToken",
    params={
        "ValidToken": _G + "test_doubling_season_doubles_only_its_controllers_tokens",
        "ActiveZones": _G + "test_doubling_season_doubles_only_its_controllers_tokens",
    },
    rule="614.1a",
    test=_G + "test_doubling_season_doubles_only_its_controllers_tokens",
)
def create_token(game: Any, ctx: Ctx, params: ParamMap, controller: int) -> bool:
    """Tokens would be created under ``controller``'s control: ``ValidToken$
    Card.YouCtrl`` applies when that is the replacement's controller."""
    valid = params.get("ValidToken") or "Card"
    return "YouCtrl" not in valid or controller == ctx.controller


def token_count(game: Any, controller: int, count: int) -> int:
    """How many tokens an effect creates once each ``CreateToken`` replacement of a
    permanent on the battlefield has applied once (614.1a, 614.5, 616.1)."""
    return _doubled(game, "CreateToken", "ReplaceToken", controller, count)


def counter_count(game: Any, object_id: int, count: int) -> int:
    """How many counters an effect puts on a permanent once each ``AddCounter``
    replacement has applied once (614.1a; ``EffectOnly$``: this is an effect's)."""
    found = game.objects.get(object_id)
    if found is None or found.zone is not Zone.BATTLEFIELD or count <= 0:
        return count
    return _doubled(game, "AddCounter", "ReplaceCounter", found, count)


def _doubled(game: Any, event: str, api_name: str, subject: Any, count: int) -> int:
    from dfc_plugin.host.abilities.registry import lookup
    from dfc_plugin.host.abilities.values import svar_params

    entry = lookup("replacement", event)
    assert entry is not None
    for found, face in game.faces_on_battlefield():
        for ability in face.abilities:
            if ability.kind != "R" or ability.params.api != event:
                continue
            ctx = game.ability_ctx(found, face)
            if not entry.run(game, ctx, ability.params, subject):
                continue
            body = svar_params(ctx, ability.params.get("ReplaceWith") or "")
            if body.api == api_name and body.get("Amount") == "Twice":
                count *= 2
                game.record("replace", found, f"{{obj}}: twice that many ({count})", "614.1a")
    return count


@replacement(
    "AddCounter",
    params={
        "ValidCard": _G + "test_doubling_season_doubles_counters_an_effect_puts",
        "ActiveZones": _G + "test_doubling_season_doubles_counters_an_effect_puts",
        "EffectOnly": _G + "test_doubling_season_doubles_counters_an_effect_puts",
    },
    rule="614.1a",
    test=_G + "test_doubling_season_doubles_counters_an_effect_puts",
)
def add_counter(game: Any, ctx: Ctx, params: ParamMap, found: Any) -> bool:
    """An effect would put counters on a permanent fitting ``ValidCard$``."""
    return matches(ctx, found, params.get("ValidCard") or "Permanent")


@api(
    "ReplaceToken",
    "ReplaceCounter",
    params={
        "Type": _G + "test_doubling_season_doubles_only_its_controllers_tokens",
        "Amount": _G + "test_doubling_season_doubles_only_its_controllers_tokens",
        "ValidCard": _G + "test_doubling_season_doubles_counters_an_effect_puts",
    },
    rule="614.1a",
    test=_G + "test_doubling_season_doubles_only_its_controllers_tokens",
)
def replace_twice(game: Any, ctx: Ctx, link: ParamMap) -> None:
    """``Amount$ Twice``: twice that many tokens or counters (the replacement's body,
    read where they are created or put: :func:`token_count`, :func:`counter_count`)."""
