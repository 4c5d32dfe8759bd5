"""The web page's server (agent_avenue.web.front) with a stand-in for `join` (`sleep`): the
room code is checked before any process starts, wrong codes cost the address its budget, at
most the documented number of sessions run at once and the next visitor gets a page saying
so, a flood of page loads or websocket connections starts nothing, other sites are refused,
and every page asks only its own origin for anything."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shlex
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from agent_avenue import storage
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.server import GUESS_BURST
from agent_avenue.web.front import COLUMNS, ROWS, Place, WebFront, _clamp, join_command
from agent_avenue.web.limits import WebLimits

RULES = default_rules()
WAIT = 20.0
STAND_IN = "exec sleep 120"
"""A session's process in these tests: it lives until it is killed."""


def _room(spectators: bool = True) -> Room:
    """A duel of two people."""
    config = RoomConfig(
        code=new_room_code(),
        save_id=storage.new_save_id(),
        mode=Mode.SIMPLE,
        players=2,
        seed=1,
        first=0,
        kinds=("human", "human"),
        spectators=spectators,
    )
    return Room(RULES, config)


def _children() -> int:
    """Processes this test process has started and that still run (Linux's /proc)."""
    total = 0
    for path in Path("/proc/self/task").glob("*/children"):
        for pid in path.read_text().split():
            with contextlib.suppress(OSError):
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
                total += state != "Z"
    return total


@contextlib.asynccontextmanager
async def front(
    tmp_path: Path, limits: WebLimits, room: Room | None = None
) -> AsyncIterator[tuple[WebFront, str, aiohttp.ClientSession]]:
    """A web front on 127.0.0.1 with the stand-in command; it, its address and a client."""
    web = WebFront(room or _room(), 1, home=tmp_path, limits=limits, command=lambda _: STAND_IN)
    port = await web.start("127.0.0.1", 0)
    session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT))
    try:
        yield web, f"http://127.0.0.1:{port}", session
    finally:
        await session.close()
        await web.close()


async def _sit(
    session: aiohttp.ClientSession, base: str, code: str, **headers: str
) -> tuple[int, str]:
    """Send the form for seat 0: the status and the page."""
    form = {"code": code, "name": "Ann", "place": "seat-0"}
    async with session.post(f"{base}/play", data=form, headers=headers) as answer:
        return answer.status, await answer.text()


def _ticket(page: str) -> str:
    """The session ticket in a table page."""
    match = re.search(r'new URL\("ws/([A-Za-z0-9_-]+)"', page)
    assert match, page
    return match.group(1)


def _own_origin_only(page: str) -> None:
    """Every address in the page is relative to the page: no scheme, no other host."""
    addresses = re.findall(r"""(?:src|href|action)\s*=\s*["']([^"']*)["']""", page)
    addresses += re.findall(r"""url\(\s*["']?([^"')]*)""", page)
    assert addresses
    for address in addresses:
        assert not re.match(r"^([a-z]+:)?//", address, re.I), address
    assert "googleapis" not in page and "cdn" not in page.lower()


async def test_the_pages_ask_only_their_own_origin(tmp_path: Path) -> None:
    """The form and the table page name only relative addresses, and forbid others."""
    room = _room()
    async with front(tmp_path, WebLimits(sessions=2), room) as (_, base, session):
        async with session.get(f"{base}/") as answer:
            assert answer.status == 200
            policy = answer.headers["Content-Security-Policy"]
            form = await answer.text()
        status, table = await _sit(session, base, room.config.code)
        assert status == 200
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
    for page in (form, table):
        _own_origin_only(page)
    assert "static/js/textual.js" in table


async def test_wrong_codes_start_nothing_and_cost_the_address_its_budget(tmp_path: Path) -> None:
    """A wrong code is 403 with one sentence; after the burst of guesses even the right code
    waits (429), and no ticket was ever handed out."""
    room = _room()
    async with front(tmp_path, WebLimits(sessions=2), room) as (web, base, session):
        for _ in range(GUESS_BURST):
            status, page = await _sit(session, base, "WRONGCODE1")
            assert status == 403 and "No room here has that code" in page
        status, page = await _sit(session, base, room.config.code)
        assert status == 429 and "Too many wrong room codes" in page
        assert web.tickets == {} and web.started == 0


