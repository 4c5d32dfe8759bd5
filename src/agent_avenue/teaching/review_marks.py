"""A reviewed decision's mark (inaccuracy, mistake, blunder) and a player's accuracy for a game.

Both are read off the win chance a decision gave up (the best action's chance minus the chance
of the action taken, in percentage points, never negative), as Lichess does for chess moves:
going from 60 % to 30 % matters, 5 % to 2 % hardly. The thresholds are stated in the README
("Reviewing a game").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "Mark",
    "decision_accuracy",
    "game_accuracy",
    "mark_of",
]

INACCURACY = 10.0
"""Points of win chance given up from which a decision is an inaccuracy."""
MISTAKE = 20.0
"""... a mistake."""
BLUNDER = 30.0
"""... a blunder."""

_A, _B, _C = 103.1668, 0.04354, 3.1669
"""Lichess's accuracy curve: 103.1668 * exp(-0.04354 * loss) - 3.1669, loss in points."""


class Mark(StrEnum):
    """How bad a decision was: by the chance it gave up, or by a sure result it missed."""

    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def rank(self) -> int:
        """0 for no mark, then 1, 2, 3 from inaccuracy to blunder."""
        return list(Mark).index(self)


def mark_of(loss: float, *, sure_flag: bool = False) -> Mark:
    """The mark of a decision that gave up `loss` points; a missed sure win or a chosen sure
    loss (`sure_flag`) is a blunder whatever the search says."""
    if sure_flag or loss >= BLUNDER:
        return Mark.BLUNDER
    if loss >= MISTAKE:
        return Mark.MISTAKE
    if loss >= INACCURACY:
        return Mark.INACCURACY
    return Mark.NONE


def decision_accuracy(loss: float) -> float:
    """One decision's accuracy, 0-100: Lichess's curve on the points given up (0 points: 100)."""
    value = _A * math.exp(-_B * max(0.0, loss)) - _C
    return max(0.0, min(100.0, value))


def game_accuracy(losses: Sequence[float]) -> float | None:
    """A player's accuracy for a game: the mean of the arithmetic and the harmonic mean of its
    decisions' accuracies (the harmonic mean weighs the bad ones more, as Lichess's does);
    None without a decision."""
    if not losses:
        return None
    values = [decision_accuracy(loss) for loss in losses]
    mean = sum(values) / len(values)
    harmonic = len(values) / sum(1.0 / max(v, 1.0) for v in values)
    return (mean + harmonic) / 2
