"""Random games through the engine's public API: games and decisions per second on one core.

Run: python benchmarks/engine.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import time

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, Rules, apply, legal_actions, legal_offers, new_game


def play_random_games(
    rules: Rules, mode: Mode, games: int, discards: bool, seed: int = 0
) -> tuple[int, float]:
    """Play `games` uniformly random games; return the decisions made and the seconds taken."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for game in range(games):
        state = new_game(rules, mode, game, game % 2)
        while not state.is_over:
            # A player who never discards chooses among the offers alone.
            actions = (
                legal_actions(state) if discards else legal_offers(state) or legal_actions(state)
            )
            state = apply(state, actions[int(rng.random() * len(actions))])
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    """Print one line per configuration: games/s and decisions/s."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000, help="games per configuration")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration; best kept")
    args = parser.parse_args()
    rules = default_rules()
    configs = [
        ("simple, no discards", Mode.SIMPLE, False),
        ("simple, with discards", Mode.SIMPLE, True),
        ("advanced, with discards", Mode.ADVANCED, True),
    ]
    print(f"{'configuration':26} {'games/s':>10} {'decisions/s':>12} {'decisions/game':>15}")
    for label, mode, discards in configs:
        best: tuple[int, float] | None = None
        for _ in range(args.repeat):
            run = play_random_games(rules, mode, args.games, discards)
            if best is None or run[1] < best[1]:
                best = run
        assert best is not None
        decisions, seconds = best
        print(
            f"{label:26} {args.games / seconds:10,.0f} {decisions / seconds:12,.0f}"
            f" {decisions / args.games:15.1f}"
        )


if __name__ == "__main__":
    main()
