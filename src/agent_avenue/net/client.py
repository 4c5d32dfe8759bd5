"""The headless client: connect, join (or rejoin with kept tokens), receive views, send moves.

`GameClient` speaks the protocol and keeps the `ClientGame` up to date; the text client, the
scripted client and (later) the Textual app sit on top of it. Every message from the server
is validated like the server validates the client's.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from agent_avenue.data import default_rules
from agent_avenue.engine import Rules
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    ActionMsg,
    ErrorMsg,
    GameBegunMsg,
    GameOverMsg,
    Hello,
    RematchMsg,
    ServerMessage,
    Welcome,
    decode_server,
    encode,
)
from agent_avenue.net.tokens import forget_tokens, load_tokens, save_tokens
from agent_avenue.storage import StorageError

DEFAULT_PORT = 8765
OPEN_TIMEOUT = 10.0

__all__ = ["DEFAULT_PORT", "GameClient", "JoinRefused", "server_url"]


class JoinRefused(Exception):
    """The server refused the hello; `error` is its error message."""

    def __init__(self, error: ErrorMsg) -> None:
        """Keep the server's error."""
        super().__init__(error.code)
        self.error = error


def server_url(host: str, port: int) -> str:
    """The WebSocket address of a server (an IPv6 address goes in brackets)."""
    shown_host = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"ws://{shown_host}:{port}/"


class GameClient:
    """One connection to a server, for one room: its table and every message received."""

    def __init__(
        self,
        host: str,
        port: int,
        room: str,
        *,
        name: str | None = None,
        seats: tuple[int, ...] = (),
        spectate: bool = False,
        home: Path | str | None = None,
        keep_tokens: bool = True,
        rules: Rules | None = None,
        on_raw: Callable[[str | bytes], None] | None = None,
    ) -> None:
        """A client that has not connected yet; tokens are kept in the data folder `home`."""
        self.host = host
        self.port = port
        self.room = room.strip().upper()
        self.name = name
        self.seats = seats
        self.spectate = spectate
        self.home = home
        self.keep_tokens = keep_tokens
        self.rules = rules or default_rules()
        self.on_raw = on_raw
        self.table: ClientGame | None = None
        self.errors: list[ErrorMsg] = []
        self._connection: ClientConnection | None = None
        self._tokens: dict[int, str] = {}
        """The seats' tokens, kept on disk again when a rematch deals the room's next game."""

    def __repr__(self) -> str:
        return f"GameClient(host={self.host!r}, port={self.port})"

    @property
    def _where(self) -> str:
        """The host and port, as the token file names them."""
        return f"{self.host}:{self.port}"

    async def join(self) -> ClientGame:
        """Connect and join: with kept tokens if there are any, else asking for seats."""
        kept = load_tokens(self.home, self._where, self.room) if self.keep_tokens else {}
        hello = Hello(
            version=PROTOCOL_VERSION,
            room=self.room,
            name=self.name,
            tokens=[kept[seat] for seat in sorted(kept)],
            seats=[] if kept else list(self.seats),
            spectate=self.spectate,
        )
        self._connection = await connect(
            server_url(self.host, self.port),
            max_size=MAX_SERVER_MESSAGE,
            compression=None,
            open_timeout=OPEN_TIMEOUT,
        )
        await self._connection.send(encode(hello))
        welcome = await self._welcome()
        self._keep(welcome, kept)
        self.table = ClientGame(self.rules, welcome, self.send_action)
        return self.table

    async def _welcome(self) -> Welcome:
        """Read until the welcome; JoinRefused if the server refused the hello."""
        while True:
            message = await self._read()
            if isinstance(message, Welcome):
                return message
            if isinstance(message, ErrorMsg):
                await self.close()
                raise JoinRefused(message)

    def _keep(self, welcome: Welcome, kept: dict[int, str]) -> None:
        """Keep the seats' tokens for a later rejoin (a failure to write only loses that)."""
        tokens = dict(kept)
        tokens.update({given.seat: given.token for given in welcome.tokens})
        self._tokens = tokens
        if self.keep_tokens and welcome.tokens:
            self._save_tokens()

    def _save_tokens(self) -> None:
        """Write the seats' tokens to the data folder (a failure only loses the rejoin)."""
        with contextlib.suppress(StorageError):
            save_tokens(self.home, self._where, self.room, self._tokens)

    async def _read(self) -> ServerMessage:
        """The next message from the server, validated (ConnectionClosed when it is gone)."""
        assert self._connection is not None
        data = await self._connection.recv()
        if self.on_raw is not None:
            self.on_raw(data)
        return decode_server(data)

    async def receive(self, timeout: float | None = None) -> ServerMessage:
        """The next message, already taken into the table (TimeoutError after `timeout`)."""
        message = await asyncio.wait_for(self._read(), timeout)
        if isinstance(message, ErrorMsg):
            self.errors.append(message)
        if self.table is not None:
            after_an_end = self.table.over is not None
            self.table.receive(message)
            if isinstance(message, GameOverMsg) and self.keep_tokens:
                forget_tokens(self.home, self._where, self.room)
            elif isinstance(message, GameBegunMsg) and after_an_end and self.keep_tokens:
                self._save_tokens()  # a rematch: the same seats, needed again for a rejoin
        return message

    async def wait_until(
        self, done: Callable[[ClientGame], bool], timeout: float, limit: int = 10_000
    ) -> ClientGame:
        """Receive messages until `done(table)` holds (TimeoutError after `timeout` seconds)."""
        assert self.table is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        for _ in range(limit):
            if done(self.table):
                return self.table
            await self.receive(max(deadline - loop.time(), 0.001))
        raise TimeoutError("too many messages")

    async def send_action(
        self, move: str, seat: int | None = None, step: int | None = None
    ) -> None:
        """Send a move in the notation (for a seat, at a step: both optional)."""
        assert self._connection is not None
        await self._connection.send(encode(ActionMsg(move=move, seat=seat, step=step)))

    async def send_rematch(self) -> None:
        """After the end: ask for a rematch with this connection's seats."""
        assert self._connection is not None
        await self._connection.send(encode(RematchMsg()))

    def drop(self) -> None:
        """Cut the connection at once, without a closing handshake (a lost network)."""
        if self._connection is not None:
            self._connection.transport.abort()

    async def close(self) -> None:
        """Close the connection politely."""
        if self._connection is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._connection.close()
