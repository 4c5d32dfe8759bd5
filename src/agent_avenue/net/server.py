"""The game server: WebSocket connections in, each routed to its room, every message checked.

One asyncio loop holds every room. A message is bounded in size, decoded and validated at the
edge (net/protocol.py), and rate-limited per connection; whatever a client sends, the worst it
gets is an error message to itself, or its own connection closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from agent_avenue.engine import Rules
from agent_avenue.net.errors import Refused, error_message
from agent_avenue.net.hosted import HostedRoom, Notice, stderr_notice
from agent_avenue.net.peer import POLICY_VIOLATION, Peer
from agent_avenue.net.protocol import (
    MAX_CLIENT_MESSAGE,
    TRANSPORT_LIMIT,
    ActionMsg,
    Hello,
    Ping,
    Pong,
    ProtocolError,
    decode_client,
)
from agent_avenue.net.ratelimit import RateLimit
from agent_avenue.net.room import Room

RATE = 20.0
"""Messages per second a connection may send, once its burst is used."""
BURST = 40
FLOOD_LIMIT = 2000
"""Refused messages (over the rate) after which a connection is closed."""
FAILED_HELLOS = 5
"""Refused hellos (wrong room code or token) after which a connection is closed."""
HELLO_TIMEOUT = 15.0
"""Seconds a new connection has to send its hello."""
MAX_CONNECTIONS = 2000
PING_INTERVAL = 10.0

__all__ = ["GameServer"]


class GameServer:
    """Rooms by code, and the WebSocket handler that serves them."""

    def __init__(
        self,
        rules: Rules,
        home: Path | str | None = None,
        *,
        autosave: bool = True,
        notice: Notice = stderr_notice,
        rate: float = RATE,
        burst: int = BURST,
        bot_override: str | None = None,
    ) -> None:
        """A server without rooms yet; `home` is the data folder for saves and the score sheet."""
        self.rules = rules
        self.home = home
        self.autosave = autosave
        self.notice = notice
        self.rate = rate
        self.burst = burst
        self.bot_override = bot_override
        self.rooms: dict[str, HostedRoom] = {}
        self._connections = 0

    def __repr__(self) -> str:
        return f"GameServer(rooms={len(self.rooms)}, connections={self._connections})"

    def add(self, room: Room) -> HostedRoom:
        """Serve one more room."""
        hosted = HostedRoom(
            room,
            self.rules,
            self.home,
            autosave=self.autosave,
            notice=self.notice,
            bot_override=self.bot_override,
        )
        self.rooms[room.config.code] = hosted
        return hosted

    async def listen(self, host: str, port: int) -> Server:
        """Start listening (port 0: any free port); the caller closes the returned server."""
        return await serve(
            self._handle,
            host,
            port,
            compression=None,
            max_size=TRANSPORT_LIMIT,
            max_queue=8,
            ping_interval=PING_INTERVAL,
            ping_timeout=PING_INTERVAL,
            process_request=self._check_request,
            server_header=None,
        )

    def _check_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Refuse new connections beyond the limit before the WebSocket handshake."""
        if self._connections >= MAX_CONNECTIONS:
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "Too many connections.\n")
        return None

    async def _handle(self, connection: ServerConnection) -> None:
        """Serve one connection until it closes."""
        self._connections += 1
        peer = Peer(connection)
        try:
            await self._serve_peer(peer)
        except ConnectionClosed:
            pass
        finally:
            self._connections -= 1
            if peer.room_code is not None:
                await self.rooms[peer.room_code].leave(peer)
            await peer.stop()

    async def _serve_peer(self, peer: Peer) -> None:
        """Read a connection's messages one by one (the first within HELLO_TIMEOUT)."""
        limit = RateLimit(self.rate, self.burst)
        connection = peer.connection
        try:
            first = await asyncio.wait_for(connection.recv(), HELLO_TIMEOUT)
        except TimeoutError:
            await connection.close(POLICY_VIOLATION, "no hello")
            return
        await self._on_message(peer, first, limit)
        async for data in connection:
            await self._on_message(peer, data, limit)

    async def _on_message(self, peer: Peer, data: str | bytes, limit: RateLimit) -> None:
        """One message: rate, decoding, then what it asks; a refusal goes back to its sender."""
        if not limit.allow():
            peer.flooded += 1
            if peer.flooded == 1 or peer.flooded % 100 == 0:
                peer.send(error_message(Refused("rate_limited")))
            if peer.flooded >= FLOOD_LIMIT:
                peer.close(POLICY_VIOLATION, "flood")
            return
        try:
            message = decode_client(data)
            await self._dispatch(peer, message)
        except ProtocolError as exc:
            peer.send(error_message(Refused(exc.code, limit=_limit_kib())))
        except Refused as refused:
            peer.send(error_message(refused))
            if refused.code in _HELLO_CODES:
                self._failed_hello(peer)

    def _failed_hello(self, peer: Peer) -> None:
        """Count a refused hello; too many close the connection (no guessing codes or tokens)."""
        if peer.room_code is not None:
            return
        peer.failures += 1
        if peer.failures >= FAILED_HELLOS:
            peer.send(error_message(Refused("too_many_failures")))
            peer.close(POLICY_VIOLATION, "too many failures")

    async def _dispatch(self, peer: Peer, message: Hello | ActionMsg | Ping) -> None:
        """Do what a valid message asks (Refused when it may not)."""
        if isinstance(message, Ping):
            peer.send(Pong(nonce=message.nonce))
            return
        if isinstance(message, Hello):
            if peer.room_code is not None:
                raise Refused("already_joined")
            room = self.rooms.get(message.room.strip().upper())
            if room is None:
                raise Refused("no_room")
            await room.admit(peer, message)
            return
        if peer.room_code is None:
            raise Refused("hello_first")
        await self.rooms[peer.room_code].act(peer, message)

    async def close(self, servers: Iterable[Server] = ()) -> None:
        """Stop every room's computer players and close the listening servers."""
        for room in self.rooms.values():
            await room.close()
        for server in servers:
            server.close()
            with contextlib.suppress(Exception):
                await server.wait_closed()


_HELLO_CODES = frozenset(
    {"no_room", "bad_token", "version", "seat_in_use", "seat_taken", "room_full"}
)


def _limit_kib() -> int:
    """The message size limit in KiB, for the too_big sentence."""
    return MAX_CLIENT_MESSAGE // 1024
