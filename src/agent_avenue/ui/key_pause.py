"""The short pause before a privacy question can be answered, counted down on screen so a held
Enter cannot answer it and the players see when it can."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

from agent_avenue.i18n import t

__all__ = ["DEFAULT_DELAY", "TICK", "KeyPause", "ready_in"]

TICK = 0.1
"""Seconds between two updates of the countdown."""
DEFAULT_DELAY = 0.7
"""Seconds a handoff ignores keys after it appears."""


def now() -> float:
    """The clock the pauses count on (tests replace it to stop time)."""
    return time.monotonic()


def ready_in(seconds: float) -> str:
    """The countdown's line: "Ready in 0.6 s" (the decimal mark of the language in use)."""
    tenths = math.ceil(round(max(seconds, 0.0) * 10, 6)) / 10  # never "0.0" before it is over
    number = f"{tenths:.1f}".replace(".", t("simulate.decimal_mark"))
    return t("handoff.ready_in", seconds=number)


class KeyPause:
    """Counts down `delay` seconds on `owner`'s timers: `show` gets the seconds left every
    tick, `armed` is called once when the pause is over (at once when there is none)."""

    def __init__(
        self,
        owner: MessagePump,
        delay: float,
        show: Callable[[float], None],
        armed: Callable[[], None],
    ) -> None:
        """A pause not started yet."""
        self.owner = owner
        self.delay = delay
        self.show = show
        self.armed = armed
        self.over = False
        self._end = 0.0
        self._timer: Timer | None = None

    def start(self) -> None:
        """Begin the pause (or end it at once when `delay` is not positive)."""
        if self.over or self._timer is not None:
            return
        if self.delay <= 0:
            self._finish()
            return
        self._end = now() + self.delay
        self.show(self.delay)
        self._timer = self.owner.set_interval(TICK, self._tick)

    def left(self) -> float:
        """Seconds until the pause is over (0 once it is)."""
        return 0.0 if self.over else max(self._end - now(), 0.0)

    def _tick(self) -> None:
        left = self.left()
        if left <= 0:
            self._finish()
        else:
            self.show(left)

    def _finish(self) -> None:
        self.stop()
        if not self.over:
            self.over = True
            self.armed()

    def stop(self) -> None:
        """No more ticks (the screen goes away, or the pause is over)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
