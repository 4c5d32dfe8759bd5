"""The `history` and `export` commands: the score sheet printed, a finished game written out.

Exit status: 0 on success, 2 when the command cannot do its job, with one sentence on stderr
and nothing on stdout. A broken score sheet makes `history` exit 2 even though it has been set
aside (the next run starts a fresh sheet): a script reading `--json` must not take a lost
sheet for an empty one. Player-facing words come from the locale files (`history.*` keys).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from agent_avenue import storage
from agent_avenue.cli.arguments import RaisingParser, UsageError
from agent_avenue.cli.command import Command, sentence
from agent_avenue.cli.output import PROG, fail
from agent_avenue.data import DataError
from agent_avenue.data.printable import shown
from agent_avenue.i18n import t
from agent_avenue.play.ratings import rate_games
from agent_avenue.play.score_sheet import history_data, render_history

STDOUT = "-"

__all__ = [
    "EXPORT",
    "HISTORY",
    "add_export_arguments",
    "add_history_arguments",
    "add_replay_arguments",
    "main_export",
    "main_history",
    "run_export",
    "run_history",
]

# Commands --------------------------------------------------------------------------------------


def add_history_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `agent-avenue history` to a (sub)parser."""
    parser.add_argument(
        "--json",
        action="store_true",
        help=t("history.json_help"),
    )


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `agent-avenue export GAME OUT` to a (sub)parser."""
    parser.add_argument(
        "game",
        metavar=t("history.game_metavar"),
        help=t("history.game_help"),
    )
    parser.add_argument(
        "out",
        metavar=t("history.out_metavar"),
        help=t("history.out_help"),
    )
    parser.add_argument("--force", action="store_true", help=t("history.force_help"))


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the argument of `agent-avenue replay [GAME]` to a (sub)parser (see `find_game`)."""
    parser.add_argument(
        "game",
        metavar=t("history.game_metavar"),
        nargs="?",
        default=None,
        help=t("history.replay_game_help"),
    )


def run_history(args: argparse.Namespace, *, home: Path | str | None = None) -> int:
    """Print the score sheet as tables with the ratings (or JSON with --json); exit 2 if the
    sheet was bad."""
    rows, problem = storage.load_history(home=home)
    if problem is not None:
        return fail(problem)
    ratings = rate_games(rows)
    if args.json:
        print(json.dumps(history_data(rows, ratings), indent=2, ensure_ascii=False))
    else:
        Console().print(render_history(rows, ratings))
    return 0


def run_export(args: argparse.Namespace, *, home: Path | str | None = None) -> int:
    """Write a finished game as a game file (or print it for OUT "-"); exit 2 on any problem."""
    try:
        game = storage.find_game(args.game, home=home)
        if args.out == STDOUT:
            text = storage.game_file_text(
                game.record,
                players=game.players,
                finished_at=game.finished_at,
                game_id=game.game_id,
            )
            sys.stdout.write(text)
            return 0
        path = storage.export_game(
            game.record,
            Path(args.out),
            players=game.players,
            finished_at=game.finished_at,
            game_id=game.game_id,
            overwrite=args.force,
        )
    except (storage.StorageError, DataError) as exc:
        return fail(str(exc))
    print(t("history.exported", game=shown(game.game_id or args.game), path=shown(path, 200)))
    return 0


def _standalone(
    name: str,
    help_text: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    argv: list[str] | None,
) -> argparse.Namespace | int:
    """Parse `argv` for `agent-avenue NAME` run on its own: the arguments, or an exit status."""
    parser = RaisingParser(prog=f"{PROG} {name}", description=sentence(help_text))
    add_arguments(parser)
    try:
        return parser.parse_args(argv)
    except UsageError as exc:
        return fail(str(exc))
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0


def main_history(argv: list[str] | None = None, *, home: Path | str | None = None) -> int:
    """`agent-avenue history [--json]` on its own: parse `argv` and run it."""
    args = _standalone("history", t("history_screen.command_help"), add_history_arguments, argv)
    return args if isinstance(args, int) else run_history(args, home=home)


def main_export(argv: list[str] | None = None, *, home: Path | str | None = None) -> int:
    """`agent-avenue export GAME OUT` on its own: parse `argv` and run it."""
    args = _standalone("export", t("history_screen.export_help"), add_export_arguments, argv)
    return args if isinstance(args, int) else run_export(args, home=home)


HISTORY = Command(
    "history",
    help=lambda: t("history_screen.command_help"),
    add_arguments=add_history_arguments,
    run=lambda args, context: run_history(args),
)
EXPORT = Command(
    "export",
    help=lambda: t("history_screen.export_help"),
    add_arguments=add_export_arguments,
    run=lambda args, context: run_export(args),
)
