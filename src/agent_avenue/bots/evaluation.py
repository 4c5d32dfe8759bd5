"""The heuristic evaluation of a position from one side's point of view.

A position is worth, to side `x` (in board spaces): its lead over the opponent, plus how much
better the next copy of each agent would be for `x` than for the opponent, weighted by how
likely `x` is to get it (its share of the cards `x` has not seen, and the cards `x` holds).
"Next copy" follows the count rule: with one Double Agent in play the next is worth +6, with two
Codebreakers the next wins, with two Daredevils the next loses. A finished game is worth
±`decisive`. The quick policies built on it are in bots.quick_policies, the one-ply scores of a
view's actions in bots.action_scores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from agent_avenue.bots.playout import OVER, RECRUIT, FastGame

__all__ = [
    "DEFAULT_WEIGHTS",
    "Next",
    "Weights",
    "evaluate",
    "next_copies",
    "share_of",
    "unseen_by",
    "win_chance",
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
    row = g.in_play[x]
    extras = g.extras[x]
    key = (id(g.tables), w.mark, extras.cards if extras is not None else None, *row)
    found = _NEXT_CACHE.get(key)
    if found is not None:
        return found
    if len(_NEXT_CACHE) > 50_000:
        _NEXT_CACHE.clear()
    found = _NEXT_CACHE[key] = _next_copies(g, x, w)
    return found


def _next_copies(g: FastGame, x: int, w: Weights) -> Next:
    t = g.tables
    row = g.in_play[x]
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
        markrow = t.mark_rows[a]
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
            g.tables.copies, g.in_play[0], g.in_play[1], g.hand[x], g.discarded[x], strict=True
        )
    ]
    if g.phase == RECRUIT:
        pool[g.face_up] -= 1
        if x == g.active:
            pool[g.face_down] -= 1
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
        names = sum(1 for n in g.in_play[x] if n)
        bonus += max(0, names - (extras.distinct - 4)) * 1.0
    if extras.guard:
        bonus += 1.0
    return bonus


def evaluate(g: FastGame, x: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of the position for side `x`, in board spaces (±decisive once decided)."""
    if g.phase == OVER:
        return w.decisive if g.winner == x else -w.decisive
    y = 1 - x
    lead = g.progress[x] - g.progress[y]
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
