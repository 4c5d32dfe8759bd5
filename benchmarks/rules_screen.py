"""Time from pressing `?` on the start screen to the rules book drawn, in a headless app.

Run: PYTHONPATH=src python benchmarks/rules_screen.py [--runs N]

Each run starts a new app (Textual's headless driver, 100x32), waits for the start screen, then
presses `?`; the screen notes the time right after its first refresh with the rules text (its
first sections) and the time its last section is shown. The first opening in each app is
timed, then a second one after closing it (the rules book may be built once per app). Wall-clock
seconds on this machine; the best and the median of the runs are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

TARGET = 0.3


async def one_run() -> tuple[float, float, float]:
    """One app: seconds to the first rules book drawn, to the whole book shown (its later
    sections are added after the first drawing), and to the second opening drawn."""
    from agent_avenue.data import load_rules
    from agent_avenue.ui.hot_seat_app import HotSeatApp
    from agent_avenue.ui.screens.rules import RulesScreen

    app = HotSeatApp(load_rules())
    times: list[float] = []
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for _ in range(2):
            start = time.perf_counter()
            await pilot.press("question_mark")
            while not isinstance(app.screen, RulesScreen) or app.screen.drawn is None:
                await pilot.pause(0.01)
            screen = app.screen
            times.append(screen.drawn - start)
            while screen.complete is None:
                await pilot.pause(0.01)
            times.append(screen.complete - start)
            await pilot.press("escape")
            await pilot.pause()
    return times[0], times[1], times[2]  # the second opening's whole book is not printed


def main() -> None:
    """Print the best and median times over several runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="number of runs (default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["AGENT_AVENUE_HOME"] = home  # never the players' own saves
        results = [asyncio.run(one_run()) for _ in range(args.runs)]
    first = [r[0] for r in results]
    whole = [r[1] for r in results]
    again = [r[2] for r in results]
    print(
        f"rules screen drawn after '?': first best {min(first):.3f} s, median "
        f"{statistics.median(first):.3f} s; whole book shown: median "
        f"{statistics.median(whole):.3f} s; again median {statistics.median(again):.3f} s "
        f"({args.runs} runs)"
    )
    verdict = "within" if statistics.median(first) < TARGET else "OVER"
    print(f"{verdict} the {TARGET:.1f} s target")


if __name__ == "__main__":
    main()
