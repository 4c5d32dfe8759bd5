"""The outcome queries agree with what the engine then decides, in every mode and team size.

Random games; at each offer and each recruit the verdicts computed from the deciding seat's
view are compared with the real state after each answer (and, for a hidden card, with the
real hidden card put in its place).
"""

from __future__ import annotations

import random

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    RECRUIT_DOWN,
    RECRUIT_UP,
    GameState,
    Mode,
    Offer,
    Phase,
    Recruit,
    Verdict,
    apply,
    hidden_outcomes,
    new_game,
    offer_outcomes,
    player_view,
)
from agent_avenue.engine.actions import PlayDown

RULES = default_rules()
CONFIGS = [(players, mode) for players in (2, 3, 4) for mode in Mode]
GAMES = 60


def assert_verdict(verdict: Verdict, after: GameState) -> None:
    """The verdict says what the engine did: places, landings, and the End step's result."""
    assert verdict.positions == after.positions
    assert verdict.progress == tuple(s.progress for s in after.sides)
    if verdict.pickup_follows:
        assert after.phase is Phase.PICK
        assert after.picker == verdict.landings[0]
        assert (after.picker, *after.queue) == verdict.landings
        return
    if verdict.winner is None:
        assert not after.is_over
        return
    assert after.result is not None
    assert after.result.winner == verdict.winner
    assert after.result.reasons == verdict.reasons
    assert after.result.by_tie_rule == verdict.by_tie_rule


def check_recruit(state: GameState) -> None:
    """At a recruit: the recruiting seat's hidden-card verdicts hold for the real hidden card."""
    assert state.offer is not None
    up, down = state.offer
    seat = state.to_act
    assert seat is not None
    outcomes = hidden_outcomes(player_view(state, seat))
    assert down in outcomes.counts
    assert_verdict(outcomes.if_up[down], apply(state, RECRUIT_UP))
    assert_verdict(outcomes.if_down[down], apply(state, RECRUIT_DOWN))
    # Any other possible hidden card: the real state with that card in its place.
    for agent in outcomes.counts:
        twin = state._replace(offer=(up, agent))
        assert_verdict(outcomes.if_up[agent], apply(twin, RECRUIT_UP))
        assert_verdict(outcomes.if_down[agent], apply(twin, RECRUIT_DOWN))


def check_offer(state: GameState) -> None:
    """At an offer (or a team's face-down play): every legal offer's verdicts hold."""
    seat = state.to_act
    assert seat is not None
    view = player_view(state, seat)
    for action in view.legal:
        if isinstance(action, Offer):
            up, down, offered = action.face_up, action.face_down, apply(state, action)
        elif isinstance(action, PlayDown):
            assert view.face_up is not None
            up, down, offered = view.face_up, action.agent, apply(state, action)
        else:
            continue
        verdicts = offer_outcomes(view, up, down)
        for face_up, verdict in verdicts.items():
            assert_verdict(verdict, apply(offered, Recruit(face_up)))


@pytest.mark.parametrize(("players", "mode"), CONFIGS)
def test_verdicts_match_the_engine(players: int, mode: Mode) -> None:
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = new_game(RULES, mode, seed, seed % 2, players=players)
        while not state.is_over:
            if state.phase is Phase.RECRUIT:
                check_recruit(state)
            elif state.phase in (Phase.OFFER, Phase.PLAY_DOWN):
                check_offer(state)
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))


def test_distance_is_a_board_distance() -> None:
    """Distances shown are spaces on the board (1-13) while the game is on."""
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(RULES, Mode.SIMPLE, seed, 0)
        while not state.is_over:
            if state.phase is Phase.RECRUIT:
                view = player_view(state, state.to_act)
                for verdicts in (hidden_outcomes(view).if_up, hidden_outcomes(view).if_down):
                    for verdict in verdicts.values():
                        for side in (0, 1):
                            distance = verdict.distance(side)
                            assert distance is None or 1 <= distance <= 13
            state = apply(state, rng.choice(player_view(state, state.to_act).legal))
