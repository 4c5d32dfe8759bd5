"""How far a game's review can be trusted (issue 25, point 2): calibration, stability, speed.

Run (each part on its own; `nice -n 10` on a shared machine):

    .venv/bin/python benchmarks/review.py calibration --games 2000 --minutes 30 [--jsonl F]
    .venv/bin/python benchmarks/review.py stability --games 100 --minutes 30 [--jsonl F]
    .venv/bin/python benchmarks/review.py speed [--decisions 30]
    .venv/bin/python benchmarks/review.py summary F [F ...]   # the figures of recorded runs

* calibration: self-play games, both modes in turn (the greedy bot in both seats by default,
  `--players search` for the review's own search choosing). At every decision with more than
  one legal action, the review's win chance for the action played (teaching/review_judge.py's
  `measure`, the review's budget, the engine's sure results first) is the prediction; the
  seat's side winning the game is the outcome. Printed: a reliability table by deciles of the
  prediction (predicted mean, observed win rate, count) and the Brier score (the mean squared
  difference; 0.25 is what always saying 50 % scores).
* stability: each game (greedy self-play, both modes) reviewed twice with different seeds;
  of the decisions marked "blunder" in one run, the share marked at least "mistake" in the
  other (target 95 %), both ways.
* speed: the first advanced duel of greedy self-play with about `--decisions` decisions to
  review, reviewed on every core (wall-clock seconds, target 15 s), then opened again from
  its stored review (target 0.3 s; the screen itself: benchmarks/review_open.py).

`--minutes` stops a run early (the games done so far are reported, and each is written to the
JSON lines file as it finishes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from agent_avenue.bots import make_bot
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    GameRecord,
    Mode,
    Rules,
    apply,
    format_action,
    new_game,
    player_view,
    side_of,
    sure_winner,
)
from agent_avenue.teaching.review import decisions_of, mark, review_game
from agent_avenue.teaching.review_judge import Decision, ReviewBudget, measure
from agent_avenue.teaching.review_marks import Mark
from agent_avenue.teaching.review_report import report_of
from agent_avenue.teaching.review_store import stored_or_new

SPEED_TARGET = 15.0
SPEED_GAME_DECISIONS = 30
OPEN_TARGET = 0.3
STABILITY_TARGET = 0.95
MODES = (Mode.SIMPLE, Mode.ADVANCED)


def self_play(rules: Rules, mode: Mode, seed: int, spec: str = "greedy") -> GameRecord:
    """A finished duel between two bots of `spec`, as a record."""
    state = new_game(rules, mode, seed, seed % 2)
    bots = [make_bot(spec), make_bot(spec)]
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(player_view(state, seat), rng)
        moves.append(format_action(action))
        state = apply(state, action)
    return GameRecord(mode, seed, seed % 2, ("Green", "Blue"), tuple(moves), rules.version)


def _search_choice(decision: Decision, budget: ReviewBudget) -> tuple[float, str]:
    """--players search: the review's root search chooses; its measured chance predicts."""
    from agent_avenue.bots.ismcts import Budget, SearchBot

    rng = random.Random(f"calibration:{decision.number}:{decision.seat}")
    stats = SearchBot("review", Budget(seconds=None, iterations=budget.iterations)).analyse(
        decision.view, rng
    )
    return _predict(decision, stats.best, budget), format_action(stats.best)


def _predict(decision: Decision, action: object, budget: ReviewBudget) -> float:
    """The review's chance for `action` at this decision (the engine's sure result first)."""
    view = decision.view
    winner = sure_winner(view, action)  # type: ignore[arg-type]
    if winner is not None:
        return 1.0 if winner == side_of(decision.seat) else 0.0
    chance, _ = measure(view, action, budget.playouts, budget, decision)  # type: ignore[arg-type]
    return chance


def _calibration_game(
    rules: Rules, mode: Mode, seed: int, players: str, budget: ReviewBudget
) -> list[tuple[float, int]]:
    """One self-play game's (prediction, outcome) pairs."""
    state = new_game(rules, mode, seed, seed % 2)
    greedy = [make_bot("greedy"), make_bot("greedy")]
    rng = random.Random(seed)
    pairs: list[tuple[float, int]] = []  # (prediction, seat)
    number = 0
    while not state.is_over:
        number += 1
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        if len(view.legal) == 1:
            action = view.legal[0]
        elif players == "search":
            chance, text = _search_choice(Decision(number, seat, view, view.legal[0]), budget)
            action = next(a for a in view.legal if format_action(a) == text)
            pairs.append((chance, seat))
        else:
            action = greedy[seat].choose(view, rng)
            pairs.append((_predict(Decision(number, seat, view, action), action, budget), seat))
        state = apply(state, action)
    assert state.result is not None
    winner = state.result.winner
    return [(p, int(side_of(seat) == winner)) for p, seat in pairs]


