"""A game at the table whose state is on a server: the network counterpart of HotSeatGame.

Each view the server sends updates the table; the flow (people: the seats this client holds,
computer: none) decides what to show, and every other seat is played elsewhere. A player's
action goes to the server; the screen moves on only when the server's new views arrive.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from agent_avenue.engine import Action, Discard, Event, EventKind, PlayerView, Recruit
from agent_avenue.i18n import t
from agent_avenue.net.client import GameClient, JoinRefused
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.protocol import ErrorMsg, GameBegunMsg, ProtocolError, SeatsMsg, ViewMsg
from agent_avenue.net.text_client import NETWORK_ERRORS, RETRIES, error_line
from agent_avenue.play.flow import Flow
from agent_avenue.ui.phrases import discard_note
from agent_avenue.ui.remote_end import SENDING, RemoteEnd

if TYPE_CHECKING:
    from agent_avenue.ui.app import BaseApp
    from agent_avenue.ui.screens.lobby import LobbyScreen
    from agent_avenue.ui.screens.network_over import NetworkGameOverScreen
    from agent_avenue.ui.screens.table import TableScreen

QUIET = frozenset(
    {
        EventKind.OFFER,
        EventKind.DISCARD,
        EventKind.DRAW,
        EventKind.LEAD,
        EventKind.PLAY_UP,
        EventKind.TURN,
    }
)
"""Steps with only these events go straight on; any other event is shown as a reveal."""

__all__ = ["RemoteGame", "recruit_of"]


def recruit_of(before: PlayerView, events: tuple[Event, ...]) -> Recruit | None:
    """The recruit among a step's public events, as the action it was (face up or down)."""
    for event in events:
        if event.kind is EventKind.RECRUIT and event.card is None:
            return Recruit(face_up=event.agent == before.face_up)
    return None


