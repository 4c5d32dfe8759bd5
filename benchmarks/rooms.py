"""How many rooms one core holds when each room is its own `agent-avenue host` process (the
way `host` runs: one room per process), at a person's pace; and what a web session costs.

Run: python benchmarks/rooms.py [--rooms 25,50,100] [--pace 1.5] [--web 8]

For each count, that many real host processes start (each with its own data folder, autosave
on), are pinned together to core 0, and two scripted clients per room (this process, core 1)
play random legal moves, each after a random 0 to 2 * pace seconds. It prints the delay from a
move sent to the other client's new view, the processor time the hosts used per second of
play (the share of the core), and their memory. With --web N it starts one `host --web`, opens
N web sessions through its page (form, ticket, websocket: what a browser does) and prints the
memory of the `join` processes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from network import TIMEOUT, _ms, _one_game, _pair

_PORT = re.compile(r"Listening on 127\.0\.0\.1:(\d+)")
_CODE = re.compile(r"Room code: ([A-Z0-9]+)")
_WEB = re.compile(r"Web page: http://127\.0\.0\.1:(\d+)/")
TICKS = os.sysconf("SC_CLK_TCK")
_DRAINS: set[asyncio.Task[None]] = set()
"""The tasks reading the hosts' output (kept: a task nobody holds may be collected)."""


async def _host(home: Path, *options: str) -> tuple[asyncio.subprocess.Process, dict[str, str]]:
    """One `agent-avenue host` process and what it printed (port, code, web port)."""
    env = {**os.environ, "AGENT_AVENUE_HOME": str(home), "AGENT_AVENUE_LANG": "en"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "agent_avenue", "host", "--port", "0", "--new", *options,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    found: dict[str, str] = {}
    want = {"port", "code"} | ({"web"} if "--web" in options else set())
    while not want <= found.keys():
        line = (await asyncio.wait_for(process.stdout.readline(), TIMEOUT)).decode()
        if not line:
            raise RuntimeError("a host stopped")
        for key, pattern in (("port", _PORT), ("code", _CODE), ("web", _WEB)):
            if match := pattern.search(line):
                found[key] = match.group(1)
    _DRAINS.add(asyncio.create_task(_drain(process)))
    return process, found


async def _drain(process: asyncio.subprocess.Process) -> None:
    """Keep reading a host's output so that its pipe never fills."""
    assert process.stdout is not None
    while await process.stdout.readline():
        pass


def _cpu_seconds(pid: int) -> float:
    """Processor time a process has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _rss_mib(pid: int) -> float:
    """A process's resident memory in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _sample(pids: list[int], cpu: dict[int, float], memory: dict[int, float]) -> None:
    """Keep each host's latest processor time and its largest memory (a host ends by itself
    once its game is over and its clients have left: the last reading stands)."""
    while True:
        for pid in pids:
            try:
                cpu[pid] = _cpu_seconds(pid)
                memory[pid] = max(memory[pid], _rss_mib(pid))
            except (OSError, IndexError):
                continue
        await asyncio.sleep(0.25)


async def _rooms(count: int, pace: float, folder: Path) -> None:
    """`count` host processes on core 0, one paced game each."""
    hosts = await asyncio.gather(*[_host(folder / f"host-{count}-{i}") for i in range(count)])
    try:
        for process, _ in hosts:
            os.sched_setaffinity(process.pid, {0})
        pairs = [
            await _pair(int(info["port"]), info["code"], folder / "clients") for _, info in hosts
        ]
        pids = [process.pid for process, _ in hosts]
        before = {pid: _cpu_seconds(pid) for pid in pids}
        cpu, memory = dict(before), {pid: _rss_mib(pid) for pid in pids}
        sampler = asyncio.create_task(_sample(pids, cpu, memory))
        started = time.perf_counter()
        games = [_one_game(g, b, random.Random(i), pace) for i, (g, b) in enumerate(pairs)]
        results = await asyncio.wait_for(asyncio.gather(*games), TIMEOUT * 5)
        seconds = time.perf_counter() - started
        sampler.cancel()
        used = sum(cpu.values()) - sum(before.values())
    finally:
        for process, _ in hosts:
            if process.returncode is None:
                process.terminate()
        await asyncio.gather(*[process.wait() for process, _ in hosts])
    delays = [delay for game in results for delay in game]
    share = used / seconds
    print(
        f"{count} rooms, one host process each, on one core, at a person's pace "
        f"(a move every 0-{2 * pace:g} s): all finished in {seconds:.0f} s; delay median "
        f"{statistics.median(delays) * 1000:.1f} ms, 95th percentile {_ms(delays, 0.95):.1f} ms; "
        f"the hosts used {share * 100:.0f} % of the core ({share / count * 100:.2f} % per room); "
        f"memory {statistics.median(memory.values()):.0f} MiB per host process (median), "
        f"{sum(memory.values()) / 1024:.1f} GiB in all",
        flush=True,
    )


async def _web(sessions: int, folder: Path) -> None:
    """One `host --web` with `sessions` web sessions open: the memory of its `join`s."""
    import aiohttp

    process, info = await _host(
        folder / "web", "--players", "2", "--spectators", "--web", "0",
        "--web-sessions", str(sessions),
    )  # fmt: skip
    base = f"http://127.0.0.1:{info['web']}"
    try:
        async with aiohttp.ClientSession() as session:
            sockets = []
            for number in range(sessions):
                place = "seat-0" if number == 0 else "watch"
                form = {"code": info["code"], "name": f"P{number}", "place": place}
                async with session.post(f"{base}/play", data=form) as answer:
                    page = await answer.text()
                match = re.search(r'new URL\("ws/([A-Za-z0-9_-]+)"', page)
                assert match, page
                url = f"{base}/ws/{match.group(1)}?width=120&height=40"
                sockets.append(await session.ws_connect(url))
            await asyncio.sleep(10)  # let every table draw itself
            children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text()
            memory = [_rss_mib(int(pid)) for pid in children.split()]
            host_memory = _rss_mib(process.pid)
            for socket in sockets:
                await socket.close()
    finally:
        process.terminate()
        await process.wait()
    print(
        f"{sessions} web sessions (1 seat, {sessions - 1} spectators) at 120x40: "
        f"{len(memory)} join processes, {statistics.median(memory):.0f} MiB each (median), "
        f"{sum(memory):.0f} MiB in all; the host process (game server and web page) "
        f"{host_memory:.0f} MiB"
    )


async def _main(args: argparse.Namespace) -> None:
    """Print the figures."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for count in [int(c) for c in args.rooms.split(",") if c]:
            await _rooms(count, args.pace, folder)
        if args.web:
            await _web(args.web, folder)


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", default="25,50,100", help="host processes to try at once")
    parser.add_argument("--pace", type=float, default=1.5, help="mean seconds a person thinks")
    parser.add_argument("--web", type=int, default=8, help="web sessions to open (0: none)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {1})
    asyncio.run(_main(args))


if __name__ == "__main__":
    main()
