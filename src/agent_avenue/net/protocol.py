"""The wire protocol: one pydantic model per message, JSON text over WebSockets, version 1.

Every message is a JSON object whose `type` names it. A client's message is checked here, at
the edge, before anything else reads it: at most MAX_CLIENT_MESSAGE bytes, valid JSON, one of
the client models with no unknown field and no value of another JSON type (strict: `"1"`,
`1.0` and `true` are not the number 1). docs/protocol.md describes every message.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from agent_avenue.net.views import (
    EventModel,
    LogEntryModel,
    Notation,
    RecordModel,
    ResultModel,
    SideModel,
    ViewModel,
    Word,
)

PROTOCOL_VERSION = 1
MAX_CLIENT_MESSAGE = 4096
"""The largest message a client may send, in bytes (a hello is about 200)."""
TRANSPORT_LIMIT = 64 * 1024
"""Frames larger than this close the connection (code 1009) before they are even read."""
MAX_SERVER_MESSAGE = 1024 * 1024
"""The largest message a client accepts from a server (a view is a few kilobytes)."""
MAX_RECORD_MOVES = 2000
"""The most moves a game's record may have on the wire (the longest of 360 random games had 66)."""
MAX_PLAYERS = 4
"""The most names a record may have (a four-player team game)."""

Seat = Annotated[int, Field(ge=0, le=3)]
Token = Annotated[str, Field(min_length=1, max_length=64)]

__all__ = [
    "MAX_CLIENT_MESSAGE",
    "MAX_RECORD_MOVES",
    "MAX_SERVER_MESSAGE",
    "PROTOCOL_VERSION",
    "TRANSPORT_LIMIT",
    "ActionMsg",
    "AnyServerMessage",
    "ClientMessage",
    "ErrorMsg",
    "EventModel",
    "GameBegunMsg",
    "GameOverMsg",
    "Hello",
    "LogEntryModel",
    "Ping",
    "Pong",
    "ProtocolError",
    "RecordModel",
    "RematchAskedMsg",
    "RematchCancelledMsg",
    "RematchMsg",
    "ResultModel",
    "SeatToken",
    "SeatsMsg",
    "ServerMessage",
    "SideModel",
    "StageModel",
    "ViewModel",
    "ViewMsg",
    "Welcome",
    "decode_client",
    "decode_server",
    "encode",
]


class _Model(BaseModel):
    """Frozen, and no field the protocol does not name."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# Client to server ------------------------------------------------------------------------------


class Hello(_Model):
    """The first message of a connection: which room, and which seats (or watching)."""

    type: Literal["hello"] = "hello"
    version: int
    room: Annotated[str, Field(max_length=16)]
    name: str | None = None  # its length is the room's check (bad_name), like its other rules
    tokens: Annotated[list[Token], Field(max_length=4)] = []
    seats: Annotated[list[Seat], Field(max_length=4)] = []
    spectate: bool = False


class ActionMsg(_Model):
    """A move in the notation, for `seat` (default: the seat that must decide now)."""

    type: Literal["action"] = "action"
    move: Notation
    seat: Seat | None = None
    step: Annotated[int, Field(ge=0)] | None = None


class Ping(_Model):
    """Are you there? The server answers with a pong carrying the same nonce."""

    type: Literal["ping"] = "ping"
    nonce: Annotated[int, Field(ge=0, le=2**53)] = 0


class RematchMsg(_Model):
    """After the end: this connection's seats ask for another game with the same seats."""

    type: Literal["rematch"] = "rematch"


ClientMessage = Annotated[Hello | ActionMsg | Ping | RematchMsg, Field(discriminator="type")]
_CLIENT = TypeAdapter[Hello | ActionMsg | Ping | RematchMsg](ClientMessage)


# The parts of a view (derived from the engine's types: net/views.py) ------------------------

# Server to client ------------------------------------------------------------------------------


class SeatToken(_Model):
    """The secret that gives back `seat` on a later connection."""

    seat: Seat
    token: Token


class Welcome(_Model):
    """The answer to a hello: the seats this connection holds and the game's shape."""

    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    room: str
    seats: list[Seat]
    tokens: list[SeatToken]
    spectator: bool
    players: int
    mode: Word
    kinds: list[Word]
    rules_version: Word


class SeatsMsg(_Model):
    """Who sits where: the name of each seat (None: still open) and who is connected."""

    type: Literal["seats"] = "seats"
    names: list[str | None]
    connected: list[bool]
    kinds: list[Word]
    started: bool


class GameBegunMsg(_Model):
    """The game has begun (or was rejoined): names and the whole public log so far."""

    type: Literal["table"] = "table"
    seat_names: list[str]
    opening: LogEntryModel
    log: list[LogEntryModel]
    game: Annotated[int, Field(ge=1)] = 1
    """The room's game number: 1, then 2 after a rematch, and so on."""


