"""The Textual client against a real server on 127.0.0.1: driven by Pilot key presses, it plays
its seats on the normal table, shows no handoff for one seat and never the other seat's hand."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_avenue import storage
from agent_avenue.engine import EventKind, Mode, PlayerView
from agent_avenue.i18n import agent_name
from agent_avenue.net.client import GameClient
from agent_avenue.net.hosted import HostedRoom
from agent_avenue.net.room import Room, RoomConfig, new_room_code
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.net.server import GameServer
from agent_avenue.play.session import Session
from agent_avenue.ui.remote_app import RemoteApp
from agent_avenue.ui.screens.game_over import GameOverScreen
from agent_avenue.ui.screens.handoff import HandoffScreen
from agent_avenue.ui.screens.review import ReviewScreen
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.panels import WaitingPanel
from ui_helpers import RULES, KeyPlayer, names_in, screen_kind, screen_text

from .harness import LOOPBACK

TIMEOUT = 60.0
PUBLIC_HAND_KINDS = {EventKind.STEAL, EventKind.RETURN, EventKind.KEEP, EventKind.REVEAL_PAIR}


@contextlib.asynccontextmanager
async def serving(
    home: Path, kinds: tuple[str, ...], mode: Mode = Mode.SIMPLE, seed: int = 3
) -> AsyncIterator[tuple[HostedRoom, int]]:
    """A server in this process on 127.0.0.1 with one room; its hosted room and port."""
    config = RoomConfig(
        code=new_room_code(),
        save_id=storage.new_save_id(),
        mode=mode,
        players=len(kinds),
        seed=seed,
        first=0,
        kinds=kinds,
    )
    server = GameServer(RULES, home, notice=lambda _: None, bot_override="greedy")
    hosted = server.add(Room(RULES, config))
    listening = await server.listen(LOOPBACK, 0)
    port = int(listening.sockets[0].getsockname()[1])
    try:
        yield hosted, port
    finally:
        await server.close([listening])


def make_remote(client: GameClient) -> RemoteApp:
    """The Textual client with animations and handoff pauses off (keys are pressed at once)."""
    app = RemoteApp(RULES, client)
    app.animation_delay = 0
    app.handoff_delay = 0
    app.animation_level = "none"
    return app


class _Seen:
    """What KeyPlayer reads of an app, for the network client: the screen and the table."""

    def __init__(self, app: RemoteApp) -> None:
        self.app = app

    @property
    def screen(self) -> Any:
        return self.app.screen

    @property
    def session(self) -> Any:
        return self.app.remote.source


def _secrets(view: PlayerView) -> set[str]:
    hidden = set(view.hand) | set(view.discarded)
    if view.face_down is not None:
        hidden.add(view.face_down)
    return hidden


def forbidden(session: Session, viewers: tuple[int, ...]) -> set[str]:
    """Agent names the viewers' screen must not show (the server's truth: other seats' secrets
    minus whatever is public or the viewers' own)."""
    public = session.view(None)
    allowed = {a for side in public.sides for a in side.in_play}
    allowed |= {a for a in (public.face_up, public.pending_agent) if a is not None}
    allowed |= {
        e.agent
        for entry in session.log
        for e in entry.events
        if e.kind in PUBLIC_HAND_KINDS and e.agent is not None
    }
    hidden: set[str] = set()
    for seat in range(session.players):
        if seat in viewers:
            allowed |= _secrets(session.view(seat))
        else:
            hidden |= _secrets(session.view(seat))
    return {agent_name(a) for a in hidden - allowed}


