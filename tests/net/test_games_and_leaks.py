"""Whole games over real sockets (a host process, scripted clients on 127.0.0.1), and the leak
test: every byte each client received before `game_over` is checked against the server's true
state; `game_over` then brings every seat (not the spectators) the game's whole record."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from agent_avenue.engine import EventKind, GameRecord, GameState, Mode, player_view
from agent_avenue.net.client import GameClient
from agent_avenue.net.protocol import GameOverMsg, SeatsMsg, ViewMsg, decode_server, encode
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.net.views import record_model, view_model

from .harness import (
    GAME_TIMEOUT,
    finished_game,
    finished_records,
    history_rows,
    hosting,
    true_states,
)

SECRET_EVENTS = {EventKind.OFFER.value, EventKind.DISCARD.value, EventKind.DRAW.value}


class Wire:
    """Every message one client received, as the bytes came."""

    def __init__(self) -> None:
        """Nothing received yet."""
        self.texts: list[str] = []

    def __call__(self, data: str | bytes) -> None:
        """Keep one message."""
        self.texts.append(data if isinstance(data, str) else data.decode("utf-8"))


async def _play_game(host: Any, players: int, spectate: bool = False) -> list[tuple[int, Wire]]:
    """Join one client per seat (each asking for its seat), play to the end, return the wires."""
    clients: list[tuple[int, GameClient, Wire]] = []
    for seat in range(players):
        wire = Wire()
        client = host.client(f"P{seat}", f"client{seat}", seats=(seat,), on_raw=wire)
        clients.append((seat, client, wire))
    for _, client, _ in clients:
        await client.join()
    tasks = [
        play_out(client, bot_chooser("random", seed=seat), timeout=GAME_TIMEOUT)
        for seat, client, _ in clients
    ]
    watcher: list[tuple[int, Wire]] = []
    if spectate:
        wire = Wire()
        spectator = host.client(None, "spectator", spectate=True, on_raw=wire)
        await spectator.join()
        tasks.append(play_out(spectator, bot_chooser("random"), timeout=GAME_TIMEOUT))
        watcher.append((-1, wire))
    tables = await asyncio.wait_for(asyncio.gather(*tasks), GAME_TIMEOUT)
    results = {table.result for table in tables}
    assert len(results) == 1 and None not in results, "every client saw the same end"
    for _, client, _ in clients:
        assert client.errors == [], "a fair client gets no error"
        await client.close()
    return [(seat, wire) for seat, _, wire in clients] + watcher


def _seat_may_know_face_down(state: GameState, seat: int) -> bool:
    """Whether `seat` played the hidden card on offer now (only they may know it)."""
    return player_view(state, seat).face_down is not None


def _check_event(event: dict[str, Any], seat: int | None) -> None:
    """A secret event carries its cards only to the seat that owns them."""
    if event["kind"] not in SECRET_EVENTS:
        return
    owner = event["seat"] if event["seat"] is not None else event["side"]
    if seat == owner:
        return
    assert event["card"] is None and event["agents"] == [], "a hidden card in an event"
    if event["kind"] == EventKind.DISCARD.value:
        assert event["agent"] is None, "a discarded card shown to another seat"


def _check_views(texts: list[str], seat: int | None, states: list[GameState]) -> int:
    """Each view sent equals the engine's view of that seat in the true state, and holds no
    other hand, no hidden card it may not know, no deck order. Returns the views checked."""
    checked = 0
    for text in texts:
        message = decode_server(text)
        if not isinstance(message, ViewMsg):
            continue
        assert message.seat == seat, "a client got the view of a seat it does not hold"
        state = states[message.step]
        assert message.view == view_model(player_view(state, seat)), "not the engine's view"
        sent = json.loads(text)["view"]
        if seat is None:
            assert sent["hand"] == [] and sent["discarded"] == [] and sent["face_down"] is None
        else:
            assert sent["hand"] == list(state.member_of(seat).hand)
            if not _seat_may_know_face_down(state, seat):
                assert sent["face_down"] is None, "the face-down card leaked"
        for event in sent["events"]:
            _check_event(event, seat)
        entry = json.loads(text).get("entry")
        for event in entry["events"] if entry else []:
            _check_event(event, None)
        checked += 1
    return checked


def _before_the_end(texts: list[str]) -> list[str]:
    """The messages a client received before `game_over` (all of them if none came)."""
    for index, text in enumerate(texts):
        if json.loads(text)["type"] == "game_over":
            return texts[:index]
    return texts


def _check_the_end(texts: list[str], seat: int | None, record: GameRecord) -> None:
    """One `game_over`, after every view; only `seats` after it. A seat's carries the whole
    record of the game, the server's own; a spectator's none."""
    ends = [i for i, text in enumerate(texts) if json.loads(text)["type"] == "game_over"]
    assert len(ends) == 1, "one game_over per client"
    over = decode_server(texts[ends[0]])
    assert isinstance(over, GameOverMsg)
    if seat is None:
        assert over.record is None, "a spectator got the record"
    else:
        assert over.record == record_model(record), "not the server's record"
    after = [decode_server(text) for text in texts[ends[0] + 1 :]]
    assert all(isinstance(message, SeatsMsg) for message in after)


def _check_no_deck(texts: list[str], states: list[GameState], seed: int) -> None:
    """No message names the deck's cards or holds the seed that orders it, nor the moves."""
    for text in texts:
        assert '"deck"' not in text and '"market_deck"' not in text
        assert str(seed) not in text or len(str(seed)) < 4, "the deal's seed was sent"
        assert '"moves"' not in text and '"record"' not in text, "the record came too early"
        value = json.loads(text)
        if value["type"] == "table":
            for entry in [value["opening"], *value["log"]]:
                for event in entry["events"]:
                    _check_event(event, None)


