"""Processor time and Textual's drawing counts per screen change, headless (`App.run_test`).

A load-independent companion to feel.py: seeded hot-seat games played by keys (the tests'
KeyPlayer), one key at a time; for each key, `time.process_time()` from the key to the frame
after which the screen no longer changed (reading the frames' text is not counted), then for
all the frames it caused: widgets whose content was rendered, lines rendered, frames; and the
widgets on the screen.
Also the first handoff from the start screen, `resume` (a fresh app taking up a save, to its
first frame) and one step of a reveal's meeple walk.

    .venv/bin/python benchmarks/transitions.py --size 120x40 --games 2
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]
os.environ.setdefault("AGENT_AVENUE_LANG", "en")

from tests.ui.harness import RULES, KeyPlayer, make_app, screen_kind, screen_text  # noqa: E402
from textual.pilot import Pilot  # noqa: E402
from textual.widget import Widget  # noqa: E402
from transition_rows import KIND_OF_WIDGET, transition  # noqa: E402

from agent_avenue.ui.hot_seat_app import HotSeatApp  # noqa: E402
from agent_avenue.ui.launch import LaunchOptions  # noqa: E402
from agent_avenue.ui.screens.game_over import GameOverScreen  # noqa: E402
from agent_avenue.ui.screens.table import TableScreen  # noqa: E402
from agent_avenue.ui.widgets import BoardRing  # noqa: E402


@dataclass
class Counters:
    """What Textual did since the last reset: frames sent, content renders, lines rendered."""

    frames: list[float] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    """The text of each frame."""
    reading: float = 0.0
    """Processor seconds spent reading the frames' text (taken off the times)."""
    renders: int = 0
    lines: int = 0

    def reset(self) -> None:
        """Forget everything counted so far."""
        self.frames.clear()
        self.shown.clear()
        self.reading = 0.0
        self.renders = 0
        self.lines = 0

    def complete(self, start: float) -> float:
        """Processor seconds from `start` to the frame after which the screen no longer
        changed (frames that redraw the same text do not count)."""
        if not self.frames:
            return 0.0
        done = self.frames[-1]
        for stamp, text in zip(reversed(self.frames), reversed(self.shown), strict=True):
            if text != self.shown[-1]:
                break
            done = stamp
        return done - start


COUNT = Counters()
PROFILE: tuple[str, cProfile.Profile] | None = None
"""The screen whose keys are profiled (--profile), and the profiler."""


def instrument() -> None:
    """Count frames (as test_frames.py does), content renders and rendered lines."""
    display = HotSeatApp._display
    render_content = Widget._render_content
    render_lines = Widget.render_lines

    def recording(app: HotSeatApp, screen: object, renderable: object) -> None:
        display(app, screen, renderable)  # type: ignore[arg-type]
        if renderable is not None and not app._batch_count:
            now = time.process_time()
            counted = (COUNT.renders, COUNT.lines)
            shown = screen_text(app)  # what the frame shows, its cost not counted
            COUNT.renders, COUNT.lines = counted
            COUNT.reading += time.process_time() - now
            COUNT.frames.append(now - COUNT.reading)
            COUNT.shown.append(shown)

    def counted_render(widget: Widget) -> None:
        COUNT.renders += 1
        render_content(widget)

    def counted_lines(widget: Widget, crop: object) -> object:
        strips = render_lines(widget, crop)  # type: ignore[arg-type]
        COUNT.lines += len(strips)
        return strips

    HotSeatApp._display = recording  # type: ignore[method-assign]
    Widget._render_content = counted_render  # type: ignore[method-assign]
    Widget.render_lines = counted_lines  # type: ignore[method-assign,assignment]


async def quiet(pilot: Pilot[int]) -> None:
    """Wait until no frame comes any more and no worker runs."""
    app = pilot.app
    still = 0
    while still < 3:
        count = len(COUNT.frames)
        await pilot.pause()
        busy = any(not worker.is_finished for worker in app.workers)
        still = 0 if busy or len(COUNT.frames) != count else still + 1


def row_of(before: str, after: str) -> str:
    """The row a key is counted in: feel.py's, or a key inside a panel."""
    if before == after:
        return f"a key inside {before}"
    return transition(KIND_OF_WIDGET.get(before, before), KIND_OF_WIDGET.get(after, after))


Rows = dict[str, list[tuple[float, int, int, int, int]]]


