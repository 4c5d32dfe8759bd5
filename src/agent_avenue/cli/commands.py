"""The `agent-avenue` command line: the table of commands, the parser built from it, and `main`.

Each command lives in its own module with its arguments and its run function (`cli/play.py`,
`cli/referee.py`, ...); this module only wires them. A command's module is imported only when
that command is used (or the whole parser is needed, for `--help`): `play` starts without
loading the simulator, the bots, the score sheet or the network host.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from types import ModuleType
from typing import cast

from agent_avenue import __version__
from agent_avenue.cli.arguments import RaisingParser, UsageError
from agent_avenue.cli.command import Command, Context, RunApp
from agent_avenue.cli.language import add_lang_option, argparse_in_language, start_language
from agent_avenue.cli.output import PROG, fail, quiet_stdout
from agent_avenue.i18n import t

APP_MODULE = "agent_avenue.ui.run"
"""The terminal app's module: `play` and the others say so in one line when it is missing."""


# Each command's module is imported only when that command runs (or --help lists them all):
# a function per module, with a plain import the import linter sees.
def _play_commands() -> ModuleType:
    from agent_avenue.cli import play

    return play


def _referee_commands() -> ModuleType:
    from agent_avenue.cli import referee

    return referee


def _stored_commands() -> ModuleType:
    from agent_avenue.cli import stored

    return stored


def _history_commands() -> ModuleType:
    from agent_avenue.cli import history

    return history


def _review_commands() -> ModuleType:
    from agent_avenue.cli import review

    return review


def _simulate_commands() -> ModuleType:
    from agent_avenue.cli import simulate

    return simulate


def _host_commands() -> ModuleType:
    from agent_avenue.cli import host

    return host


def _join_commands() -> ModuleType:
    from agent_avenue.cli import join

    return join


COMMAND_MODULES: tuple[tuple[str, Callable[[], ModuleType], str], ...] = (
    ("play", _play_commands, "PLAY"),
    ("referee", _referee_commands, "REFEREE"),
    ("resume", _stored_commands, "RESUME"),
    ("history", _history_commands, "HISTORY"),
    ("export", _history_commands, "EXPORT"),
    ("replay", _stored_commands, "REPLAY"),
    ("review", _review_commands, "REVIEW"),
    ("tutorial", _play_commands, "TUTORIAL"),
    ("simulate", _simulate_commands, "SIMULATE"),
    ("host", _host_commands, "HOST"),
    ("join", _join_commands, "JOIN"),
)
"""Every command (name, its module's loader, the Command's name in it), in `--help`'s order."""
COMMAND_NAMES = tuple(name for name, _, _ in COMMAND_MODULES)
REFUSALS = (
    ("agent_avenue.data.loading", "DataError"),
    ("agent_avenue.data.scenario", "ScenarioError"),
    ("agent_avenue.cli.referee", "RefereeError"),
)
"""Errors a command reports in one sentence (module, class): only loaded modules raise them."""
WHOLE_PARSER = frozenset({"-h", "--help", "--version"})
"""Arguments before the command that need every command's parser."""

__all__ = ["COMMAND_NAMES", "build_parser", "command", "main"]


def command(name: str) -> Command:
    """The command called `name`, its module imported now."""
    load, attribute = next((m, a) for n, m, a in COMMAND_MODULES if n == name)
    return cast(Command, getattr(load(), attribute))


def _named(arguments: list[str]) -> str | None:
    """The command the arguments name, if only its parser is needed (no top-level help)."""
    for argument in arguments:
        if argument in WHOLE_PARSER:
            return None
        if argument in COMMAND_NAMES:
            return argument
    return None


def _refusals() -> tuple[type[Exception], ...]:
    """UsageError and the one-sentence errors of the modules loaded."""
    found: list[type[Exception]] = [UsageError]
    for module, name in REFUSALS:
        loaded = sys.modules.get(module)
        if loaded is not None:
            found.append(cast(type[Exception], getattr(loaded, name)))
    return tuple(found)


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    """The commands the parser knows (play, referee, ...)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser for `agent-avenue` and every command (or only the one named)."""
    parser = RaisingParser(prog=PROG, description=t("language.cli.description"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=t("language.cli.version_help"),
    )
    add_lang_option(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar=t("language.cli.command_metavar"))
    for name in COMMAND_NAMES if only is None else (only,):
        found = command(name)
        sub = commands.add_parser(name, help=found.help(), description=found.describe())
        found.add_arguments(sub)
        # Every command takes --lang too (`agent-avenue play --lang fr`).
        add_lang_option(sub, default=argparse.SUPPRESS)
    return parser


def _load_run_app() -> RunApp | None:
    """The terminal app's run_app, its module imported only now; None if it is not installed."""
    try:
        from agent_avenue.ui.run import run_app
    except ModuleNotFoundError as exc:
        if exc.name not in (APP_MODULE, APP_MODULE.rpartition(".")[0]):
            raise
        return None
    return run_app


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
        parser = build_parser(_named(arguments))
        try:
            args = parser.parse_args(arguments)
        except UsageError as exc:
            return fail(str(exc))
        except SystemExit as exc:  # --help and --version print and exit on their own
            return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        commands = t("language.cli.or").join(_command_names(parser))
        return fail(t("language.cli.need_command", commands=commands, prog=PROG))
    chosen = command(args.command)
    # The app is looked up at run time, so that tests can put a stand-in in its place.
    context = Context(load_app=lambda: _load_run_app(), fail=fail)
    try:
        return chosen.run(args, context)
    except _refusals() as exc:
        return fail(str(exc))