def _deciles(pairs: list[tuple[float, int]]) -> list[tuple[str, float, float, int]]:
    """The reliability table: per decile of prediction, its mean, the win rate, the count."""
    rows = []
    for decile in range(10):
        low, high = decile / 10, (decile + 1) / 10
        inside = [(p, o) for p, o in pairs if low <= p < high or (decile == 9 and p == 1.0)]
        if inside:
            mean = sum(p for p, _ in inside) / len(inside)
            rate = sum(o for _, o in inside) / len(inside)
            rows.append((f"{decile * 10}-{decile * 10 + 10} %", mean, rate, len(inside)))
    return rows


def calibration(args: argparse.Namespace) -> None:
    """Self-play games, predictions against results."""
    rules = default_rules()
    budget = ReviewBudget()
    deadline = time.monotonic() + 60 * args.minutes
    pairs: dict[Mode, list[tuple[float, int]]] = {mode: [] for mode in MODES}
    games = dict.fromkeys(MODES, 0)
    out = open(args.jsonl, "a") if args.jsonl else None  # noqa: SIM115
    for number in range(args.games):
        if time.monotonic() >= deadline:
            break
        mode = MODES[number % 2]
        found = _calibration_game(rules, mode, args.seed + number, args.players, budget)
        pairs[mode].extend(found)
        games[mode] += 1
        if out is not None:
            row = {"part": "calibration", "mode": mode.value, "seed": args.seed + number}
            out.write(json.dumps({**row, "players": args.players, "pairs": found}) + "\n")
            out.flush()
    print(f"calibration: {sum(games.values())} games ({args.players} self-play), budget {budget}")
    for mode in MODES:
        _print_reliability(f"{mode.value} ({games[mode]} games)", pairs[mode])
    _print_reliability("both modes", pairs[MODES[0]] + pairs[MODES[1]])


def _print_reliability(title: str, pairs: list[tuple[float, int]]) -> None:
    """One reliability table and its Brier score."""
    if not pairs:
        return
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    print(f"\n{title}: {len(pairs)} decisions, Brier score {brier:.4f}")
    print("| predicted | mean prediction | won | decisions |")
    print("|---|---:|---:|---:|")
    for name, mean, rate, count in _deciles(pairs):
        print(f"| {name} | {100 * mean:.1f} % | {100 * rate:.1f} % | {count} |")


def stability(args: argparse.Namespace) -> None:
    """Each game reviewed twice with different seeds: do blunders stay at least mistakes?"""
    rules = default_rules()
    deadline = time.monotonic() + 60 * args.minutes
    kept = total = 0
    counts = {mark: 0 for mark in Mark}
    games = 0
    out = open(args.jsonl, "a") if args.jsonl else None  # noqa: SIM115
    for number in range(args.games):
        if time.monotonic() >= deadline:
            break
        mode = MODES[number % 2]
        record = self_play(rules, mode, args.seed + number)
        first = review_game(record, None, ReviewBudget(seed=1), rules=rules, workers=1)
        second = review_game(record, None, ReviewBudget(seed=2), rules=rules, workers=1)
        marks = [
            (mark(a), mark(b)) for a, b in zip(first.judgements, second.judgements, strict=True)
        ]
        for a, b in marks:
            counts[a] += 1
            for one, other in ((a, b), (b, a)):
                if one is Mark.BLUNDER:
                    total += 1
                    kept += other.rank >= Mark.MISTAKE.rank
        games += 1
        if out is not None:
            row = {"part": "stability", "mode": mode.value, "seed": args.seed + number}
            out.write(json.dumps({**row, "marks": [[a.value, b.value] for a, b in marks]}) + "\n")
            out.flush()
    share = kept / total if total else float("nan")
    print(f"stability: {games} games (greedy self-play), each reviewed with seeds 1 and 2")
    print(f"marks in the first run: { {m.value: n for m, n in counts.items()} }")
    print(
        f"blunders (either run): {total}; at least a mistake in the other run: {kept} "
        f"({100 * share:.1f} %, target {100 * STABILITY_TARGET:.0f} %)"
    )


