"""The `agent-avenue` commands about stored games: resume, history, export, replay, referee --game.

Storage (and with it pydantic) is imported only when one of these commands runs, so `play` and
`referee` start as fast as before. Every refusal is one sentence on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from agent_avenue.cli.history import (
    add_export_arguments,
    add_history_arguments,
    add_replay_arguments,
    run_export,
    run_history,
)
from agent_avenue.cli.referee import RefereeError
from agent_avenue.data import load_rules
from agent_avenue.engine import GameState, Rules
from agent_avenue.i18n import t

COMMANDS = ("resume", "history", "export", "replay")
"""The commands this module adds and runs."""

RunApp = Callable[..., object]
"""The terminal app's `run_app` (keyword arguments only)."""
Parser = TypeVar("Parser", bound=argparse.ArgumentParser)

__all__ = ["COMMANDS", "add_commands", "add_referee_game_option", "referee_game", "run"]


def add_commands(commands: argparse._SubParsersAction[Parser]) -> None:
    """Add resume, history, export and replay to the command parser (with their help)."""
    commands.add_parser(
        "resume",
        help=t("resume.command_help"),
        description=t("resume.command_help").capitalize() + ".",
    )
    history = commands.add_parser(
        "history",
        help=t("history_screen.command_help"),
        description=t("history_screen.command_help").capitalize() + ".",
    )
    add_history_arguments(history)
    export = commands.add_parser(
        "export",
        help=t("history_screen.export_help"),
        description=t("history_screen.export_help").capitalize() + ".",
    )
    add_export_arguments(export)
    replay = commands.add_parser(
        "replay",
        help=t("replay.command_help"),
        description=t("replay.command_help").capitalize() + ".",
    )
    add_replay_arguments(replay)


def add_referee_game_option(referee: argparse.ArgumentParser) -> None:
    """The referee's --game FILE: start from an exported game file instead of a new game."""
    referee.add_argument(
        "--game",
        type=Path,
        default=None,
        metavar=t("language.cli.file_metavar"),
        help=t("replay.game_option_help"),
    )


def referee_game(path: Path, rules: Rules) -> tuple[GameState, list[str]]:
    """The start of the game in an exported game file, and its moves, for the referee.

    A bad file raises RefereeError with storage's one sentence.
    """
    from agent_avenue.storage import StorageError, load_game_file

    try:
        record = load_game_file(path, rules=rules)
    except StorageError as exc:
        raise RefereeError(str(exc)) from None
    return record.start(rules), list(record.moves)


def run(
    args: argparse.Namespace, *, load_app: Callable[[], RunApp | None], fail: Callable[[str], int]
) -> int:
    """Run one of COMMANDS; `load_app` imports the app's run_app, `fail` prints a refusal."""
    command: str = args.command
    if command == "history":
        return run_history(args)
    if command == "export":
        return run_export(args)
    rules = load_rules()
    if command == "resume":
        return _resume(rules, load_app, fail)
    return _replay(args, rules, load_app, fail)


def _app_status(code: object) -> int:
    """The exit status the app returned (0 when it returned none)."""
    return code if isinstance(code, int) else 0


def _resume(rules: Rules, load_app: Callable[[], RunApp | None], fail: Callable[[str], int]) -> int:
    """`agent-avenue resume`: the saved game at a handoff screen, or one sentence and exit 2."""
    from agent_avenue.storage import load_save

    found = load_save(rules=rules)
    if found.save is None:
        return fail(found.problem or t("resume.none"))
    run_app = load_app()
    if run_app is None:
        return fail(t("language.cli.no_app", prog="agent-avenue"))
    return _app_status(run_app(rules=rules, resume=True))


def _replay(
    args: argparse.Namespace,
    rules: Rules,
    load_app: Callable[[], RunApp | None],
    fail: Callable[[str], int],
) -> int:
    """`agent-avenue replay [GAME]`: a finished game in the app; a bad or unknown GAME exits 2."""
    from agent_avenue.storage import StorageError, find_game

    try:
        game = find_game(args.game, rules=rules)
    except StorageError as exc:
        return fail(str(exc))
    if game.result is None:
        return fail(t("replay.unfinished"))
    run_app = load_app()
    if run_app is None:
        return fail(t("language.cli.no_app", prog="agent-avenue"))
    return _app_status(run_app(rules=rules, replay=game.record))
