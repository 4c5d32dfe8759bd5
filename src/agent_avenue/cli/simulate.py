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
from functools import partial

from agent_avenue.bots.registry import make_bot
from agent_avenue.cli.arguments import RaisingParser, UsageError, seed_number
from agent_avenue.cli.command import Command, Context
from agent_avenue.data import default_rules
from agent_avenue.data.printable import shown
from agent_avenue.engine import Mode, apply, new_game, player_view, side_of
from agent_avenue.i18n import DEFAULT_LANGUAGE, card_name, catalogue, t

MAX_GAMES = 1_000_000
"""The most games one simulation plays (a million random games take hours already)."""
MAX_WORKERS = 256
"""The most worker processes a simulation starts."""

__all__ = [
    "SIMULATE",
    "BotTotals",
    "GameOutcome",
    "SimulationResult",
    "add_simulate_arguments",
    "ending_label",
    "main_simulate",
    "play_pair",
    "render_results",
    "run_simulation",
    "simulate_command",
    "wilson_interval",
]

Progress = Callable[[int, int], None]


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
        bots = {s: make_bot(spec_a if side_of(s) == a_seat else spec_b) for s in seats}
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
            totals[side_of(s)] += BotTotals(
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
        raise ValueError(t("simulate.players_range", players=players))
    make_bot(bot_a)
    make_bot(bot_b)
    if games < 1:
        raise ValueError(t("simulate.no_games"))
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers < 1:
        raise ValueError(t("simulate.no_workers"))
    start = time.perf_counter()
    tasks = list(_tasks(games))
    if progress:
        progress(0, games)
    match = partial(play_pair, bot_a, bot_b, mode, seed, players=players)
    if workers == 1:
        outcomes: list[GameOutcome] = []
        for pair, both in tasks:
            outcomes.extend(match(pair, both))
            if progress:
                progress(len(outcomes), games)
    else:
        outcomes = _play_in_parallel(match, tasks, workers, games, progress)
    return summarize(
        bot_a, bot_b, mode, outcomes, time.perf_counter() - start, workers=workers, seed=seed
    )


def _play_in_parallel(
    match: Callable[[int, bool], list[GameOutcome]],
    tasks: list[tuple[int, bool]],
    workers: int,
    games: int,
    progress: Progress | None,
) -> list[GameOutcome]:
    """Play the deals on `workers` processes, a few in flight per worker (so that an interrupt
    stops quickly), reporting progress as games finish."""
    outcomes: list[GameOutcome] = []
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
        pending: set[Future[list[GameOutcome]]] = set()
        queue = iter(tasks)
        try:
            for pair, both in queue:
                pending.add(pool.submit(match, pair, both))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    outcomes.extend(future.result())
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(match, *nxt))
                if progress:
                    progress(len(outcomes), games)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return outcomes


# Showing the results --------------------------------------------------------------------------


def _number(value: float, decimals: int = 0) -> str:
    """A number with the current language's decimal mark and thousands separator."""
    text = f"{value:,.{decimals}f}"
    marks = {",": t("simulate.thousands_separator"), ".": t("simulate.decimal_mark")}
    return "".join(marks.get(char, char) for char in text)


def _percent(rate: float, decimals: int = 1) -> str:
    """A share (0-1) as a percentage, e.g. "12.5 %"."""
    return t("simulate.percent", value=_number(100 * rate, decimals))


def _interval(wins: int, games: int) -> str:
    """The 95 % Wilson interval of a win rate, in words."""
    low, high = wilson_interval(wins, games)
    return t("simulate.interval", low=_number(100 * low, 1), high=_number(100 * high, 1))


def _speed(totals: BotTotals) -> str:
    """A bot's decisions (and playouts) per second and time per decision."""
    if totals.decisions == 0 or totals.cpu_seconds <= 0:
        return t("simulate.no_decisions")
    text = t(
        "simulate.speed_value",
        decisions=_number(totals.decisions_per_second),
        ms=_number(1000 * totals.seconds / totals.decisions, 1),
    )
    if totals.playouts:
        playouts = t("simulate.playouts", playouts=_number(totals.playouts_per_second))
        text = t("simulate.list_separator").join((text, playouts))
    return text


