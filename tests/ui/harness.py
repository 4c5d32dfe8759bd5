"""Helpers for the app tests: a seeded app, the screen as text, and a driver that plays by keys.

The driver chooses among the engine's legal actions (from the session, which only tests may
touch) and performs each one by pressing the keys a player would press on the screen shown.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widget import Widget

from agent_avenue import storage
from agent_avenue.engine import (
    Mode,
    Phase,
)
from agent_avenue.i18n import agent_name, card_name
from agent_avenue.ui.hot_seat_app import HotSeatApp
from agent_avenue.ui.launch import LaunchOptions
from agent_avenue.ui.screens.game_over import GameOverScreen
from ui_helpers import RULES as RULES  # shared with the network tests (tests/ui_helpers.py)
from ui_helpers import KeyPlayer as KeyPlayer
from ui_helpers import names_in as names_in
from ui_helpers import screen_kind as screen_kind
from ui_helpers import screen_text as screen_text

AGENT_NAMES = frozenset(agent_name(a) for a in RULES.agent_ids)
CARD_NAMES = frozenset(card_name(c) for c in RULES.card_ids)
MAX_STEPS = 3000

Visit = Callable[[HotSeatApp, str], Awaitable[None] | None]


SHORT_GAME = 23
"""A simple-mode seed whose game KeyPlayer ends in 5 decisions (Green first): for the tests
that need a finished game, not a long one."""

FAST_BOT = "greedy"
"""The computer player the app tests use instead of a level's search (it answers at once)."""


def make_app(
    mode: str = "simple",
    seed: int = 1,
    first: int | None = 0,
    names: tuple[str, str] | None = None,
    *,
    opponent: str = "human",
    seat: int = 0,
    bot: str | None = FAST_BOT,
) -> HotSeatApp:
    """A seeded app with animations, handoff pauses and the computer's pause off (the tests
    press keys at once); against the computer (`opponent` "bot:<level>") the person plays
    side `seat` and the computer plays as `bot` (a fast spec) whatever its level."""
    options = LaunchOptions(Mode(mode), seed, names, first, opponent=opponent, seat=seat)
    app = HotSeatApp(RULES, options)
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    app.computer.override = bot
    app.computer.pause = 0
    app.reading_pause = 0
    return app


SETTLE_ROUNDS = 200
"""How many refreshes `settled_screenshot` waits at most for the screen to hold still."""


def _busy(app: HotSeatApp) -> bool:
    """Whether a worker (the computer's move, a hint) is still running or about to."""
    return app.computer.starting or any(not worker.is_finished for worker in app.workers)


def _pending(app: HotSeatApp) -> bool:
    """Whether the app or a widget of the screen shown has messages (a mount, a callback
    after a refresh, a worker's result) it has not handled yet."""
    nodes = [app, *app.screen.walk_children(with_self=True)]
    # Textual has no public way to ask a message pump whether its queue is empty.
    return any(node._message_queue.qsize() or node._next_callbacks for node in nodes)


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the app has handled everything a key set off: no worker running and no
    message waiting anywhere on the screen.

    `pilot.pause()` alone waits until the process looks idle, and a process the machine
    starves of processor time looks idle too: on a busy machine a test could read a screen
    while the computer's move was still being shown. This checks the work itself.
    """
    app = pilot.app
    assert isinstance(app, HotSeatApp)
    for _ in range(SETTLE_ROUNDS * 5):
        await pilot.pause()
        if _busy(app) or _pending(app):
            continue
        # A worker that has just finished hands its result over on the next loop turn.
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        if not _pending(app):
            return
    raise AssertionError(f"the app did not settle ({screen_kind(app)})")


async def wait_until(pilot: Pilot[int], check: Callable[[], object], seconds: float = 60.0) -> None:
    """Let the app run until `check()` is true (the computer answers from a thread), for at
    most `seconds` of wall time: a count of pauses runs out early on a busy machine."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        await pilot.pause(0.02)
    raise AssertionError("it did not happen")


async def settled_screenshot(pilot: Pilot[int]) -> str:
    """The SVG screenshot once the screen holds still: no animation scheduled, no worker
    running, and the same picture after two refreshes in a row.

    Work left for after a refresh (a log scrolled to its end, the focus given to a new panel)
    can still change the screen after `pilot.pause()`, above all on a busy machine; a snapshot
    taken then depends on timing. Waiting for two identical pictures does not.
    """
    app = pilot.app
    assert isinstance(app, HotSeatApp)
    last = ""
    for _ in range(SETTLE_ROUNDS):
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        svg = app.export_screenshot()
        if svg == last and not _busy(app):
            return svg
        last = svg
    raise AssertionError(f"the screen did not hold still ({screen_kind(app)})")


def region_text(app: HotSeatApp, widget: Widget) -> str:
    """The part of the screen text inside one widget's region."""
    region = widget.region
    lines = screen_text(app).splitlines()
    rows = lines[region.y : region.y + region.height]
    return "\n".join(row[region.x : region.x + region.width] for row in rows)


def svg_text(app: HotSeatApp) -> str:
    """The text runs of the exported SVG screenshot, spaces restored."""
    svg = app.export_screenshot()
    runs = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    text = " ".join(runs)
    return text.replace("&#160;", " ").replace("&amp;", "&")


KEY_CHARACTERS = {"enter": "\r", "space": " ", "escape": "\x1b", "question_mark": "?"}


async def press_together(pilot: Pilot[int], *keys: str) -> None:
    """Press the keys of one decision as a quick typist does: all of them arrive before the
    screen is laid out again, each still handled in turn by the widget with the keys; then
    wait for the screen to hold still. One layout for the decision instead of one per key."""
    app = pilot.app
    for key in keys:
        char = KEY_CHARACTERS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)


async def play_game(
    app: HotSeatApp, pilot: Pilot[int], player: KeyPlayer, visit: Visit | None = None
) -> list[str]:
    """From the start screen to the game-over screen; returns the kinds of screen seen."""
    await pilot.press("enter")
    await settle(pilot)
    seen: list[str] = []
    for _ in range(MAX_STEPS):
        kind = screen_kind(app)
        seen.append(kind)
        if visit is not None:
            result = visit(app, kind)
            if result is not None:
                await result
        if isinstance(app.screen, GameOverScreen):
            return seen
        keys = player.keys_for(app)
        if keys:
            await press_together(pilot, *keys)
        else:
            await settle(pilot)
    raise AssertionError("the game did not end")


def phase_of(app: HotSeatApp) -> Phase | None:
    """The phase the game waits in (None before a game starts)."""
    return app.session.stage.phase if app.session else None


def the_save() -> Path:
    """The save file of the one game in progress (`saves/<id>.json`); a path that does not
    exist when there is none (or more than one)."""
    files = sorted(storage.saves_dir().glob("*.json"))
    return files[0] if len(files) == 1 else storage.saves_dir() / "no-single-save.json"
