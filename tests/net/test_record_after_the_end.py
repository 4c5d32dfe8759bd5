"""After `game_over` each seat gets the game's whole record (issue 25, point 4): on the wire it
is the engine's GameRecord field for field, bounded; a client keeps it only if it leads to the
very views it was shown; a data folder writes each such game down once."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import pytest

from agent_avenue import storage
from agent_avenue.engine import GameRecord, Mode, player_view
from agent_avenue.net.client_game import ClientGame
from agent_avenue.net.protocol import (
    MAX_RECORD_MOVES,
    GameBegunMsg,
    GameOverMsg,
    ProtocolError,
    StageModel,
    ViewMsg,
    Welcome,
    decode_server,
    encode,
)
from agent_avenue.net.views import (
    entry_model,
    record_from_model,
    record_model,
    result_model,
    view_model,
)
from agent_avenue.play.session import LogEntry, Session

from .harness import finished_game, true_states
from .inproc import RULES


def _over(record: GameRecord, **changes: object) -> str:
    """The game_over message of a finished game, with its record (JSON changed as given)."""
    result = true_states(record)[-1].result
    assert result is not None
    message = GameOverMsg(
        result=result_model(result), seat_names=list(record.names), record=record_model(record)
    )
    value = json.loads(encode(message))
    value["record"].update(changes)
    return json.dumps(value)


@pytest.mark.parametrize("players", [2, 4])
def test_the_record_survives_the_wire_unchanged(players: int) -> None:
    record = finished_game(Mode.ADVANCED, 8, players)
    message = decode_server(_over(record))
    assert isinstance(message, GameOverMsg) and message.record is not None
    assert record_from_model(message.record) == record


@pytest.mark.parametrize(
    "changes",
    [
        {"moves": ["yes"] * (MAX_RECORD_MOVES + 1)},
        {"moves": ["m" * 65]},
        {"names": ["A", "B", "C", "D", "E"]},
        {"seed": "seven"},
        {"extra": 1},
    ],
)
def test_a_record_out_of_bounds_is_a_bad_message(changes: dict[str, object]) -> None:
    """Bounded like every other message: too many moves or names, a move too long, a value of
    another type, a field the page does not name."""
    with pytest.raises(ProtocolError) as refused:
        decode_server(_over(finished_game(Mode.SIMPLE, 3), **changes))
    assert refused.value.code == "bad_message"


def _client_at_the_end(record: GameRecord, seat: int, sent: str) -> ClientGame:
    """A client holding `seat` that was shown the game's last view, then got `sent`."""
    welcome = Welcome(
        room="ABCDEFGHJK",
        seats=[seat],
        tokens=[],
        spectator=False,
        players=record.players,
        mode=record.mode.value,
        kinds=["human"] * record.players,
        rules_version=RULES.version,
    )

    async def nowhere(move: str, seat: int | None, step: int) -> None:
        raise AssertionError("nothing is sent")

    table = ClientGame(RULES, welcome, nowhere)
    final = true_states(record)[-1]
    table.receive(
        GameBegunMsg(seat_names=list(record.names), opening=entry_model(LogEntry(0, ())), log=[])
    )
    stage = StageModel(phase=final.phase.value, actor=None, audience=None, team=None)
    view = view_model(player_view(final, seat))
    table.receive(ViewMsg(seat=seat, step=len(record.moves), stage=stage, view=view))
    table.receive(decode_server(sent))
    return table


def test_a_client_keeps_the_record_only_if_it_leads_to_its_own_views() -> None:
    """The record that replays to the last view this seat was shown is kept; another deal,
    other names, or another game with the same end are not (nothing of them is stored)."""
    record = finished_game(Mode.ADVANCED, 6)
    assert _client_at_the_end(record, 1, _over(record)).record == record
    assert _client_at_the_end(record, 1, _over(record, seed=record.seed + 1)).record is None
    assert _client_at_the_end(record, 1, _over(record, names=["X", "B"])).record is None
    assert (
        _client_at_the_end(record, 1, _over(record, moves=list(record.moves[:-1]))).record is None
    )
    other = finished_game(Mode.ADVANCED, 9)
    assert _client_at_the_end(other, 1, _over(record)).record is None


def test_a_game_over_without_a_record_is_still_read() -> None:
    """A spectator's game_over carries no record; a client then has none."""
    record = finished_game(Mode.SIMPLE, 2)
    value = json.loads(_over(record))
    del value["record"]
    message = decode_server(json.dumps(value))
    assert isinstance(message, GameOverMsg) and message.record is None
    assert _client_at_the_end(record, 0, json.dumps(value)).record is None


def test_a_data_folder_writes_a_joined_game_down_once(tmp_path: Path) -> None:
    """The host's server and a joiner (or two joiners) sharing one data folder: one game file
    and one row, whoever writes first; another game is written down as usual."""
    record = finished_game(Mode.SIMPLE, 5)
    kinds = ("human", "human")
    first = storage.record_finished(record, kinds, rules=RULES, home=tmp_path)
    again = storage.record_finished(record, kinds, rules=RULES, home=tmp_path, once=True)
    assert again.game_id == first.game_id
    rows, _ = storage.load_history(home=tmp_path)
    assert len(rows) == 1 and len(list(storage.games_dir(tmp_path).glob("*.json"))) == 1
    other = replace(record, names=("C", "D"))
    storage.record_finished(other, kinds, rules=RULES, home=tmp_path, once=True)
    rows, _ = storage.load_history(home=tmp_path)
    assert len(rows) == 2


def test_a_session_record_is_what_the_wire_carries() -> None:
    """The server sends its session's record: every move, the discards included."""
    record = finished_game(Mode.ADVANCED, 12)
    session = Session(RULES, record)
    assert session.result is not None
    assert record_from_model(record_model(session.record)) == record


async def test_a_seat_back_after_the_end_gets_the_end_and_the_record(tmp_path: Path) -> None:
    """A seat that reconnects with its token once the game is over gets the end again, record
    included (its connection may have dropped just before it); a spectator's has none."""
    from agent_avenue.net.client import GameClient
    from agent_avenue.net.scripted import bot_chooser, play_out

    from .inproc import LOOPBACK, WAIT, hello, raw, serving

    async with serving(tmp_path / "server", spectators=True) as (_, hosted, port):
        code = hosted.room.config.code
        tokens: list[str] = []

        def keep_token(data: str | bytes) -> None:
            value = json.loads(data)
            if value["type"] == "welcome":
                tokens.extend(given["token"] for given in value["tokens"])

        green = GameClient(LOOPBACK, port, code, name="Ann", seats=(0,), home=tmp_path / "g")
        blue = GameClient(
            LOOPBACK, port, code, name="Bob", seats=(1,), keep_tokens=False, on_raw=keep_token
        )
        await green.join()
        await blue.join()
        ends = await asyncio.gather(
            play_out(green, bot_chooser("random", 1), timeout=WAIT),
            play_out(blue, bot_chooser("random", 2), timeout=WAIT),
        )
        session = hosted.room.session
        assert session is not None and all(end.record == session.record for end in ends)
        await blue.close()

        async def the_end(message: str) -> GameOverMsg:
            connection = await raw(port)
            await connection.send(message)
            for _ in range(50):
                sent = decode_server(await asyncio.wait_for(connection.recv(), WAIT))
                if isinstance(sent, GameOverMsg):
                    await connection.close()
                    return sent
            raise AssertionError("no game_over")

        back = await the_end(hello(code, tokens=tokens))
        assert back.record is not None and record_from_model(back.record) == session.record
        watching = await the_end(hello(code, spectate=True))
        assert watching.record is None
        await green.close()
