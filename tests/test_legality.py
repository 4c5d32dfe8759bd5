"""Legality in one place: `refusal`, `is_legal`, `why_illegal`, `apply` and `legal_actions` agree.

Thousands of random games (duels and team games of 3 and 4, simple and advanced) are played;
at every position each legal action and a set of plausible illegal ones (cards not in the
hand, same-name offers, discards over the limit or with an empty deck, recruits out of phase,
takes of cards not in the supply or for the wrong seat, leads and plays by the wrong player,
choices an instant does not offer) are put to every one of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import (
    NO,
    RECRUIT_DOWN,
    RECRUIT_UP,
    YES,
    Action,
    Choose,
    Discard,
    GameState,
    IllegalAction,
    Mode,
    Offer,
    Phase,
    Take,
    apply,
    is_legal,
    legal_actions,
    new_game,
    refusal,
    why_illegal,
)
from agent_avenue.engine.actions import Lead, PlayDown, PlayUp

RULES = default_rules()
GAMES_PER_TABLE = 600
MAX_STEPS = 400
TABLES = [(mode, players) for mode in (Mode.SIMPLE, Mode.ADVANCED) for players in (2, 3, 4)]


def hand_to_play(state: GameState) -> tuple[str, ...]:
    """The hand of whoever offers or plays a card now (empty in other steps)."""
    seat = state.to_act
    if seat is None or state.phase not in (Phase.OFFER, Phase.PLAY_UP, Phase.PLAY_DOWN):
        return ()
    return state.member_of(seat).hand


def candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The legal actions, plausible illegal ones for this step, and a few of other steps."""
    hand = hand_to_play(state)
    names = sorted(set(hand))
    missing = [a for a in RULES.agent_ids if a not in hand]
    pool = names + rng.sample(missing, min(2, len(missing)))
    discards = [Discard(a) for a in RULES.agent_ids]  # over the limit, empty deck, not in hand
    off_supply = [c for c in RULES.card_ids if c not in state.supply]
    cards = [*state.supply, *rng.sample(off_supply, min(2, len(off_supply)))]
    by_step: dict[Phase, list[Action]] = {
        Phase.OFFER: [*(Offer(up, down) for up in pool for down in pool), *discards],
        Phase.PLAY_UP: [*(PlayUp(a) for a in pool), *discards],
        Phase.PLAY_DOWN: [*(PlayDown(a) for a in pool), *discards],
        Phase.RECRUIT: [RECRUIT_UP, RECRUIT_DOWN],
        Phase.PICK: [Take(card, seat) for card in cards for seat in (None, 0, 1, 2, 3)],
        Phase.LEAD: [Lead(seat) for seat in range(4)],
        Phase.CHOOSE: [Choose(a) for a in RULES.agent_ids],
        Phase.CONFIRM: [YES, NO],
    }
    others = [a for phase, actions in by_step.items() if phase is not state.phase for a in actions]
    found = [*legal_actions(state), *by_step.get(state.phase, []), *rng.sample(others, 3)]
    return list(dict.fromkeys(found))


def random_game(mode: Mode, players: int, seed: int) -> Iterator[GameState]:
    """Every position of one random game; discards are favoured so that limits are reached."""
    rng = random.Random(seed)
    state = new_game(RULES, mode, seed, seed % 2, players=players)
    for _ in range(MAX_STEPS):
        yield state
        legal = legal_actions(state)
        if not legal:
            return
        discards = [a for a in legal if isinstance(a, Discard)]
        pick = discards if discards and rng.random() < 0.4 else legal
        state = apply(state, rng.choice(pick))
    raise AssertionError("a random game did not end")


def check_position(state: GameState, rng: random.Random, reasons: set[str]) -> tuple[int, int]:
    """Every candidate action's verdicts agree; returns how many were legal and illegal, and
    adds each refusal's reason to `reasons`."""
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    allowed = set(legal)
    counts = [0, 0]
    for action in candidates(state, rng):
        member = action in allowed
        refused = refusal(state, action)
        assert is_legal(state, action) is member, (state, action)
        assert (refused is None) is member, (state, action, refused)
        assert why_illegal(state, action) == (None if refused is None else refused.message)
        if refused is None:
            apply(state, action)
        else:
            reasons.add(refused.reason.value)
            try:
                apply(state, action)
            except IllegalAction as exc:
                assert str(exc) == refused.message
            else:
                raise AssertionError(f"apply accepted {action} which refusal refuses")
        counts[member] += 1
    return counts[1], counts[0]


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "players"), TABLES, ids=lambda v: str(v))
def test_legality_agrees_everywhere(mode: Mode, players: int) -> None:
    """is_legal, why_illegal, refusal and apply agree with legal_actions on every action met."""
    rng = random.Random(players)
    legal = illegal = 0
    reasons: set[str] = set()
    for seed in range(GAMES_PER_TABLE):
        for state in random_game(mode, players, seed):
            ok, refused = check_position(state, rng, reasons)
            legal, illegal = legal + ok, illegal + refused
    assert legal > 1000 and illegal > legal
    # Every rule is met: the offer's and the discards', actions of another step, and the
    # team's and the black market's rules where they apply.
    expected = {"not_in_hand", "same_names", "wrong_step", "no_discards_left", "deck_empty"}
    if players < 4:  # a player alone on a side offers both cards
        expected |= {"single_copy"}
    if players > 2:
        expected |= {"not_leading"}
    if mode is Mode.ADVANCED:
        expected |= {"not_in_supply", "not_a_choice"}
        expected |= {"seat_needed", "not_picking"} if players > 2 else {"seat_not_needed"}
    assert expected <= reasons, expected - reasons
