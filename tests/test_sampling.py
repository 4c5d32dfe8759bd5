"""engine.sampling.determinize: a full state consistent with one seat's view, secrets sampled."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import GameState, Mode, apply, legal_actions, new_game, player_view
from agent_avenue.engine.sampling import determinize, unseen_market_cards

RULES = default_rules()
AGENTS = Counter({a.id: a.copies for a in RULES.agents})
CARDS = Counter(RULES.card_ids)


def random_states(mode: Mode, games: int) -> Iterator[GameState]:
    """Every state of `games` games of uniformly random moves."""
    for seed in range(games):
        rng = random.Random(f"sampling-{seed}")
        state = new_game(RULES, mode, seed, seed % 2)
        while not state.is_over:
            yield state
            state = apply(state, rng.choice(legal_actions(state)))
        yield state


def agents_everywhere(state: GameState) -> Counter[str]:
    """Every agent card of a state: deck, hands, discards, in play and the offer."""
    cards: Counter[str] = Counter(state.deck)
    for side in state.sides:
        cards.update(side.in_play)
        for member in side.members:
            cards.update(member.hand)
            cards.update(member.discarded)
    if state.offer is not None:
        cards.update(state.offer)
    return cards


def market_everywhere(state: GameState) -> Counter[str]:
    """Every black market card of a state: supply, decks, discards and ongoing cards."""
    cards = Counter(state.supply + state.market_deck + state.market_discard)
    for side in state.sides:
        cards.update(side.ongoing)
    return cards


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_a_determinization_shows_the_seat_exactly_its_view(mode: Mode) -> None:
    rng = random.Random(1)
    checked = 0
    queues_right = 0
    for state in random_states(mode, 120):
        for seat in (0, 1):
            view = player_view(state, seat)
            sampled = determinize(view, rng)
            assert player_view(sampled, seat) == view
            assert agents_everywhere(sampled) == AGENTS
            if mode is Mode.ADVANCED:
                assert market_everywhere(sampled) == CARDS
            else:
                assert not market_everywhere(sampled)
            checked += 1
            queues_right += sampled.queue == state.queue
    assert checked > 2000
    # The pickup queue is rebuilt from the board (documented imprecision): nearly always right.
    assert queues_right >= 0.99 * checked


def test_determinizations_vary_only_what_the_seat_cannot_see() -> None:
    state = new_game(RULES, Mode.ADVANCED, 3, 0)
    state = apply(state, legal_actions(state)[0])  # green offers; blue must recruit
    view = player_view(state, 1)
    samples = [determinize(view, random.Random(seed)) for seed in range(20)]
    assert len({s.sides[0].members[0].hand for s in samples}) > 1
    assert len({s.offer for s in samples}) > 1
    assert len({s.deck for s in samples}) == 20
    assert len({s.market_deck for s in samples}) > 1
    for sample in samples:
        assert sample.sides[1] == state.sides[1]
        assert sample.offer is not None and sample.offer[0] == state.offer[0]  # type: ignore[index]
    # The same generator state gives the same determinization.
    assert determinize(view, random.Random(5)) == determinize(view, random.Random(5))


def test_the_offerer_keeps_its_own_face_down_card() -> None:
    state = new_game(RULES, Mode.SIMPLE, 8, 1)
    state = apply(state, legal_actions(state)[0])
    view = player_view(state, 1)
    assert determinize(view, random.Random(0)).offer == state.offer


def test_unseen_market_cards_are_the_black_market_deck() -> None:
    state = new_game(RULES, Mode.ADVANCED, 4, 0)
    assert sorted(unseen_market_cards(player_view(state, 0))) == sorted(state.market_deck)
    assert unseen_market_cards(player_view(new_game(RULES, Mode.SIMPLE, 4, 0), 0)) == ()


def test_a_spectators_view_cannot_be_determinized() -> None:
    view = player_view(new_game(RULES, Mode.SIMPLE, 1, 0), None)
    with pytest.raises(ValueError, match="spectators"):
        determinize(view, random.Random(0))


def test_team_games_are_determinized_for_every_seat() -> None:
    state = new_game(RULES, Mode.ADVANCED, 1, 0, players=4)
    for seat in range(4):
        view = player_view(state, seat)
        samples = [determinize(view, random.Random(n)) for n in range(10)]
        partner = state.member_of((seat + 2) % 4)
        assert len({s.member_of((seat + 2) % 4).hand for s in samples}) > 1
        for sample in samples:
            assert player_view(sample, seat) == view
            assert sample.member_of(seat) == state.member_of(seat)
            assert len(sample.member_of((seat + 2) % 4).hand) == len(partner.hand)
