"""The messages a hosted room sends, built from the room as it is now: the welcome, the seats,
the table, each seat's view and the end. Each is built from what its receivers may know only
(a view from `Session.view`, the record in a seat's `game_over` alone)."""

from __future__ import annotations

from agent_avenue.engine import Rules
from agent_avenue.net.protocol import (
    GameBegunMsg,
    GameOverMsg,
    RematchAskedMsg,
    RematchCancelledMsg,
    SeatsMsg,
    SeatToken,
    StageModel,
    ViewMsg,
    Welcome,
    encode,
)
from agent_avenue.net.room import Attendee, Room
from agent_avenue.net.views import entry_model, record_model, result_model, view_model
from agent_avenue.play.seats import is_bot
from agent_avenue.play.session import LogEntry

__all__ = [
    "game_over_text",
    "rematch_asked",
    "rematch_cancelled",
    "seats_message",
    "table_message",
    "view_text",
    "welcome_message",
]


def welcome_message(room: Room, attendee: Attendee, rules: Rules) -> Welcome:
    """The answer to a client's hello: its seats (and new tokens) and the game's shape."""
    cfg = room.config
    return Welcome(
        room=cfg.code,
        seats=list(attendee.seats),
        tokens=[SeatToken(seat=s, token=tok) for s, tok in attendee.new_tokens],
        spectator=attendee.spectator,
        players=cfg.players,
        mode=cfg.mode.value,
        kinds=list(cfg.kinds),
        rules_version=rules.version,
    )


def seats_message(room: Room) -> SeatsMsg:
    """Who sits where and who is connected (computer seats always are)."""
    return SeatsMsg(
        names=list(room.names),
        connected=[
            seat in room.holders or is_bot(kind) for seat, kind in enumerate(room.config.kinds)
        ],
        kinds=list(room.config.kinds),
        started=room.session is not None,
    )


def table_message(room: Room) -> GameBegunMsg:
    """The names, the whole public log and the room's game number."""
    session = room.session
    assert session is not None
    return GameBegunMsg(
        seat_names=list(session.seat_names),
        opening=entry_model(session.opening),
        log=[entry_model(entry) for entry in session.log],
        game=room.config.game,
    )


def view_text(room: Room, seat: int | None, entry: LogEntry | None) -> str:
    """One seat's view message now (None: the public view), encoded."""
    session = room.session
    assert session is not None
    stage = session.stage
    message = ViewMsg(
        seat=seat,
        step=len(session.record.moves),
        stage=StageModel(
            phase=stage.phase.value, actor=stage.actor, audience=stage.audience, team=stage.team
        ),
        view=view_model(session.view(seat)),
        entry=None if entry is None else entry_model(entry),
        team_legal=[] if seat is None else room.team_legal(seat),
    )
    return encode(message)


def game_over_text(room: Room, with_record: bool) -> str:
    """The game_over message, encoded: with the game's whole record for a seat, without it for
    a spectator."""
    session = room.session
    assert session is not None and session.result is not None
    over = GameOverMsg(
        result=result_model(session.result),
        seat_names=list(session.seat_names),
        record=record_model(session.record) if with_record else None,
    )
    return encode(over)


def _names(room: Room, seats: list[int]) -> list[str]:
    """The names of these seats."""
    return [room.names[seat] or "" for seat in seats]


def rematch_asked(room: Room) -> RematchAskedMsg:
    """The seats that have asked for a rematch so far, with their names."""
    seats = sorted(room.rematch_asks)
    return RematchAskedMsg(seats=seats, names=_names(room, seats))


def rematch_cancelled(room: Room, seats: tuple[int, ...]) -> RematchCancelledMsg:
    """The rematch is off: these seats left the room."""
    return RematchCancelledMsg(seats=list(seats), names=_names(room, list(seats)))
