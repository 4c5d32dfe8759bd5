"""The heuristic evaluation of a position from one side's point of view, and one-ply scores.

A position is worth, to side `x` (in board spaces): its lead over the opponent, plus how much
better the next copy of each agent would be for `x` than for the opponent, weighted by how
likely `x` is to get it (its share of the cards `x` has not seen, and the cards `x` holds).
"Next copy" follows the count rule: with one Double Agent in play the next is worth +6, with two
Codebreakers the next wins, with two Daredevils the next loses. A finished game is worth
±`decisive`.

`score_actions(view)` scores every legal action one ply deep on sampled hidden cards; the greedy
bot plays the best, and the tutorial's hints can show `explain_best(view)`. The quick policies
(`quick_offer`, `quick_recruit`, `quick_other`) are cheaper versions the search uses in its
playouts. Everything here sees only what the view shows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import NamedTuple

from agent_avenue.bots.playout import (
    CHOOSE,
    CONFIRM,
    DISCARD_BASE,
    MAX_NAMES,
    OVER,
    PICK,
    RECRUIT,
    RECRUIT_DOWN,
    RECRUIT_UP,
    FastGame,
    encode,
    fast_game,
    tables_for,
)
from agent_avenue.engine import (
    BOARD_SIZE,
    CATCH_LEAD,
    HOMES,
    MARKET_SPACES,
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
    "DEFAULT_WEIGHTS",
    "Weights",
    "evaluate",
    "explain_best",
    "quick_offer",
    "quick_other",
    "quick_recruit",
    "resolve",
    "score_action",
    "score_actions",
]


class Weights(NamedTuple):
    """The evaluation's tunable weights."""

    decisive: float = 100.0  # a won game (a lost one is the negative)
    mark: float = 8.0  # a WIN mark one copy away, in spaces (a LOSE mark: the negative)
    potential: float = 3.0  # weight of the next copies' values by the share of unseen cards
    hand: float = 0.3  # weight of the next copies' values for cards held in hand
    worst: float = 0.75  # weight of the worse split when judging an offer
    discard_cost: float = 0.6  # what using up one of the 4 discards costs, in spaces
    market: float = 1.5  # gaining a black market card, in spaces (quick judgments only)


DEFAULT_WEIGHTS = Weights()


class Next(NamedTuple):
    """What the next copy of each agent would do for one side."""

    move: list[int]  # spaces moved
    mark: list[int]  # 0 none, 1 a win, 2 a loss (Leader of the Pack already applied)
    value: list[float]  # move, or ±mark weight
    gain: list[float]  # value of the copy after next minus value of the next copy


_NEXT_CACHE: dict[tuple[object, ...], Next] = {}


def next_copies(g: FastGame, x: int, w: Weights = DEFAULT_WEIGHTS) -> Next:
    """What recruiting one more of each agent would do for side `x` (and the one after)."""
    row = g.inplay[x]
    extras = g.extras[x]
    key = (id(g.t), w.mark, extras.cards if extras is not None else None, *row)
    found = _NEXT_CACHE.get(key)
    if found is not None:
        return found
    if len(_NEXT_CACHE) > 50_000:
        _NEXT_CACHE.clear()
    found = _NEXT_CACHE[key] = _next_copies(g, x, w)
    return found


def _next_copies(g: FastGame, x: int, w: Weights) -> Next:
    t = g.t
    row = g.inplay[x]
    extras = g.extras[x]
    moves = t.moves if extras is None else extras.moves
    rescue = extras.rescue if extras is not None else None
    n = len(row)
    move = [0] * n
    mark = [0] * n
    value = [0.0] * n
    gain = [0.0] * n
    wm = w.mark
    for a in range(n):
        c = row[a] + 1
        mv = moves[a]
        m1 = mv[c]
        markrow = t.markrow[a]
        if markrow is None:
            move[a] = m1
            value[a] = m1
            gain[a] = mv[c + 1] - m1 if c + 1 < len(mv) else 0.0
            continue
        k1 = markrow[c]
        k2 = markrow[c + 1] if c + 1 < len(markrow) else k1
        if rescue is not None and rescue[a]:
            k1 = 1 if k1 == 2 else k1
            k2 = 1 if k2 == 2 else k2
        v1 = m1 if k1 == 0 else (wm if k1 == 1 else -wm)
        v2 = (mv[c + 1] if c + 1 < len(mv) else 0) if k2 == 0 else (wm if k2 == 1 else -wm)
        move[a] = m1
        mark[a] = k1
        value[a] = v1
        gain[a] = v2 - v1
    return Next(move, mark, value, gain)


