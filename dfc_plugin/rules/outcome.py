"""What a rule handler answers: a verdict, or an outcome that carries the new state.

"Nothing happens" is an answer, not an exception (701.27c, 701.42c, 712.9, 712.14a...):
an :class:`Outcome` with ``happened=False`` keeps the object as it was and names the rule
that decided it, so an engine can log the decision and leave its game unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dfc_plugin.state import DfcState

__all__ = ["Outcome", "Verdict"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether something may happen, the rule that says so, and why, in plain words."""

    allowed: bool
    rule: str
    reason: str

    def __bool__(self) -> bool:
        return self.allowed


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of an action: the object's new state (or its unchanged state when
    nothing happened), the rule that decided it, and notes for the event log."""

    happened: bool
    state: DfcState
    rule: str
    reason: str
    notes: tuple[str, ...] = field(default=())

    @classmethod
    def nothing(cls, state: DfcState, verdict: Verdict) -> Outcome:
        return cls(False, state, verdict.rule, verdict.reason)
