"""The cycle collector's share of a whole game: Python's thresholds against support/collector's.

Each run is a fresh process that plays one seeded game through the keys, headless (the tests'
KeyPlayer and play_game), and reports its processor time, the time spent in the collector and
the number of full collections. Settings alternate, so a busy machine weighs on both alike.

    .venv/bin/python benchmarks/collector.py --runs 3 --mode advanced --seed 1112 --size 120x40
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import asyncio, gc, json, resource, sys, time
sys.path[:0] = [{tests!r}, {root!r}]
from agent_avenue.support.collector import tune_collector
from tests.ui.harness import KeyPlayer, make_app, play_game

spent = [0.0, 0, 0.0]
def watch(phase, info):
    if phase == "start":
        spent[2] = time.perf_counter()
    else:
        spent[0] += time.perf_counter() - spent[2]
        spent[1] += info["generation"] == 2
gc.callbacks.append(watch)
if {tuned!r}:
    tune_collector()
else:
    gc.freeze()

async def main():
    app = make_app({mode!r}, {seed})
    start = time.process_time()
    async with app.run_test(size=({width}, {height})) as pilot:
        await play_game(app, pilot, KeyPlayer({seed}))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu = time.process_time() - start
    print(json.dumps({{"cpu": cpu, "gc": spent[0], "full": spent[1], "rss": peak}}))
asyncio.run(main())
"""


def run_once(tuned: bool, mode: str, seed: int, width: int, height: int) -> dict[str, float]:
    """One game in a fresh process: processor and collector seconds, full collections, peak MiB."""
    code = CHILD.format(
        tests=str(ROOT / "tests"),
        root=str(ROOT),
        tuned=tuned,
        mode=mode,
        seed=seed,
        width=width,
        height=height,
    )
    env = {**os.environ, "AGENT_AVENUE_HOME": tempfile.mkdtemp(prefix="aa-gc-")}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Alternate the two settings and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mode", default="advanced")
    parser.add_argument("--seed", type=int, default=1112)
    parser.add_argument("--size", default="120x40")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    rows: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for _ in range(args.runs):
        for tuned in (False, True):
            rows[tuned].append(run_once(tuned, args.mode, args.seed, width, height))
    print(f"{args.mode} seed {args.seed} at {args.size}, {args.runs} runs each, medians:")
    for tuned, label in ((False, "Python's (700, 10, 10)"), (True, "support/collector")):
        cpu = statistics.median(r["cpu"] for r in rows[tuned])
        spent = statistics.median(r["gc"] for r in rows[tuned])
        full = statistics.median(r["full"] for r in rows[tuned])
        peak = statistics.median(r["rss"] for r in rows[tuned])
        print(
            f"  {label:24s} processor {cpu:5.1f} s, collector {spent:4.1f} s "
            f"({100 * spent / cpu:2.0f} %), full collections {full:.0f}, peak {peak:.0f} MiB"
        )


if __name__ == "__main__":
    main()
