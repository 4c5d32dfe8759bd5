"""Spectators at scale: their coming and going sends nobody an unchanged `seats` message, and
the host's terminal gets a few lines of counts, not one line each."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import ClientConnection

from agent_avenue.net.tally import SpectatorTally

from .inproc import WAIT, eventually, hello, raw, serving

SPECTATORS = 40
_LINE = re.compile(r"Spectators: (\d+) joined, (\d+) left; (\d+) watching now\.")


async def _types_until_pong(connection: ClientConnection) -> list[str]:
    """Ping, then the types of every message received before the pong (all the server had
    queued for this connection by then)."""
    await connection.send(json.dumps({"type": "ping", "nonce": 99}))
    types: list[str] = []
    async with asyncio.timeout(WAIT):
        while True:
            message = json.loads(await connection.recv())
            if message["type"] == "pong":
                return types
            types.append(message["type"])


async def test_spectators_coming_and_going_send_no_seats_message_to_anyone_else(
    tmp_path: Path,
) -> None:
    """Issue 26: each spectator's join and leave sent every connection the same seats again
    (quadratic). Now a player gets seats only when the seats change, and a spectator once."""
    lines: list[str] = []
    async with serving(tmp_path, spectators=True, notice=lines.append) as (_, hosted, port):
        code = hosted.room.config.code
        green = await raw(port)
        assert json.loads(await _first(green, hello(code, name="Ann")))["type"] == "welcome"
        assert await _types_until_pong(green) == ["seats"]
        watchers = []
        for _ in range(SPECTATORS):
            watcher = await raw(port)
            assert json.loads(await _first(watcher, hello(code, spectate=True)))["type"] == (
                "welcome"
            )
            watchers.append(watcher)
        for watcher in watchers:
            assert await _types_until_pong(watcher) == ["seats"]
        for watcher in watchers:
            await watcher.close()
        await eventually(lambda: not hosted.room.spectators)
        assert await _types_until_pong(green) == [], "spectators sent the player seats"
        blue = await raw(port)
        assert json.loads(await _first(blue, hello(code, name="Bob")))["type"] == "welcome"
        assert (await _types_until_pong(green))[0] == "seats", "a new player is told"
        await green.close()
        await blue.close()
    counted = [tuple(map(int, m.groups())) for line in lines if (m := _LINE.fullmatch(line))]
    assert sum(joined for joined, _, _ in counted) == SPECTATORS
    assert sum(left for _, left, _ in counted) == SPECTATORS
    assert len(lines) - len(counted) <= 4, "players' lines only besides the counts"
    assert len(counted) <= 4, "a few lines of counts, not one a spectator"


async def _first(connection: ClientConnection, data: str) -> str:
    """Send a message; the first message back."""
    await connection.send(data)
    text = await asyncio.wait_for(connection.recv(), WAIT)
    assert isinstance(text, str)
    return text


class _Clock:
    """A fake clock and call_later: time moves only when the test says."""

    def __init__(self) -> None:
        self.now = 0.0
        self.calls: list[tuple[float, Callable[[], None]]] = []

    def later(self, delay: float, callback: Callable[[], None]) -> object:
        self.calls.append((self.now + delay, callback))
        return None

    def advance(self, seconds: float) -> None:
        self.now += seconds
        due = [call for call in self.calls if call[0] <= self.now]
        self.calls = [call for call in self.calls if call[0] > self.now]
        for _, callback in due:
            callback()


def test_the_tally_tells_at_most_one_line_per_interval() -> None:
    """1,000 spectators in one instant: the first is told at once, the other 999 in one line
    after the interval; quiet time then tells nothing."""
    lines: list[str] = []
    clock = _Clock()
    tally = SpectatorTally(lines.append, 5.0, clock=lambda: clock.now, later=clock.later)
    for watching in range(1, 1001):
        tally.joined(watching)
    assert lines == ["Spectators: 1 joined, 0 left; 1 watching now."]
    clock.advance(4.9)
    assert len(lines) == 1
    clock.advance(0.2)
    assert lines[1] == "Spectators: 999 joined, 0 left; 1000 watching now."
    clock.advance(60)
    tally.left(999)
    assert lines[2] == "Spectators: 0 joined, 1 left; 999 watching now."
    assert len(lines) == 3 and not clock.calls
