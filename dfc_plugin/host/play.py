"""Casting, playing lands, resolving, putting cards onto the battlefield, and mana
abilities, for the reference engine. Which face, which permission and where a spell goes
are the plugin's decisions (``self.rules``); this module moves the objects and keeps the
turn's counts (lands played 305.2, spells cast 731.2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dfc_plugin.cards import CardDef
from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.abilities.mana_restrictions import restricted_by_line
from dfc_plugin.host.abilities.mayplay import may_play
from dfc_plugin.host.abilities.producing import replaced_mana
from dfc_plugin.host.abilities.snow import produced_by
from dfc_plugin.host.access import CAST_PERMISSIONS
from dfc_plugin.host.core import ActionResult, GameCore, action
from dfc_plugin.host.model import GameObject
from dfc_plugin.rules.casting import CastOption, Via
from dfc_plugin.rules.characteristics import Characteristics
from dfc_plugin.state import Side, Zone

__all__ = ["PlayActions"]

Fits = Callable[[Characteristics], bool]


class PlayActions(GameCore):
    """Casting and playing (mixed into :class:`dfc_plugin.host.Game`)."""

    # ------------------------------------------------------------------ permissions
    def _linked_permission(self, player: int, found: GameObject, linked_to: int | None) -> bool:
        """A linked ability lets its controller play a card it exiled "for as long as you
        control this creature": the source must still be the same object (a transform
        keeps it, 712.18, 607.1b) under the player's control."""
        if linked_to is None:
            return False
        source = self.objects.get(linked_to)
        return (
            source is not None
            and source.zone is Zone.BATTLEFIELD
            and source.controller == player
            and found.cards[0].id in source.linked
        )

    def _check_group_access(self, player: int, found: GameObject, searching: bool = False) -> None:
        """An effect lets a player cast, play or put onto the battlefield a card from a
        group: only a card that player may look at (or, ``searching``, a card in their
        own library, 701.19a), so a ``fits=`` callback never sees a hidden card."""
        if self.may_look(player, found) or (
            searching and found.zone is Zone.LIBRARY and found.owner == player
        ):
            return
        raise IllegalActionError(
            f"player {player} may not look at {self.public_name(found)}, so no effect lets them choose it",
            rule="400.2",
        )

    def _check_cast_permission(self, player: int, found: GameObject, via: str | None, grouped: bool) -> None:
        """Who may cast this object with this permission, from where (access.py,
        :data:`~dfc_plugin.host.access.CAST_PERMISSIONS`), checked before anything else."""
        grouped = grouped or may_play(self, player, found)  # "you may play ..." (601.3)
        if grouped:
            self._check_group_access(player, found)
        if via is None:
            if not grouped and found.owner != player:
                raise IllegalActionError(
                    f"player {player} can't cast {self.public_name(found)}: no rule or effect lets them",
                    rule="601.3",
                )
            return
        permission = CAST_PERMISSIONS.get(via)
        if permission is None:
            raise IllegalActionError(f"there is no cast permission {via!r}", rule="601.3")
        if permission.granted_in is not None:
            allowed = (player, via) in found.permits and found.zone in permission.granted_in
            who = "the player an effect granted it to"
        else:  # the card's own ability: its owner; from where, the rules say (cast_options)
            allowed = grouped or found.owner == player
            who = "its owner"
        if not allowed:
            raise IllegalActionError(
                f"player {player} can't cast {self.public_name(found)} with {via}: only {who} can",
                rule=permission.rule,
            )

    def _options(
        self, player: int, found: GameObject, via: str | None, linked_to: int | None, fits: Fits | None
    ) -> list[CastOption]:
        definition = found.state.card
        if via == "face_down":
            # A permission such as morph or disguise: its owner casts it from their hand.
            allowed = found.zone is Zone.HAND and found.owner == player
            return [CastOption(0, Side.FRONT, "cast", "face_down", None, "712.15")] if allowed else []
        if via in ("siege", "cast_transformed"):  # granted: _check_cast_permission
            permission: Via = "siege" if via == "siege" else "cast_transformed"
            option = self.rules.transformed_option(definition, permission)
            return [option] if option is not None else []
        granted = self._linked_permission(player, found, linked_to) or may_play(self, player, found)
        if fits is not None or granted:
            return list(self.rules.options_from_group(definition, "play", fits))
        if found.owner != player:
            return []
        return list(self.rules.cast_options(definition, found.zone))

    def _choose_option(
        self,
        player: int,
        definition: CardDef,
        options: list[CastOption],
        face: int | str | None,
        via: str | None,
    ) -> CastOption:
        """The option the player asked for (a face by index or name, a permission), or
        the chooser's pick among those that fit."""
        names = definition.face_names
        matching = [
            option
            for option in options
            if (via is None or option.via == via or (via == "normal" and option.via == "modal"))
            and (face is None or face in (option.face, names[option.face]))
        ]
        if not matching:
            raise IllegalActionError(
                "that face can't be cast or played this way (only the face that will be up is "
                "evaluated, and it needs a permission)",
                rule="712.11c",
            )
        return self.chooser.pick(player, "face to cast", matching)

    # ------------------------------------------------------------------ casting
    @action("cast")
    def cast(
        self,
        player: int,
        object_id: int,
        *,
        face: int | str | None = None,
        via: str | None = None,
        x: int = 0,
        linked_to: int | None = None,
        fits: Fits | None = None,
    ) -> ActionResult:
        """Cast a card: choose the face (712.11b) and the permission (disturb, More Than
        Meets the Eye: 712.11a; ``via="face_down"``: 712.15; ``via="siege"``: 310.11b;
        ``linked_to``: a linked ability's "you may play that card"; ``fits``: an effect
        that lets you cast from a group). The spell goes on the stack with that face up.
        Who may cast what from where is checked first (``_check_cast_permission``)."""
        found = self.reach("cast", object_id, player)
        self._check_cast_permission(player, found, via, linked_to is not None or fits is not None)
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise IllegalActionError(f"X is a number of 0 or more, not {x!r}", rule="107.3")
        options = self._options(player, found, via, linked_to, fits)
        option = self._choose_option(player, found.state.card, options, face, via)
        if option.play != "cast":
            raise IllegalActionError("a land face is played, not cast", rule="712.12")
        spell = self.rules.spell_state(found.state.card, option, x)
        self._remove(found)
        made = self._place(found.cards, spell, player, cast_via=option.via, x=x)
        self.spells_cast[player] = self.spells_cast.get(player, 0) + 1
        self.record(
            "cast", made, f"player {player} casts {{obj}} ({option.via})", option.rule, face=option.face
        )
        return ActionResult(
            True, option.rule, f"cast with {option.up.value} face up", (made.id,), 1, len(made.cards)
        )

    @action("resolve")
    def resolve(self, enters_transformed: bool | None = None) -> ActionResult:
        """Resolve the top spell of the stack. A permanent spell enters with the face that
        was up (712.13), or transformed if told to (712.13a) or, for a daybound DFC at
        night, by daybound (702.145b); an instant or sorcery goes to the graveyard."""
        stack = self.zones[(None, Zone.STACK)]
        if not stack:
            raise IllegalActionError("the stack is empty", rule="608.1")
        spell = self.objects[stack[-1]]
        transformed = bool(enters_transformed) or (
            enters_transformed is None and self.rules.enters_transformed_at_night(spell.state, self.day_night)
        )
        outcome = self.rules.resolve(spell.state, transformed)
        self._remove(spell)
        # the spell's X for its enters abilities, already as it enters (614.1c, 107.3m)
        x = spell.x if outcome.state.zone is Zone.BATTLEFIELD else 0
        landed = self._arrive(spell.cards, outcome.state, spell.controller, x=x)
        where = outcome.state.zone
        self.record("resolve", landed or spell, f"{{obj}} resolves and goes to the {where}", outcome.rule)
        made = (landed.id,) if landed is not None else ()
        return ActionResult(
            outcome.happened, outcome.rule, outcome.reason, made, 1, len(spell.cards), outcome.notes
        )

    # ------------------------------------------------------------------ lands
    @action("play_land")
    def land_plays(self, player: int) -> int:
        """How many lands ``player`` may play this turn (305.2; the game loop adds the
        effects that grant more)."""
        return 1

    def play_land(
        self,
        player: int,
        object_id: int,
        *,
        face: int | str | None = None,
        linked_to: int | None = None,
        fits: Fits | None = None,
    ) -> ActionResult:
        """Play a land: a land face, chosen for a modal DFC (712.12); one land a turn, on
        your own turn (305.2, 305.3)."""
        found = self.reach("play_land", object_id, player)
        if linked_to is not None or fits is not None:
            self._check_group_access(player, found)
        if player != self.active:
            raise IllegalActionError("a player plays lands only on their own turn", rule="305.3")
        if self.lands_played.get(player, 0) >= self.land_plays(player):
            raise IllegalActionError("player has already played a land this turn", rule="305.2b")
        if linked_to is not None or fits is not None:
            options = list(self.rules.options_from_group(found.state.card, "play", fits))
            if linked_to is not None and not self._linked_permission(player, found, linked_to):
                options = []
        elif may_play(self, player, found):  # "you may play ..." (305.1)
            options = list(self.rules.options_from_group(found.state.card, "play", None))
        elif found.zone is Zone.HAND and found.owner == player:
            options = list(self.rules.land_options(found.state.card))
        else:
            options = []
        lands = [o for o in options if o.play == "land"]
        option = self._choose_option(player, found.state.card, lands, face, None)
        outcome = self.rules.play_land(found.state, option)  # the plugin's answer, its rule too
        if not outcome.happened:
            raise IllegalActionError(outcome.reason, rule=outcome.rule)
        self._remove(found)
        made = self._place(found.cards, outcome.state, player)
        self.lands_played[player] = self.lands_played.get(player, 0) + 1
        self.record("play_land", made, f"player {player} plays {{obj}}", outcome.rule)
        return ActionResult(True, outcome.rule, "played as a land", (made.id,), 1, 1)

    # ------------------------------------------------------------------ putting onto the battlefield
    @action("put_onto_battlefield")
    def put_onto_battlefield(
        self,
        object_id: int,
        *,
        transformed: bool = False,
        face_down: bool = False,
        fits: Fits | None = None,
        controller: int | None = None,
        tapped: bool = False,
    ) -> ActionResult:
        """Put a card onto the battlefield from a zone other than the stack (712.14):
        transformed (712.14a), face down (712.15), or only if its front face has the
        characteristics asked for (release notes). A daybound card enters transformed at
        night (702.145b). If it can't, it stays where it is, and that is the result. With
        ``fits``, the player choosing (``controller``, else the owner) must be able to look
        at the card, or be searching their own library (701.19a)."""
        found = self.reach("put_onto_battlefield", object_id)
        chooser = found.owner if controller is None else self.check_player(controller, "controller")
        if fits is not None:
            self._check_group_access(chooser, found, searching=True)
        outcome = self.rules.put_onto_battlefield(
            found.state.card, found.zone, transformed, face_down=face_down, fits=fits
        )
        if not outcome.happened:
            self.record("put_onto_battlefield", found, "{obj} stays where it is", outcome.rule)
            return ActionResult(False, outcome.rule, outcome.reason, (found.id,))
        state = outcome.state.evolve(token=found.state.token)
        if (
            not transformed
            and not face_down
            and self.rules.enters_transformed_at_night(state, self.day_night)
        ):
            state = state.evolve(up=Side.BACK)
        self._remove(found)
        made = self._place(found.cards, state, chooser, tapped=tapped)
        self.record("put_onto_battlefield", made, "{obj} enters the battlefield", outcome.rule)
        return ActionResult(True, outcome.rule, outcome.reason, (made.id,), 1, len(made.cards))

    # ------------------------------------------------------------------ mana
    def _last_turn_of(self, player: int) -> int:
        """The number of ``player``'s most recent turn (turns alternate from player 1)."""
        count = len(self.players)
        offset = (self.turn - 1) % count
        start = self.turn - offset + (player - 1)
        return start if start <= self.turn else start - count

    # ------------------------------------------------------------------ granted permissions
    @action("permit_cast")
    def permit_cast(self, object_id: int, player: int, via: str = "cast_transformed") -> ActionResult:
        """An effect lets ``player`` cast this card with a granted permission ("you may
        cast it transformed", 712.11a). It lasts while the card stays the same object
        (400.7). A siege's permission comes only from its own trigger (:meth:`defeat_siege`)."""
        found = self.reach("permit_cast", object_id, player)
        permission = CAST_PERMISSIONS.get(via)
        if via == "siege" or permission is None or permission.granted_in is None:
            raise IllegalActionError(
                f"an effect grants cast_transformed, not {via!r} (a siege's comes from its trigger)",
                rule="310.11b" if via == "siege" else "601.3",
            )
        return self._grant(found, player, via)

    def _grant(self, found: GameObject, player: int, via: str) -> ActionResult:
        rule = CAST_PERMISSIONS[via].rule
        self._replace(found, permits=(*found.permits, (player, via)))
        self.record("permit_cast", found, f"player {player} may cast {{obj}} ({via})", rule)
        return ActionResult(True, rule, f"player {player} may cast it ({via})", (found.id,))

    @action("defeat_siege")
    def defeat_siege(self, object_id: int) -> ActionResult:
        """The last defense counter is removed from a siege: its trigger exiles it, then
        its controller may cast it transformed without paying its mana cost (310.11b).
        The permission is for that player and that exiled card only."""
        found = self.reach("defeat_siege", object_id)
        if found.state.face_down or not self.rules.characteristics(found.state).type_line.has("Siege"):
            raise IllegalActionError(f"{self.public_name(found)} is not a siege", rule="310.11b")
        exiled = self.move(found.id, Zone.EXILE)  # type: ignore[attr-defined]
        for made in exiled.objects:
            self._grant(self.objects[made], found.controller, "siege")
        return ActionResult(
            True, "310.11b", "exiled; its controller may cast it transformed", exiled.objects, 1, 1
        )

    def controlled_since_turn_began(self, object_id: int) -> bool:
        """Under its controller's control continuously since their most recent turn
        began (302.6)."""
        found = self.obj(object_id)
        return found.controlled_since_turn < self._last_turn_of(found.controller)

    def free_to_tap(self, found: GameObject) -> bool:
        """What the host tells the plugin's ``can_pay_tap_cost`` (302.6): controlled
        continuously since its controller's most recent turn began. The game's layers
        add haste from effects and statics (702.10c); printed haste is the handler's."""
        return self.controlled_since_turn_began(found.id)

    @action("activate_mana_ability")
    def activate_mana_ability(
        self, object_id: int, index: int = 0, color: str | None = None, *, player: int | None = None
    ) -> ActionResult:
        """Activate a mana ability of the face that is up (605): pay {T} or {Q} (302.6),
        add the mana. The log records whether it was "tapped for mana" (106.12). Only the
        permanent's controller activates it (602.2): ``player``, if given, must be."""
        found = self.reach("activate_mana_ability", object_id, player)
        abilities = self.rules.mana_abilities(found.state)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(abilities):
            raise IllegalActionError(
                f"{self.public_name(found)} has no mana ability {index!r}", rule="605.1a"
            )
        ability = abilities[index]
        self._pay_tap_costs(found, ability.cost.tap, ability.cost.untap)
        types = sorted(self._ability_types(found, ability))
        if not types:
            self.record("mana", found, "{obj} produces no mana (no type can be defined)", "106.7")
            return ActionResult(False, "106.7", "an undefined type of mana produces no mana", (found.id,))
        chosen = color if color in types else self.chooser.pick(found.controller, "mana type", types)
        tapped_for_mana = ability.taps_for_mana
        produced = replaced_mana(self, found, [chosen] * ability.amount, tapped_for_mana)  # 106.12b
        made = restricted_by_line(self, found, ability.line, produced_by(self, found, produced))  # 106.6
        self.mana_pool[found.controller].extend(made)
        self.record(
            "mana",
            found,
            f"{{obj}} produces {''.join(produced)}",
            "106.12" if tapped_for_mana else "605.1a",
            tapped_for_mana=tapped_for_mana,
        )
        return ActionResult(
            True,
            "605.1a",
            f"added {chosen * ability.amount}",
            (found.id,),
            notes=("tapped for mana",) if tapped_for_mana else (),
        )

    def _pay_tap_costs(self, found: GameObject, tap: bool, untap: bool) -> None:
        if not (tap or untap):
            return
        verdict = self.rules.can_pay_tap_cost(found.state, self.free_to_tap(found), untap)
        if not verdict:
            raise IllegalActionError(verdict.reason, rule=verdict.rule)
        if tap and found.tapped:
            raise IllegalActionError("a tapped permanent can't be tapped to pay a cost", rule="107.5")
        if untap and not found.tapped:
            raise IllegalActionError("an untapped permanent can't be untapped to pay a cost", rule="107.6")
        self._replace(found, tapped=tap)

    def _ability_types(
        self, found: GameObject, ability: Any, seen: frozenset[int] = frozenset()
    ) -> frozenset[str]:
        if ability.reflected is None:
            return frozenset(ability.produced)
        return self._reflected(found, ability.reflected, seen | {found.id})

    def _reflected(self, found: GameObject, valid: str, seen: frozenset[int]) -> frozenset[str]:
        """What lands an ability looks at could produce (Exotic Orchard, 106.7 example)."""
        opponents = "OppCtrl" in valid
        types: set[str] = set()
        for other in self.battlefield():
            if other.id in seen or not self.rules.characteristics(other.state).type_line.is_land:
                continue
            if (other.controller != found.controller) != opponents:
                continue
            for ability in self.rules.mana_abilities(other.state):
                types |= self._ability_types(other, ability, seen)
        return frozenset(types)

    def could_produce(self, object_id: int) -> frozenset[str]:
        """The types of mana this permanent could produce (106.7)."""
        found = self.obj(object_id)
        reflected: frozenset[str] = frozenset()
        for ability in self.rules.mana_abilities(found.state):
            if ability.reflected is not None:
                reflected |= self._reflected(found, ability.reflected, frozenset({found.id}))
        return frozenset(self.rules.could_produce(found.state, reflected))
