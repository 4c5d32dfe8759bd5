"""The leak test across a rematch: two games in one room of a host process, each wire checked
game by game. Before each game's `game_over` every message holds only what its seat may know of
that game (the second game's deal is in nothing before its own end, the first game's record
included); each `game_over` brings the seats that game's record, the spectator none; the host's
score sheet has one row per game."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from agent_avenue.engine import GameRecord, Mode
from agent_avenue.net.client import GameClient
from agent_avenue.net.protocol import GameOverMsg, decode_server
from agent_avenue.net.scripted import bot_chooser, play_out
from agent_avenue.net.views import record_from_model

from .harness import GAME_TIMEOUT, finished_records, history_rows, hosting, true_states
from .test_games_and_leaks import Wire, _check_no_deck, _check_other_hands, _check_views


def _ends(texts: list[str]) -> list[int]:
    """Where the `game_over` messages are in a wire."""
    return [i for i, text in enumerate(texts) if json.loads(text)["type"] == "game_over"]


async def _play(clients: list[tuple[int | None, GameClient]], game: int, seed: int) -> None:
    """Every client follows game number `game` to its end, the seats playing at random."""
    for _, client in clients:
        await client.wait_until(lambda table: table.game == game, GAME_TIMEOUT)
    await asyncio.wait_for(
        asyncio.gather(
            *(
                play_out(client, bot_chooser("random", seed + (seat or 0)), timeout=GAME_TIMEOUT)
                for seat, client in clients
            )
        ),
        GAME_TIMEOUT,
    )


@pytest.mark.slow
async def test_a_rematch_leaks_nothing_of_either_game(tmp_path: Path) -> None:
    """An advanced duel, a rematch asked by both seats, the second game: each game's messages
    checked against that game's true states; the second seed nowhere before the second end."""
    home = tmp_path / "server"
    async with hosting(home, "--mode", "advanced", "--spectators") as host:
        wires: dict[int | None, Wire] = {}
        clients: list[tuple[int | None, GameClient]] = []
        for seat in (0, 1):
            wires[seat] = Wire()
            client = host.client(f"P{seat}", f"client{seat}", seats=(seat,), on_raw=wires[seat])
            clients.append((seat, client))
        wires[None] = Wire()
        clients.append((None, host.client(None, "watch", spectate=True, on_raw=wires[None])))
        for _, client in clients:
            await client.join()
        await _play(clients, 1, 1)
        for seat, client in clients:
            if seat is not None:
                await client.send_rematch()
        await _play(clients, 2, 7)
        for seat, client in clients:
            assert client.errors == [], f"a fair client gets no error ({seat})"
            await client.close()
    recorded = finished_records(home)
    assert len(recorded) == 2 and len(history_rows(home)) == 2, "one row per game"

    records: list[GameRecord] = []
    for seat in (0, 1):
        texts = wires[seat].texts
        ends = _ends(texts)
        assert len(ends) == 2, "one game_over per game"
        overs = [decode_server(texts[end]) for end in ends]
        assert all(isinstance(over, GameOverMsg) and over.record for over in overs)
        mine = [record_from_model(over.record) for over in overs]  # type: ignore[union-attr, arg-type]
        if records:
            assert mine == records, "both seats got the same records"
        records = mine
    first, second = records
    assert set(recorded) == {first, second}
    assert second.seed != first.seed and second.first == 1 - first.first

    for seat, wire in wires.items():
        texts = wire.texts
        ends = _ends(texts)
        assert len(ends) == 2
        before_first, between = texts[: ends[0]], texts[ends[0] + 1 : ends[1]]
        for text in [*before_first, texts[ends[0]]]:
            assert str(second.seed) not in text, "the second deal's seed before its game"
        for part, record in ((before_first, first), (between, second)):
            states = true_states(record)
            assert _check_views(part, seat, states) >= len(record.moves) // 2
            _check_no_deck(part, states, record.seed)
            _check_other_hands(part, seat, states)
        if seat is None:
            assert all(decode_server(texts[end]).record is None for end in ends)  # type: ignore[union-attr]
        after = {json.loads(text)["type"] for text in texts[ends[1] + 1 :]}
        assert after <= {"seats"}, after
    assert Mode.ADVANCED == first.mode == second.mode
