"""The game server and browsers: a connection that carries an `Origin` (a web page's script)
is refused with HTTP 403 unless the server was given that origin; terminal clients send none
and are served as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from agent_avenue.net.client import server_url

from .inproc import LOOPBACK, WAIT, hello, reply, serving


def _open(port: int, origin: str | None = None) -> Any:
    """A WebSocket handshake with the server, sending `origin` if given."""
    return connect(server_url(LOOPBACK, port), origin=origin, open_timeout=WAIT, proxy=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "origin", ["https://evil.example", "http://127.0.0.1:8766", "null", "http://localhost:8765"]
)
async def test_a_web_page_cannot_connect(tmp_path: Path, origin: str) -> None:
    """Any page's script (another site, the game's own web page, a sandboxed frame's "null")
    gets 403 before the handshake: `host --web` reaches the game through `join` processes."""
    async with serving(tmp_path) as (server, _, port):
        with pytest.raises(InvalidStatus) as refused:
            await _open(port, origin)
        assert refused.value.response.status_code == 403
        assert server.addresses.total == 0


async def test_a_terminal_client_sends_no_origin_and_is_served(tmp_path: Path) -> None:
    """No Origin header: the hello is answered with a welcome."""
    async with serving(tmp_path) as (_, hosted, port), _open(port) as client:
        welcome = await reply(client, hello(hosted.room.config.code, name="Ann"))
        assert welcome["type"] == "welcome"


async def test_an_origin_given_to_the_server_is_accepted(tmp_path: Path) -> None:
    """A page the server was told about (a future browser client) may connect; no other."""
    allowed = "https://avenue.example.org"
    async with serving(tmp_path, origins=frozenset({allowed})) as (_, hosted, port):
        async with _open(port, allowed) as client:
            welcome = await reply(client, hello(hosted.room.config.code, name="Ann"))
            assert welcome["type"] == "welcome"
        with pytest.raises(InvalidStatus):
            await _open(port, allowed + ".evil.example")
