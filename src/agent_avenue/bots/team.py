"""Team games (3 or 4 players) for the bots: safety, one-ply scores and a small sampled search.

The fast engine of bots.playout knows only the duel, so in a team game the bots think on the
reference engine instead: they deal the cards their seat cannot see (engine.sampling, which
deals the partner's hand too: a bot never sees its teammate's cards), apply actions to those
sampled states with `engine.apply`, and judge the result with a small evaluation of the board.

* Safety (`team_verdicts`): like bots.safety, an action's outcome is worked out to the end of
  the turn on a few sampled deals, every later choice searched (our team's at best, the other
  team's at worst). A sure win holds on every deal; a sure loss loses on every deal however
  anyone plays; an action is exposed when the other team can make it lose on every deal.
* Scores (`team_scores`): every safe action is played on the same sampled deals, then the game
  goes on for a few turns by a cheap policy, and the final position is judged (a finished game
  is a win or a loss). The greedy bot looks to the end of the turn, the search bot further,
  with as many deals as its budget allows.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from agent_avenue.bots.evaluation import win_chance
from agent_avenue.engine import (
    Action,
    Answer,
    Discard,
    GameState,
    Mark,
    Phase,
    PlayerView,
    Recruit,
    Side,
    apply,
    capped_lead,
    determinize,
    legal_actions,
    lose_rescue,
    modified_move,
    side_of,
    unseen_agents,
)

__all__ = [
    "TeamVerdict",
    "is_team_view",
    "team_assess",
    "team_choice",
    "team_scores",
    "team_value",
    "team_verdicts",
]

WIN, OPEN, LOSS = 1, 0, -1
SAMPLES = 3
MAX_DEPTH = 8
MAX_STATES = 1500  # states the safety check may look at per decision (about 50 ms)
DECISIVE = 100.0
NEXT_COPY = 0.25  # weight of how much better the next copy of each agent is for a side
MARK_WORTH = 7.0  # a WIN mark is worth a catch; a LOSE mark the opposite
EXPECTED_WORTH = 1.0  # roughly what an unknown card is worth to either side


class TeamVerdict(NamedTuple):
    """What an action does by the end of the turn: a sure win, a sure loss, how exposed it is.

    `exposure`: 0 no loss seen, 1 the other team can make it lose on every deal, 3 a sure loss.
    """

    win: bool
    loss: bool
    exposure: int


def is_team_view(view: PlayerView) -> bool:
    """Whether the view is of a team game (3 or 4 players)."""
    return view.is_team_game


# The board judged from one side ----------------------------------------------------------------


def _worth(state: GameState, side: Side, agent: str) -> float:
    """Roughly what recruiting one more `agent` is worth to `side`, in board spaces."""
    rules = state.rules
    count = side.in_play.count(agent) + 1
    icon = rules.agent_by_id[agent].icon_for(count)
    if icon is Mark.WIN:
        return MARK_WORTH
    if icon is Mark.LOSE:
        # The engine's own rescue test (Leader of the Pack turns the loss into a win).
        return MARK_WORTH if lose_rescue(rules, side.ongoing, agent) is not None else -MARK_WORTH
    move = rules.moves[agent][count]
    return float(modified_move(rules, side.ongoing, agent, move) if side.ongoing else move)


def team_value(state: GameState, side: int) -> float:
    """The position's worth to `side`, in board spaces: its lead plus its next copies' edge."""
    result = state.result
    if result is not None:
        return DECISIVE if result.winner == side else -DECISIVE
    me = state.sides[side]
    them = state.sides[1 - side]
    value = float(capped_lead(me.progress, them.progress))
    for agent in state.rules.agent_ids:
        value += NEXT_COPY * (_worth(state, me, agent) - _worth(state, them, agent))
    return value


# A cheap policy for the sampled games ----------------------------------------------------------


def _plays(state: GameState) -> tuple[Action, ...]:
    """The legal actions without discards (a discard draws from the sampled deck: a peek)."""
    legal = legal_actions(state)
    plays = tuple(a for a in legal if type(a) is not Discard)
    return plays or legal


def cheap_action(state: GameState, rng: random.Random) -> Action:
    """A quick, roughly sensible move for whoever decides in a sampled state."""
    plays = _plays(state)
    if state.phase is Phase.RECRUIT:
        assert state.offer is not None
        # The recruiter sees the face-up card only: take it when it is worth more, to both
        # sides together, than an unknown card (taking it also keeps it from the other side).
        up = state.offer[0]
        recruiter = state.sides[1 - state.active]
        active = state.sides[state.active]
        take_up = _worth(state, recruiter, up) + _worth(state, active, up) >= EXPECTED_WORTH
        return Recruit(face_up=take_up)
    if state.phase is Phase.CONFIRM:
        return Answer(yes=True)
    return plays[int(rng.random() * len(plays))]


def _play_on(state: GameState, side: int, rng: random.Random, turns: int) -> float:
    """Play on by the cheap policy for `turns` more turn changes; the chance `side` wins."""
    stop = state.turn + turns
    while state.result is None and state.turn < stop:
        state = apply(state, cheap_action(state, rng))
    if state.result is not None:
        return 1.0 if state.result.winner == side else 0.0
    return win_chance(team_value(state, side))


# Safety -----------------------------------------------------------------------------------------


class _Steps:
    """How many more states the safety check may look at (it answers OPEN once they run out)."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def _outcome(
    state: GameState, side: int, turn: int, depth: int, helped: bool, steps: _Steps
) -> int:
    """WIN, LOSS or OPEN for `side` at the end of turn `turn`: our choices at best, the other
    team's at worst (`helped`: at best for us too, so LOSS means a loss whatever anyone does)."""
    result = state.result
    if result is not None:
        return WIN if result.winner == side else LOSS
    steps.left -= 1
    if state.turn != turn or depth <= 0 or steps.left < 0:
        return OPEN
    to_act = state.to_act
    assert to_act is not None
    best_for_us = helped or side_of(to_act) == side
    best = LOSS if best_for_us else WIN
    for action in _plays(state):
        found = _outcome(apply(state, action), side, turn, depth - 1, helped, steps)
        if (best_for_us and found > best) or (not best_for_us and found < best):
            best = found
        if (best_for_us and best == WIN) or (not best_for_us and best == LOSS):
            break
    return best


