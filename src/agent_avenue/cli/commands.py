"""The `agent-avenue` command: `play` starts the terminal app, `referee` prints JSON positions,
`simulate` plays computer opponents against each other."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from agent_avenue import __version__
from agent_avenue.cli import host as cli_host
from agent_avenue.cli import join as cli_join
from agent_avenue.cli import stored as cli_storage
from agent_avenue.cli.arguments import RaisingParser, UsageError, seed_number
from agent_avenue.cli.referee import RefereeError, referee_report, run_moves, split_moves
from agent_avenue.data import DataError, load_rules
from agent_avenue.data.input_files import INPUT_LIMIT, InputFileError, read_input_file
from agent_avenue.data.player_names import name_problem
from agent_avenue.data.printable import shown, shown_sentence
from agent_avenue.data.scenario import ScenarioError, load_scenario
from agent_avenue.engine import GameState, Rules, is_team_game, new_game
from agent_avenue.i18n import (
    LANGUAGE_ENV,
    LANGUAGES,
    choose_language,
    normalize_language,
    set_language,
    system_locale,
    t,
)
from agent_avenue.play.seats import (
    HUMAN,
    SeatKinds,
    bot_seats,
    is_bot,
    list_opponent,
    opponent_kinds,
)
from agent_avenue.storage.settings import describe_problem, load_settings

PROG = "agent-avenue"
APP_MODULE = "agent_avenue.ui.app"
MODES = ("simple", "advanced")
FIRST_CHOICES = {"green": 0, "blue": 1, "random": None}
SEAT_CHOICES = {"green": 0, "blue": 1}
DEFAULT_MODE = "simple"
DEFAULT_SEED = 0
DEFAULT_FIRST = 0
DEFAULT_PLAYERS = 2
PLAYER_COUNTS = (2, 3, 4)
NEW_GAME_OPTIONS = ("mode", "seed", "first", "players")
MAX_MOVES = 5000
"""The most moves the referee applies at once (a whole game has a few hundred at most)."""

__all__ = ["build_parser", "main"]


# Argument types --------------------------------------------------------------------------------


def _names(text: str) -> tuple[str, ...]:
    """Player names separated by commas, in seat order: green's, blue's, then (3 or 4 players)
    green's and blue's partners. `_play` checks there is one per player."""
    parts = [part.strip() for part in text.split(",")]
    if not 2 <= len(parts) <= max(PLAYER_COUNTS) or not all(parts):
        raise argparse.ArgumentTypeError(t("language.cli.names_format", text=shown(text)))
    problem = name_problem(parts)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return tuple(parts)


def _opponent(text: str) -> SeatKinds:
    """A --vs value: human, bot, or bot:easy|normal|hard (as saves spell it: bot:normal), or
    a comma-separated list of those, one per seat in seat order (`_play` checks its length)."""
    try:
        return opponent_kinds(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(t("bot.cli_vs_unknown", text=shown(exc))) from None


def _check_kinds(kinds: SeatKinds, players: int, seat: str | None) -> None:
    """Raise UsageError unless a per-seat --vs list fits the game: one kind per player, at least
    one person, and no --seat (the list already places everyone)."""
    text = shown(",".join(kinds))
    if len(kinds) != players:
        raise UsageError(t("bot.cli_vs_count", text=text, count=len(kinds), players=players))
    if len(bot_seats(kinds)) == len(kinds):
        raise UsageError(t("bot.cli_vs_no_human", text=text))
    if seat is not None:
        raise UsageError(t("bot.cli_seat_with_list"))


def _check_names(names: tuple[str, ...] | None, players: int) -> None:
    """Raise UsageError unless `--names` gives one name per player."""
    if names is None or len(names) == players:
        return
    text = shown(",".join(names))
    if not is_team_game(players):
        raise UsageError(t("language.cli.names_format", text=text))
    order = t(f"team.cli_order_{players}")
    raise UsageError(t("team.cli_names_count", text=text, players=players, order=order))


# The language ----------------------------------------------------------------------------------

_ARGPARSE_TEXTS = {
    "usage: ": "usage",
    "options": "options",
    "positional arguments": "positionals",
    "show this help message and exit": "help",
    "argument %(argument_name)s: %(message)s": "argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "expected one argument": "expected_one",
    "unrecognized arguments: %s": "unrecognized",
    "the following arguments are required: %s": "required",
    "not allowed with argument %s": "not_allowed_with",
    "one of the arguments %s is required": "one_required",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "explicit_ignored",
}
"""argparse's own messages (its gettext message ids) and their keys under `language.argparse`."""


