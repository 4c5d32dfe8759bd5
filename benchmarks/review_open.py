"""A second look at a game's review: its screen opened from the review stored with the game.

Run: .venv/bin/python benchmarks/review_open.py [--runs 5] [--home DIR]

The game is `benchmarks/review.py speed`'s (an advanced duel of greedy self-play, 30 decisions
to review); its review is computed once at the full budget and stored in `--home` (a new
temporary folder by default; give one to keep it between runs). Each run is a fresh process, as
a player's next session is: the app starts (the app's cycle collector settings, headless,
160x45), the score sheet is opened, and `v` opens the game's review from the stored one,
twice (the first time imports the review's modules, as in a new session). Timed from the key
to the end of the first frame Textual draws with the plot and the side column laid out (the
review is on the screen), and to the end of the opening's last frame (Textual draws a screen
again at its first resize, then the key bar): wall-clock and processor seconds;
the medians and the best of the runs are printed (target 0.3 s). The modules are loaded from
compiled bytecode, as an installed game's are (kept in the data folder: a first run, not
counted, writes it, even where PYTHONDONTWRITEBYTECODE is set).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGET = 0.3
SIZE = (160, 45)
SETTLE = 0.4
"""Seconds left for the frames of an opening (the last one ends its timing)."""


async def _open_twice() -> list[list[float]]:
    """In this fresh process: the app, the score sheet, then the stored review's screen opened
    twice; for each, (wall, processor) seconds to the first frame showing the plot and the side
    column, then to the last frame of the opening."""
    from textual._compositor import Compositor  # to note when a frame has been drawn

    from agent_avenue.data import default_rules
    from agent_avenue.support.collector import tune_collector
    from agent_avenue.ui.hot_seat_app import HotSeatApp

    rules = default_rules()
    frames: list[tuple[float, float, bool]] = []
    render_update = Compositor.render_update

    def noted(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        """Textual's frame, noting when it was done and whether it shows the review."""
        frame = render_update(self, *args, **kwargs)
        screen = app.screen
        plot, side = screen.query("#review-plot"), screen.query("#review-side")
        shown = bool(plot and side and plot.first().region.area and side.first().region.area)
        frames.append((time.perf_counter(), time.process_time(), shown))
        return frame

    Compositor.render_update = noted  # type: ignore[method-assign]
    tune_collector()
    app = HotSeatApp(rules)
    found: list[list[float]] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from agent_avenue.ui.screens.history import HistoryScreen

        await app.push_screen(HistoryScreen(rules))
        await pilot.pause(SETTLE)
        for _ in range(2):
            frames.clear()
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press("v")  # the score sheet reviews its newest game
            await pilot.pause(SETTLE)  # every frame the opening draws
            first = next(frame for frame in frames if frame[2])
            last = frames[-1]
            found.append([first[0] - wall, first[1] - cpu, last[0] - wall, last[1] - cpu])
            await pilot.press("escape")
            await pilot.pause(SETTLE)
    return found


def _child(home: Path) -> None:
    """One run, in its own process: print its figures as JSON."""
    os.environ["AGENT_AVENUE_HOME"] = str(home)
    print(json.dumps(asyncio.run(_open_twice())))


def _prepare(home: Path) -> None:
    """The game, and its review stored in `home` (computed on every core the first time)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from review import SPEED_GAME_DECISIONS, speed_game

    from agent_avenue.data import default_rules
    from agent_avenue.storage import HUMAN, record_finished
    from agent_avenue.teaching.review_judge import ReviewBudget
    from agent_avenue.teaching.review_store import stored_or_new

    rules = default_rules()
    record = speed_game(rules, SPEED_GAME_DECISIONS)
    stored_or_new(record, None, ReviewBudget(), rules=rules, home=home)
    record_finished(record, (HUMAN, HUMAN), home=home, once=True)  # on the score sheet
    print(f"advanced duel seed {record.seed}, {len(record.moves)} moves, review stored in {home}")


def main() -> None:
    """Prepare once, then time the runs, each in a fresh process."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--home", type=Path, default=None)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="review-open-"))
    if args.child:
        _child(home)
        return
    home.mkdir(parents=True, exist_ok=True)
    _prepare(home)
    # As an installed game runs: from compiled bytecode (kept outside the source tree), which
    # a first run, not counted, writes.
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(home / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = []
    for run in range(args.runs + 1):
        command = [sys.executable, __file__, "--child", "--home", str(home)]
        done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
        if run:
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    for index, label in ((0, "first look in a new session"), (1, "again in the same session")):
        for column, frame in ((0, "shown (first frame)"), (2, "last frame")):
            walls = [run[index][column] for run in runs]
            cpus = [run[index][column + 1] for run in runs]
            print(
                f"{label}, {frame}: wall median {statistics.median(walls):.3f} s (best "
                f"{min(walls):.3f}), processor median {statistics.median(cpus):.3f} s (best "
                f"{min(cpus):.3f}); {args.runs} runs, target {TARGET} s"
            )


if __name__ == "__main__":
    main()
