"""The game server: WebSocket connections in, each routed to its room, every message checked.

One asyncio loop holds every room. A message is bounded in size, decoded and validated at the
edge (net/protocol.py), and rate-limited per connection; whatever a client sends, the worst it
gets is an error message to itself, or its own connection closed. A connection that has not
joined a room within HELLO_TIMEOUT is closed, whatever it sent; one address may hold only
PER_ADDRESS connections and make only a few wrong guesses (net/limits.py).
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
from agent_avenue.net.limits import AddressBook, Limits, address_key
from agent_avenue.net.peer import POLICY_VIOLATION, UNSUPPORTED_DATA, Peer
from agent_avenue.net.protocol import (
    MAX_CLIENT_MESSAGE,
    TRANSPORT_LIMIT,
    ActionMsg,
    Hello,
    Ping,
    Pong,
    ProtocolError,
    RematchMsg,
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
"""Refused hellos on one connection after which it is closed."""
GUESS_BURST = 20
GUESSES_PER_MINUTE = 10.0
"""Wrong room codes and tokens one address may send: a burst, then this many a minute."""
HELLO_TIMEOUT = 15.0
"""Seconds a new connection has to join a room (a valid hello accepted), whatever it sends."""
MAX_CONNECTIONS = 2000
PER_ADDRESS = 64
"""Connections at once from one IPv4 address or one IPv6 /64."""
PING_INTERVAL = 10.0
PING_TIMEOUT = 10.0
CLOSE_TIMEOUT = 2.0
"""Seconds the closing handshake may take before the connection is cut."""
SEND_TIMEOUT = 10.0
"""Seconds one message may wait for room in the connection's buffers before it is cut."""

__all__ = ["GameServer", "server_limits"]


def server_limits() -> Limits:
    """The limits this module's constants set (read when called)."""
    return Limits(
        max_connections=MAX_CONNECTIONS,
        per_address=PER_ADDRESS,
        hello_timeout=HELLO_TIMEOUT,
        failed_hellos=FAILED_HELLOS,
        guess_burst=GUESS_BURST,
        guesses_per_minute=GUESSES_PER_MINUTE,
        ping_interval=PING_INTERVAL,
        ping_timeout=PING_TIMEOUT,
        close_timeout=CLOSE_TIMEOUT,
        send_timeout=SEND_TIMEOUT,
        rate=RATE,
        burst=BURST,
        flood_limit=FLOOD_LIMIT,
    )


