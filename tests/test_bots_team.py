"""The bots in team games (3 and 4 players): complete games from any seat in both modes, sure
wins taken and visible losses avoided, and time budgets kept."""

from __future__ import annotations

import random
import time

import pytest

from agent_avenue.bots import make_bot
from agent_avenue.bots.safety import assess
from agent_avenue.bots.team import is_team_view, team_value, team_verdicts
from agent_avenue.cli.simulate import main_simulate, run_simulation
from agent_avenue.data import default_rules
from agent_avenue.engine import (
    GameState,
    Mode,
    PositionSetup,
    Recruit,
    SeatSetup,
    apply,
    from_position,
    new_game,
    player_view,
)
from agent_avenue.engine.actions import Lead, PlayDown, PlayUp

RULES = default_rules()
FAST_BOTS = ("random", "greedy", "bot:easy", "search:30it")
SAFE_BOTS = ("greedy", "bot:easy", "search:30it")
GAMES = 4  # per bot, player count and mode


def position(**kw: object) -> GameState:
    """A hand-made position (see engine.from_position)."""
    return from_position(RULES, PositionSetup(**kw))  # type: ignore[arg-type]


def decide(spec: str, state: GameState, seed: int = 0) -> object:
    """The action bot `spec` chooses for the seat that must decide in `state`."""
    seat = state.to_act
    assert seat is not None
    view = player_view(state, seat)
    action = make_bot(spec).choose(view, random.Random(seed))
    assert action in view.legal
    return action


# Complete games -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("mode", [Mode.SIMPLE, Mode.ADVANCED])
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("spec", FAST_BOTS)
def test_every_bot_finishes_team_games_in_every_seat(spec: str, players: int, mode: Mode) -> None:
    """The same bot fills every seat, one bot object per seat, from its seat's view only."""
    for seed in range(GAMES):
        state = new_game(RULES, mode, seed, seed % 2, players=players)
        bots = {seat: make_bot(spec) for seat in range(players)}
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None and seat < players
            view = player_view(state, seat)
            assert is_team_view(view)
            action = bots[seat].choose(view, rng)
            assert action in view.legal
            state = apply(state, action)
            steps += 1
            assert steps < 400
        assert state.result is not None


@pytest.mark.parametrize("players", [3, 4])
def test_bots_of_different_levels_share_a_team_game(players: int) -> None:
    """Any seat may be any bot: a mixed table plays to the end."""
    specs = ("search:20it", "greedy", "random", "bot:easy")
    for seed in range(3):
        state = new_game(RULES, Mode.ADVANCED, seed, 1, players=players)
        bots = {seat: make_bot(specs[(seat + seed) % 4]) for seat in range(players)}
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].choose(player_view(state, seat), rng))


def test_a_team_search_keeps_its_time_budget() -> None:
    state = new_game(RULES, Mode.ADVANCED, 5, 0, players=4)
    rng = random.Random(0)
    bot = make_bot("search:0.05s")
    worst = 0.0
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        began = time.perf_counter()
        action = bot.choose(view, rng)
        worst = max(worst, time.perf_counter() - began)
        state = apply(state, action)
    # The budget, plus the safety check (capped) and one round of deals; generous for slow CI.
    assert worst < 0.6
    assert bot.stats.playouts > 0


# Sure wins and visible losses ---------------------------------------------------------------

QUIET_DECK = ("saboteur", "enforcer", "sentinel", "saboteur", "enforcer", "sentinel")


def green_recruits(green_in_play: tuple[str, ...], up: str, down: str) -> GameState:
    """A 4-player game where blue offers `up` face up and `down` face down to green."""
    state = position(
        active=1,
        deck=QUIET_DECK,
        seats=(
            SeatSetup(hand=("mole", "saboteur", "sentinel", "enforcer"), in_play=green_in_play),
            SeatSetup(hand=(up, "saboteur", "enforcer", "sentinel")),
            SeatSetup(hand=("enforcer", "saboteur", "sentinel", "double_agent")),
            SeatSetup(hand=(down, "saboteur", "enforcer", "sentinel")),
        ),
    )
    state = apply(state, Lead(1))
    state = apply(state, PlayUp(up))
    state = apply(state, PlayDown(down))
    assert state.to_act == 0
    return state


