"""How the search reads an opponent's offer: the quick policy's softmax, mixed with a share of
offers read as made at random, so that no deal is all but ruled out by an offer a random (or
surprising) player made."""

from __future__ import annotations

import random

import pytest

from agent_avenue.bots.ismcts import LEVELS, Budget, SearchBot, offer_likelihood
from agent_avenue.bots.playout import FastGame, fast_game
from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, Phase, apply, legal_actions, new_game, player_view

RULES = default_rules()


def _offered(seed: int, mode: Mode) -> FastGame:
    """A fast game just after the first offer of a seeded deal (its first legal offer)."""
    state = new_game(RULES, mode, seed, 0)
    state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.RECRUIT
    return fast_game(state)


@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_a_share_of_offers_is_read_as_random(mode: Mode) -> None:
    for seed in range(1, 8):
        g = _offered(seed, mode)
        sharp = offer_likelihood(g, 1.0, random.Random(seed), 0.0)
        uniform = offer_likelihood(g, 1.0, random.Random(seed), 1.0)
        mixed = offer_likelihood(g, 1.0, random.Random(seed), 0.25)
        assert 0.0 < uniform <= 0.5  # a hand of two kinds offers at least two ways
        assert mixed == pytest.approx(0.75 * sharp + 0.25 * uniform)
        assert mixed >= 0.25 * uniform


def test_the_levels_read_offers_with_a_share_of_random_ones() -> None:
    assert all(0.0 < budget.offer_noise < 1.0 for budget in LEVELS.values())


def test_the_trees_opponent_now_and_then_recruits_either_card() -> None:
    # The same offer decision searched with the opponent's recruits always by the quick
    # judgment, and always at random: the search must see the difference.
    state = new_game(RULES, Mode.SIMPLE, 4, 0)
    view = player_view(state, state.active)
    found = []
    for noise in (0.0, 1.0):
        bot = SearchBot("search", Budget(seconds=None, iterations=300, recruit_noise=noise))
        found.append(bot.analyse(view, random.Random(9)).means)
    assert found[0] != found[1]


def test_the_levels_model_the_opponents_recruits_with_a_share_of_random_ones() -> None:
    assert all(0.0 < budget.recruit_noise < 1.0 for budget in LEVELS.values())
