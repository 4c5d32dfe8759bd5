"""`agent-avenue host`: start a game server for one room and print how each player joins."""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import socket
import sys
from typing import TYPE_CHECKING

from agent_avenue import storage
from agent_avenue.cli.arguments import UsageError, seed_number
from agent_avenue.cli.command import Command, Context
from agent_avenue.cli.join import load_remote
from agent_avenue.data import load_rules
from agent_avenue.data.printable import shown
from agent_avenue.engine import Mode, Rules
from agent_avenue.i18n import t
from agent_avenue.net.background import BackgroundServer
from agent_avenue.net.client import GameClient
from agent_avenue.net.hosted import HostedRoom
from agent_avenue.net.hosting import load_rooms, write_room_file
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.server import GameServer
from agent_avenue.play.seats import HUMAN, SeatKinds, bot_seats, is_bot, opponent_kinds, seat_kinds
from agent_avenue.web.limits import WebLimits

if TYPE_CHECKING:
    from agent_avenue.web.front import WebFront

DEFAULT_BIND = "127.0.0.1"
DEFAULT_PORT = 8765
LOCAL_BINDS = ("127.0.0.1", "localhost", "::1")
FIRST_CHOICES = {"green": 0, "blue": 1, "random": None}
SEAT_WORDS = {"green": 0, "blue": 1}
DEFAULT_WEB_PORT = 8766
DEFAULT_SESSIONS = 8
MAX_SESSIONS = 32
"""The web page's defaults (agent_avenue.web.limits has the same: checked by a test)."""
GRACE_SECONDS = 30.0
"""How long a finished game's server waits for its clients to read the end and leave, once a
seat has left (no rematch then)."""
REMATCH_SECONDS = 600.0
"""How long a finished game's server waits for a rematch while every seat stays."""

__all__ = ["HOST", "add_host_arguments", "run_host"]


def _port(text: str) -> int:
    """A TCP port: 0 (any free port) to 65535."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(t("net.cli.bad_port", text=shown(text)))
    return int(text)


def _kinds(text: str) -> SeatKinds:
    """A --vs value, as `play --vs` spells it."""
    try:
        return opponent_kinds(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(t("bot.cli_vs_unknown", text=shown(exc))) from None


def add_host_arguments(host: argparse.ArgumentParser) -> None:
    """The options of `host`."""
    host.add_argument("--port", type=_port, default=DEFAULT_PORT, help=t("net.cli.port_help"))
    host.add_argument("--bind", default=DEFAULT_BIND, help=t("net.cli.bind_help"))
    host.add_argument("--mode", choices=("simple", "advanced"), default="simple")
    host.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    host.add_argument(
        "--vs",
        type=_kinds,
        default=(HUMAN,),
        metavar="human|bot[:easy|normal|hard][,...]",
        help=t("net.cli.vs_help"),
    )
    host.add_argument("--first", choices=tuple(FIRST_CHOICES), default="random")
    host.add_argument("--seed", type=seed_number, default=None, help=t("language.cli.seed_help"))
    host.add_argument("--spectators", action="store_true", help=t("net.cli.spectators_help"))
    host.add_argument("--new", action="store_true", help=t("net.cli.new_help"))
    host.add_argument("--seat", type=_seat, default=None, help=t("net.ui.seat_help"))
    host.add_argument("--name", default=None, help=t("net.cli.name_help"))
    host.add_argument(
        "--web",
        type=_port,
        nargs="?",
        const=DEFAULT_WEB_PORT,
        default=None,
        metavar="PORT",
        help=t("net.web.web_help"),
    )
    host.add_argument("--web-bind", default=DEFAULT_BIND, help=t("net.web.web_bind_help"))
    host.add_argument(
        "--web-sessions",
        type=_sessions,
        default=DEFAULT_SESSIONS,
        help=t("net.web.web_sessions_help"),
    )


def _sessions(text: str) -> int:
    """A --web-sessions value: 1 to MAX_SESSIONS."""
    if not text.isdigit() or not 1 <= int(text) <= MAX_SESSIONS:
        raise argparse.ArgumentTypeError(
            t("net.web.bad_sessions", text=shown(text), most=MAX_SESSIONS)
        )
    return int(text)


def _seat(text: str) -> int:
    """A --seat value: green, blue, or a seat number 0 to 3."""
    value = text.strip().lower()
    if value in SEAT_WORDS:
        return SEAT_WORDS[value]
    if value in ("0", "1", "2", "3"):
        return int(value)
    raise argparse.ArgumentTypeError(t("net.ui.bad_seat", text=shown(text)))


def _seat_kinds(given: SeatKinds, players: int) -> SeatKinds:
    """One kind per seat: a list as given, or one kind for the whole blue side."""
    if len(given) == 1:
        return seat_kinds(given[0], players)
    text = shown(",".join(given))
    if len(given) != players:
        raise UsageError(t("bot.cli_vs_count", text=text, count=len(given), players=players))
    if len(bot_seats(given)) == len(given):
        raise UsageError(t("bot.cli_vs_no_human", text=text))
    return given


def _new_room(args: argparse.Namespace, rules: Rules) -> Room:
    """A fresh room from the command's options."""
    rng = random.SystemRandom()
    first = FIRST_CHOICES[args.first]
    config = RoomConfig(
        code=new_room_code(),
        save_id=storage.new_save_id(),
        mode=Mode(args.mode),
        players=args.players,
        seed=rng.randrange(2**31) if args.seed is None else args.seed,
        first=rng.randrange(2) if first is None else first,
        kinds=_seat_kinds(args.vs, args.players),
        spectators=args.spectators,
        seeded=args.seed is not None,
    )
    return Room(rules, config)


