"""A scripted client: plays its seats by a bot or a list of moves, for tests and benchmarks."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterable

from agent_avenue.bots import make_bot, think
from agent_avenue.engine import Action, parse_action
from agent_avenue.net.client import GameClient
from agent_avenue.net.client_game import ClientGame

Chooser = Callable[[ClientGame, int, tuple[Action, ...]], Action]
"""Picks the move for `seat` among its legal moves, from what the table shows that client."""

__all__ = ["Chooser", "bot_chooser", "moves_chooser", "play_out"]


def bot_chooser(spec: str = "random", seed: int = 0) -> Chooser:
    """A chooser that asks a bot (by spec, e.g. "greedy"), from the seat's own view only."""
    bot = make_bot(spec)

    def choose(table: ClientGame, seat: int, moves: tuple[Action, ...]) -> Action:
        view = table.view(seat)
        if view.legal:
            return think(bot, view, seed + table.step * 4 + seat)
        return random.Random(seed + table.step).choice(moves)

    return choose


def moves_chooser(moves: Iterable[str]) -> Chooser:
    """A chooser that plays the given moves in order (in the notation), whatever they are."""
    left = list(moves)

    def choose(table: ClientGame, seat: int, legal: tuple[Action, ...]) -> Action:
        if not left:
            raise LookupError("the scripted moves ran out")
        return parse_action(left.pop(0), table.rules)

    return choose


def _decision(table: ClientGame) -> tuple[int, tuple[Action, ...]] | None:
    """The seat this client must decide for now (the engine's actor only), and its moves."""
    actor = table.stage.actor
    for seat, moves in table.legal():
        if seat == actor:
            return seat, moves
    return None


async def play_out(
    client: GameClient,
    chooser: Chooser,
    *,
    timeout: float = 60.0,
    limit: int = 50_000,
    until: Callable[[ClientGame], bool] | None = None,
) -> ClientGame:
    """Play the client's seats until the game is over (or `until(table)`), joining first if
    needed; TimeoutError if that takes longer than `timeout` seconds or `limit` messages."""
    table = client.table or await client.join()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    decided = -1
    for _ in range(limit):
        if table.over is not None or (until is not None and until(table)):
            return table
        found = _decision(table)
        if found is not None and decided != table.step:
            seat, moves = found
            decided = table.step
            await table.play(chooser(table, seat, moves), seat)
        await client.receive(max(deadline - loop.time(), 0.001))
    raise TimeoutError("too many messages")
