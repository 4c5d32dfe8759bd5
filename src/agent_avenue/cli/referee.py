"""The referee: apply moves in notation to a game and report the whole position as JSON data."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from agent_avenue import storage
from agent_avenue.cli.arguments import UsageError, seed_number
from agent_avenue.cli.command import Command, Context
from agent_avenue.cli.output import write_stdout
from agent_avenue.data import load_rules
from agent_avenue.data.input_files import INPUT_LIMIT, InputFileError, read_input_file
from agent_avenue.data.printable import shown
from agent_avenue.data.scenario import load_scenario
from agent_avenue.engine import (
    GameState,
    Member,
    Mode,
    ReplayError,
    Rules,
    format_action,
    legal_actions,
    new_game,
    replay_from,
)
from agent_avenue.i18n import t

MODES = ("simple", "advanced")
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_MODE = "simple"
DEFAULT_SEED = 0
DEFAULT_FIRST = 0
DEFAULT_PLAYERS = 2
NEW_GAME_OPTIONS = ("mode", "seed", "first", "players")
MAX_MOVES = 5000
"""The most moves the referee applies at once (a whole game has a few hundred at most)."""

__all__ = [
    "REFEREE",
    "RefereeError",
    "player_count",
    "referee_game",
    "referee_report",
    "run_moves",
    "split_moves",
]


class RefereeError(Exception):
    """A move that is not in the notation or not legal; the message names the move."""


def player_count(state: GameState) -> int:
    """How many players the game has: 2 (a duel), 3 or 4 (team games)."""
    return state.players


def _per_seat(state: GameState) -> list[Member | None]:
    """Each seat's player in seat order: 2 seats in a duel, else 4 (None for a missing seat).

    Seats 0 and 1 are green's and blue's first players, 2 and 3 their partners.
    """
    seats = 4 if state.is_team_game else 2
    return [state.member_of(seat) if seat < state.players else None for seat in range(seats)]


def referee_report(state: GameState) -> dict[str, object]:
    """Everything about a position, every hand included, as JSON-ready data."""
    rules = state.rules
    sides = state.sides
    in_play: list[dict[str, int]] = []
    for side in sides:
        counts = Counter(side.in_play)
        in_play.append({agent: counts[agent] for agent in rules.agent_ids if counts[agent]})
    result = state.result
    seats = _per_seat(state)
    return {
        "mode": Mode(state.mode).value,
        "players": player_count(state),
        "turn": state.turn,
        "active": state.active,
        "to_act": state.to_act,
        "positions": [side.position for side in sides],
        "hands": [None if m is None else list(m.hand) for m in seats],
        "in_play": in_play,
        "black_market": [list(side.ongoing) for side in sides],
        "discards_left": [None if m is None else m.discards_left for m in seats],
        "deck": len(state.deck),
        "market": {"supply": list(state.supply), "deck": len(state.market_deck)},
        "winner": None if result is None else result.winner,
        "reasons": [] if result is None else list(result.reasons),
        "legal": [format_action(action) for action in legal_actions(state)],
    }


def run_moves(state: GameState, moves: list[str]) -> GameState:
    """Parse and apply each move in turn; raise RefereeError at the first bad one."""
    try:
        return replay_from(state, moves)
    except ReplayError as exc:
        number, text = exc.number, shown(exc.text)
        raise RefereeError(f'move {number} ("{text}"): {shown(exc.reason, 200)}') from None


def split_moves(text: str) -> list[str]:
    """The moves in a text: separated by ";" or newlines, blanks and `#` comments ignored."""
    moves: list[str] = []
    for line in text.splitlines():
        code = line.split("#", 1)[0]
        moves.extend(part.strip() for part in code.split(";") if part.strip())
    return moves


# The command -----------------------------------------------------------------------------------


def add_referee_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `agent-avenue referee`."""
    parser.add_argument(
        "--scenario",
        type=Path,
        metavar=t("language.cli.file_metavar"),
        help=t("language.cli.scenario_help"),
    )
    parser.add_argument(
        "--mode", choices=MODES, default=None, help=t("language.cli.referee_mode_help")
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar=t("language.cli.number_metavar"),
        help=t("language.cli.referee_seed_help"),
    )
    parser.add_argument(
        "--first",
        type=int,
        choices=(0, 1),
        default=None,
        help=t("language.cli.referee_first_help"),
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        default=None,
        help=t("language.cli.players_help"),
    )
    moves = parser.add_mutually_exclusive_group()
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
    add_referee_game_option(parser)


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
    try:
        record = storage.load_game_file(path, rules=rules)
    except storage.StorageError as exc:
        raise RefereeError(str(exc)) from None
    return record.start(rules), list(record.moves)


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


def run_referee(args: argparse.Namespace, context: Context) -> int:
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
        state, played = referee_game(args.game, rules)
        moves = played + moves
    else:
        mode: str = DEFAULT_MODE if args.mode is None else args.mode
        seed: int = DEFAULT_SEED if args.seed is None else args.seed
        first: int = DEFAULT_FIRST if args.first is None else args.first
        players: int = DEFAULT_PLAYERS if args.players is None else args.players
        state = new_game(rules, mode, seed, first, players=players)
    state = run_moves(state, moves)
    write_stdout(json.dumps(referee_report(state), indent=2) + "\n")
    return 0


REFEREE = Command(
    "referee",
    help=lambda: t("language.cli.referee_help"),
    description=lambda: t("language.cli.referee_description"),
    add_arguments=add_referee_arguments,
    run=run_referee,
)
