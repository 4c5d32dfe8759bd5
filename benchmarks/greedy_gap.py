"""Where a one-ply greedy bot loses ground: its choices compared with the search bot's, by kind.

Run: PYTHONPATH=src python benchmarks/greedy_gap.py [--bot greedy:classic] [--games 40]
         [--modes simple advanced] [--iterations 1500] [--seed 1]

Games are played by `--bot` in both seats. At every decision with a choice, the search bot
(`--iterations` iterations on the same view) is asked too; its root statistics give each
action's mean result, so the greedy's choice has a cost in win chance: the search's mean for
its own choice minus its mean for the greedy's. Decisions are grouped by kind (offer, discard,
recruit, black market pick, instant choice); an offer-phase decision counts as "discard" when
either bot discarded there.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from dataclasses import dataclass, field

from agent_avenue.bots import make_bot
from agent_avenue.bots.ismcts import Budget, SearchBot
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    Action,
    Answer,
    Choose,
    Discard,
    Mode,
    Offer,
    Recruit,
    Take,
    apply,
    new_game,
    player_view,
)


@dataclass
class Tally:
    """Decisions of one kind: how many, how many agreed, the win chance the greedy gave up."""

    decisions: int = 0
    agreed: int = 0
    cost: float = 0.0
    costs: list[float] = field(default_factory=list)


def kind_of(greedy: Action, search: Action) -> str:
    """The decision kind a pair of choices belongs to."""
    if isinstance(greedy, Discard) or isinstance(search, Discard):
        return "discard"
    if isinstance(greedy, Offer):
        return "offer"
    if isinstance(greedy, Recruit):
        return "recruit"
    if isinstance(greedy, Take):
        return "pick"
    if isinstance(greedy, Choose | Answer):
        return "instant"
    return "other"


def measure(spec: str, mode: Mode, games: int, iterations: int, seed: int) -> dict[str, Tally]:
    """Play `games` games of `spec` against itself and compare each decision with the search."""
    rules = default_rules()
    tallies: dict[str, Tally] = defaultdict(Tally)
    search = SearchBot("search", Budget(seconds=None, iterations=iterations))
    for game in range(games):
        rng = random.Random(f"gap-{seed}-{game}")
        bots = (make_bot(spec), make_bot(spec))
        state = new_game(rules, mode, seed * 10_000 + game, game % 2)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = player_view(state, seat)
            choice = bots[seat].choose(view, rng)
            if len(view.legal) > 1:
                report = search.analyse(view, random.Random(rng.random()))
                tally = tallies[kind_of(choice, report.best)]
                tally.decisions += 1
                if choice == report.best:
                    tally.agreed += 1
                elif not report.sure:
                    best = report.means.get(report.best, 0.0)
                    cost = best - report.means.get(choice, 0.0)
                    tally.cost += cost
                    tally.costs.append(cost)
                else:
                    tally.cost += 1.0
                    tally.costs.append(1.0)
            state = apply(state, choice)
    return dict(tallies)


def table(spec: str, mode: Mode, tallies: dict[str, Tally]) -> str:
    """A Markdown table of the tallies."""
    total_cost = sum(t.cost for t in tallies.values()) or 1.0
    lines = [
        f"{spec} against the search ({mode.value} mode)",
        "",
        "| Kind | Decisions | Same as search | Mean win chance given up | Share of all given up |",
        "|---|---|---|---|---|",
    ]
    for kind in ("offer", "discard", "recruit", "pick", "instant", "other"):
        t = tallies.get(kind)
        if t is None or not t.decisions:
            continue
        lines.append(
            f"| {kind} | {t.decisions} | {100 * t.agreed / t.decisions:.0f} % "
            f"| {100 * t.cost / t.decisions:.1f} points | {100 * t.cost / total_cost:.0f} % |"
        )
    return "\n".join(lines)


def main() -> None:
    """Measure and print one table per mode."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="greedy:classic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--modes", nargs="*", default=["simple", "advanced"])
    parser.add_argument("--iterations", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for mode in args.modes:
        tallies = measure(args.bot, Mode(mode), args.games, args.iterations, args.seed)
        print(table(args.bot, Mode(mode), tallies), flush=True)
        print()


if __name__ == "__main__":
    main()