@pytest.mark.slow
async def test_at_most_the_sessions_set_and_the_next_visitor_is_told(tmp_path: Path) -> None:
    """Three places: three tickets, then "All 3 web places are taken" (503); each ticket
    opens one process once; a place freed is offered again."""
    room = _room()
    limits = WebLimits(sessions=3, stop_seconds=1.0)
    before = _children()
    async with front(tmp_path, limits, room) as (web, base, session):
        pages = [await _sit(session, base, room.config.code) for _ in range(5)]
        assert [status for status, _ in pages] == [200, 200, 200, 503, 503]
        assert "All 3 web places are taken" in pages[3][1]
        tickets = [_ticket(page) for _, page in pages[:3]]
        sockets = [await session.ws_connect(f"{base}/ws/{ticket}") for ticket in tickets]
        await _until(lambda: _children() == before + 3)
        for ticket in [*tickets, "made-up", "x" * 40]:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(f"{base}/ws/{ticket}")
            assert refused.value.status == 403
        assert web.running == 3 and web.started == 3 and web.free() == 0
        await sockets[0].close()
        await _until(lambda: web.running == 2 and _children() == before + 2)
        assert (await _sit(session, base, room.config.code))[0] == 200
        for socket in sockets[1:]:
            await socket.close()
    await _until(lambda: _children() == before)


@pytest.mark.slow
async def test_a_flood_of_page_loads_and_websockets_starts_nothing(tmp_path: Path) -> None:
    """600 page loads and 300 websocket attempts with made-up tickets at once: each is
    answered (200, or 403/429/503), no process starts, nothing is left behind, and the page
    still serves the next visitor."""
    room = _room()
    limits = WebLimits(sessions=2, max_requests=64, per_address_requests=32)
    before = _children()
    async with front(tmp_path, limits, room) as (web, base, session):
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as flood:
            loads = [_load(flood, base) for _ in range(600)]
            knocks = [_knock(flood, f"{base}/ws/flood{n}") for n in range(300)]
            statuses = await asyncio.gather(*loads, *knocks)
        assert set(statuses) <= {200, 403, 429, 503}, set(statuses)
        assert statuses.count(200) > 0
        assert web.started == 0 and web.running == 0 and web.tickets == {}
        assert _children() == before
        assert await _load(session, base) == 200
        assert await _knock(session, f"{base}/ws/flood0") == 403


async def _load(session: aiohttp.ClientSession, base: str) -> int:
    """Load the form page: its status."""
    async with session.get(f"{base}/") as answer:
        await answer.read()
        return answer.status


async def _knock(session: aiohttp.ClientSession, url: str) -> int:
    """Try to open a session's websocket: the refusal's status (101 if it opened)."""
    try:
        socket = await session.ws_connect(url)
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status
    await socket.close()
    return 101


async def test_requests_at_once_per_address_are_capped(tmp_path: Path) -> None:
    """An address holding its share of requests (open sessions count) gets 429 for the next."""
    room = _room()
    limits = WebLimits(sessions=4, per_address_requests=2, stop_seconds=1.0)
    async with front(tmp_path, limits, room) as (web, base, session):
        pages = [await _sit(session, base, room.config.code) for _ in range(2)]
        sockets = [await session.ws_connect(f"{base}/ws/{_ticket(p)}") for _, p in pages]
        await _until(lambda: web.running == 2)
        async with session.get(f"{base}/") as answer:
            assert answer.status == 429
        for socket in sockets:
            await socket.close()
        await _until(lambda: web.running == 0)
        async with session.get(f"{base}/") as answer:
            assert answer.status == 200


