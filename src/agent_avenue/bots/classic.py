"""Today's one-ply scores before issue 16, kept only as the benchmarks' measured baseline.

`greedy:classic` plays by these scores; no level, hint or search uses them. They judge an offer
by a fixed weighting of its two splits (the worse one 75 %), a recruit by the plain average over
the unseen cards, and a discard by a flat estimate of how much the hand improves. See
`benchmarks/greedy_gap.py` for how they compare with the search bot's choices.
"""

from __future__ import annotations

import random

from agent_avenue.bots.action_scores import after_turn, score_actions
from agent_avenue.bots.evaluation import (
    DEFAULT_WEIGHTS,
    Weights,
    next_copies,
    share_of,
    unseen_by,
)
from agent_avenue.bots.playout import (
    DISCARD_BASE,
    RECRUIT_DOWN,
    RECRUIT_UP,
    FastGame,
    encode,
    fast_game,
    tables_for,
)
from agent_avenue.engine import Action, Phase, PlayerView, determinize

__all__ = ["classic_scores"]


def _score_offers(g: FastGame, me: int, rng: random.Random, w: Weights) -> dict[int, float]:
    scores: dict[int, float] = {}
    for code in g.offers():
        h = g.clone()
        h.play(code)
        a = after_turn(h, RECRUIT_UP, me, rng, w)
        b = after_turn(h, RECRUIT_DOWN, me, rng, w)
        low, high = (a, b) if a < b else (b, a)
        scores[code] = w.worst * low + (1 - w.worst) * high
    return scores


def classic_scores(
    view: PlayerView, w: Weights = DEFAULT_WEIGHTS, samples: int = 3, seed: int = 0
) -> dict[Action, float]:
    """A one-ply score (in board spaces, higher is better) for every action of `view.legal`.

    Offers: both ways the opponent can split them, the worse weighted by `w.worst`. Recruits: the
    expected result over the cards this seat has not seen. Discards: the best offer now, plus how
    much the hand improves on average, minus the cost of a discard. Black market picks and
    instant choices: the position after the ability, averaged over `samples` sampled decks.
    """
    if view.seat is None or not view.legal:
        return {}
    if view.phase is not Phase.OFFER:
        # Recruits, picks and instant choices are scored as the new evaluation scores them
        # (the expected result over the unseen cards, the position after the ability).
        return score_actions(view, w, samples, seed)
    me = view.seat
    t = tables_for(view.rules)
    rng = random.Random(seed)
    base = fast_game(determinize(view, rng))
    scores: dict[Action, float] = {}
    offers = _score_offers(base, me, rng, w)
    best = max(offers.values(), default=0.0)
    mine = next_copies(base, me, w)
    theirs = next_copies(base, 1 - me, w)
    held = [mine.value[a] - theirs.value[a] for a in range(len(mine.value))]
    share = share_of(unseen_by(base, me))
    expected = sum(s * v for s, v in zip(share, held, strict=True))
    for action in view.legal:
        code = encode(t, action)
        if code >= DISCARD_BASE:
            gone = code - DISCARD_BASE
            improved = best + w.hand * (expected - held[gone]) - w.discard_cost
            # A discard only delays: it never scores as well as a won game, or a winning offer.
            scores[action] = min(improved, w.decisive - 1.0)
        else:
            scores[action] = offers[code]
    return scores
