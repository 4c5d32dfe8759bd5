"""Dropped clients and a killed server: the seats come back with their kept tokens, the game
resumes where the autosave left it, and it ends on the server's score sheet."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from agent_avenue.net.scripted import bot_chooser, play_out

from .harness import GAME_TIMEOUT, LOOPBACK, free_port, history_rows, hosting, start_host

TIMEOUT = 20.0


async def test_a_dropped_client_rejoins_its_seat_and_the_game_goes_on(tmp_path: Path) -> None:
    """A client whose connection is cut rejoins with the token in its data folder: same seat,
    the whole log, its own view; then the game is played to the end."""
    home = tmp_path / "server"
    # This deal and these choices make a game of 22 moves: it is still on when the drop comes.
    async with hosting(home, "--seed", "4", "--first", "green") as host:
        green = host.client("Ann", "green", seats=(0,))
        blue = host.client("Bob", "blue", seats=(1,))
        await green.join()
        await blue.join()
        chooser_g, chooser_b = bot_chooser("random", 1), bot_chooser("random", 2)
        await asyncio.gather(
            play_out(green, chooser_g, timeout=GAME_TIMEOUT, until=lambda t: t.step >= 6),
            play_out(blue, chooser_b, timeout=GAME_TIMEOUT, until=lambda t: t.step >= 6),
        )
        assert green.table is not None and green.table.result is None
        before = green.table.step
        green.drop()
        again = host.client(None, "green")  # no seat asked: the kept token decides
        table = await again.join()
        assert table.seats == (0,)
        await again.wait_until(lambda t: t.step >= before and t.stage.actor is not None, TIMEOUT)
        assert len(table.log) == table.step, "the whole public log came back"
        assert table.seat_names == ("Ann", "Bob")
        assert table.view(0).hand, "the rejoined seat sees its own hand"
        tables = await asyncio.wait_for(
            asyncio.gather(
                play_out(again, chooser_g, timeout=GAME_TIMEOUT),
                play_out(blue, chooser_b, timeout=GAME_TIMEOUT),
            ),
            GAME_TIMEOUT,
        )
        assert tables[0].result == tables[1].result and tables[0].result is not None
        assert again.errors == [] and blue.errors == []
    assert len(history_rows(home)) == 1


@pytest.mark.slow
async def test_a_killed_server_restarted_resumes_and_the_clients_rejoin(tmp_path: Path) -> None:
    """The host is killed (SIGKILL) mid-game and started again on the same data folder and
    port: it resumes the same room at the same step and the clients rejoin their seats."""
    home = tmp_path / "server"
    port = free_port()
    # This deal and these choices make a game of 29 moves: it is still on when the kill comes.
    options = ("--mode", "advanced", "--seed", "7", "--first", "green")
    host = await start_host(home, *options, port=port)
    try:
        green = host.client("Ann", "green", seats=(0,))
        blue = host.client("Bob", "blue", seats=(1,))
        await green.join()
        await blue.join()
        chooser_g, chooser_b = bot_chooser("random", 3), bot_chooser("random", 4)
        await asyncio.gather(
            play_out(green, chooser_g, timeout=GAME_TIMEOUT, until=lambda t: t.step >= 8),
            play_out(blue, chooser_b, timeout=GAME_TIMEOUT, until=lambda t: t.step >= 8),
        )
        assert green.table is not None and blue.table is not None
        assert green.table.result is None, "the game is still on"
        seen = max(green.table.step, blue.table.step)
        code = host.code
    finally:
        await host.kill()
    async with hosting(home, port=port) as again:
        assert again.code == code and any("Resuming" in line for line in again.lines), again.lines
        green2, blue2 = again.client(None, "green"), again.client(None, "blue")
        t_green, t_blue = await green2.join(), await blue2.join()
        assert (t_green.seats, t_blue.seats) == ((0,), (1,))
        await green2.wait_until(lambda t: t.stage.actor is not None, TIMEOUT)
        assert t_green.step >= seen - 1, "every move a client saw was saved first"
        tables = await asyncio.wait_for(
            asyncio.gather(
                play_out(green2, chooser_g, timeout=GAME_TIMEOUT),
                play_out(blue2, chooser_b, timeout=GAME_TIMEOUT),
            ),
            GAME_TIMEOUT,
        )
        assert tables[0].result is not None and tables[0].result == tables[1].result
    rows = history_rows(home)
    assert len(rows) == 1
    assert not list((home / "hosted" / "rooms").glob("*.json")), "the room is forgotten"


@pytest.mark.slow
async def test_join_in_a_terminal_plays_and_rejoins_after_being_killed(tmp_path: Path) -> None:
    """`agent-avenue join` (the text client) is a real process: it joins, prints its hand and
    moves; killed and run again with the same data folder, it is back on the same seat."""
    home = tmp_path / "server"
    async with hosting(home) as host:
        blue = host.client("Bob", "blue", seats=(1,))
        env = {
            **os.environ,
            "AGENT_AVENUE_HOME": str(tmp_path / "green"),
            "AGENT_AVENUE_LANG": "en",
        }
        command = [sys.executable, "-m", "agent_avenue", "join", f"{LOOPBACK}:{host.port}"]
        for run in range(2):
            process = await asyncio.create_subprocess_exec(
                *command,
                host.code,
                "--name",
                "Ann",
                "--seat",
                "0",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=env,
            )
            assert process.stdout is not None
            if run == 0:
                await blue.join()
            lines: list[str] = []
            for _ in range(200):
                raw = await asyncio.wait_for(process.stdout.readline(), TIMEOUT)
                lines.append(raw.decode())
                if "Ann's hand:" in lines[-1]:
                    break
            assert any("your seats: 0" in line for line in lines)
            process.kill()
            await asyncio.wait_for(process.wait(), TIMEOUT)
