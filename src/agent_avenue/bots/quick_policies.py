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
from agent_avenue.engine import BOARD_SIZE, HAND_SIZE, HOMES, MARKET_SPACES, Mark, lead_verdict

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
# A fourth code, only with `Weights.cards`: the side meets a win and a lose condition at once (a
# card's win, or the other side's Security System, beside a mark); with two candidates the tie
# rule gives the game to the active side, whatever else holds.
_BOTH = 3


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

    def verdict(lead: int, active_code: int, other_code: int) -> int | None:
        if _BOTH in (active_code, other_code):
            return 0  # two candidates: the tie rule's active side
        return lead_verdict(lead, _MARKS[active_code], _MARKS[other_code])

    leads = range(-span, span + 1)
    codes = range(_BOTH + 1)
    active = [
        [[sign(verdict(lead, mine, theirs), 0) for lead in leads] for theirs in codes]
        for mine in codes
    ]
    other = [
        [[sign(verdict(-lead, theirs, mine), 1) for lead in leads] for theirs in codes]
        for mine in codes
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
    game: FastGame, side: int, weights: Weights
) -> tuple[Next, Next, list[float], list[float], list[int]]:
    """Arrays for judging recruit pairs from side `side`'s point of view, and its unseen pool.

    The two middle arrays are what recruiting each agent adds beyond its move, for `side` and for
    the other side: the change in potential, and a black market card if the move stops on a
    black market space.
    """
    mine = next_copies(game, side, weights)
    theirs = next_copies(game, 1 - side, weights)
    if weights.cards and (game.extras[0] is not None or game.extras[1] is not None):
        mine, theirs = _placed(game, side, mine), _placed(game, 1 - side, theirs)
    pool = unseen_by(game, side)
    total = sum(pool)
    potential = weights.potential / total if total else 0.0
    my_extra = [potential * count * gain for count, gain in zip(pool, mine.gain, strict=True)]
    their_extra = [potential * count * gain for count, gain in zip(pool, theirs.gain, strict=True)]
    if game.advanced and game.supply and weights.market:
        _add_landings(game, side, mine.move, my_extra, weights.market)
        _add_landings(game, 1 - side, theirs.move, their_extra, weights.market)
    return mine, theirs, my_extra, their_extra, pool


def _placed(game: FastGame, side: int, copies: Next) -> Next:
    """Side `side`'s next copies with what the ongoing cards add from where the meeples stand:
    Getaway Car's move on stopping at a home, the Masterplan's win on a new name that makes
    enough, and the other side's Security System's win when this meeple stops on its home
    (given as a lose condition of this side: the same candidate at the End step)."""
    extras = game.extras[side]
    other_extras = game.extras[1 - side]
    guard = other_extras is not None and other_extras.guard
    boost = extras.boost if extras is not None else 0
    distinct = extras.distinct if extras is not None else 0
    if not (guard or boost or distinct):
        return copies
    start = HOMES[side] + game.progress[side]
    their_home = HOMES[1 - side]
    row = game.in_play[side]
    names = sum(1 for count in row if count)
    move = copies.move[:]
    mark = copies.mark[:]
    for agent, amount in enumerate(move):
        if boost and amount and (start + amount) % BOARD_SIZE in _HOME_SPACES:
            amount += boost
            move[agent] = amount
        wins = mark[agent] == 1 or bool(distinct and not row[agent] and names + 1 >= distinct)
        loses = mark[agent] == 2 or (guard and (start + amount) % BOARD_SIZE == their_home)
        mark[agent] = _BOTH if wins and loses else 1 if wins else 2 if loses else 0
    return copies._replace(move=move, mark=mark, reach=max(abs(amount) for amount in move))


_HOME_SPACES = frozenset(HOMES)


def _runs_out(game: FastGame) -> bool:
    """Whether this turn's End step ends the game by running out of cards when nothing else
    does: the agent deck empty once the offer is drawn for, and the recruiter (the next player)
    holding fewer than 2 cards."""
    if game.hand_count[1 - game.active] >= 2:
        return False
    left = len(game.deck) - game.deck_drawn
    if game.phase == OFFER:
        left -= max(0, HAND_SIZE - (game.hand_count[game.active] - 2))
    return left <= 0


def _add_landings(
    game: FastGame, side: int, moves: list[int], extra: list[float], bonus: float
) -> None:
    """Add `bonus` for each agent whose move would stop side `side` on a black market space."""
    start = HOMES[side] + game.progress[side]
    for agent, move in enumerate(moves):
        if move and (start + move) % BOARD_SIZE in MARKET_SPACES:
            extra[agent] += bonus


