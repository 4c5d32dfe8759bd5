"""Thinking time of a search budget: the search bot (green's side) against the greedy bot, with
the playouts and wall-clock seconds of each searched decision (median, 10th and 95th percentile).

    .venv/bin/python benchmarks/thinking_time.py MODE PLAYERS SECONDS GAMES [ITERATIONS]

SECONDS is a processor-time budget, used when no ITERATIONS are given: `advanced 2 0 15 1000`
is the hard level's duel budget in advanced mode over 15 games, `simple 2 0.1 10` what 0.1 s of
processor time allows.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from agent_avenue.bots.ismcts import Budget, SearchBot
from agent_avenue.bots.registry import make_bot
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, new_game, player_view, side_of


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie."""
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * share), len(ordered) - 1)]


def measure(mode: Mode, players: int, budget: Budget, games: int) -> tuple[list[int], list[float]]:
    """Playouts and seconds of every decision the search bot searched, over `games` games."""
    rules = default_rules()
    search = SearchBot("search", budget)
    greedy = make_bot("greedy")
    playouts: list[int] = []
    seconds: list[float] = []
    for game in range(games):
        state = new_game(rules, mode, 1000 + game, game % 2, players)
        rng = random.Random(game)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = player_view(state, seat)
            if side_of(seat) != 0:
                state = apply(state, greedy.choose(view, rng))
                continue
            before = search.stats.playouts
            start = time.perf_counter()
            action = search.choose(view, rng)
            if search.stats.playouts > before:  # not a sure win or a single safe action
                playouts.append(search.stats.playouts - before)
                seconds.append(time.perf_counter() - start)
            state = apply(state, action)
    return playouts, seconds


def main(argv: list[str]) -> None:
    """Print one line of figures for the budget the arguments describe."""
    mode, players, cpu, games = Mode(argv[0]), int(argv[1]), float(argv[2]), int(argv[3])
    iterations = int(argv[4]) if len(argv) > 4 else None
    if iterations is not None:
        budget = Budget(seconds=None, iterations=iterations, team_iterations=iterations)
    else:
        budget = Budget(seconds=cpu, clock="cpu")
    playouts, seconds = measure(mode, players, budget, games)
    print(
        f"{mode.value} {players} players: {len(playouts)} decisions searched; playouts median "
        f"{statistics.median(playouts):.0f}, 10th percentile {percentile(playouts, 0.1):.0f}; "
        f"seconds median {statistics.median(seconds):.3f}, "
        f"95th percentile {percentile(seconds, 0.95):.3f}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