def summary(args: argparse.Namespace) -> None:
    """The calibration (per kind of self-play) and stability figures of the rows in JSON lines
    files (several runs together)."""
    pairs: dict[str, dict[str, list[tuple[float, int]]]] = {}
    games: dict[tuple[str, str], int] = {}
    kept = total = stable_games = 0
    counts = {mark.value: 0 for mark in Mark}
    for path in args.files:
        for line in Path(path).read_text("utf-8").splitlines():
            row = json.loads(line)
            if row["part"] == "calibration":
                players = row.get("players", "greedy")
                by_mode = pairs.setdefault(players, {mode.value: [] for mode in MODES})
                by_mode[row["mode"]].extend((p, o) for p, o in row["pairs"])
                games[players, row["mode"]] = games.get((players, row["mode"]), 0) + 1
            else:
                stable_games += 1
                for a, b in row["marks"]:
                    counts[a] += 1
                    for one, other in ((a, b), (b, a)):
                        if one == Mark.BLUNDER.value:
                            total += 1
                            kept += Mark(other).rank >= Mark.MISTAKE.rank
    for players, by_mode in pairs.items():
        played = sum(games.get((players, mode), 0) for mode in by_mode)
        print(f"\ncalibration, {players} self-play: {played} games")
        for mode, found in by_mode.items():
            _print_reliability(f"{mode} ({games.get((players, mode), 0)} games)", found)
        _print_reliability("both modes", [x for mode in by_mode for x in by_mode[mode]])
    if stable_games:
        share = kept / total if total else float("nan")
        print(f"\nstability: {stable_games} games; marks in the first run: {counts}")
        print(f"blunders (either run): {total}; at least a mistake in the other: {kept}")
        print(f"share: {100 * share:.1f} % (target {100 * STABILITY_TARGET:.0f} %)")


def speed_game(rules: Rules, decisions: int) -> GameRecord:
    """The first advanced duel of greedy self-play with about `decisions` decisions to review."""
    for seed in range(1000):
        record = self_play(rules, Mode.ADVANCED, seed)
        if abs(len(decisions_of(record, None, rules)[0]) - decisions) <= 1:
            return record
    raise ValueError(f"no game with about {decisions} decisions")


def speed(args: argparse.Namespace) -> None:
    """A game of about `--decisions` decisions reviewed on every core, then opened again."""
    rules = default_rules()
    record = speed_game(rules, args.decisions)
    seed = record.seed
    decisions, _ = decisions_of(record, None, rules)
    moves = len(record.moves)
    print(f"speed: advanced duel seed {seed}, {len(decisions)} decisions, {moves} moves")
    with tempfile.TemporaryDirectory() as home:
        start = time.perf_counter()
        review, stored = stored_or_new(record, None, ReviewBudget(), rules=rules, home=home)
        first = time.perf_counter() - start
        assert not stored
        start = time.perf_counter()
        again, stored = stored_or_new(record, None, ReviewBudget(), rules=rules, home=home)
        report_of(again, rules).marked_rows()  # its sentences too, as the screen shows them
        second = time.perf_counter() - start
        assert stored and again.judgements == review.judgements
    print(f"review on every core: {first:.2f} s (target {SPEED_TARGET:.0f} s)")
    print(f"opened again from the stored review: {second:.3f} s (target {OPEN_TARGET} s)")
    one = time.perf_counter()
    review_game(record, None, ReviewBudget(), rules=rules, workers=1)
    print(f"the same review on one core, for comparison: {time.perf_counter() - one:.2f} s")


def main(argv: list[str] | None = None) -> int:
    """Run one part."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parts = parser.add_subparsers(dest="part", required=True)
    for name in ("calibration", "stability"):
        sub = parts.add_parser(name)
        sub.add_argument("--games", type=int, default=2000 if name == "calibration" else 100)
        sub.add_argument("--minutes", type=float, default=30.0)
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--jsonl", type=Path, default=None)
        if name == "calibration":
            sub.add_argument("--players", choices=("greedy", "search"), default="greedy")
    sub = parts.add_parser("speed")
    sub.add_argument("--decisions", type=int, default=SPEED_GAME_DECISIONS)
    sub = parts.add_parser("summary")
    sub.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    run = {"calibration": calibration, "stability": stability, "speed": speed, "summary": summary}
    run[args.part](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
