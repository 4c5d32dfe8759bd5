"""The engine makes the spectators' view from any seat's view (engine.view.public_view): at every
step of random games, duel and team, both modes, it is exactly the view of seat None, so no
field a seat alone may know survives it, and a field added to PlayerView later is covered."""

from __future__ import annotations

import dataclasses
import random

import pytest

from agent_avenue.data import default_rules
from agent_avenue.engine import Mode, PlayerView, apply, new_game, player_view, public_view

RULES = default_rules()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
def test_the_public_view_of_any_seat_is_the_spectators_view(mode: Mode, players: int) -> None:
    steps = 0
    for game in range(6):
        rng = random.Random(game)
        state = new_game(RULES, mode, 300 + game, game % 2, players)
        while not state.is_over:
            spectators = player_view(state, None)
            for seat in range(players):
                made = public_view(player_view(state, seat))
                assert made == spectators, (seat, state.turn, state.phase)
            to_act = state.to_act
            assert to_act is not None
            state = apply(state, rng.choice(player_view(state, to_act).legal))
            steps += 1
    assert steps > 50


def test_every_field_but_the_rules_is_compared() -> None:
    """The equality above sees every field of a view but the rules (one object for all)."""
    every = {f.name for f in dataclasses.fields(PlayerView)}
    compared = {f.name for f in dataclasses.fields(PlayerView) if f.compare}
    assert every - compared == {"rules"}
