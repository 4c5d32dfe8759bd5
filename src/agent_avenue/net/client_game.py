"""ClientGame: a game played on a server, read the way the app reads a Session.

It holds only what the server sent to this client: the views of the seats it holds (or the
public view), the public log and the names. `play(action)` sends a move; the new views come
back as messages, which the client hands to `receive`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from agent_avenue.engine import (
    Action,
    GameRecord,
    Mode,
    Phase,
    PlayerView,
    Result,
    Rules,
    format_action,
    parse_action,
    player_view,
    public_view,
    replay,
)
from agent_avenue.net.protocol import (
    GameBegunMsg,
    GameOverMsg,
    RematchAskedMsg,
    RematchCancelledMsg,
    SeatsMsg,
    ViewMsg,
    Welcome,
)
from agent_avenue.net.views import (
    entry_from_model,
    record_from_model,
    result_from_model,
    view_from_model,
)
from agent_avenue.play.seats import is_bot
from agent_avenue.play.session import LogEntry, Stage
from agent_avenue.play.teams import side_names

Sender = Callable[[str, int | None, int], Awaitable[None]]
"""Sends a move in the notation, for a seat, at a step (the client's `send_action`)."""

__all__ = ["ClientGame", "NotHeld", "Sender"]


class NotHeld(LookupError):
    """A view was asked of a seat this client does not hold."""


class ClientGame:
    """The game as this client knows it, with the same read interface as play.Session."""

    def __init__(self, rules: Rules, welcome: Welcome, sender: Sender) -> None:
        """A table for the seats a welcome gave; the game's names arrive with the table."""
        self.rules = rules
        self.seats: tuple[int, ...] = tuple(welcome.seats)
        self.spectator = welcome.spectator
        self.room = welcome.room
        self.kinds: tuple[str, ...] = tuple(welcome.kinds)
        self._players = welcome.players
        self._mode = Mode(welcome.mode)
        self._send = sender
        self._seat_names: tuple[str, ...] = ()
        self.lobby: tuple[str | None, ...] = ()
        self.connected: tuple[bool, ...] = ()
        self.started = False
        self.game = 1
        """The room's game number (a rematch deals the next one on the same connection)."""
        self._new_game()

    def _new_game(self) -> None:
        """Forget the game before (none yet, or the one a rematch follows)."""
        self._opening = LogEntry(0, ())
        self._log: list[LogEntry] = []
        self._views: dict[int | None, PlayerView] = {}
        self._team_legal: dict[int, tuple[Action, ...]] = {}
        self._view_steps: dict[int | None, int] = {}
        self._stage = Stage(Phase.OFFER, None, None)
        self.step = 0
        self.over: GameOverMsg | None = None
        self.record: GameRecord | None = None
        """The game's whole record, sent after the end, once checked to be this very game."""
        self.rematch_asked: tuple[int, ...] = ()
        """After the end: the seats that have asked for a rematch."""
        self.rematch_left: tuple[int, ...] = ()
        """After the end: the seats whose leaving called the rematch off."""

    def __repr__(self) -> str:
        return f"ClientGame(seats={self.seats}, step={self.step})"

    # What the server sends ---------------------------------------------------------------------

    def receive(self, message: object) -> None:
        """Take in one message from the server (ValueError if its values are not the game's)."""
        if isinstance(message, SeatsMsg):
            self.lobby = tuple(message.names)
            self.connected = tuple(message.connected)
            self.started = message.started
            back = set(seat for seat, here in enumerate(self.connected) if here)
            self.rematch_left = tuple(seat for seat in self.rematch_left if seat not in back)
        elif isinstance(message, GameBegunMsg):
            if self.over is not None:  # a rematch: the room's next game
                self._new_game()
            self.game = message.game
            self._seat_names = tuple(message.seat_names)
            self._opening = entry_from_model(message.opening)
            self._log = [entry_from_model(entry) for entry in message.log]
            self.started = True
        elif isinstance(message, ViewMsg):
            self._take_view(message)
        elif isinstance(message, GameOverMsg):
            self.over = message
            self.record = self._checked_record(message)
        elif isinstance(message, RematchAskedMsg):
            self.rematch_asked = tuple(message.seats)
            self.rematch_left = ()
        elif isinstance(message, RematchCancelledMsg):
            self.rematch_asked = ()
            self.rematch_left = tuple(message.seats)

    def _checked_record(self, message: GameOverMsg) -> GameRecord | None:
        """The record a game_over carries if it is the game this client was shown: its names,
        players and mode, and, replayed with this program's rules, its last step and the last
        view of every seat held; None otherwise (or for a spectator, who gets none)."""
        if message.record is None or not self.seats:
            return None
        try:
            record = record_from_model(message.record)
            final = replay(self.rules, record)
        except ValueError:  # a mode that is not the game's, a move that does not replay
            return None
        same_game = (
            record.names == self._seat_names
            and record.players == self._players
            and record.mode == self._mode
            and len(record.moves) == self.step
        )
        if not same_game or final.result is None:
            return None
        if any(self._views.get(seat) != player_view(final, seat) for seat in self.seats):
            return None
        return record

    def _take_view(self, message: ViewMsg) -> None:
        """A seat's new view; the first view of a new step also brings its log line."""
        if message.step > self.step and message.entry is not None:
            self._log.append(entry_from_model(message.entry))
        self.step = message.step
        stage = message.stage
        self._stage = Stage(Phase(stage.phase), stage.actor, stage.audience, stage.team)
        self._views[message.seat] = view_from_model(message.view, self.rules)
        self._view_steps[message.seat] = message.step
        if message.seat is not None:
            self._team_legal[message.seat] = tuple(self._parse(text) for text in message.team_legal)

    @property
    def current(self) -> bool:
        """Whether the view of every held seat (a spectator: the public one) of the latest
        step has arrived: only then do the views agree with each other."""
        keys: tuple[int | None, ...] = self.seats if self.seats else (None,)
        return bool(self._view_steps) and all(self._view_steps.get(k) == self.step for k in keys)

    def _parse(self, text: str) -> Action:
        """A move the server listed, read in the notation."""
        return parse_action(text, self.rules)

    # The Session interface ---------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """The two sides' names, green first."""
        return side_names(self._seat_names) if self._seat_names else ("", "")

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Every player's name, by seat."""
        return self._seat_names

    @property
    def players(self) -> int:
        """How many players."""
        return self._players

    @property
    def mode(self) -> Mode:
        """Simple or advanced."""
        return self._mode

    @property
    def stage(self) -> Stage:
        """What the table is waiting for."""
        return self._stage

    @property
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        if self.over is not None:
            return result_from_model(self.over.result)
        view = self._views.get(self.seats[0] if self.seats else None)
        return None if view is None else view.result

    @property
    def opening(self) -> LogEntry:
        """The public events of the game's start."""
        return self._opening

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every public event so far, step by step."""
        return tuple(self._log)

    def view(self, seat: int | None) -> PlayerView:
        """The latest view of a seat this client holds, or the public one (None).

        A seat's client gets no separate public view: it is its own view without its secrets.
        """
        if seat is None and None not in self._views:
            return self._public_from_own()
        if seat not in self._views:
            raise NotHeld(f"this client does not hold seat {seat}")
        return self._views[seat]

    def _public_from_own(self) -> PlayerView:
        """The public view, made from one of this client's own views by removing its secrets."""
        if not self._views:
            raise NotHeld("no view has arrived yet")
        return public_view(next(iter(self._views.values())))

    def legal(self) -> tuple[tuple[int, tuple[Action, ...]], ...]:
        """The decisions this client may send now: (seat, its moves) for each held seat."""
        found = []
        for seat in self.seats:
            if self._view_steps.get(seat) != self.step:
                continue  # this seat's view of the latest step is still on its way
            view = self._views.get(seat)
            moves = view.legal if view is not None and view.legal else self._team_legal.get(seat)
            if moves:
                found.append((seat, moves))
        return tuple(found)

    @property
    def rematch_waits_for(self) -> tuple[int, ...]:
        """After the end: the seats of people that have not asked for the rematch yet."""
        return tuple(
            seat
            for seat, kind in enumerate(self.kinds)
            if not is_bot(kind) and seat not in self.rematch_asked
        )

    async def play(self, action: Action, seat: int | None = None) -> None:
        """Send a move to the server (its new views arrive as messages)."""
        await self._send(format_action(action), seat, self.step)
