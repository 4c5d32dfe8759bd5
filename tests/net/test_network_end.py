"""The end of a network game: the game-over screen's keys say what they do (q leaves the room,
n asks for a rematch, never a silent quit), and one line says when the other player has left or
the room closed, and that a rematch is then off."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.server import Server

from agent_avenue import storage
from agent_avenue.engine import Mode
from agent_avenue.net.client import GameClient
from agent_avenue.net.hosted import HostedRoom
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.net.server import GameServer
from agent_avenue.ui.remote_app import RemoteApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from ui_helpers import RULES, KeyPlayer, screen_text

from .harness import LOOPBACK
from .test_textual_client import TIMEOUT, _until, drive, make_remote


@contextlib.asynccontextmanager
async def server_and_room(home: Path) -> AsyncIterator[tuple[GameServer, Server, HostedRoom, int]]:
    """A duel served in this process on 127.0.0.1: the server and its listening socket (to
    close them mid-test), its room and its port."""
    config = RoomConfig(
        code=new_room_code(),
        save_id=storage.new_save_id(),
        mode=Mode.SIMPLE,
        players=2,
        seed=3,
        first=0,
        kinds=("human", "human"),
    )
    server = GameServer(RULES, home, notice=lambda _: None)
    hosted = server.add(Room(RULES, config))
    listening = await server.listen(LOOPBACK, 0)
    port = int(listening.sockets[0].getsockname()[1])
    try:
        yield server, listening, hosted, port
    finally:
        await server.close([listening])


def text_of(app: RemoteApp) -> str:
    """What the app's screen shows, as plain text."""
    return screen_text(app)  # type: ignore[arg-type]


@pytest.mark.slow
async def test_the_network_game_over_screen_leaves_the_room_and_says_who_left(
    tmp_path: Path,
) -> None:
    """A duel played to its end: the game-over screen offers "n Rematch" and "q Leave the
    room", no "New game"; n does not quit but waits for Bob; when blue's client goes, one line
    says Bob has left and the rematch is off; when the server stops, that the room is closed;
    q leaves."""
    async with server_and_room(tmp_path / "server") as (server, listening, hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1,), home=tmp_path / "b")
        app = make_remote(green)
        async with app.run_test(size=(100, 32)) as pilot:
            other = asyncio.create_task(play_out(blue, bot_chooser("random", 4), timeout=TIMEOUT))
            await drive(app, pilot, hosted, KeyPlayer(7), (0,))
            await asyncio.wait_for(other, TIMEOUT)
            text = text_of(app)
            assert "q Leave the room" in text and "n Rematch" in text, text
            assert "New game" not in text, text

            await pilot.press("n")
            waiting = "Waiting for Bob to accept the rematch (q leaves)."
            await _until(pilot, lambda: waiting in text_of(app), "the waiting line")
            await _until(pilot, lambda: hosted.room.rematch_asks == {0}, "the ask")
            assert app.return_code is None, "n quit the app"
            assert isinstance(app.screen, GameOverScreen)
            assert "Bob has left the room." not in text_of(app)

            await blue.close()
            await _until(pilot, lambda: "Bob has left the room." in text_of(app), "Bob left")
            off = "No rematch: not every player is in the room (q leaves)."
            await _until(pilot, lambda: off in text_of(app), "the rematch off")
            assert waiting not in text_of(app)
            assert app.return_code is None and isinstance(app.screen, GameOverScreen)

            await server.close([listening])  # the host stops its server
            await _until(pilot, lambda: "The room is closed." in text_of(app), "closing")
            assert isinstance(app.screen, GameOverScreen)

            await pilot.press("q")
            await _until(pilot, lambda: app.return_code is not None, "leaving")
        assert app.return_code == 0
