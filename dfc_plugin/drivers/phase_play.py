"""The played game on phase.rs: ``pass``, ``advance``, ``[scenario.game]`` and the
questions about the turn and the stack, through phase's own game loop.

The first game action starts it as the reference engine does (turn 1 of player 1 begins
in its upkeep, its upkeep triggers on the stack, 103.8): the driver sets phase to turn 1's
untap step (a state edit: nothing untaps) and passes priority, so phase itself moves into
the upkeep and puts its triggers on the stack. From then on the driver keeps triggered
abilities on the stack (it takes them off only in a game not started, whose scenarios
model none)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dfc_plugin.conformance.driver import ActResult, Unsupported
from dfc_plugin.drivers import phase_records as rec

if TYPE_CHECKING:
    from dfc_plugin.drivers.phase import PhaseDriver

__all__ = ["STEPS", "advance", "game_answer", "pass_priority", "pool", "set_up_game", "start"]

#: The suite's step names as phase's.
STEPS = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "main1": "PreCombatMain",
    "begin_combat": "BeginCombat",
    "declare_attackers": "DeclareAttackers",
    "declare_blockers": "DeclareBlockers",
    "combat_damage": "CombatDamage",
    "end_combat": "EndCombat",
    "main2": "PostCombatMain",
    "end": "End",
    "cleanup": "Cleanup",
}
_NAMES = {phase: step for step, phase in STEPS.items()}
#: Passes after which a step that never comes is given up (phase skips steps nobody acts in).
_LIMIT = 400


def start(driver: PhaseDriver, step: str = "upkeep", active: int = 0) -> None:
    """Start the played game in ``step`` of turn 1 (see the module docstring)."""
    if driver.playing:
        return
    driver.playing = True
    if step == "untap":
        driver._debug("SetPhase", phase="Untap", active_player=active)
        return
    if step != "upkeep":  # a game set up mid-turn begins in that step, as the reference engine's does
        driver._debug("SetPhase", phase=STEPS[step], active_player=active)
        driver._as_priority(active)
        return
    driver._debug("SetPhase", phase="Untap", active_player=active)
    driver._as_priority(active)
    _pass_until(driver, STEPS[step], 1)


def set_up_game(driver: PhaseDriver, settings: Mapping[str, Any]) -> None:
    """``[scenario.game]``: life totals and the active player (phase's debug interface),
    then the played game starts in ``step``, with ``mana`` in the pools (phase's debug
    AddMana, a state edit)."""
    for player, life in (settings.get("life") or {}).items():
        driver._debug("SetLife", player_id=int(player) - 1, life=int(life))
    start(driver, str(settings.get("step", "upkeep")), int(settings.get("active", 1)) - 1)
    for player, mana in (settings.get("mana") or {}).items():
        driver._debug("AddMana", player_id=int(player) - 1, mana=pool(str(mana)))


def pool(text: str) -> list[str]:
    """``"1UU"`` as phase's pool mana: each coloured letter (or C) that colour, a number
    that much colorless (a pool holds no generic mana, 106.4)."""
    out: list[str] = []
    for number, letter in re.findall(r"(\d+)|([WUBRGC])", text):
        out += ["Colorless"] * int(number) if number else [rec.MANA_NAMES[letter]]
    return out


def pass_priority(driver: PhaseDriver, args: Mapping[str, Any]) -> ActResult:
    """Every player passes (117.4) until the stack is empty, or until the object now on
    top has resolved (``until = "top"``); what came into being on the way is made."""
    start(driver)
    stack = driver.game.stack()
    if not stack:
        driver.choices.unasked()
        return ActResult(False, "")
    top = int(stack[-1]["id"])
    before = _ids(driver)
    for _ in range(_LIMIT):
        ids = [int(e["id"]) for e in driver.game.stack()]
        if not ids:
            driver.choices.unasked()
        if not ids or (args.get("until") == "top" and top not in ids):
            return ActResult(True, "", _made(driver, before))
        driver._apply("PassPriority")
        driver._settle()
    raise Unsupported("a stack phase does not resolve when every player passes")


def advance(driver: PhaseDriver, args: Mapping[str, Any]) -> ActResult:
    """Every player passes until ``step`` of ``turn`` (default: its next beginning, or now)
    begins; its own triggers are then on the stack (500.2, 603.3)."""
    start(driver)
    wanted = STEPS[str(args["step"])]
    turn = args.get("turn")
    if turn is not None and int(turn) < driver.game.turn:
        raise Unsupported(f"advance: turn {turn} is over (this is turn {driver.game.turn})")
    if driver.game.phase == wanted and turn in (None, driver.game.turn):
        return ActResult(True, "")
    before = _ids(driver)
    _pass_until(driver, wanted, int(turn) if turn is not None else None)
    if not driver.game.stack():
        driver.choices.unasked()
    return ActResult(True, "", _made(driver, before))


def _pass_until(driver: PhaseDriver, wanted: str, turn: int | None) -> None:
    start_turn, start_phase = driver.game.turn, driver.game.phase
    for _ in range(_LIMIT):
        driver._apply("PassPriority")
        driver._settle()
        now = driver.game.turn
        if driver.game.phase == wanted and (turn is None or now == turn):
            return
        if turn is not None and now > turn:
            break
        if turn is None and now > start_turn + 1:
            break
    raise Unsupported(
        f"phase passed {start_phase} to {driver.game.phase} without a {_NAMES.get(wanted, wanted)} step"
    )


def game_answer(driver: PhaseDriver, question: str, extra: Mapping[str, Any]) -> Any:
    """game.life, game.stack, game.step, game.turn, game.active from phase's state."""
    seat = int(extra.get("player", 1)) - 1
    if question == "life":
        return int(driver.game.player(seat)["life"])
    if question == "stack":
        return [_stack_name(driver, entry) for entry in reversed(driver.game.stack())]
    if question == "step":
        return _NAMES.get(driver.game.phase, driver.game.phase)
    if question == "turn":
        return int(driver.game.turn)
    if question == "active":
        return int(driver._state()["active_player"]) + 1
    raise Unsupported(f"game.{question}")


def _stack_name(driver: PhaseDriver, entry: Mapping[str, Any]) -> str:
    """A spell by its name, an ability as "ability of <its source's name>"."""
    source = driver._find(int(entry["source_id"]))
    name = source["name"] if source else "?"
    return str(name) if (entry.get("kind") or {}).get("type") == "Spell" else f"ability of {name}"


def _ids(driver: PhaseDriver) -> set[tuple[int, int]]:
    """Every object now, as (id, incarnation): phase keeps a card's id when it changes
    zones and bumps its incarnation, and by 400.7 that is a new object."""
    objects = driver._state()["objects"]
    return {(int(i), int(o.get("incarnation", 0))) for i, o in objects.items()}


def _made(driver: PhaseDriver, before: set[tuple[int, int]]) -> tuple[Any, ...]:
    """The objects that came into being since ``before``: new ids (tokens, copies) and
    cards that changed zones on the way (a card returned to the battlefield)."""
    from dfc_plugin.drivers.phase import _Handle

    return tuple(_Handle(i, n) for i, n in sorted(_ids(driver) - before))
