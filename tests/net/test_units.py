"""The network layer's parts without sockets: the edge's checks, views on the wire, the room's
seats and tokens, the rate limit, and the host and join commands' bad arguments."""

from __future__ import annotations

import json

import pytest

from agent_avenue.cli import main
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, apply, legal_actions, new_game, player_view
from agent_avenue.net.errors import ERROR_CODES, Refused
from agent_avenue.net.protocol import (
    MAX_CLIENT_MESSAGE,
    ActionMsg,
    Hello,
    ProtocolError,
    decode_client,
)
from agent_avenue.net.ratelimit import RateLimit
from agent_avenue.net.room import Room, RoomConfig, hash_token
from agent_avenue.net.views import view_from_model, view_model

RULES = default_rules()


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ("{", "bad_json"),
        (b"\xff", "bad_json"),
        ("[" * 2000, "bad_json"),
        ("x" * (MAX_CLIENT_MESSAGE + 1), "too_big"),
        (json.dumps({"type": "hello", "version": 1, "room": "A", "extra": 1}), "bad_message"),
        (json.dumps({"type": "action", "move": "m" * 101}), "bad_message"),
        (json.dumps({"type": "action", "move": "yes", "seat": 9}), "bad_message"),
        (json.dumps([1, 2]), "bad_message"),
    ],
)
def test_the_edge_refuses_what_is_not_the_protocol(data: str | bytes, code: str) -> None:
    """Size first, then JSON, then the model: each failure has its code, and never echoes."""
    with pytest.raises(ProtocolError) as refused:
        decode_client(data)
    assert refused.value.code == code
    assert "mmmm" not in str(refused.value)


def test_views_survive_the_wire_unchanged() -> None:
    """Every seat's view (and the public one) reads back equal, over a whole advanced game."""
    state = new_game(RULES, Mode.ADVANCED, 11, 0)
    for _ in range(400):
        for seat in (None, 0, 1):
            view = player_view(state, seat)
            assert view_from_model(view_model(view), RULES) == view
        if state.result is not None:
            break
        state = apply(state, legal_actions(state)[-1])
    assert state.result is not None


def _hello(**fields: object) -> Hello:
    """A hello for the test room (protocol version 1 unless given)."""
    return Hello.model_validate({"version": 1, "room": "ABCDEF", **fields})


def _room(players: int = 2, spectators: bool = False, kinds: tuple[str, ...] = ()) -> Room:
    """A fresh room."""
    config = RoomConfig(
        "ABCDEF",
        "20250101-000000-abcdef",
        Mode.SIMPLE,
        players,
        3,
        0,
        kinds or ("human",) * players,
        spectators,
    )
    return Room(RULES, config)


def _code(room: Room, hello: Hello) -> str:
    """The refusal code a hello gets."""
    with pytest.raises(Refused) as refused:
        room.join(hello)
    assert refused.value.code in ERROR_CODES
    return refused.value.code


def test_seats_are_taken_with_a_secret_and_given_back_only_for_it() -> None:
    """A seat comes with a token (kept only as a hash); the token gives it back once it is
    free again; anything else is refused."""
    room = _room()
    ann = room.join(_hello(name="Ann"))
    ((seat, token),) = ann.new_tokens
    assert seat == 0 and room.token_hashes[0] == hash_token(token) != token
    assert _code(room, _hello(tokens=[token])) == "seat_in_use"
    assert _code(room, _hello(tokens=["guess"])) == "bad_token"
    assert _code(room, _hello(seats=[0], name="Eve")) == "seat_taken"
    assert _code(room, _hello(name="ann")) == "bad_name"
    assert _code(room, _hello(spectate=True)) == "no_spectators"
    assert _code(room, _hello(version=2)) == "version"
    room.leave(ann)
    again = room.join(_hello(tokens=[token]))
    assert again.seats == (0,) and again.new_tokens == ()
    room.join(_hello(name="Bob"))
    assert room.ready() and room.start().seat_names == ("Ann", "Bob")
    assert _code(room, _hello(name="Cid")) == "room_full"


def test_a_client_holds_seats_of_one_side_only_and_plays_only_its_own_turn() -> None:
    """Two seats of one side are fine; of both sides, refused. Moves: turn and seat checked."""
    room = _room(4)
    assert _code(room, _hello(seats=[0, 1])) == "seats_one_side"
    green = room.join(_hello(seats=[0, 2], name="Ann"))
    assert green.seats == (0, 2) and room.names[2] == "Ann 2"
    blue = room.join(_hello(seats=[1, 3], name="Bob"))
    with pytest.raises(Refused, match="not_started"):
        room.check(green, ActionMsg(move="lead 0"))
    room.start()
    with pytest.raises(Refused, match="not_your_turn"):
        room.check(blue, ActionMsg(move="lead 1"))
    with pytest.raises(Refused, match="not_your_seat"):
        room.check(blue, ActionMsg(move="lead 0", seat=0))
    with pytest.raises(Refused, match="illegal") as refused:
        room.check(green, ActionMsg(move="lead 1"))
    assert refused.value.reason == "not_leading"
    assert room.check(green, ActionMsg(move="lead 2")) is not None


def test_computer_seats_are_named_and_decided_on_the_server() -> None:
    """A computer seat needs no join; a person cannot make its decisions."""
    room = _room(kinds=("bot:easy", "human"))
    assert room.names[0] == "Computer" and room.open_seats() == (1,)
    bob = room.join(_hello(name="Bob"))
    room.start()
    assert room.bot_to_move() == 0
    with pytest.raises(Refused, match="not_your_turn"):
        room.check(bob, ActionMsg(move="recruit up"))


def test_the_rate_limit_allows_a_burst_then_a_steady_rate() -> None:
    """A burst passes, the next is refused; time brings tokens back."""
    now = [0.0]
    limit = RateLimit(10.0, 3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1
    assert limit.allow() and not limit.allow()


@pytest.mark.parametrize(
    "argv",
    [
        ["host", "--port", "70000"],
        ["host", "--port", "\x1b[31m"],
        ["host", "--vs", "bot,bot", "--players", "2"],
        ["join", "bad host", "ABC"],
        ["join", "localhost:0", "ABC"],
        ["join", "localhost", "A\x1bB"],
        ["join", "localhost", "ABCDEF", "--name", ""],
        ["join", "localhost", "ABCDEF", "--watch", "--seat", "1"],
    ],
)
def test_bad_host_and_join_arguments_get_one_safe_sentence(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit status 2, one line on stderr, no control character echoed."""
    monkeypatch.setenv("AGENT_AVENUE_LANG", "en")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and err.startswith("agent-avenue: ")