def _language(text: str) -> str:
    """A --lang value: a language code such as fr (a locale such as fr_BE works too)."""
    chosen = normalize_language(text)
    if chosen is None:
        raise argparse.ArgumentTypeError(
            t("language.unknown", value=shown(text), choices=", ".join(LANGUAGES))
        )
    return chosen


def _add_lang_option(parser: argparse.ArgumentParser, default: object) -> None:
    """The --lang option, on the main parser and on every command."""
    parser.add_argument(
        "--lang",
        type=_language,
        default=default,
        metavar="|".join(LANGUAGES),
        help=t("language.cli.lang_help", variable=LANGUAGE_ENV),
    )


def _requested_language(arguments: list[str]) -> str | None:
    """The --lang value among the arguments, read before the real parser exists (its help texts
    are in that language); None if there is none or the arguments are too broken to tell."""
    early = RaisingParser(prog=PROG, add_help=False)
    early.add_argument("--lang", default=None)
    try:
        found, _ = early.parse_known_args(arguments)
    except (UsageError, SystemExit):
        return None
    value = found.lang
    return value if isinstance(value, str) else None


def _start_language(arguments: list[str]) -> int | None:
    """Choose the language first: --lang, $AGENT_AVENUE_LANG, the saved setting, the system's
    locale, else English. Returns exit status 2 for an unknown --lang (None when all is well)."""
    requested = _requested_language(arguments)
    settings, problem = load_settings()
    env = os.environ.get(LANGUAGE_ENV)
    locale_name = system_locale()
    try:
        set_language(choose_language(requested, env, settings.language, locale_name))
    except ValueError:
        set_language(choose_language(None, env, settings.language, locale_name))
        return _fail(t("language.unknown", value=shown(requested), choices=", ".join(LANGUAGES)))
    if problem is not None:
        print(f"{PROG}: {describe_problem(problem)}", file=sys.stderr)
    return None


