"""`agent-avenue simulate`: bot-against-bot matches, seat-balanced, in parallel, with results.

Every deal is played twice, once with each bot in each seat, so neither bot profits from a lucky
deal or from moving first; the first player alternates from deal to deal. Games run in worker
processes (one per core by default) and each bot only ever sees its own seat's view.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import NoReturn

from agent_avenue.bots.registry import make_bot
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, new_game, player_view

__all__ = [
    "BotTotals",
    "GameOutcome",
    "SimulationResult",
    "add_simulate_arguments",
    "main_simulate",
    "play_pair",
    "render_results",
    "run_simulation",
    "simulate_command",
    "wilson_interval",
]

Progress = Callable[[int, int], None]


class SimulateUsageError(Exception):
    """Bad `simulate` arguments; the message is one sentence for the user."""


@dataclass(frozen=True, slots=True)
class BotTotals:
    """One bot's work over a simulation: decisions, search playouts and seconds thinking.

    `seconds` is wall-clock time, `cpu_seconds` processor time (the speeds use the latter, so
    other load on the machine does not distort them).
    """

    decisions: int = 0
    playouts: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def __add__(self, other: BotTotals) -> BotTotals:
        """Both totals together."""
        return BotTotals(
            self.decisions + other.decisions,
            self.playouts + other.playouts,
            self.seconds + other.seconds,
            self.cpu_seconds + other.cpu_seconds,
        )

    @property
    def decisions_per_second(self) -> float:
        """Decisions made per second of processor time spent thinking."""
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else math.inf

    @property
    def playouts_per_second(self) -> float:
        """Search playouts run per second of processor time spent thinking."""
        return self.playouts / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game: who won, from which seats, how and how long."""

    a_seat: int
    first: int
    winner: int
    reasons: tuple[str, ...]
    by_tie_rule: bool
    turns: int
    a: BotTotals
    b: BotTotals

    @property
    def a_won(self) -> bool:
        """Whether bot A won."""
        return self.winner == self.a_seat


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The totals of a simulation of bot A against bot B."""

    bot_a: str
    bot_b: str
    mode: Mode
    games: int
    wins_a: int
    first_player_wins: int
    tie_rule_games: int
    turns: int
    reasons: dict[str, int]
    a: BotTotals
    b: BotTotals
    seconds: float = 0.0
    workers: int = 1
    seed: int = 0
    outcomes: tuple[GameOutcome, ...] = field(default=(), repr=False)

    @property
    def wins_b(self) -> int:
        """Games bot B won."""
        return self.games - self.wins_a

    @property
    def win_rate_a(self) -> float:
        """Bot A's share of the games."""
        return self.wins_a / self.games if self.games else 0.0

    @property
    def average_turns(self) -> float:
        """Average game length in turns."""
        return self.turns / self.games if self.games else 0.0

    @property
    def first_player_rate(self) -> float:
        """Share of the games won by the player who moved first."""
        return self.first_player_wins / self.games if self.games else 0.0


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (0-1)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# Playing ----------------------------------------------------------------------------------------


def deal_seed(seed: int, pair: int) -> int:
    """The shuffle seed of deal number `pair` of a simulation seeded with `seed`."""
    return (seed * 1_000_003 + pair) % 2**31


def _seat_rng(dealt: int, a_seat: int, seat: int) -> random.Random:
    """The random generator of one seat's bot (a team's second players get their own)."""
    extra = 0 if seat < 2 else 2**40
    return random.Random(dealt * 4 + 2 * a_seat + seat + extra)


def play_pair(
    spec_a: str,
    spec_b: str,
    mode: Mode,
    seed: int,
    pair: int,
    both: bool = True,
    players: int = 2,
) -> list[GameOutcome]:
    """Play deal `pair` with bot A in seat 0 and then (if `both`) in seat 1.

    With 3 or 4 players bot A fills every seat of its side (green: 0 and 2, blue: 1 and 3).
    """
    rules = default_rules()
    dealt = deal_seed(seed, pair)
    first = pair % 2
    outcomes: list[GameOutcome] = []
    for a_seat in (0, 1) if both else (0,):
        seats = range(players)
        bots = {s: make_bot(spec_a if s % 2 == a_seat else spec_b) for s in seats}
        rngs = {s: _seat_rng(dealt, a_seat, s) for s in seats}
        state = new_game(rules, mode, dealt, first, players=players)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(player_view(state, seat), rngs[seat])
            state = apply(state, action)
        result = state.result
        assert result is not None
        totals = {side: BotTotals() for side in (0, 1)}
        for s, b in bots.items():
            totals[s % 2] += BotTotals(
                b.stats.decisions, b.stats.playouts, b.stats.seconds, b.stats.cpu_seconds
            )
        outcomes.append(
            GameOutcome(
                a_seat=a_seat,
                first=first,
                winner=result.winner,
                reasons=result.reasons,
                by_tie_rule=result.by_tie_rule,
                turns=state.turn,
                a=totals[a_seat],
                b=totals[1 - a_seat],
            )
        )
    return outcomes