async def drive(
    app: RemoteApp,
    pilot: Any,
    hosted: HostedRoom | None,
    player: KeyPlayer,
    seats: tuple[int, ...],
) -> list[str]:
    """Press keys until the game-over screen; check every screen for the others' secrets."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    seen: list[str] = []
    while loop.time() < deadline:
        kind = screen_kind(app)  # type: ignore[arg-type]
        if not seen or seen[-1] != kind:
            seen.append(kind)
        if isinstance(app.screen, GameOverScreen):
            return seen
        session = hosted.room.session if hosted is not None else None
        if session is not None and isinstance(app.screen, TableScreen | HandoffScreen):
            text = screen_text(app)  # type: ignore[arg-type]
            bad = forbidden(session, seats)
            assert not names_in(text, bad), (kind, bad, text)
        screen = app.screen
        waiting = not isinstance(screen, TableScreen | HandoffScreen) or app.remote.sending
        if isinstance(screen, TableScreen) and isinstance(screen.panel, WaitingPanel):
            waiting = True
        if waiting:
            await pilot.pause(0.01)
            continue
        await pilot.press(*player.keys_for(_Seen(app)))  # type: ignore[arg-type]
        await pilot.pause()
    raise AssertionError(f"the game did not end: {seen[-5:]}")


@pytest.mark.slow
async def test_one_seat_plays_a_whole_duel_without_handoffs_or_leaks(tmp_path: Path) -> None:
    """Green is a Textual app driven by keys, blue a scripted client: the game ends on the
    normal game-over screen, with no handoff and no blue card on green's screens; green's
    own score sheet has the game, with its game file from the record sent after the end."""
    async with serving(tmp_path / "server", ("human", "human")) as (hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1,), home=tmp_path / "b")
        app = make_remote(green)
        async with app.run_test(size=(100, 32)) as pilot:
            other = asyncio.create_task(play_out(blue, bot_chooser("random", 4), timeout=TIMEOUT))
            seen = await drive(app, pilot, hosted, KeyPlayer(7), (0,))
            await asyncio.wait_for(other, TIMEOUT)
            assert "Ann" in screen_text(app) or "Bob" in screen_text(app)  # type: ignore[arg-type]
            # The record sent after the end lets this player review their own game (r).
            over = app.screen
            await _until(pilot, lambda: getattr(over, "record", None) is not None, "the record")
            await pilot.press("r")
            await _until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
            review = app.screen
            assert isinstance(review, ReviewScreen)
            assert review.record == hosted.room.session.record  # type: ignore[union-attr]
            assert review.seat == 0
            await pilot.press("escape")
            await _until(pilot, lambda: app.screen is over, "the review to close")
        await blue.close()
    assert "HandoffScreen" not in seen
    assert {"OfferPanel", "WaitingPanel", "NetworkGameOverScreen"} <= set(seen)
    rows, problem = storage.load_history()
    assert problem is None and len(rows) == 1
    assert rows[0].names == ("Ann", "Bob")
    # The game's whole record came after the end: green's own game file, for its replays.
    session = hosted.room.session
    assert session is not None
    files = list(storage.games_dir().glob("*.json"))
    assert [file.stem for file in files] == [rows[0].game]
    assert storage.load_game_file(files[0]) == session.record


@pytest.mark.slow
async def test_two_seats_of_one_side_hand_the_terminal_over_between_them(tmp_path: Path) -> None:
    """A client holding both green seats of a 4-player game shows the handoffs between them
    (hot seat within a team) and never blue's cards; the game ends on the game-over screen."""
    from ui_helpers import TeamKeyPlayer

    kinds = ("human",) * 4
    async with serving(tmp_path / "server", kinds, seed=5) as (hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0, 2), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1, 3), home=tmp_path / "b")
        app = make_remote(green)
        async with app.run_test(size=(110, 36)) as pilot:
            other = asyncio.create_task(play_out(blue, bot_chooser("random", 5), timeout=TIMEOUT))
            seen = await drive(app, pilot, hosted, TeamKeyPlayer(3), (0, 2))
            await asyncio.wait_for(other, TIMEOUT)
        await blue.close()
    assert "HandoffScreen" in seen
    assert "NetworkGameOverScreen" in seen