@pytest.mark.parametrize("spec", SAFE_BOTS)
def test_a_team_takes_a_winning_face_up_card(spec: str) -> None:
    state = green_recruits(("codebreaker", "codebreaker"), "codebreaker", "double_agent")
    for seed in range(3):
        assert decide(spec, state, seed) == Recruit(face_up=True)


@pytest.mark.parametrize("spec", SAFE_BOTS)
def test_a_team_never_takes_a_face_up_card_that_loses(spec: str) -> None:
    state = green_recruits(("daredevil", "daredevil"), "daredevil", "sidekick")
    for seed in range(3):
        assert decide(spec, state, seed) == Recruit(face_up=False)


def blue_leads_against_codebreakers(players: int) -> GameState:
    """Green has two Codebreakers in play; blue's player must play a card face up."""
    seats = [
        SeatSetup(hand=("mole", "saboteur", "sentinel", "enforcer"), in_play=("codebreaker",) * 2),
        SeatSetup(hand=("codebreaker", "saboteur", "enforcer", "sentinel")),
        SeatSetup(hand=("enforcer", "saboteur", "sentinel", "double_agent")),
    ]
    if players == 4:
        seats.append(SeatSetup(hand=("saboteur", "enforcer", "sentinel", "double_agent")))
        state = position(active=1, deck=QUIET_DECK, seats=tuple(seats))
        return apply(state, Lead(1))
    return position(active=1, deck=QUIET_DECK, seats=tuple(seats))


@pytest.mark.parametrize("spec", SAFE_BOTS)
def test_a_team_never_plays_face_up_a_card_the_other_team_wins_with(spec: str) -> None:
    state = blue_leads_against_codebreakers(4)
    for seed in range(3):
        action = decide(spec, state, seed)
        assert action != PlayUp("codebreaker")


@pytest.mark.parametrize("spec", SAFE_BOTS)
def test_a_player_alone_never_offers_a_card_the_team_wins_with(spec: str) -> None:
    state = blue_leads_against_codebreakers(3)
    for seed in range(3):
        action = decide(spec, state, seed)
        assert "codebreaker" not in (
            getattr(action, "face_up", ""),
            getattr(action, "face_down", ""),
        )


def test_team_safety_reports_a_sure_win_and_screens_a_visible_loss() -> None:
    win = green_recruits(("codebreaker", "codebreaker"), "codebreaker", "double_agent")
    view = player_view(win, 0)
    verdicts = team_verdicts(view, random.Random(0))
    assert verdicts[Recruit(face_up=True)].win
    assert assess(view, random.Random(0)) == (Recruit(face_up=True), (Recruit(face_up=True),))
    loss = green_recruits(("daredevil", "daredevil"), "daredevil", "sidekick")
    view = player_view(loss, 0)
    verdicts = team_verdicts(view, random.Random(0))
    assert verdicts[Recruit(face_up=True)].loss
    assert assess(view, random.Random(0)) == (None, (Recruit(face_up=False),))


def test_team_value_prefers_the_side_ahead() -> None:
    state = green_recruits(("codebreaker", "codebreaker"), "codebreaker", "double_agent")
    assert team_value(state, 0) > 0 > team_value(state, 1)


# Simulations --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_run_simulation_plays_team_games(players: int) -> None:
    result = run_simulation("greedy", "random", 4, "simple", workers=1, players=players)
    assert result.games == 4
    assert result.a.decisions > 0 and result.b.decisions > 0
    assert sum(o.a_seat for o in result.outcomes) == 2  # each deal from both sides


def test_run_simulation_refuses_a_player_count() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        run_simulation("random", "random", 2, players=5)


def test_simulate_command_takes_a_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    code = main_simulate(["--games", "2", "--workers", "1", "--players", "4", "random", "random"])
    assert code == 0
    assert "random" in capsys.readouterr().out
