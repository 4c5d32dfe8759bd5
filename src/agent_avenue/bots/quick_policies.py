"""Quick policies: one-ply judgments on the recruit arithmetic alone, for the search's playouts.

`quick_offer`, `quick_recruit` and `quick_other` are cheaper versions of the one-ply scores
(bots.action_scores) that the search plays in its playouts; they model the recruiter the same
way (it sees the face-up card only). Whether a split they judge ends the game is the engine's
verdict (`engine.lead_verdict`), asked once for a table. Everything here sees only what the
fast game holds.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from agent_avenue.bots.evaluation import (
    DEFAULT_WEIGHTS,
    Next,
    Weights,
    evaluate,
    next_copies,
    unseen_by,
)
from agent_avenue.bots.playout import (
    CHOOSE,
    CONFIRM,
    MAX_NAMES,
    OFFER,
    PICK,
    RECRUIT_DOWN,
    RECRUIT_UP,
    FastGame,
)
from agent_avenue.engine import BOARD_SIZE, HOMES, MARKET_SPACES, Mark, lead_verdict

__all__ = [
    "offer_chance",
    "offer_scores",
    "offer_splits",
    "quick_offer",
    "quick_other",
    "quick_recruit",
    "recruit_scores",
    "resolve",
    "take_up_chance",
]


# The End step's verdict on one split, as the engine gives it ---------------------------------

# `Next.mark` codes: 0 none, 1 WIN, 2 LOSE (a LOSE mark the side's ongoing card rescues is 1).
_MARKS: tuple[Mark | None, Mark | None, Mark | None] = (None, Mark.WIN, Mark.LOSE)


class _Verdicts(NamedTuple):
    """The engine's `lead_verdict` for every mark code and every lead from -span to span, as
    +1 (the side whose view it is wins), -1 (it loses) or 0 (the game goes on)."""

    span: int
    active: list[list[list[int]]]  # [active's mark][other's mark][active's lead + span]
    other: list[list[list[int]]]  # [other's mark][active's mark][other's lead + span]


def _verdicts_for(span: int) -> _Verdicts:
    """Ask the engine for every verdict of leads from -span to span."""

    def sign(winner: int | None, side: int) -> int:
        return 0 if winner is None else 1 if winner == side else -1

    leads = range(-span, span + 1)
    codes = range(len(_MARKS))
    active = [
        [[sign(lead_verdict(lead, _MARKS[a], _MARKS[b]), 0) for lead in leads] for b in codes]
        for a in codes
    ]
    other = [
        [[sign(lead_verdict(-lead, _MARKS[a], _MARKS[b]), 1) for lead in leads] for a in codes]
        for b in codes
    ]
    return _Verdicts(span, active, other)


# Wide enough for every lead of the default cards (an offer is judged at a lead of at most 6 either
# way, and a next copy moves at most 12); `_verdicts` widens it if a position ever needs more.
_FIRST_SPAN = 32
_table: _Verdicts | None = None


def _verdicts(span: int) -> _Verdicts:
    """The verdict table, built on first use and widened when a lead of up to `span` either way
    needs it, so that an index `lead + table.span` is never out of range."""
    global _table
    table = _table
    if table is None or span > table.span:
        table = _table = _verdicts_for(max(span, 2 * table.span if table else _FIRST_SPAN))
    return table


# Quick policies: one-ply judgments on the recruit arithmetic alone -----------------------------


def _pair_table(
    g: FastGame, x: int, w: Weights
) -> tuple[Next, Next, list[float], list[float], list[int]]:
    """Arrays for judging recruit pairs from side `x`'s point of view, and its unseen pool.

    The two middle arrays are what recruiting each agent adds beyond its move, for `x` and for
    the other side: the change in potential, and a black market card if the move stops on a
    black market space.
    """
    me = next_copies(g, x, w)
    them = next_copies(g, 1 - x, w)
    pool = unseen_by(g, x)
    total = sum(pool)
    wp = w.potential / total if total else 0.0
    my_pot = [wp * c * gain for c, gain in zip(pool, me.gain, strict=True)]
    their_pot = [wp * c * gain for c, gain in zip(pool, them.gain, strict=True)]
    if g.advanced and g.supply and w.market:
        _add_landings(g, x, me.move, my_pot, w.market)
        _add_landings(g, 1 - x, them.move, their_pot, w.market)
    return me, them, my_pot, their_pot, pool


def _add_landings(g: FastGame, x: int, moves: list[int], extra: list[float], bonus: float) -> None:
    """Add `bonus` for each agent whose move would stop side `x` on a black market space."""
    start = HOMES[x] + g.progress[x]
    for a, move in enumerate(moves):
        if move and (start + move) % BOARD_SIZE in MARKET_SPACES:
            extra[a] += bonus


def offer_scores(g: FastGame, w: Weights = DEFAULT_WEIGHTS) -> list[tuple[int, float]]:
    """Each legal offer of the active player with its quick score.

    The recruiter sees only the face-up card: its choice is modelled as its own quick recruit
    judgment would make it (`take_up_chance` of its expected values over the cards it has not
    seen), and the offer is worth the splits weighted by that choice.
    """
    o = g.active
    me, them, mp, tp, _ = _pair_table(g, o, w)
    lead = g.progress[o] - g.progress[1 - o]
    wh = w.hand
    dec = w.decisive
    hand = g.hand[o]
    names = [a for a in range(len(hand)) if hand[a]]
    if len(names) == 1:
        if hand[names[0]] < 2:
            return []
        pairs = [(names[0], names[0])]
    else:
        pairs = [(u, d) for u in names for d in names if u != d]
    split = _split_values(lead, names, me, them, mp, tp, dec)
    # The recruiter's view: the cards it has not seen (the offerer's hand among them).
    theirs = unseen_by(g, 1 - o)
    chance: dict[int, float] = {}
    for u in names if w.temper > 0 else ():
        pool = theirs[:]
        pool[u] = max(0, pool[u] - 1)
        up, down = _recruit_values(-lead, u, them, me, tp, mp, pool, dec)
        chance[u] = take_up_chance(up, down, w)
    mv, tv = me.value, them.value
    out: list[tuple[int, float]] = []
    for u, d in pairs:
        if w.temper > 0:
            p = chance[u]
            value = p * split[d, u] + (1 - p) * split[u, d]
        else:  # no recruiter model: the worse split weighted by `w.worst`
            low, high = sorted((split[d, u], split[u, d]))
            value = w.worst * low + (1 - w.worst) * high
        held = (mv[u] - tv[u] + mv[d] - tv[d]) * wh
        out.append((u * MAX_NAMES + d, value - held))
    return out


def _split_values(
    lead: int,
    names: list[int],
    me: Next,
    them: Next,
    mp: list[float],
    tp: list[float],
    dec: float,
) -> dict[tuple[int, int], float]:
    """The offerer's (`me`, the active side) value of each split of `names`: [x, y] when it keeps
    x and the recruiter takes y, ±`dec` when the End step decides; `lead` is the offerer's lead."""
    mm, mk, tm, tk = me.move, me.mark, them.move, them.mark
    table = _verdicts(abs(lead) + me.reach + them.reach)
    span = table.span
    split: dict[tuple[int, int], float] = {}
    for x in names:
        keep = lead + mm[x]
        verdicts = table.active[mk[x]]
        for y in names:
            if x == y and len(names) > 1:
                continue
            after = keep - tm[y]
            verdict = verdicts[tk[y]][after + span]
            split[x, y] = verdict * dec if verdict else after + mp[x] - tp[y]
    return split


