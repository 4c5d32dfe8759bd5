"""`agent-avenue review [GAME] [--seat S] [--json]`: the review of a finished game.

Per seat its accuracy, a table of the marked decisions (move, what was played, the chance
before and after, what was better and why) and a plot of each side's winning chance over the
game (plotext); `--json` prints everything as JSON. The review is computed on every core the
first time (progress on stderr when it is a terminal) and stored with the game, so the next
look is immediate. A bad GAME or seat is one sentence and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from agent_avenue import storage
from agent_avenue.cli.command import Command, Context
from agent_avenue.cli.history import add_replay_arguments
from agent_avenue.data import load_rules
from agent_avenue.engine import GameRecord
from agent_avenue.i18n import t
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.review import Progress, Review, all_seats, mark
from agent_avenue.teaching.review_judge import ReviewBudget
from agent_avenue.teaching.review_marks import INACCURACY, Mark
from agent_avenue.teaching.review_report import ReviewReport, report_of
from agent_avenue.teaching.review_store import stored_or_new

__all__ = ["REVIEW", "add_review_arguments", "run_review"]

PLOT_HEIGHT = 16
"""Rows of the terminal plot."""
WIDE = 120
"""From this many columns the marked decisions are a table; below, one paragraph each."""


def add_review_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME (as `replay` takes it), --seat, --json and --iterations."""
    add_replay_arguments(parser)
    parser.add_argument("--seat", type=int, default=None, metavar="S", help=t("review.seat_help"))
    parser.add_argument("--json", action="store_true", help=t("review.json_help"))
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar="N",
        help=t("review.iterations_help"),
    )


def _budget(iterations: int | None) -> ReviewBudget:
    """The review's budget: the default, or N root iterations (and half as many playouts for
    each of the two actions compared, N more for each candidate of a doubtful decision: the
    default's proportions)."""
    if iterations is None:
        return ReviewBudget()
    return ReviewBudget(
        iterations=iterations,
        playouts=max(iterations // 2, 1),
        refine_playouts=max(iterations, 1),
    )


def _progress_on_stderr() -> Progress | None:
    """A progress callback writing one line on stderr (None unless stderr is a terminal)."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        """One line, written over the last (cleared at the end)."""
        sys.stderr.write("\r" + t("review.progress", done=done, total=total) + "\x1b[K")
        if done >= total:
            sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()

    return show


def run_review(
    args: argparse.Namespace, context: Context, *, home: Path | str | None = None
) -> int:
    """Review a finished game and print it (text or JSON); exit 2 on bad input, 130 when
    interrupted (Ctrl-C: nothing is stored)."""
    rules = load_rules()
    fail = context.fail
    try:
        game = storage.find_game(args.game, rules=rules, home=home)
    except storage.StorageError as exc:
        return fail(str(exc))
    if game.result is None:
        return fail(t("review.unfinished"))
    record = game.record
    seats = all_seats(record)
    if args.seat is not None and args.seat not in seats:
        listed = ", ".join(str(seat) for seat in seats)
        return fail(t("review.bad_seat", seat=args.seat, seats=listed))
    if args.iterations is not None and not 1 <= args.iterations <= 100_000:
        return fail(t("review.bad_iterations", most=100_000))
    chosen = None if args.seat is None else (args.seat,)
    progress = _progress_on_stderr()
    try:
        review, _ = stored_or_new(
            record,
            chosen,
            _budget(args.iterations),
            rules=rules,
            home=home,
            progress=progress,
        )
    except KeyboardInterrupt:
        if progress is not None:
            sys.stderr.write("\r\x1b[K")
        print(t("review.interrupted"), file=sys.stderr)
        return 130
    report = report_of(review, rules)
    if args.json:
        print(json.dumps(report.data(), indent=2, ensure_ascii=False))
        return 0
    _print_report(review, report, record)
    return 0


def _print_report(review: Review, report: ReviewReport, record: GameRecord) -> None:
    """The review as text: title, accuracies, the marked decisions, the plot."""
    console = Console(highlight=False)
    console.print(Text(report.title()))
    console.print(Text(report.budget_line()))
    console.print()
    for line in report.accuracy_lines():
        console.print(Text(line))
    console.print()
    marked = report.marked_rows()
    if marked and console.width >= WIDE:
        console.print(_table(report))
    elif marked:
        console.print(Text(t("review.table_title"), style="italic"))
        for row in marked:
            console.print(Text(row.heading(), style="bold"))
            console.print(Padding(Text(row.why), (0, 0, 1, 2)))
    else:
        console.print(Text(t("review.no_marks", points=int(INACCURACY))))
    console.print()
    console.print(Text.from_ansi(_plot(review, record, console.width)))


def _table(report: ReviewReport) -> Table:
    """The marked decisions as a table."""
    table = Table(title=t("review.table_title"), title_justify="left", show_lines=True, expand=True)
    table.add_column(t("review.column_move"), justify="right", no_wrap=True)
    table.add_column(t("review.column_who"), overflow="fold", ratio=2)
    table.add_column(t("review.column_mark"), overflow="fold", ratio=2, min_width=10)
    table.add_column(t("review.column_done"), overflow="fold", ratio=3)
    table.add_column(t("review.column_chance"), no_wrap=True)
    table.add_column(t("review.column_better"), overflow="fold", ratio=3)
    table.add_column(t("review.column_why"), overflow="fold", ratio=6)
    for row in report.marked_rows():
        table.add_row(
            str(row.number),
            row.name,
            row.mark,
            row.played,
            t("review.chance_pair", before=row.before, after=row.after),
            row.better,
            row.reason,
        )
    return table


def _plot(review: Review, record: GameRecord, width: int) -> str:
    """Each side's winning chance over the game, marked decisions as points (plotext)."""
    import plotext as plt  # type: ignore[import-untyped]

    names = side_names(record.names)
    plt.clear_figure()
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    if not colour:
        plt.theme("clear")
    plt.plotsize(max(40, min(width, 120)), PLOT_HEIGHT)
    plt.title(t("review.plot_title"))
    plt.xlabel(t("review.plot_x"))
    markers = ("o", "x")
    colours = ("green", "blue")
    for side in (0, 1):
        points = review.curve(side)
        xs = [number for number, _ in points]
        ys = [100 * chance for _, chance in points]
        plt.plot(
            xs,
            ys,
            marker=markers[side],
            color=colours[side] if colour else None,
            label=names[side],
        )
    marked = [j for j in review.judgements if mark(j) is not Mark.NONE]
    if marked:
        plt.scatter(
            [j.number for j in marked],
            [100 * j.chance_taken for j in marked],
            marker="!",
            color="red" if colour else None,
            label=t("review.plot_marked"),
        )
    plt.ylim(0, 100)
    plt.yticks([0, 25, 50, 75, 100])
    return str(plt.build())


def main_review(args: argparse.Namespace, context: Context) -> int:
    """The command's run function."""
    return run_review(args, context)


REVIEW = Command(
    "review",
    help=lambda: t("review.command_help"),
    add_arguments=add_review_arguments,
    run=main_review,
)
