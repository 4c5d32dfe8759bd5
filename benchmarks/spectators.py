"""Spectators at scale on 127.0.0.1: with 1,000 spectators watching, the delay from a move sent
to the other player's new view, and what the spectators received.

Run: python benchmarks/spectators.py [--spectators 1000] [--games 3]

Three processes: the server (autosave on, pinned to core 0, as in benchmarks/network.py), the
spectators (plain WebSocket connections that count what they receive, from another process at
a lower priority), and the two players here, playing random legal moves flat out. The games
are played once with no spectator, then again with the spectators watching each one; the
figures are over every move.
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
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import connect

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode
from agent_avenue.net.client import GameClient, server_url
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.server import GameServer, server_limits
from agent_avenue.storage import new_save_id

LOOPBACK = "127.0.0.1"
TIMEOUT = 300.0
OPENING = 50
"""Spectators connecting at once (the server's listening backlog is 100)."""
NICE = 10
"""The spectators' process runs at a lower priority: on a machine of two cores their reading
(a thousand frames a move) would otherwise delay the players' process, not the server."""


# The server process ----------------------------------------------------------------------------


async def _serve(games: int, home: Path) -> None:
    """Serve `games` rooms with spectators allowed (and no per-address limit that 1,000
    connections from one machine would hit); print port and codes; run until stdin ends."""
    rules = default_rules()
    limits = dataclasses.replace(server_limits(), per_address=100_000, max_connections=100_000)
    server = GameServer(rules, home, notice=lambda _: None, limits=limits)
    codes = []
    for game in range(games):
        code = new_room_code()
        save_id = f"{new_save_id()[:15]}-{game:06x}"
        config = RoomConfig(code, save_id, Mode.ADVANCED, 2, game, 0, ("human",) * 2, True)
        server.add(Room(rules, config))
        codes.append(code)
    listening = await server.listen(LOOPBACK, 0)
    port = listening.sockets[0].getsockname()[1]
    print(json.dumps({"port": port, "codes": codes}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close([listening])


# The spectators' process -----------------------------------------------------------------------


async def _watch(port: int, code: str, count: int) -> None:
    """`count` spectators of one room: print "ready" once all are welcomed, count every
    message by type until every one has seen the game's end, then print the counts."""
    counts: Counter[str] = Counter()
    opening = asyncio.Semaphore(OPENING)
    ready, over = asyncio.Event(), asyncio.Event()
    hello = json.dumps({"type": "hello", "version": 1, "room": code, "spectate": True})

    async def one() -> None:
        async with opening:
            connection = await connect(
                server_url(LOOPBACK, port), max_size=2**20, compression=None, proxy=None
            )
            await connection.send(hello)
        async for text in connection:
            kind = str(text)[9:20].split('"', 1)[0]  # {"type":"KIND",...: the type comes first
            counts[kind] += 1
            if kind == "welcome" and counts[kind] == count:
                ready.set()
            if kind == "game_over":
                if counts[kind] == count:
                    over.set()
                return

    tasks = [asyncio.create_task(one()) for _ in range(count)]
    started = time.perf_counter()
    await asyncio.wait_for(ready.wait(), TIMEOUT)
    print(json.dumps({"ready": time.perf_counter() - started}), flush=True)
    await asyncio.wait_for(over.wait(), TIMEOUT)
    for task in tasks:
        task.cancel()
    print(json.dumps(dict(counts)), flush=True)


# Driving ---------------------------------------------------------------------------------------


def _start(*options: str, nice: int = 0) -> subprocess.Popen[str]:
    """This file run again with `options` (the server or the spectators), at a priority."""
    return subprocess.Popen(
        [sys.executable, __file__, *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=(lambda: os.nice(nice)) if nice else None,
    )


def _cpu_seconds(pid: int) -> float:
    """The processor time a process has used so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _read_json(process: subprocess.Popen[str]) -> dict[str, object]:
    """The next JSON line a process printed."""
    assert process.stdout is not None
    value = json.loads(process.stdout.readline())
    assert isinstance(value, dict)
    return value


def _finish(process: subprocess.Popen[str]) -> dict[str, object]:
    """Close a process's stdin; its last JSON line (the spectators' counts), or {}."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    rest = process.stdout.read().strip().splitlines()
    process.wait(60)
    return json.loads(rest[-1]) if rest else {}


def _past(step: int) -> Callable[[ClientGame], bool]:
    """Whether a table has moved past `step`."""
    return lambda table: table.step > step


async def _play(port: int, code: str, home: Path, rng: random.Random) -> list[float]:
    """Two players play one game to its end; each delay from a move sent to the other's view."""
    green = GameClient(LOOPBACK, port, code, name="G", seats=(0,), home=home, keep_tokens=False)
    blue = GameClient(LOOPBACK, port, code, name="B", seats=(1,), home=home, keep_tokens=False)
    await green.join()
    await blue.join()
    by_seat = {0: green, 1: blue}
    for client in by_seat.values():
        await client.wait_until(lambda t: t.stage.actor is not None, TIMEOUT)
    delays: list[float] = []
    for _ in range(10_000):
        table = green.table
        assert table is not None
        if table.result is not None:
            break
        actor = table.stage.actor
        assert actor is not None
        mover, other = by_seat[actor], by_seat[1 - actor]
        assert mover.table is not None
        step = mover.table.step
        sent = time.perf_counter()
        await mover.table.play(rng.choice(mover.table.view(actor).legal), actor)
        await other.wait_until(_past(step), TIMEOUT)
        delays.append(time.perf_counter() - sent)
        await mover.wait_until(_past(step), TIMEOUT)
    for client in by_seat.values():
        await client.close()
    return delays


def _ms(values: list[float], q: float) -> float:
    """A quantile in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _run(args: argparse.Namespace, home: Path, watchers: int) -> None:
    """Play `args.games` games with `watchers` spectators on each; print the figures."""
    server = _start("--serve", str(args.games), "--home", str(home / f"server-{watchers}"))
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(server.pid, {0})
    info = _read_json(server)
    port, codes = int(str(info["port"])), info["codes"]
    assert isinstance(codes, list)
    delays: list[float] = []
    received: Counter[str] = Counter()
    joining: list[float] = []
    server_cpu = 0.0
    lags: list[float] = []
    try:
        for game, code in enumerate(codes):
            crowd = None
            if watchers:
                crowd = _start(
                    "--watch", str(watchers), "--port", str(port), "--code", code, nice=NICE
                )
                joining.append(float(str(_read_json(crowd)["ready"])))
            cpu = _cpu_seconds(server.pid)
            played = await _play(port, code, home, random.Random(game))
            ended = time.perf_counter()
            if crowd is not None:
                counts = await asyncio.to_thread(_read_json, crowd)
                lags.append(time.perf_counter() - ended)
                received.update({k: int(str(v)) for k, v in counts.items()})
                _finish(crowd)
            server_cpu += _cpu_seconds(server.pid) - cpu
            delays += played
    finally:
        _finish(server)
    line = (
        f"{watchers} spectators, {len(codes)} games, {len(delays)} moves: delay median "
        f"{statistics.median(delays) * 1000:.1f} ms, 95th percentile {_ms(delays, 0.95):.1f} ms"
        f"; server processor time {server_cpu / len(delays) * 1000:.1f} ms a move"
    )
    if watchers:
        total = watchers * len(codes)
        line += (
            f"; {watchers} joined in {statistics.median(joining):.1f} s (median); per spectator "
            f"{received['seats'] / total:.2f} seats, {received['view'] / total:.1f} views; the "
            f"last spectator saw the end {statistics.median(lags):.2f} s after the players "
            "(median)"
        )
    print(line, flush=True)


async def _main(args: argparse.Namespace) -> None:
    """Without spectators, then with them."""
    with tempfile.TemporaryDirectory() as folder:
        for watchers in (0, args.spectators):
            await _run(args, Path(folder), watchers)


def main() -> None:
    """Run the benchmark, or (with --serve, --watch) be its server or its spectators."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spectators", type=int, default=1000, help="spectators per game")
    parser.add_argument("--games", type=int, default=3, help="games played, one at a time")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--home", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--watch", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--code", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(_serve(args.serve, args.home))
    elif args.watch is not None:
        asyncio.run(_watch(args.port, args.code, args.watch))
    else:
        asyncio.run(_main(args))


if __name__ == "__main__":
    main()
