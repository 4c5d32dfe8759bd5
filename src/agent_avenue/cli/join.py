"""`agent-avenue join HOST[:PORT] CODE`: play a seat of a game hosted on another machine."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from agent_avenue.cli.arguments import UsageError
from agent_avenue.cli.command import Command, Context, RunApp
from agent_avenue.data.player_names import name_problem
from agent_avenue.data.printable import shown
from agent_avenue.i18n import t
from agent_avenue.net.client import GameClient
from agent_avenue.net.text_client import run_text_client

DEFAULT_PORT = 8765
CODE_LIMIT = 16
REMOTE_MODULE = "agent_avenue.ui.remote_app"
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The Textual driver textual-serve sets for a session in a browser (`host --web`)."""

__all__ = ["JOIN", "add_join_arguments", "load_remote", "parse_address", "run_join"]


def parse_address(text: str) -> tuple[str, int]:
    """HOST, HOST:PORT or [IPv6]:PORT; UsageError (one sentence) for anything else."""
    value = text.strip()
    host, port = value, DEFAULT_PORT
    if value.startswith("["):
        inside, _, rest = value[1:].partition("]")
        host = inside
        if rest:
            if not rest.startswith(":"):
                raise UsageError(t("net.cli.bad_address", text=shown(text)))
            port = _port_of(rest[1:], text)
    elif value.count(":") == 1:
        host, _, number = value.partition(":")
        port = _port_of(number, text)
    if not host or any(not (c.isalnum() or c in ".-_:") for c in host):
        raise UsageError(t("net.cli.bad_address", text=shown(text)))
    return host, port


def _port_of(number: str, text: str) -> int:
    """The port part of an address."""
    if not number.isdigit() or not 0 < int(number) <= 65535:
        raise UsageError(t("net.cli.bad_address", text=shown(text)))
    return int(number)


def _in_a_terminal() -> bool:
    """Whether input and output are a terminal, or a browser's terminal through textual-serve
    (else the text client: scripts, pipes)."""
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return True
    return sys.stdin.isatty() and sys.stdout.isatty()


def load_remote() -> RunApp | None:
    """The Textual network table's `run_remote(client, lines)`, imported only now (the import
    is dynamic: the UI and the command line are independent front ends); None without it."""
    try:
        from agent_avenue.ui.remote_app import run_remote
    except ModuleNotFoundError as exc:
        if exc.name not in (REMOTE_MODULE, "textual"):
            raise
        return None
    return run_remote


def add_join_arguments(join: argparse.ArgumentParser) -> None:
    """The arguments and options of `join`."""
    join.add_argument("address", metavar="HOST[:PORT]", help=t("net.cli.address_help"))
    join.add_argument("code", metavar="CODE", help=t("net.cli.code_help"))
    join.add_argument("--name", default=None, help=t("net.cli.name_help"))
    join.add_argument(
        "--seat", type=int, choices=(0, 1, 2, 3), action="append", help=t("net.cli.seat_help")
    )
    join.add_argument("--watch", action="store_true", help=t("net.cli.watch_help"))
    join.add_argument("--text", action="store_true", help=t("net.ui.text_help"))


def run_join(args: argparse.Namespace) -> int:
    """Check the arguments, then play until the game is over: the Textual table in a terminal,
    the plain text client with --text or when input or output is not a terminal."""
    host, port = parse_address(args.address)
    code = args.code.strip().upper()
    if not code.isalnum() or len(code) > CODE_LIMIT:
        raise UsageError(t("net.cli.bad_code", text=shown(args.code)))
    if args.name is not None:
        problem = name_problem([args.name])
        if problem is not None:
            raise UsageError(problem)
    if args.watch and args.seat:
        raise UsageError(t("net.cli.watch_or_seat"))
    client = GameClient(
        host, port, code, name=args.name, seats=tuple(args.seat or ()), spectate=args.watch
    )
    run_remote = load_remote() if not args.text and _in_a_terminal() else None
    if run_remote is not None:
        status = run_remote(client)
        return status if isinstance(status, int) else 0
    try:
        return asyncio.run(run_text_client(client))
    except KeyboardInterrupt:
        return 0


def _run(args: argparse.Namespace, context: Context) -> int:
    """The command table's entry: join and play."""
    return run_join(args)


JOIN = Command(
    name="join",
    help=lambda: t("net.cli.join_help"),
    add_arguments=add_join_arguments,
    run=_run,
    description=lambda: t("net.cli.join_description"),
)
"""`agent-avenue join`."""
