"""A hostile client against a real host process: whatever it sends, it gets errors (or its own
connection closed), and the two players' game goes on unaffected to its end."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from agent_avenue.net.client import GameClient, JoinRefused, server_url
from agent_avenue.net.protocol import ErrorMsg, Pong, decode_server
from agent_avenue.net.scripted import bot_chooser, play_out

from .harness import GAME_TIMEOUT, LOOPBACK, Host, history_rows, hosting

TIMEOUT = 20.0


async def _errors_for(host: Host, messages: list[str | bytes]) -> list[str]:
    """Send raw messages on one fresh connection; the error codes that come back, in order."""
    codes: list[str] = []
    async with connect(server_url(LOOPBACK, host.port), max_size=2**20) as connection:
        for data in messages:
            await connection.send(data)
            reply = decode_server(await asyncio.wait_for(connection.recv(), TIMEOUT))
            assert isinstance(reply, ErrorMsg)
            assert reply.message and "\n" not in reply.message
            codes.append(reply.code)
    return codes


def _hello(room: str, **fields: object) -> str:
    """A hello message with any fields."""
    return json.dumps({"type": "hello", "version": 1, "room": room, **fields})


async def _closed_by_server(host: Host, data: str | bytes) -> int | None:
    """Send one message; the close code if the server closed the connection."""
    async with connect(server_url(LOOPBACK, host.port), max_size=2**20) as connection:
        await connection.send(data)
        try:
            for _ in range(10):
                await asyncio.wait_for(connection.recv(), TIMEOUT)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None
    return None


async def _malformed(host: Host) -> None:
    """Bad JSON, unknown messages, oversized ones, moves before hello, wrong codes."""
    codes = await _errors_for(
        host,
        [
            "{not json",
            "[" * 3000,
            json.dumps({"type": "launch"}),
            json.dumps({"type": "hello", "version": 1, "room": "X", "admin": True}),
            json.dumps({"type": "action", "move": "recruit up"}),
            "x" * 5000,
            _hello("ZZZZZZ"),
            _hello(host.code, version=99),
        ],
    )
    assert codes == [
        "bad_json",
        "bad_json",
        "bad_message",
        "bad_message",
        "hello_first",
        "too_big",
        "no_room",
        "version",
    ]
    # Larger than the transport allows: the connection is closed (1009), nothing else happens.
    assert await _closed_by_server(host, "y" * 100_000) == 1009
    # A binary frame is not the protocol, even holding JSON: closed with 1003 (unsupported data).
    assert await _closed_by_server(host, _hello(host.code).encode()) == 1003


async def _guessing(host: Host) -> None:
    """Wrong room codes and made-up tokens: refused, and after five the connection closes."""
    wrong = [_hello("AAAAAA"), _hello(host.code, tokens=["made-up"])] * 2 + [_hello("BBBBBB")]
    async with connect(server_url(LOOPBACK, host.port)) as connection:
        codes = []
        for data in wrong:
            await connection.send(data)
            codes.append(decode_server(await asyncio.wait_for(connection.recv(), TIMEOUT)))
        assert [c.code for c in codes if isinstance(c, ErrorMsg)][:5] == [
            "no_room",
            "bad_token",
            "no_room",
            "bad_token",
            "no_room",
        ]
        with pytest.raises(ConnectionClosed):
            for _ in range(5):
                await asyncio.wait_for(connection.recv(), TIMEOUT)


async def _flood(host: Host, count: int = 3000) -> None:
    """Thousands of pings at once: a few are answered, the rest refused, then it is closed."""
    pongs = errors = 0
    async with connect(server_url(LOOPBACK, host.port)) as connection:
        for nonce in range(count):
            try:
                await connection.send(json.dumps({"type": "ping", "nonce": nonce}))
            except ConnectionClosed:
                break
        try:
            for _ in range(count + 10):
                reply = decode_server(await asyncio.wait_for(connection.recv(), TIMEOUT))
                pongs += isinstance(reply, Pong)
                errors += isinstance(reply, ErrorMsg) and reply.code == "rate_limited"
        except ConnectionClosed:
            pass
    assert 0 < pongs < count and errors > 0


async def _players_misbehave(green: GameClient, blue: GameClient, host: Host) -> None:
    """Seated players try moves for the other seat, out of turn, illegal, stale and junk."""
    assert green.table is not None and blue.table is not None
    for client in (green, blue):
        await client.wait_until(lambda t: t.stage.actor is not None, TIMEOUT)
    mover, other = (green, blue) if green.table.stage.actor == 0 else (blue, green)
    assert other.table is not None and mover.table is not None
    await other.send_action("recruit up")
    await other.send_action("offer enforcer sentinel", seat=mover.table.seats[0])
    await mover.send_action("launch the rocket")
    await mover.send_action("recruit up")
    await mover.send_action("offer mole mole", step=0)
    await mover.send_action("offer mole mole", step=999)
    expected = {other: ["not_your_turn", "not_your_seat"], mover: ["bad_move", "illegal"]}
    expected[mover] += ["illegal", "stale"]
    for client, codes in expected.items():
        wanted = len(codes)
        await client.wait_until(lambda t, c=client, n=wanted: len(c.errors) >= n, TIMEOUT)
        assert [e.code for e in client.errors] == codes
        client.errors.clear()
    # A token replayed while its seat is connected does not take the seat; the room is full.
    thief = host.client("Thief", "thief")
    with pytest.raises(JoinRefused) as refused:
        await thief.join()
    assert refused.value.error.code == "room_full"


async def test_a_hostile_client_gets_errors_and_the_game_goes_on(tmp_path: Path) -> None:
    """Bad JSON, huge messages, moves for the other seat, out of turn, replayed and made-up
    tokens, wrong room codes, thousands of messages: all refused; the game ends normally."""
    home = tmp_path / "server"
    async with hosting(home) as host:
        green = host.client("Ann", "green", seats=(0,))
        blue = host.client("Bob", "blue", seats=(1,))
        await green.join()
        await blue.join()
        await _malformed(host)
        await _guessing(host)
        await _flood(host)
        await _players_misbehave(green, blue, host)
        from agent_avenue.net.tokens import load_tokens

        stolen = load_tokens(green.home, f"{LOOPBACK}:{host.port}", host.code)
        thief = GameClient(LOOPBACK, host.port, host.code, home=tmp_path / "thief2")
        codes = await _errors_for(host, [_hello(host.code, tokens=list(stolen.values()))])
        assert codes == ["seat_in_use"] and thief.table is None
        games = [
            play_out(green, bot_chooser("random", 1), timeout=GAME_TIMEOUT),
            play_out(blue, bot_chooser("random", 2), timeout=GAME_TIMEOUT),
        ]
        tables = await asyncio.wait_for(asyncio.gather(*games), GAME_TIMEOUT)
        assert tables[0].result is not None and tables[0].result == tables[1].result
        assert green.errors == [] and blue.errors == []
    assert len(history_rows(home)) == 1
