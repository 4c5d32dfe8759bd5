"""The end of a network game at this terminal: its row on the score sheet, the game-over screen
with its room and rematch lines, and a rematch dealt in the same room (the screens of the game
before go, the new table comes). RemoteGame (ui/remote_game.py) is built on it."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from agent_avenue.i18n import plural_key, t
from agent_avenue.net.client import GameClient
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.protocol import ErrorMsg, GameBegunMsg, SeatsMsg
from agent_avenue.net.rematch_words import everyone_here, rematch_sentence
from agent_avenue.net.text_client import NETWORK_ERRORS, error_line
from agent_avenue.play.flow import Flow
from agent_avenue.ui.game_show import GameShow

if TYPE_CHECKING:
    from agent_avenue.engine import Event, PlayerView
    from agent_avenue.ui.screens.network_over import NetworkGameOverScreen

SENDING = "net-send"
"""The worker group of what this terminal sends."""

__all__ = ["SENDING", "RemoteEnd"]


class RemoteEnd(GameShow):
    """The end of a network game and the rematch; the connection and the game's steps are
    RemoteGame's."""

    client: GameClient
    remote: ClientGame | None
    before: PlayerView | None
    pending: list[Event]
    logged: int
    revealing: bool
    sending: bool
    discarded: int | None
    recorded: bool
    hosting: bool
    room_note: str | None
    over_screen: NetworkGameOverScreen | None
    asked_rematch: bool
    closed: bool

    @property
    def source(self) -> ClientGame:
        """The game as this client knows it."""
        assert self.remote is not None
        return self.remote

    def say(self, text: str | None) -> None:
        """One sentence about the connection (RemoteGame says where)."""
        raise NotImplementedError

    async def _receive(self, message: object) -> None:
        """Show what one message changes (RemoteGame)."""
        raise NotImplementedError

    def _next_game(self) -> None:
        """Forget what the table showed of the game before (a rematch follows it)."""
        remote = self.source
        self.flow = Flow(remote.players, frozenset(remote.seats), frozenset())
        self.table = None
        self.before = None
        self.pending = []
        self.logged = 0
        self.revealing = self.sending = self.asked_rematch = False
        self.asking = None
        self.discarded = None
        self.recorded = self.hosting
        self.room_note = None
        self.over_screen = None

    async def _after_the_end(self, remote: ClientGame) -> bool:
        """The game is over: the connection stays until the player leaves; the room line says
        who has left, then that the room is closed when the server goes, and the rematch line
        who asks for a rematch. True once a rematch is dealt (its table is shown)."""
        try:
            while True:
                before = remote.connected
                message = await self.client.receive()
                if isinstance(message, GameBegunMsg):  # a rematch: the room's next game
                    await self._show_next_game(message)
                    return True
                if isinstance(message, SeatsMsg):
                    self._tell_left(remote, before)
                if isinstance(message, ErrorMsg):
                    self.tell_room(error_line(message))
                self.show_rematch()
        except NETWORK_ERRORS:
            self.closed = True
            self.tell_room(t("net.ui.room_closed"))
            self.show_rematch()
            return False

    async def _show_next_game(self, message: GameBegunMsg) -> None:
        """A rematch was dealt: the screens of the game before go, the new table comes."""
        app, table = self.app, self.table
        with app.batch_update():
            if table is not None and table in app.screen_stack:
                while app.screen is not table:
                    await app.pop_screen()
                await app.pop_screen()
            self._next_game()
            await self._receive(message)
            await self.shown()

    def ask_rematch(self) -> None:
        """n on the game-over screen: this terminal's seats ask for a rematch (a spectator, or
        a room a player has left, is told why there is none)."""
        remote = self.remote
        if remote is None or remote.over is None:
            return
        self.asked_rematch = True
        self.show_rematch()
        if remote.spectator or self.closed or not everyone_here(remote):
            return
        self.app.run_worker(self._send_rematch(), group=SENDING, exit_on_error=False)

    async def _send_rematch(self) -> None:
        """Send the rematch request (a lost connection shows in the receiving loop)."""
        with contextlib.suppress(*NETWORK_ERRORS):
            await self.client.send_rematch()

    def rematch_line(self) -> str | None:
        """The rematch line now (net/rematch_words.py)."""
        if self.remote is None:
            return None
        return rematch_sentence(self.remote, self.seat_names, self.asked_rematch, self.closed)

    def show_rematch(self) -> None:
        """Put the rematch line on the game-over screen, once it is shown."""
        screen = self.over_screen
        if screen is not None and screen.is_attached:
            screen.show_rematch()

    def _tell_left(self, remote: ClientGame, before: tuple[bool, ...]) -> None:
        """The room line: the people of other terminals whose connection has just gone."""
        gone = [
            self.seat_names[seat]
            for seat, (was, now) in enumerate(zip(before, remote.connected, strict=False))
            if was and not now and seat not in remote.seats and seat < len(self.seat_names)
        ]
        if gone:
            key = plural_key("net.ui.left", len(gone) > 1)
            self.tell_room(t(key, names=" & ".join(gone)))

    def tell_room(self, text: str) -> None:
        """One line about the room after the end, on the game-over screen once it is shown
        (on the table before that: the final reveal may still be read)."""
        self.room_note = text
        screen = self.over_screen
        if screen is not None and screen.is_attached:
            screen.set_note(text)
        else:
            self.say(text)

    # The end -------------------------------------------------------------------------------

    def game_over(self) -> None:
        """The game-over screen of a network game: n asks for a rematch, q leaves the room; its
        last lines say who has left and where the rematch stands (without the replay line: the
        game is replayed from the score sheet)."""
        remote = self.source
        result = remote.result
        if result is None:
            return
        from agent_avenue.ui.screens.network_over import NetworkGameOverScreen

        self.flow.public()
        self.app.clear_notifications()
        # The score sheet is written once the result is drawn, not before it.
        self.app.call_after_refresh(self.record)
        note = self.room_note
        if note is None and self.hosting:
            note = t("net.ui.host_closes")
        view, seats = remote.view(None), self.team_seats()
        line = self.rematch_line
        screen = NetworkGameOverScreen(
            view,
            self.names,
            result,
            remote.log,
            seats,
            note,
            line,
            record=remote.record,
            review_seat=remote.seats[0] if remote.seats else None,
        )
        self.over_screen = screen
        self.push_result(screen)

    def record(self) -> None:
        """Write the finished game on this terminal's score sheet, once, when the server's
        game_over has come (with the game's whole record: saving.record_played)."""
        remote = self.remote
        if self.recorded or remote is None or remote.over is None:
            return
        self.recorded = True
        screen = self.over_screen
        if remote.record is not None and screen is not None:
            screen.set_record(remote.record)
        from agent_avenue.ui import saving

        note = saving.record_played(remote, self.client.room)
        if note is not None:
            self.say(note)
