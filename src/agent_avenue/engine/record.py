"""A game record (mode, seed, first player, seats, moves) and the one way to replay moves."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from agent_avenue.engine.actions import Action
from agent_avenue.engine.errors import IllegalAction
from agent_avenue.engine.notation import NotationError, format_action, parse_action
from agent_avenue.engine.reducer import apply
from agent_avenue.engine.rules import Rules
from agent_avenue.engine.setup import new_game
from agent_avenue.engine.state import GameState, Mode

ReplayProblem = Literal["setup", "unreadable", "illegal"]
"""Why a replay stopped: the record's start cannot be dealt, a move is not in the notation, or a
move is not legal where it is played."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything that determines a game: saves, replays and bug reports are this."""

    mode: Mode
    seed: int
    first: int
    names: tuple[str, ...] = ("Green", "Blue")
    """One name per seat: green, blue, then (team games) green's and blue's second players."""
    # Moves include discards, which are secret while the game runs: keep them out of reprs.
    moves: tuple[str, ...] = field(default=(), repr=False)
    rules_version: str = ""
    players: int = 2
    """2 for a duel; 3 (green's team of two against blue alone) or 4 for a team game."""

    def start(self, rules: Rules) -> GameState:
        """The game's first position, dealt from its seed (InvalidPosition if it cannot be)."""
        return new_game(rules, self.mode, self.seed, self.first, players=self.players)


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One move of a replay: its number (from 1), the action, and the state it led to."""

    number: int
    action: Action
    state: GameState


class ReplayError(ValueError):
    """A replay that stopped: the move's number (0: the start), its text, why, and which
    `problem` it is. The message reads `move 3 ("offer mole mole"): ...`."""

    def __init__(self, number: int, text: str, reason: str, problem: ReplayProblem) -> None:
        """Keep the facts apart, so that a caller may word them its own way."""
        where = "the start" if number == 0 else f'move {number} ("{text}")'
        super().__init__(f"{where}: {reason}")
        self.number = number
        self.text = text
        self.reason = reason
        self.problem: ReplayProblem = problem


def replay_steps(start: GameState, moves: Iterable[Action | str]) -> Iterator[ReplayStep]:
    """Apply each move in turn from `start` (text is read as notation), yielding every step;
    raises ReplayError at the first move that is unreadable or illegal."""
    state = start
    for number, move in enumerate(moves, start=1):
        if isinstance(move, str):
            text = move.strip()
            try:
                action = parse_action(text, state.rules)
            except NotationError as exc:
                raise ReplayError(number, text, str(exc), "unreadable") from None
        else:
            action, text = move, format_action(move)
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(number, text, str(exc), "illegal") from None
        yield ReplayStep(number, action, state)


def replay_from(start: GameState, moves: Iterable[Action | str]) -> GameState:
    """The state after applying `moves` from `start`; raises ReplayError at the first bad one."""
    state = start
    for step in replay_steps(start, moves):
        state = step.state
    return state


def replay(rules: Rules, record: GameRecord) -> GameState:
    """The state after replaying a record's moves; raises ReplayError if one does not replay."""
    try:
        start = record.start(rules)
    except ValueError as exc:
        raise ReplayError(0, "", str(exc), "setup") from None
    return replay_from(start, record.moves)