def offer_splits(g: FastGame, w: Weights = DEFAULT_WEIGHTS) -> dict[tuple[int, int], float]:
    """The active player's quick value of each split `offer_scores` weighs: [x, y] when it keeps
    x and the recruiter takes y, for names x and y in its hand (x == y only when it holds a
    single name), ±`w.decisive` when the End step decides the game."""
    o = g.active
    me, them, mp, tp, _ = _pair_table(g, o, w)
    hand = g.hand[o]
    names = [a for a in range(len(hand)) if hand[a]]
    return _split_values(g.progress[o] - g.progress[1 - o], names, me, them, mp, tp, w.decisive)


def quick_offer(g: FastGame, rng: random.Random, w: Weights = DEFAULT_WEIGHTS) -> int:
    """The active player's offer by the quick one-ply judgment (ties broken at random)."""
    scores = offer_scores(g, w)
    best = max(s for _, s in scores)
    top = [c for c, s in scores if s >= best - 1e-9]
    return top[int(rng.random() * len(top))] if len(top) > 1 else top[0]


def recruit_scores(
    g: FastGame, w: Weights = DEFAULT_WEIGHTS, peek: bool = False
) -> tuple[float, float]:
    """The recruiter's expected value of taking the face-up and the face-down card.

    The face-down card is unknown to the recruiter: it is averaged over the unseen cards. With
    `peek` (used inside the search's playouts, to stand for a recruiter who reads the offer
    well) the actual face-down card is used instead.
    """
    o = g.active
    r = 1 - o
    me, them, mp, tp, pool = _pair_table(g, r, w)
    if sum(pool) <= 0 or peek:
        pool = [0] * len(pool)
        pool[g.face_down] = 1
    return _recruit_values(
        g.progress[r] - g.progress[o], g.face_up, me, them, mp, tp, pool, w.decisive
    )


