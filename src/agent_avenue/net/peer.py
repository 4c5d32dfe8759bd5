"""One client connection on the server: an outgoing queue drained by its own writer task.

Sending never waits on the client: a client that stops reading fills its own queue and is
disconnected, so it cannot hold up the other players of its room. Every write and the closing
handshake have a deadline: past it the connection is cut, never left hanging. A message for a
client with nothing waiting and room in its buffers is written at once, without waking its
writer: a move watched by a thousand spectators costs a thousand writes, not task switches.
"""

from __future__ import annotations

import asyncio
import contextlib

from pydantic import BaseModel
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from agent_avenue.net.protocol import encode
from agent_avenue.net.room import Attendee

QUEUE_LIMIT = 256
"""Messages waiting for one client before it counts as gone (a game step sends one or two)."""
POLICY_VIOLATION = 1008
UNSUPPORTED_DATA = 1003

__all__ = ["POLICY_VIOLATION", "QUEUE_LIMIT", "UNSUPPORTED_DATA", "Peer"]


class Peer:
    """A connected client: where it sits (once joined) and what waits to be sent to it."""

    def __init__(
        self, connection: ServerConnection, address: str = "", send_timeout: float = 10.0
    ) -> None:
        """Start the writer task of a new connection from `address` (its AddressBook key)."""
        self.connection = connection
        self.address = address
        self.send_timeout = send_timeout
        self.attendee: Attendee | None = None
        self.room_code: str | None = None
        self.failures = 0
        self.flooded = 0
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)
        self._close_code: tuple[int, str] = (1000, "")
        self._closing: asyncio.Task[None] | None = None
        self._sending = False
        self.gone = False
        self._writer = asyncio.create_task(self._write())

    def __repr__(self) -> str:
        return f"Peer(room_joined={self.room_code is not None})"

    def send(self, message: BaseModel) -> None:
        """Queue a message for this client; a client too slow to keep up is disconnected."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send an already encoded message: at once if nothing waits before it, else queued
        (nothing once the connection is over)."""
        if self.gone:
            return
        if self._queue.empty() and not self._sending and self._write_now(text):
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(POLICY_VIOLATION, "too slow")

    def _write_now(self, text: str) -> bool:
        """Hand one message to the connection's buffers now, if they have room (as the
        library's broadcast does); False if it must wait its turn in the queue."""
        connection = self.connection
        if self._closing is not None or connection.protocol.state is not State.OPEN:
            return False
        if connection.paused:  # the buffers are full: the writer waits for room
            return False
        try:
            connection.protocol.send_text(text.encode("utf-8"))
            connection.send_data()
        except Exception:  # the connection is going: the writer will find out
            return False
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once what is queued has been sent (never waits)."""
        self._close_code = (code, reason)
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:  # too much waits already: close at once
            if self._closing is None:
                self._closing = asyncio.create_task(self._shut(code, reason))

    async def closed(self) -> None:
        """Wait until the writer has closed the connection (after a `close()`)."""
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(self._writer)

    async def _write(self) -> None:
        """Send queued messages in order until the connection closes."""
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    await self._shut(*self._close_code)
                    return
                self._sending = True
                async with asyncio.timeout(self.send_timeout):
                    await self.connection.send(text)
                self._sending = False
        except ConnectionClosed:
            return
        except TimeoutError:  # the client reads nothing and every buffer is full
            self.connection.transport.abort()

    async def _shut(self, code: int, reason: str) -> None:
        """The closing handshake, cut short if the client does not take part in time."""
        try:
            async with asyncio.timeout(self.send_timeout):
                await self.connection.close(code, reason)
        except TimeoutError:
            self.connection.transport.abort()

    async def stop(self) -> None:
        """Stop the writer (the connection is over)."""
        self.gone = True
        self._writer.cancel()
        if self._closing is not None:
            self._closing.cancel()
        for task in (self._writer, self._closing):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