def unseen_by(g: FastGame, x: int) -> list[int]:
    """Copies of each agent side `x` has not seen: not in play, not in its hand or discards."""
    pool = [
        c - a - b - h - d
        for c, a, b, h, d in zip(
            g.t.copies, g.inplay[0], g.inplay[1], g.hand[x], g.disc[x], strict=True
        )
    ]
    if g.phase == RECRUIT:
        pool[g.up] -= 1
        if x == g.active:
            pool[g.down] -= 1
        return [c if c > 0 else 0 for c in pool]
    return pool


def _share(pool: Sequence[int]) -> list[float]:
    total = sum(pool)
    if total <= 0:
        return [0.0] * len(pool)
    return [c / total for c in pool]


def _ongoing_bonus(g: FastGame, x: int) -> float:
    """Progress toward the End-step wins of ongoing cards (Masterplan, Security System)."""
    extras = g.extras[x]
    if extras is None:
        return 0.0
    bonus = 0.0
    if extras.distinct:
        names = sum(1 for n in g.inplay[x] if n)
        bonus += max(0, names - (extras.distinct - 4)) * 1.0
    if extras.guard:
        bonus += 1.0
    return bonus


def evaluate(g: FastGame, x: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of the position for side `x`, in board spaces (±decisive once decided)."""
    if g.phase == OVER:
        return w.decisive if g.winner == x else -w.decisive
    y = 1 - x
    lead = g.prog[x] - g.prog[y]
    mine = next_copies(g, x, w).value
    theirs = next_copies(g, y, w).value
    share = _share(unseen_by(g, x))
    hand = g.hand[x]
    wp, wh = w.potential, w.hand
    total = 0.0
    for a in range(len(mine)):
        total += (wp * share[a] + wh * hand[a]) * (mine[a] - theirs[a])
    return lead + total + _ongoing_bonus(g, x) - _ongoing_bonus(g, y)


def win_chance(value: float, scale: float = 4.0) -> float:
    """A rough chance of winning from an evaluation in spaces."""
    if value >= 50:
        return 1.0
    if value <= -50:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / scale))


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
    if g.adv and g.supply and w.market:
        _add_landings(g, x, me.move, my_pot, w.market)
        _add_landings(g, 1 - x, them.move, their_pot, w.market)
    return me, them, my_pot, their_pot, pool


def _add_landings(g: FastGame, x: int, moves: list[int], extra: list[float], bonus: float) -> None:
    """Add `bonus` for each agent whose move would stop side `x` on a black market space."""
    start = HOMES[x] + g.prog[x]
    for a, move in enumerate(moves):
        if move and (start + move) % BOARD_SIZE in MARKET_SPACES:
            extra[a] += bonus


def offer_scores(g: FastGame, w: Weights = DEFAULT_WEIGHTS) -> list[tuple[int, float]]:
    """Each legal offer of the active player with its quick score (worst split weighted)."""
    o = g.active
    me, them, mp, tp, _ = _pair_table(g, o, w)
    mm, mk, tm, tk = me.move, me.mark, them.move, them.mark
    lead = g.prog[o] - g.prog[1 - o]
    worst = w.worst
    best = 1 - worst
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
    # split[(x, y)]: the offerer keeps x while the recruiter takes y (the offerer is the active
    # player, so contested results are its wins).
    split: dict[tuple[int, int], float] = {}
    for x in names:
        keep = lead + mm[x]
        kx = mk[x]
        for y in names:
            if x == y and len(names) > 1:
                continue
            after = keep - tm[y]
            if after >= CATCH_LEAD or kx == 1 or tk[y] == 2:
                split[x, y] = dec
            elif after <= -CATCH_LEAD or tk[y] == 1 or kx == 2:
                split[x, y] = -dec
            else:
                split[x, y] = after + mp[x] - tp[y]
    mv, tv = me.value, them.value
    out: list[tuple[int, float]] = []
    for u, d in pairs:
        a = split[d, u]
        b = split[u, d]
        if a > b:
            a, b = b, a
        held = (mv[u] - tv[u] + mv[d] - tv[d]) * wh
        out.append((u * MAX_NAMES + d, worst * a + best * b - held))
    return out


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
    mm, mk, tm, tk = me.move, me.mark, them.move, them.mark
    lead = g.prog[r] - g.prog[o]
    dec = w.decisive
    u = g.up
    total = sum(pool)
    if total <= 0 or peek:
        pool = [0] * len(pool)
        pool[g.down] = 1
        total = 1
    # Taking u: the offerer gets the unknown card; taking the unknown card: the offerer gets u.
    take_up = 0.0
    take_down = 0.0
    up_move = lead + mm[u]
    down_move = lead - tm[u]
    for a, count in enumerate(pool):
        if not count:
            continue
        after = up_move - tm[a]
        if after <= -CATCH_LEAD or tk[a] == 1 or mk[u] == 2:
            value = -dec  # contested results go to the offerer, the active player
        elif after >= CATCH_LEAD or mk[u] == 1 or tk[a] == 2:
            value = dec
        else:
            value = after + mp[u] - tp[a]
        take_up += count * value
        after = down_move + mm[a]
        if after <= -CATCH_LEAD or tk[u] == 1 or mk[a] == 2:
            value = -dec
        elif after >= CATCH_LEAD or mk[a] == 1 or tk[u] == 2:
            value = dec
        else:
            value = after + mp[a] - tp[u]
        take_down += count * value
    return take_up / total, take_down / total


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


# One-ply scores of the actions a view allows ------------------------------------------------


def _after(g: FastGame, code: int, me: int, rng: random.Random, w: Weights) -> float:
    h = g.clone()
    h.play(code)
    resolve(h, rng, w)
    return evaluate(h, me, w)


def _score_offers(g: FastGame, me: int, rng: random.Random, w: Weights) -> dict[int, float]:
    scores: dict[int, float] = {}
    for code in g.offers():
        h = g.clone()
        h.play(code)
        a = _after(h, RECRUIT_UP, me, rng, w)
        b = _after(h, RECRUIT_DOWN, me, rng, w)
        low, high = (a, b) if a < b else (b, a)
        scores[code] = w.worst * low + (1 - w.worst) * high
    return scores


def score_actions(
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
    me = view.seat
    t = tables_for(view.rules)
    rng = random.Random(seed)
    base = fast_game(determinize(view, rng))
    scores: dict[Action, float] = {}
    if view.phase is Phase.RECRUIT:
        unseen = unseen_agents(view)
        total = sum(unseen.values())
        for action in view.legal:
            code = encode(t, action)
            value = 0.0
            for agent, count in unseen.items():
                h = base.clone()
                h.down = t.agent_index[agent]
                value += count * _after(h, code, me, rng, w)
            scores[action] = value / total if total else _after(base, code, me, rng, w)
        return scores
    if view.phase is Phase.OFFER:
        offers = _score_offers(base, me, rng, w)
        best = max(offers.values(), default=0.0)
        mine = next_copies(base, me, w)
        theirs = next_copies(base, 1 - me, w)
        held = [mine.value[a] - theirs.value[a] for a in range(len(mine.value))]
        share = _share(unseen_by(base, me))
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
    games = [base] + [fast_game(determinize(view, rng)) for _ in range(samples - 1)]
    for action in view.legal:
        code = encode(t, action)
        scores[action] = sum(_after(g, code, me, rng, w) for g in games) / len(games)
    return scores


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