def summarize(
    spec_a: str,
    spec_b: str,
    mode: Mode,
    outcomes: Sequence[GameOutcome],
    seconds: float = 0.0,
    workers: int = 1,
    seed: int = 0,
) -> SimulationResult:
    """Add up finished games into a SimulationResult."""
    reasons: Counter[str] = Counter()
    a = BotTotals()
    b = BotTotals()
    for outcome in outcomes:
        reasons.update(outcome.reasons)
        a += outcome.a
        b += outcome.b
    return SimulationResult(
        bot_a=spec_a,
        bot_b=spec_b,
        mode=mode,
        games=len(outcomes),
        wins_a=sum(o.a_won for o in outcomes),
        first_player_wins=sum(o.winner == o.first for o in outcomes),
        tie_rule_games=sum(o.by_tie_rule for o in outcomes),
        turns=sum(o.turns for o in outcomes),
        reasons=dict(reasons.most_common()),
        a=a,
        b=b,
        seconds=seconds,
        workers=workers,
        seed=seed,
        outcomes=tuple(outcomes),
    )


def _tasks(games: int) -> Iterator[tuple[int, bool]]:
    """The deals to play: (deal number, both seats?) adding up to `games` games."""
    for pair in range(games // 2):
        yield pair, True
    if games % 2:
        yield games // 2, False


def run_simulation(
    bot_a: str,
    bot_b: str,
    games: int,
    mode: Mode | str = Mode.SIMPLE,
    workers: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    players: int = 2,
) -> SimulationResult:
    """Play `games` seat-balanced games of `bot_a` against `bot_b` on `workers` processes.

    `progress(done, total)` is called as games finish. With `players` 3 or 4 each bot fills
    every seat of its side of a team game. Raises ValueError for an unknown bot, a mode that
    does not exist, a player count other than 2, 3 or 4, or fewer than 1 game or worker.
    """
    mode = Mode(mode)
    if players not in (2, 3, 4):
        raise ValueError(f"a game has 2, 3 or 4 players, not {players}")
    make_bot(bot_a)
    make_bot(bot_b)
    if games < 1:
        raise ValueError("play at least 1 game")
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers < 1:
        raise ValueError("use at least 1 worker")
    start = time.perf_counter()
    outcomes: list[GameOutcome] = []
    tasks = list(_tasks(games))
    if progress:
        progress(0, games)
    if workers == 1:
        for pair, both in tasks:
            outcomes.extend(play_pair(bot_a, bot_b, mode, seed, pair, both, players))
            if progress:
                progress(len(outcomes), games)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            pending: set[Future[list[GameOutcome]]] = set()
            queue = iter(tasks)
            try:
                # Keep a few tasks per worker in flight so an interrupt stops quickly.
                for pair, both in queue:
                    pending.add(
                        pool.submit(play_pair, bot_a, bot_b, mode, seed, pair, both, players)
                    )
                    if len(pending) >= 2 * workers:
                        break
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        outcomes.extend(future.result())
                        nxt = next(queue, None)
                        if nxt is not None:
                            pending.add(
                                pool.submit(play_pair, bot_a, bot_b, mode, seed, *nxt, players)
                            )
                    if progress:
                        progress(len(outcomes), games)
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
    return summarize(
        bot_a, bot_b, mode, outcomes, time.perf_counter() - start, workers=workers, seed=seed
    )


# Showing the results --------------------------------------------------------------------------


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f} %"


