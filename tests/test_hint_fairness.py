"""Fairness of hints: a hint sees only the deciding seat's view, in duels and team games alike.

Behaviour: the search's suggestion, its win chances and the whole hint line are the same in two
games that differ only in what the seat cannot see (the opponent's hand, the deck order, the
face-down card it is offered, and in a team game its partner's hand too). The search runs on
an iteration budget here so that it is repeatable; in the app it thinks for a processor-time
budget on the same view.
"""

from __future__ import annotations

import random

import pytest

from agent_avenue.bots.ismcts import Budget
from agent_avenue.engine import Mode, Phase, legal_actions, player_view
from agent_avenue.teaching.hints import chances_text, search_chances
from test_bot_fairness import (
    _swap_hidden,
    _swap_hidden_team,
    decision_points,
    team_decision_points,
)

NAMES = ("Green", "Blue")
BUDGET = Budget(seconds=None, iterations=40)


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_what_a_seat_cannot_see_never_changes_its_hint(mode: Mode) -> None:
    rng = random.Random(4)
    pairs = recruiting = 0
    for state in decision_points(mode, 12):
        seat = state.to_act
        assert seat is not None
        twin = _swap_hidden(state, seat, rng)
        if twin is None or len(legal_actions(state)) < 2:
            continue
        view, other = player_view(state, seat), player_view(twin, seat)
        assert other == view
        first = search_chances(view, BUDGET)
        second = search_chances(other, BUDGET)
        assert first is not None and first == second
        assert first.action in view.legal
        assert chances_text(view, first, NAMES) == chances_text(other, second, NAMES)
        pairs += 1
        recruiting += state.phase is Phase.RECRUIT
        if pairs >= 25 and recruiting >= 6:
            break
    assert pairs >= 25 and recruiting >= 6


@pytest.mark.parametrize("players", [3, 4])
def test_in_a_team_game_what_a_seat_cannot_see_never_changes_its_hint(players: int) -> None:
    rng = random.Random(5)
    pairs = 0
    for state in team_decision_points(Mode.SIMPLE, players, 8):
        seat = state.to_act
        assert seat is not None
        twin = _swap_hidden_team(state, seat, rng)
        if twin is None or len(legal_actions(state)) < 2:
            continue
        view = player_view(state, seat)
        assert player_view(twin, seat) == view
        first = search_chances(view, BUDGET)
        second = search_chances(player_view(twin, seat), BUDGET)
        assert first is not None and first == second
        seats = tuple(f"P{i}" for i in range(players))
        assert chances_text(view, first, NAMES, seats) == chances_text(view, second, NAMES, seats)
        pairs += 1
        if pairs >= 12:
            break
    assert pairs >= 12
