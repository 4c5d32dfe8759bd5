"""The classes a screen gets from the window's size (Textual's breakpoints), known in advance.

Textual sets them when a screen first gets its size, and restyles the whole screen when they
change; a screen that already carries them when it is pushed skips that restyle.
"""

from __future__ import annotations

from agent_avenue.ui.widgets.size import MIN_HEIGHT, MIN_WIDTH

WIDE = 120
ROOMY_HEIGHT = 30
"""From this height the black market pick also shows what each card would do (below: key h)."""

HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] = [
    (0, "-too-narrow"),
    (MIN_WIDTH, "-normal"),
    (WIDE, "-wide"),
]
VERTICAL_BREAKPOINTS: list[tuple[int, str]] = [
    (0, "-too-short"),
    (MIN_HEIGHT, "-tall"),
    (ROOMY_HEIGHT, "-roomy"),
]

__all__ = ["HORIZONTAL_BREAKPOINTS", "ROOMY_HEIGHT", "VERTICAL_BREAKPOINTS", "WIDE", "size_classes"]


def _reached(dimension: int, breakpoints: list[tuple[int, str]]) -> str:
    """The class of the largest breakpoint `dimension` reaches (as Textual chooses it)."""
    return max((point, name) for point, name in breakpoints if dimension >= point)[1]


def size_classes(width: int, height: int) -> tuple[str, str]:
    """The two size classes of a screen `width` x `height` cells large."""
    return _reached(width, HORIZONTAL_BREAKPOINTS), _reached(height, VERTICAL_BREAKPOINTS)
