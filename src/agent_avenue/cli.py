"""The `agent-avenue` command: `play` starts the terminal app, `referee` prints JSON positions."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from pathlib import Path
from typing import NoReturn

from agent_avenue import __version__
from agent_avenue.data import DataError, load_rules
from agent_avenue.data.scenario import ScenarioError, load_scenario
from agent_avenue.engine import GameState, Rules, new_game
from agent_avenue.referee import RefereeError, referee_report, run_moves, split_moves

PROG = "agent-avenue"
APP_MODULE = "agent_avenue.ui.app"
MODES = ("simple", "advanced")
FIRST_CHOICES = {"green": 0, "blue": 1, "random": None}
DEFAULT_MODE = "simple"
DEFAULT_SEED = 0
DEFAULT_FIRST = 0
DEFAULT_PLAYERS = 2
PLAYER_COUNTS = (2, 3, 4)
NEW_GAME_OPTIONS = ("mode", "seed", "first", "players")

__all__ = ["build_parser", "main"]


class UsageError(Exception):
    """Bad command-line input; the message is one sentence for the user."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        """Turn argparse's complaint into a UsageError that names the command's help."""
        raise UsageError(f"{message}; see '{self.prog} --help'")


# Argument types --------------------------------------------------------------------------------


def _seed(text: str) -> int:
    """A seed: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; use 0 or more")
    return value


def _names(text: str) -> tuple[str, str]:
    """Two player names separated by a comma: green's, then blue's."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise argparse.ArgumentTypeError(
            f"'{text}' should be two names separated by a comma, such as 'Ada,Bob'"
        )
    for name in parts:
        if not name.isprintable():
            raise argparse.ArgumentTypeError(
                f"the name {name!r} has characters that cannot be shown"
            )
    return parts[0], parts[1]


# The parser ------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for `agent-avenue` and its `play` and `referee` commands."""
    parser = _Parser(
        prog=PROG,
        description="Agent Avenue, the two-player spy card game, in the terminal.",
    )
    parser.add_argument(
        "--version", action="version", version=f"{PROG} {__version__}", help="show the version"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a hot-seat game in the terminal app",
        description="Play a hot-seat game of Agent Avenue in the terminal app.",
    )
    play.add_argument(
        "--mode",
        choices=MODES,
        default="simple",
        help="board side: simple or advanced (default simple)",
    )
    play.add_argument(
        "--seed", type=_seed, default=None, metavar="N", help="shuffle seed, for a repeatable deal"
    )
    play.add_argument(
        "--names",
        type=_names,
        default=None,
        metavar="GREEN,BLUE",
        help="the two players' names, green first, separated by a comma",
    )
    play.add_argument(
        "--first",
        choices=tuple(FIRST_CHOICES),
        default="random",
        help="who plays first: green, blue or random (default random)",
    )

    referee = commands.add_parser(
        "referee",
        help="apply moves to a game and print the position as JSON",
        description=(
            "Apply moves in notation (see docs/notation.md) to a new game or a scenario and "
            "print the resulting position, every hand included, as JSON."
        ),
    )
    referee.add_argument(
        "--scenario",
        type=Path,
        metavar="FILE",
        help=(
            "start from the position in this scenario TOML file "
            "(not with --mode/--seed/--first/--players)"
        ),
    )
    referee.add_argument(
        "--mode", choices=MODES, default=None, help="board side for a new game (default simple)"
    )
    referee.add_argument(
        "--seed",
        type=_seed,
        default=None,
        metavar="N",
        help="shuffle seed for a new game (default 0)",
    )
    referee.add_argument(
        "--first",
        type=int,
        choices=(0, 1),
        default=None,
        help="side that plays first in a new game: 0 green, 1 blue (default 0)",
    )
    referee.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        default=None,
        help=(
            "players in a new game: 2 (a duel), 3 (green's team of two against blue alone) "
            "or 4 (two teams of two) (default 2)"
        ),
    )
    moves = referee.add_mutually_exclusive_group()
    moves.add_argument(
        "--moves",
        default=None,
        metavar='"M1; M2"',
        help='moves to apply, separated by ";" (e.g. "offer enforcer sentinel; recruit up")',
    )
    moves.add_argument(
        "--moves-file",
        type=Path,
        default=None,
        metavar="FILE",
        help='file of moves to apply, one per line or separated by ";", "#" starts a comment',
    )
    return parser


# Commands --------------------------------------------------------------------------------------


def _read_moves(path: Path) -> list[str]:
    """The moves listed in a moves file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: moves file not found") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: moves file is not valid UTF-8 at byte {exc.start}") from None
    except OSError as exc:
        raise UsageError(f"{path}: moves file cannot be read ({exc.strerror or exc})") from None
    return split_moves(text)


def _referee(args: argparse.Namespace) -> int:
    """Set up the game, apply the moves and print the report; nothing is printed on failure."""
    if args.scenario is not None:
        clashes = [f"--{name}" for name in NEW_GAME_OPTIONS if getattr(args, name) is not None]
        if clashes:
            raise UsageError(
                f"--scenario cannot be combined with {' or '.join(clashes)}, "
                "because the scenario file sets up the whole game"
            )
    moves: list[str] = []
    if args.moves is not None:
        moves = split_moves(args.moves)
    elif args.moves_file is not None:
        moves = _read_moves(args.moves_file)
    rules = load_rules()
    state: GameState
    if args.scenario is not None:
        state = load_scenario(args.scenario, rules)
    else:
        mode: str = DEFAULT_MODE if args.mode is None else args.mode
        seed: int = DEFAULT_SEED if args.seed is None else args.seed
        first: int = DEFAULT_FIRST if args.first is None else args.first
        players: int = DEFAULT_PLAYERS if args.players is None else args.players
        state = new_game(rules, mode, seed, first, players=players)
    state = run_moves(state, moves)
    _write_stdout(json.dumps(referee_report(state), indent=2) + "\n")
    return 0


def _write_stdout(text: str) -> None:
    """Print to stdout; a reader that stops early (`| head`) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Point stdout at /dev/null so Python's final flush at exit does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _play(args: argparse.Namespace) -> int:
    """Start the terminal app if it is installed; its module is imported only now."""
    rules: Rules = load_rules()
    try:
        app = importlib.import_module(APP_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name not in (APP_MODULE, APP_MODULE.rpartition(".")[0]):
            raise
        app = None
    run_app = getattr(app, "run_app", None)
    if run_app is None:
        print(f"{PROG}: the terminal app is not available yet; try '{PROG} referee' instead.")
        return 0
    code = run_app(
        rules=rules,
        mode=args.mode,
        seed=args.seed,
        names=args.names,
        first=FIRST_CHOICES[args.first],
    )
    return code if isinstance(code, int) else 0


def _fail(message: str) -> int:
    """Print one sentence to stderr, prefixed with the program name, and return exit status 2."""
    sentence = " ".join(message.split())
    if not sentence.endswith("."):
        sentence += "."
    print(f"{PROG}: {sentence}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        return _fail(str(exc))
    except SystemExit as exc:  # --help and --version print and exit on their own
        return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        return _fail(f"a command is needed: play or referee; see '{PROG} --help'")
    try:
        if args.command == "referee":
            return _referee(args)
        return _play(args)
    except (UsageError, DataError, ScenarioError, RefereeError) as exc:
        return _fail(str(exc))
