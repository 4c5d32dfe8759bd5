"""The review of a finished game: every decision of the reviewed seats judged from their own
views, marked by the win chance it gave up, with an accuracy per player and a curve per side.

`decisions_of(record, seats)` replays the record once and keeps, for each step where a reviewed
seat had more than one legal action, that seat's `PlayerView` and the action it took: only
those views go to the judging code (teaching/review_judge.py), one task per decision, on every
core (`review_game`, a process pool, a progress callback and a cancel event). The review may
show every card once the game is over; its numbers come from the views. No textual imports.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from agent_avenue.engine import (
    GameRecord,
    Rules,
    is_team_game,
    player_view,
    replay_steps,
    seats_of,
    side_of,
)
from agent_avenue.teaching.review_judge import (
    Decision,
    Judgement,
    ReviewBudget,
    judge,
    judge_task,
)
from agent_avenue.teaching.review_marks import Mark, game_accuracy, mark_of

if TYPE_CHECKING:
    # The pool's modules are imported when a review is judged on several cores: showing a
    # stored review (a second look) does without them.
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = [
    "Progress",
    "Review",
    "ReviewCancelled",
    "decisions_of",
    "judge_all",
    "review_game",
]

Progress = Callable[[int, int], object]
"""Told (decisions judged, decisions in all) as the review goes."""
POLL_SECONDS = 0.1
"""How often a running review looks at its cancel event."""
PRELOADED = (
    "agent_avenue.teaching.review_judge",
    "agent_avenue.bots.ismcts",
    "agent_avenue.bots.team",
)
"""What the fork server imports before it forks a review's workers."""


class ReviewCancelled(Exception):
    """The review was cancelled before it finished."""


@dataclass(frozen=True, slots=True)
class Review:
    """A finished game's review: the record, the seats reviewed, the budget, one judgement per
    decision in the game's order, and the side that won."""

    record: GameRecord
    seats: tuple[int, ...]
    budget: ReviewBudget
    judgements: tuple[Judgement, ...]
    winner: int

    def of_seat(self, seat: int) -> tuple[Judgement, ...]:
        """The judgements of one seat's decisions."""
        return tuple(j for j in self.judgements if j.seat == seat)

    def accuracy(self, seat: int) -> float | None:
        """The seat's accuracy for the game (teaching/review_marks.py), None without decisions."""
        return game_accuracy([j.loss for j in self.of_seat(seat)])

    def marked(self, seat: int | None = None) -> tuple[Judgement, ...]:
        """The marked decisions (of one seat, or of every reviewed seat), in the game's order."""
        return tuple(
            j
            for j in self.judgements
            if (seat is None or j.seat == seat) and mark(j) is not Mark.NONE
        )

    def curve(self, side: int) -> tuple[tuple[int, float], ...]:
        """A side's winning chance over the game, as (move number, chance 0-1): after each of
        its reviewed decisions, the chance of the action taken (from its own view), then the
        result at the last move."""
        points = [(j.number, j.chance_taken) for j in self.judgements if side_of(j.seat) == side]
        points.append((len(self.record.moves), 1.0 if self.winner == side else 0.0))
        return tuple(points)


def mark(judgement: Judgement) -> Mark:
    """A judgement's mark: by the chance it gave up, a blunder when the engine flags it."""
    return mark_of(judgement.loss, sure_flag=judgement.sure_flag)


def all_seats(record: GameRecord) -> tuple[int, ...]:
    """Every seat of the record's game, green's first."""
    return tuple(seat for side in (0, 1) for seat in seats_of(side, record.players))


def decisions_of(
    record: GameRecord, seats: tuple[int, ...] | None, rules: Rules
) -> tuple[tuple[Decision, ...], int]:
    """Each step of the game where a reviewed seat (every seat for None) had more than one
    legal action, with that seat's own view at that step; and the side that won.

    Raises ReplayError if the record does not replay, ValueError if it is not finished.
    """
    wanted = set(all_seats(record) if seats is None else seats)
    state = record.start(rules)
    found: list[Decision] = []
    for step in replay_steps(state, record.moves):
        seat = state.to_act
        if seat is not None and seat in wanted:
            view = player_view(state, seat)
            if len(view.legal) > 1:
                found.append(Decision(step.number, seat, view, step.action))
        state = step.state
    if state.result is None:
        raise ValueError("the game is not finished")
    return tuple(found), state.result.winner


