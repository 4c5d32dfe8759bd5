"""Finished games played by bots, as records: games with real decisions to review or replay."""

from __future__ import annotations

import random

from agent_avenue.bots import make_bot
from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, Mode, apply, format_action, new_game, player_view

RULES = default_rules()


def bot_game(
    mode: Mode,
    seed: int,
    *,
    first: int,
    names: tuple[str, ...],
    players: int = 2,
    spec: str = "greedy",
) -> GameRecord:
    """A game dealt from `seed`, played to its end by one bot of `spec` per seat."""
    state = new_game(RULES, mode, seed, first, players=players)
    bots = [make_bot(spec) for _ in range(players)]
    rng = random.Random(seed)
    moves: list[str] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(player_view(state, seat), rng)
        moves.append(format_action(action))
        state = apply(state, action)
    return GameRecord(mode, seed, first, names, tuple(moves), RULES.version, players)