def offer_scores(game: FastGame, weights: Weights = DEFAULT_WEIGHTS) -> list[tuple[int, float]]:
    """Each legal offer of the active player with its quick score.

    The recruiter sees only the face-up card: its choice is modelled as its own quick recruit
    judgment would make it (`take_up_chance` of its expected values over the cards it has not
    seen), and the offer is worth the splits weighted by that choice.
    """
    offerer = game.active
    mine, theirs, my_extra, their_extra, _ = _pair_table(game, offerer, weights)
    lead = game.progress[offerer] - game.progress[1 - offerer]
    hand = game.hand[offerer]
    names = [agent for agent in range(len(hand)) if hand[agent]]
    if len(names) == 1:
        if hand[names[0]] < 2:
            return []
        pairs = [(names[0], names[0])]
    else:
        pairs = [(up, down) for up in names for down in names if up != down]
    ends = weights.run_out and _runs_out(game)
    split = _split_values(lead, names, mine, theirs, my_extra, their_extra, weights.decisive, ends)
    # The recruiter's view: the cards it has not seen (the offerer's hand among them).
    recruiter_pool = unseen_by(game, 1 - offerer)
    chance: dict[int, float] = {}
    for up in names if weights.temper > 0 else ():
        pool = recruiter_pool[:]
        pool[up] = max(0, pool[up] - 1)
        take_up, take_down = _recruit_values(
            -lead, up, theirs, mine, their_extra, my_extra, pool, weights.decisive, ends
        )
        chance[up] = take_up_chance(take_up, take_down, weights)
    my_values, their_values = mine.value, theirs.value
    scored: list[tuple[int, float]] = []
    for up, down in pairs:
        if weights.temper > 0:
            taken = chance[up]
            value = taken * split[down, up] + (1 - taken) * split[up, down]
        else:  # no recruiter model: the worse split weighted by `weights.worst`
            low, high = sorted((split[down, up], split[up, down]))
            value = weights.worst * low + (1 - weights.worst) * high
        held = (
            my_values[up] - their_values[up] + my_values[down] - their_values[down]
        ) * weights.hand
        scored.append((up * MAX_NAMES + down, value - held))
    return scored


def _split_values(
    lead: int,
    names: list[int],
    mine: Next,
    theirs: Next,
    my_extra: list[float],
    their_extra: list[float],
    decisive: float,
    ends: bool = False,
) -> dict[tuple[int, int], float]:
    """The offerer's (`mine`, the active side) value of each split of `names`: [kept, taken] when
    it keeps `kept` and the recruiter takes `taken`, ±`decisive` when the End step decides;
    `lead` is the offerer's lead; `ends`: the cards run out at this End step."""
    my_moves, my_marks, their_moves, their_marks = mine.move, mine.mark, theirs.move, theirs.mark
    table = _verdicts(abs(lead) + mine.reach + theirs.reach)
    span = table.span
    split: dict[tuple[int, int], float] = {}
    for kept in names:
        keep = lead + my_moves[kept]
        verdicts = table.active[my_marks[kept]]
        for taken in names:
            if kept == taken and len(names) > 1:
                continue
            after = keep - their_moves[taken]
            verdict = verdicts[their_marks[taken]][after + span]
            if ends and not verdict:  # closer to catching wins, the active side on a tie
                verdict = 1 if after >= 0 else -1
            split[kept, taken] = (
                verdict * decisive if verdict else after + my_extra[kept] - their_extra[taken]
            )
    return split


def offer_splits(
    game: FastGame, weights: Weights = DEFAULT_WEIGHTS
) -> dict[tuple[int, int], float]:
    """The active player's quick value of each split `offer_scores` weighs: [x, y] when it keeps
    x and the recruiter takes y, for names x and y in its hand (x == y only when it holds a
    single name), ±`weights.decisive` when the End step decides the game."""
    offerer = game.active
    mine, theirs, my_extra, their_extra, _ = _pair_table(game, offerer, weights)
    hand = game.hand[offerer]
    names = [agent for agent in range(len(hand)) if hand[agent]]
    lead = game.progress[offerer] - game.progress[1 - offerer]
    ends = weights.run_out and _runs_out(game)
    return _split_values(lead, names, mine, theirs, my_extra, their_extra, weights.decisive, ends)


