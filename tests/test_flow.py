"""The flow decides what the table shows next, without any screen: handoffs, private and public
screens, the computer's turns, players elsewhere, and a resumed game's privacy question."""

from __future__ import annotations

import random

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, Phase, apply, new_game, player_view
from agent_avenue.play.flow import Flow, Next, Show
from agent_avenue.play.session import stage_of

RULES = default_rules()
PRIVATE_PHASES = {Phase.OFFER, Phase.RECRUIT, Phase.PLAY_UP, Phase.PLAY_DOWN}


REVEAL = Next(Show.PUBLIC, None)
"""Marks a public reveal in a walk (whoever acted, anyone may look at it)."""


def asked(step: Next) -> Next:
    """Marks a privacy question asked by a public reveal's own prompt, then answered."""
    return Next(step.show, step.seat, -1 if step.side is None else step.side)


def walk(players: int, people: frozenset[int], computer: frozenset[int], seed: int) -> list[Next]:
    """Play a random game, asking the flow at each decision and obeying it like the app: after a
    reveal the reveal's own prompt asks the privacy question of the handoff that comes next."""
    rng = random.Random(seed)
    state = new_game(RULES, Mode.ADVANCED, seed, seed % 2, players=players)
    flow = Flow(players, people, computer)
    shown: list[Next] = []
    while True:
        step = flow.next(stage_of(state), state.result)
        shown.append(step)
        if step.show is Show.GAME_OVER:
            return shown
        if step.show is Show.HANDOFF:
            assert step.seat is not None
            flow.handed_to(step.seat)
            continue
        if step.show is Show.TEAM_HANDOFF:
            continue
        before = state.phase
        state = apply(state, rng.choice(player_view(state, state.to_act).legal))
        if before in (Phase.RECRUIT, Phase.PICK, Phase.CHOOSE, Phase.CONFIRM):
            flow.public()  # the app shows a public reveal
            shown.append(REVEAL)
            question = flow.question(stage_of(state), state.result)
            if question is not None:
                shown.append(asked(question))
                flow.answered(question)


def privacy_holds(shown: list[Next]) -> None:
    """A private screen follows a handoff to that seat (its own screen or a reveal's question),
    or that seat's own private screen; never a reveal without the question in between."""
    looker: int | None = None
    for step in shown:
        if step is REVEAL:
            looker = None
        elif step.show is Show.HANDOFF:
            looker = step.seat
        elif step.show is Show.PRIVATE:
            assert step.seat == looker, shown
        elif step.show in (Show.PUBLIC, Show.TEAM_HANDOFF, Show.GAME_OVER):
            looker = None if step.show is not Show.PUBLIC else looker


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hot_seat_never_shows_a_hand_without_the_privacy_question(players: int) -> None:
    everyone = frozenset(range(players))
    for seed in range(30):
        shown = walk(players, everyone, frozenset(), seed)
        # A game starts with a handoff (a private offer) or a team's public choice of leader.
        assert shown[0].show in (Show.HANDOFF, Show.PUBLIC)
        assert any(s.show is Show.PRIVATE for s in shown)
        privacy_holds(shown)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_reveal_followed_by_a_private_screen_asks_the_question_itself(players: int) -> None:
    everyone = frozenset(range(players))
    for seed in range(30):
        shown = walk(players, everyone, frozenset(), seed)
        for i, step in enumerate(shown[:-1]):
            if step is not REVEAL:
                continue
            after = shown[i + 1]
            # Never a separate handoff screen after a reveal: its own prompt asks.
            assert after.show is not Show.HANDOFF or after.side == -1, shown[i : i + 3]
            if after.show is Show.HANDOFF:
                assert shown[i + 2] == Next(Show.PRIVATE, after.seat)
        if players < 4:  # with two teams of two, a public choice of leader follows a reveal
            assert any(s.side == -1 for s in shown), "a reveal followed by a private screen"


def test_the_question_changes_nothing_until_answered() -> None:
    state = new_game(RULES, Mode.SIMPLE, 5, 0)
    flow = Flow(2, frozenset({0, 1}), frozenset())
    flow.handed_to(1)
    flow.public()
    question = flow.question(stage_of(state), None)
    assert question == Next(Show.HANDOFF, 0)
    assert flow.looker is None
    flow.answered(question)
    assert flow.next(stage_of(state), None) == Next(Show.PRIVATE, 0)


def test_one_person_against_the_computer_gets_no_handoff() -> None:
    for seed in range(30):
        shown = walk(2, frozenset({0}), frozenset({1}), seed)
        assert all(s.show is not Show.HANDOFF for s in shown)
        assert any(s.show is Show.THINKING and s.seat == 1 for s in shown)
        assert all(s.seat != 1 for s in shown if s.show is Show.PRIVATE)


def test_a_network_client_with_one_seat_waits_for_the_others() -> None:
    for seed in range(20):
        shown = walk(4, frozenset({1}), frozenset(), seed)
        assert all(s.show not in (Show.HANDOFF, Show.TEAM_HANDOFF) for s in shown)
        assert all(s.seat == 1 for s in shown if s.show is Show.PRIVATE)
        assert any(s.show is Show.ELSEWHERE for s in shown)


def test_a_resumed_game_asks_the_privacy_question_first() -> None:
    state = new_game(RULES, Mode.SIMPLE, 3, 0)
    flow = Flow(2, frozenset({0, 1}), frozenset())
    flow.looker = 0
    step = flow.resumed(stage_of(state), state.result)
    assert step == Next(Show.HANDOFF, 0)
    assert flow.looker is None


def test_a_private_screen_after_a_public_reveal_needs_a_new_handoff() -> None:
    state = new_game(RULES, Mode.SIMPLE, 5, 0)
    flow = Flow(2, frozenset({0, 1}), frozenset())
    flow.handed_to(0)
    assert flow.next(stage_of(state), None) == Next(Show.PRIVATE, 0)
    flow.public()
    assert flow.next(stage_of(state), None) == Next(Show.HANDOFF, 0)