class RemoteGame(RemoteEnd):
    """One network game at this terminal, from joining to the game-over screen."""

    def __init__(self, app: BaseApp, client: GameClient, record: bool = True) -> None:
        """A game to be joined through `client` (not connected yet); `record`: write it on
        this terminal's score sheet once it is over."""
        self.app = app
        self.client = client
        self._pushed = []
        self.remote: ClientGame | None = None
        self.flow = Flow(2, frozenset(client.seats), frozenset())
        self.table: TableScreen | None = None
        self.lobby: LobbyScreen | None = None
        self.before: PlayerView | None = None
        """The public view of the last step shown: a reveal starts from it."""
        self.pending: list[Event] = []
        """The public events of the steps that arrived since then."""
        self.logged = 0
        """How many log entries the table shows already."""
        self.revealing = False
        self.sending = False
        self.discarded: int | None = None
        """The seat whose discard was sent: its new private screen says what it drew."""
        self.recorded = not record
        """Whether the game is on the score sheet (or is not to be written there)."""
        self.hosting = not record
        """The host's own table (`host --seat`): its server records the game, and stops when
        this table is left."""
        self.room_note: str | None = None
        """After the end: the last line about the room (who has left, the room closed)."""
        self.over_screen: NetworkGameOverScreen | None = None
        self.asked_rematch = False
        """After the end: whether n asked for a rematch at this terminal."""
        self.closed = False
        """After the end: whether the room is closed (the server has gone)."""

    # The connection ------------------------------------------------------------------------

    async def run(self) -> None:
        """Join, then take in every message until the game is over; rejoin after a drop; the
        connection is closed politely at the end (and when the app closes)."""
        try:
            await self._connect()
        finally:
            with contextlib.suppress(*NETWORK_ERRORS):
                await self.client.close()

    async def _connect(self) -> None:
        """The joins and rejoins."""
        for attempt in range(RETRIES):
            pause = min(0.5 * (attempt + 1), 3.0)
            try:
                self._joined(await self.client.join())
                await self._receive_all()
                return
            except JoinRefused as refused:
                self.say(error_line(refused.error))
                if refused.error.code != "seat_in_use":
                    return
            except ProtocolError:
                self.say(t("net.text.bad_server"))
                return
            except NETWORK_ERRORS:
                self.say(t("net.text.reconnecting"))
            await asyncio.sleep(pause)
        self.say(t("net.text.gone"))

    def _joined(self, remote: ClientGame) -> None:
        """A welcome: the seats this terminal plays (a rejoin keeps the table shown)."""
        self.remote = remote
        self.sending = False
        self.flow.people = frozenset(remote.seats)
        self.flow.players = remote.players
        seats = ", ".join(str(s) for s in remote.seats) or "-"
        self.say(t("net.ui.joined", seats=seats) if self.table is None else None)

    async def _receive_all(self) -> None:
        """Show what each message changes, until the game-over message; after it, until the
        player leaves, or on to the room's next game when a rematch is dealt."""
        remote = self.source
        while True:
            while remote.over is None:
                await self.received(await self.client.receive())
            self.record()
            if not await self._after_the_end(remote):
                return

    def say(self, text: str | None) -> None:
        """One sentence about the connection: on the table if it is shown, else the lobby's."""
        from agent_avenue.ui import saving

        if self.table is not None and self.table.is_attached:
            saving.show_note(self.table, text)
        elif self.lobby is not None and text is not None:
            self.lobby.set_status(text)

    # What the server sends -----------------------------------------------------------------

    async def received(self, message: object) -> None:
        """Show what one message (already taken into the table) changes, in one frame."""
        with self.app.batch_update():
            await self._receive(message)
            await self.shown()

    async def _receive(self, message: object) -> None:
        remote = self.source
        if isinstance(message, SeatsMsg) and not message.started and self.table is None:
            missing = sum(1 for name in message.names if name is None)
            self.say(t("net.text.waiting", count=missing))
        elif isinstance(message, GameBegunMsg):
            await self._show_table()
        elif isinstance(message, ViewMsg) and remote.current and self.table is not None:
            self._add_log()
            if not self.revealing:
                self.catch_up()
        elif isinstance(message, ErrorMsg):
            self._refused(message)

    async def _show_table(self) -> None:
        """The game has started: the table, once (a rejoin keeps it and its log)."""
        if self.table is not None:
            self.say(None)
            return
        from agent_avenue.ui.screens.table import TableScreen

        table = TableScreen(self.app.rules, self.team_seats())
        await self.app.push_screen(table)
        self.table = table
        self.table.add_log(self.source.opening, self.names)

    def _add_log(self) -> None:
        """The log lines of the steps that arrived; their public events wait for a reveal."""
        assert self.table is not None
        log = self.source.log
        for entry in log[self.logged :]:
            self.table.add_log(entry, self.names)
            self.pending.extend(entry.events)
        self.logged = len(log)

    def catch_up(self) -> None:
        """Show the latest step: a reveal of what happened since the last one shown, or the
        next decision at once."""
        if self.table is None or self.remote is None or not self.remote.current:
            return
        after = self.source.view(None)
        before, events = self.before, tuple(self.pending)
        self.before = after
        self.pending.clear()
        self.sending = False
        if before is not None and any(e.kind not in QUIET for e in events):
            self.revealing = True
            self.show_reveal(before, after, events, recruit_of(before, events))
            return
        note = None
        seat, self.discarded = self.discarded, None
        if seat is not None and self.source.stage.audience == seat:
            note = discard_note(self.source.view(seat))
        self.advance(note)

    def continued(self) -> None:
        """The player has watched the reveal: on to what the server says now."""
        self.revealing = False
        self.answer_question()
        self.catch_up()

    def _refused(self, error: ErrorMsg) -> None:
        """The server refused the move: the same decision again, with its one sentence."""
        self.sending = False
        self.discarded = None
        if self.table is None:
            self.say(error_line(error))
            return
        if not self.revealing:
            self.advance()
        sentence = error_line(error)
        self.app.call_after_refresh(self._show_refusal, sentence)

    def _show_refusal(self, sentence: str) -> None:
        if self.table is not None and self.table.is_attached:
            self.table.panel.show_hint(sentence)

    # Actions -------------------------------------------------------------------------------

    def chosen(self, action: Action) -> None:
        """A person chose `action`: it goes to the server, which answers with new views."""
        remote = self.remote
        if remote is None or self.sending or remote.result is not None:
            self.app.bell()
            return
        looker = self.flow.looker
        seat = looker if looker in remote.seats else None
        self.sending = True
        self.discarded = seat if isinstance(action, Discard) else None
        self.app.run_worker(self._send(remote, action, seat), group=SENDING, exit_on_error=False)

    async def _send(self, remote: ClientGame, action: Action, seat: int | None) -> None:
        """Send one move (a lost connection shows in the receiving loop)."""
        try:
            await remote.play(action, seat)
        except NETWORK_ERRORS:
            self.sending = False
