"""The meeples of a reveal walking the board space by space, one step per tick of a timer."""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

from agent_avenue.engine import Event, EventKind, PlayerView, space_of
from agent_avenue.ui.widgets import BoardRing

MOVING_KINDS = frozenset({EventKind.RECRUIT, EventKind.MOVE, EventKind.HOME_BOOST})


def movement_frames(
    start: tuple[int, int], homes: tuple[int, int], events: tuple[Event, ...]
) -> list[tuple[int, int]]:
    """Board positions step by step for the moves among `events`; both sides move together."""
    paths: list[list[int]] = [[], []]
    for event in events:
        if event.kind in MOVING_KINDS and event.start != event.end:
            step = 1 if event.end > event.start else -1
            paths[event.side].extend(range(event.start + step, event.end + step, step))
    frames: list[tuple[int, int]] = []
    current = list(start)
    for i in range(max(len(paths[0]), len(paths[1]))):
        for side in (0, 1):
            if i < len(paths[side]):
                current[side] = space_of(homes[side], paths[side][i])
        frames.append((current[0], current[1]))
    return frames


class MeepleWalk:
    """Moves the board's meeples through their frames on a timer of `owner` (the table), and
    calls `arrived` once they stand where the reveal's view says (or were sent there)."""

    def __init__(
        self, owner: MessagePump, board: Callable[[], BoardRing], arrived: Callable[[], None]
    ) -> None:
        self.owner = owner
        self.board = board
        """The board shown now (the table may have been composed again since the start)."""
        self.arrived = arrived
        self._timer: Timer | None = None
        self._frames: list[tuple[int, int]] = []

    def reveal(
        self, before: PlayerView, after: PlayerView, events: tuple[Event, ...], delay: float
    ) -> None:
        """Walk the meeples from where `before` has them through the moves of `events`, a
        space every `delay` seconds (none: arrived at once, after the next refresh)."""
        start = (before.sides[0].position, before.sides[1].position)
        homes = (after.sides[0].home, after.sides[1].home)
        frames = movement_frames(start, homes, events)
        if delay <= 0 or not frames:
            self.owner.call_after_refresh(self.arrived)
            return
        self.start(start, frames, delay)

    def start(self, start: tuple[int, int], frames: list[tuple[int, int]], delay: float) -> None:
        """Put the meeples on `start`, then one frame every `delay` seconds."""
        self.board().show_positions(start)
        self._frames = frames
        self._timer = self.owner.set_interval(delay, self._step)

    def _step(self) -> None:
        if not self._frames:
            self.end()
            return
        self.board().show_positions(self._frames.pop(0))
        if not self._frames:
            self.end()

    def end(self) -> None:
        """The meeples stop where they are going, and the walk says it has arrived."""
        self.stop()
        self.arrived()

    def stop(self) -> None:
        """Stop the timer, the meeples put where they are going (nothing said)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._frames:
            self.board().show_positions(self._frames[-1])
            self._frames = []


__all__ = ["MOVING_KINDS", "MeepleWalk", "movement_frames"]