def _say(text: str) -> None:
    """One line for the host's operator, at once."""
    print(text, flush=True)


def _announce(room: Room, bind: str, port: int, own: int | None = None) -> list[str]:
    """Print the room code, where the server listens, and the join command for each open seat
    (but `own`, the host's own); the lines printed."""
    lines = [t("net.cli.room_code", code=room.config.code)]
    if bind in LOCAL_BINDS:
        lines.append(t("net.cli.listening_local", bind=shown(bind), port=port))
        reach = "127.0.0.1" if bind != "::1" else "[::1]"
    else:
        lines.append(t("net.cli.listening_all", bind=shown(bind), port=port))
        reach = bind if bind not in ("0.0.0.0", "::") else shown(socket.gethostname())
    for seat in room.open_seats():
        if seat == own:
            continue
        colour = t("seat.green") if seat % 2 == 0 else t("seat.blue")
        command = f"agent-avenue join {reach}:{port} {room.config.code} --seat {seat}"
        lines.append(t("net.cli.join_line", seat=seat, colour=colour, command=command))
    for seat, kind in enumerate(room.config.kinds):
        if is_bot(kind):
            lines.append(t("net.cli.computer_line", seat=seat, kind=kind))
    for line in lines:
        _say(line)
    return lines


def run_host(args: argparse.Namespace) -> int:
    """Run the server until its game is over and its players have left (or Ctrl-C)."""
    rules = load_rules()
    rooms, problems = ([], []) if args.new else load_rooms(rules, None)
    for problem in problems:
        _say(t("net.cli.bad_room_file", problem=shown(problem)))
    if rooms:
        room = rooms[0]
        session = room.session
        turn = session.view(None).turn if session is not None else 0
        _say(t("net.cli.resuming", code=room.config.code, turn=turn))
    else:
        room = _new_room(args, rules)
    if args.seat is not None:
        if args.web is not None:
            raise UsageError(t("net.web.with_seat"))
        return _host_and_play(room, rules, args)
    web = _web_options(args)
    try:
        return asyncio.run(_serve(room, rules, args.bind, args.port, web))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        raise UsageError(
            t("net.cli.cannot_listen", bind=shown(args.bind), port=args.port, why=shown(exc))
        ) from None


def _web_options(args: argparse.Namespace) -> tuple[str, int, int] | None:
    """--web's address, port and sessions (None without --web); UsageError if textual-serve,
    which serves the page, is not installed."""
    if args.web is None:
        return None
    try:
        import textual_serve  # noqa: F401
    except ModuleNotFoundError:
        raise UsageError(t("net.web.no_serve")) from None
    return args.web_bind, args.web, args.web_sessions