def _check_other_hands(texts: list[str], seat: int | None, states: list[GameState]) -> None:
    """Byte by byte: no other seat's whole hand appears where this seat's view is sent."""
    for text in texts:
        message = decode_server(text)
        if not isinstance(message, ViewMsg):
            continue
        state = states[message.step]
        own = list(state.member_of(seat).hand) if seat is not None else []
        for other in range(len(state.sides[0].members) + len(state.sides[1].members)):
            theirs = list(state.member_of(other).hand)
            if other == seat or len(theirs) < 2 or theirs == own:
                continue  # a hand equal to this seat's own cannot be told apart from it
            compact = json.dumps(theirs, separators=(",", ":"))
            # The same agents may be public too (a side's two recruits): no more often than in
            # the view this seat may see.
            honest = message.model_copy(update={"view": view_model(player_view(state, seat))})
            allowed = encode(honest).count(compact)
            assert text.count(compact) <= allowed, "another seat's hand is in the message"


async def _game_and_leaks(tmp_path: Path, players: int, mode: Mode) -> None:
    """Host a game, play it through, then check every client's wire against the truth."""
    home = tmp_path / "server"
    async with hosting(home, "--mode", mode.value, "--players", str(players), "--spectators") as h:
        # The server records the game before it sends the end: no waiting needed after it.
        wires = await _play_game(h, players, spectate=True)
    records = finished_records(home)
    assert len(records) == 1 and len(history_rows(home)) == 1, "the server's score sheet"
    record = records[0]
    assert record.players == players and record.mode == mode
    states = true_states(record)
    assert states[-1].result is not None
    for seat, wire in wires:
        sent_to = None if seat < 0 else seat
        before = _before_the_end(wire.texts)
        assert _check_views(before, sent_to, states) >= len(record.moves) // 2
        _check_no_deck(before, states, record.seed)
        _check_other_hands(before, sent_to, states)
        _check_the_end(wire.texts, sent_to, record)


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
async def test_a_duel_over_the_network_leaks_nothing(tmp_path: Path, mode: Mode) -> None:
    """Two scripted clients play a whole duel through a host process; each wire holds only
    what its seat may know, and the game is on the host's score sheet."""
    await _game_and_leaks(tmp_path, 2, mode)


