"""The cycle collector held back while the program answers the players, and run while it waits
for them: a collection (20-40 ms at 160x45) no longer falls inside a change of screen."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from agent_avenue.support.collector import collect_due

__all__ = ["BUSY_YOUNG", "IDLE_YOUNG", "QUIET", "TICK", "IdleCollector"]

QUIET = 0.2
"""Seconds after the players' last key (or click, or resize) before a collection may run: a
change of screen is drawn within it (at most about 150 ms at 160x45), and a player's next key
comes later (0.5 s held back every key in a row into the busy limit's larger collections)."""
TICK = 0.05
"""Seconds between two looks at whether a collection is due."""
IDLE_YOUNG = 2_000
"""Allocations after which a young collection is made once the program is quiet (a smaller one
is not worth a look)."""
BUSY_YOUNG = 100_000
"""Allocations after which a young collection is made even while the players keep the program
busy (keys pressed in a row, the computer thinking): memory stays bounded whatever they do.
Twice Python's threshold as tuned (support/collector.py): such a collection takes about 40 ms,
and a busier program would make each one longer rather than fewer."""


class IdleCollector:
    """Holds automatic collections from `start` to `stop`; `tick` makes the ones due."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        """A collector reading the time from `clock` (tests give their own)."""
        self._clock = clock
        self._last_input = float("-inf")
        self._held = False

    def start(self) -> None:
        """Hold Python's automatic collections (an app's mount)."""
        if gc.isenabled():
            gc.disable()
            self._held = True

    def stop(self) -> None:
        """Give collections back to Python (the app's end), as they were before `start`."""
        if self._held:
            gc.enable()
            self._held = False

    def input(self) -> None:
        """The players did something: the program is busy answering them."""
        self._last_input = self._clock()

    def tick(self) -> int | None:
        """Make the collection due now, if any: the generation collected, or None."""
        if not self._held:
            return None
        quiet = self._clock() - self._last_input >= QUIET
        return collect_due(IDLE_YOUNG if quiet else BUSY_YOUNG)
