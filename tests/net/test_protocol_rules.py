"""docs/protocol.md is the server: strict types, the rules on names and seats, the order of a
hello's checks, and every figure the page gives, each checked against the code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agent_avenue.cli import main
from agent_avenue.cli.host import GRACE_SECONDS, REMATCH_SECONDS
from agent_avenue.data.player_names import MAX_NAME_LENGTH
from agent_avenue.engine import Mode
from agent_avenue.net import server
from agent_avenue.net.errors import Refused
from agent_avenue.net.peer import QUEUE_LIMIT
from agent_avenue.net.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_RECORD_MOVES,
    Hello,
    ProtocolError,
    decode_client,
)
from agent_avenue.net.room import CODE_ALPHABET, CODE_LENGTH, Room, RoomConfig, new_room_code

from .inproc import RULES, hello, raw, reply, serving

DOC = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text("utf-8")


def _message(**fields: object) -> str:
    """A hello in JSON with these fields over the defaults."""
    return json.dumps({"type": "hello", "version": 1, "room": "ABCDEFGHJK", **fields})


@pytest.mark.parametrize(
    "data",
    [
        _message(version="1"),
        _message(version=1.0),
        _message(version=True),
        _message(spectate="yes"),
        _message(spectate=1),
        _message(seats=[True]),
        _message(seats=["0"]),
        _message(tokens="abc"),
        _message(room=123),
        _message(name=7),
        json.dumps({"type": "action", "move": "recruit up", "step": "0"}),
        json.dumps({"type": "action", "move": "recruit up", "step": 0.0}),
        json.dumps({"type": "action", "move": "recruit up", "seat": True}),
        json.dumps({"type": "action", "move": 5}),
        json.dumps({"type": "ping", "nonce": "7"}),
    ],
)
def test_a_value_of_another_json_type_is_a_bad_message(data: str) -> None:
    """Strict types: nothing is converted ("1", 1.0 and true are not 1)."""
    with pytest.raises(ProtocolError) as refused:
        decode_client(data)
    assert refused.value.code == "bad_message"


def test_values_of_the_right_types_pass() -> None:
    """The strict edge still takes the messages the page shows."""
    message = decode_client(_message(seats=[0], spectate=False, name="Ann", tokens=["x"]))
    assert isinstance(message, Hello) and message.seats == [0] and message.version == 1


def _room(spectators: bool = True) -> Room:
    """A fresh duel room."""
    config = RoomConfig(
        "ABCDEFGHJK", "20250101-000000-abcdef", Mode.SIMPLE, 2, 3, 0, ("human", "human"), spectators
    )
    return Room(RULES, config)


def _join(room: Room, **fields: object) -> str:
    """What a hello (through the edge, as sent on the wire) gets: "ok" or the error code."""
    message = decode_client(_message(**fields))
    assert isinstance(message, Hello)
    try:
        room.join(message)
    except Refused as refused:
        return refused.code
    return "ok"


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "\u00a0\u00a0",
        "\u3164",
        "\u2800\u2800",
        "\u0301\u0301",
        "a" * (MAX_NAME_LENGTH + 1),
        "a" * 200,
        "a" * 3000,
    ],
)
def test_blank_invisible_and_too_long_names_are_bad_names(name: str) -> None:
    """Issue 26: "" and "   " became "Player N", a 65-character name was bad_message, a name
    of non-breaking spaces was taken. Each is bad_name, with a safe sentence."""
    assert _join(_room(), name=name) == "bad_name"


def test_a_name_is_trimmed_and_no_name_is_player_n() -> None:
    """Spaces around a name go; a hello without a name gets "Player N"."""
    room = _room()
    assert _join(room, name="  Ann  ") == "ok" and room.names[0] == "Ann"
    assert _join(room) == "ok" and room.names[1] == "Player 2"
    assert _join(_room(), name="a" * MAX_NAME_LENGTH) == "ok"


def test_a_seat_named_twice_counts_once() -> None:
    """seats: [1, 1] is seat 1."""
    room = _room()
    assert _join(room, seats=[1, 1], name="Bob") == "ok"
    assert list(room.holders) == [1] and room.names == [None, "Bob"]


def test_a_spectator_asks_for_no_seat() -> None:
    """spectate with seats or tokens is bad_message; without them, a spectator's place."""
    assert _join(_room(), spectate=True, seats=[0]) == "bad_message"
    assert _join(_room(), spectate=True, tokens=["x"]) == "bad_message"
    assert _join(_room(spectators=False), spectate=True) == "no_spectators"
    assert _join(_room(), spectate=True) == "ok"


