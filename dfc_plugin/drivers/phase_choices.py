"""``choose`` on phase.rs: the scenario's answers, queued, given to phase's own prompts.

A scenario names each question by the reference engine's first words (docs/conformance.md,
"choose"). Only the questions that match one of phase's prompts are mapped, and a prompt is
answered only when it is recognisably the one named:

- ``use <card>'s triggered ability``: phase's ``OptionalEffectChoice`` whose source is
  named <card> (a "you may" trigger, 603.5);
- any other yes/no question about an effect (``reveal the top card``, ``transform Search
  for Azcanta``, ``fight``): an ``OptionalEffectChoice`` whose text says "you may" and
  then the question's first word;
- ``apply the replacement`` (yes): phase's ``ReplacementChoice``, the "you may" one;
- ``a permanent for <card>``: phase's ``CopyTargetChoice``, the named object;
- ``targets for <card>`` and ``choose``'s ``targets``: phase's ``TargetSelection``.

A question phase has no prompt for is ``Unsupported`` when it is queued; one still queued
when the stack is empty was never asked by phase: ``Unsupported`` too, never a pass."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dfc_plugin.conformance.driver import Player, Unsupported

__all__ = ["Choices"]

#: The reference engine's questions phase has no prompt the driver can tell apart.
_UNMAPPED = (
    "order of your triggered abilities",
    "put your commander",
    "cards to choose for",
    "which player",
    "a creature type",
    "divide",
    "modes for",
    "cast the defeated siege",
    "attackers",
    "blockers for",
    "cards to discard",
    "the ",
)


@dataclass
class Choices:
    """The answers of the scenario's ``choose`` steps, each (seat, question, answer), and
    the targets its ``targets`` named; ``name_of`` gives an object's name by phase's id."""

    name_of: Callable[[int], str]
    answers: list[tuple[int, str, Any]] = field(default_factory=list)
    targets: list[dict[str, int]] = field(default_factory=list)

    def queue(self, seat: int, answers: Sequence[Sequence[Any]], targets: Sequence[dict[str, int]]) -> None:
        for question, answer in answers:
            if str(question).startswith(_UNMAPPED):
                raise Unsupported(f"choose: phase.rs has no prompt the driver maps to {question!r}")
            self.answers.append((seat, str(question), answer))
        self.targets.extend(targets)

    def unasked(self) -> None:
        """Called when the stack is empty: an answer still queued was never asked."""
        if self.answers or self.targets:
            left = self.answers[0][1] if self.answers else "targets"
            self.answers.clear()
            self.targets.clear()
            raise Unsupported(f"choose: phase.rs asked no question {left!r} names")

    def answer(self, waiting: Mapping[str, Any], offers: Sequence[Any]) -> Any:
        """The offer that answers phase's prompt from the queue, or None."""
        kind = str(waiting.get("type"))
        data = waiting.get("data") or {}
        if kind == "TargetSelection" and self.targets:
            return self._target(offers, self.targets)
        for index, (seat, question, answer) in enumerate(self.answers):
            if data.get("player", seat) != seat or not self._matches(kind, data, question):
                continue
            offer = self._offer(kind, data, offers, answer)
            if offer is not None:
                del self.answers[index]
                return offer
        return None

    def _matches(self, kind: str, data: Mapping[str, Any], question: str) -> bool:
        if kind == "OptionalEffectChoice":
            named = re.fullmatch(r"use (.+)'s triggered ability", question)
            if named:
                return self.name_of(int(data.get("source_id", -1))) == named.group(1)
            verb = re.escape(question.split(maxsplit=1)[0])
            text = str(data.get("description"))
            if len(re.findall(r"\byou may\b", text, re.I)) != 1:
                return False  # which of its "you may" phase asks, its prompt doesn't say
            return re.search(rf"\byou may\b[^.]*\b{verb}", text, re.I) is not None
        if kind == "ReplacementChoice":
            return question.startswith("apply the replacement")
        if kind == "CopyTargetChoice":
            return question.startswith("a permanent for ")
        if kind == "TargetSelection":
            return question.startswith("targets for ")
        return False

    def _offer(self, kind: str, data: Mapping[str, Any], offers: Sequence[Any], answer: Any) -> Any:
        if kind == "OptionalEffectChoice":
            return next(
                (o for o in offers if o.kind == "DecideOptionalEffect" and o.data["accept"] is bool(answer)),
                None,
            )
        if kind == "ReplacementChoice":
            if answer is not True:
                raise Unsupported("choose: declining a replacement phase.rs offers")
            candidates = data.get("candidates", [])
            index = next(
                (i for i, c in enumerate(candidates) if "you may" in str(c.get("description")).lower()), None
            )
            return next((o for o in offers if (o.data or {}).get("index") == index), None)
        wanted = [_phase_target(a) for a in (answer if isinstance(answer, list) else [answer])]
        if kind == "CopyTargetChoice":
            return next((o for o in offers if (o.data or {}).get("target") == wanted[0]), None)
        return self._target(offers, wanted)

    @staticmethod
    def _target(offers: Sequence[Any], wanted: list[dict[str, int]]) -> Any:
        offer = next((o for o in offers if (o.data or {}).get("target") == wanted[0]), None)
        if offer is None:
            raise Unsupported(f"choose: phase.rs offers no target {wanted[0]}")
        wanted.pop(0)
        return offer


def _phase_target(value: Any) -> dict[str, int]:
    """A scenario's answer (an object's handle, or a player) as phase names a target."""
    if isinstance(value, Player):
        return {"Player": value.number - 1}
    if isinstance(value, int):
        return {"Player": value - 1}
    if not hasattr(value, "id"):
        raise Unsupported(f"choose: an answer phase.rs can't take ({value!r})")
    return {"Object": int(value.id)}