async def test_a_four_player_team_game_over_the_network_leaks_nothing(tmp_path: Path) -> None:
    """Four clients, one seat each, play an advanced team game to the end; no leak."""
    await _game_and_leaks(tmp_path, 4, Mode.ADVANCED)


def test_the_leak_checks_catch_a_leak() -> None:
    """The checks above can fail: a view carrying another seat's hand, or a face-down card
    sent to the recruiter, is caught."""
    from dataclasses import replace

    from agent_avenue.data import default_rules
    from agent_avenue.engine import GameRecord, Offer, Recruit
    from agent_avenue.net.protocol import StageModel
    from agent_avenue.play.session import stage_of

    rules = default_rules()
    record = GameRecord(Mode.SIMPLE, 5, 0)
    states = true_states(record)
    state = states[0]
    stage = stage_of(state)
    stage_model = StageModel(phase=stage.phase.value, actor=0, audience=0, team=None)

    def wire(view: Any, seat: int) -> list[str]:
        message = ViewMsg(seat=seat, step=0, stage=stage_model, view=view_model(view))
        return [encode(message)]

    honest = player_view(state, 1)
    assert _check_views(wire(honest, 1), 1, states) == 1
    peeking = replace(honest, hand=player_view(state, 0).hand)
    with pytest.raises(AssertionError):
        _check_views(wire(peeking, 1), 1, states)
    with pytest.raises(AssertionError):
        _check_other_hands(wire(peeking, 1), 1, states)
    legal = player_view(state, 0).legal
    offer = next(a for a in legal if isinstance(a, Offer))
    from agent_avenue.engine import apply

    offered = apply(state, offer)
    assert isinstance(player_view(offered, 1).legal[0], Recruit)
    leaked = replace(player_view(offered, 1), face_down=offer.face_down)
    with pytest.raises(AssertionError):
        _check_views(wire(leaked, 1), 1, [offered])
    assert rules.version == record.start(rules).rules.version


def test_the_end_checks_catch_a_record_too_early_or_to_a_spectator() -> None:
    """The checks of the end can fail: the record in a message before `game_over`, a
    spectator's `game_over` with the record, a seat's without it, a view after the end."""
    from agent_avenue.net.views import result_model

    record = finished_game(Mode.SIMPLE, 4)
    result = true_states(record)[-1].result
    assert result is not None

    def over(with_record: bool) -> str:
        sent = record_model(record) if with_record else None
        return encode(GameOverMsg(result=result_model(result), seat_names=["A", "B"], record=sent))

    _check_the_end([over(True)], 0, record)
    _check_the_end([over(False)], None, record)
    with pytest.raises(AssertionError):
        _check_the_end([over(True)], None, record)
    with pytest.raises(AssertionError):
        _check_the_end([over(False)], 0, record)
    with pytest.raises(AssertionError):
        _check_the_end([over(True), over(True)], 0, record)
    early = over(True).replace('"game_over"', '"error"')
    with pytest.raises(AssertionError):
        _check_no_deck([early], [], 1)


async def test_the_computer_plays_its_seat_on_the_server(tmp_path: Path) -> None:
    """With --vs bot:easy the server plays blue from blue's view; one client plays green to the
    end, sees only its own cards, and the score sheet names the computer's seat."""
    home = tmp_path / "server"
    async with hosting(home, "--vs", "bot:easy", "--mode", "advanced") as host:
        wire = Wire()
        green = host.client("Ann", "green", on_raw=wire)
        table = await green.join()
        assert table.seats == (0,) and table.kinds == ("human", "bot:easy")
        done = await play_out(green, bot_chooser("random", 5), timeout=GAME_TIMEOUT)
        assert done.result is not None and green.errors == []
        assert done.seat_names == ("Ann", "Computer")
    record = finished_records(home)[0]
    states = true_states(record)
    assert _check_views(wire.texts, 0, states) > 0
    _check_other_hands(wire.texts, 0, states)
    assert history_rows(home)[0]["players"] == ["human", "bot:easy"]
