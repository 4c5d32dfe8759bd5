"""A rematch in the same room (issue 23, point 5): after `game_over` every seat may ask for one;
when all have, the room deals its next game with the same seats and names, a new seed and the
other side first; a seat that leaves calls it off; a rematch before the end is refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from agent_avenue.engine import Mode
from agent_avenue.net.client import GameClient
from agent_avenue.net.protocol import (
    ErrorMsg,
    GameBegunMsg,
    ProtocolError,
    RematchAskedMsg,
    RematchCancelledMsg,
    RematchMsg,
    decode_client,
)
from agent_avenue.net.room import RoomConfig
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.net.tokens import load_tokens

from .inproc import LOOPBACK, RULES, WAIT, hello, raw, reply, serving


def _clients(port: int, code: str, tmp_path: Path) -> tuple[GameClient, GameClient]:
    """Ann at green, Bob at blue, each with a data folder of their own."""
    green = GameClient(LOOPBACK, port, code, name="Ann", seats=(0,), home=tmp_path / "g")
    blue = GameClient(LOOPBACK, port, code, name="Bob", seats=(1,), home=tmp_path / "b")
    return green, blue


async def _play_both(green: GameClient, blue: GameClient, seed: int) -> None:
    """Both clients play their seats to the end of the game under way."""
    await asyncio.gather(
        play_out(green, bot_chooser("random", seed), timeout=WAIT),
        play_out(blue, bot_chooser("random", seed + 1), timeout=WAIT),
    )


async def _next_of(client: GameClient, kind: type[object]) -> object:
    """The next message of this kind the client receives (others are taken in on the way)."""
    for _ in range(200):
        message = await client.receive(WAIT)
        if isinstance(message, kind):
            return message
    raise AssertionError(f"no {kind.__name__}")


def test_a_rematch_message_is_checked_like_every_other() -> None:
    """`{"type": "rematch"}` and nothing else: an unknown field is a bad message."""
    assert isinstance(decode_client('{"type": "rematch"}'), RematchMsg)
    with pytest.raises(ProtocolError) as refused:
        decode_client('{"type": "rematch", "seed": 1}')
    assert refused.value.code == "bad_message"


def test_the_next_game_has_a_new_seed_and_the_other_side_first() -> None:
    """The seed the host gave: the next one is seed + 1; without one, a fresh seed (never the
    same); the other side begins; mode, players and seats stay; the game number goes up."""
    given = RoomConfig("ABCDEFGHJK", "s1", Mode.ADVANCED, 4, 41, 1, ("human",) * 4, seeded=True)
    after = given.next_game("s2")
    assert (after.seed, after.first, after.game, after.save_id) == (42, 0, 2, "s2")
    assert (after.mode, after.players, after.kinds, after.code) == (
        given.mode,
        given.players,
        given.kinds,
        given.code,
    )
    assert after.next_game("s3").seed == 43 and after.next_game("s3").first == 1
    fresh = RoomConfig("ABCDEFGHJK", "s1", Mode.SIMPLE, 2, 7, 0, ("human", "human"))
    assert all(fresh.next_game("s2").seed != 7 for _ in range(50))
    assert "41" not in repr(given) and "42" not in repr(after), "the seed in a repr"


async def test_a_rematch_by_both_seats_deals_a_new_game_in_the_same_room(tmp_path: Path) -> None:
    """Both seats ask after the end: each client is told who asked, then the same room deals a
    new game with the same names, a different seed and the other side first, and sends its
    table and views as for a first game; it is played to its end like the first."""
    async with serving(tmp_path / "server") as (_, hosted, port):
        code = hosted.room.config.code
        green, blue = _clients(port, code, tmp_path)
        await green.join()
        await blue.join()
        await _play_both(green, blue, 1)
        first = hosted.room.session
        assert first is not None and first.result is not None
        seed, starter = hosted.room.config.seed, hosted.room.config.first
        assert load_tokens(tmp_path / "g", f"{LOOPBACK}:{port}", code) == {}

        await green.send_rematch()
        for client in (green, blue):
            asked = await _next_of(client, RematchAskedMsg)
            assert isinstance(asked, RematchAskedMsg)
            assert asked.seats == [0] and asked.names == ["Ann"]
        assert hosted.room.session is first, "one seat alone deals nothing"
        await blue.send_rematch()
        for client in (green, blue):
            asked = await _next_of(client, RematchAskedMsg)
            assert isinstance(asked, RematchAskedMsg) and asked.seats == [0, 1]
            table = await _next_of(client, GameBegunMsg)
            assert isinstance(table, GameBegunMsg)
            assert table.game == 2 and table.seat_names == ["Ann", "Bob"] and table.log == []
        second = hosted.room.session
        assert second is not None and second is not first and second.result is None
        assert hosted.room.config.seed != seed and second.record.seed != first.record.seed
        assert second.record.first == 1 - starter
        assert second.seat_names == first.seat_names and second.players == first.players
        assert hosted.room.config.code == code
        # Forgotten at the end, each seat's token is kept again for a rejoin in the new game.
        assert list(load_tokens(tmp_path / "g", f"{LOOPBACK}:{port}", code)) == [0]
        assert list(load_tokens(tmp_path / "b", f"{LOOPBACK}:{port}", code)) == [1]

        await _play_both(green, blue, 5)
        assert green.table is not None and green.table.game == 2
        assert green.table.over is not None and green.table.step == len(second.record.moves)
        assert green.errors == [] and blue.errors == []
        await green.close()
        await blue.close()


async def test_a_seat_that_leaves_calls_the_rematch_off(tmp_path: Path) -> None:
    """Ann asks, then Bob's connection goes: Ann is told the rematch is off because Bob left,
    and asking again is refused with one sentence (not every player is in the room)."""
    async with serving(tmp_path / "server", spectators=True) as (_, hosted, port):
        code = hosted.room.config.code
        green, blue = _clients(port, code, tmp_path)
        await green.join()
        await blue.join()
        watcher = await raw(port)
        assert (await reply(watcher, hello(code, spectate=True)))["type"] == "welcome"
        await _play_both(green, blue, 2)
        await green.send_rematch()
        await _next_of(green, RematchAskedMsg)
        await blue.close()
        off = await _next_of(green, RematchCancelledMsg)
        assert isinstance(off, RematchCancelledMsg) and off.names == ["Bob"] and off.seats == [1]
        assert hosted.room.rematch_asks == set()
        spectator_saw: list[str] = []
        async with asyncio.timeout(WAIT):
            while "rematch_cancelled" not in spectator_saw:
                spectator_saw.append(json.loads(await watcher.recv())["type"])
        assert "rematch_asked" in spectator_saw, "the spectator is told who asked"

        await green.send_rematch()
        refused = await _next_of(green, ErrorMsg)
        assert isinstance(refused, ErrorMsg) and refused.code == "no_rematch"
        assert refused.message == "Not every player is in the room any more: no rematch."
        await watcher.close()
        await green.close()


async def test_a_rematch_before_the_end_is_refused_with_one_error(tmp_path: Path) -> None:
    """Before `hello`: hello_first; in the lobby and during the game: one error, not_over, and
    the game goes on; a spectator's: spectator."""
    async with serving(tmp_path / "server", spectators=True) as (_, hosted, port):
        code = hosted.room.config.code
        early = await raw(port)
        assert (await reply(early, '{"type": "rematch"}'))["code"] == "hello_first"
        green = await raw(port)
        await reply(green, hello(code, name="Ann", seats=[0]))  # welcome
        await green.recv()  # seats
        answer = await reply(green, '{"type": "rematch"}')
        assert answer["type"] == "error" and answer["code"] == "not_over"
        assert answer["message"] == "The game is not over: a rematch is asked for after its end."
        blue = GameClient(LOOPBACK, port, code, name="Bob", seats=(1,), home=tmp_path / "b")
        await blue.join()
        await blue.wait_until(lambda table: table.current, WAIT)
        await blue.send_rematch()
        refused = await _next_of(blue, ErrorMsg)
        assert isinstance(refused, ErrorMsg) and refused.code == "not_over"
        assert hosted.room.rematch_asks == set()
        watcher = await raw(port)
        await reply(watcher, hello(code, spectate=True))
        await watcher.send('{"type": "rematch"}')
        for _ in range(10):
            answer = json.loads(await asyncio.wait_for(watcher.recv(), WAIT))
            if answer["type"] == "error":
                break
        assert answer["code"] == "spectator"
        for connection in (early, green, watcher):
            await connection.close()
        await blue.close()


