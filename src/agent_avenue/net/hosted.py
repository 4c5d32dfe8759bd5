"""A room being served: its connections, one lock for its moves, its computer players, its saves.

Every move goes through here in order: checked by the room (the engine decides), applied,
autosaved, and only then are the new views sent, each to the seats that may see it.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

from agent_avenue.bots import Bot, make_bot, think
from agent_avenue.data.printable import shown, shown_sentence
from agent_avenue.engine import Action, Rules
from agent_avenue.i18n import t
from agent_avenue.net.audience import Audience
from agent_avenue.net.hosting import record_room, save_room, write_room_file
from agent_avenue.net.outgoing import (
    game_over_text,
    rematch_asked,
    rematch_cancelled,
    seats_message,
    table_message,
    view_text,
    welcome_message,
)
from agent_avenue.net.peer import Peer
from agent_avenue.net.protocol import ActionMsg, Hello, encode
from agent_avenue.net.room import Room, bot_seed
from agent_avenue.net.tally import SpectatorTally
from agent_avenue.play.seats import bot_kind, bot_level, is_bot
from agent_avenue.play.session import LogEntry
from agent_avenue.storage import StorageError, new_save_id

__all__ = ["HostedRoom", "Notice", "stderr_notice"]

Notice = Callable[[str], None]
"""Where the server tells its operator what happens (names, never cards)."""


def stderr_notice(text: str) -> None:
    """The default notice: one line on stderr."""
    print(text, file=sys.stderr, flush=True)


class HostedRoom:
    """A room on the server with the connections that joined it."""

    def __init__(
        self,
        room: Room,
        rules: Rules,
        home: Path | str | None,
        *,
        autosave: bool = True,
        notice: Notice = stderr_notice,
        bot_override: str | None = None,
    ) -> None:
        """Serve `room`; its files go in the data folder `home` (None: the user's)."""
        self.room = room
        self.rules = rules
        self.home = home
        self.autosave = autosave
        self.notice = notice
        self.peers: list[Peer] = []
        self.spectators = SpectatorTally(notice)
        self.audience = Audience()
        self._seats_sent: str | None = None
        self.lock = asyncio.Lock()
        self.finished = asyncio.Event()
        self._bots: dict[int, Bot] = {
            seat: make_bot(bot_override or bot_kind(bot_level(kind)))
            for seat, kind in enumerate(room.config.kinds)
            if is_bot(kind)
        }
        self._bot_task: asyncio.Task[None] | None = None
        if room.session is not None and room.session.result is not None:
            self.finished.set()

    def __repr__(self) -> str:
        return f"HostedRoom({self.room!r}, peers={len(self.peers)})"

    # Joining and leaving -----------------------------------------------------------------------

    async def admit(self, peer: Peer, hello: Hello) -> None:
        """Seat a client (Refused if the hello asks for what it may not have)."""
        async with self.lock:
            attendee = self.room.join(hello)
            peer.attendee = attendee
            peer.room_code = self.room.config.code
            self.peers.append(peer)
            if attendee.new_tokens:
                await self._write_file()
            peer.send(welcome_message(self.room, attendee, self.rules))
            self._tell_seats(peer)
            self._notice_join(peer)
            if self.room.ready():
                self.room.start()
                await self._deal()
            elif self.room.session is not None:
                peer.send(table_message(self.room))
                self._send_views(None, only=peer)
                if self.room.session.result is not None:  # back after the end: the end again
                    peer.send_text(game_over_text(self.room, not attendee.spectator))
                    if self.room.rematch_asks:
                        peer.send(rematch_asked(self.room))

    async def _deal(self) -> None:
        """A game has just been dealt (lock held): save it, then every client gets the table
        and its views, as for the room's first game."""
        await self._save()
        await self._write_file()  # now marked started: only its save resumes it
        self._to_everyone(encode(table_message(self.room)))
        self._send_views(None)
        self._wake_bot()

    async def leave(self, peer: Peer) -> None:
        """A client went away: its seats wait for their tokens; after the end, a seat leaving
        calls off the rematch asked for, and everyone is told."""
        async with self.lock:
            attendee = peer.attendee
            cancelled = attendee is not None and self.room.leave(attendee)
            if peer in self.peers:
                self.peers.remove(peer)
                self._tell_seats()
                if attendee is not None and attendee.spectator:
                    self.spectators.left(len(self.room.spectators))
                else:
                    self.notice(self._names_line(peer, "net.host.left"))
            if cancelled and attendee is not None:
                self._to_everyone(encode(rematch_cancelled(self.room, attendee.seats)))

    def _tell_seats(self, newcomer: Peer | None = None) -> None:
        """Tell everyone who sits where and who is connected, when that changed; a newcomer
        is told in any case (a spectator coming or going changes no seat: one message)."""
        text = encode(seats_message(self.room))
        if text != self._seats_sent:
            self._seats_sent = text
            self._to_everyone(text)
        elif newcomer is not None:
            newcomer.send_text(text)

    def _watchers(self) -> tuple[Peer, ...]:
        """The spectators' connections."""
        return tuple(p for p in self.peers if p.attendee is not None and p.attendee.spectator)

    def _to_everyone(self, text: str, watchers_text: str | None = None) -> None:
        """One message for every connection: the players' at once, the spectators' in turn
        (`watchers_text` instead, if given)."""
        for peer in self.peers:
            if peer.attendee is not None and not peer.attendee.spectator:
                peer.send_text(text)
        self.audience.send(text if watchers_text is None else watchers_text, self._watchers())

    def _names_line(self, peer: Peer, key: str) -> str:
        """A line for the operator: who joined or left (names made safe)."""
        attendee = peer.attendee
        if attendee is None or attendee.spectator:
            return t(key, who=t("net.host.spectator"))
        names = ", ".join(shown(self.room.names[s] or "?") for s in attendee.seats)
        return t(key, who=names)

    def _notice_join(self, peer: Peer) -> None:
        """Tell the operator that someone joined (spectators: counted, told now and then)."""
        if peer.attendee is not None and peer.attendee.spectator:
            self.spectators.joined(len(self.room.spectators))
        else:
            self.notice(self._names_line(peer, "net.host.joined"))

    # The game ----------------------------------------------------------------------------------

    def _send_views(self, entry: LogEntry | None, only: Peer | None = None) -> None:
        """Each client's views after a step: one per seat it holds, or the public one (to
        the spectators in turn, after the players)."""
        session = self.room.session
        assert session is not None
        texts: dict[int | None, str] = {}

        def text(seat: int | None) -> str:
            if seat not in texts:
                texts[seat] = view_text(self.room, seat, entry)
            return texts[seat]

        for peer in [only] if only is not None else self.peers:
            attendee = peer.attendee
            if attendee is None or (attendee.spectator and only is None):
                continue
            for seat in (None,) if attendee.spectator else attendee.seats:
                peer.send_text(text(seat))
        if only is None and (watchers := self._watchers()):
            self.audience.send(text(None), watchers)

    async def act(self, peer: Peer, message: ActionMsg) -> None:
        """A client's move: checked, applied, saved, then everyone's new views (or Refused)."""
        async with self.lock:
            attendee = peer.attendee
            assert attendee is not None
            action = self.room.check(attendee, message)
            await self._apply(action)

    async def _apply(self, action: Action) -> None:
        """Apply a checked action (lock held), save, and tell everyone."""
        session = self.room.session
        assert session is not None
        session.play(action)
        await self._save()
        self._send_views(session.log[-1])
        if session.result is not None:
            await self._finish()
        else:
            self._wake_bot()

    async def _finish(self) -> None:
        """Record the finished game on the server's score sheet and tell everyone: each seat
        with the game's whole record (the game is over: every hand may be shown now), the
        spectators without it."""
        session = self.room.session
        assert session is not None and session.result is not None
        if self.autosave:
            try:
                problem = await asyncio.to_thread(record_room, self.room, self.rules, self.home)
            except StorageError as exc:
                problem = str(exc)
            if problem is not None:
                self.notice(shown_sentence(problem))
        self._to_everyone(game_over_text(self.room, True), game_over_text(self.room, False))
        self.finished.set()

    async def rematch(self, peer: Peer) -> None:
        """A seat asks for a rematch after the end (Refused before it, or from a spectator):
        everyone is told who has asked; once every seat has, the room deals its next game."""
        async with self.lock:
            attendee = peer.attendee
            assert attendee is not None
            room = self.room
            before = set(room.rematch_asks)
            room.ask_rematch(attendee)
            if room.rematch_asks == before:
                return  # asked already: nothing new to tell
            self._to_everyone(encode(rematch_asked(room)))
            if not room.rematch_agreed():
                return
            room.rematch(new_save_id())
            self.finished.clear()
            self.notice(t("net.host.rematch", game=room.config.game))
            await self._deal()

    async def _save(self) -> None:
        """Autosave the game (lock held); a failure is told to the operator, play goes on."""
        if not self.autosave:
            return
        try:
            problem = await asyncio.to_thread(save_room, self.room, self.home)
        except StorageError as exc:
            problem = str(exc)
        if problem is not None:
            self.notice(shown_sentence(problem))

    async def _write_file(self) -> None:
        """Keep the room's seats (token hashes) on disk, for a restarted server."""
        if not self.autosave:
            return
        try:
            await asyncio.to_thread(write_room_file, self.room, self.home)
        except StorageError as exc:
            self.notice(shown_sentence(str(exc)))

    # The computer ------------------------------------------------------------------------------

    def _wake_bot(self) -> None:
        """Start the computer's decision if a computer seat must decide now."""
        if self.room.bot_to_move() is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.create_task(self._bot_moves())

    async def _bot_moves(self) -> None:
        """The computer plays its seats' decisions, each from that seat's view only."""
        session = self.room.session
        assert session is not None
        while (seat := self.room.bot_to_move()) is not None:
            step = len(session.record.moves)
            view = session.view(seat)  # all the computer ever gets: never the game state
            seed = bot_seed(self.room.config.seed, step, seat)
            action = await asyncio.to_thread(think, self._bots[seat], view, seed)
            async with self.lock:
                if self.room.bot_to_move() != seat or len(session.record.moves) != step:
                    continue
                await self._apply(action)

    async def close(self) -> None:
        """Stop the computer's thinking and tell the last spectators (the server is stopping)."""
        self.spectators.flush()
        await self.audience.close()
        if self._bot_task is not None:
            self._bot_task.cancel()
