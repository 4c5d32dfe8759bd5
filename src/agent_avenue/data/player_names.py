"""Players' names: the limits every name must meet, checked where names come in."""

from __future__ import annotations

from collections.abc import Sequence

from agent_avenue.data.printable import shown
from agent_avenue.i18n import t

MAX_NAME_LENGTH = 64
"""The longest name a save and the score sheet hold; longer ones are refused at the start."""

__all__ = ["MAX_NAME_LENGTH", "name_problem"]


def name_problem(names: Sequence[str]) -> str | None:
    """One sentence saying what is wrong with these names, or None if every one can be saved:
    not empty, at most MAX_NAME_LENGTH characters, printable, and no two the same."""
    seen: set[str] = set()
    for name in names:
        if not name.strip():
            return t("names.empty")
        if len(name) > MAX_NAME_LENGTH:
            length, limit = len(name), MAX_NAME_LENGTH
            return t("names.too_long", name=shown(name, 24), length=length, limit=limit)
        if not name.isprintable():
            return t("names.unprintable", name=shown(name, 24))
        key = name.casefold()
        if key in seen:
            return t("names.same", name=shown(name, 24))
        seen.add(key)
    return None
