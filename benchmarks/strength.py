"""The strength curve: the search's win rate against the greedy bot as its budget grows.

Run: .venv/bin/python benchmarks/strength.py [--budgets 250 1000 4000 16000] [--games 300]
         [--games-at 16000=20 ...] [--modes simple advanced] [--opponent greedy] [--seed 1]
         [--workers 1] [--jsonl benchmarks/results/strength.jsonl] [--markdown FILE]
         [--compare OLD.jsonl NEW.jsonl]

A budget is a number of iterations per decision (`4000` plays `search:4000it`, no time limit)
or a level (`normal`, `hard`: `search:normal`, its fixed budget with its safety limit). Each
figure is one `run_simulation` of benchmarks/bots.py's `measure` (every deal played from both
seats, the first player alternating between deals), with its 95 % Wilson interval; one JSON
line per figure is appended to `--jsonl`, with the result of every game in play order, so that
`--compare` can set two runs on the same deals side by side (an A/B of two versions of the
code: run each with its own PYTHONPATH and the same seed and game count).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bots import Pairing, measure

from agent_avenue.bots.ismcts import LEVELS
from agent_avenue.engine import Mode

DEFAULT_BUDGETS = ("250", "1000", "4000", "16000")
RESULTS = Path(__file__).parent / "results" / "strength.jsonl"


def spec_of(budget: str) -> str:
    """The bot spec of a budget: a level's name, or a number of iterations."""
    if budget in LEVELS:
        return f"search:{budget}"
    if budget.isdigit() and int(budget) > 0:
        return f"search:{int(budget)}it"
    raise ValueError(f"a budget is a number of iterations or one of {', '.join(LEVELS)}")


def iterations_of(spec: str) -> int:
    """The iterations per decision of a search spec (a level's fixed budget for a level)."""
    arg = spec.partition(":")[2]
    if arg in LEVELS:
        return LEVELS[arg].iterations or 0
    return int(arg.removesuffix("it"))


def figure(
    budget: str, opponent: str, mode: Mode, games: int, workers: int, seed: int
) -> dict[str, object]:
    """Measure one budget in one mode: a benchmarks/bots.py row plus the budget's iterations."""
    spec = spec_of(budget)
    pairing = Pairing(f"strength-{budget}-{opponent}", spec, opponent, games, 0.0)
    row = measure(pairing, mode, games, workers, seed)
    row["iterations"] = iterations_of(spec)
    return row


HEADER = (
    "| Budget (iterations) | Mode | Games | Wins against {opponent} | 95 % interval "
    "| cpu ms per decision | playouts/s |\n|---|---|---|---|---|---|---|"
)


def row_text(row: dict[str, object]) -> str:
    """One Markdown row of the strength table."""
    decisions = int(str(row["decisions"]))
    cpu = float(str(row["cpu_seconds"]))
    playouts = int(str(row["playouts"]))
    spec = str(row["bot_a"])
    level = spec.partition(":")[2]
    name = f"{int(str(row['iterations'])):,}" + (f" ({level})" if level in LEVELS else "")
    per = f"{1000 * cpu / decisions:.0f}" if decisions else "-"
    speed = f"{playouts / cpu:,.0f}" if cpu > 0 else "-"
    return (
        f"| {name} | {row['mode']} | {row['games']} | **{100 * float(str(row['win_rate'])):.1f} %**"
        f" | {100 * float(str(row['low'])):.1f}-{100 * float(str(row['high'])):.1f} %"
        f" | {per} | {speed} |"
    )


def markdown(rows: list[dict[str, object]]) -> str:
    """The strength table: the latest figure of each budget and mode, by mode and budget."""
    latest: dict[tuple[str, str, str], dict[str, object]] = {}
    for row in rows:
        latest[str(row["bot_a"]), str(row["bot_b"]), str(row["mode"])] = row
    ordered = sorted(
        latest.values(),
        key=lambda r: (str(r["bot_b"]), r["mode"] != "simple", int(str(r["iterations"]))),
    )
    opponents = sorted({str(r["bot_b"]) for r in ordered})
    header = HEADER.format(opponent=" / ".join(opponents))
    return "\n".join([header, *(row_text(row) for row in ordered)])


def compare(old: list[dict[str, object]], new: list[dict[str, object]]) -> str:
    """Two runs on the same deals side by side: each figure's rates and the games that differ."""
    lines = [
        "| Figure | Mode | Games | Before | After | Change | Games won only before / after |",
        "|---|---|---|---|---|---|---|",
    ]
    before = {(str(r["bot_a"]), str(r["bot_b"]), str(r["mode"])): r for r in old}
    for row in new:
        key = str(row["bot_a"]), str(row["bot_b"]), str(row["mode"])
        base = before.get(key)
        if base is None or base["games"] != row["games"] or base["seed"] != row["seed"]:
            continue
        a, b = str(base.get("by_game", "")), str(row.get("by_game", ""))
        only = "-"
        if len(a) == len(b) == int(str(row["games"])):
            lost = sum(x == "1" and y == "0" for x, y in zip(a, b, strict=True))
            won = sum(x == "0" and y == "1" for x, y in zip(a, b, strict=True))
            only = f"{lost} / {won}"
        rate_a, rate_b = float(str(base["win_rate"])), float(str(row["win_rate"]))
        lines.append(
            f"| {key[0]} vs {key[1]} | {key[2]} | {row['games']} | {100 * rate_a:.1f} %"
            f" | {100 * rate_b:.1f} % | {100 * (rate_b - rate_a):+.1f} | {only} |"
        )
    return "\n".join(lines)


def _read(path: Path) -> list[dict[str, object]]:
    """The rows of a JSON-lines file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _games_at(pairs: list[str]) -> dict[str, int]:
    """`--games-at 16000=20` as {"16000": 20}."""
    found: dict[str, int] = {}
    for pair in pairs:
        budget, _, games = pair.partition("=")
        found[budget] = int(games)
    return found


def main() -> None:
    """Measure the chosen budgets in the chosen modes and print the strength table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", nargs="*", default=list(DEFAULT_BUDGETS))
    parser.add_argument("--games", type=int, default=300, help="games per figure")
    parser.add_argument("--games-at", nargs="*", default=[], help="BUDGET=GAMES exceptions")
    parser.add_argument("--modes", nargs="*", default=["simple", "advanced"])
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--jsonl", type=Path, default=RESULTS, help="append the figures here")
    parser.add_argument("--markdown", type=Path, default=None, help="print the table of a file")
    parser.add_argument("--compare", type=Path, nargs=2, default=None, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare is not None:
        print(compare(_read(args.compare[0]), _read(args.compare[1])))
        return
    if args.markdown is not None:
        print(markdown(_read(args.markdown)))
        return
    exceptions = _games_at(args.games_at)
    rows: list[dict[str, object]] = []
    for budget in args.budgets:
        for mode in args.modes:
            games = exceptions.get(budget, args.games)
            row = figure(budget, args.opponent, Mode(mode), games, args.workers, args.seed)
            rows.append(row)
            args.jsonl.parent.mkdir(parents=True, exist_ok=True)
            with args.jsonl.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
            print(row_text(row), file=sys.stderr, flush=True)
    print(markdown(rows))


if __name__ == "__main__":
    main()
