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
    cards: bool = False  # quick splits see the ongoing cards' End-step wins and Getaway Car
    settle: bool = False  # a quick pick is judged after its whole turn (instants, End step)
    run_out: bool = False  # quick splits see the game end when the cards run out


DEFAULT_WEIGHTS = Weights()


class Next(NamedTuple):
    """What the next copy of each agent would do for one side."""

    move: list[int]  # spaces moved
    mark: list[int]  # 0 none, 1 a win, 2 a loss (Leader of the Pack already applied)
    value: list[float]  # move, or ±mark weight
    gain: list[float]  # value of the copy after next minus value of the next copy
    reach: int  # the largest number of spaces a next copy moves, either way


_NEXT_CACHE: dict[tuple[object, ...], Next] = {}


def next_copies(game: FastGame, side: int, weights: Weights = DEFAULT_WEIGHTS) -> Next:
    """What recruiting one more of each agent would do for side `side` (and the one after)."""
    row = game.in_play[side]
    extras = game.extras[side]
    key = (id(game.tables), weights.mark, extras.cards if extras is not None else None, *row)
    found = _NEXT_CACHE.get(key)
    if found is not None:
        return found
    if len(_NEXT_CACHE) > 50_000:
        _NEXT_CACHE.clear()
    found = _NEXT_CACHE[key] = _next_copies(game, side, weights)
    return found


def _next_copies(game: FastGame, side: int, weights: Weights) -> Next:
    tables = game.tables
    row = game.in_play[side]
    extras = game.extras[side]
    moves = tables.moves if extras is None else extras.moves
    rescue = extras.rescue if extras is not None else None
    names = len(row)
    move = [0] * names
    mark = [0] * names
    value = [0.0] * names
    gain = [0.0] * names
    mark_weight = weights.mark
    for agent in range(names):
        count = row[agent] + 1
        agent_moves = moves[agent]
        next_move = agent_moves[count]
        mark_row = tables.mark_rows[agent]
        if mark_row is None:
            move[agent] = next_move
            value[agent] = next_move
            after = agent_moves[count + 1] if count + 1 < len(agent_moves) else None
            gain[agent] = after - next_move if after is not None else 0.0
            continue
        next_mark = mark_row[count]
        after_mark = mark_row[count + 1] if count + 1 < len(mark_row) else next_mark
        if rescue is not None and rescue[agent]:
            next_mark = 1 if next_mark == 2 else next_mark
            after_mark = 1 if after_mark == 2 else after_mark
        next_value = (
            next_move if next_mark == 0 else (mark_weight if next_mark == 1 else -mark_weight)
        )
        after_move = agent_moves[count + 1] if count + 1 < len(agent_moves) else 0
        after_value = (
            after_move if after_mark == 0 else (mark_weight if after_mark == 1 else -mark_weight)
        )
        move[agent] = next_move
        mark[agent] = next_mark
        value[agent] = next_value
        gain[agent] = after_value - next_value
    return Next(move, mark, value, gain, max(abs(m) for m in move))


def unseen_by(game: FastGame, side: int) -> list[int]:
    """Copies of each agent side `side` has not seen: not in play, not in its hand or discards."""
    pool = [
        copies - green - blue - held - discarded
        for copies, green, blue, held, discarded in zip(
            game.tables.copies,
            game.in_play[0],
            game.in_play[1],
            game.hand[side],
            game.discarded[side],
            strict=True,
        )
    ]
    if game.phase == RECRUIT:
        pool[game.face_up] -= 1
        if side == game.active:
            pool[game.face_down] -= 1
        return [count if count > 0 else 0 for count in pool]
    return pool


def share_of(pool: Sequence[int]) -> list[float]:
    """Each agent's share of a pool of cards (all 0 for an empty pool)."""
    total = sum(pool)
    if total <= 0:
        return [0.0] * len(pool)
    return [count / total for count in pool]


def _ongoing_bonus(game: FastGame, side: int) -> float:
    """Progress toward the End-step wins of ongoing cards (Masterplan, Security System)."""
    extras = game.extras[side]
    if extras is None:
        return 0.0
    bonus = 0.0
    if extras.distinct:
        names = sum(1 for count in game.in_play[side] if count)
        bonus += max(0, names - (extras.distinct - 4)) * 1.0
    if extras.guard:
        bonus += 1.0
    return bonus


def evaluate(game: FastGame, side: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of the position for side `side`, in board spaces (±decisive once decided)."""
    if game.phase == OVER:
        return weights.decisive if game.winner == side else -weights.decisive
    other = 1 - side
    lead = game.progress[side] - game.progress[other]
    mine = next_copies(game, side, weights).value
    theirs = next_copies(game, other, weights).value
    share = share_of(unseen_by(game, side))
    hand = game.hand[side]
    potential, held = weights.potential, weights.hand
    total = 0.0
    for agent in range(len(mine)):
        total += (potential * share[agent] + held * hand[agent]) * (mine[agent] - theirs[agent])
    return lead + total + _ongoing_bonus(game, side) - _ongoing_bonus(game, other)


def win_chance(value: float, scale: float = 4.0) -> float:
    """A rough chance of winning from an evaluation in spaces."""
    if value >= 50:
        return 1.0
    if value <= -50:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / scale))
