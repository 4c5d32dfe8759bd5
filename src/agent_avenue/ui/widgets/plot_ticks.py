"""Axis ticks at whole numbers for the plots of counted things (moves, games)."""

from __future__ import annotations

import math

__all__ = ["whole_ticks"]


def whole_ticks(first: int, last: int, count: int) -> list[float]:
    """About `count` whole numbers from `first` to at most `last`, evenly spaced: plotext's own
    ticks divide the range evenly and so label moves and games such as "8.8"."""
    step = max(1, math.ceil((last - first) / count))
    ticks: list[float] = list(range(first, last + 1, step))  # ints: plotext prints "8", not "8.0"
    return ticks
