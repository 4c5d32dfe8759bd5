"""Spectators coming and going, told to the host's operator as counts: one line per few seconds
at most, however many come (a line each would flood the terminal)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from agent_avenue.i18n import t

SUMMARY_INTERVAL = 5.0
"""Seconds between two lines about spectators, at least."""

Later = Callable[[float, Callable[[], None]], object]
"""Run a function after some seconds (the event loop's call_later, or a test's)."""

__all__ = ["SUMMARY_INTERVAL", "SpectatorTally"]


def _call_later(delay: float, callback: Callable[[], None]) -> object:
    """The running event loop's call_later."""
    return asyncio.get_running_loop().call_later(delay, callback)


class SpectatorTally:
    """Counts spectators' joins and leaves and tells them at most once per `interval`."""

    def __init__(
        self,
        notice: Callable[[str], None],
        interval: float = SUMMARY_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
        later: Later = _call_later,
    ) -> None:
        """Nothing told yet: the first change is told at once."""
        self.notice = notice
        self.interval = interval
        self._clock = clock
        self._later = later
        self._joined = 0
        self._left = 0
        self._watching = 0
        self._last: float | None = None
        self._pending = False

    def __repr__(self) -> str:
        return f"SpectatorTally(joined={self._joined}, left={self._left})"

    def joined(self, watching: int) -> None:
        """A spectator came; `watching` now."""
        self._joined += 1
        self._changed(watching)

    def left(self, watching: int) -> None:
        """A spectator went; `watching` now."""
        self._left += 1
        self._changed(watching)

    def _changed(self, watching: int) -> None:
        """Tell now if the last line is old enough, else once it is."""
        self._watching = watching
        if self._pending:
            return
        now = self._clock()
        wait = 0.0 if self._last is None else self._last + self.interval - now
        if wait <= 0:
            self.flush()
        else:
            self._pending = True
            self._later(wait, self.flush)

    def flush(self) -> None:
        """Tell what changed since the last line (nothing if nothing did)."""
        self._pending = False
        if not self._joined and not self._left:
            return
        self.notice(
            t("net.host.spectators", joined=self._joined, left=self._left, watching=self._watching)
        )
        self._joined = self._left = 0
        self._last = self._clock()
