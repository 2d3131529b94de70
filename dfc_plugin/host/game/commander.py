"""The Commander variant (903), as far as a double-faced or meld commander needs it.

- 903.3: a card is designated a player's commander; the designation is the card's, kept
  as it changes zones. 903.3b: "If a player's commander is a meld card and it's melded
  with the other member of its meld pair, the resulting melded permanent is that
  player's commander": an object is a commander if any card representing it is one.
- 903.8: "A player may cast a commander they own from the command zone. A commander
  cast from the command zone costs an additional {2} for each previous time the player
  casting it has cast it from the command zone that game." Which faces may be cast from
  there is the plugin's answer (``rules.options_from_group``: a transforming card only
  with its front face up, a modal DFC with either face, 712.11-712.12).
- 903.9a (now): a commander put into a graveyard or exile since state-based actions were
  last checked may be put into the command zone by its owner (a state-based action).
  903.9b: a commander that would be put into its owner's hand or library may be put into
  the command zone instead. 903.9c: of a melded commander only the card that is the
  commander goes to the command zone, the other card to the zone it was going to (done
  here as the move, then the commander card's move to the command zone).
- 903.9 (2017): every one of those four zones was replaced (``Edition.commander_zone_sba``
  is false).

The owner decides through their agent: "put your commander into the command zone".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import GameObject
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.state import Zone

__all__ = ["CommanderRules"]

QUESTION = "put your commander into the command zone"
_REPLACED_NOW = (Zone.HAND, Zone.LIBRARY)
_REPLACED_2017 = (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE)


class CommanderRules(LoopState):
    """Commander designation, casting from the command zone with the tax, and the
    return to the command zone (mixed into :class:`dfc_plugin.host.Game`)."""

    def _commander_fields(self) -> dict[str, Any]:
        fields: dict[str, Any] | None = self.__dict__.get("_commander")
        if fields is None:  # (made once, not at every question: an action asks before it starts)
            fields = self.__dict__["_commander"] = {"cards": {}, "casts": {}, "asked": set()}
        return fields

    # ------------------------------------------------------------------ designation
    def designate_commander(self, object_id: int) -> None:
        """Make the card of this object its owner's commander (903.3; set-up)."""
        found = self.obj(object_id)
        if len(found.cards) != 1:
            raise IllegalActionError("a commander is one card", rule="903.3")
        self._commander_fields()["cards"][found.cards[0].id] = found.owner

    def commander_cards(self, found: GameObject) -> list[int]:
        """The cards representing ``found`` that are commanders (903.3b)."""
        return [c.id for c in found.cards if c.id in self._commander_fields()["cards"]]

    def is_commander(self, object_id: int) -> bool:
        return bool(self.commander_cards(self.obj(object_id)))

    def commander_tax(self, card_id: int) -> int:
        """{2} for each previous cast of this commander from the command zone (903.8)."""
        casts: int = self._commander_fields()["casts"].get(card_id, 0)
        return 2 * casts

    def note_commander_cast(self, found: GameObject, origin: Zone) -> None:
        """Count a cast from the command zone (after it is paid)."""
        if origin is not Zone.COMMAND:
            return
        casts = self._commander_fields()["casts"]
        for card in self.commander_cards(found):
            casts[card] = casts.get(card, 0) + 1

    def tax_for(self, found: GameObject) -> int:
        """The commander tax casting ``found`` from where it is now would add."""
        if found.zone is not Zone.COMMAND:
            return 0
        return sum(self.commander_tax(card) for card in self.commander_cards(found))

    # ------------------------------------------------------------------ casting from the command zone
    def _options(
        self, player: int, found: GameObject, via: str | None, linked_to: int | None, fits: Any
    ) -> list[CastOption]:
        if (
            found.zone is Zone.COMMAND
            and via in (None, "normal", "modal")
            and linked_to is None
            and fits is None
        ):
            if found.owner != player or not self.commander_cards(found):
                return []
            return list(self.rules.options_from_group(found.state.card, "cast", None))
        options: list[CastOption] = super()._options(player, found, via, linked_to, fits)
        return options

    # ------------------------------------------------------------------ returning to the command zone
    def move(self, object_id: int, zone: Zone, *, top: bool = True, **kw: Any) -> Any:
        """903.9b (and 2017's 903.9): the owner may put the commander into the command
        zone instead; a melded commander sends only its commander card there (903.9c)."""
        found = self.objects.get(object_id) if self._commander_fields()["cards"] else None
        replaced = _REPLACED_NOW if self.edition.commander_zone_sba else _REPLACED_2017
        if found is None or zone not in replaced or found.zone is Zone.COMMAND:
            return super().move(object_id, zone, top=top, **kw)
        cards = self.commander_cards(found)
        if not cards or not self.ask_yes(found.owner, f"{QUESTION} (instead of the {zone})"):
            return super().move(object_id, zone, top=top, **kw)
        if len(found.cards) == 1:
            return super().move(object_id, Zone.COMMAND, **kw)
        result = super().move(object_id, zone, top=top, **kw)
        self._send_cards_home(cards)
        return result

    def _send_cards_home(self, cards: Sequence[int]) -> None:
        for card in cards:
            now = self.object_of_card(card)
            if now is not None and now.zone is not Zone.COMMAND:
                super().move(now.id, Zone.COMMAND)
                self.record("commander", None, "the commander card goes to the command zone", "903.9c")

    def state_based_actions(self) -> bool:
        """903.9a: a commander newly in a graveyard or exile may go to the command zone."""
        acted: bool = super().state_based_actions()  # type: ignore[misc]
        if not self.edition.commander_zone_sba or not self._commander_fields()["cards"]:
            return acted  # no commander in this game: nothing to look for
        asked = self._commander_fields()["asked"]
        for zone in (Zone.GRAVEYARD, Zone.EXILE):
            for found in list(self.in_zone(zone)):
                if found.id in asked or not self.commander_cards(found):
                    continue
                asked.add(found.id)  # a new object each time it arrives (400.7)
                if self.ask_yes(found.owner, f"{QUESTION} (from the {zone})"):
                    super().move(found.id, Zone.COMMAND)
                    self.record("commander", None, "a commander returns to the command zone", "903.9a")
                    acted = True
        return acted

    # ------------------------------------------------------------------ transactions
    def _snapshot(self) -> dict[str, Any]:
        snapshot: dict[str, Any] = super()._snapshot()
        fields = self.__dict__.get("_commander")  # (not made yet: as if made empty)
        # (no commander, no cast, nobody asked: most games; restored as new empty ones)
        kept = {k: type(v)(v) for k, v in fields.items()} if fields and any(fields.values()) else None
        snapshot["commander"] = kept
        return snapshot

    def _restore(self, snapshot: dict[str, Any]) -> None:
        super()._restore(snapshot)
        kept = snapshot["commander"]
        self.__dict__.pop("_commander", None)  # (none kept: _commander_fields makes new empty ones)
        if kept is not None:
            self.__dict__["_commander"] = {k: type(v)(v) for k, v in kept.items()}
