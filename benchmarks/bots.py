"""The bots' benchmark: the issue's target table, measured seat-balanced on all cores.

Run: PYTHONPATH=src python benchmarks/bots.py [--only NAME ...] [--modes simple advanced]
         [--scale 0.1] [--workers N] [--jsonl FILE] [--markdown FILE]

Each pairing is one `run_simulation` (every deal played from both seats, the first player
alternating between deals). `--scale` shrinks every pairing's number of games (for a quick
check); `--jsonl` appends one JSON line per measured pairing, and `--markdown` rebuilds a
results table from such a file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from agent_avenue.cli.simulate import SimulationResult, run_simulation, wilson_interval
from agent_avenue.engine import Mode


@dataclass(frozen=True)
class Pairing:
    """One line of the target table: bot A against bot B, how many games, the target."""

    name: str
    bot_a: str
    bot_b: str
    games: int
    target: float
    simple_target: float | None = None  # the simple mode's target, when it differs


PAIRINGS: tuple[Pairing, ...] = (
    # greedy:classic is the greedy bot before issue 16, kept only as this measured baseline.
    Pairing("greedy-classic", "greedy", "greedy:classic", 2000, 0.65),
    Pairing("greedy-random", "greedy", "random", 1000, 0.84),
    # The levels are fixed amounts of search (bots.ismcts.LEVELS); the targets are issue 27's.
    Pairing("normal-random", "search:normal", "random", 1000, 0.90),
    Pairing("normal-greedy", "search:normal", "greedy", 1000, 0.85),
    Pairing("hard-random", "search:hard", "random", 300, 0.93),
    Pairing("hard-greedy", "search:hard", "greedy", 300, 0.88, simple_target=0.96),
)


def measure(pairing: Pairing, mode: Mode, games: int, workers: int, seed: int) -> dict[str, object]:
    """Run one pairing and return its results as a JSON-ready row."""
    started = time.strftime("%Y-%m-%d %H:%M")

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(f"  {pairing.name} [{mode.value}] {done}/{total}", file=sys.stderr, flush=True)

    result: SimulationResult = run_simulation(
        pairing.bot_a, pairing.bot_b, games, mode, workers, seed, progress
    )
    low, high = wilson_interval(result.wins_a, result.games)
    return {
        "name": pairing.name,
        "bot_a": pairing.bot_a,
        "bot_b": pairing.bot_b,
        "mode": mode.value,
        "games": result.games,
        "wins_a": result.wins_a,
        # each game A won (1) or lost (0), in play order: deal order on one worker
        "by_game": "".join("1" if outcome.a_won else "0" for outcome in result.outcomes),
        "win_rate": result.win_rate_a,
        "low": low,
        "high": high,
        "target": (
            pairing.simple_target
            if mode is Mode.SIMPLE and pairing.simple_target is not None
            else pairing.target
        ),
        "first_player_rate": result.first_player_rate,
        "average_turns": result.average_turns,
        "reasons": result.reasons,
        "decisions": result.a.decisions,
        "playouts": result.a.playouts,
        "seconds": result.a.seconds,
        "cpu_seconds": result.a.cpu_seconds,
        "wall_seconds": result.seconds,
        "workers": workers,
        "seed": seed,
        "started": started,
    }


def row_text(row: dict[str, object]) -> str:
    """One Markdown table row for a measured pairing."""
    games = int(str(row["games"]))
    decisions = int(str(row["decisions"]))
    seconds = float(str(row.get("cpu_seconds", row["seconds"])))
    wall = float(str(row["seconds"]))
    playouts = int(str(row["playouts"]))
    rate = float(str(row["win_rate"]))
    target = float(str(row["target"]))
    met = "yes" if rate >= target else "no"
    speed = f"{decisions / seconds:,.0f}" if seconds > 0 else "-"
    per = f"{1000 * seconds / decisions:.1f} / {1000 * wall / decisions:.1f}" if decisions else "-"
    po = f"{playouts / seconds:,.0f}" if playouts and seconds > 0 else "-"
    return (
        f"| {row['bot_a']} vs {row['bot_b']} | {row['mode']} | {games} "
        f"| **{100 * rate:.1f} %** | {100 * float(str(row['low'])):.1f}-"
        f"{100 * float(str(row['high'])):.1f} % | ≥ {100 * target:.0f} % | {met} "
        f"| {speed} | {per} | {po} | {float(str(row['average_turns'])):.1f} "
        f"| {100 * float(str(row['first_player_rate'])):.1f} % |"
    )


HEADER = (
    "| Pairing (A vs B) | Mode | Games | A wins | 95 % interval | Target | Met "
    "| A decisions/s | A ms/decision (cpu / wall) | A playouts/s | Avg turns "
    "| First player wins |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def markdown(rows: list[dict[str, object]]) -> str:
    """The Markdown table of measured pairings (the latest measurement of each)."""
    latest: dict[tuple[str, str], dict[str, object]] = {}
    for row in rows:
        latest[str(row["name"]), str(row["mode"])] = row
    order = {p.name: i for i, p in enumerate(PAIRINGS)}
    keyed = sorted(latest.items(), key=lambda kv: (kv[0][1] != "simple", order.get(kv[0][0], 99)))
    return "\n".join([HEADER, *(row_text(row) for _, row in keyed)])


def main() -> None:
    """Measure the chosen pairings and print their table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="pairing names to run")
    parser.add_argument("--modes", nargs="*", default=["simple", "advanced"])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the games to play")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jsonl", type=Path, default=None, help="append results to this file")
    parser.add_argument("--markdown", type=Path, default=None, help="print the table of a file")
    args = parser.parse_args()
    if args.markdown is not None:
        saved = [json.loads(line) for line in args.markdown.read_text().splitlines() if line]
        print(markdown(saved))
        return
    rows: list[dict[str, object]] = []
    for pairing in PAIRINGS:
        if args.only and pairing.name not in args.only:
            continue
        for mode in args.modes:
            games = max(2, round(pairing.games * args.scale))
            row = measure(pairing, Mode(mode), games, args.workers or _cores(), args.seed)
            rows.append(row)
            if args.jsonl is not None:
                with args.jsonl.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
            print(row_text(row), flush=True)
    print()
    print(markdown(rows))


def _cores() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    main()