def test_host_seed_marks_the_room_seeded(tmp_path: Path) -> None:
    """`host --seed N` deals N, and its rematch N + 1; without --seed the room is not seeded."""
    from agent_avenue.cli import host
    from agent_avenue.cli.commands import build_parser

    parser = build_parser()
    given = host._new_room(parser.parse_args(["host", "--seed", "41"]), RULES)
    assert given.config.seed == 41 and given.config.seeded
    assert given.config.next_game("20250101-000000-abcdef").seed == 42
    fresh = host._new_room(parser.parse_args(["host"]), RULES)
    assert not fresh.config.seeded


def test_a_restarted_server_resumes_the_rematch(tmp_path: Path) -> None:
    """The room's file and autosave after a rematch: a restarted server resumes the second
    game, with its game number, its seed and the same seats."""
    from agent_avenue import storage
    from agent_avenue.net.hosting import load_rooms, save_room, write_room_file
    from agent_avenue.net.room import Room

    from .harness import finished_game

    record = finished_game(Mode.SIMPLE, 5)
    config = RoomConfig(
        "ABCDEFGHJK", storage.new_save_id(), Mode.SIMPLE, 2, 5, 0, ("human", "human")
    )
    room = Room(RULES, config, ["A", "B"], ["a" * 64, "b" * 64], record)
    assert room.session is not None and room.session.result is not None
    session = room.rematch(storage.new_save_id())
    assert save_room(room, tmp_path) is None
    write_room_file(room, tmp_path)
    rooms, problems = load_rooms(RULES, tmp_path)
    assert problems == [] and len(rooms) == 1
    back = rooms[0]
    assert back.config.game == 2 and back.config.seed == room.config.seed != 5
    assert back.config.first == 1 and back.names == ["A", "B"]
    assert back.session is not None and back.session.record == session.record


