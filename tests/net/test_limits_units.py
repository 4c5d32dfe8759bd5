"""The server's limits without sockets: who counts as one address, the guessing budget with a
fake clock, and a client that reads nothing (its queue, its stuck writes)."""

from __future__ import annotations

import asyncio
import dataclasses
from http import HTTPStatus
from typing import Any, cast

import pytest
from websockets.protocol import State

from agent_avenue.net import server
from agent_avenue.net.limits import AddressBook, address_key
from agent_avenue.net.peer import QUEUE_LIMIT, Peer


@pytest.mark.parametrize(
    ("remote", "key"),
    [
        (("192.0.2.7", 5555), "192.0.2.7"),
        (("2001:db8:1:2:aaaa::1", 5555, 0, 0), "2001:db8:1:2::/64"),
        (("2001:db8:1:2:bbbb::9", 5555, 0, 0), "2001:db8:1:2::/64"),
        (("::ffff:192.0.2.7", 5555, 0, 0), "192.0.2.7"),
        (None, "None"),
    ],
)
def test_an_address_is_an_ipv4_address_or_an_ipv6_64(remote: object, key: str) -> None:
    """A household's IPv6 /64 is one address: changing the last 64 bits gains nothing."""
    assert address_key(remote) == key


def test_the_guessing_budget_is_a_burst_then_a_few_a_minute() -> None:
    """Three wrong guesses use a burst of three; one comes back every 6 s at 10 a minute."""
    now = [0.0]
    limits = dataclasses.replace(server.server_limits(), guess_burst=3, guesses_per_minute=10)
    book = AddressBook(limits, clock=lambda: now[0])
    for _ in range(3):
        assert not book.backing_off("a")
        book.wrong_secret("a")
    assert book.backing_off("a") and not book.backing_off("b")
    assert book.refusal("a") == HTTPStatus.TOO_MANY_REQUESTS and book.refusal("b") is None
    now[0] += 5.9
    assert book.backing_off("a")
    now[0] += 0.2
    assert not book.backing_off("a")


class _Stuck:
    """A connection whose client reads nothing: its buffers are full, a send never completes."""

    def __init__(self) -> None:
        self.closed_with: tuple[int, str] | None = None
        self.aborted = False
        self.transport = self
        self.protocol = self
        self.state = State.OPEN
        self.paused = True
        self.sends = 0

    async def send(self, text: str) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = (code, reason)
        await asyncio.Event().wait()  # the closing handshake cannot get through either

    def abort(self) -> None:
        self.aborted = True


async def test_a_client_that_reads_nothing_is_closed_with_1008_once_256_messages_wait() -> None:
    """The documented rule: with QUEUE_LIMIT messages waiting, the next one closes the
    connection with 1008; its stuck close is then cut (the transport aborted)."""
    stuck = _Stuck()
    peer = Peer(cast(Any, stuck), "a", send_timeout=0.2)
    peer.send_text("first")
    await asyncio.sleep(0.05)  # the writer is stuck sending it
    for number in range(QUEUE_LIMIT):
        peer.send_text(f"message {number}")
    await asyncio.sleep(0.05)
    assert stuck.closed_with is None and stuck.sends == 1
    peer.send_text("one too many")
    await asyncio.sleep(0.05)
    assert stuck.closed_with == (1008, "too slow")
    async with asyncio.timeout(10):
        while not stuck.aborted:
            await asyncio.sleep(0.01)
    await peer.stop()


async def test_a_write_that_cannot_get_through_cuts_the_connection() -> None:
    """One message stuck past the send timeout: the connection is cut, not kept for ever."""
    stuck = _Stuck()
    peer = Peer(cast(Any, stuck), "a", send_timeout=0.2)
    peer.send_text("hello")
    async with asyncio.timeout(10):
        await peer.closed()
    assert stuck.aborted and stuck.sends == 1
    await peer.stop()
