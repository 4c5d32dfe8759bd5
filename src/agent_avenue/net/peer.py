"""One client connection on the server: an outgoing queue drained by its own writer task.

Sending never waits on the client: a client that stops reading fills its own queue and is
disconnected, so it cannot hold up the other players of its room.
"""

from __future__ import annotations

import asyncio
import contextlib

from pydantic import BaseModel
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from agent_avenue.net.protocol import encode
from agent_avenue.net.room import Attendee

QUEUE_LIMIT = 256
"""Messages waiting for one client before it counts as gone (a game step sends one or two)."""
POLICY_VIOLATION = 1008

__all__ = ["Peer"]


class Peer:
    """A connected client: where it sits (once joined) and what waits to be sent to it."""

    def __init__(self, connection: ServerConnection) -> None:
        """Start the writer task of a new connection."""
        self.connection = connection
        self.attendee: Attendee | None = None
        self.room_code: str | None = None
        self.failures = 0
        self.flooded = 0
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)
        self._close_code: tuple[int, str] = (1000, "")
        self._closing: asyncio.Task[None] | None = None
        self._writer = asyncio.create_task(self._write())

    def __repr__(self) -> str:
        return f"Peer(room_joined={self.room_code is not None})"

    def send(self, message: BaseModel) -> None:
        """Queue a message for this client; a client too slow to keep up is disconnected."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue an already encoded message."""
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(POLICY_VIOLATION, "too slow")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once what is queued has been sent (never waits)."""
        self._close_code = (code, reason)
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:  # too much waits already: close at once
            if self._closing is None:
                self._closing = asyncio.create_task(self.connection.close(code, reason))

    async def _write(self) -> None:
        """Send queued messages in order until the connection closes."""
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    code, reason = self._close_code
                    await self.connection.close(code, reason)
                    return
                await self.connection.send(text)
        except ConnectionClosed:
            return

    async def stop(self) -> None:
        """Stop the writer (the connection is over)."""
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
