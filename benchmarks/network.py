"""Network figures on 127.0.0.1: the delay from a move sent to the other client's new view, and
how many games one server process (pinned to one core) holds at once with scripted clients.

Run: python benchmarks/network.py [--moves 400] [--games 50,100,200,300]

The server runs in its own process with autosave on (every move is saved before the views go
out), pinned to one core; the scripted clients play random legal moves from another process.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode
from agent_avenue.net.client import GameClient
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.server import MAX_CONNECTIONS, GameServer, server_limits
from agent_avenue.storage import new_save_id

LOOPBACK = "127.0.0.1"
TIMEOUT = 120.0


# The server process ----------------------------------------------------------------------------


async def _serve(games: int, home: Path, mode: Mode) -> None:
    """Serve `games` rooms; print their codes and port as one JSON line; run until stdin ends."""
    rules = default_rules()
    # Every client comes from 127.0.0.1: lift the per-address limit, not the global one.
    limits = dataclasses.replace(server_limits(), per_address=MAX_CONNECTIONS)
    server = GameServer(rules, home, notice=lambda _: None, limits=limits)
    codes = []
    for game in range(games):
        code = new_room_code()
        while code in server.rooms:
            code = new_room_code()
        save_id = f"{new_save_id()[:15]}-{game:06x}"
        config = RoomConfig(code, save_id, mode, 2, game, game % 2, ("human", "human"))
        server.add(Room(rules, config))
        codes.append(code)
    listening = await server.listen(LOOPBACK, 0)
    port = listening.sockets[0].getsockname()[1]
    print(json.dumps({"port": port, "codes": codes}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close([listening])


def _start_server(games: int, home: Path, mode: Mode) -> tuple[subprocess.Popen[str], dict]:
    """The server process, pinned to core 0, and what it printed."""
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(games), "--home", str(home), "--mode", mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(process.pid, {0})
    assert process.stdout is not None
    line = process.stdout.readline()
    return process, json.loads(line)


def _stop_server(process: subprocess.Popen[str]) -> None:
    """End the server (its stdin closes) and wait for it."""
    assert process.stdin is not None
    process.stdin.close()
    process.wait(30)


# Clients ---------------------------------------------------------------------------------------


async def _pair(port: int, code: str, home: Path) -> tuple[GameClient, GameClient]:
    """Two joined clients of one room, green and blue, with their first views."""
    green = GameClient(LOOPBACK, port, code, name="G", seats=(0,), home=home, keep_tokens=False)
    blue = GameClient(LOOPBACK, port, code, name="B", seats=(1,), home=home, keep_tokens=False)
    await green.join()
    await blue.join()
    for client in (green, blue):
        await client.wait_until(lambda t: t.stage.actor is not None, TIMEOUT)
    return green, blue


async def _one_game(
    green: GameClient, blue: GameClient, rng: random.Random, pace: float = 0.0
) -> list[float]:
    """Play random moves to the end; each delay from a move sent to the other's new view.

    With `pace`, each move waits a random 0 to 2 * pace seconds first, as a person thinks."""
    delays: list[float] = []
    by_seat = {0: green, 1: blue}
    for _ in range(10_000):
        table = green.table
        assert table is not None and blue.table is not None
        if table.over is not None or table.result is not None:
            break
        actor = table.stage.actor
        assert actor is not None
        mover, other = by_seat[actor], by_seat[1 - actor]
        assert mover.table is not None and other.table is not None
        moves = mover.table.view(actor).legal
        step = mover.table.step
        if pace:
            await asyncio.sleep(rng.uniform(0, 2 * pace))
        sent = time.perf_counter()
        await mover.table.play(rng.choice(moves), actor)
        await other.wait_until(lambda t, s=step: t.step > s, TIMEOUT)
        delays.append(time.perf_counter() - sent)
        await mover.wait_until(lambda t, s=step: t.step > s, TIMEOUT)
    for client in (green, blue):
        await client.close()
    return delays


async def _latency(moves: int, home: Path) -> list[float]:
    """Delays over whole games (one at a time) until `moves` are measured."""
    rooms = max(4, moves // 10)
    process, info = _start_server(rooms, home / "server-latency", Mode.ADVANCED)
    delays: list[float] = []
    try:
        for game, code in enumerate(info["codes"]):
            green, blue = await _pair(info["port"], code, home)
            delays += await _one_game(green, blue, random.Random(game))
            if len(delays) >= moves:
                break
    finally:
        _stop_server(process)
    return delays


async def _concurrent(
    games: int, home: Path, pace: float = 0.0
) -> tuple[float, list[float], float]:
    """`games` games at once on one server: seconds taken, every delay, moves per second."""
    process, info = _start_server(games, home / f"server-{games}-{pace}", Mode.SIMPLE)
    try:
        pairs = [await _pair(info["port"], code, home) for code in info["codes"]]
        started = time.perf_counter()
        runs = [
            _one_game(green, blue, random.Random(i), pace) for i, (green, blue) in enumerate(pairs)
        ]
        results = await asyncio.wait_for(asyncio.gather(*runs), TIMEOUT * 5)
        seconds = time.perf_counter() - started
    finally:
        _stop_server(process)
    delays = [delay for game in results for delay in game]
    return seconds, delays, len(delays) / seconds


def _ms(values: list[float], q: float) -> float:
    """A quantile in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _main(args: argparse.Namespace) -> None:
    """Print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        delays = await _latency(args.moves, home)
        print(
            f"latency, one game at a time: {len(delays)} moves, median "
            f"{statistics.median(delays) * 1000:.1f} ms, 95th percentile {_ms(delays, 0.95):.1f} ms"
        )
        runs = [(int(g), 0.0) for g in args.games.split(",") if g]
        runs += [(int(g), args.pace) for g in args.paced.split(",") if g]
        for games, pace in runs:
            seconds, delays, rate = await _concurrent(games, home, pace)
            how = f"at a person's pace (a move every 0-{2 * pace:g} s)" if pace else "flat out"
            print(
                f"{games} games at once, {how}: all finished in {seconds:.1f} s, "
                f"{rate:.0f} moves/s, "
                f"delay median {statistics.median(delays) * 1000:.1f} ms, "
                f"95th percentile {_ms(delays, 0.95):.1f} ms"
            )


def main() -> None:
    """Run the benchmark, or (with --serve) be its server process."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=400, help="moves timed for the latency")
    parser.add_argument("--games", default="50,100,200,300", help="concurrent games to try")
    parser.add_argument("--paced", default="200,300", help="concurrent games at a person's pace")
    parser.add_argument("--pace", type=float, default=1.5, help="mean seconds a person thinks")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--home", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--mode", default="simple", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(_serve(args.serve, args.home, Mode(args.mode)))
        return
    asyncio.run(_main(args))


if __name__ == "__main__":
    main()
