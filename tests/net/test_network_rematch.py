"""A rematch at the network table: the other terminal's ask is shown on the game-over screen
("Bob asks for a rematch: n accepts, q leaves"), n accepts and the new game's table comes in the
same room; at its end n waits for Bob ("Waiting for Bob to accept the rematch"); each game is
one row on each score sheet, the joiner's and the server's."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agent_avenue import storage
from agent_avenue.net.client import GameClient
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.table import TableScreen
from ui_helpers import KeyPlayer

from .harness import LOOPBACK, history_rows
from .test_network_end import server_and_room, text_of
from .test_textual_client import TIMEOUT, _until, drive, make_remote


@pytest.mark.slow
async def test_a_rematch_at_the_table_deals_the_next_game_and_records_each_once(
    tmp_path: Path,
) -> None:
    """Bob (a scripted client) asks first: Ann's game-over screen says so; n deals the next
    game in the same room and its first screen replaces the game-over screen; Ann plays it to
    its end, presses n and waits for Bob. Two games: two rows on Ann's score sheet, each with
    its game file, and two on the server's."""
    server_home = tmp_path / "server"
    async with server_and_room(server_home) as (_, _listening, hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1,), home=tmp_path / "b")
        app = make_remote(green)
        async with app.run_test(size=(100, 32)) as pilot:
            other = asyncio.create_task(play_out(blue, bot_chooser("random", 4), timeout=TIMEOUT))
            await drive(app, pilot, hosted, KeyPlayer(7), (0,))
            await asyncio.wait_for(other, TIMEOUT)
            first = hosted.room.session
            assert first is not None and first.result is not None
            assert "n Rematch" in text_of(app)

            await blue.send_rematch()
            asks = "Bob asks for a rematch: n accepts, q leaves."
            await _until(pilot, lambda: asks in text_of(app), "Bob's ask")
            await pilot.press("n")
            await _until(pilot, lambda: isinstance(app.screen, TableScreen), "the new table")
            assert app.return_code is None
            assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
            assert app.remote.source.game == 2 and hosted.room.config.game == 2

            await blue.wait_until(lambda table: table.game == 2, TIMEOUT)
            other = asyncio.create_task(play_out(blue, bot_chooser("random", 9), timeout=TIMEOUT))
            await drive(app, pilot, hosted, KeyPlayer(3), (0,))
            await asyncio.wait_for(other, TIMEOUT)
            second = hosted.room.session
            assert second is not None and second is not first and second.result is not None

            await pilot.press("n")
            waiting = "Waiting for Bob to accept the rematch (q leaves)."
            await _until(pilot, lambda: waiting in text_of(app), "the waiting line")
            assert asks not in text_of(app)
            await pilot.press("q")
            await _until(pilot, lambda: app.return_code is not None, "leaving")
        await blue.close()

    assert second.record.seed != first.record.seed
    assert second.record.first == 1 - first.record.first
    rows, problem = storage.load_history()
    assert problem is None and len(rows) == 2, rows
    assert all(row.names == ("Ann", "Bob") for row in rows)
    kept = {storage.load_game_file(path) for path in storage.games_dir().glob("*.json")}
    assert kept == {first.record, second.record}
    assert len(history_rows(server_home)) == 2
