"""The computer's seats in the app: one bot per seat, thinking in a worker thread from that
seat's view only, and its answer checked against the game before it is played."""

from __future__ import annotations

import random
import time
from functools import partial
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState

from agent_avenue.play.seats import SeatKinds, bot_kind, bot_level, bot_seats

if TYPE_CHECKING:
    from textual.app import App

    from agent_avenue.bots import Bot
    from agent_avenue.engine import Action, PlayerView

SEED_LIMIT = 2**31
BOTS = "bots"
"""The worker group in which the computer thinks (one decision at a time)."""
BOT_PAUSE = 0.3
"""Seconds the computer seems to think at least, so the players see whose turn it is."""

__all__ = ["BOTS", "BOT_PAUSE", "ComputerSeats", "bot_decision", "bot_seed"]


def bot_seed(seed: int, moves: int, seat: int) -> int:
    """The computer's random seed for one decision: the same game and move give the same seed."""
    return random.Random(f"bot-{seed}-{moves}-{seat}").randrange(SEED_LIMIT)


def bot_decision(bot: Bot, view: PlayerView, seed: int, pause: float) -> Action:
    """The computer's action, from its own seat's view only (run in a worker thread).

    It takes at least `pause` seconds, so a quick answer still shows the thinking indicator.
    """
    from agent_avenue.bots import think

    started = time.monotonic()
    action = think(bot, view, seed)
    rest = pause - (time.monotonic() - started)
    if rest > 0:
        time.sleep(rest)
    return action


class ComputerSeats:
    """The bots of a game and the one decision the computer may be making."""

    def __init__(self) -> None:
        """No computer seats yet."""
        self.bots: dict[int, Bot] = {}
        self.override: str | None = None
        """A bot spec that plays every computer seat instead of its level (tests: a fast one)."""
        self.pause = BOT_PAUSE
        """Seconds the computer seems to think at least (tests set 0)."""
        self._worker: Worker[Action] | None = None
        self._turn_of: tuple[int, int] | None = None
        """The seat the computer thinks for and the number of moves played when it started."""
        self._starting: object | None = None
        """The decision whose search waits for the next frame to start (see `think`)."""

    def __contains__(self, seat: object) -> bool:
        """Whether the computer plays `seat`."""
        return seat in self.bots

    def make(self, kinds: SeatKinds) -> None:
        """One computer player per computer seat of `kinds` (none for people)."""
        self.cancel()
        seats = bot_seats(kinds)
        if not seats:
            self.bots = {}
            return
        from agent_avenue.bots import make_bot

        self.bots = {
            seat: make_bot(self.override or bot_kind(bot_level(kinds[seat]))) for seat in seats
        }

    def cancel(self) -> None:
        """Forget a decision the computer is still making (its answer will be ignored)."""
        worker = self._worker
        self._worker = None
        self._turn_of = None
        self._starting = None
        if worker is not None:
            worker.cancel()

    def thinking_about(self, seat: int, moves: int) -> bool:
        """Whether the computer already thinks about this very decision."""
        busy = self._worker is not None or self._starting is not None
        return self._turn_of == (seat, moves) and busy

    @property
    def starting(self) -> bool:
        """Whether a decision waits for the next frame to start its search."""
        return self._starting is not None

    def think(self, app: App[int], seat: int, view: PlayerView, seed: int, moves: int) -> None:
        """Start deciding for `seat` in a worker thread (`view` is all the computer gets: never
        the game state); `seed` and `moves` make the decision repeatable."""
        decide = partial(
            bot_decision, self.bots[seat], view, bot_seed(seed, moves, seat), self.pause
        )
        self._turn_of = (seat, moves)
        self._worker = None
        token = self._starting = object()

        def start() -> None:
            if self._starting is not token:
                return  # cancelled, or another decision started meanwhile
            self._starting = None
            self._worker = app.run_worker(
                decide,
                name=f"bot-{seat}",
                group=BOTS,
                thread=True,
                exclusive=True,
                exit_on_error=False,
            )

        # The search holds the interpreter nearly all the time it runs, and the screen is
        # drawn in the same process: started at once, it delayed the screen saying that the
        # computer thinks (after an offer, up to 0.44 s at 80x24 in feel.py, against 0.04 s
        # now). It starts once that screen is on the terminal.
        app.call_after_refresh(start)

    def answered(
        self, worker: Worker[Action], state: WorkerState
    ) -> tuple[int, int, Action | None] | None:
        """The seat, the move count and the action of a finished decision (None as action: the
        search failed), or None if the answer is stale or the worker not done."""
        if worker is not self._worker or state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return None
        turn_of = self._turn_of
        self._worker = None
        self._turn_of = None
        if turn_of is None:
            return None
        action = worker.result if state is WorkerState.SUCCESS else None
        return turn_of[0], turn_of[1], action
