"""The `agent-avenue` command line: the table of commands, the parser built from it, and `main`.

Each command lives in its own module with its arguments and its run function (`cli/play.py`,
`cli/referee.py`, ...); this module only wires them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from agent_avenue import __version__
from agent_avenue.cli.arguments import RaisingParser, UsageError
from agent_avenue.cli.command import Command, Context, RunApp
from agent_avenue.cli.history import EXPORT, HISTORY
from agent_avenue.cli.host import HOST
from agent_avenue.cli.join import JOIN
from agent_avenue.cli.language import add_lang_option, argparse_in_language, start_language
from agent_avenue.cli.output import PROG, fail, quiet_stdout
from agent_avenue.cli.play import PLAY, TUTORIAL
from agent_avenue.cli.referee import REFEREE, RefereeError
from agent_avenue.cli.simulate import SIMULATE
from agent_avenue.cli.stored import REPLAY, RESUME
from agent_avenue.data import DataError
from agent_avenue.data.scenario import ScenarioError
from agent_avenue.i18n import t

APP_MODULE = "agent_avenue.ui.app"

COMMANDS: tuple[Command, ...] = (
    PLAY,
    REFEREE,
    RESUME,
    HISTORY,
    EXPORT,
    REPLAY,
    TUTORIAL,
    SIMULATE,
    HOST,
    JOIN,
)
"""Every command, in the order `--help` lists them."""

__all__ = ["COMMANDS", "build_parser", "main"]


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    """The commands the parser knows (play, referee, ...)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for `agent-avenue` and every command of COMMANDS."""
    parser = RaisingParser(prog=PROG, description=t("language.cli.description"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=t("language.cli.version_help"),
    )
    add_lang_option(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar=t("language.cli.command_metavar"))
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help(), description=command.describe())
        command.add_arguments(sub)
        # Every command takes --lang too (`agent-avenue play --lang fr`).
        add_lang_option(sub, default=argparse.SUPPRESS)
    return parser


def _load_run_app() -> RunApp | None:
    """The terminal app's run_app, its module imported only now; None if it is not installed."""
    try:
        app = importlib.import_module(APP_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name not in (APP_MODULE, APP_MODULE.rpartition(".")[0]):
            raise
        return None
    run_app = getattr(app, "run_app", None)
    return run_app if callable(run_app) else None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input).

    A reader of the output that stops early (`| head`) ends the command quietly, status 0.
    """
    try:
        return _main(argv)
    except BrokenPipeError:
        quiet_stdout()
        return 0


def _main(argv: list[str] | None) -> int:
    """The command line's work (see `main`)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    failure = start_language(arguments)  # before any text is made, the UI's included
    if failure is not None:
        return failure
    with argparse_in_language():
        parser = build_parser()
        try:
            args = parser.parse_args(arguments)
        except UsageError as exc:
            return fail(str(exc))
        except SystemExit as exc:  # --help and --version print and exit on their own
            return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        commands = t("language.cli.or").join(_command_names(parser))
        return fail(t("language.cli.need_command", commands=commands, prog=PROG))
    command = next(c for c in COMMANDS if c.name == args.command)
    # The app is looked up at run time, so that tests can put a stand-in in its place.
    context = Context(load_app=lambda: _load_run_app(), fail=fail)
    try:
        return command.run(args, context)
    except (UsageError, DataError, ScenarioError, RefereeError) as exc:
        return fail(str(exc))