def quick_offer(game: FastGame, rng: random.Random, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """The active player's offer by the quick one-ply judgment (ties broken at random)."""
    scores = offer_scores(game, weights)
    best = max(score for _, score in scores)
    top = [code for code, score in scores if score >= best - 1e-9]
    return top[int(rng.random() * len(top))] if len(top) > 1 else top[0]


def recruit_scores(
    game: FastGame, weights: Weights = DEFAULT_WEIGHTS, peek: bool = False
) -> tuple[float, float]:
    """The recruiter's expected value of taking the face-up and the face-down card.

    The face-down card is unknown to the recruiter: it is averaged over the unseen cards. With
    `peek` (used inside the search's playouts, to stand for a recruiter who reads the offer
    well) the actual face-down card is used instead.
    """
    offerer = game.active
    recruiter = 1 - offerer
    mine, theirs, my_extra, their_extra, pool = _pair_table(game, recruiter, weights)
    if sum(pool) <= 0 or peek:
        pool = [0] * len(pool)
        pool[game.face_down] = 1
    lead = game.progress[recruiter] - game.progress[offerer]
    ends = weights.run_out and _runs_out(game)
    return _recruit_values(
        lead, game.face_up, mine, theirs, my_extra, their_extra, pool, weights.decisive, ends
    )


def _recruit_values(
    lead: int,
    up: int,
    mine: Next,
    theirs: Next,
    my_extra: list[float],
    their_extra: list[float],
    pool: list[int],
    decisive: float,
    ends: bool = False,
) -> tuple[float, float]:
    """The recruiter's (`mine`) mean value of taking face-up `up` and of taking the hidden card,
    over `pool` (the copies the hidden card could be); `lead` is the recruiter's lead; `ends`:
    the cards run out at this End step."""
    my_moves, my_marks, their_moves, their_marks = mine.move, mine.mark, theirs.move, theirs.mark
    total = sum(pool)
    if total <= 0:
        return 0.0, 0.0
    table = _verdicts(abs(lead) + mine.reach + theirs.reach)
    span = table.span
    verdicts = table.other  # the recruiter is not the active player
    # Taking up: the offerer gets the unknown card; taking the unknown card: the offerer gets up.
    take_up = 0.0
    take_down = 0.0
    up_lead = lead + my_moves[up]
    up_verdicts = verdicts[my_marks[up]]
    down_lead = lead - their_moves[up]
    their_up_mark = their_marks[up]
    for agent, count in enumerate(pool):
        if not count:
            continue
        after = up_lead - their_moves[agent]
        verdict = up_verdicts[their_marks[agent]][after + span]
        if ends and not verdict:  # closer to catching wins, the active side (not us) on a tie
            verdict = 1 if after > 0 else -1
        take_up += count * (
            verdict * decisive if verdict else after + my_extra[up] - their_extra[agent]
        )
        after = down_lead + my_moves[agent]
        verdict = verdicts[my_marks[agent]][their_up_mark][after + span]
        if ends and not verdict:
            verdict = 1 if after > 0 else -1
        take_down += count * (
            verdict * decisive if verdict else after + my_extra[agent] - their_extra[up]
        )
    return take_up / total, take_down / total


def take_up_chance(up: float, down: float, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How likely a recruiter takes the face-up card, from its expected values of both."""
    if weights.temper <= 0:
        return 1.0 if up >= down else 0.0
    exponent = (up - down) / weights.temper
    if exponent > 30:
        return 1.0
    if exponent < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-exponent))


def quick_recruit(game: FastGame, weights: Weights = DEFAULT_WEIGHTS, peek: bool = False) -> int:
    """The recruiter's choice by the quick judgment (see `recruit_scores` for `peek`)."""
    up, down = recruit_scores(game, weights, peek)
    return RECRUIT_UP if up >= down else RECRUIT_DOWN


def quick_other(game: FastGame, rng: random.Random, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """A black market pick or an instant card's choice: the best by a one-ply evaluation (with
    `weights.settle`, of the position once the rest of the turn is played: the instant's own
    choice, the other pickups, the End step, each by the one-ply judgment)."""
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    actor = game.to_act
    best = legal[0]
    best_value = -1e9
    plain = weights._replace(settle=False) if weights.settle else weights
    for code in legal:
        after = game.clone()
        after.play(code)
        if weights.settle:
            while after.phase in (PICK, CHOOSE, CONFIRM):
                after.play(quick_other(after, rng, plain))
        value = evaluate(after, actor, weights) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = code, value
    return best


def resolve(game: FastGame, rng: random.Random, weights: Weights = DEFAULT_WEIGHTS) -> None:
    """Play out black market picks and instant choices (each by `quick_other`) in place."""
    while game.phase in (PICK, CHOOSE, CONFIRM):
        game.play(quick_other(game, rng, weights))


def offer_chance(
    game: FastGame,
    belief: float,
    rng: random.Random,
    weights: Weights = DEFAULT_WEIGHTS,
    noise: float = 0.0,
) -> float:
    """How likely the active player was to offer `game.face_up` / `game.face_down` from the
    hand dealt in `game`.

    The hand before the offer is rebuilt from the dealt hand (the cards drawn after the offer are
    taken at random from it) plus the two offered cards; the offer is scored by the quick policy
    and turned into a probability by a softmax with `belief` per board space. With `noise` > 0
    the offerer is read as choosing uniformly among its offers that share of the time.
    """
    offerer = game.active
    hand = game.hand[offerer][:]
    held = [agent for agent, count in enumerate(hand) for _ in range(count)]
    drawn = len(held) - min(len(held), 2)
    for _ in range(drawn):
        card = held.pop(int(rng.random() * len(held)))
        hand[card] -= 1
    hand[game.face_up] += 1
    hand[game.face_down] += 1
    before = game.clone()
    before.hand[offerer] = hand
    before.hand_count[offerer] = sum(hand)
    before.phase = OFFER
    scores = offer_scores(before, weights)
    if not scores:
        return 1.0
    offered = game.face_up * MAX_NAMES + game.face_down
    top = max(score for _, score in scores)
    total = 0.0
    chance = 0.0
    found = False
    for code, score in scores:
        weight = math.exp(max(-50.0, belief * (score - top)))
        total += weight
        if code == offered:
            chance = weight
            found = True
    if not found:
        return 0.0
    return (1.0 - noise) * chance / total + noise / len(scores)
