"""Paying costs (601.2g-h, 602.2b, 118): mana from the pool first, then from mana
abilities of untapped permanents the player controls, activated as part of paying
(605.3a, 601.2g); {T}/{Q} with summoning sickness asked of the plugin (302.6); counters
added or removed (loyalty abilities, 606.4); sacrifice, life, discard, and craft's
exile of materials (702.167a). The engine picks which mana sources pay (the pool,
then sources in battlefield order, the colour-constrained symbols first): a payment
choice is not put to the agent.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import ForgeCost, ManaCost, ManaSymbol, SymbolKind
from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host.abilities.counter_costs import can_remove_any_counter, remove_any_counter
from dfc_plugin.host.abilities.crafted import materials_fit
from dfc_plugin.host.abilities.mana_restrictions import Spending, may_spend, source_allows
from dfc_plugin.host.abilities.snow import SNOW_NEED, SnowMana, count_snow, is_snow_source, take
from dfc_plugin.host.abilities.values import Ctx, matches
from dfc_plugin.host.game.cache import is_fresh
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import GameObject
from dfc_plugin.script.expressions import CostPart
from dfc_plugin.script.parser import parse_value
from dfc_plugin.state import Zone

__all__ = ["Costs", "needs"]


def needs(cost: ManaCost | None, x: int = 0, extra_generic: int = 0) -> list[frozenset[str]]:
    """The cost as one set of acceptable mana types per mana to pay (generic: any),
    colour-constrained ones first (a new list: remembered per (immutable) cost, X and
    extra generic mana, the listing asks it for every cost it lists)."""
    key = (id(cost), x, extra_generic)
    hit = _NEEDS.get(key)
    if hit is None or hit[0] is not cost or is_fresh():
        hit = (cost, tuple(_needs(cost, x, extra_generic)))
        if not is_fresh():
            if len(_NEEDS) > 50_000:
                _NEEDS.clear()
            _NEEDS[key] = hit
    return list(hit[1])


#: :func:`needs` remembered: (id(cost), x, extra generic) -> (cost, needs); an entry keeps its cost alive.
_NEEDS: dict[tuple[int, int, int], tuple[ManaCost | None, tuple[frozenset[str], ...]]] = {}


def _needs(cost: ManaCost | None, x: int, extra_generic: int) -> list[frozenset[str]]:
    constrained: list[frozenset[str]] = []
    generic = extra_generic
    for symbol in cost.symbols if cost is not None else ():
        generic += _symbol_needs(symbol, constrained, x)
    generic = max(0, generic)
    return constrained + [frozenset("WUBRGC")] * generic


def _symbol_needs(symbol: ManaSymbol, out: list[frozenset[str]], x: int) -> int:
    kind = symbol.kind
    if kind is SymbolKind.GENERIC:
        return symbol.amount
    if kind is SymbolKind.VARIABLE:
        return x
    if kind is SymbolKind.COLORLESS:
        out.append(frozenset("C"))
    elif kind is SymbolKind.SNOW:
        out.insert(0, SNOW_NEED)  # only snow mana; no reduction of generic mana touches it (107.4h)
    elif kind is SymbolKind.TWOBRID:
        out.append(frozenset(symbol.colors))
    else:
        out.append(frozenset(symbol.colors))
    return 0


def _from_pool(pool: list[str], types: frozenset[str], spending: Spending | None = None) -> str | None:
    """The pool's mana that pays one need: snow mana for {S}; otherwise mana of a fitting
    type, other than snow mana first (kept for {S}); restricted mana only where its
    restriction allows (106.6)."""
    if types is SNOW_NEED:
        return next((m for m in pool if isinstance(m, SnowMana) and may_spend(m, spending)), None)
    fitting = [m for m in pool if m in types and may_spend(m, spending)]
    return next((m for m in fitting if not isinstance(m, SnowMana)), fitting[0] if fitting else None)


class Costs(LoopState):
    """Cost payment (mixed into :class:`dfc_plugin.host.Game`)."""

    #: When set, only these permanents' mana abilities pay (a player who names the
    #: lands they tap, 601.2g); ``None``: the engine chooses among all of them.
    pay_only: frozenset[int] | None = None

    def mana_sources(self, player: int) -> list[tuple[GameObject, int, frozenset[str]]]:
        """Untapped permanents with a {T}-only mana ability: (object, index, types)
        (remembered until anything changes)."""
        return list(self.sources_now(player))

    def sources_now(self, player: int) -> list[tuple[GameObject, int, frozenset[str]]]:
        """:meth:`mana_sources` as remembered, not copied (for the listing, which only
        reads it)."""
        key = ("sources", self.version, player)
        cached: list[tuple[GameObject, int, frozenset[str]]] | None = self._static_cache.get(key)
        if cached is None:
            cached = self._mana_sources(player)
            self._static_cache[key] = cached
        return cached

    def _mana_sources(self, player: int) -> list[tuple[GameObject, int, frozenset[str]]]:
        sources = []
        for found in self.in_zone(Zone.BATTLEFIELD):
            if found.controller != player or found.tapped:
                continue
            for index, ability in enumerate(self.mana_abilities_of(found)):
                cost = ability.cost
                if cost.tap and cost.mana is None and not cost.parts and ability.produced:
                    if self._may_pay_tap(found):
                        sources.append((found, index, frozenset(ability.produced)))
                    break
        return sources

    def _restricted_sources(self, player: int) -> bool:
        """Whether the mana ability of any of :meth:`sources_now` may say ``RestrictValid$``
        (what :func:`source_allows` looks for first; with none, it allows every source),
        remembered until anything changes."""
        key = ("restricted sources", self.version, player)
        cached: bool | None = self._static_cache.get(key)
        if cached is None:
            abilities = (self.mana_abilities_of(s[0])[s[1]] for s in self.sources_now(player))
            cached = self._static_cache[key] = any("RestrictValid" in a.text for a in abilities)
        return cached

    def _tap_alike(self, state: Any) -> bool:
        """Whether the plugin's ``can_pay_tap_cost`` (302.6) answers a {T} cost alike for
        this state whether or not its permanent has been controlled since the turn began
        (a noncreature's: then that needn't be worked out)."""
        return self._tap_row(state)[1]

    def _may_pay_tap(self, found: GameObject) -> bool:
        """The plugin's ``can_pay_tap_cost`` for a {T} cost of ``found`` (302.6), asked
        with :meth:`free_to_tap` only where the answer depends on it (:meth:`_tap_alike`)."""
        row = self._tap_row(found.state)
        if row[1]:
            return row[2]
        return bool(self.rules.can_pay_tap_cost(found.state, self.free_to_tap(found), False))

    def _tap_row(self, state: Any) -> tuple[Any, bool, bool]:
        """(state, :meth:`_tap_alike`, the answer if alike): the plugin's rule point is
        pure (``PURE_RULE_POINTS``), so its answers are kept per (immutable) state (an
        entry keeps its state alive; none is read or kept within ``fresh``)."""
        table: dict[int, tuple[Any, bool, bool]] = self.__dict__.setdefault("_tap_rows", {})
        row = table.get(id(state))
        if row is None or row[0] is not state or is_fresh():
            can_pay = self.rules.can_pay_tap_cost
            yes = bool(can_pay(state, True, False))
            row = (state, yes == bool(can_pay(state, False, False)), yes)
            if not is_fresh():
                if len(table) > 50_000:
                    table.clear()
                table[id(state)] = row
        return row

    def _plan(
        self, player: int, wanted: list[frozenset[str]], spending: Spending | None = None
    ) -> tuple[list[str], list[tuple[GameObject, int, str]]] | None:
        """Which pool mana and which sources pay ``wanted`` (for ``spending``: restricted
        mana, 106.6); ``None`` if they can't."""
        pool = list(self.mana_pool[player])
        sources = [s for s in self.sources_now(player) if self.pay_only is None or s[0].id in self.pay_only]
        if self._restricted_sources(player):  # (else every source's mana pays anything: 106.6)
            sources = [s for s in sources if source_allows(self, s[0], s[1], spending)]
        from_pool: list[str] = []
        tapped: list[tuple[GameObject, int, str]] = []
        for types in wanted:
            spent = _from_pool(pool, types, spending)
            if spent is not None:
                take(pool, spent)
                from_pool.append(spent)
                continue
            if types is SNOW_NEED:
                fits = [s for s in sources if is_snow_source(self, s[0])]
                if not fits:
                    return None
                sources.remove(fits[0])
                tapped.append((fits[0][0], fits[0][1], sorted(fits[0][2])[0]))
                continue
            fits = [s for s in sources if s[2] & types]
            if not fits:
                return None
            best = min(fits, key=lambda s: len(s[2]))
            sources.remove(best)
            tapped.append((best[0], best[1], sorted(best[2] & types)[0]))
        return from_pool, tapped

    def can_afford(self, player: int, wanted: list[frozenset[str]], spending: Spending | None = None) -> bool:
        # The plan reads the pool and the sources (remembered until anything changes).
        pool = self.mana_pool[player]  # its mana's kinds too: restricted "C" == "C" (106.6)
        purpose = spending.key if spending is not None else None
        key = ("afford", self.version, player, tuple(pool), tuple(map(type, pool)), tuple(wanted), purpose)
        cached = self._static_cache.get(key)
        if cached is None:
            cached = self._static_cache[key] = self._plan(player, wanted, spending) is not None
        return bool(cached)

    def pay_mana(
        self, player: int, wanted: list[frozenset[str]], what: str, spending: Spending | None = None
    ) -> int:
        """Pay mana, activating mana abilities as needed (601.2g-h, 605.3a); returns how
        much of the mana spent was snow mana (107.4h)."""
        plan = self._plan(player, wanted, spending)
        if plan is None:
            raise IllegalActionError(f"player {player} can't pay the mana for {what}", rule="601.2h")
        from_pool, tapped = plan
        pool = self.mana_pool[player]
        for mana in from_pool:
            take(pool, mana)
        for found, index, color in tapped:
            self.activate_mana_ability(found.id, index, color)
            produced = next(m for m in reversed(pool) if m == color)  # what it just added
            take(pool, produced)
            from_pool.append(produced)
        return count_snow(from_pool)

    # ------------------------------------------------------------------ whole costs
    def pay_cost(
        self, ctx: Ctx, cost: ForgeCost, what: str, extra_generic: int = 0, *, source_pays: bool = True
    ) -> None:
        """Pay an ability's cost: tap/untap the source (302.6 asked of the plugin), the
        named parts, then the mana (601.2h allows any order; this one lets a {T} mana
        source pay for its own ability only if it is not the source)."""
        if source_pays and (cost.tap or cost.untap):
            self._pay_tap_costs(self.obj(ctx.source), cost.tap, cost.untap)
        source = self.objects.get(ctx.source) or self.lki[ctx.source]
        for text in cost.parts:
            self._pay_part(ctx, source, parse_value("cost_part", text))
        ctx.cost_paid["snow_spent"] = self.pay_mana(
            ctx.controller, needs(cost.mana, ctx.x, extra_generic), what, Spending(source, spell=False)
        )

    def _pay_part(self, ctx: Ctx, source: GameObject, part: CostPart) -> None:
        count = int(part.amount) if part.amount.isdigit() else ctx.x
        if part.name == "RemoveAnyCounter":  # reads the whole part: kind, permanents
            remove_any_counter(self, ctx, part, count)
            return
        if part.name == "ExileCtrlOrGrave" and part.amount == "X":
            count = ONE_OR_MORE  # "Craft with one or more creatures" (702.167a)
        payer = _PARTS.get(part.name)
        if payer is None:
            raise UnsupportedAbilityError(
                f"the cost {part.name}<...> can't be paid here", missing=(f"Cost:{part.name}",)
            )
        payer(self, ctx, source, count, part.what)

    def can_pay_parts(self, ctx: Ctx, cost: ForgeCost) -> bool:
        """Whether the non-mana parts could be paid now (for listing legal actions)."""
        source = self.objects.get(ctx.source)
        if source is None:
            return False
        for text in cost.parts:
            part: CostPart = parse_value("cost_part", text)
            count = int(part.amount) if part.amount.isdigit() else 0
            if part.name == "SubCounter" and source.counter(part.what) < count:
                return False
            if part.name == "RemoveAnyCounter" and not can_remove_any_counter(self, ctx, part, count):
                return False
            if part.name == "PayLife" and self.life[ctx.controller] < count:
                return False
            if part.name == "tapXType":
                untapped = [
                    o
                    for o in self.battlefield()
                    if o.controller == ctx.controller
                    and not o.tapped
                    and not (cost.tap and o.id == source.id)
                    and matches(ctx, o, part.what)
                ]
                if len(untapped) < count:
                    return False
            if part.name == "Sac" and part.what not in ("CARDNAME", "Self"):
                own = [
                    o
                    for o in self.battlefield()
                    if o.controller == ctx.controller and matches(ctx, o, part.what)
                ]
                if len(own) < count:
                    return False
        return True


