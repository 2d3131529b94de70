"""Moves and changes for the reference engine: zone changes (a melded permanent moves as
two cards, 712.21), transform and convert, meld, face down and up, token copies and copy
effects, naming, craft. Each asks the plugin's rule handlers what happens and then moves
objects; "nothing happens" comes back as an :class:`ActionResult` that did not happen."""

from __future__ import annotations

from collections.abc import Sequence

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.core import ActionResult, GameCore, action, destination
from dfc_plugin.host.model import Effect, GameObject
from dfc_plugin.rules.transform import Action, Cause
from dfc_plugin.state import DfcState, Side, TokenKind, Zone

__all__ = ["ChangeActions"]


class ChangeActions(GameCore):
    """Zone changes and the DFC actions (mixed into :class:`dfc_plugin.host.Game`)."""

    def replaced_destination(self, found: GameObject, zone: Zone) -> Zone:
        """Where a move to ``zone`` goes after replacement effects (614): the ability
        interpreter's replacement registry decides (dfc_plugin.host.abilities)."""
        from dfc_plugin.errors import UnsupportedAbilityError
        from dfc_plugin.host.abilities.replacements import moved_destination

        try:
            return moved_destination(self, found, zone)
        except UnsupportedAbilityError as error:
            if getattr(self, "playing", False):
                raise
            self.unsupported_note(found, error)  # type: ignore[attr-defined]
            return zone

    # ------------------------------------------------------------------ zone changes
    @action("move")
    def move(
        self,
        object_id: int,
        zone: Zone,
        *,
        top: bool = True,
        order: Sequence[int] | None = None,
        controller: int | None = None,
    ) -> ActionResult:
        """Move an object to another zone. It becomes a new object (400.7) with its front
        face up (712.8a). A melded permanent is one object and two cards (712.21): its owner
        orders them (712.21a) or, into exile, chooses their timestamp order (712.21b).
        Onto the battlefield it is :meth:`put_onto_battlefield` (712.14); onto the stack
        only casting puts a card (601.2a); outside the game is refused (400.11)."""
        found = self.reach("move", object_id)
        zone = self.check_destination(zone)
        if controller is not None:
            self.check_player(controller, "controller")
        if zone is found.zone:
            raise IllegalActionError(f"{self.public_name(found)} is already in the {zone}", rule="400.7")
        if zone is Zone.STACK:
            raise IllegalActionError("a card is put on the stack only by casting it", rule="601.2a")
        if zone is Zone.BATTLEFIELD:
            return self.put_onto_battlefield(object_id, controller=controller)  # type: ignore[attr-defined, no-any-return]
        if order is not None and sorted(order) != list(range(len(found.cards))):
            raise IllegalActionError(
                f"order {list(order)!r} is not an order of the object's {len(found.cards)} card(s)",
                rule="712.21a",
            )
        zone = self.replaced_destination(found, zone)
        states = self._departure_states(found, zone, order)
        rule = "712.21" if found.state.melded else "400.7"
        verb = (
            "dies"
            if zone is Zone.GRAVEYARD and found.zone is Zone.BATTLEFIELD
            else f"moves to {destination(zone)}"
        )
        cards = f" as {len(found.cards)} cards" if len(found.cards) > 1 else ""
        if not found.zone.is_hidden:  # said as it leaves a public zone
            self.record("move", found, f"{{obj}} {verb}{cards}", rule, objects=1, cards=len(found.cards))
        self._remove(found)
        arrived = [
            self._arrive((card,), state, controller or card.owner, top)
            for card, state in zip(self._ordered_cards(found, states), states, strict=True)
        ]
        made = tuple(a.id for a in arrived if a is not None)
        if found.zone.is_hidden:  # said as it arrives, so its owner reads what it is
            self.record(
                "move", arrived[0] or found, f"{{obj}} {verb}", rule, objects=1, cards=len(found.cards)
            )
        return ActionResult(True, rule, f"moved to the {zone}", made, 1, len(found.cards))

    def _departure_states(self, found: GameObject, zone: Zone, order: Sequence[int] | None) -> list[DfcState]:
        """One new state per card of the object (400.7, 712.21)."""
        if found.zone is not Zone.BATTLEFIELD:
            return [DfcState.of(card.definition, zone, token=found.state.token) for card in found.cards]
        if found.state.melded and order is None and zone in (Zone.GRAVEYARD, Zone.LIBRARY, Zone.EXILE):
            order = self.chooser.order(found.owner, f"order of the melded cards into the {zone}", [0, 1])
        departure = self.rules.leave_battlefield(
            found.state, zone, tuple(order) if order is not None else None
        )
        return list(departure.states)

    def _ordered_cards(self, found: GameObject, states: list[DfcState]) -> list:  # type: ignore[type-arg]
        """The physical cards in the order of the arriving states."""
        remaining = list(found.cards)
        ordered = []
        for state in states:
            card = next(c for c in remaining if c.definition is state.card)
            remaining.remove(card)
            ordered.append(card)
        return ordered

    def destroy(self, object_id: int) -> ActionResult:
        """Destroy a permanent: it goes to its owner's graveyard (701.8)."""
        self.reach("destroy", object_id)
        return self.move(object_id, Zone.GRAVEYARD)

    def exile(self, object_id: int, order: Sequence[int] | None = None) -> ActionResult:
        return self.move(object_id, Zone.EXILE, order=order)

    def bounce(self, object_id: int) -> ActionResult:
        """Return a permanent to its owner's hand."""
        self.reach("bounce", object_id)
        return self.move(object_id, Zone.HAND)

    @action("blink")
    def blink(self, object_id: int) -> ActionResult:
        """Exile a permanent, then return it (each card of it, 712.21c) to the battlefield
        under its owner's control: new objects, front face up (712.14)."""
        self.reach("blink", object_id)
        gone = self.move(object_id, Zone.EXILE)
        back = [self.put_onto_battlefield(i) for i in gone.objects]  # type: ignore[attr-defined]
        made = tuple(o for result in back for o in result.objects)
        return ActionResult(
            True,
            "712.21c" if len(made) > 1 else "400.7",
            "returned",
            made,
            gone.objects_moved,
            gone.cards_moved,
        )

    @action("mill")
    def mill(self, player: int, count: int = 1) -> ActionResult:
        """Put the top ``count`` cards of a library into its owner's graveyard (701.17)."""
        self.check_player(player)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalActionError(f"a player mills a number of cards, not {count!r}", rule="701.17a")
        library = self.zones[(player, Zone.LIBRARY)]
        made = [self.move(library[-1], Zone.GRAVEYARD).object for _ in range(min(count, len(library)))]
        return ActionResult(bool(made), "701.17", f"milled {len(made)}", tuple(made), len(made), len(made))

    # ------------------------------------------------------------------ transform, convert
    @action("transform")
    def transform(
        self,
        object_id: int,
        *,
        action: Action = "transform",
        cause: Cause = "effect",
        since: int | None = None,
    ) -> ActionResult:
        """Transform (or convert) a permanent (701.27, 701.28). The object stays the same
        (712.18): its id, counters and effects; it gets a new timestamp (613.7g)."""
        found = self.reach("transform", object_id)
        outcome = self.rules.transform(found.state, action, cause, since)
        if not outcome.happened:
            self.record(action, found, f"{{obj}} is told to {action}: nothing happens", outcome.rule)
            return ActionResult(False, outcome.rule, outcome.reason, (found.id,))
        updated = self._replace(found, state=outcome.state, timestamp=self._tick())
        for note in outcome.notes:
            self.record(action, updated, f"while it turns over: {note}", "712.20")
        self.record(action, updated, f"it {action}s into {{obj}}", outcome.rule)
        return ActionResult(True, outcome.rule, outcome.reason, (found.id,), notes=outcome.notes)

    def convert(self, object_id: int, *, since: int | None = None) -> ActionResult:
        return self.transform(object_id, action="convert", since=since)

    # ------------------------------------------------------------------ meld
    @action("meld")
    def meld(self, first: int, second: int) -> ActionResult:
        """The meld ability: exile both objects, then meld them (712.4a, 701.42a): one
        permanent represented by two cards, back faces up. If they can't be melded they stay
        exiled (701.42c); an exiled token ceases to exist (701.42c example)."""
        a, b = self.reach("meld", first), self.reach("meld", second)
        if a.id == b.id:
            raise IllegalActionError("meld needs two objects", rule="701.42b")
        exiled = [self._to_exile(found) for found in (a, b)]
        in_exile = [objects[0] if len(objects) == 1 else None for objects in exiled]
        states = [
            found.state if found is not None else self._meld_stand_in(orig.state)
            for found, orig in zip(in_exile, (a, b), strict=True)
        ]
        melded_face = self.library.melded_face(a.state.card) or self.library.melded_face(b.state.card)
        outcome = self.rules.meld(states[0], states[1], melded_face)
        if not outcome.happened:
            ids = tuple(found.id for objects in exiled for found in objects)
            self.record("meld", None, "the objects can't be melded and stay in exile", outcome.rule)
            return ActionResult(False, outcome.rule, outcome.reason, ids, 2, len(a.cards) + len(b.cards))
        cards = tuple(
            next(
                c
                for found in in_exile
                if found is not None
                for c in found.cards
                if c.definition is definition
            )
            for definition in outcome.state.cards
        )
        for found in in_exile:
            if found is not None:
                self._remove(found)
        made = self._place(cards, outcome.state, a.controller)
        self.record("meld", made, "melded into {obj}", outcome.rule)
        return ActionResult(True, outcome.rule, outcome.reason, (made.id,), 2, 2)

    def _to_exile(self, found: GameObject) -> list[GameObject]:
        """What the object is in exile: itself, nothing (a token ceased to exist, 111.7), or
        one object per card of a melded permanent (712.21c)."""
        if found.zone is Zone.EXILE:
            return [found]
        result = self.move(found.id, Zone.EXILE)
        return [self.objects[i] for i in result.objects if i in self.objects]

    @staticmethod
    def _meld_stand_in(state: DfcState) -> DfcState:
        """The state the rules are asked to meld for an object that isn't one object in
        exile: a token that ceased to exist (its card, a token, 701.42b), or a melded
        permanent, whose two exiled cards each get the instruction (712.21c): the melded
        state, which can't be melded again (701.42b), so all of them stay in exile."""
        return state if state.melded else DfcState.of(state.card, Zone.EXILE, token=state.token)

    # ------------------------------------------------------------------ face down
    @action("turn_face_down")
    def turn_face_down(self, object_id: int) -> ActionResult:
        """Turn a permanent face down; a double-faced permanent can't be (712.16)."""
        found = self.reach("turn_face_down", object_id)
        outcome = self.rules.turn_face_down(found.state)
        if not outcome.happened:
            self.record(
                "turn_face_down", found, "{obj} can't be turned face down: nothing happens", outcome.rule
            )
            return ActionResult(False, outcome.rule, outcome.reason, (found.id,))
        updated = self._replace(found, state=outcome.state)
        self.record("turn_face_down", updated, "{obj} is turned face down", outcome.rule)
        return ActionResult(True, outcome.rule, outcome.reason, (found.id,))

    @action("turn_face_up")
    def turn_face_up(self, object_id: int) -> ActionResult:
        """Turn a face-down permanent face up: a DFC has its front face up (712.15a)."""
        found = self.reach("turn_face_up", object_id)
        outcome = self.rules.turn_face_up(found.state)
        if not outcome.happened:
            return ActionResult(False, outcome.rule, outcome.reason, (found.id,))
        updated = self._replace(found, state=outcome.state)
        self.record("turn_face_up", updated, "{obj} is turned face up", outcome.rule)
        return ActionResult(True, outcome.rule, outcome.reason, (found.id,))

    @action("exile_face_down")
    def exile_face_down(self, object_id: int, by: int | None = None) -> ActionResult:
        """Exile a card face down: it stays hidden (712.17); who exiled it may look (406.3).
        A melded permanent becomes two face-down cards, two objects (712.21); a token
        ceases to exist (111.7)."""
        found = self.reach("exile_face_down", object_id)
        exiler = found.controller if by is None else self.check_player(by, "exiling player")
        states = self._departure_states(found, Zone.EXILE, None)
        self._remove(found)
        arrived = [
            self._arrive((card,), self.rules.exile_face_down(state), found.owner, known_to=(exiler,))
            for card, state in zip(self._ordered_cards(found, states), states, strict=True)
        ]
        rule = "712.21" if found.state.melded else "712.17"
        for shown in [a for a in arrived if a is not None] or [found]:
            self.record("exile_face_down", shown, "{obj} is exiled face down", rule)
        made = tuple(a.id for a in arrived if a is not None)
        return ActionResult(True, rule, "exiled face down", made, 1, len(found.cards))

    # ------------------------------------------------------------------ copies and tokens
    @action("create_token_copy")
    def create_token_copy(self, source_id: int, controller: int | None = None) -> ActionResult:
        """Create a token that is a copy of an object (707.8a: a double-faced token for a
        double-faced source, with the same face up)."""
        source = self.reach("create_token_copy", source_id)
        owner = source.controller if controller is None else self.check_player(controller, "controller")
        state = self.rules.token_copy(source.state)
        card = self._card(state.card, owner, token=True)
        made = self._place((card,), state, owner)
        kind = "a double-faced token" if state.token is TokenKind.DOUBLE_FACED_TOKEN else "a token"
        self.record(
            "create_token_copy",
            made,
            f"{kind} copy of it is created: {{obj}}",
            "707.8a" if state.token is TokenKind.DOUBLE_FACED_TOKEN else "707.8",
        )
        return ActionResult(True, "707.8a", f"created {kind}", (made.id,))

    @action("create_token")
    def create_token(self, name: str, controller: int, counters: int = 0) -> ActionResult:
        """Create a token from a token script (an Incubator with ``counters`` +1/+1
        counters: incubate, 701.53a, 111.10i)."""
        self.check_player(controller, "controller")
        if isinstance(counters, bool) or not isinstance(counters, int) or counters < 0:
            raise IllegalActionError(f"a token gets a number of counters, not {counters!r}", rule="122.1")
        definition = self.library.get(name)
        card = self._card(definition, controller, token=True)
        state = DfcState.of(definition, Zone.BATTLEFIELD)
        if state.token is TokenKind.NONE:
            state = state.evolve(token=TokenKind.TOKEN)
        made = self._place((card,), state, controller, counters=(("P1P1", counters),) if counters else ())
        self.record(
            "create_token",
            made,
            "{obj} token is created",
            "111.10i" if state.token is TokenKind.DOUBLE_FACED_TOKEN else "111.1",
        )
        return ActionResult(True, "111.10i", "created a token", (made.id,))

    @action("copy_spell")
    def copy_spell(self, spell_id: int, controller: int | None = None) -> ActionResult:
        """Copy a spell on the stack: a copy of a double-faced permanent spell is itself
        double-faced, with the same face up, and resolves into a double-faced token (707.10g)."""
        spell = self.reach("copy_spell", spell_id)
        owner = spell.controller if controller is None else self.check_player(controller, "controller")
        state = self.rules.copy_spell(spell.state)
        card = self._card(state.card, owner, token=True)
        made = self._place((card,), state, owner)
        self.record("copy_spell", made, "a copy of the spell is created: {obj}", "707.10g")
        return ActionResult(True, "707.10g", "copied the spell", (made.id,))

    @action("become_copy")
    def become_copy(self, target_id: int, source_id: int) -> ActionResult:
        """An object becomes a copy of another (707.2, 707.8): the face that is up."""
        target, source = self.reach("become_copy", target_id), self.reach("become_copy:source", source_id)
        updated = self._replace(target, state=self.rules.become_copy(target.state, source.state))
        self.record("become_copy", updated, "it becomes a copy: {obj}", "707.8")
        return ActionResult(True, "707.8", "became a copy", (target.id,))

    # ------------------------------------------------------------------ counters and effects
    @action("add_effect")
    def add_effect(
        self,
        object_id: int,
        power: int = 0,
        toughness: int = 0,
        keywords: tuple[str, ...] = (),
        until_end_of_turn: bool = True,
    ) -> ActionResult:
        """A continuous effect on an object; it lasts through a transform (712.18)."""
        found = self.reach("add_effect", object_id)
        effect = Effect("effect", power, toughness, keywords, until_end_of_turn, self._tick())
        self._replace(found, effects=(*found.effects, effect))
        self.record("effect", found, "{obj} " + _effect_words(power, toughness, keywords), "611.2")
        return ActionResult(True, "611.2", "effect added", (found.id,))

    @action("add_counters")
    def add_counters(self, object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult:
        """Put ``count`` counters of a kind on a permanent or an exiled card (122.1)."""
        found = self.reach("add_counters", object_id)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalActionError(f"an effect puts a number of counters, not {count!r}", rule="122.1")
        counters = dict(found.counters)
        counters[kind] = counters.get(kind, 0) + count
        self._replace(found, counters=tuple(sorted(counters.items())))
        self.record("counters", found, f"{{obj}} gets {count} {kind} counter(s)", "122.1")
        return ActionResult(True, "122.1", "counters added", (found.id,))

    @action("remove_counters")
    def remove_counters(self, object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult:
        """Remove up to ``count`` counters of a kind from a permanent or an exiled card
        (122.1; a cost that removes more than there are can't be paid, 118.3, and is checked
        by the cost that asks)."""
        found = self.reach("remove_counters", object_id)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalActionError(f"an effect removes a number of counters, not {count!r}", rule="122.1")
        counters = dict(found.counters)
        removed = min(count, counters.get(kind, 0))
        counters[kind] = counters.get(kind, 0) - removed
        self._replace(found, counters=tuple(sorted((k, v) for k, v in counters.items() if v)))
        self.record("counters", found, f"{{obj}} loses {removed} {kind} counter(s)", "122.1")
        return ActionResult(True, "122.1", "counters removed", (found.id,))

    @action("link")
    def link(self, source_id: int, card_object_id: int) -> ActionResult:
        """A linked ability remembers a card (607): e.g. Gwen Stacy's exiled card."""
        source, card = self.reach("link", source_id), self.reach("link:card", card_object_id)
        self._replace(source, linked=(*source.linked, card.cards[0].id))
        self.record("link", None, f"object {source_id} remembers object {card_object_id}", "607.2a")
        return ActionResult(True, "607.2a", "linked", (source_id,))

    # ------------------------------------------------------------------ naming
    @action("choose_name")
    def choose_name(self, source_id: int, name: str) -> ActionResult:
        """A player chooses a card name for ``source``: either face of a DFC, not both, or
        a meld pair's combined back face (712.19)."""
        source = self.reach("choose_name", source_id)
        allowed = {
            n
            for card in self.library.cards()
            for n in self.rules.choosable_names(
                card, self.library.melded_face(card) if card.dfc.meld else None
            )
        }
        if name not in allowed:
            raise IllegalActionError(f"{name!r} is not the name of a card face", rule="712.19")
        self._replace(source, chosen_name=name)
        self.record("choose_name", source, f"{{obj}}: the chosen name is {name!r}", "712.19")
        return ActionResult(True, "712.19", f"chose {name!r}", (source.id,))

    def has_chosen_name(self, object_id: int, name: str) -> bool:
        return bool(self.rules.has_chosen_name(self.obj(object_id).state, name))

    # ------------------------------------------------------------------ craft
    @action("craft")
    def craft(self, object_id: int, materials: Sequence[int], *, player: int | None = None) -> ActionResult:
        """Craft (702.167a): exile this permanent and the materials (permanents its
        controller controls, cards in their graveyard), then return it to the battlefield
        transformed; it remembers the exiled materials (702.167c). Only its controller
        activates it (602.2); a face-down permanent has no abilities (708.2)."""
        found = self.reach("craft", object_id, player)
        crafter = found.controller
        if found.state.face_down or found.state.up is not Side.FRONT or not found.state.card.dfc.craft:
            raise IllegalActionError(f"{self.public_name(found)} has no craft ability", rule="702.167a")
        self._check_materials(crafter, found.id, materials)
        exiled_cards: list[int] = []
        for material in materials:
            moved = self.move(material, Zone.EXILE)
            exiled_cards.extend(card.id for i in moved.objects for card in self.objects[i].cards)
        in_exile = self.move(found.id, Zone.EXILE).objects
        if not in_exile:  # a token, exiled, ceased to exist and can't return (111.8)
            return ActionResult(False, "111.8", "a token that left the battlefield can't return", (), 1, 1)
        returned = self.put_onto_battlefield(in_exile[0], transformed=True)  # type: ignore[attr-defined]
        if returned.happened:
            crafted = self.obj(returned.object)
            self._replace(crafted, linked=tuple(exiled_cards))
        return ActionResult(returned.happened, "702.167a", returned.reason, returned.objects, 1, 1)

    def _check_materials(self, crafter: int, crafted: int, materials: Sequence[int]) -> None:
        """Materials come from among permanents the crafter controls and/or cards in
        their graveyard (702.167a), each once, not the crafting permanent itself."""
        if len(set(materials)) != len(materials) or crafted in materials:
            raise IllegalActionError(
                "each material is a different object, not the crafting one", rule="702.167a"
            )
        for material in materials:
            found = self.reach("craft:material", material)
            mine = found.controller if found.zone is Zone.BATTLEFIELD else found.owner
            if mine != crafter:
                raise IllegalActionError(
                    f"{self.public_name(found)} is not a permanent player {crafter} controls "
                    "or a card in their graveyard",
                    rule="702.167a",
                )


def _effect_words(power: int, toughness: int, keywords: tuple[str, ...]) -> str:
    """What an effect does, for the log: "gets +2/+0", "gains Haste", or both."""
    parts = [f"gets {power:+d}/{toughness:+d}"] if power or toughness or not keywords else []
    if keywords:
        parts.append("gains " + ", ".join(keywords))
    return " and ".join(parts)
