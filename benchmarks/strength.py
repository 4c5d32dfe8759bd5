"""The strength curve: the search's win rate against the greedy bot as its budget grows.

Run: .venv/bin/python benchmarks/strength.py [--budgets 250 1000 4000 16000] [--games 300]
         [--games-at 16000=20 ...] [--modes simple advanced] [--opponent greedy] [--seed 1]
         [--workers 1] [--jsonl benchmarks/results/strength.jsonl] [--markdown FILE]
         [--compare OLD.jsonl NEW.jsonl]

A budget is a number of iterations per decision (`4000` plays `search:4000it`, no time limit)
or a level (`normal`, `hard`: `search:normal`, its fixed budget with its safety limit). A level
may have some of its Budget's number fields replaced for the benchmark only
(`normal:offer_noise=0.5,recruit_noise=0.5`: the level with those two fields changed, on one
worker; the levels themselves stay as they are). Each
figure is one `run_simulation` of benchmarks/bots.py's `measure` (every deal played from both
seats, the first player alternating between deals), with its 95 % Wilson interval; one JSON
line per figure is appended to `--jsonl`, with the result of every game in play order, so that
`--compare` can set two runs on the same deals side by side (an A/B of two versions of the
code: run each with its own PYTHONPATH and the same seed and game count; or of two settings of
a level, matched by the level whatever fields they replace), with a two-sided sign test of the
games won only before against those won only after.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from bots import Pairing, measure

from agent_avenue.bots.ismcts import LEVELS
from agent_avenue.engine import Mode

DEFAULT_BUDGETS = ("250", "1000", "4000", "16000")
RESULTS = Path(__file__).parent / "results" / "strength.jsonl"


def parse_budget(budget: str) -> tuple[str, dict[str, float]]:
    """`normal:offer_noise=0.5,recruit_noise=0.5` as ("normal", {"offer_noise": 0.5, ...}):
    the budget without its replaced fields, and those fields (none for a plain budget). Only a
    level's number fields can be replaced; ValueError for anything else."""
    base, sep, rest = budget.partition(":")
    if not sep:
        return budget, {}
    if base not in LEVELS:
        raise ValueError(f"only a level's fields can be replaced ({', '.join(LEVELS)})")
    overrides: dict[str, float] = {}
    for item in rest.split(","):
        name, eq, text = (part.strip() for part in item.partition("="))
        if not eq or not isinstance(getattr(LEVELS[base], name, None), float):
            raise ValueError(f"{item!r}: write FIELD=VALUE, FIELD a number field of Budget")
        if name in overrides:
            raise ValueError(f"{name} replaced twice")
        value = float(text)
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{item!r}: a finite number, 0 or more")
        overrides[name] = value
    return base, overrides


def label_of(budget: str) -> str:
    """The bot_a of a budget's rows: its spec, with the replaced fields after the level."""
    base, overrides = parse_budget(budget)
    fields = ",".join(f"{name}={value:g}" for name, value in overrides.items())
    return spec_of(base) + (f":{fields}" if fields else "")


@contextmanager
def level_replaced(level: str, overrides: dict[str, float]) -> Iterator[None]:
    """While inside, `LEVELS[level]` (so `search:<level>`) has these fields replaced, in this
    process only (a pool's workers build their bots from their own copy)."""
    original = LEVELS[level]
    LEVELS[level] = replace(original, **overrides)  # type: ignore[arg-type]
    try:
        yield
    finally:
        LEVELS[level] = original


def spec_of(budget: str) -> str:
    """The bot spec of a budget: a level's name, or a number of iterations."""
    if budget in LEVELS:
        return f"search:{budget}"
    if budget.isdigit() and int(budget) > 0:
        return f"search:{int(budget)}it"
    raise ValueError(f"a budget is a number of iterations or one of {', '.join(LEVELS)}")


def iterations_of(spec: str, mode: Mode) -> int:
    """The iterations per duel decision of a search spec in `mode` (a level's fixed budget for a
    level)."""
    arg = spec.partition(":")[2]
    if arg in LEVELS:
        return LEVELS[arg].duel_iterations(mode) or 0
    return int(arg.removesuffix("it"))


def figure(
    budget: str, opponent: str, mode: Mode, games: int, workers: int, seed: int
) -> dict[str, object]:
    """Measure one budget in one mode: a benchmarks/bots.py row plus the budget's iterations
    (and the level's replaced fields, if any, in `overrides` and in `bot_a`)."""
    base, overrides = parse_budget(budget)
    if overrides and workers != 1:
        raise ValueError("a level with replaced fields is measured on one worker")
    spec = spec_of(base)
    pairing = Pairing(f"strength-{base}-{opponent}", spec, opponent, games, 0.0)
    if overrides:
        with level_replaced(base, overrides):
            row = measure(pairing, mode, games, workers, seed)
        row["bot_a"] = label_of(budget)
        row["overrides"] = overrides
    else:
        row = measure(pairing, mode, games, workers, seed)
    row["iterations"] = iterations_of(spec, mode)
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
    level = spec.split(":")[1]
    name = f"{int(str(row['iterations'])):,}" + (f" ({level})" if level in LEVELS else "")
    if row.get("overrides"):
        name += " " + spec.split(":", 2)[2]
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


def sign_test(before: int, after: int) -> float:
    """The two-sided exact sign test's p-value of `before` games won only before against
    `after` won only after (each changed game equally likely either way if nothing changed)."""
    n = before + after
    tail = sum(math.comb(n, k) for k in range(min(before, after) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def _plain(spec: str) -> str:
    """A row's bot_a without a level's replaced fields (`search:normal:offer_noise=0.5`)."""
    return ":".join(part for part in spec.split(":") if "=" not in part)


def compare(old: list[dict[str, object]], new: list[dict[str, object]]) -> str:
    """Two runs on the same deals side by side: each figure's rates and the games that differ.

    Rows are matched by their bot_a without replaced level fields, bot_b and mode (the last such
    row of OLD), so a level's setting in NEW is set against the same level in OLD."""
    lines = [
        "| Figure | Mode | Games | Before | After | Change | Games won only before / after "
        "| Sign test p |",
        "|---|---|---|---|---|---|---|---|",
    ]
    before = {(_plain(str(r["bot_a"])), str(r["bot_b"]), str(r["mode"])): r for r in old}
    for row in new:
        key = _plain(str(row["bot_a"])), str(row["bot_b"]), str(row["mode"])
        base = before.get(key)
        if base is None or base["games"] != row["games"] or base["seed"] != row["seed"]:
            continue
        a, b = str(base.get("by_game", "")), str(row.get("by_game", ""))
        only = p = "-"
        if len(a) == len(b) == int(str(row["games"])):
            lost = sum(x == "1" and y == "0" for x, y in zip(a, b, strict=True))
            won = sum(x == "0" and y == "1" for x, y in zip(a, b, strict=True))
            only = f"{lost} / {won}"
            p = f"{sign_test(lost, won):.3f}"
        rate_a, rate_b = float(str(base["win_rate"])), float(str(row["win_rate"]))
        names = str(row["bot_a"]) + (
            "" if base["bot_a"] == row["bot_a"] else f" (was {base['bot_a']})"
        )
        lines.append(
            f"| {names} vs {key[1]} | {key[2]} | {row['games']} | {100 * rate_a:.1f} %"
            f" | {100 * rate_b:.1f} % | {100 * (rate_b - rate_a):+.1f} | {only} | {p} |"
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
