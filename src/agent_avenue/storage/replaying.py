"""Replaying a stored record through the engine, move by move, and the facts of how it ended."""

from __future__ import annotations

from collections.abc import Sequence

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, GameState, ReplayError, Result, Rules, replay_steps
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import StorageError
from agent_avenue.storage.files import ConditionFacts, ResultSummary, stored_side_name

__all__ = [
    "ReplayFailure",
    "final_summary",
    "replay",
    "replay_states",
    "result_summary",
    "with_rules_note",
]


class ReplayFailure(Exception):
    """A record whose moves do not replay: which move, its text and why."""

    def __init__(self, number: int, total: int, text: str, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.number = number
        self.total = total
        self.text = text
        self.reason = reason
        self.kind = kind  # "setup", "unreadable", "illegal" or "crash"

    def describe(self, *, reveal: bool) -> str:
        """The end of a sentence; with `reveal` False the move's text and the engine's reason
        (which may name cards in a hand) are left out."""
        if self.kind == "setup":
            return t("storage.problem.setup", reason=self.reason)
        where = {"number": self.number, "total": self.total}
        if self.kind == "crash":
            return t("storage.problem.crash", **where)
        key = f"storage.problem.{self.kind}_move"  # unreadable_move or illegal_move
        if not reveal:
            return t(key, **where)
        return t(f"{key}_shown", **where, move=self.text, reason=self.reason)


def replay(rules: Rules, record: GameRecord, *, keep: bool) -> list[GameState]:
    """Replay a record through the engine, checking each move; every state if `keep`."""
    total = len(record.moves)
    try:
        state = record.start(rules)
    except ValueError as exc:
        raise ReplayFailure(0, total, "", str(exc), "setup") from None
    states = [state]
    number = 0
    try:
        for step in replay_steps(state, record.moves):
            number = step.number
            if keep:
                states.append(step.state)
            else:
                states[0] = step.state
    except ReplayError as exc:
        raise ReplayFailure(exc.number, total, exc.text, exc.reason, exc.problem) from None
    except ValueError as exc:  # a value the engine cannot use
        raise ReplayFailure(number + 1, total, record.moves[number], str(exc), "illegal") from None
    except Exception as exc:  # a stored game must never crash the program at start-up
        raise ReplayFailure(number + 1, total, record.moves[number], repr(exc), "crash") from None
    return states


def with_rules_note(problem: str, record: GameRecord, rules: Rules) -> str:
    """`problem`, saying that the card data changed since the record was written if it did."""
    if record.rules_version and record.rules_version != rules.version:
        return t(
            "storage.problem.rules_changed",
            problem=problem,
            old=record.rules_version,
            new=rules.version,
        )
    return problem


def replay_states(record: GameRecord, *, rules: Rules | None = None) -> tuple[GameState, ...]:
    """Every state of a game, the start first and then one after each move, for replays.

    Raises StorageError with one sentence if a move cannot be replayed.
    """
    rules = rules or default_rules()
    try:
        return tuple(replay(rules, record, keep=True))
    except ReplayFailure as failure:
        problem = with_rules_note(failure.describe(reveal=True), record, rules)
        raise StorageError(t("storage.replay_failed", problem=problem)) from None


def final_summary(state: GameState, names: Sequence[str]) -> ResultSummary | None:
    """The public facts of how a game ended, or None if it has not."""
    result = state.result
    if result is None:
        return None
    return result_summary(result, state.turn, names)


def result_summary(result: Result, turns: int, names: Sequence[str]) -> ResultSummary:
    """The public facts of a result, after `turns` turns."""
    return ResultSummary(
        winner=result.winner,
        winner_name=stored_side_name(tuple(names), result.winner),
        reasons=result.reasons,
        conditions=tuple(
            ConditionFacts(side=c.side, reason=c.reason, wins=c.wins) for c in result.conditions
        ),
        by_tie_rule=result.by_tie_rule,
        turns=turns,
    )