class GameServer:
    """Rooms by code, and the WebSocket handler that serves them."""

    def __init__(
        self,
        rules: Rules,
        home: Path | str | None = None,
        *,
        autosave: bool = True,
        notice: Notice = stderr_notice,
        rate: float | None = None,
        burst: int | None = None,
        bot_override: str | None = None,
        limits: Limits | None = None,
        origins: frozenset[str] = frozenset(),
    ) -> None:
        """A server without rooms yet; `home` is the data folder for saves and the score sheet;
        `origins`: the web pages whose scripts may connect (none: no browser page at all)."""
        self.rules = rules
        self.home = home
        self.autosave = autosave
        self.notice = notice
        self.limits = limits or server_limits()
        self.rate = self.limits.rate if rate is None else rate
        self.burst = self.limits.burst if burst is None else burst
        self.bot_override = bot_override
        self.rooms: dict[str, HostedRoom] = {}
        self.addresses = AddressBook(self.limits)
        self.origins = origins

    def __repr__(self) -> str:
        return f"GameServer(rooms={len(self.rooms)}, connections={self.addresses.total})"

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
        limits = self.limits
        return await serve(
            self._handle,
            host,
            port,
            compression=None,
            max_size=TRANSPORT_LIMIT,
            max_queue=8,
            ping_interval=limits.ping_interval,
            ping_timeout=limits.ping_timeout,
            close_timeout=limits.close_timeout,
            process_request=self._check_request,
            server_header=None,
        )

    def _check_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Refuse a new connection before the WebSocket handshake: 403 from a web page not in
        `origins` (a browser sends its page's Origin; terminal clients send none), 503 when
        the server is full, 429 when its address holds its share or has guessed too much."""
        origin = request.headers.get("Origin")
        if origin is not None and origin not in self.origins:
            return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden.\n")
        status = self.addresses.refusal(address_key(connection.remote_address))
        if status is None:
            return None
        return connection.respond(status, f"{status.phrase}.\n")

    async def _handle(self, connection: ServerConnection) -> None:
        """Serve one connection until it closes."""
        address = address_key(connection.remote_address)
        self.addresses.opened(address)
        peer = Peer(connection, address, self.limits.send_timeout)
        try:
            await self._serve_peer(peer)
        except ConnectionClosed:
            pass
        finally:
            self.addresses.closed(address)
            if peer.room_code is not None:
                await self.rooms[peer.room_code].leave(peer)
            await peer.stop()

    async def _serve_peer(self, peer: Peer) -> None:
        """Read a connection's messages one by one; closed if it has not joined a room within
        the hello deadline, whatever it sends meanwhile."""
        limit = RateLimit(self.rate, self.burst)
        connection = peer.connection
        deadline = asyncio.get_running_loop().time() + self.limits.hello_timeout
        while peer.room_code is None:
            try:
                async with asyncio.timeout_at(deadline):
                    data = await connection.recv()
            except TimeoutError:
                peer.close(POLICY_VIOLATION, "no hello")
                await peer.closed()
                return
            await self._on_message(peer, data, limit)
        async for data in connection:
            await self._on_message(peer, data, limit)

    async def _on_message(self, peer: Peer, data: str | bytes, limit: RateLimit) -> None:
        """One message: rate, decoding, then what it asks; a refusal goes back to its sender."""
        if not limit.allow():
            peer.flooded += 1
            if peer.flooded == 1 or peer.flooded % 100 == 0:
                peer.send(error_message(Refused("rate_limited")))
            if peer.flooded >= self.limits.flood_limit:
                peer.close(POLICY_VIOLATION, "flood")
            return
        if isinstance(data, bytes):  # the protocol is text frames only (RFC 6455's 1003)
            peer.close(UNSUPPORTED_DATA, "text frames only")
            return
        try:
            message = decode_client(data)
        except ProtocolError as exc:
            peer.send(error_message(Refused(exc.code, limit=_limit_kib())))
            return
        try:
            await self._dispatch(peer, message)
        except Refused as refused:
            peer.send(error_message(refused))
            if isinstance(message, Hello):
                self._failed_hello(peer, refused.code)

    def _failed_hello(self, peer: Peer, code: str) -> None:
        """Count a refused hello: a wrong secret against its address, every one against its
        connection; too many close the connection (no guessing codes or tokens)."""
        if peer.room_code is not None:
            return
        if code == "too_many_failures":  # its address is backing off: nothing was checked
            peer.close(POLICY_VIOLATION, "too many failures")
            return
        if code in _WRONG_SECRETS:
            self.addresses.wrong_secret(peer.address)
        peer.failures += 1
        if peer.failures >= self.limits.failed_hellos:
            peer.send(error_message(Refused("too_many_failures")))
            peer.close(POLICY_VIOLATION, "too many failures")

    async def _dispatch(self, peer: Peer, message: Hello | ActionMsg | Ping | RematchMsg) -> None:
        """Do what a valid message asks (Refused when it may not)."""
        if isinstance(message, Ping):
            peer.send(Pong(nonce=message.nonce))
            return
        if isinstance(message, Hello):
            if peer.room_code is not None:
                raise Refused("already_joined")
            if self.addresses.backing_off(peer.address):
                raise Refused("too_many_failures")
            room = self.rooms.get(message.room.strip().upper())
            if room is None:
                raise Refused("no_room")
            await room.admit(peer, message)
            return
        if peer.room_code is None:
            raise Refused("hello_first")
        room = self.rooms[peer.room_code]
        if isinstance(message, RematchMsg):
            await room.rematch(peer)
        else:
            await room.act(peer, message)

    async def close(self, servers: Iterable[Server] = ()) -> None:
        """Stop every room's computer players and close the listening servers."""
        for room in self.rooms.values():
            await room.close()
        for server in servers:
            server.close()
            with contextlib.suppress(Exception):
                await server.wait_closed()


_WRONG_SECRETS = frozenset({"no_room", "bad_token"})
"""Refused hellos that are guesses: they count against the address's budget."""


def _limit_kib() -> int:
    """The message size limit in KiB, for the too_big sentence."""
    return MAX_CLIENT_MESSAGE // 1024