class StageModel(_Model):
    """What the table waits for: who decides, whose screen is private (None: public), and in a
    team game the side that decides together."""

    phase: Word
    actor: int | None
    audience: int | None
    team: int | None


class ViewMsg(_Model):
    """A seat's view after a step; `entry` is that step's public log line."""

    type: Literal["view"] = "view"
    seat: int | None
    step: int
    stage: StageModel
    view: ViewModel
    entry: LogEntryModel | None = None
    team_legal: list[Notation] = []


class ErrorMsg(_Model):
    """Something this client sent was refused: a code, a reason and one sentence."""

    type: Literal["error"] = "error"
    code: Word
    reason: Word | None = None
    message: Annotated[str, Field(max_length=600)]


class GameOverMsg(_Model):
    """The game has ended; the server has written it on its score sheet. A seat's message
    carries the game's whole record (every hand may be shown now); a spectator's none."""

    type: Literal["game_over"] = "game_over"
    result: ResultModel
    seat_names: list[str]
    record: RecordModel | None = None

    @field_validator("record")
    @classmethod
    def _bounded(cls, record: RecordModel | None) -> RecordModel | None:
        """At most MAX_RECORD_MOVES moves and MAX_PLAYERS names."""
        if record is not None:
            moves: list[str] = getattr(record, "moves")  # noqa: B009  (a derived model's field)
            names: list[str] = getattr(record, "names")  # noqa: B009
            if len(moves) > MAX_RECORD_MOVES or len(names) > MAX_PLAYERS:
                raise ValueError("a record out of bounds")
        return record


class RematchAskedMsg(_Model):
    """After the end: the seats that have asked for a rematch so far, and their names."""

    type: Literal["rematch_asked"] = "rematch_asked"
    seats: Annotated[list[Seat], Field(max_length=MAX_PLAYERS)]
    names: Annotated[list[Word], Field(max_length=MAX_PLAYERS)]


class RematchCancelledMsg(_Model):
    """After the end: the rematch asked for is off, because these seats left the room."""

    type: Literal["rematch_cancelled"] = "rematch_cancelled"
    seats: Annotated[list[Seat], Field(max_length=MAX_PLAYERS)]
    names: Annotated[list[Word], Field(max_length=MAX_PLAYERS)]


class Pong(_Model):
    """The answer to a ping."""

    type: Literal["pong"] = "pong"
    nonce: int = 0


AnyServerMessage: TypeAlias = (
    Welcome
    | SeatsMsg
    | GameBegunMsg
    | ViewMsg
    | ErrorMsg
    | GameOverMsg
    | RematchAskedMsg
    | RematchCancelledMsg
    | Pong
)
"""Every message a server sends."""
ServerMessage = Annotated[AnyServerMessage, Field(discriminator="type")]
_SERVER = TypeAdapter[AnyServerMessage](ServerMessage)


# Reading and writing ---------------------------------------------------------------------------


class ProtocolError(ValueError):
    """A message that is not in the protocol; `code` says how (too_big, bad_json, bad_message)."""

    def __init__(self, code: str, detail: str = "") -> None:
        """Keep the code apart from the (safe, short) detail."""
        super().__init__(code if not detail else f"{code}: {detail}")
        self.code = code
        self.detail = detail


def _load_json(data: str | bytes, limit: int) -> object:
    """The JSON value of a message of at most `limit` bytes; ProtocolError otherwise."""
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    if len(raw) > limit:
        raise ProtocolError("too_big")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise ProtocolError("bad_json") from None


def _first_problem(exc: ValidationError) -> str:
    """Where the first problem is, as field names only (never the value that was sent)."""
    errors = exc.errors(include_input=False, include_url=False)
    if not errors:
        return ""
    where = ".".join(str(part) for part in errors[0]["loc"])
    return where[:60]


def decode_client(data: str | bytes) -> Hello | ActionMsg | Ping | RematchMsg:
    """A client's message, checked: size, JSON, then the model (strict types); ProtocolError
    otherwise."""
    value = _load_json(data, MAX_CLIENT_MESSAGE)
    try:
        return _CLIENT.validate_python(value, strict=True)
    except ValidationError as exc:
        raise ProtocolError("bad_message", _first_problem(exc)) from None


def decode_server(data: str | bytes) -> AnyServerMessage:
    """A server's message, checked the same way; ProtocolError otherwise."""
    value = _load_json(data, MAX_SERVER_MESSAGE)
    try:
        return _SERVER.validate_python(value)
    except ValidationError as exc:
        raise ProtocolError("bad_message", _first_problem(exc)) from None


def encode(message: BaseModel) -> str:
    """A message as the JSON text sent on the wire."""
    return message.model_dump_json()
