"""The cycle collector tuned for a Textual app: loaded code left out, collections spaced out,
and the ones it owes made when the program chooses (`collect_due`)."""

from __future__ import annotations

import gc

__all__ = ["COLLECTOR_THRESHOLDS", "collect_due", "tune_collector"]

COLLECTOR_THRESHOLDS = (50_000, 20, 100)
"""Allocations before a young collection, then young collections per middle one, middle ones
per full one. Textual makes and drops hundreds of thousands of small objects per screen (strips,
their caches, segments): with Python's (700, 10, 10) one advanced game at 120x40 made 29 full
collections and spent about a fifth of its processor time in the collector; with these, none
and about 6 % (18.3 s of processor time instead of 19.6 s, `benchmarks/collector.py`). A test
worker, whose heap holds every test module besides, gains more: about a quarter."""


def tune_collector() -> None:
    """Freeze what is loaded by now (it lives as long as the program) and space collections out.

    Called once, after the imports and before the app runs; the test suite calls it too, so that
    the tests run under the collector the players have.
    """
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def collect_due(young: int) -> int | None:
    """Make the collection Python's own schedule would make now, a young one counted due after
    `young` allocations instead of the threshold's: the generation collected, or None.

    For a program that holds automatic collections (`gc.disable()`) and makes them itself at
    moments of its choosing: the middle and full ones come as often as the thresholds say,
    counted by the collections made here, as Python counts its own.
    """
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] <= young:
        return None
    # Python collects the oldest generation whose count passed its threshold, the younger
    # ones with it; each collection adds one to the next generation's count.
    generation = next((g for g in (2, 1) if counts[g] >= thresholds[g]), 0)
    gc.collect(generation)
    return generation