async def test_another_site_can_neither_post_nor_open_a_session(tmp_path: Path) -> None:
    """A form posted by another site's page is refused (403) without costing a place; a
    websocket from another site is refused even with a good ticket."""
    room = _room()
    async with front(tmp_path, WebLimits(sessions=2), room) as (web, base, session):
        evil = {"Origin": "https://evil.example"}
        status, page = await _sit(session, base, room.config.code, **evil)
        assert status == 403 and "another site" in page and web.tickets == {}
        status, page = await _sit(session, base, room.config.code, Origin=base)
        assert status == 200
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"{base}/ws/{_ticket(page)}", headers=evil)
        assert refused.value.status == 403 and web.started == 0


async def test_a_ticket_expires(tmp_path: Path) -> None:
    """A ticket not used within its time no longer opens a session, and frees its place."""
    now = [0.0]
    room = _room()
    web = WebFront(
        room,
        1,
        home=tmp_path,
        limits=WebLimits(sessions=1),
        command=lambda _: STAND_IN,
        clock=lambda: now[0],
    )
    port = await web.start("127.0.0.1", 0)
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT)) as session:
            status, page = await _sit(session, base, room.config.code)
            assert status == 200 and web.free() == 0
            now[0] += WebLimits().ticket_seconds + 1
            assert web.free() == 1
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await session.ws_connect(f"{base}/ws/{_ticket(page)}")
            assert web.started == 0
    finally:
        await web.close()


async def test_a_taken_seat_and_a_bad_place_are_one_sentence(tmp_path: Path) -> None:
    """A seat another player holds a token for is refused (409); a made-up place, a bad name,
    or watching where the host allows no spectators are refused (400)."""
    room = _room(spectators=False)
    room.token_hashes[1] = "someone"
    async with front(tmp_path, WebLimits(sessions=2), room) as (web, base, session):
        code = room.config.code
        cases = [
            ({"place": "seat-1"}, 409, "Seat 1 is taken"),
            ({"place": "seat-7"}, 400, "Choose a seat"),
            ({"place": "watch"}, 400, "Choose a seat"),
            ({"place": "seat-0", "name": "x" * 65}, 400, "64"),
        ]
        for fields, status, words in cases:
            form = {"code": code, **fields}
            async with session.post(f"{base}/play", data=form) as answer:
                assert answer.status == status, fields
                assert words in await answer.text(), fields
        assert web.tickets == {}


def test_the_join_command_quotes_every_value(tmp_path: Path) -> None:
    """A name with shell characters reaches `join` as one argument; `exec`: no shell left."""
    name = 'Ann\'; touch /tmp/owned; echo "$HOME" `id`'
    place = Place(1, name, tmp_path / "it's here")
    command = join_command("127.0.0.1", 8765, "ABCDEFGHJK", place)
    words = shlex.split(command)
    assert words[:2] == ["exec", "env"]
    assert words[2] == "AGENT_AVENUE_HOME=" + str(place.home)
    assert words[-6:] == ["127.0.0.1:8765", "ABCDEFGHJK", "--seat", "1", "--name", name]
    watch = shlex.split(join_command("::1", 8765, "ABCDEFGHJK", Place(None, None, tmp_path)))
    assert watch[-3:] == ["[::1]:8765", "ABCDEFGHJK", "--watch"]


def test_a_browser_cannot_ask_for_a_huge_terminal() -> None:
    """Sizes from the browser are clamped (a huge screen would cost the process memory)."""
    assert _clamp("100000", COLUMNS, 80) == COLUMNS[1]
    assert _clamp("0", ROWS, 24) == ROWS[0]
    assert _clamp("-5", ROWS, 24) == 24
    assert _clamp("120", COLUMNS, 80) == 120


async def _until(check: object, timeout: float = WAIT) -> None:
    """Wait until `check()` holds (TimeoutError after `timeout` seconds)."""
    async with asyncio.timeout(timeout):
        while not check():  # type: ignore[operator]
            await asyncio.sleep(0.02)
