"""A terminal that goes away ends the app: it never spins on a closed terminal, and a game in
progress is kept to resume."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pytest

from agent_avenue.ui.terminal_watch import terminal_gone

from .harness import KeyPlayer, make_app, press_together
from .test_saves_app import saved_moves

QUIET = 0.5
"""Seconds without output after which the start screen counts as drawn."""


def _drain(master: int, until: float) -> bytes:
    """What the program writes until `until` or until it has been quiet for QUIET seconds."""
    seen = b""
    last = time.monotonic()
    while time.monotonic() < until:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            seen += chunk
            last = time.monotonic()
        elif seen and time.monotonic() - last >= QUIET:
            break
    return seen


def test_a_terminal_is_gone_only_once_its_other_end_closes() -> None:
    """The hang-up look reads nothing and tells an open terminal from a closed one."""
    master, slave = pty.openpty()
    try:
        assert not terminal_gone(slave)
        os.write(master, b"x\n")
        assert not terminal_gone(slave)
        assert os.read(slave, 10) == b"x\n"  # the key is still there for the app to read
        os.close(master)
        assert terminal_gone(slave)
    finally:
        os.close(slave)


@pytest.mark.slow
def test_the_app_ends_when_its_terminal_closes_without_a_hangup_signal() -> None:
    """A program whose terminal is not its controlling terminal gets no SIGHUP when the
    terminal closes: the app used to go on reading end-of-file at most of a core's speed, for
    ever; it now ends within a second, with status 0."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color"}
    program = subprocess.Popen(
        [sys.executable, "-m", "agent_avenue", "play"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,  # a session of its own, no controlling terminal: no SIGHUP
    )
    os.close(slave)
    try:
        assert _drain(master, time.monotonic() + 30), "the app drew nothing"
        assert program.poll() is None
        os.close(master)
        closed = time.monotonic()
        status = program.wait(timeout=10)
        assert status == 0
        assert time.monotonic() - closed < 5
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()


async def test_a_game_in_progress_is_kept_when_the_terminal_closes() -> None:
    """The moves made so far are on disk when the terminal goes, the last one included even
    though its autosave waited for the next screen to be drawn."""
    app = make_app("simple", 6)
    player = KeyPlayer(6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        while app.session is None or len(app.session.record.moves) < 2:
            await press_together(pilot, *player.keys_for(app))
        game = app.game
        assert game is not None
        actor = game.session.stage.actor
        assert actor is not None
        game.play(game.session.view(actor).legal[0])  # its autosave waits for a frame...
        moves = game.session.record.moves
        app.terminal_closed()  # ... that never comes
        await pilot.pause()
        assert not app.is_running or app.closing
    assert saved_moves() == moves