async def key(pilot: Pilot[int], name: str, rows: Rows, row: str | None = None) -> None:
    """Press one key and count what it cost until the screen is still."""
    app = pilot.app
    await quiet(pilot)
    before = screen_kind(app)  # type: ignore[arg-type]
    COUNT.reset()
    profiling = PROFILE is not None and before == PROFILE[0]
    if profiling:
        PROFILE[1].enable()
    start = time.process_time()
    await pilot.press(name)
    await quiet(pilot)
    if profiling:
        PROFILE[1].disable()
    after = screen_kind(app)  # type: ignore[arg-type]
    widgets = len(list(app.screen.walk_children()))
    drawn = (COUNT.renders, COUNT.lines, len(COUNT.frames), widgets)
    measured = (COUNT.complete(start) * 1000, *drawn)
    rows[row or row_of(before, after)].append(measured)


async def game(size: tuple[int, int], seed: int, rows: Rows) -> None:
    """One simple hot-seat game by keys, then `resume` of a game left after a few keys."""
    app = make_app("simple", seed)
    player = KeyPlayer(seed)
    async with app.run_test(size=size) as pilot:
        await quiet(pilot)
        await key(pilot, "enter", rows)
        for _ in range(3000):
            if isinstance(app.screen, GameOverScreen):
                break
            keys = player.keys_for(app)
            if not keys:
                await quiet(pilot)
                continue
            for name in keys:
                await key(pilot, name, rows)
            if screen_kind(app) == "OfferPanel":  # cards that cannot go together
                await key(pilot, "x", rows)
        await walk_steps(pilot, app, rows)


async def walk_steps(pilot: Pilot[int], app: HotSeatApp, rows: Rows) -> None:
    """One step of a meeple walk on the table under the result: two cells change."""
    tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
    if not tables:
        return
    await app.pop_screen()
    await quiet(pilot)
    board = tables[-1].query_one(BoardRing)
    green, blue = board.positions
    for step in range(1, 7):
        COUNT.reset()
        start = time.process_time()
        board.show_positions(((green + step) % 14, blue))
        await quiet(pilot)
        widgets = len(list(app.screen.walk_children()))
        rows["a step of the meeple walk"].append(
            (COUNT.complete(start) * 1000, COUNT.renders, COUNT.lines, len(COUNT.frames), widgets)
        )


async def resume(size: tuple[int, int], seed: int, rows: Rows) -> None:
    """A game left after a few keys, then a new app resuming it: to its first frame."""
    app = make_app("simple", seed)
    player = KeyPlayer(seed)
    async with app.run_test(size=size) as pilot:
        await quiet(pilot)
        await pilot.press("enter")
        for _ in range(8):
            await quiet(pilot)
            for name in player.keys_for(app):
                await pilot.press(name)
        await quiet(pilot)
    COUNT.reset()
    start = time.process_time()
    again = HotSeatApp(RULES, LaunchOptions(resume=True))
    again.animation_level = "none"
    async with again.run_test(size=size) as pilot:
        await quiet(pilot)
        widgets = len(list(again.screen.walk_children()))
        rows["resume → its first screen"].append(
            (COUNT.complete(start) * 1000, COUNT.renders, COUNT.lines, len(COUNT.frames), widgets)
        )


def main() -> None:
    """Play, then print a row per kind of key: processor ms (median, 95th), counts (median)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--profile", help="profile the keys pressed on this screen (kind)")
    args = parser.parse_args()
    global PROFILE
    if args.profile:
        PROFILE = (args.profile, cProfile.Profile())
    size = tuple(int(n) for n in args.size.split("x"))
    assert len(size) == 2
    instrument()
    rows: Rows = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["AGENT_AVENUE_HOME"] = folder
        for n in range(args.games):
            asyncio.run(game((size[0], size[1]), args.seed + n, rows))
            for save in Path(folder).rglob("saves/*.json"):
                save.unlink()
            asyncio.run(resume((size[0], size[1]), args.seed + n, rows))
    print(f"{'key → frame complete (processor ms)':40} {'n':>4} {'med':>6} {'p95':>6}", end="")
    print(f" {'renders':>8} {'lines':>6} {'frames':>6} {'widgets':>7}")
    for row in sorted(rows):
        values = rows[row]
        ms = sorted(v[0] for v in values)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        counts = [statistics.median(v[i] for v in values) for i in range(1, 5)]
        print(f"{row:40} {len(ms):4} {statistics.median(ms):6.1f} {p95:6.1f}", end="")
        print(" {:8.0f} {:6.0f} {:6.0f} {:7.0f}".format(*counts))
    if PROFILE is not None:
        stats = pstats.Stats(PROFILE[1])
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
