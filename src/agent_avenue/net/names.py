"""A name from the network must show something: blank and invisible names are refused."""

from __future__ import annotations

import unicodedata

BLANK_LOOKING = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Printable characters that draw nothing (Hangul fillers, the blank Braille pattern)."""
VISIBLE_CATEGORIES = ("L", "N", "P", "S")
"""Letters, digits, punctuation and symbols: what a reader can see of a name."""

__all__ = ["is_visible"]


def is_visible(name: str) -> bool:
    """Whether a name holds at least one character a reader can see (not only spaces,
    non-breaking spaces, fillers or combining marks)."""
    return any(
        unicodedata.category(char)[0] in VISIBLE_CATEGORIES and char not in BLANK_LOOKING
        for char in name
    )