def _recruit_values(
    lead: int,
    u: int,
    me: Next,
    them: Next,
    mp: list[float],
    tp: list[float],
    pool: list[int],
    dec: float,
) -> tuple[float, float]:
    """The recruiter's (`me`) mean value of taking face-up `u` and of taking the hidden card,
    over `pool` (the copies the hidden card could be); `lead` is the recruiter's lead."""
    mm, mk, tm, tk = me.move, me.mark, them.move, them.mark
    total = sum(pool)
    if total <= 0:
        return 0.0, 0.0
    table = _verdicts(abs(lead) + me.reach + them.reach)
    span = table.span
    verdicts = table.other  # the recruiter is not the active player
    # Taking u: the offerer gets the unknown card; taking the unknown card: the offerer gets u.
    take_up = 0.0
    take_down = 0.0
    up_move = lead + mm[u]
    up_verdicts = verdicts[mk[u]]
    down_move = lead - tm[u]
    tku = tk[u]
    for a, count in enumerate(pool):
        if not count:
            continue
        after = up_move - tm[a]
        verdict = up_verdicts[tk[a]][after + span]
        take_up += count * (verdict * dec if verdict else after + mp[u] - tp[a])
        after = down_move + mm[a]
        verdict = verdicts[mk[a]][tku][after + span]
        take_down += count * (verdict * dec if verdict else after + mp[a] - tp[u])
    return take_up / total, take_down / total


def take_up_chance(up: float, down: float, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How likely a recruiter takes the face-up card, from its expected values of both."""
    if w.temper <= 0:
        return 1.0 if up >= down else 0.0
    x = (up - down) / w.temper
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def quick_recruit(g: FastGame, w: Weights = DEFAULT_WEIGHTS, peek: bool = False) -> int:
    """The recruiter's choice by the quick judgment (see `recruit_scores` for `peek`)."""
    up, down = recruit_scores(g, w, peek)
    return RECRUIT_UP if up >= down else RECRUIT_DOWN


def quick_other(g: FastGame, rng: random.Random, w: Weights = DEFAULT_WEIGHTS) -> int:
    """A black market pick or an instant card's choice: the best by a one-ply evaluation."""
    legal = g.legal()
    if len(legal) == 1:
        return legal[0]
    actor = g.to_act
    best = legal[0]
    best_value = -1e9
    for code in legal:
        h = g.clone()
        h.play(code)
        value = evaluate(h, actor, w) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = code, value
    return best


def resolve(g: FastGame, rng: random.Random, w: Weights = DEFAULT_WEIGHTS) -> None:
    """Play out black market picks and instant choices (each by `quick_other`) in place."""
    while g.phase in (PICK, CHOOSE, CONFIRM):
        g.play(quick_other(g, rng, w))


def offer_chance(
    g: FastGame, belief: float, rng: random.Random, w: Weights = DEFAULT_WEIGHTS
) -> float:
    """How likely the active player was to offer `g.face_up` / `g.face_down` from the hand
    dealt in `g`.

    The hand before the offer is rebuilt from the dealt hand (the cards drawn after the offer are
    taken at random from it) plus the two offered cards; the offer is scored by the quick policy
    and turned into a probability by a softmax with `belief` per board space.
    """
    o = g.active
    hand = g.hand[o][:]
    held = [a for a, n in enumerate(hand) for _ in range(n)]
    drawn = len(held) - min(len(held), 2)
    for _ in range(drawn):
        card = held.pop(int(rng.random() * len(held)))
        hand[card] -= 1
    hand[g.face_up] += 1
    hand[g.face_down] += 1
    h = g.clone()
    h.hand[o] = hand
    h.hand_count[o] = sum(hand)
    h.phase = OFFER
    scores = offer_scores(h, w)
    if not scores:
        return 1.0
    code = g.face_up * MAX_NAMES + g.face_down
    top = max(s for _, s in scores)
    total = 0.0
    mine = 0.0
    for c, s in scores:
        p = math.exp(max(-50.0, belief * (s - top)))
        total += p
        if c == code:
            mine = p
    return mine / total if total > 0 else 0.0