@contextlib.contextmanager
def _argparse_in_language() -> Iterator[None]:
    """While building and running the parser, argparse's own words come from the catalogue."""
    module = vars(argparse)
    original: Callable[[str], str] = module["_"]

    def translate(message: str) -> str:
        key = _ARGPARSE_TEXTS.get(message)
        return t(f"language.argparse.{key}") if key is not None else original(message)

    module["_"] = translate
    try:
        yield
    finally:
        module["_"] = original


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    """The commands the parser knows (play, referee, ...)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


# The parser ------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for `agent-avenue` and its `play` and `referee` commands."""
    parser = RaisingParser(prog=PROG, description=t("language.cli.description"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=t("language.cli.version_help"),
    )
    _add_lang_option(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar=t("language.cli.command_metavar"))

    play = commands.add_parser(
        "play",
        help=t("language.cli.play_help"),
        description=t("language.cli.play_description"),
    )
    play.add_argument(
        "--mode",
        choices=MODES,
        default="simple",
        help=t("language.cli.mode_help"),
    )
    play.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar=t("language.cli.number_metavar"),
        help=t("language.cli.seed_help"),
    )
    play.add_argument(
        "--names",
        type=_names,
        default=None,
        metavar=t("team.cli_names_metavar"),
        help=t("team.cli_names_help"),
    )
    play.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        default=DEFAULT_PLAYERS,
        help=t("team.cli_players_help"),
    )
    play.add_argument(
        "--first",
        choices=tuple(FIRST_CHOICES),
        default="random",
        help=t("language.cli.first_help"),
    )
    play.add_argument(
        "--vs",
        type=_opponent,
        default=(HUMAN,),
        metavar="human|bot[:easy|normal|hard][,...]",
        help=t("bot.cli_vs_help") + "; " + t("bot.cli_vs_list_help"),
    )
    play.add_argument(
        "--seat",
        choices=tuple(SEAT_CHOICES),
        default=None,
        help=t("bot.cli_seat_help") + "; " + t("bot.cli_seat_team_help"),
    )

    referee = commands.add_parser(
        "referee",
        help=t("language.cli.referee_help"),
        description=t("language.cli.referee_description"),
    )
    referee.add_argument(
        "--scenario",
        type=Path,
        metavar=t("language.cli.file_metavar"),
        help=t("language.cli.scenario_help"),
    )
    referee.add_argument(
        "--mode", choices=MODES, default=None, help=t("language.cli.referee_mode_help")
    )
    referee.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar=t("language.cli.number_metavar"),
        help=t("language.cli.referee_seed_help"),
    )
    referee.add_argument(
        "--first",
        type=int,
        choices=(0, 1),
        default=None,
        help=t("language.cli.referee_first_help"),
    )
    referee.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        default=None,
        help=t("language.cli.players_help"),
    )
    moves = referee.add_mutually_exclusive_group()
    moves.add_argument(
        "--moves",
        default=None,
        metavar='"M1; M2"',
        help=t("language.cli.moves_help"),
    )
    moves.add_argument(
        "--moves-file",
        type=Path,
        default=None,
        metavar=t("language.cli.file_metavar"),
        help=t("language.cli.moves_file_help"),
    )
    cli_storage.add_referee_game_option(referee)
    cli_storage.add_commands(commands)  # resume, history, export, replay
    commands.add_parser(
        "tutorial",
        help=t("tutorial.command_help"),
        description=t("tutorial.command_help").capitalize() + ".",
    )
    _add_simulate_command(commands)
    cli_host.add_host_command(commands)
    cli_join.add_join_command(commands)
    # Every command takes --lang too (`agent-avenue play --lang fr`).
    for command in commands.choices.values():
        _add_lang_option(command, default=argparse.SUPPRESS)
    return parser


def _add_simulate_command(commands: argparse._SubParsersAction[RaisingParser]) -> None:
    """`simulate`: its options are simulate.py's own (imported only when the parser is built)."""
    from agent_avenue.cli.simulate import add_simulate_arguments

    simulate = commands.add_parser(
        "simulate",
        help=t("bot.cli_simulate_help"),
        description=t("bot.cli_simulate_description"),
    )
    add_simulate_arguments(simulate)


# Commands --------------------------------------------------------------------------------------