async def test_the_computer_agrees_to_a_rematch_and_plays_it(tmp_path: Path) -> None:
    """Against the computer (host --vs): the person's ask alone deals the next game; the
    computer begins it (the other side first) and plays its seat as before."""
    from .test_textual_client import serving as serving_with_bots

    async with serving_with_bots(tmp_path / "server", ("human", "bot:easy")) as (hosted, port):
        code = hosted.room.config.code
        green = GameClient(LOOPBACK, port, code, name="Ann", seats=(0,), home=tmp_path / "g")
        await green.join()
        await play_out(green, bot_chooser("random", 3), timeout=WAIT)
        await green.send_rematch()
        await green.wait_until(lambda table: table.game == 2, WAIT)
        session = hosted.room.session
        assert session is not None and session.record.first == 1
        done = await play_out(green, bot_chooser("random", 6), timeout=WAIT)
        assert done.over is not None and done.game == 2 and green.errors == []
        assert done.seat_names == ("Ann", "Computer")
        await green.close()


async def test_the_host_waits_for_a_rematch_while_every_seat_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`agent-avenue host` after the end: on to the next game once a rematch is dealt; it
    stops when the clients have gone, after REMATCH_SECONDS while every seat stays, and after
    GRACE_SECONDS once a seat has left."""
    from types import SimpleNamespace

    from agent_avenue.cli import host

    monkeypatch.setattr(host, "REMATCH_SECONDS", 0.3)
    monkeypatch.setattr(host, "GRACE_SECONDS", 0.0)
    present = {"all": True}
    room = SimpleNamespace(all_present=lambda: present["all"])
    hosted = SimpleNamespace(peers=["a peer"], finished=asyncio.Event(), room=room)
    hosted.finished.set()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert await host._rematch_or_leave(hosted, stop) is False  # type: ignore[arg-type]
    assert loop.time() - started >= 0.3, "it waited for a rematch"
    present["all"] = False
    started = loop.time()
    assert await host._rematch_or_leave(hosted, stop) is False  # type: ignore[arg-type]
    assert loop.time() - started < 0.3, "a seat gone: only the grace"
    present["all"] = True
    loop.call_later(0.05, hosted.finished.clear)  # a rematch is dealt
    assert await host._rematch_or_leave(hosted, stop) is True  # type: ignore[arg-type]
    hosted.finished.set()
    hosted.peers = []
    assert await host._rematch_or_leave(hosted, stop) is False  # type: ignore[arg-type]
