"""`agent-avenue simulate`: bot-against-bot matches, seat-balanced, in parallel, with results.

Every deal is played twice, once with each bot in each seat, so neither bot profits from a lucky
deal or from moving first; the first player alternates from deal to deal. Games run in worker
processes (one per core by default) and each bot only ever sees its own seat's view. The games
are played in cli.simulation (its names re-exported here); this module shows the results and
parses the command.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from agent_avenue.bots.registry import make_bot
from agent_avenue.cli.arguments import RaisingParser, UsageError, seed_number
from agent_avenue.cli.command import Command, Context
from agent_avenue.cli.simulation import (
    BotTotals,
    GameOutcome,
    SimulationResult,
    play_pair,
    run_simulation,
    wilson_interval,
)
from agent_avenue.data.printable import shown
from agent_avenue.engine import Mode
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
