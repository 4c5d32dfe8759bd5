"""The heuristic evaluation of a position from one side's point of view, and one-ply scores.

A position is worth, to side `x` (in board spaces): its lead over the opponent, plus how much
better the next copy of each agent would be for `x` than for the opponent, weighted by how
likely `x` is to get it (its share of the cards `x` has not seen, and the cards `x` holds).
"Next copy" follows the count rule: with one Double Agent in play the next is worth +6, with two
Codebreakers the next wins, with two Daredevils the next loses. A finished game is worth
±`decisive`.

`score_actions(view)` scores every legal action one ply deep on the fast engine (bots.playout,
checked step by step against the reference engine), as expected values over what the seat
cannot see: an offer against the recruiter's own judgment of it (it sees the face-up card
only), a recruit over every card the face-down one could be, a discard by what the redraw is
expected to change, a black market pick by the position its effect leaves. The greedy bot
plays the best; `explain_best(view)` says why. The quick policies (`quick_offer`,
`quick_recruit`, `quick_other`) are cheaper versions the search uses in its playouts; they
model the recruiter the same way. Whether a split they judge ends the game is the engine's
verdict (`engine.lead_verdict`), asked once for a table. Everything here sees only what the view
shows.
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
    OFFER,
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
    HOMES,
    MARKET_SPACES,
    Action,
    Answer,
    Choose,
    Discard,
    Mark,
    Offer,
    Phase,
    PlayerView,
    Recruit,
    Take,
    determinize,
    lead_verdict,
    recruit_preview,
    unseen_agents,
)

__all__ = [
    "DEFAULT_WEIGHTS",
    "Weights",
    "evaluate",
    "explain_best",
    "offer_chance",
    "offer_splits",
    "quick_offer",
    "quick_other",
    "quick_recruit",
    "recruit_scores",
    "resolve",
    "score_action",
    "score_actions",
    "take_up_chance",
]


class Weights(NamedTuple):
    """The evaluation's tunable weights."""

    decisive: float = 100.0  # a won game (a lost one is the negative)
    mark: float = 8.0  # a WIN mark one copy away, in spaces (a LOSE mark: the negative)
    potential: float = 3.0  # weight of the next copies' values by the share of unseen cards
    hand: float = 0.3  # weight of the next copies' values for cards held in hand
    worst: float = 0.75  # weight of the worse split (greedy:classic's offers only)
    discard_cost: float = 0.6  # what using up one of the 4 discards costs, in spaces
    market: float = 1.5  # gaining a black market card, in spaces (quick judgments only)
    temper: float = 0.5  # spaces of expected value that make a recruiter's choice 73 % sure
    # (quick offer scores with temper 0: no recruiter model, the worse split weighted by `worst`)


DEFAULT_WEIGHTS = Weights()


class Next(NamedTuple):
    """What the next copy of each agent would do for one side."""

    move: list[int]  # spaces moved
    mark: list[int]  # 0 none, 1 a win, 2 a loss (Leader of the Pack already applied)
    value: list[float]  # move, or ±mark weight
    gain: list[float]  # value of the copy after next minus value of the next copy
    reach: int  # the largest number of spaces a next copy moves, either way


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
    return Next(move, mark, value, gain, max(abs(m) for m in move))


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


def share_of(pool: Sequence[int]) -> list[float]:
    """Each agent's share of a pool of cards (all 0 for an empty pool)."""
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
    share = share_of(unseen_by(g, x))
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
    """Each legal offer of the active player with its quick score.

    The recruiter sees only the face-up card: its choice is modelled as its own quick recruit
    judgment would make it (`take_up_chance` of its expected values over the cards it has not
    seen), and the offer is worth the splits weighted by that choice.
    """
    o = g.active
    me, them, mp, tp, _ = _pair_table(g, o, w)
    lead = g.prog[o] - g.prog[1 - o]
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
    return _split_values(g.prog[o] - g.prog[1 - o], names, me, them, mp, tp, w.decisive)


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
        pool[g.down] = 1
    return _recruit_values(g.prog[r] - g.prog[o], g.up, me, them, mp, tp, pool, w.decisive)


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


def offer_chance(
    g: FastGame, belief: float, rng: random.Random, w: Weights = DEFAULT_WEIGHTS
) -> float:
    """How likely the active player was to offer `g.up` / `g.down` holding the hand dealt in `g`.

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
    hand[g.up] += 1
    hand[g.down] += 1
    h = g.clone()
    h.hand[o] = hand
    h.hn[o] = sum(hand)
    h.phase = OFFER
    scores = offer_scores(h, w)
    if not scores:
        return 1.0
    code = g.up * MAX_NAMES + g.down
    top = max(s for _, s in scores)
    total = 0.0
    mine = 0.0
    for c, s in scores:
        p = math.exp(max(-50.0, belief * (s - top)))
        total += p
        if c == code:
            mine = p
    return mine / total if total > 0 else 0.0


def _score_recruits(
    view: PlayerView, g: FastGame, rng: random.Random, w: Weights
) -> dict[Action, float]:
    """Recruits: the position after the turn for each card the hidden one could be, weighted
    by its unseen copies. (Reading the offer, as the search does, measured worse against
    greedy:classic: a one-ply reader trusts the offerer too much.)"""
    me = g.to_act
    t = g.t
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
            h.down = t.agent_index[agent]
            value += count * after_turn(h, code, me, rng, w)
        scores[action] = value / total
    return scores


def _score_offer_phase(
    view: PlayerView, games: list[FastGame], rng: random.Random, w: Weights
) -> dict[Action, float]:
    """Offers against the modelled recruiter, and discards by what the redraw changes."""
    me = games[0].active
    t = games[0].t
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
