"""How long the ratings of a 10,000-game score sheet take (target: under 1 s).

Run: .venv/bin/python benchmarks/ratings.py [--games 10000] [--runs 5] [--profile]

Builds a synthetic score sheet (seeded): 30 names, 60 % duels, 20 % three-player and 20 %
four-player games, half of them against a computer level, and writes it as a real
history.json in a temporary data folder. Then, for each run, it rates the sheet's rows from
scratch (`play.ratings.rate_games`, the same call `history`, the score sheet screen and the
start screen make), and prints the best and median wall-clock and processor seconds. Reading
the sheet (`storage.load_history`: JSON parsing and pydantic validation of every row) is timed
apart, since it is the score sheet's cost, not the ratings'.

`--profile` prints where the time of one run goes (cProfile), e.g. to see the share of
openskill's own copying of its inputs.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from agent_avenue.data.seat_kinds import LEVELS
from agent_avenue.engine import seats_of
from agent_avenue.play.ratings import rate_games
from agent_avenue.storage import HistoryRow, history_path, load_history
from agent_avenue.storage.files import HistoryFile, dump_document

TARGET = 1.0
NAMES = tuple(f"Player {n}" for n in range(30))


def synthetic_rows(games: int, seed: int = 1) -> list[HistoryRow]:
    """A seeded score sheet of `games` valid rows, oldest first."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows: list[HistoryRow] = []
    for number in range(games):
        players = rng.choices((2, 3, 4), weights=(6, 2, 2))[0]
        names = rng.sample(NAMES, players)
        kinds = ["human"] * players
        if rng.random() < 0.5:  # the computer plays blue's seats
            level = rng.choice(LEVELS)
            for seat in seats_of(1, players):
                kinds[seat], names[seat] = f"bot:{level}", f"Blue {seat}"
        winner = rng.randrange(2)
        rows.append(
            HistoryRow.model_validate(
                {
                    "game": f"20260101-000000-{number:06x}",
                    "date": start + timedelta(minutes=number),
                    "mode": rng.choice(("simple", "advanced")),
                    "names": tuple(names),
                    "players": tuple(kinds),
                    "winner": winner,
                    "winner_name": " & ".join(names[s] for s in seats_of(winner, players)),
                    "reasons": ("catch",),
                    "conditions": ({"side": winner, "reason": "catch", "wins": True},),
                    "by_tie_rule": False,
                    "turns": rng.randint(3, 12),
                }
            )
        )
    return rows


def timed(function: object, runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and processor seconds of `runs` calls of a function without arguments."""
    assert callable(function)
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def line(label: str, walls: list[float], cpus: list[float]) -> str:
    """One result line: best and median, wall and processor time."""
    return (
        f"{label}: best {min(walls):.3f} s, median {statistics.median(walls):.3f} s wall; "
        f"best {min(cpus):.3f} s, median {statistics.median(cpus):.3f} s processor"
    )


def main() -> int:
    """Build the sheet, time the ratings (and the reading apart); exit 1 over the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["AGENT_AVENUE_HOME"] = home
        rows = synthetic_rows(args.games)
        path = Path(history_path())
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_document(HistoryFile.of(tuple(rows))), encoding="utf-8")
        read, problem = load_history()
        assert problem is None and len(read) == args.games
        rate_games(read[:10])  # openskill imported once, outside the timing
        walls, cpus = timed(lambda: rate_games(read), args.runs)
        print(f"{args.games:,} games, {len(rate_games(read).players)} players rated")
        print(line("ratings", walls, cpus))
        print(line("reading the sheet", *timed(load_history, max(1, args.runs // 2))))
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(rate_games, read)
            pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    met = statistics.median(walls) < TARGET
    print(f"target: under {TARGET:.0f} s (median wall): {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
