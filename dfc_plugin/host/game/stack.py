"""The stack (405, 608): spells and abilities go on it and the top one resolves when
all players pass in succession. A spell's own ability (an instant's or sorcery's
``SP$`` chain) runs as it resolves, then the plugin's ``resolve`` handler says where
the card goes (a permanent enters with the face that was up, 712.13); an ability
resolves its chain (608.2). Intrinsic rules triggers live here too: the Siege's
defeat trigger (310.11b).
"""

from __future__ import annotations

from typing import Any

from dfc_plugin.cards import Face, ParamMap
from dfc_plugin.errors import IllegalActionError, UnsupportedAbilityError
from dfc_plugin.host.abilities.chain import legal_targets, links, resolve_chain, run_link
from dfc_plugin.host.abilities.uncounterable import cant_be_countered
from dfc_plugin.host.abilities.values import svar_params
from dfc_plugin.host.core import ActionResult, action
from dfc_plugin.host.game.events import GameEvent, PendingTrigger, StackItem
from dfc_plugin.host.game.triggers import TriggerActions
from dfc_plugin.state import Zone

__all__ = ["StackActions"]


class StackActions(TriggerActions):
    """The stack (mixed into :class:`dfc_plugin.host.Game`)."""

    def stack_text(self) -> list[str]:
        """The stack, bottom to top, as text (what every player may see, 405.1)."""
        out = []
        for item in self.stack_items:
            if item.spell is not None and item.spell in self.objects:
                out.append(f"spell: {self.describe(self.objects[item.spell], reader=None)}")
            else:
                out.append(f"ability of {item.face.name if item.face else '?'}")
        return out

    @action("resolve_top")
    def resolve_top(self) -> ActionResult:
        """Resolve the top object of the stack (608.1)."""
        if not self.stack_items:
            raise IllegalActionError("the stack is empty", rule="608.1")
        snapshot = self._snapshot()
        try:
            return self._resolve_item(self.stack_items.pop())
        except UnsupportedAbilityError as error:
            # Found only now (e.g. a token script the library lacks): undo what it did,
            # say so, and take it off the stack; passing priority is never refused.
            self._restore(snapshot)
            item = self.stack_items.pop()
            if item.spell is not None and item.spell in self.objects:
                self.move(item.spell, Zone.GRAVEYARD)
            self.record("unsupported", None, f"an ability can't run here and does nothing: {error}")
            return ActionResult(False, "608.2", str(error))

    def _resolve_item(self, item: StackItem) -> ActionResult:
        if item.kind == "spell":
            return self._resolve_spell(item)
        if item.intrinsic == "siege":
            self._siege_defeated(item)
        elif item.kind == "trigger":
            self.resolve_trigger_item(item)
        elif item.intrinsic == "craft":
            self._craft_returns(item)
        else:
            assert item.ctx is not None and item.params is not None
            resolve_chain(self, item.ctx, item.params)
        return ActionResult(True, "608.2", f"resolved {item.text or item.kind}")

    def _resolve_spell(self, item: StackItem) -> ActionResult:
        spell = self.objects.get(item.spell or -1)
        if spell is None or spell.zone is not Zone.STACK:
            return ActionResult(False, "608.1", "the spell is no longer on the stack")
        if item.params is not None and item.ctx is not None and item.params.api == "Attach":
            return self._resolve_aura(item, spell)
        if item.params is not None and item.ctx is not None:
            if not resolve_chain(self, item.ctx, item.params):
                self.record("fizzle", spell, "{obj} doesn't resolve: its targets are all illegal", "608.2b")
                self.move(spell.id, Zone.GRAVEYARD)
                return ActionResult(False, "608.2b", "all its targets are illegal")
            if spell.id not in self.objects:
                return ActionResult(True, "608.2", "resolved (it moved itself)")
        self.__dict__["_entering_x"] = item.ctx.x if item.ctx is not None else 0  # 107.3m
        try:
            result: ActionResult = self.resolve()
        finally:
            self.__dict__["_entering_x"] = 0
        return result

    def _resolve_aura(self, item: StackItem, spell: Any) -> ActionResult:
        """An Aura spell resolves: it enters attached to its target (303.4f), or, its
        target gone, doesn't resolve (608.2b)."""
        ctx, params = item.ctx, item.params
        assert ctx is not None and params is not None
        targets = [v for k, v in ctx.targets.get(0, []) if k == "o"]
        legal = [t for t in targets if ("o", t) in legal_targets(self, ctx, params)]
        if not legal:
            self.record("fizzle", spell, "{obj} doesn't resolve: its target is illegal", "608.2b")
            self.move(spell.id, Zone.GRAVEYARD)
            return ActionResult(False, "608.2b", "its target is illegal")
        result: ActionResult = self.resolve()
        if result.objects:
            self.attach(result.objects[0], legal[0])
        return result

    def counter_spell(self, object_id: int, destination: Zone = Zone.GRAVEYARD) -> list[int]:
        """Counter a spell (701.6a): off the stack, into its owner's graveyard (or
        the zone an effect names); it doesn't resolve."""
        found = self.obj(object_id)
        if found.zone is not Zone.STACK:
            return []
        if cant_be_countered(self, object_id):
            self.record("counter", found, "{obj} can't be countered", "113.6g")
            return []
        self.stack_items = [i for i in self.stack_items if i.spell != object_id]
        self.record("counter", found, "{obj} is countered", "701.6a")
        return list(self.move(object_id, destination).objects)

    # ------------------------------------------------------------------ ETB SVars
    def run_etb_svar(self, object_id: int, face: Face, name: str) -> None:
        """``K:ETBReplacement:<kind>:<SVar>``: the SVar's chain runs as it enters."""
        found = self.obj(object_id)
        ctx = self.ability_ctx(found, face)
        ctx.replaced = object_id
        for link in links(ctx, svar_params(ctx, name)):
            run_link(self, ctx, link)

    # ------------------------------------------------------------------ sieges (310.11b)
    def defense_removed(self, object_id: int, before: int, after: int) -> None:
        """When the last defense counter is removed from a Siege, its intrinsic ability
        triggers: exile it, then you may cast it transformed without paying its mana
        cost (310.11b)."""
        found = self.objects.get(object_id)
        if found is None or before <= 0 or after > 0 or not self.has_type_of(found, "Siege"):
            return
        face = self.face_of(found)
        assert face is not None
        ctx = self.ability_ctx(found, face)
        self.pending.append(PendingTrigger(ctx, ParamMap(), ParamMap(), "siege defeated", intrinsic="siege"))

    def _push_intrinsic(self, pending: PendingTrigger) -> None:
        self.stack_items.append(
            StackItem(
                "trigger", pending.ctx, text=pending.text, face=pending.ctx.face, intrinsic=pending.intrinsic
            )
        )
        self.record("trigger", None, f"{pending.ctx.face.name}'s defeat trigger goes on the stack", "310.11b")

    def _siege_defeated(self, item: StackItem) -> None:
        ctx = item.ctx
        assert ctx is not None
        found = ctx.source_object
        if found is None or found.zone is not Zone.BATTLEFIELD:
            return
        exiled = self.move(found.id, Zone.EXILE)
        if not exiled.objects:
            return
        card_id = exiled.objects[0]
        self._grant(self.objects[card_id], ctx.controller, "siege")  # type: ignore[attr-defined]
        if self.ask_yes(ctx.controller, "cast the defeated siege transformed"):
            self.cast_spell(ctx.controller, card_id, via="siege", free=True, timing=False)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ craft (702.167a)
    def _craft_returns(self, item: StackItem) -> None:
        ctx = item.ctx
        assert ctx is not None
        exiled = self.object_of_card(ctx.card)
        if exiled is None or exiled.zone is not Zone.EXILE:
            return
        self.exiled_with.update(dict.fromkeys(ctx.cost_paid.get("exiled", ()), ctx.card))  # 607.1, 702.167c
        result = self.put_onto_battlefield(exiled.id, transformed=True, controller=exiled.owner)
        if result.happened and result.objects:
            crafted = self.obj(result.objects[0])
            materials = tuple(ctx.cost_paid.get("material_cards", ()))
            self._replace(crafted, linked=materials)
            self.remembered[ctx.card] = [("o", i) for i in ctx.cost_paid.get("exiled", ())]

    def push_pending(self) -> None:
        """Put triggers waiting for the stack on it; intrinsic ones included."""
        intrinsic = [p for p in self.pending if p.intrinsic]
        self.pending = [p for p in self.pending if not p.intrinsic]
        self.put_triggers_on_stack()
        for pending in intrinsic:
            self._push_intrinsic(pending)

    def emit_spell_cast(self, spell_id: int, player: int) -> None:
        self.emit(GameEvent("SpellCast", {"Card": spell_id}, {"Player": player}))

    def counter_ability(self, source_id: int) -> bool:
        """Counter the topmost activated or triggered ability on the stack whose source
        is ``source_id``: "To counter a spell or ability means to cancel it, removing it
        from the stack. It doesn't resolve" (701.6a). ``False`` if there is none."""
        for index in range(len(self.stack_items) - 1, -1, -1):
            item = self.stack_items[index]
            if item.kind != "spell" and item.ctx is not None and item.ctx.source == source_id:
                del self.stack_items[index]
                self.record("counter", None, f"{item.text or 'an ability'} is countered", "701.6a")
                return True
        return False