def _deals(view: PlayerView, rng: random.Random, samples: int) -> list[GameState]:
    """Sampled states for the view; when this seat recruits, one per face-down card it could be."""
    states = [determinize(view, rng) for _ in range(samples)]
    if view.phase is Phase.RECRUIT and view.face_down is None:
        downs = sorted(unseen_agents(view))
        out: list[GameState] = []
        for i, down in enumerate(downs):
            state = states[i % samples]
            assert state.offer is not None
            out.append(state._replace(offer=(state.offer[0], down)))
        return out or states
    return states


def team_verdicts(
    view: PlayerView, rng: random.Random, samples: int = SAMPLES
) -> dict[Action, TeamVerdict]:
    """The verdict of every legal action of the view's seat, judged to the end of the turn."""
    if view.seat is None or not view.legal:
        return {}
    side = side_of(view.seat)
    turn = view.turn
    states = _deals(view, rng, samples)
    out: dict[Action, TeamVerdict] = {}
    steps = _Steps(max(MAX_STATES // len(view.legal), 1))
    for action in view.legal:
        after = [apply(state, action) for state in states]
        worst = [_outcome(s, side, turn, MAX_DEPTH, False, steps) for s in after]
        win = all(r == WIN for r in worst)
        exposed = all(r == LOSS for r in worst)
        loss = exposed and all(
            _outcome(s, side, turn, MAX_DEPTH, True, steps) == LOSS for s in after
        )
        steps.left = max(steps.left, 0) + max(MAX_STATES // len(view.legal), 1)
        exposure = 3 if loss else 1 if exposed else 0
        out[action] = TeamVerdict(win, loss, exposure)
    return out


def team_assess(view: PlayerView, rng: random.Random) -> tuple[Action | None, tuple[Action, ...]]:
    """A sure-winning action (or None) and the legal actions that risk the least visible loss."""
    if len(view.legal) == 1:
        return None, view.legal
    found = team_verdicts(view, rng)
    for action in view.legal:
        if found[action].win:
            return action, (action,)
    least = min(v.exposure for v in found.values())
    return None, tuple(a for a in view.legal if found[a].exposure == least)


# Scores and the choice --------------------------------------------------------------------------


def team_scores(
    view: PlayerView,
    actions: tuple[Action, ...],
    rng: random.Random,
    turns: int,
    rounds: int,
    stop: Callable[[], bool] | None = None,
) -> tuple[dict[Action, float], int]:
    """Each action's mean chance of winning over up to `rounds` sampled deals (fewer if `stop`
    says so), playing on `turns` turn changes after it; also the number of playouts run."""
    assert view.seat is not None
    side = side_of(view.seat)
    totals = dict.fromkeys(actions, 0.0)
    done = 0
    played = 0
    while done < max(rounds, 1):
        if done and stop is not None and stop():
            break
        state = determinize(view, rng)
        for action in actions:
            totals[action] += _play_on(apply(state, action), side, rng, turns)
            played += 1
        done += 1
    return {a: total / done for a, total in totals.items()}, played


def team_choice(
    view: PlayerView,
    rng: random.Random,
    turns: int,
    rounds: int,
    noise: float = 0.0,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[Action, int]:
    """The bots' team-game move: a sure win, else the best-scoring action that risks the least
    visible loss; `noise` adds random jitter (in board spaces) and `deadline` stops the deals
    early. Also returns the number of playouts run."""
    if len(view.legal) == 1:
        return view.legal[0], 0
    win, safe = team_assess(view, rng)
    if win is not None:
        return win, 0
    if len(safe) == 1:
        return safe[0], 0

    def stop() -> bool:
        return deadline is not None and clock() >= deadline

    scores, played = team_scores(view, safe, rng, turns, rounds, stop)
    best = safe[0]
    best_score = -1e18
    for action in safe:
        # Noise is in board spaces: about a quarter of a win chance per 4 spaces (win_chance).
        score = scores[action] + (rng.random() * noise / 16.0 if noise else 0.0)
        if score > best_score:
            best, best_score = action, score
    return best, played
