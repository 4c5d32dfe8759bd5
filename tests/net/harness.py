"""Network test helpers: a real `agent-avenue host` process on 127.0.0.1, and clients for it.

Every wait has a timeout and every loop a bound; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, GameState, Mode, replay_steps
from agent_avenue.net.client import GameClient

LOOPBACK = "127.0.0.1"
START_TIMEOUT = 30.0
GAME_TIMEOUT = 120.0

_LISTENING = re.compile(r"Listening on 127\.0\.0\.1:(\d+)")
_CODE = re.compile(r"Room code: ([A-Z0-9]+)")


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


@dataclass
class Host:
    """A running `agent-avenue host` process and what it printed."""

    process: asyncio.subprocess.Process
    port: int
    code: str
    home: Path
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    def client(self, name: str | None, folder: str, **options: object) -> GameClient:
        """A client of this host whose tokens live in its own data folder under the host's."""
        home = self.home.parent / folder
        return GameClient(LOOPBACK, self.port, self.code, name=name, home=home, **options)  # type: ignore[arg-type]

    async def kill(self) -> None:
        """Kill the server at once (no clean shutdown), and wait for it to be gone."""
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        await asyncio.wait_for(self.process.wait(), 20)
        if self.reader is not None:
            self.reader.cancel()

    async def stop(self) -> None:
        """Ask the server to stop (SIGTERM) and wait for it."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 20)
            except TimeoutError:
                await self.kill()
        if self.reader is not None:
            self.reader.cancel()


async def _read_rest(host: Host) -> None:
    """Keep reading the server's output so that its pipe never fills."""
    assert host.process.stdout is not None
    for _ in range(100_000):
        line = await host.process.stdout.readline()
        if not line:
            return
        host.lines.append(line.decode("utf-8", "replace").rstrip("\n"))


async def start_host(home: Path, *options: str, port: int = 0) -> Host:
    """Start `agent-avenue host` on 127.0.0.1 with a data folder; wait for its room code."""
    env = {**os.environ, "AGENT_AVENUE_HOME": str(home), "AGENT_AVENUE_LANG": "en"}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "agent_avenue",
        "host",
        "--bind",
        LOOPBACK,
        "--port",
        str(port),
        *options,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env=env,
    )
    assert process.stdout is not None
    lines: list[str] = []
    code = found_port = None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_TIMEOUT
    while code is None or found_port is None:
        raw = await asyncio.wait_for(process.stdout.readline(), deadline - loop.time())
        if not raw:
            raise RuntimeError("the host stopped: " + " | ".join(lines))
        line = raw.decode("utf-8", "replace").rstrip("\n")
        lines.append(line)
        if match := _CODE.search(line):
            code = match.group(1)
        if match := _LISTENING.search(line):
            found_port = int(match.group(1))
    host = Host(process, found_port, code, home, lines)
    host.reader = asyncio.create_task(_read_rest(host))
    return host


@contextlib.asynccontextmanager
async def hosting(home: Path, *options: str, port: int = 0) -> AsyncIterator[Host]:
    """A host process for the length of a `with` block, stopped afterwards whatever happens."""
    host = await start_host(home, *options, port=port)
    try:
        yield host
    finally:
        await host.stop()


def finished_records(home: Path) -> list[GameRecord]:
    """The games the host wrote on its score sheet, read from its game files."""
    from agent_avenue.storage import load_game_file

    folder = home / "games"
    return [load_game_file(path) for path in sorted(folder.glob("*.json"))]


def history_rows(home: Path) -> list[dict[str, object]]:
    """The rows of the host's score sheet."""
    path = home / "history.json"
    games = json.loads(path.read_text("utf-8"))["games"]
    assert isinstance(games, list)
    return games


def true_states(record: GameRecord) -> list[GameState]:
    """Every state of a finished game, from the deal: the server's truth, step by step."""
    state = record.start(default_rules())
    states = [state]
    for step in replay_steps(state, record.moves):
        states.append(step.state)
    return states


def finished_game(mode: Mode, seed: int, players: int = 2) -> GameRecord:
    """A whole game, its last move first among the legal ones each time (no server)."""
    from agent_avenue.engine import apply, format_action, legal_actions, new_game

    state = new_game(default_rules(), mode, seed, 0, players=players)
    moves: list[str] = []
    for _ in range(2000):
        if state.result is not None:
            break
        action = legal_actions(state)[-1]
        moves.append(format_action(action))
        state = apply(state, action)
    assert state.result is not None
    names = ("A", "B", "C", "D")[:players]
    return GameRecord(mode, seed, 0, names, tuple(moves), default_rules().version, players)


def mode_option(mode: Mode) -> tuple[str, str]:
    """The host's --mode option for a mode."""
    return ("--mode", mode.value)
