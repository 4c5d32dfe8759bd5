"""The web page of `agent-avenue host --web`: a form for the room code and a seat, then the
table in the browser through textual-serve, which runs one `agent-avenue join` per visitor
against the game server on this machine.

Nothing here trusts the visitor: the room code is checked before any process starts (and a
wrong one costs the address a guess, as at the game server); a page's ticket opens one session
once; at most `WebLimits.sessions` sessions run at once (tickets handed out count), the next
visitor gets a page saying so; requests at once are capped in all and per address; a browser's
resize is clamped; and a page from another site can neither post the form nor open a session
(its `Origin` is not this page's).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import re
import secrets
import shlex
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from agent_avenue.data.player_names import name_problem
from agent_avenue.i18n import t
from agent_avenue.net.limits import AddressBook, address_key
from agent_avenue.net.room import Room
from agent_avenue.net.server import server_limits
from agent_avenue.net.tokens import load_tokens
from agent_avenue.play.seats import is_bot
from agent_avenue.storage import data_home
from agent_avenue.web.limits import WebLimits
from agent_avenue.web.pages import CONTENT_SECURITY_POLICY, form_page, message_page, terminal_page

STATIC = Path(textual_serve.__file__).parent / "static"
"""textual-serve's own scripts, styles and fonts (xterm.js and its page), served from here."""
BROWSER_COOKIE = "avenue_browser"
"""A random name for one browser: its seat tokens live in a data folder of their own."""
_COOKIE_FORM = re.compile(r"^[A-Za-z0-9_-]{43}$")
WEB_FOLDER = "web"
COLUMNS = (20, 400)
ROWS = (10, 200)
"""The terminal sizes a browser may ask for (anything else is clamped to them)."""
MAX_FORM = 4096
MAX_KEYS = 64 * 1024
"""The largest form body and websocket message accepted, in bytes."""
HEARTBEAT = 15.0

__all__ = ["Place", "WebFront", "join_command"]


@dataclass(frozen=True, slots=True)
class Place:
    """What a visitor asked for: a seat (None: to watch), a name, and the browser's folder."""

    seat: int | None
    name: str | None
    home: Path


@dataclass(frozen=True, slots=True)
class _Ticket:
    """A page's right to open its session once, before `deadline`."""

    deadline: float
    command: str