async def _start_web(room: Room, game: tuple[str, int], web: tuple[str, int, int]) -> WebFront:
    """The web page for the room (agent_avenue.web), listening; says where on the terminal."""
    # Imported only here: the page needs textual-serve, an optional extra (`_web_options`).
    from agent_avenue.web.front import WebFront

    bind, port, sessions = web
    game_hosts = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "localhost": "127.0.0.1", "::": "::1"}
    game_host = game_hosts.get(game[0], game[0])
    front = WebFront(room, game[1], game_host=game_host, limits=WebLimits(sessions=sessions))
    try:
        actual = await front.start(bind, port)
    except OSError as exc:
        await front.close()
        raise UsageError(
            t("net.cli.cannot_listen", bind=shown(bind), port=port, why=shown(exc))
        ) from None
    shown_bind = f"[{shown(bind)}]" if ":" in bind else shown(bind)
    if bind in LOCAL_BINDS:
        code = room.config.code
        _say(
            t("net.web.listening_local", bind=shown_bind, port=actual, code=code, sessions=sessions)
        )
    else:
        _say(t("net.web.listening_all", bind=shown(bind), port=actual, sessions=sessions))
    return front


async def _serve(
    room: Room, rules: Rules, bind: str, port: int, web: tuple[str, int, int] | None = None
) -> int:
    """Serve the room (and its web page with `web`: address, port, sessions); stop on
    SIGTERM/SIGINT or once the finished game's clients are gone."""
    server = GameServer(rules, None, notice=_say)
    hosted = server.add(room)
    write_room_file(room, None)
    listening = await server.listen(bind, port)
    actual = listening.sockets[0].getsockname()[1] if listening.sockets else port
    _announce(room, bind, actual)
    front = None
    if web is not None:
        try:
            front = await _start_web(room, (bind, actual), web)
        except UsageError:
            await server.close([listening])
            raise
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    while await _until_the_end(hosted, stop) and await _rematch_or_leave(hosted, stop):
        pass  # a rematch was dealt: serve its game to its end too
    if front is not None:
        await front.close()
    await server.close([listening])
    sys.stdout.flush()
    return 0


async def _until_the_end(hosted: HostedRoom, stop: asyncio.Event) -> bool:
    """Wait until the room's game is over (True) or the server is stopped (False)."""
    waiting = asyncio.create_task(stop.wait())
    finished = asyncio.create_task(hosted.finished.wait())
    await asyncio.wait({waiting, finished}, return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    finished.cancel()
    if stop.is_set():
        return False
    _say(t("net.cli.game_over"))
    return True


async def _rematch_or_leave(hosted: HostedRoom, stop: asyncio.Event) -> bool:
    """After the end: True once a rematch is dealt; False when the clients have gone, the server
    is stopped, or time is up (REMATCH_SECONDS while every seat stays for a rematch, then
    GRACE_SECONDS once one has left, for the others to read the end)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    left_at: float | None = None
    while hosted.peers and not stop.is_set():
        if not hosted.finished.is_set():
            return True
        now = loop.time()
        if left_at is None and not hosted.room.all_present():
            left_at = now
        if now > (started + REMATCH_SECONDS if left_at is None else left_at + GRACE_SECONDS):
            return False
        await asyncio.sleep(0.2)
    return False


def _host_and_play(room: Room, rules: Rules, args: argparse.Namespace) -> int:
    """`host --seat`: the server in a background thread, the host's own table in front."""
    seat = args.seat
    if seat >= room.config.players or seat not in room.open_seats():
        raise UsageError(t("net.ui.seat_not_open", seat=seat))
    play = load_remote()
    if play is None:
        raise UsageError(t("net.ui.no_app"))
    background = BackgroundServer(rules, room, args.bind, args.port)
    try:
        port = background.start()
    except OSError as exc:
        why = shown(exc)
        bind = shown(args.bind)
        raise UsageError(t("net.cli.cannot_listen", bind=bind, port=args.port, why=why)) from None
    try:
        lines = _announce(room, args.bind, port, own=seat)
        lines.append(t("net.ui.host_lines"))
        _say(t("net.ui.host_lines"))
        address = "::1" if args.bind == "::1" else "127.0.0.1"
        client = GameClient(address, port, room.config.code, name=args.name, seats=(seat,))
        # The server records the game in this data folder: the host's table must not again.
        status = play(client, tuple(lines), record=False)
        return status if isinstance(status, int) else 0
    finally:
        background.close()


def _run(args: argparse.Namespace, context: Context) -> int:
    """The command table's entry: run the server."""
    return run_host(args)


HOST = Command(
    name="host",
    help=lambda: t("net.cli.host_help"),
    add_arguments=add_host_arguments,
    run=_run,
    description=lambda: t("net.cli.host_description"),
)
"""`agent-avenue host`."""