def _interval(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"95 % interval {100 * low:.1f}-{100 * high:.1f} %"


def _speed(totals: BotTotals) -> str:
    if totals.decisions == 0 or totals.cpu_seconds <= 0:
        return "no decisions timed"
    text = (
        f"{totals.decisions_per_second:,.0f} decisions/s, "
        f"{1000 * totals.seconds / totals.decisions:.1f} ms per decision"
    )
    if totals.playouts:
        text += f", {totals.playouts_per_second:,.0f} playouts/s"
    return text


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s" if minutes else f"{seconds:.1f} s"


def result_rows(result: SimulationResult) -> list[tuple[str, str]]:
    """The results as (measure, value) rows, in the order the table shows them."""
    games = result.games
    a, b = result.bot_a, result.bot_b
    name_a, name_b = (f"{a} (A)", f"{b} (B)") if a == b else (a, b)
    ended = ", ".join(f"{reason} {100 * n / games:.0f} %" for reason, n in result.reasons.items())
    rows = [
        (
            "Games",
            f"{games} in {result.mode.value} mode, each deal played from both seats",
        ),
        (
            f"{name_a} wins",
            f"{result.wins_a} = {_percent(result.win_rate_a)} ({_interval(result.wins_a, games)})",
        ),
        (
            f"{name_b} wins",
            f"{result.wins_b} = {_percent(1 - result.win_rate_a)} "
            f"({_interval(result.wins_b, games)})",
        ),
        (
            "First player wins",
            f"{_percent(result.first_player_rate)} ({_interval(result.first_player_wins, games)})",
        ),
        ("Average length", f"{result.average_turns:.1f} turns"),
        ("How games ended", ended or "-"),
        ("Decided by the tie rule", _percent(result.tie_rule_games / games if games else 0.0)),
        (f"{name_a} speed", _speed(result.a)),
        (f"{name_b} speed", _speed(result.b)),
        (
            "Wall time",
            f"{_duration(result.seconds)} on {result.workers} worker(s), seed {result.seed}",
        ),
    ]
    return rows


def render_results(result: SimulationResult) -> object:
    """A rich Table of the results: win rates with 95 % Wilson intervals, endings, speeds."""
    from rich.table import Table

    table = Table(
        title=f"{result.bot_a} against {result.bot_b}",
        show_header=True,
        header_style="bold",
    )
    table.add_column("Measure", no_wrap=True)
    table.add_column("Value")
    for measure, value in result_rows(result):
        table.add_row(measure, value)
    return table


# The command ------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        """Turn argparse's complaint into one sentence."""
        raise SimulateUsageError(f"{message}; see '{self.prog} --help'")


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small; use 1 or more")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; use 0 or more")
    return value


def _bot(text: str) -> str:
    try:
        make_bot(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text.strip().lower()


def add_simulate_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the `simulate` options and the two bot arguments to `parser`; returns it."""
    parser.add_argument(
        "--games", type=_count, default=100, metavar="N", help="games to play (default 100)"
    )
    parser.add_argument(
        "--mode",
        choices=[m.value for m in Mode],
        default=Mode.SIMPLE.value,
        help="board side: simple or advanced (default simple)",
    )
    parser.add_argument(
        "--workers",
        type=_count,
        default=None,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    parser.add_argument(
        "--seed", type=_seed, default=0, metavar="N", help="seed of the deals (default 0)"
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help="players per game: 2 (a duel) or 3 or 4 (each bot fills its team's seats)",
    )
    parser.add_argument(
        "bot_a",
        type=_bot,
        metavar="BOT_A",
        help="random, greedy, search, search:easy|normal|hard, search:<seconds>s, search:<n>it",
    )
    parser.add_argument("bot_b", type=_bot, metavar="BOT_B", help="the opponent, as BOT_A")
    return parser


def build_simulate_parser(prog: str = "agent-avenue simulate") -> argparse.ArgumentParser:
    """The parser of `agent-avenue simulate`."""
    parser = _Parser(
        prog=prog,
        description=(
            "Play bots against each other, each deal from both seats, in parallel, and print "
            "win rates with 95 % intervals, how games ended and the bots' speed."
        ),
    )
    return add_simulate_arguments(parser)


def simulate_command(args: argparse.Namespace) -> int:
    """Run a simulation from parsed arguments with a progress bar, then print the table."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    out = Console()
    err = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{args.bot_a} vs {args.bot_b}", total=args.games)

        def report(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            result = run_simulation(
                args.bot_a,
                args.bot_b,
                args.games,
                args.mode,
                args.workers,
                args.seed,
                report,
                getattr(args, "players", 2),
            )
        except KeyboardInterrupt:
            err.print("simulation interrupted")
            return 130
    out.print(render_results(result))
    return 0


def main_simulate(argv: Sequence[str] | None = None) -> int:
    """`agent-avenue simulate [--games N] [--mode M] [--workers N] [--seed N] BOT_A BOT_B`."""
    parser = build_simulate_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SimulateUsageError as exc:
        print(f"agent-avenue simulate: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    return simulate_command(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main_simulate())
