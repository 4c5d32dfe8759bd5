"""`agent-avenue play` (a game at this terminal, against people or the computer) and
`agent-avenue tutorial` (the lessons)."""

from __future__ import annotations

import argparse

from agent_avenue.cli.arguments import UsageError, seed_number
from agent_avenue.cli.command import Command, Context, app_status, no_arguments
from agent_avenue.cli.output import PROG
from agent_avenue.data import load_rules
from agent_avenue.data.player_names import name_problem
from agent_avenue.data.printable import shown
from agent_avenue.engine import Rules, is_team_game
from agent_avenue.i18n import t
from agent_avenue.play.seats import (
    HUMAN,
    SeatKinds,
    bot_seats,
    is_bot,
    list_opponent,
    opponent_kinds,
)

MODES = ("simple", "advanced")
FIRST_CHOICES = {"green": 0, "blue": 1, "random": None}
SEAT_CHOICES = {"green": 0, "blue": 1}
DEFAULT_PLAYERS = 2
PLAYER_COUNTS = (2, 3, 4)

__all__ = ["MODES", "PLAY", "PLAYER_COUNTS", "TUTORIAL"]


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


class _Given(argparse.Action):
    """Stores an option's value and notes that it was given: options describe a new game."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        """Store the value; remember the option among those given."""
        setattr(namespace, self.dest, values)
        namespace.given = (*getattr(namespace, "given", ()), self.dest)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `agent-avenue play` (each one given is noted in `args.given`)."""
    parser.add_argument(
        "--mode",
        action=_Given,
        choices=MODES,
        default="simple",
        help=t("language.cli.mode_help"),
    )
    parser.add_argument(
        "--seed",
        action=_Given,
        type=seed_number,
        default=None,
        metavar=t("language.cli.number_metavar"),
        help=t("language.cli.seed_help"),
    )
    parser.add_argument(
        "--names",
        action=_Given,
        type=_names,
        default=None,
        metavar=t("team.cli_names_metavar"),
        help=t("team.cli_names_help"),
    )
    parser.add_argument(
        "--players",
        action=_Given,
        type=int,
        choices=PLAYER_COUNTS,
        default=DEFAULT_PLAYERS,
        help=t("team.cli_players_help"),
    )
    parser.add_argument(
        "--first",
        action=_Given,
        choices=tuple(FIRST_CHOICES),
        default="random",
        help=t("language.cli.first_help"),
    )
    parser.add_argument(
        "--vs",
        action=_Given,
        type=_opponent,
        default=(HUMAN,),
        metavar="human|bot[:easy|normal|hard][,...]",
        help=t("bot.cli_vs_help") + "; " + t("bot.cli_vs_list_help"),
    )
    parser.add_argument(
        "--seat",
        action=_Given,
        choices=tuple(SEAT_CHOICES),
        default=None,
        help=t("bot.cli_seat_help") + "; " + t("bot.cli_seat_team_help"),
    )


def run_play(args: argparse.Namespace, context: Context) -> int:
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
    run_app = context.load_app()
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
        new_game=bool(getattr(args, "given", ())),
    )
    return app_status(code)


def run_tutorial(args: argparse.Namespace, context: Context) -> int:
    """The app with the lessons open over its start screen."""
    run_app = context.load_app()
    if run_app is None:
        print(f"{PROG}: {t('language.cli.no_app', prog=PROG)}")
        return 0
    code = run_app(rules=load_rules(), tutorial=True)
    return app_status(code)


PLAY = Command(
    "play",
    help=lambda: t("language.cli.play_help"),
    description=lambda: t("language.cli.play_description"),
    add_arguments=add_play_arguments,
    run=run_play,
)
TUTORIAL = Command(
    "tutorial",
    help=lambda: t("tutorial.command_help"),
    add_arguments=no_arguments,
    run=run_tutorial,
)
