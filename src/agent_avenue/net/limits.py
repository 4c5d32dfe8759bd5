"""What one server allows: its numbers in one place, and who is knocking (per address).

The numbers are docs/protocol.md's; `AddressBook` counts each address's connections and its
wrong secrets (room codes, tokens), so that one machine can neither fill the server nor guess.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus

from agent_avenue.net.ratelimit import RateLimit

MAX_TRACKED = 10_000
"""Addresses whose wrong secrets are remembered at once (the oldest are forgotten first)."""

__all__ = ["AddressBook", "Limits", "address_key"]


@dataclass(frozen=True, slots=True)
class Limits:
    """Every limit of a server (net/server.py's constants by default; tests use small ones)."""

    max_connections: int
    per_address: int
    hello_timeout: float
    failed_hellos: int
    guess_burst: int
    guesses_per_minute: float
    ping_interval: float
    ping_timeout: float
    close_timeout: float
    send_timeout: float
    rate: float
    burst: int
    flood_limit: int


def address_key(remote: object) -> str:
    """Who a connection counts as: its IPv4 address, or its IPv6 /64 (one household's share)."""
    host = remote[0] if isinstance(remote, tuple) and remote else remote
    try:
        ip = ipaddress.ip_address(str(host))
    except ValueError:
        return str(host)[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class AddressBook:
    """Connections open per address, and a budget of wrong secrets that refills slowly."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        """No address known yet."""
        self.limits = limits
        self._clock = clock
        self._open: dict[str, int] = {}
        self._total = 0
        self._guesses: OrderedDict[str, RateLimit] = OrderedDict()

    def __repr__(self) -> str:
        return f"AddressBook(addresses={len(self._open)}, guessing={len(self._guesses)})"

    @property
    def total(self) -> int:
        """Connections open now, from every address."""
        return self._total

    def refusal(self, key: str) -> HTTPStatus | None:
        """Why a new connection from `key` is refused now, or None."""
        if self._total >= self.limits.max_connections:
            return HTTPStatus.SERVICE_UNAVAILABLE
        if self._open.get(key, 0) >= self.limits.per_address or self.backing_off(key):
            return HTTPStatus.TOO_MANY_REQUESTS
        return None

    def opened(self, key: str) -> None:
        """One more connection from `key`."""
        self._open[key] = self._open.get(key, 0) + 1
        self._total += 1

    def closed(self, key: str) -> None:
        """One connection from `key` is over."""
        left = self._open.get(key, 0) - 1
        self._total -= 1
        if left > 0:
            self._open[key] = left
        else:
            self._open.pop(key, None)

    def wrong_secret(self, key: str) -> None:
        """`key` sent a room code or a token that opens nothing: one guess of its budget."""
        bucket = self._guesses.get(key)
        if bucket is None:
            rate = self.limits.guesses_per_minute / 60.0
            bucket = RateLimit(rate, self.limits.guess_burst, clock=self._clock)
            self._guesses[key] = bucket
            self._forget_some()
        self._guesses.move_to_end(key)
        bucket.allow()

    def backing_off(self, key: str) -> bool:
        """Whether `key` has used up its guesses: its hellos are refused unread for now."""
        bucket = self._guesses.get(key)
        return bucket is not None and not bucket.available()

    def _forget_some(self) -> None:
        """Keep the book bounded: drop refilled budgets, then the oldest."""
        if len(self._guesses) <= MAX_TRACKED:
            return
        for key in [k for k, bucket in self._guesses.items() if bucket.full()]:
            del self._guesses[key]
        while len(self._guesses) > MAX_TRACKED:
            self._guesses.popitem(last=False)
