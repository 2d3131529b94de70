"""Agents: how players decide. Every choice a player makes (which action to take with
priority, targets, "you may", the order of their triggers, attackers, blockers, which
of several options) goes through that player's agent (DESIGN.md decision 10):

* :class:`ScriptedAgent` answers from a list and fails loudly, naming the question,
  when asked something its script doesn't answer: tests and scenarios.
* :class:`PassAgent` passes priority and declines or takes the first of everything.
* :class:`RandomAgent` picks uniformly among the legal options (seeded): fuzzing and
  benchmarks.

An agent is also the core's chooser (``pick``/``order``), so the choices the engine's
existing actions ask (a face to cast, a mana colour) reach it too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from dfc_plugin.errors import UnexpectedQuestionError
from dfc_plugin.host.game.actions import Action, Pass

__all__ = ["Agent", "PassAgent", "RandomAgent", "ScriptedAgent"]

T = TypeVar("T")


class Agent(Protocol):
    """One player's decisions."""

    def act(self, game: Any, player: int, actions: list[Action]) -> Action: ...

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T: ...

    def pick_many(self, player: int, purpose: str, options: Sequence[T], low: int, high: int) -> list[T]: ...

    def order(self, player: int, purpose: str, items: list[int]) -> list[int]: ...

    def yes(self, player: int, purpose: str) -> bool: ...


class PassAgent:
    """Passes priority; takes the first option, the fewest of many, and says no."""

    def act(self, game: Any, player: int, actions: list[Action]) -> Action:
        return Pass()

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T:
        return options[0]

    def pick_many(self, player: int, purpose: str, options: Sequence[T], low: int, high: int) -> list[T]:
        return list(options[:low])

    def order(self, player: int, purpose: str, items: list[int]) -> list[int]:
        return list(items)

    def yes(self, player: int, purpose: str) -> bool:
        return False


#: What a scripted agent answers when its script doesn't: it declares no attackers
#: and no blockers (combat is asked every turn a creature could fight).
SCRIPT_DEFAULTS: dict[str, Any] = {"attackers": [], "blockers for": []}


class ScriptedAgent(PassAgent):
    """Answers questions from a script of ``(purpose, answer)`` pairs, in order: the
    purpose must start with the scripted text. With priority it passes unless the
    next entry is ``("act", action)``; it declares no attackers or blockers unless the
    next entry says so (``defaults``). Any other question the script doesn't answer
    raises :class:`UnexpectedQuestionError` naming it; :meth:`done` says if all were
    used."""

    def __init__(
        self, script: Sequence[tuple[str, Any]] = (), defaults: dict[str, Any] | None = None
    ) -> None:
        self.script = list(script)
        self.asked: list[str] = []
        self.defaults = SCRIPT_DEFAULTS if defaults is None else defaults

    def _next(self, player: int, purpose: str) -> Any:
        self.asked.append(purpose)
        fallback = next((v for k, v in self.defaults.items() if purpose.startswith(k)), None)
        if fallback is not None and not (self.script and purpose.startswith(self.script[0][0])):
            return fallback
        if not self.script:
            raise UnexpectedQuestionError(
                f"player {player} was asked {purpose!r}, and the script has no more answers"
            )
        expected, answer = self.script[0]
        if not purpose.startswith(expected):
            raise UnexpectedQuestionError(
                f"player {player} was asked {purpose!r}; the script expected {expected!r}"
            )
        self.script.pop(0)
        return answer

    def act(self, game: Any, player: int, actions: list[Action]) -> Action:
        if self.script and self.script[0][0] == "act":
            action: Action = self.script.pop(0)[1]
            return action
        return Pass()

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T:
        answer = self._next(player, purpose)
        if answer not in options:
            raise UnexpectedQuestionError(
                f"scripted answer {answer!r} to {purpose!r} is not one of {list(options)!r}"
            )
        return answer  # type: ignore[no-any-return]

    def pick_many(self, player: int, purpose: str, options: Sequence[T], low: int, high: int) -> list[T]:
        return list(self._next(player, purpose))

    def order(self, player: int, purpose: str, items: list[int]) -> list[int]:
        return list(self._next(player, purpose))

    def yes(self, player: int, purpose: str) -> bool:
        return bool(self._next(player, purpose))

    def done(self) -> bool:
        return not self.script


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, game: Any, player: int, actions: list[Action]) -> Action:
        return self.random.choice(actions)

    def pick(self, player: int, purpose: str, options: Sequence[T]) -> T:
        return self.random.choice(list(options))

    def pick_many(self, player: int, purpose: str, options: Sequence[T], low: int, high: int) -> list[T]:
        count = self.random.randint(low, high)
        return self.random.sample(list(options), count)

    def order(self, player: int, purpose: str, items: list[int]) -> list[int]:
        shuffled = list(items)
        self.random.shuffle(shuffled)
        return shuffled

    def yes(self, player: int, purpose: str) -> bool:
        return self.random.random() < 0.5
