"""Moves and changes for the reference engine: zone changes (a melded permanent moves as
two cards, 712.21), transform and convert, meld, face down and up, token copies and copy
effects, naming, craft. Each asks the plugin's rule handlers what happens and then moves
objects; "nothing happens" comes back as an :class:`ActionResult` that did not happen."""

from __future__ import annotations

from collections.abc import Sequence

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.core import ActionResult, GameCore, action, destination
from dfc_plugin.host.model import Effect, GameObject
from dfc_plugin.state import DfcState, TokenKind, Zone

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
        orders them (712.21a) or, into exile, chooses their timestamp order (712.21b)."""
        found = self.obj(object_id)
        if zone is found.zone:
            raise IllegalActionError(f"object {object_id} is already in the {zone}", rule="400.7")
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
        if found.zone is not Zone.BATTLEFIELD:
            return [DfcState.of(found.state.card, zone, token=found.state.token)]
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
        return self.move(object_id, Zone.GRAVEYARD)

    def exile(self, object_id: int, order: Sequence[int] | None = None) -> ActionResult:
        return self.move(object_id, Zone.EXILE, order=order)

    def bounce(self, object_id: int) -> ActionResult:
        """Return a permanent to its owner's hand."""
        return self.move(object_id, Zone.HAND)

    @action("blink")
    def blink(self, object_id: int) -> ActionResult:
        """Exile a permanent, then return it (each card of it, 712.21c) to the battlefield
        under its owner's control: new objects, front face up (712.14)."""
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
        library = self.zones[(player, Zone.LIBRARY)]
        made = [self.move(library[-1], Zone.GRAVEYARD).object for _ in range(min(count, len(library)))]
        return ActionResult(bool(made), "701.17", f"milled {len(made)}", tuple(made), len(made), len(made))

    # ------------------------------------------------------------------ transform, convert
    @action("transform")
    def transform(
        self, object_id: int, *, action: str = "transform", cause: str = "effect", since: int | None = None
    ) -> ActionResult:
        """Transform (or convert) a permanent (701.27, 701.28). The object stays the same
        (712.18): its id, counters and effects; it gets a new timestamp (613.7g)."""
        found = self.obj(object_id)
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
        a, b = self.obj(first), self.obj(second)
        if a.id == b.id:
            raise IllegalActionError("meld needs two objects", rule="701.42b")
        in_exile = [self._to_exile(found) for found in (a, b)]
        states = [
            found.state
            if found is not None
            else DfcState.of(orig.state.card, Zone.EXILE, token=orig.state.token)
            for found, orig in zip(in_exile, (a, b), strict=True)
        ]
        melded_face = self.library.melded_face(a.state.card) or self.library.melded_face(b.state.card)
        outcome = self.rules.meld(states[0], states[1], melded_face)
        if not outcome.happened:
            exiled = tuple(found.id for found in in_exile if found is not None)
            self.record("meld", None, "the objects can't be melded and stay in exile", outcome.rule)
            return ActionResult(False, outcome.rule, outcome.reason, exiled, 2, 2)
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

    def _to_exile(self, found: GameObject) -> GameObject | None:
        if found.zone is Zone.EXILE:
            return found
        result = self.move(found.id, Zone.EXILE)
        return self.objects.get(result.objects[0]) if result.objects else None

    # ------------------------------------------------------------------ face down
    @action("turn_face_down")
    def turn_face_down(self, object_id: int) -> ActionResult:
        """Turn a permanent face down; a double-faced permanent can't be (712.16)."""
        found = self.obj(object_id)
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
        found = self.obj(object_id)
        outcome = self.rules.turn_face_up(found.state)
        if not outcome.happened:
            return ActionResult(False, outcome.rule, outcome.reason, (found.id,))
        updated = self._replace(found, state=outcome.state)
        self.record("turn_face_up", updated, "{obj} is turned face up", outcome.rule)
        return ActionResult(True, outcome.rule, outcome.reason, (found.id,))

    @action("exile_face_down")
    def exile_face_down(self, object_id: int, by: int | None = None) -> ActionResult:
        """Exile a card face down: it stays hidden (712.17); who exiled it may look (406.3)."""
        found = self.obj(object_id)
        hidden = self.rules.exile_face_down(found.state)
        self._remove(found)
        made = self._place(found.cards, hidden, found.owner, known_to=(by or found.controller,))
        self.record("exile_face_down", made, "{obj} is exiled face down", "712.17")
        return ActionResult(True, "712.17", "exiled face down", (made.id,), 1, len(found.cards))

    # ------------------------------------------------------------------ copies and tokens
    @action("create_token_copy")
    def create_token_copy(self, source_id: int, controller: int | None = None) -> ActionResult:
        """Create a token that is a copy of an object (707.8a: a double-faced token for a
        double-faced source, with the same face up)."""
        source = self.obj(source_id)
        state = self.rules.token_copy(source.state)
        owner = controller or source.controller
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
        spell = self.obj(spell_id)
        if spell.zone is not Zone.STACK:
            raise IllegalActionError(f"object {spell_id} is not a spell on the stack", rule="707.10")
        state = self.rules.copy_spell(spell.state)
        owner = controller or spell.controller
        card = self._card(state.card, owner, token=True)
        made = self._place((card,), state, owner)
        self.record("copy_spell", made, "a copy of the spell is created: {obj}", "707.10g")
        return ActionResult(True, "707.10g", "copied the spell", (made.id,))

    @action("become_copy")
    def become_copy(self, target_id: int, source_id: int) -> ActionResult:
        """An object becomes a copy of another (707.2, 707.8): the face that is up."""
        target, source = self.obj(target_id), self.obj(source_id)
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
        found = self.obj(object_id)
        effect = Effect("effect", power, toughness, keywords, until_end_of_turn, self._tick())
        self._replace(found, effects=(*found.effects, effect))
        self.record("effect", found, f"{{obj}} gets {power:+d}/{toughness:+d}", "611.2")
        return ActionResult(True, "611.2", "effect added", (found.id,))

    @action("add_counters")
    def add_counters(self, object_id: int, kind: str = "P1P1", count: int = 1) -> ActionResult:
        found = self.obj(object_id)
        counters = dict(found.counters)
        counters[kind] = counters.get(kind, 0) + count
        self._replace(found, counters=tuple(sorted(counters.items())))
        self.record("counters", found, f"{{obj}} gets {count} {kind} counter(s)", "122.1")
        return ActionResult(True, "122.1", "counters added", (found.id,))

    @action("link")
    def link(self, source_id: int, card_object_id: int) -> ActionResult:
        """A linked ability remembers a card (607): e.g. Gwen Stacy's exiled card."""
        source, card = self.obj(source_id), self.obj(card_object_id)
        self._replace(source, linked=(*source.linked, card.cards[0].id))
        self.record("link", None, f"object {source_id} remembers object {card_object_id}", "607.2a")
        return ActionResult(True, "607.2a", "linked", (source_id,))

    # ------------------------------------------------------------------ naming
    @action("choose_name")
    def choose_name(self, source_id: int, name: str) -> ActionResult:
        """A player chooses a card name for ``source``: either face of a DFC, not both, or
        a meld pair's combined back face (712.19)."""
        source = self.obj(source_id)
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
    def craft(self, object_id: int, materials: Sequence[int]) -> ActionResult:
        """Craft (702.167a): exile this permanent and the materials, then return it to the
        battlefield transformed; it remembers the exiled materials (702.167c)."""
        found = self.obj(object_id)
        if found.zone is not Zone.BATTLEFIELD or not found.state.card.dfc.craft:
            raise IllegalActionError(
                f"{self.describe(found)} has no craft ability on the battlefield", rule="702.167a"
            )
        exiled_cards: list[int] = []
        for material in materials:
            moved = self.move(material, Zone.EXILE)
            exiled_cards.extend(self.objects[i].cards[0].id for i in moved.objects)
        in_exile = self.move(found.id, Zone.EXILE).object
        returned = self.put_onto_battlefield(in_exile, transformed=True)  # type: ignore[attr-defined]
        if returned.happened:
            crafted = self.obj(returned.object)
            self._replace(crafted, linked=tuple(exiled_cards))
        return ActionResult(returned.happened, "702.167a", returned.reason, returned.objects, 1, 1)
