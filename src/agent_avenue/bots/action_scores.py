"""One-ply scores of the actions a view allows, and the sentence that says why the best is best.

`score_actions(view)` scores every legal action one ply deep on the fast engine (bots.playout,
checked step by step against the reference engine), as expected values over what the seat
cannot see: an offer against the recruiter's own judgment of it (it sees the face-up card
only), a recruit over every card the face-down one could be, a discard by what the redraw is
expected to change, a black market pick by the position its effect leaves. The greedy bot
plays the best; `explain_best(view)` says why. Everything here sees only what the view shows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from agent_avenue.bots.evaluation import DEFAULT_WEIGHTS, Weights, evaluate, unseen_by
from agent_avenue.bots.playout import (
    DISCARD_BASE,
    RECRUIT_DOWN,
    RECRUIT_UP,
    FastGame,
    encode,
    fast_game,
    tables_for,
)
from agent_avenue.bots.quick_policies import (
    offer_scores,
    recruit_scores,
    resolve,
    take_up_chance,
)
from agent_avenue.engine import (
    Action,
    Answer,
    Choose,
    Discard,
    Offer,
    Phase,
    PlayerView,
    Recruit,
    Take,
    determinize,
    recruit_preview,
    unseen_agents,
)

__all__ = [
    "after_turn",
    "best_action",
    "explain_best",
    "score_action",
    "score_actions",
]


# One-ply scores of the actions a view allows ------------------------------------------------


def after_turn(g: FastGame, code: int, me: int, rng: random.Random, w: Weights) -> float:
    """The evaluation for `me` once `code` is played and the turn's picks are resolved."""
    h = g.clone()
    h.play(code)
    resolve(h, rng, w)
    return evaluate(h, me, w)


def score_actions(
    view: PlayerView, w: Weights = DEFAULT_WEIGHTS, samples: int = 3, seed: int = 0
) -> dict[Action, float]:
    """A one-ply score (in board spaces, higher is better) for every action of `view.legal`.

    Offers: each answer's position after the turn, weighted by how likely the recruiter takes
    it (its own recruit judgment from the face-up card alone, `take_up_chance`). Recruits: the
    position after the turn for every card the face-down one could be, weighted by its unseen
    copies. Discards: the expected quick
    value of the best offer after the redraw, against the best one now. Black market picks and
    instant choices: the position after the ability, averaged over `samples` sampled decks.
    """
    if view.seat is None or not view.legal:
        return {}
    me = view.seat
    t = tables_for(view.rules)
    rng = random.Random(seed)
    games = [fast_game(determinize(view, rng)) for _ in range(max(1, samples))]
    if view.phase is Phase.RECRUIT:
        return _score_recruits(view, games[0], rng, w)
    if view.phase is Phase.OFFER:
        return _score_offer_phase(view, games[: max(1, samples - 1)], rng, w)
    scores: dict[Action, float] = {}
    for action in view.legal:
        code = encode(t, action)
        scores[action] = sum(after_turn(g, code, me, rng, w) for g in games) / len(games)
    return scores


def _score_recruits(
    view: PlayerView, g: FastGame, rng: random.Random, w: Weights
) -> dict[Action, float]:
    """Recruits: the position after the turn for each card the hidden one could be, weighted
    by its unseen copies. (Reading the offer, as the search does, measured worse against
    greedy:classic: a one-ply reader trusts the offerer too much.)"""
    me = g.to_act
    t = g.tables
    unseen = unseen_agents(view)
    total = sum(unseen.values())
    scores: dict[Action, float] = {}
    for action in view.legal:
        code = encode(t, action)
        if not total:
            scores[action] = after_turn(g, code, me, rng, w)
            continue
        value = 0.0
        for agent, count in unseen.items():
            h = g.clone()
            h.face_down = t.agent_index[agent]
            value += count * after_turn(h, code, me, rng, w)
        scores[action] = value / total
    return scores