def _read_moves(path: Path) -> list[str]:
    """The moves listed in a moves file (a regular file of at most 1 MiB)."""
    where = shown(path)
    try:
        text = read_input_file(path).decode("utf-8")
    except InputFileError as exc:
        if exc.reason == "missing":
            raise UsageError(t("language.cli.moves_missing", path=where)) from None
        if exc.reason == "unreadable":
            reason = shown(exc.error)
        else:
            reason = t(f"safety.file_{exc.reason}", limit=INPUT_LIMIT // 1024)
        raise UsageError(t("language.cli.moves_unreadable", path=where, reason=reason)) from None
    except UnicodeDecodeError as exc:
        raise UsageError(t("language.cli.moves_utf8", path=where, byte=exc.start)) from None
    moves = split_moves(text)
    if len(moves) > MAX_MOVES:
        raise UsageError(t("safety.too_many_moves", count=len(moves), limit=MAX_MOVES))
    return moves


def _referee(args: argparse.Namespace) -> int:
    """Set up the game, apply the moves and print the report; nothing is printed on failure."""
    if args.scenario is not None:
        clashes = [f"--{name}" for name in NEW_GAME_OPTIONS if getattr(args, name) is not None]
        if clashes:
            options = t("language.cli.or").join(clashes)
            raise UsageError(t("language.cli.scenario_clash", options=options))
    if args.game is not None:
        names = ("scenario", *NEW_GAME_OPTIONS)
        clashes = [f"--{name}" for name in names if getattr(args, name) is not None]
        if clashes:
            options = t("language.cli.or").join(clashes)
            raise UsageError(t("replay.game_clash", options=options))
    moves: list[str] = []
    if args.moves is not None:
        moves = split_moves(args.moves)
        if len(moves) > MAX_MOVES:
            raise UsageError(t("safety.too_many_moves", count=len(moves), limit=MAX_MOVES))
    elif args.moves_file is not None:
        moves = _read_moves(args.moves_file)
    rules = load_rules()
    state: GameState
    if args.scenario is not None:
        state = load_scenario(args.scenario, rules)
    elif args.game is not None:
        state, played = cli_storage.referee_game(args.game, rules)
        moves = played + moves
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
        _quiet_stdout()


def _quiet_stdout() -> None:
    """The reader of stdout went away (`| head`): point stdout at /dev/null so that Python's
    final flush at exit does not complain again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _load_run_app() -> cli_storage.RunApp | None:
    """The terminal app's run_app, its module imported only now; None if it is not installed."""
    try:
        app = importlib.import_module(APP_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name not in (APP_MODULE, APP_MODULE.rpartition(".")[0]):
            raise
        return None
    run_app = getattr(app, "run_app", None)
    return run_app if callable(run_app) else None


def _play(args: argparse.Namespace) -> int:
    """Start the terminal app if it is installed; its module is imported only now."""
    _check_names(args.names, args.players)
    given: SeatKinds = args.vs
    kinds: SeatKinds | None = None
    opponent = given[0]
    if len(given) > 1:
        # One kind per seat: the list places everyone (the start screen preselects the first
        # computer's level as the opponent).
        _check_kinds(given, args.players, args.seat)
        kinds = given
        opponent = list_opponent(given)
    elif args.seat is not None and not is_bot(opponent):
        raise UsageError(t("bot.cli_seat_needs_bot"))
    rules: Rules = load_rules()
    run_app = _load_run_app()
    if run_app is None:
        print(f"{PROG}: {t('language.cli.no_app', prog=PROG)}")
        return 0
    code = run_app(
        rules=rules,
        mode=args.mode,
        seed=args.seed,
        names=args.names,
        first=FIRST_CHOICES[args.first],
        players=args.players,
        opponent=opponent,
        seat=SEAT_CHOICES[args.seat or "green"],
        kinds=kinds,
    )
    return code if isinstance(code, int) else 0


def _tutorial() -> int:
    """The app with the lessons open over its start screen."""
    run_app = _load_run_app()
    if run_app is None:
        print(f"{PROG}: {t('language.cli.no_app', prog=PROG)}")
        return 0
    code = run_app(rules=load_rules(), tutorial=True)
    return code if isinstance(code, int) else 0


def _fail(message: str) -> int:
    """Print one sentence to stderr, prefixed with the program name, and return exit status 2.

    The sentence is made safe first: control characters escaped, over-long values cut.
    """
    sentence = shown_sentence(message)
    if not sentence.endswith("."):
        sentence += "."
    print(f"{PROG}: {sentence}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input).

    A reader of the output that stops early (`| head`) ends the command quietly, status 0.
    """
    try:
        return _main(argv)
    except BrokenPipeError:
        _quiet_stdout()
        return 0


def _main(argv: list[str] | None) -> int:
    """The command line's work (see `main`)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    failure = _start_language(arguments)  # before any text is made, the UI's included
    if failure is not None:
        return failure
    with _argparse_in_language():
        parser = build_parser()
        try:
            args = parser.parse_args(arguments)
        except UsageError as exc:
            return _fail(str(exc))
        except SystemExit as exc:  # --help and --version print and exit on their own
            return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        commands = t("language.cli.or").join(_command_names(parser))
        return _fail(t("language.cli.need_command", commands=commands, prog=PROG))
    try:
        if args.command == "referee":
            return _referee(args)
        if args.command in cli_storage.COMMANDS:
            return cli_storage.run(args, load_app=_load_run_app, fail=_fail)
        if args.command == "tutorial":
            return _tutorial()
        if args.command == "host":
            return cli_host.run_host(args)
        if args.command == "join":
            return cli_join.run_join(args)
        if args.command == "simulate":
            from agent_avenue.cli.simulate import simulate_command

            return simulate_command(args)
        return _play(args)
    except (UsageError, DataError, ScenarioError, RefereeError) as exc:
        return _fail(str(exc))
