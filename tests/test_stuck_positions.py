"""Issue 13, case 8: no position the scenario loader accepts leaves the player to act stuck."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_avenue.cli import main
from agent_avenue.data import default_rules
from agent_avenue.data.scenario import ScenarioError, scenario_from_table
from agent_avenue.engine import apply, legal_actions

RULES = default_rules()
HERE = Path("generated.toml")


def write(tmp_path: Path, text: str) -> Path:
    """A scenario file with this text."""
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_reported_duel_that_stalls_is_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Blue active, green waiting with one Codebreaker and three cards in the deck: green could
    only discard, then nobody could act (the referee said `legal: []`, `winner: null`)."""
    path = write(
        tmp_path,
        'active = 1\ndeck = ["mole", "saboteur", "sidekick"]\n'
        '[[seats]]\nhand = ["codebreaker"]\n'
        '[[seats]]\nhand = ["double_agent", "daredevil", "sentinel", "sentinel"]\n',
    )
    code = main(["referee", "--scenario", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "seats[0].hand holds 1 card" in err
    assert "deck still has cards" in err


def test_a_waiting_team_member_without_cards_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four players, blue active, green's partner (seat 2) holds nothing while the deck has
    cards: green would be offered `lead 2` for a player who cannot play."""
    path = write(
        tmp_path,
        'players = 4\nactive = 1\ndeck = ["mole", "saboteur", "sidekick"]\n'
        '[[seats]]\nhand = ["codebreaker", "enforcer"]\n'
        '[[seats]]\nhand = ["double_agent", "daredevil"]\n'
        "[[seats]]\nhand = []\n"
        '[[seats]]\nhand = ["sentinel", "sentinel"]\n',
    )
    code = main(["referee", "--scenario", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "seats[2].hand is empty" in err


def test_with_an_empty_deck_a_waiting_player_who_cannot_play_ends_the_game() -> None:
    """The running-out rule: an empty deck and a next player with 1 card end the game at the
    End step (the side closer to catching wins), so that position is accepted."""
    state = scenario_from_table(
        {
            "active": 1,
            "deck": [],
            "seats": [
                {"hand": ["codebreaker"], "position": 3},
                {"hand": ["double_agent", "daredevil"], "position": 10},
            ],
        },
        HERE,
        RULES,
    )
    for action in legal_actions(state):
        after = apply(state, action)
        while not after.is_over:
            after = apply(after, legal_actions(after)[0])
        assert after.result is not None and after.result.reasons == ("exhaustion",)


def _tables() -> st.SearchStrategy[dict[str, Any]]:
    """Scenario tables: 2 to 4 players, short hands, a short deck, a few agents in play."""

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        players = draw(st.integers(2, 4))
        cards = list(RULES.full_deck())
        random.Random(draw(st.integers(0, 2**32))).shuffle(cards)
        seats: list[dict[str, Any]] = []
        for seat in range(players):
            hand = [cards.pop() for _ in range(draw(st.integers(0, 4)))]
            table: dict[str, Any] = {"hand": hand}
            if seat < 2:
                table["in_play"] = [cards.pop() for _ in range(draw(st.integers(0, 2)))]
                table["position"] = draw(st.sampled_from([0, 3, 7, 10] if seat else [1, 4, 7]))
            table["discards_left"] = draw(st.integers(0, 2))
            seats.append(table)
        deck = [cards.pop() for _ in range(draw(st.integers(0, 6)))]
        return {
            "players": players,
            "active": draw(st.integers(0, 1)),
            "deck": deck,
            "seats": seats,
        }

    return build()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=_tables(), seed=st.integers(0, 1000))
def test_from_any_accepted_position_someone_can_act_or_the_game_is_over(
    table: dict[str, Any], seed: int
) -> None:
    """Property: from any position the scenario loader accepts, and from every position random
    legal play reaches from it, a legal action exists or the game is over."""
    try:
        state = scenario_from_table(table, HERE, RULES)
    except ScenarioError:
        return
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_over:
            break
        actions = legal_actions(state)
        assert actions, f"nobody can act in {table}"
        state = apply(state, rng.choice(actions))
