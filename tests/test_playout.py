"""The fast playout engine agrees with the reference engine on every step of many random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from agent_avenue.bots.playout import (
    PHASE_CODE,
    FastGame,
    decode,
    encode,
    fast_game,
    tables_for,
)
from agent_avenue.data import default_rules
from agent_avenue.engine import GameState, Mode, apply, legal_actions, new_game, player_view
from agent_avenue.engine.sampling import determinize

RULES = default_rules()
T = tables_for(RULES)


def _counts(cards: tuple[str, ...]) -> list[int]:
    row = [0] * len(T.agents)
    for agent in cards:
        row[T.agent_index[agent]] += 1
    return row


def reference(state: GameState) -> tuple[Any, ...]:
    """Everything the fast engine tracks, read from a reference state."""
    return (
        PHASE_CODE[state.phase],
        -1 if state.to_act is None else state.to_act,
        state.active,
        state.turn,
        [s.progress for s in state.sides],
        [_counts(s.in_play) for s in state.sides],
        [_counts(s.members[0].hand) for s in state.sides],
        [s.members[0].discards_left for s in state.sides],
        [T.agent_index[a] for a in state.deck],
        [T.card_index[c] for c in state.supply],
        [T.card_index[c] for c in state.market_deck],
        [sorted(T.card_index[c] for c in s.ongoing) for s in state.sides],
        -1 if state.result is None else state.result.winner,
        state.result is not None and state.result.by_tie_rule,
        sorted(encode(T, a) for a in legal_actions(state)),
    )


def fast(g: FastGame) -> tuple[Any, ...]:
    """The same facts read from a fast game."""
    return (
        g.phase,
        g.to_act,
        g.active,
        g.turn,
        g.progress,
        g.in_play,
        g.hand,
        g.discards_left,
        list(g.deck[g.deck_drawn :]),
        g.supply,
        list(g.market_deck[g.market_drawn :]),
        [sorted(e.cards) if e is not None else [] for e in g.extras],
        g.winner,
        g.winner >= 0 and g.by_tie,
        sorted(g.legal()),
    )


def lockstep(state: GameState, rng: random.Random) -> int:
    """Play random moves on both engines from `state`, comparing after every step."""
    g = fast_game(state)
    steps = 0
    while True:
        assert fast(g) == reference(state), f"step {steps}"
        if state.is_over:
            return steps
        action = rng.choice(legal_actions(state))
        code = encode(T, action)
        assert decode(T, code) == action
        state = apply(state, action)
        g.play(code)
        steps += 1


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_fast_engine_agrees_with_the_reference_on_every_step(mode: Mode) -> None:
    steps = 0
    for seed in range(400):
        rng = random.Random(f"lockstep-{seed}")
        steps += lockstep(new_game(RULES, mode, seed, seed % 2), rng)
    assert steps > 5000


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_fast_engine_agrees_from_determinized_positions(mode: Mode) -> None:
    """Mid-game starts, including pending picks, choices and offers, from sampled states."""
    started = 0
    for seed in range(150):
        rng = random.Random(f"mid-{seed}")
        state = new_game(RULES, mode, seed, 0)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if rng.random() < 0.3:
                sampled = determinize(player_view(state, seat), rng)
                lockstep(sampled, random.Random(seed))
                started += 1
            state = apply(state, rng.choice(legal_actions(state)))
    assert started > 300


def test_clones_are_independent() -> None:
    g = fast_game(new_game(RULES, Mode.ADVANCED, 2, 0))
    before = fast(g)
    h = g.clone()
    while h.phase != 5:
        h.play(h.legal()[0])
    assert fast(g) == before