def _score_offer_phase(
    view: PlayerView, games: list[FastGame], rng: random.Random, w: Weights
) -> dict[Action, float]:
    """Offers against the modelled recruiter, and discards by what the redraw changes."""
    me = games[0].active
    t = games[0].tables
    offers: dict[int, float] = dict.fromkeys(games[0].offers(), 0.0)
    for g in games:
        for code in offers:
            h = g.clone()
            h.play(code)
            p = take_up_chance(*recruit_scores(h, w), w)
            if p > 1 - 1e-3:
                value = after_turn(h, RECRUIT_UP, me, rng, w)
            elif p < 1e-3:
                value = after_turn(h, RECRUIT_DOWN, me, rng, w)
            else:
                up = after_turn(h, RECRUIT_UP, me, rng, w)
                value = p * up + (1 - p) * after_turn(h, RECRUIT_DOWN, me, rng, w)
            offers[code] += value / len(games)
    best = max(offers.values(), default=0.0)
    scores: dict[Action, float] = {}
    discards = [a for a in view.legal if isinstance(a, Discard)]
    gains = _discard_gains(games[0], [t.agent_index[a.agent] for a in discards], w)
    for action in view.legal:
        code = encode(t, action)
        if code >= DISCARD_BASE:
            gain = gains[code - DISCARD_BASE] - w.discard_cost
            # A discard only delays: it never scores as well as a won game, or a winning offer.
            scores[action] = min(best + gain, w.decisive - 1.0)
        else:
            scores[action] = offers[code]
    return scores


def _discard_gains(g: FastGame, agents: list[int], w: Weights) -> dict[int, float]:
    """For each agent that may be discarded: how much the quick value of the best offer
    changes on average when it is replaced by a card drawn from the ones not seen."""
    o = g.active
    pool = unseen_by(g, o)
    total = sum(pool)
    if not agents or total <= 0:
        return dict.fromkeys(agents, 0.0)
    cache: dict[tuple[int, ...], float] = {}

    def best_offer(hand: list[int]) -> float:
        key = tuple(hand)
        found = cache.get(key)
        if found is None:
            h = g.clone()
            h.hand[o] = hand
            found = max((s for _, s in offer_scores(h, w)), default=-w.decisive)
            cache[key] = found
        return found

    now = best_offer(g.hand[o])
    gains: dict[int, float] = {}
    for gone in agents:
        value = 0.0
        for drawn, count in enumerate(pool):
            if not count:
                continue
            hand = g.hand[o][:]
            hand[gone] -= 1
            hand[drawn] += 1
            value += count * best_offer(hand)
        gains[gone] = value / total - now
    return gains


def score_action(view: PlayerView, action: Action, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The one-ply score of one legal action (see `score_actions`)."""
    scores = score_actions(view, w)
    if action not in scores:
        raise ValueError(f"{action} is not a legal action in this view")
    return scores[action]


def best_action(scores: dict[Action, float], legal: Sequence[Action]) -> Action:
    """The legal action with the highest score (the first listed on a tie)."""
    return max(legal, key=lambda a: scores.get(a, -1e9))


def explain_best(view: PlayerView, w: Weights = DEFAULT_WEIGHTS) -> tuple[Action, str]:
    """The best action by `score_actions` and one sentence saying why, for hints."""
    scores = score_actions(view, w)
    if not scores:
        raise ValueError("this view's seat has no decision to make")
    action = best_action(scores, view.legal)
    return action, _why(view, action, scores[action], w)


def _describe(view: PlayerView, side: int, agent: str) -> str:
    p = recruit_preview(view, side, agent)
    if p.mark is not None:
        return f"{agent} would {'win' if p.mark.value == 'WIN' else 'lose'} the game"
    if p.catches:
        return f"{agent} would move {p.move:+d} and catch"
    return f"{agent} would move {p.move:+d}"


def _why(view: PlayerView, action: Action, score: float, w: Weights) -> str:
    me = view.me.index
    them = 1 - me
    if score >= w.decisive - 1e-6:
        certain = "this wins the game"
    elif score <= -w.decisive + 1e-6:
        certain = "every choice loses; this one at least plays on"
    else:
        certain = ""
    if isinstance(action, Offer):
        text = (
            f"offer {action.face_up} face up and {action.face_down} face down: for you "
            f"{_describe(view, me, action.face_down)} or {_describe(view, me, action.face_up)}; "
            f"for the opponent {_describe(view, them, action.face_up)} or "
            f"{_describe(view, them, action.face_down)}"
        )
    elif isinstance(action, Recruit):
        assert view.face_up is not None
        text = (
            f"take the {'face-up' if action.face_up else 'face-down'} card: "
            f"{_describe(view, me, view.face_up)}, against what the unseen cards average"
        )
    elif isinstance(action, Discard):
        text = f"discard {action.agent}: it is worth less to you than an average unseen card"
    elif isinstance(action, Take):
        text = f"take {action.card}: the best black market card for your position"
    elif isinstance(action, Choose):
        text = f"choose {action.agent}: it leaves you in the best position"
    else:
        assert isinstance(action, Answer)
        text = "recruit it again" if action.yes else "keep it in hand"
    return f"{certain}: {text}" if certain else text