def join_command(host: str, port: int, code: str, place: Place) -> str:
    """The shell command of one session: `agent-avenue join` for its seat, with the browser's
    own data folder (every value quoted; `exec`: one process, no shell left behind)."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    argv = [sys.executable, "-m", "agent_avenue", "join", where, code]
    argv += ["--watch"] if place.seat is None else ["--seat", str(place.seat)]
    if place.name is not None:
        argv += ["--name", place.name]
    return f"exec env {shlex.quote(f'AGENT_AVENUE_HOME={place.home}')} {shlex.join(argv)}"


def _clamp(text: str, bounds: tuple[int, int], default: int) -> int:
    """A size from the browser, within bounds."""
    value = int(text) if text.isascii() and text.isdigit() and len(text) < 10 else default
    return max(bounds[0], min(bounds[1], value))


class WebFront:
    """The web server of one room: its pages, its tickets and its running sessions."""

    def __init__(
        self,
        room: Room,
        game_port: int,
        *,
        game_host: str = "127.0.0.1",
        home: Path | str | None = None,
        limits: WebLimits | None = None,
        command: Callable[[Place], str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """A page for `room`, whose game server listens on `game_host`:`game_port`."""
        self.room = room
        self.game_host = game_host
        self.game_port = game_port
        self.home = home
        self.limits = limits or WebLimits()
        self._command = command or self._join_command
        self._clock = clock
        self.addresses = AddressBook(server_limits(), clock=clock)
        self.tickets: dict[str, _Ticket] = {}
        self.running = 0
        self.started = 0
        self._requests = 0
        self._per_address: dict[str, int] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self._downloads = DownloadManager()
        self._runner: web.AppRunner | None = None

    def __repr__(self) -> str:
        return f"WebFront(running={self.running}, tickets={len(self.tickets)})"

    # Serving -----------------------------------------------------------------------------------

    def application(self) -> web.Application:
        """The aiohttp application: the form, the sessions and textual-serve's static files."""
        app = web.Application(middlewares=[self._count], client_max_size=MAX_FORM)
        app.add_routes(
            [
                web.get("/", self._form),
                web.get("/play", self._back),
                web.post("/play", self._play),
                web.get("/ws/{ticket}", self._session),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        app.on_response_prepare.append(self._headers)
        return app

    async def start(self, bind: str, port: int) -> int:
        """Listen (port 0: any free port); the port listened on (OSError if it cannot)."""
        self._runner = web.AppRunner(
            self.application(), access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, bind, port)
        await site.start()
        addresses = self._runner.addresses
        return int(addresses[0][1]) if addresses else port

    async def close(self) -> None:
        """End every session (their processes quit) and stop listening."""
        for websocket in list(self._sockets):
            with contextlib.suppress(Exception):
                await websocket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _count(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Requests at once, in all and per address (a session's websocket counts while open)."""
        key = address_key(request.remote)
        if self._requests >= self.limits.max_requests:
            return web.Response(status=503, text="Service Unavailable.\n")
        if self._per_address.get(key, 0) >= self.limits.per_address_requests:
            return web.Response(status=429, text="Too Many Requests.\n")
        self._requests += 1
        self._per_address[key] = self._per_address.get(key, 0) + 1
        try:
            return await handler(request)
        finally:
            self._requests -= 1
            left = self._per_address[key] - 1
            if left:
                self._per_address[key] = left
            else:
                del self._per_address[key]

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every answer: no asset from elsewhere, no framing, no caching of pages."""
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        if not request.path.startswith("/static/"):
            response.headers["Cache-Control"] = "no-store"

    # Pages -------------------------------------------------------------------------------------

    def free(self) -> int:
        """Sessions that may still start now."""
        return max(0, self.limits.sessions - self.running - len(self._live_tickets()))

    def _live_tickets(self) -> dict[str, _Ticket]:
        """The tickets not yet expired (the others are dropped)."""
        now = self._clock()
        for key in [k for k, ticket in self.tickets.items() if ticket.deadline <= now]:
            del self.tickets[key]
        return self.tickets

    def _seat_label(self, seat: int) -> str:
        """ "Seat 0 (Green)", and whether it is taken."""
        colour = t("seat.green") if seat % 2 == 0 else t("seat.blue")
        label = t("net.web.seat", seat=seat, colour=colour)
        if self.room.token_hashes[seat] is not None:
            label = t("net.web.seat_taken", seat=label)
        return label

    def _human_seats(self) -> list[int]:
        """The seats people play."""
        return [s for s, kind in enumerate(self.room.config.kinds) if not is_bot(kind)]

    async def _form(self, request: web.Request) -> web.StreamResponse:
        """The first page."""
        seats = [(seat, self._seat_label(seat)) for seat in self._human_seats()]
        page = form_page(seats, self.room.config.spectators, self.free())
        return web.Response(text=page, content_type="text/html")

    async def _back(self, request: web.Request) -> web.StreamResponse:
        """A reloaded table page: back to the form."""
        raise web.HTTPSeeOther("./")

    def _message(self, status: int, sentence: str) -> web.Response:
        """A page of one sentence."""
        return web.Response(status=status, text=message_page(sentence), content_type="text/html")

    async def _play(self, request: web.Request) -> web.StreamResponse:
        """The form sent: check it, then the table's page with a ticket to its session."""
        if not _same_origin(request):
            return self._message(403, t("net.web.other_site"))
        key = address_key(request.remote)
        if self.addresses.backing_off(key):
            return self._message(429, t("net.web.backing_off"))
        form = await request.post()
        code = str(form.get("code", "")).strip().upper()
        if not hmac.compare_digest(code.encode()[:64], self.room.config.code.encode()):
            self.addresses.wrong_secret(key)
            return self._message(403, t("net.web.wrong_code"))
        browser = request.cookies.get(BROWSER_COOKIE, "")
        if not _COOKIE_FORM.match(browser):
            browser = secrets.token_urlsafe(32)
        place, status, problem = self._place(form, browser)
        if place is None:
            return self._message(status, problem)
        if self.free() <= 0:
            sessions = self.limits.sessions
            return self._message(503, t("net.web.full", sessions=sessions))
        ticket = secrets.token_urlsafe(24)
        deadline = self._clock() + self.limits.ticket_seconds
        self.tickets[ticket] = _Ticket(deadline, self._command(place))
        response = web.Response(text=terminal_page(ticket), content_type="text/html")
        response.set_cookie(
            BROWSER_COOKIE, browser, max_age=30 * 86400, httponly=True, samesite="Strict"
        )
        return response

    def _place(self, form: Any, browser: str) -> tuple[Place | None, int, str]:
        """The place the form asks for, or None, the HTTP status and the sentence saying why
        not (400 a bad form, 409 a seat someone else holds)."""
        digest = hashlib.sha256(browser.encode()).hexdigest()[:32]
        home = data_home(self.home) / WEB_FOLDER / digest
        name_text = str(form.get("name", "")).strip()
        name = name_text or None
        if name is not None:
            problem = name_problem([name])
            if problem is not None:
                return None, 400, problem
        choice = str(form.get("place", ""))
        if choice == "watch" and self.room.config.spectators:
            return Place(None, name, home), 200, ""
        seat_text = choice.removeprefix("seat-")
        if not choice.startswith("seat-") or seat_text not in {str(s) for s in self._human_seats()}:
            return None, 400, t("net.web.bad_place")
        seat = int(seat_text)
        kept = load_tokens(home, self._where, self.room.config.code)
        if self.room.token_hashes[seat] is not None and seat not in kept:
            return None, 409, t("net.web.taken", seat=seat)
        if seat in self.room.holders:
            return None, 409, t("net.web.in_use", seat=seat)
        return Place(seat, name, home), 200, ""

    @property
    def _where(self) -> str:
        """The game server as `join` names it in its token files."""
        host = self.game_host
        return f"{host}:{self.game_port}"

    def _join_command(self, place: Place) -> str:
        """The default session: `agent-avenue join` against this room's game server."""
        return join_command(self.game_host, self.game_port, self.room.config.code, place)

    # Sessions ----------------------------------------------------------------------------------

    async def _session(self, request: web.Request) -> web.StreamResponse:
        """A page's websocket: its ticket opens one session (its process) once."""
        if not _same_origin(request):
            return web.Response(status=403, text="Forbidden.\n")
        ticket = self._live_tickets().pop(request.match_info["ticket"], None)
        if ticket is None:
            return web.Response(status=403, text="Forbidden.\n")
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_KEYS)
        self.running += 1
        self._sockets.add(websocket)
        try:
            await websocket.prepare(request)
            width = _clamp(request.query.get("width", ""), COLUMNS, 80)
            height = _clamp(request.query.get("height", ""), ROWS, 24)
            service = AppService(
                ticket.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=lambda: _close(websocket),
                download_manager=self._downloads,
            )
            self.started += 1
            await service.start(width, height)
            try:
                await _relay(websocket, service)
            finally:
                await self._stop(service)
        finally:
            self._sockets.discard(websocket)
            self.running -= 1
        return websocket

    async def _stop(self, service: AppService) -> None:
        """Ask the session's process to quit; kill it if it has not within STOP_SECONDS (or
        if this handler is cancelled meanwhile: no process outlives its session)."""
        try:
            await asyncio.wait_for(service.stop(), self.limits.stop_seconds)
        except Exception:  # its pipes broke, or it did not quit in time
            pass
        finally:
            process = getattr(service, "_process", None)
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()


async def _close(websocket: web.WebSocketResponse) -> None:
    """Close a session's websocket (its process has ended)."""
    await websocket.close()


async def _relay(websocket: web.WebSocketResponse, service: AppService) -> None:
    """The browser's keys, sizes and focus to the session (anything malformed is dropped)."""
    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(message.data)
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            continue
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            await service.send_bytes(data.encode("utf-8"))
        elif kind == "resize" and isinstance(data, dict):
            width = _clamp(str(data.get("width", "")), COLUMNS, 80)
            height = _clamp(str(data.get("height", "")), ROWS, 24)
            await service.set_terminal_size(width, height)
        elif kind == "ping" and isinstance(data, str):
            await websocket.send_json(["pong", data[:32]])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()


def _same_origin(request: web.Request) -> bool:
    """Whether a browser's request comes from this page itself (no Origin: not a browser's
    page, nothing to protect); behind a proxy, the proxy must pass the Host header on."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()
