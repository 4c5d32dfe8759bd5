"""Win/loss safety: find actions that win at once for sure, and screen out visible losses.

Every bot runs this check before its own judgment. An action the engine's verdicts make a sure
win from the view (`engine.sure_winner`) is taken first. Otherwise an action's immediate
outcome is worked out on sampled hidden cards with the fast engine, through the rest of the
turn (black market picks and instant choices are searched exhaustively: our choices at best,
the opponent's at worst).
It counts as sure only when it holds on every sample and, for a recruit, for every card the
face-down one could be. An offer is judged by both ways the opponent can split it; a split in
which the opponent takes the face-up card (which it can see) and wins is a visible loss.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from agent_avenue.bots.playout import (
    OFFER,
    OVER,
    RECRUIT,
    RECRUIT_DOWN,
    RECRUIT_UP,
    FastGame,
    encode,
    fast_game,
    tables_for,
)
from agent_avenue.bots.team import is_team_view, team_assess
from agent_avenue.engine import (
    Action,
    Offer,
    Phase,
    PlayerView,
    Recruit,
    determinize,
    sure_winner,
    unseen_agents,
)

__all__ = ["Verdict", "assess", "forced_choice", "verdicts"]

WIN, OPEN, LOSS = 1, 0, -1
SAMPLES = 4
RECHECK = 12  # when every action loses on SAMPLES deals, look again on this many times more
LAST_LOOK = 4  # several still win on the recheck: a last look on this many times more again
MAX_DEPTH = 8


class Verdict(NamedTuple):
    """What an action does at once: a sure win, a sure loss, and how exposed it leaves us.

    `exposure` orders actions by the losses they risk: 0 none seen, 1 an offer the opponent
    wins by blindly taking the face-down card, 2 an offer it wins by taking the face-up card,
    3 a sure loss.
    """

    win: bool
    loss: bool
    exposure: int


def outcome(g: FastGame, me: int, depth: int = MAX_DEPTH) -> int:
    """WIN, LOSS or OPEN for side `me` once the turn's remaining choices are made (in place)."""
    phase = g.phase
    if phase == OVER:
        return WIN if g.winner == me else LOSS
    if phase in (OFFER, RECRUIT) or depth <= 0:
        return OPEN
    legal = g.legal()
    mine = g.to_act == me
    best = LOSS if mine else WIN
    for code in legal:
        h = g.clone()
        h.play(code)
        result = outcome(h, me, depth - 1)
        if (mine and result > best) or (not mine and result < best):
            best = result
        if (mine and best == WIN) or (not mine and best == LOSS):
            break
    return best


def _after(g: FastGame, code: int, me: int) -> int:
    h = g.clone()
    h.play(code)
    return outcome(h, me)


def verdicts(
    view: PlayerView,
    rng: random.Random,
    samples: int = SAMPLES,
    only: tuple[Action, ...] | None = None,
) -> dict[Action, Verdict]:
    """The immediate verdict of every legal action of the view's seat (or of those in `only`)."""
    if view.seat is None or not view.legal:
        return {}
    me = view.seat
    t = tables_for(view.rules)
    games = [fast_game(determinize(view, rng)) for _ in range(samples)]
    out: dict[Action, Verdict] = {}
    if view.phase is Phase.RECRUIT:
        downs = [t.agent_index[a] for a in unseen_agents(view)]
        reps = max(1, samples // SAMPLES)  # deals per hidden card (more on a second look)
        for action in only or view.legal:
            code = encode(t, action)
            results = []
            for i, down in enumerate(downs or [games[0].face_down]):
                for k in range(reps):
                    g = games[(i * reps + k) % samples].clone()
                    g.face_down = down
                    results.append(_after(g, code, me))
            win = all(r == WIN for r in results)
            loss = all(r == LOSS for r in results)
            out[action] = Verdict(win, loss, 3 if loss else 0)
        return out
    for action in only or view.legal:
        code = encode(t, action)
        if isinstance(action, Offer):
            took_up: list[int] = []
            took_down: list[int] = []
            for g in games:
                h = g.clone()
                h.play(code)
                took_up.append(_after(h, RECRUIT_UP, me))
                took_down.append(_after(h, RECRUIT_DOWN, me))
            up_loses = all(r == LOSS for r in took_up)
            down_loses = all(r == LOSS for r in took_down)
            win = all(r == WIN for r in took_up + took_down)
            loss = up_loses and down_loses
            exposure = 3 if loss else 2 if up_loses else 1 if down_loses else 0
            out[action] = Verdict(win, loss, exposure)
        elif isinstance(action, Recruit):  # pragma: no cover - recruits are handled above
            continue
        else:
            results = [_after(g, code, me) for g in games]
            win = all(r == WIN for r in results)
            loss = all(r == LOSS for r in results)
            out[action] = Verdict(win, loss, 3 if loss else 0)
    return out


def assess(view: PlayerView, rng: random.Random) -> tuple[Action | None, tuple[Action, ...]]:
    """A sure-winning action (or None) and the legal actions that risk the least visible loss."""
    if len(view.legal) == 1:
        return None, view.legal
    if is_team_view(view):
        return team_assess(view, rng)
    me = view.seat
    for action in view.legal:
        if sure_winner(view, action) == me:  # the engine's own verdict: certain
            return action, (action,)
    found = verdicts(view, rng)
    wins = _surest(view, rng, tuple(a for a in view.legal if found[a].win))
    if wins:
        return wins[0], (wins[0],)
    least = min(v.exposure for v in found.values())
    if least == 3:
        # Every action lost on the few samples: look at more deals for one that may survive.
        found = verdicts(view, rng, SAMPLES * RECHECK)
        least = min(v.exposure for v in found.values())
    return None, tuple(a for a in view.legal if found[a].exposure == least)


def _surest(view: PlayerView, rng: random.Random, wins: tuple[Action, ...]) -> tuple[Action, ...]:
    """Of actions that won on the few samples, those that still win on ever more deals: one
    that wins on most deals but not all must not be taken before one that always wins."""
    for times in (RECHECK, RECHECK * LAST_LOOK):
        if len(wins) <= 1:
            break
        again = verdicts(view, rng, SAMPLES * times, wins)
        wins = tuple(a for a in wins if again[a].win) or wins
    return wins


def forced_choice(view: PlayerView, rng: random.Random | None = None) -> Action | None:
    """A sure win, or the only action that avoids a visible loss; None if the bot must judge."""
    win, safe = assess(view, rng or random.Random(0))
    if win is not None:
        return win
    return safe[0] if len(safe) == 1 else None