class _WithDescriptor:
    """A stream that writes where `stream` does but names a real file descriptor (Textual's
    captured stderr names -1, which multiprocessing cannot hand to the process it starts)."""

    def __init__(self, stream: TextIO, fd: int) -> None:
        """Write to `stream`, name `fd`."""
        self.stream = stream
        self.fd = fd

    def write(self, text: str) -> int:
        """Written to the stream."""
        return self.stream.write(text)

    def flush(self) -> None:
        """Flushed to the stream."""
        self.stream.flush()

    def fileno(self) -> int:
        """The descriptor the started process inherits (the null device)."""
        return self.fd


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker once, with a stderr it can inherit, if this
    process's stderr has no real descriptor (inside the app)."""
    from multiprocessing import resource_tracker

    try:
        real = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        real = False
    if real:
        return
    null = os.open(os.devnull, os.O_WRONLY)
    stream = sys.stderr
    try:
        sys.stderr = _WithDescriptor(stream, null)
        resource_tracker.ensure_running()
    finally:
        sys.stderr = stream
        os.close(null)


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes: forked from this one when it runs no other thread (the command line:
    nothing to import again), else started from a fresh server (the app's threads may hold
    locks a forked child would inherit)."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    method = "fork" if threading.active_count() == 1 else "forkserver"
    _start_tracker()
    context = get_context(method)
    if method == "forkserver":  # the server imports the judging code once, its workers have it
        context.set_forkserver_preload(list(PRELOADED))
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def judge_all(
    decisions: tuple[Decision, ...],
    budget: ReviewBudget,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> tuple[Judgement, ...]:
    """Judge every decision, one task each on `workers` processes (every core by default; 1:
    in this process), in the decisions' order; ReviewCancelled once `cancel` is set (at once
    on worker processes, which are ended; in this process after the decision being judged)."""
    count = workers or os.cpu_count() or 1
    total = len(decisions)
    if progress is not None:
        progress(0, total)
    if count <= 1 or total <= 1:
        out: list[Judgement] = []
        for decision in decisions:
            if cancel is not None and cancel.is_set():
                raise ReviewCancelled
            out.append(judge(decision, budget))
            if progress is not None:
                progress(len(out), total)
        return tuple(out)
    from concurrent.futures import FIRST_COMPLETED, wait

    results: dict[int, Judgement] = {}
    pool = _pool(min(count, total))
    finished = False
    try:
        pending: set[Future[Judgement]] = {pool.submit(judge_task, d, budget) for d in decisions}
        while pending:
            done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                found = future.result()
                results[found.number] = found
            if done and progress is not None:
                progress(len(results), total)
            if cancel is not None and cancel.is_set():
                raise ReviewCancelled
        finished = True
    finally:
        if not finished:  # cancelled, interrupted or failed: the workers end now
            _stop(pool)
        pool.shutdown(wait=finished, cancel_futures=True)
    return tuple(results[d.number] for d in decisions)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a cancelled review's worker processes now (a decision being judged would otherwise
    run to its end, and the program's exit would wait for it)."""
    processes = getattr(pool, "_processes", None) or {}  # no public way before Python 3.14
    for process in list(processes.values()):
        process.terminate()


def review_game(
    record: GameRecord,
    seats: tuple[int, ...] | None,
    budget: ReviewBudget,
    *,
    rules: Rules,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """The review of a finished game for `seats` (every seat for None), judged on every core."""
    decisions, winner = decisions_of(record, seats, rules)
    judged = judge_all(decisions, budget, workers=workers, progress=progress, cancel=cancel)
    chosen = all_seats(record) if seats is None else tuple(sorted(set(seats)))
    return Review(record, chosen, budget, judged, winner)


def team_game(review: Review) -> bool:
    """Whether the reviewed game was played in teams."""
    return is_team_game(review.record.players)
