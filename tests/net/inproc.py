"""A game server in the test's own process on 127.0.0.1, and raw WebSocket clients for it.

Raw clients send exactly the bytes a test names and read every message, so a test can count
what the server sends; every wait has a deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from agent_avenue import storage
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode
from agent_avenue.net.client import server_url
from agent_avenue.net.hosted import HostedRoom
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.server import GameServer

LOOPBACK = "127.0.0.1"
OTHER_LOOPBACK = "127.0.0.2"
"""Another address of this machine: a second "machine" for the per-address limits."""
WAIT = 20.0
RULES = default_rules()


@contextlib.asynccontextmanager
async def serving(
    home: Path,
    *,
    players: int = 2,
    spectators: bool = False,
    notice: Callable[[str], None] | None = None,
    **server_options: Any,
) -> AsyncIterator[tuple[GameServer, HostedRoom, int]]:
    """A server with one room of humans (no autosave); the server, its room and its port."""
    config = RoomConfig(
        code=new_room_code(),
        save_id=storage.new_save_id(),
        mode=Mode.SIMPLE,
        players=players,
        seed=3,
        first=0,
        kinds=("human",) * players,
        spectators=spectators,
    )
    server = GameServer(
        RULES, home, autosave=False, notice=notice or (lambda _: None), **server_options
    )
    hosted = server.add(Room(RULES, config))
    listening = await server.listen(LOOPBACK, 0)
    port = int(listening.sockets[0].getsockname()[1])
    try:
        yield server, hosted, port
    finally:
        await server.close([listening])


def hello(room: str, **fields: object) -> str:
    """A hello in version 1 with any other fields."""
    return json.dumps({"type": "hello", "version": 1, "room": room, **fields})


async def raw(port: int, source: str = LOOPBACK) -> ClientConnection:
    """A WebSocket connection from `source` (an address of this machine)."""
    return await connect(
        server_url(LOOPBACK, port),
        max_size=2**20,
        open_timeout=WAIT,
        proxy=None,
        local_addr=(source, 0),
    )


async def reply(connection: ClientConnection, data: str | bytes) -> dict[str, Any]:
    """Send one message and read the next one, as JSON."""
    await connection.send(data)
    value = json.loads(await asyncio.wait_for(connection.recv(), WAIT))
    assert isinstance(value, dict)
    return value


async def close_code(connection: ClientConnection, timeout: float = WAIT) -> int | None:
    """Read (and drop) messages until the server closes the connection; its close code.

    TimeoutError if it is still open after `timeout` seconds."""
    async with asyncio.timeout(timeout):
        try:
            while True:
                await connection.recv()
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None


async def eventually(check: Callable[[], bool], timeout: float = WAIT) -> None:
    """Wait until `check()` holds (polling; TimeoutError after `timeout` seconds)."""
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.02)