def _add_counter(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    game.add_counters(source.id, what, count)


def _sub_counter(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    if source.counter(what) < count:
        raise IllegalActionError(f"not enough {what} counters to remove {count}", rule="118.3")
    game.remove_counters(source.id, what, count)


def _sacrifice(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    if what in ("CARDNAME", "Self"):
        game.sacrifice(source.id)
        return
    own = [o.id for o in game.battlefield() if o.controller == ctx.controller and matches(ctx, o, what)]
    if len(own) < count:
        raise IllegalActionError(f"not enough {what} to sacrifice", rule="118.3")
    for object_id in game.ask_many(ctx.controller, f"{what} to sacrifice", own, count, count):
        ctx.cost_paid.setdefault("sacrificed", []).append(object_id)  # for Sacrificed$ amounts
        game.sacrifice(object_id)


def _pay_life(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    if game.life[ctx.controller] < count:
        raise IllegalActionError(f"player {ctx.controller} can't pay {count} life", rule="119.4")
    game.change_life(ctx.controller, -count)


def _discard(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    if what in ("CARDNAME", "Self"):  # cycling: discard this card
        if source.zone is not Zone.HAND:
            raise IllegalActionError("it must be in your hand to be discarded", rule="702.29a")
        game.move(source.id, Zone.GRAVEYARD)
        return
    hand = [o.id for o in game.in_zone(Zone.HAND, ctx.controller) if matches(ctx, o, what or "Card")]
    if len(hand) < count:
        raise IllegalActionError("not enough cards to discard", rule="118.3")
    for object_id in game.ask_many(ctx.controller, "cards to discard", hand, count, count):
        game.move(object_id, Zone.GRAVEYARD)


#: The count of craft materials written ``X``: "one or more" of them (702.167a).
ONE_OR_MORE = -1


def _exile_materials(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    """Craft's materials: other permanents you control and/or cards from your
    graveyard that fit (702.167a), exactly ``count`` of them."""
    pool = [
        o.id
        for o in (*game.in_zone(Zone.BATTLEFIELD), *game.in_zone(Zone.GRAVEYARD, ctx.controller))
        if o.id != source.id
        and (o.zone is Zone.GRAVEYARD or o.controller == ctx.controller)
        and matches(ctx, o, what)
    ]
    low, high = (1, len(pool)) if count == ONE_OR_MORE else (count, count)
    if len(pool) < low:
        raise IllegalActionError(f"craft needs {low} of {what}; there are {len(pool)}", rule="702.167a")
    chosen = game.ask_many(ctx.controller, f"materials ({what})", pool, low, high)
    if not materials_fit(game, what, chosen):
        raise IllegalActionError(f"the materials chosen don't fit {what} together", rule="702.167a")
    ctx.cost_paid.setdefault("materials", []).extend(chosen)


def _tap_others(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    """``tapXType<n/Type>``: tap n untapped permanents of that type you control."""
    pool = [
        o.id
        for o in game.battlefield()
        if o.controller == ctx.controller and not o.tapped and matches(ctx, o, what)
    ]
    if len(pool) < count:
        raise IllegalActionError(f"not enough untapped {what} to tap", rule="118.3")
    for object_id in game.ask_many(ctx.controller, f"{what} to tap", pool, count, count):
        game.set_tapped(object_id, True)


def _tap_power(game: Any, ctx: Ctx, source: GameObject, count: int, what: str) -> None:
    """Crew's cost: tap untapped creatures you control with total power ``count`` or
    more (702.122a)."""
    pool = [
        o.id
        for o in game.battlefield()
        if o.controller == ctx.controller and not o.tapped and o.id != source.id and matches(ctx, o, what)
    ]
    if sum(max(0, game.power_toughness(i)[0] or 0) for i in pool) < count:
        raise IllegalActionError(
            f"not enough power among untapped creatures to crew {count}", rule="702.122a"
        )
    chosen = game.ask_many(ctx.controller, f"creatures to tap (power {count})", pool, 1, len(pool))
    if sum(max(0, game.power_toughness(i)[0] or 0) for i in chosen) < count:
        raise IllegalActionError(f"the tapped creatures' power is less than {count}", rule="702.122a")
    for object_id in chosen:
        game.set_tapped(object_id, True)


_PARTS = {
    "tapXPower": _tap_power,
    "tapXType": _tap_others,
    "AddCounter": _add_counter,
    "SubCounter": _sub_counter,
    "Sac": _sacrifice,
    "PayLife": _pay_life,
    "Discard": _discard,
    "ExileCtrlOrGrave": _exile_materials,
}

