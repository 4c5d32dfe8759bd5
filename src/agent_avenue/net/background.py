"""A game server in a background thread of this process (`agent-avenue host --seat`: the
host's own table runs in front, on the main thread's event loop)."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from agent_avenue.engine import Rules
from agent_avenue.net.hosting import write_room_file
from agent_avenue.net.server import GameServer

if TYPE_CHECKING:
    from agent_avenue.net.room import Room

START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0

__all__ = ["BackgroundServer"]


class BackgroundServer:
    """One room served from its own thread and event loop until `close()`."""

    def __init__(self, rules: Rules, room: Room, bind: str, port: int) -> None:
        """A server for `room`, not started yet; it will listen on `bind`:`port`."""
        self.rules = rules
        self.room = room
        self.bind = bind
        self.port = port
        self.error: OSError | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="game-server", daemon=True)

    def __repr__(self) -> str:
        return f"BackgroundServer(bind={self.bind!r}, port={self.port})"

    def start(self) -> int:
        """Start serving; the port it listens on (OSError if it cannot listen)."""
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            raise OSError("the server did not start")
        if self.error is not None:
            raise self.error
        return self.port

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except OSError as exc:
            self.error = exc
            self._ready.set()

    async def _serve(self) -> None:
        """Listen, say so, and serve until asked to stop; its notices are not printed (the
        host's table has the terminal)."""
        server = GameServer(self.rules, None, notice=lambda _: None)
        server.add(self.room)
        write_room_file(self.room, None)
        listening = await server.listen(self.bind, self.port)
        if listening.sockets:
            self.port = int(listening.sockets[0].getsockname()[1])
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        await server.close([listening])

    def close(self) -> None:
        """Stop serving and wait for the thread (at most a few seconds)."""
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(STOP_TIMEOUT)
