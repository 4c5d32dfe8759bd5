"""A statistical cross-check of the simple game against three independent implementations.

Players are uniformly random and never discard: the offering player picks an ordered pair of
*cards* from its hand uniformly (so each legal Offer(up, down) is weighted by
count(up) * (count(down) - [up == down])), and the recruiting player takes the face-up or the
face-down card with probability 1/2. Each game is attributed to one reason: the winner's own
winning condition (catch before codebreakers) if it has one, else the loser's daredevils, else
running out of cards.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    RECRUIT_DOWN,
    RECRUIT_UP,
    Action,
    GameState,
    Mode,
    Offer,
    Phase,
    PositionSetup,
    Recruit,
    SeatSetup,
    apply,
    from_position,
    legal_actions,
    new_game,
)

RULES = default_rules()
GAMES = 4000

# What three independent implementations of the simple game found for these players.
EXPECTED = {"catch": 0.65, "codebreakers": 0.187, "daredevils": 0.164, "exhaustion": 0.0}
EXPECTED_TURNS = 6.6
TURNS_TOLERANCE = 0.25


def offer_weight(hand: tuple[str, ...], offer: Offer) -> int:
    """How many ordered pairs of cards in `hand` make this offer."""
    cards = Counter(hand)
    return cards[offer.face_up] * (cards[offer.face_down] - (offer.face_up == offer.face_down))


def choose(state: GameState, rng: random.Random) -> Action:
    legal = legal_actions(state)
    if state.phase is Phase.RECRUIT:
        assert set(legal) == {RECRUIT_UP, RECRUIT_DOWN}
        return RECRUIT_UP if rng.random() < 0.5 else RECRUIT_DOWN
    assert state.phase is Phase.OFFER
    offers = [a for a in legal if isinstance(a, Offer)]  # never discard
    hand = state.sides[state.active].members[0].hand
    weights = [offer_weight(hand, o) for o in offers]
    assert all(w > 0 for w in weights)
    return rng.choices(offers, weights)[0]


def attribute(state: GameState) -> str:
    """The one reason a finished game is counted under."""
    result = state.result
    assert result is not None
    winner = result.winner
    own = {c.reason for c in result.conditions if c.side == winner and c.wins}
    for reason in ("catch", "codebreakers"):
        if reason in own:
            return reason
    if any(c.side != winner and c.reason == "daredevils" for c in result.conditions):
        return "daredevils"
    if "exhaustion" in own:
        return "exhaustion"
    raise AssertionError(f"a winner with no reason: {result}")


def play_one(seed: int) -> tuple[str, int]:
    """One seeded game: its reason and its number of turns."""
    rng = random.Random(f"statistics-{seed}")
    state = new_game(RULES, Mode.SIMPLE, seed, seed % 2)
    for _ in range(200):
        if state.is_over:
            return attribute(state), state.turn
        state = apply(state, choose(state, rng))
    raise AssertionError(f"game {seed} did not end")


def test_offer_weights_count_ordered_card_pairs() -> None:
    hand = ("codebreaker", "codebreaker", "daredevil", "mole")
    offers = [a for a in legal_actions_for(hand) if isinstance(a, Offer)]
    weights = {(o.face_up, o.face_down): offer_weight(hand, o) for o in offers}
    assert weights == {
        ("codebreaker", "daredevil"): 2,
        ("codebreaker", "mole"): 2,
        ("daredevil", "codebreaker"): 2,
        ("daredevil", "mole"): 1,
        ("mole", "codebreaker"): 2,
        ("mole", "daredevil"): 1,
    }
    # A hand of one name offers a pair: 4 * 3 ordered pairs of cards, one legal offer.
    assert [offer_weight(("sentinel",) * 4, o) for o in legal_actions_for(("sentinel",) * 4)] == [
        12
    ]


def legal_actions_for(hand: tuple[str, ...]) -> list[Action]:
    """The offers (no discards) a simple-mode player holding `hand` may make."""
    state = from_position(
        RULES, PositionSetup(seats=(SeatSetup(hand=hand), SeatSetup(hand=("enforcer",) * 2)))
    )
    return [a for a in legal_actions(state) if isinstance(a, Offer)]


@pytest.mark.slow
def test_random_simple_games_match_the_reference_statistics() -> None:
    reasons: Counter[str] = Counter()
    turns = 0
    for seed in range(GAMES):
        reason, game_turns = play_one(seed)
        reasons[reason] += 1
        turns += game_turns
    assert sum(reasons.values()) == GAMES
    assert set(reasons) <= set(EXPECTED)
    report = {r: reasons[r] / GAMES for r in EXPECTED}
    for reason, expected in EXPECTED.items():
        share = reasons[reason] / GAMES
        tolerance = 4 * math.sqrt(expected * (1 - expected) / GAMES) + 0.01
        assert share == pytest.approx(expected, abs=tolerance), (reason, report)
    assert turns / GAMES == pytest.approx(EXPECTED_TURNS, abs=TURNS_TOLERANCE), report


def test_recruit_choice_is_a_fair_coin() -> None:
    """The recruiting player in these statistics really picks each card half the time."""
    rng = random.Random("coin")
    state = new_game(RULES, Mode.SIMPLE, 0, 0)
    state = apply(state, choose(state, rng))
    picks = Counter(choose(state, rng) for _ in range(4000))
    assert set(picks) == {Recruit(face_up=True), Recruit(face_up=False)}
    assert picks[RECRUIT_UP] / 4000 == pytest.approx(0.5, abs=4 * 0.5 / math.sqrt(4000))
