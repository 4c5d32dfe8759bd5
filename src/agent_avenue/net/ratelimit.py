"""A token bucket: a burst of messages is fine, a flood is refused."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["RateLimit"]


class RateLimit:
    """Allows `burst` messages at once and `rate` per second after that."""

    __slots__ = ("_clock", "_last", "_tokens", "burst", "rate")

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        """A full bucket."""
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def _refill(self) -> None:
        """Add the tokens the time since the last reading brought."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now

    def allow(self) -> bool:
        """Whether one more message may be handled now (it uses up one token if so)."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def available(self) -> bool:
        """Whether a message would be allowed now (using up nothing)."""
        self._refill()
        return self._tokens >= 1.0

    def full(self) -> bool:
        """Whether the bucket has refilled to its burst."""
        self._refill()
        return self._tokens >= self.burst
