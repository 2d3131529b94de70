"""Casting a copy of a card (707.12).

707.12: "An effect that instructs a player to cast a copy of an object (and not just
copy a spell) follows the rules for casting spells, except that the copy is created in
the same zone the object is in and then cast while another spell or ability is
resolving." Isochron Scepter and Mizzix's Mastery are such effects: they copy a card in
exile and let its controller cast the copy without paying its mana cost. The copy is a
spell not represented by a card, cast from exile, so "whenever you cast a spell from
exile" sees it (Ghost-Spider ruling, Marvel's Spider-Man release notes 2025).

What the copy of a double-faced card is (its faces, the face up) is the plugin's
answer (``rules.token_copy``, 707.8a); which faces may be cast is too
(``rules.options_from_group``). Here the copy is made in the card's zone and cast.
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.errors import IllegalActionError
from dfc_plugin.host.core import ActionResult
from dfc_plugin.host.game.state import LoopState
from dfc_plugin.host.model import GameObject
from dfc_plugin.rules.casting import CastOption
from dfc_plugin.state import Zone

__all__ = ["CopyCasting"]


class CopyCasting(LoopState):
    """``cast_copy`` (mixed into :class:`dfc_plugin.host.Game`)."""

    def _copies_to_cast(self) -> set[int]:
        made: set[int] = self.__dict__.setdefault("_copy_ids", set())
        return made

    def cast_copy(self, player: int, object_id: int, *, face: int | str | None = None) -> ActionResult:
        """Copy a card in exile and cast the copy without paying its mana cost (707.12)."""
        found = self.obj(object_id)
        if found.zone is not Zone.EXILE:
            raise IllegalActionError("only a card in exile is copied and cast here", rule="707.12")
        state = self.rules.token_copy(found.state).evolve(zone=found.zone)
        card = self._card(state.card, player, token=True)
        made = self._place((card,), state, player)
        self.record("copy", made, "a copy of the card is created in exile: {obj}", "707.12")
        self._copies_to_cast().add(made.id)
        cast: ActionResult = self.cast_spell(player, made.id, face=face, free=True, timing=False)  # type: ignore[attr-defined]
        return cast

    def _options(
        self, player: int, found: GameObject, via: str | None, linked_to: int | None, fits: Any
    ) -> list[CastOption]:
        if found.id in self._copies_to_cast() and found.zone is Zone.EXILE:
            if found.controller != player:
                return []
            return list(self.rules.options_from_group(found.state.card, "cast", None))
        options: list[CastOption] = super()._options(player, found, via, linked_to, fits)
        return options
