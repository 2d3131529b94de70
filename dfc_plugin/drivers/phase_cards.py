"""Questions about a card as a card (``card.cast_faces``, ``card.land_faces``), asked of
phase.rs by trying: the card is put alone in a fresh game of its own, in the zone the
question names, in its owner's main phase with mana for any cost, and every way phase
offers to cast it or play it as a land is taken in turn (from a snapshot), each face
choice phase prompts for too; the answer is the faces phase put on the stack or onto the
battlefield. The scenario's own game is never touched."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dfc_plugin.conformance.driver import Unsupported
from dfc_plugin.drivers import phase_records as rec

if TYPE_CHECKING:
    from dfc_plugin.drivers.phase import PhaseDriver

__all__ = ["faces_offered"]

#: The action phase offers for each question, and where the card ends up when taken.
_OFFERS = {"cast_faces": ("CastSpell", "Stack"), "land_faces": ("PlayLand", "Battlefield")}


def faces_offered(make: Callable[[], PhaseDriver], card: str, zone: str, question: str) -> list[str]:
    """The faces of ``card`` phase lets its owner cast (or play as a land) from ``zone``,
    in the card's face order."""
    kind, destination = _OFFERS[question]
    probe = make()
    probe.start("2026-09-25", 2)
    handle = probe.add(card, zone, 1, {})
    probe.setup_done()
    probe._debug("AddMana", player_id=0, mana=rec.PLENTY)
    start = probe.game.state()
    offers = [
        a for a in probe.game.actions() if a.kind == kind and (a.data or {}).get("object_id") == handle.id
    ]
    if not offers and kind == "CastSpell" and _needs_target(probe._object(handle.id)):
        raise Unsupported(f"{card}: a spell that needs a target, which a card alone in a game has not")
    names: set[str] = set()
    for offer in offers:
        for back in (False, True):
            probe._restore(start)
            probe._record(probe.game.apply(0, offer))
            asked = probe.game.waiting_for().get("type") == "ModalFaceChoice"
            if kind == "CastSpell":
                probe._answer_cast_prompts(0, back, "normal")
            elif asked:
                probe._apply("ChooseModalFace", 0, back_face=back)
            probe._settle()
            found = probe._find(handle.id)
            if found is not None and found["zone"] == destination:
                names.add(_evaluated(probe, found))
            if not asked:
                break
    faces = [f.name for f in probe.library().get(card).faces]
    return [name for name in faces if name in names]


def _evaluated(probe: PhaseDriver, found: dict[str, Any]) -> str:
    """The face a cast or play evaluated: the face phase gave the object, except that a
    nonmodal double-faced card cast transformed (disturb) is cast by its front face
    (712.11a, 712.13), which is how the question names it."""
    card = probe.library().get(found["base_name"] or found["name"])
    if card.layout.value == "transform" and found["name"] != card.front.name:
        return card.front.name
    return str(found["name"])


def _needs_target(found: dict[str, Any]) -> bool:
    """Whether a face of phase's record has a spell ability (or a part of one) with a
    target."""
    faces = [found, found.get("back_face") or {}]
    return any(
        _targets(ability)
        for face in faces
        for ability in face.get("abilities") or []
        if ability.get("kind") == "Spell"
    )


def _targets(ability: dict[str, Any] | None) -> bool:
    if not ability:
        return False
    target = (ability.get("effect") or {}).get("target")
    chosen = isinstance(target, dict) and target.get("type") not in ("SelfRef", "Controller", "ParentTarget")
    return chosen or _targets(ability.get("sub_ability"))
