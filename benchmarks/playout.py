"""The fast playout's speed: random playouts on `FastGame` from determinized starts, steps per
second of CPU time (best of several rounds).

Run: PYTHONPATH=src python benchmarks/playout.py [--rounds 9] [--compare OLD_PLAYOUT.py]

`--compare` loads another copy of bots/playout.py (for instance `git show
HEAD~1:src/agent_avenue/bots/playout.py > /tmp/old_playout.py`) and times both in turns, so a
busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

from agent_avenue.bots import playout
from agent_avenue.data import default_rules
from agent_avenue.engine import GameState, Mode, new_game, player_view
from agent_avenue.engine.sampling import determinize


def starts(deals: int) -> list[GameState]:
    """Determinized first positions of `deals` deals in each mode, as a search bot sees them."""
    rules = default_rules()
    found = []
    for deal in range(deals):
        for mode in (Mode.SIMPLE, Mode.ADVANCED):
            state = new_game(rules, mode, deal, deal % 2)
            found.append(determinize(player_view(state, state.active), random.Random(deal)))
    return found


def steps_per_second(module: ModuleType, states: list[GameState], repeat: int) -> float:
    """Play every start out `repeat` times at random; the steps per second of CPU time."""
    rng = random.Random(7)
    bases = [module.fast_game(state) for state in states]
    steps = 0
    start = time.process_time()
    for _ in range(repeat):
        for base in bases:
            game = base.clone()
            while game.phase != module.OVER:
                actions = game.legal()
                game.play(actions[int(rng.random() * len(actions))])
                steps += 1
    return steps / (time.process_time() - start)


def load(path: Path) -> ModuleType:
    """A copy of the playout module from a file."""
    spec = importlib.util.spec_from_file_location("compared_playout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Print the best steps per second of each module measured."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="rounds per module; best kept")
    parser.add_argument("--deals", type=int, default=50, help="deals per mode")
    parser.add_argument("--repeat", type=int, default=20, help="playouts per start and round")
    parser.add_argument("--compare", type=Path, default=None, help="another playout.py")
    args = parser.parse_args()
    modules = {"current": playout}
    if args.compare is not None:
        modules[str(args.compare)] = load(args.compare)
    states = starts(args.deals)
    best = dict.fromkeys(modules, 0.0)
    order = list(modules.items())
    for _ in range(args.rounds):
        for name, module in order:
            best[name] = max(best[name], steps_per_second(module, states, args.repeat))
        order.reverse()  # neither module always runs first
    for name, rate in best.items():
        print(f"{name}: {rate:,.0f} steps/s (CPU time, best of {args.rounds})")


if __name__ == "__main__":
    main()
