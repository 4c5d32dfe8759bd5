"""A room's spectators: what is sent to all of them goes out in order from one task, a chunk at
a time, so that a crowd watching never holds up the next move or its players."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from agent_avenue.net.peer import Peer

CHUNK = 64
"""Spectators written to before the task lets the event loop do anything else (a move)."""

__all__ = ["Audience"]


class Audience:
    """Messages for every spectator of a room, each for the spectators there were when it was
    sent (one who joins later gets the room as it is then, from the room itself)."""

    def __init__(self, chunk: int = CHUNK) -> None:
        """Nothing to send yet."""
        self.chunk = chunk
        self._items: deque[tuple[str, tuple[Peer, ...]]] = deque()
        self._task: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        return f"Audience(waiting={len(self._items)})"

    def send(self, text: str, peers: tuple[Peer, ...]) -> None:
        """Send `text` to `peers` after every message sent to spectators before it."""
        if not peers:
            return
        self._items.append((text, peers))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        """Write the waiting messages in order, yielding after every chunk of spectators."""
        while self._items:
            text, peers = self._items.popleft()
            for number, peer in enumerate(peers, 1):
                peer.send_text(text)
                if number % self.chunk == 0:
                    await asyncio.sleep(0)

    async def settle(self) -> None:
        """Wait until everything sent so far has been handed to the spectators' connections."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def close(self) -> None:
        """Stop sending (the server is stopping)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