def _duration(seconds: float) -> str:
    """A wall-clock duration: hours and minutes, minutes and seconds, or seconds."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return t("simulate.hours", hours=hours, minutes=minutes)
    if minutes:
        return t("simulate.minutes", minutes=minutes, seconds=secs)
    return t("simulate.seconds", seconds=_number(seconds, 1))


def ending_label(reason: str) -> str:
    """How games ended, in words: an end reason id ("catch", a card id...) in the language."""
    known = catalogue(DEFAULT_LANGUAGE)
    for key in (f"simulate.way.{reason}", f"history.way.{reason}"):
        if key in known:
            return t(key)
    if f"card.{reason}" in known:
        return card_name(reason)
    return reason.replace("_", " ")


def result_rows(result: SimulationResult) -> list[tuple[str, str]]:
    """The results as (measure, value) rows, in the order the table shows them."""
    games = result.games
    a, b = result.bot_a, result.bot_b
    name_a, name_b = (f"{a} (A)", f"{b} (B)") if a == b else (a, b)
    ended = t("simulate.list_separator").join(
        t("simulate.ending", way=ending_label(reason), percent=_percent(n / games, 0))
        for reason, n in result.reasons.items()
    )
    if sum(result.reasons.values()) > games:
        # A game that met several conditions at once (a catch and three Codebreakers) is
        # counted under each, so the shares add up to more than 100 %: say so.
        ended = t("simulate.ended_overlap", ended=ended)

    def wins(name: str, count: int, rate: float) -> tuple[str, str]:
        value = t(
            "simulate.wins_value",
            wins=count,
            percent=_percent(rate),
            interval=_interval(count, games),
        )
        return t("simulate.wins", name=name), value

    rows = [
        (
            t("simulate.games"),
            t("simulate.games_value", games=games, mode=t(f"history.mode.{result.mode.value}")),
        ),
        wins(name_a, result.wins_a, result.win_rate_a),
        wins(name_b, result.wins_b, 1 - result.win_rate_a),
        (
            t("simulate.first_player"),
            t(
                "simulate.rate_value",
                percent=_percent(result.first_player_rate),
                interval=_interval(result.first_player_wins, games),
            ),
        ),
        (t("simulate.length"), t("simulate.length_value", turns=_number(result.average_turns, 1))),
        (t("simulate.ended"), ended or "-"),
        (t("simulate.tie_rule"), _percent(result.tie_rule_games / games if games else 0.0)),
        (t("simulate.speed", name=name_a), _speed(result.a)),
        (t("simulate.speed", name=name_b), _speed(result.b)),
        (
            t("simulate.wall_time"),
            t(
                "simulate.wall_time_value",
                duration=_duration(result.seconds),
                workers=result.workers,
                seed=result.seed,
            ),
        ),
    ]
    return rows


def render_results(result: SimulationResult) -> object:
    """A rich Table of the results: win rates with 95 % Wilson intervals, endings, speeds."""
    from rich.table import Table

    table = Table(
        title=t("simulate.title", bot_a=result.bot_a, bot_b=result.bot_b),
        show_header=True,
        header_style="bold",
    )
    table.add_column(t("simulate.measure"), no_wrap=True)
    table.add_column(t("simulate.value"))
    for measure, value in result_rows(result):
        table.add_row(measure, value)
    return table


# The command ------------------------------------------------------------------------------------


def _count(text: str, limit: int) -> int:
    """A count: a whole number from 1 to `limit`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("language.cli.not_whole", text=shown(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(t("simulate.too_small", value=shown(value)))
    if value > limit:
        raise argparse.ArgumentTypeError(t("simulate.too_many", value=shown(value), limit=limit))
    return value


def _games(text: str) -> int:
    """A --games value: 1 to MAX_GAMES."""
    return _count(text, MAX_GAMES)


def _workers(text: str) -> int:
    """A --workers value: 1 to MAX_WORKERS."""
    return _count(text, MAX_WORKERS)


def _bot(text: str) -> str:
    """A bot spec that make_bot accepts, in lower case."""
    try:
        make_bot(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("simulate.unknown_bot", text=shown(text))) from None
    return text.strip().lower()


def add_simulate_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the `simulate` options and the two bot arguments to `parser`; returns it."""
    number = t("language.cli.number_metavar")
    bot_a = t("simulate.bot_a_metavar")
    parser.add_argument(
        "--games",
        type=_games,
        default=100,
        metavar=number,
        help=t("simulate.games_help"),
    )
    parser.add_argument(
        "--mode",
        choices=[m.value for m in Mode],
        default=Mode.SIMPLE.value,
        help=t("language.cli.mode_help"),
    )
    parser.add_argument(
        "--workers",
        type=_workers,
        default=None,
        metavar=number,
        help=t("simulate.workers_help"),
    )
    parser.add_argument(
        "--seed", type=seed_number, default=0, metavar=number, help=t("simulate.seed_help")
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help=t("simulate.players_help"),
    )
    parser.add_argument("bot_a", type=_bot, metavar=bot_a, help=t("simulate.bot_a_help"))
    parser.add_argument(
        "bot_b",
        type=_bot,
        metavar=t("simulate.bot_b_metavar"),
        help=t("simulate.bot_b_help", bot_a=bot_a),
    )
    return parser


def build_simulate_parser(prog: str = "agent-avenue simulate") -> argparse.ArgumentParser:
    """The parser of `agent-avenue simulate`."""
    parser = RaisingParser(prog=prog, description=t("bot.cli_simulate_description"))
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
        label = t("simulate.progress", bot_a=args.bot_a, bot_b=args.bot_b)
        task = bar.add_task(label, total=args.games)

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
            err.print(t("simulate.interrupted"))
            return 130
    out.print(render_results(result))
    return 0


def main_simulate(argv: Sequence[str] | None = None) -> int:
    """`agent-avenue simulate [--games N] [--mode M] [--workers N] [--seed N] BOT_A BOT_B`."""
    parser = build_simulate_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except UsageError as exc:
        print(f"agent-avenue simulate: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    return simulate_command(args)


def _run_simulate(args: argparse.Namespace, context: Context) -> int:
    """The `simulate` command, run from the command table."""
    return simulate_command(args)


SIMULATE = Command(
    "simulate",
    help=lambda: t("bot.cli_simulate_help"),
    description=lambda: t("bot.cli_simulate_description"),
    add_arguments=add_simulate_arguments,
    run=_run_simulate,
)
