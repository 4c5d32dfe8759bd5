"""Helpers for the app tests: a seeded app, the screen as text, and a driver that plays by keys.

The driver chooses among the engine's legal actions (from the session, which only tests may
touch) and performs each one by pressing the keys a player would press on the screen shown.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.widget import Widget

from agent_avenue import storage
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Answer,
    Choose,
    Discard,
    Mode,
    Offer,
    Phase,
    Recruit,
    Take,
)
from agent_avenue.i18n import agent_name, card_name
from agent_avenue.ui.app import AgentAvenueApp, LaunchOptions
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import (
    ChoicePanel,
    ConfirmPanel,
    OfferPanel,
    PickPanel,
    RecruitPanel,
    RevealPanel,
    ThinkingPanel,
)

RULES = default_rules()
AGENT_NAMES = frozenset(agent_name(a) for a in RULES.agent_ids)
CARD_NAMES = frozenset(card_name(c) for c in RULES.card_ids)
MAX_STEPS = 3000

Visit = Callable[[AgentAvenueApp, str], Awaitable[None] | None]


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
) -> AgentAvenueApp:
    """A seeded app with animations, handoff pauses and the computer's pause off (the tests
    press keys at once); against the computer (`opponent` "bot:<level>") the person plays
    side `seat` and the computer plays as `bot` (a fast spec) whatever its level."""
    options = LaunchOptions(Mode(mode), seed, names, first, opponent=opponent, seat=seat)
    app = AgentAvenueApp(RULES, options)
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    app.bot_override = bot
    app.bot_pause = 0
    app.reading_pause = 0
    return app


SETTLE_ROUNDS = 200
"""How many refreshes `settled_screenshot` waits at most for the screen to hold still."""


def _busy(app: AgentAvenueApp) -> bool:
    """Whether a worker (the computer's move, a hint) is still running or about to."""
    return any(not worker.is_finished for worker in app.workers)


def _pending(app: AgentAvenueApp) -> bool:
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
    assert isinstance(app, AgentAvenueApp)
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


async def settled_screenshot(pilot: Pilot[int]) -> str:
    """The SVG screenshot once the screen holds still: no animation scheduled, no worker
    running, and the same picture after two refreshes in a row.

    Work left for after a refresh (a log scrolled to its end, the focus given to a new panel)
    can still change the screen after `pilot.pause()`, above all on a busy machine; a snapshot
    taken then depends on timing. Waiting for two identical pictures does not.
    """
    app = pilot.app
    assert isinstance(app, AgentAvenueApp)
    last = ""
    for _ in range(SETTLE_ROUNDS):
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        svg = app.export_screenshot()
        if svg == last and not _busy(app):
            return svg
        last = svg
    raise AssertionError(f"the screen did not hold still ({screen_kind(app)})")


def screen_text(app: AgentAvenueApp, blank: tuple[Widget, ...] = ()) -> str:
    """The current screen as plain text, exactly as the compositor draws it.

    The regions of the `blank` widgets are replaced by spaces.
    """
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    text = console.export_text(styles=False)
    if not blank:
        return text
    lines = text.splitlines()
    for widget in blank:
        region = widget.region
        for y in range(region.y, min(region.bottom, len(lines))):
            line = lines[y].ljust(region.right)
            lines[y] = line[: region.x] + " " * region.width + line[region.right :]
    return "\n".join(lines)


def region_text(app: AgentAvenueApp, widget: Widget) -> str:
    """The part of the screen text inside one widget's region."""
    region = widget.region
    lines = screen_text(app).splitlines()
    rows = lines[region.y : region.y + region.height]
    return "\n".join(row[region.x : region.x + region.width] for row in rows)


def svg_text(app: AgentAvenueApp) -> str:
    """The text runs of the exported SVG screenshot, spaces restored."""
    svg = app.export_screenshot()
    runs = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    text = " ".join(runs)
    return text.replace("&#160;", " ").replace("&amp;", "&")


def names_in(text: str, names: frozenset[str] | set[str]) -> set[str]:
    """Which of these names appear in the text as whole words."""
    flat = " ".join(text.split())
    return {n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", flat)}


def screen_kind(app: AgentAvenueApp) -> str:
    """A short name for what is shown: the screen, or the table's panel."""
    screen = app.screen
    if isinstance(screen, TableScreen):
        return type(screen.panel).__name__
    return type(screen).__name__


class KeyPlayer:
    """Plays a whole game by pressing keys, choosing uniformly among the legal actions."""

    def __init__(self, seed: int, discard_rate: float = 0.2) -> None:
        self.rng = random.Random(seed)
        self.discard_rate = discard_rate

    def pick(self, actions: tuple[object, ...]) -> object:
        """One of the actions; discards only now and then so games keep moving."""
        discards = [a for a in actions if isinstance(a, Discard)]
        others = [a for a in actions if not isinstance(a, Discard)]
        if discards and self.rng.random() < self.discard_rate:
            return self.rng.choice(discards)
        return self.rng.choice(others or discards)

    def keys_for(self, app: AgentAvenueApp) -> list[str]:
        """The keys that carry out a chosen legal action on the screen shown."""
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            return ["enter"]
        assert isinstance(screen, TableScreen), screen
        panel = screen.panel
        session = app.session
        assert session is not None
        if isinstance(panel, RevealPanel):
            return ["enter"]
        if isinstance(panel, ThinkingPanel):
            return []  # the computer's turn: nothing to press, wait for it
        actor = session.stage.actor
        assert actor is not None
        legal = session.view(actor).legal
        action = self.pick(legal)
        if isinstance(panel, OfferPanel):
            hand = list(panel.hand)
            if isinstance(action, Discard):
                return [str(hand.index(action.agent) + 1), "x"]
            assert isinstance(action, Offer)
            up = hand.index(action.face_up)
            down = next(i for i, a in enumerate(hand) if a == action.face_down and i != up)
            return [str(up + 1), "u", str(down + 1), "d", "enter"]
        if isinstance(panel, RecruitPanel):
            assert isinstance(action, Recruit)
            return ["u" if action.face_up else "d"]
        if isinstance(panel, PickPanel):
            assert isinstance(action, Take)
            return [str(panel.cards.index(action.card) + 1)]
        if isinstance(panel, ChoicePanel):
            assert isinstance(action, Choose)
            return [str(panel.options.index(action.agent) + 1)]
        if isinstance(panel, ConfirmPanel):
            assert isinstance(action, Answer)
            return ["y" if action.yes else "n"]
        raise AssertionError(f"no keys for {type(panel).__name__}")


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
    app: AgentAvenueApp, pilot: Pilot[int], player: KeyPlayer, visit: Visit | None = None
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


def phase_of(app: AgentAvenueApp) -> Phase | None:
    """The phase the game waits in (None before a game starts)."""
    return app.session.stage.phase if app.session else None


def the_save() -> Path:
    """The save file of the one game in progress (`saves/<id>.json`); a path that does not
    exist when there is none (or more than one)."""
    files = sorted(storage.saves_dir().glob("*.json"))
    return files[0] if len(files) == 1 else storage.saves_dir() / "no-single-save.json"
