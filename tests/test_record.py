"""The engine's game record and its one replay: duels and team games, steps and errors."""

from __future__ import annotations

import random

import pytest

from agent_avenue.engine import (
    GameRecord,
    GameState,
    Mode,
    ReplayError,
    Rules,
    apply,
    format_action,
    legal_actions,
    replay,
    replay_from,
    replay_steps,
)


def random_record(rules: Rules, players: int, seed: int) -> tuple[GameRecord, list[GameState]]:
    """A whole game of random legal moves as a record, with every state met after the start."""
    record = GameRecord(Mode.ADVANCED, seed, seed % 2, players=players)
    state = record.start(rules)
    rng = random.Random(seed)
    moves: list[str] = []
    states: list[GameState] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        moves.append(format_action(action))
        state = apply(state, action)
        states.append(state)
    names = ("Ann", "Bob", "Cid", "Dee")[:players]
    return GameRecord(Mode.ADVANCED, seed, seed % 2, names, tuple(moves), "", players), states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_reaches_the_played_states(rules: Rules, players: int) -> None:
    """replay gives the final state, replay_steps every state on the way, both from the record."""
    record, states = random_record(rules, players, 7 + players)
    assert replay(rules, record) == states[-1]
    steps = list(replay_steps(record.start(rules), record.moves))
    assert [step.state for step in steps] == states
    assert [step.number for step in steps] == list(range(1, len(states) + 1))
    assert [format_action(step.action) for step in steps] == list(record.moves)


def test_replay_from_takes_actions_and_text(rules: Rules) -> None:
    """Moves may be actions or notation text; both replay the same way."""
    record, states = random_record(rules, 4, 3)
    start = record.start(rules)
    actions = [step.action for step in replay_steps(start, record.moves)]
    assert replay_from(start, actions[:5]) == replay_from(start, record.moves[:5]) == states[4]


def test_a_bad_move_says_which_and_why(rules: Rules) -> None:
    """An illegal move and an unreadable move stop the replay, naming the move."""
    team = GameRecord(Mode.SIMPLE, 5, 0, ("Ann", "Bob", "Cid"), ("lead 2", "lead 0"), "", 3)
    with pytest.raises(ReplayError) as caught:
        replay(rules, team)
    assert caught.value.number == 2 and caught.value.problem == "illegal"
    assert str(caught.value).startswith('move 2 ("lead 0"): now the player must ')
    unreadable = GameRecord(Mode.SIMPLE, 1, 0, moves=("offer", "recruit up"))
    with pytest.raises(ReplayError, match=r'^move 1 \("offer"\): ') as caught:
        replay(rules, unreadable)
    assert caught.value.problem == "unreadable" and caught.value.text == "offer"


def test_a_record_that_cannot_be_dealt(rules: Rules) -> None:
    """A record whose start is impossible (5 players) fails at the start."""
    with pytest.raises(ReplayError, match=r"^the start: ") as caught:
        replay(rules, GameRecord(Mode.SIMPLE, 1, 0, players=5))
    assert caught.value.number == 0 and caught.value.problem == "setup"


# Seats: the one place that knows them ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_sides_and_partners(rules: Rules, players: int) -> None:
    """Every seat's side, member and partner, from the functions and from a view, agree."""
    from agent_avenue.engine import (
        is_team_game,
        member_of_seat,
        new_game,
        partner_of,
        player_view,
        seat_of,
        seats_of,
        side_of,
    )

    state = new_game(rules, Mode.SIMPLE, 1, 0, players=players)
    assert state.players == players and state.is_team_game is is_team_game(players)
    assert sorted(seats_of(0, players) + seats_of(1, players)) == list(range(players))
    for seat in range(players):
        view = player_view(state, seat)
        assert view.players == players and view.is_team_game is (players > 2)
        assert seat_of(side_of(seat), member_of_seat(seat)) == seat
        assert seat in view.seats_of(side_of(seat)) and view.side == side_of(seat)
        partner = partner_of(seat, players)
        assert view.partner_of(seat) == partner and side_of(partner) == side_of(seat)
        assert (partner == seat) is (len(seats_of(side_of(seat), players)) == 1)
