"""The saved games, looked up once per app: in a worker while the start screen shows, or at
once if a game starts first, whichever asks first."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_avenue.engine import Rules
    from agent_avenue.storage import LoadedSave, LoadResult

__all__ = ["SaveLookup"]


class SaveLookup:
    """The most recent saved game and every one found, looked up on the first call only."""

    def __init__(self, rules: Rules) -> None:
        """A lookup of the saved games playable by `rules` (none made yet)."""
        self._rules = rules
        self._lock = threading.Lock()
        self._found: LoadResult | None = None
        self.saves: tuple[LoadedSave, ...] = ()
        """Every saved game found, the most recent first (after the first `latest`)."""

    def latest(self) -> LoadResult:
        """The most recent saved game, or why a bad one was set aside (looked up once)."""
        with self._lock:
            if self._found is None:
                from agent_avenue.storage import LoadResult
                from agent_avenue.ui.saving import check_saves

                found = check_saves(self._rules)
                self.saves = found.saves
                problem = " ".join(found.problems) if found.problems else None
                self._found = LoadResult(found.saves[0] if found.saves else None, problem)
            return self._found
