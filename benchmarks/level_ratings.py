"""The computer levels' starting ratings, from win rates measured with `simulate`.

Run: .venv/bin/python benchmarks/level_ratings.py

openskill's Plackett-Luce model predicts that A beats B with probability
Phi((mu_A - mu_B) / sqrt(2 beta^2 + sigma_A^2 + sigma_B^2)) (`PlackettLuce.predict_win`), so a
measured win rate p between two programs of fixed strength (their sigmas 0) puts their ratings
sqrt(2) * beta * Phi^-1(p) apart (beta = 25/6, openskill's default). Each level is measured
against the same opponent, the greedy bot, in both modes (seat-balanced `simulate` runs); its
gap is the mean of the two modes' gaps. The normal level, the one `bot` alone plays, is put at
25, a new name's starting rating, and the others keep their gaps to it.

The uncertainty of a level's start is the spread of its two modes' gaps (half their
difference: one rating stands for both modes) together with the measurement's own (from the
95 % Wilson interval of each win rate), and at least `MIN_SIGMA`, so that real games can still
move a level a little.

The rows below are the figures used, with where they come from; print the table and the values
for `LEVEL_STARTS` in src/agent_avenue/play/ratings.py (the test suite checks the two agree).
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import NamedTuple

from agent_avenue.cli.simulation import wilson_interval

BETA = 25.0 / 6.0
SCALE = math.sqrt(2.0) * BETA
"""Rating points per unit of the normal quantile of a win rate."""
ANCHOR = ("normal", 25.0)
MIN_SIGMA = 1.0
Z = NormalDist().inv_cdf(0.975)


class Measured(NamedTuple):
    """A level's wins against the greedy bot in one mode, and where the figure comes from."""

    level: str
    mode: str
    wins: int
    games: int
    source: str


BOTS_ROWS = "benchmarks/results/bots.jsonl, 2026-12-01"
"""Where the search levels' rows come from (the README's bots table of that day)."""

MEASURED = (
    Measured("easy", "simple", 181, 400, "simulate --games 400 --mode simple bot:easy greedy"),
    Measured("easy", "advanced", 192, 400, "simulate --games 400 --mode advanced bot:easy greedy"),
    # (those two on 2026-12-02, seed 0, two workers)
    Measured("normal", "simple", 443, 500, f"{BOTS_ROWS}: search:normal:cpu vs greedy"),
    Measured("normal", "advanced", 395, 500, f"{BOTS_ROWS}: search:normal:cpu vs greedy"),
    Measured("hard", "simple", 144, 150, f"{BOTS_ROWS}: search:hard:cpu vs greedy"),
    Measured("hard", "advanced", 114, 150, f"{BOTS_ROWS}: search:hard:cpu vs greedy"),
)


def gap(rate: float) -> float:
    """The rating gap a win rate against the same opponent stands for."""
    return SCALE * NormalDist().inv_cdf(rate)


def level_starts(
    measured: tuple[Measured, ...] = MEASURED,
) -> dict[str, tuple[float, float]]:
    """Each level's starting (rating, uncertainty), the anchor level at its rating."""
    gaps: dict[str, list[tuple[float, float]]] = {}
    for row in measured:
        low, high = wilson_interval(row.wins, row.games)
        spread = (gap(high) - gap(low)) / (2 * Z)
        gaps.setdefault(row.level, []).append((gap(row.wins / row.games), spread))
    centres: dict[str, tuple[float, float]] = {}
    for level, modes in gaps.items():
        values = [value for value, _ in modes]
        centre = sum(values) / len(values)
        measurement = math.sqrt(sum(s * s for _, s in modes)) / len(modes)
        between = (max(values) - min(values)) / 2
        centres[level] = (centre, max(math.hypot(measurement, between), MIN_SIGMA))
    level, rating = ANCHOR
    shift = rating - centres[level][0]
    return {name: (round(c + shift, 1), round(s, 1)) for name, (c, s) in centres.items()}


def main() -> int:
    """Print the measured rows and the starting ratings they give."""
    print("| level | mode | wins | games | win rate | gap to greedy | source |")
    print("|---|---|---:|---:|---:|---:|---|")
    for row in MEASURED:
        rate = row.wins / row.games
        print(
            f"| {row.level} | {row.mode} | {row.wins} | {row.games} | {100 * rate:.1f} % "
            f"| {gap(rate):+.2f} | {row.source} |"
        )
    print()
    print("LEVEL_STARTS = {")
    for level, (rating, sigma) in level_starts().items():
        print(f'    "{level}": ({rating}, {sigma}),')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