async def _until(pilot: Any, done: Any, what: str) -> None:
    """Let the app run until `done()` holds (AssertionError after TIMEOUT seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while not done():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}: {screen_kind(pilot.app)}")
        await pilot.pause(0.01)


async def test_a_refused_move_shows_one_sentence_on_the_panel(tmp_path: Path) -> None:
    """A move the server refuses (out of turn) is answered by its sentence on the panel; the
    table stays where it was and the game goes on."""
    from agent_avenue.engine import Offer
    from agent_avenue.ui.messages import ActionChosen
    from agent_avenue.ui.widgets.panels import OfferPanel

    async with serving(tmp_path / "server", ("human", "human")) as (hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1,), home=tmp_path / "b")
        app = make_remote(green)
        async with app.run_test(size=(100, 32)) as pilot:
            await blue.join()

            def panel() -> object:
                return getattr(app.screen, "panel", None)

            await _until(pilot, lambda: isinstance(panel(), OfferPanel), "green's offer")
            hand = app.remote.source.view(0).hand
            await pilot.press(*KeyPlayer(1, discard_rate=0).keys_for(_Seen(app)))  # type: ignore[arg-type]
            await _until(pilot, lambda: isinstance(panel(), WaitingPanel), "blue's turn")
            app.post_message(ActionChosen(Offer(hand[0], hand[1])))
            await _until(pilot, lambda: "It is not your turn." in screen_text(app), "refusal")  # type: ignore[arg-type]
            assert isinstance(panel(), WaitingPanel)
        await blue.close()


@pytest.mark.slow
def test_host_seat_serves_and_plays_the_hosts_own_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`agent-avenue host --seat green`: the server runs in the background of the same process,
    the join command for blue is printed first and shown in the app, and the host plays a
    whole duel at its own table (driven here by Pilot) against a scripted blue."""
    from agent_avenue.cli import host, join
    from agent_avenue.cli.commands import main

    seen: list[str] = []
    shown: list[str] = []
    ended: list[str] = []

    def play(client: GameClient, lines: tuple[str, ...], record: bool = True) -> int:
        async def game() -> None:
            # Blue keeps its token in its own data folder (it is another machine).
            home = tmp_path / "b"
            blue = GameClient(LOOPBACK, client.port, client.room, name="Bob", seats=(1,), home=home)
            app = RemoteApp(RULES, client, lines, record)
            app.animation_delay = app.handoff_delay = 0
            app.animation_level = "none"
            async with app.run_test(size=(100, 32)) as pilot:
                await _until(pilot, lambda: "Room code:" in screen_text(app), "the room code")  # type: ignore[arg-type]
                shown.append(screen_text(app))  # type: ignore[arg-type]
                other = asyncio.create_task(
                    play_out(blue, bot_chooser("random", 2), timeout=TIMEOUT)
                )
                seen.extend(await drive(app, pilot, None, KeyPlayer(2), (0,)))
                await asyncio.wait_for(other, TIMEOUT)
                ended.append(screen_text(app))  # type: ignore[arg-type]
                await pilot.press("c")  # the join lines again, over the table
                await _until(pilot, lambda: "--seat 1" in screen_text(app), "the join lines")  # type: ignore[arg-type]
                await pilot.press("escape")
                await _until(pilot, lambda: isinstance(app.screen, GameOverScreen), "closing")
            await blue.close()

        asyncio.run(game())
        return 0

    # host.py holds its own reference to load_remote, taken when it was first imported (by an
    # earlier test of the same worker, or by main() below): patch both.
    monkeypatch.setattr(join, "load_remote", lambda: play)
    monkeypatch.setattr(host, "load_remote", lambda: play)
    status = main(["host", "--bind", LOOPBACK, "--port", "0", "--seat", "green", "--name", "Ann"])
    printed = capsys.readouterr().out
    assert status == 0
    assert "Room code:" in printed and "--seat 1" in printed and "--seat 0" not in printed
    assert "--seat 1" in shown[0]
    assert "NetworkGameOverScreen" in seen and "HandoffScreen" not in seen
    # The host's game-over screen says that leaving it closes the room.
    assert "q Leave the room" in ended[0]
    assert "When you leave, the room closes for everyone." in ended[0]
    # The server and the host's own table share the data folder: one row, not two.
    rows, problem = storage.load_history()
    assert problem is None and len(rows) == 1, rows


@pytest.mark.slow
async def test_a_dropped_connection_says_so_and_rejoins_the_same_seat(tmp_path: Path) -> None:
    """The connection cut under the table: one sentence on the table, a rejoin with the kept
    token, and the game goes on to its end at the same seat."""
    from agent_avenue.ui.widgets.panels import OfferPanel

    async with serving(tmp_path / "server", ("human", "human")) as (hosted, port):
        room = hosted.room.config.code
        green = GameClient(LOOPBACK, port, room, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(LOOPBACK, port, room, name="Bob", seats=(1,), home=tmp_path / "b")
        app = make_remote(green)
        said: list[str | None] = []
        say = app.remote.say

        def recording(text: str | None) -> None:
            said.append(text)
            say(text)

        app.remote.say = recording  # type: ignore[method-assign]
        async with app.run_test(size=(100, 32)) as pilot:
            other = asyncio.create_task(play_out(blue, bot_chooser("random", 6), timeout=TIMEOUT))
            panel = lambda: getattr(app.screen, "panel", None)  # noqa: E731
            await _until(pilot, lambda: isinstance(panel(), OfferPanel), "green's offer")
            first = green.table
            green.drop()
            await _until(pilot, lambda: green.table is not first, "the rejoin")
            seen = await drive(app, pilot, hosted, KeyPlayer(8), (0,))
            await asyncio.wait_for(other, TIMEOUT)
        await blue.close()
    assert "The connection dropped; rejoining…" in said
    assert green.table is not None and green.table.seats == (0,)
    assert "NetworkGameOverScreen" in seen