async def test_the_room_code_is_checked_before_the_version(tmp_path: Path) -> None:
    """A hello of another version with a wrong code hears no_room; with the right code,
    version."""
    async with serving(tmp_path) as (_, hosted, port):
        connection = await raw(port)
        assert (await reply(connection, hello("ZZZZZZZZZZ", version=2)))["code"] == "no_room"
        code = hosted.room.config.code
        assert (await reply(connection, hello(code, version=2)))["code"] == "version"
        assert (await reply(connection, hello(code.lower(), name="Ann")))["type"] == "welcome"
        await connection.close()


def test_room_codes_are_ten_characters_of_the_documented_alphabet() -> None:
    """The page's alphabet and length are the code's."""
    assert CODE_LENGTH == 10 and f"**{CODE_LENGTH} characters**" in DOC
    assert f"`{CODE_ALPHABET}`" in DOC and len(CODE_ALPHABET) == 31
    assert all(len(new_room_code()) == CODE_LENGTH for _ in range(20))


def _said(figure: str) -> bool:
    """Whether the page gives this figure in bold (spaces between words ignored)."""
    return figure in re.sub(r"\s+", " ", DOC)


def test_every_figure_the_page_gives_is_the_servers() -> None:
    """The limits in docs/protocol.md, read against the constants that set them."""
    limits = server.server_limits()
    worst = limits.ping_interval + limits.ping_timeout + limits.close_timeout
    figures = [
        f"**{MAX_CLIENT_MESSAGE} bytes**",
        f"**{limits.rate:g} messages a second** after a burst of {limits.burst}",
        f"after {limits.flood_limit} dropped messages",
        f"**join a room within {limits.hello_timeout:g} s**",
        f"after **{limits.failed_hellos} refused hellos**",
        f"pings every **{limits.ping_interval:g} s**",
        f"within **{limits.ping_timeout:g} s**",
        f"takes over **{limits.close_timeout:g} s**",
        f"**{limits.ping_interval + limits.close_timeout:g} to {worst:g} s**",
        f"frees it within {worst:g} s",
        f"a queue of **{QUEUE_LIMIT}** messages",
        f"within **{limits.send_timeout:g} s** cuts the connection",
        f"at most **{limits.per_address} connections at once**",
        f"at most **{limits.max_connections}** from everyone",
        f"**{limits.guess_burst}**, then **{limits.guesses_per_minute:g} a minute**",
        f"a name over {MAX_NAME_LENGTH} characters",
        f"At most **{MAX_RECORD_MOVES}** moves and 4 names",
    ]
    missing = [figure for figure in figures if not _said(figure)]
    assert missing == []


def test_host_help_says_when_the_server_stops(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: it said "until the game is over"; it runs until Ctrl-C, or the game is over
    and its clients have left: it waits REMATCH_SECONDS for a rematch while every seat stays,
    GRACE_SECONDS once one has left (issue 23: a rematch in the same room)."""
    monkeypatch.setenv("AGENT_AVENUE_LANG", "en")
    assert main(["host", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Ctrl-C" in text and "rematch" in text
    assert f"up to {REMATCH_SECONDS / 60:g} minutes for it" in text
    assert f"{GRACE_SECONDS:g} s once a player has left" in text
    assert _said(f"**{REMATCH_SECONDS / 60:g} minutes**") and _said(f"**{GRACE_SECONDS:g} s**")
