"""A duel's table composed out of sight while the start screen is read: a game whose first
screen is the table (against the computer) then shows it at once, instead of composing it at
the start key (200-300 ms at 160x45)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from agent_avenue.engine import is_team_game
from agent_avenue.ui.screens.out_of_sight import OutOfSight

if TYPE_CHECKING:
    from textual.app import App

    from agent_avenue.engine import Rules
    from agent_avenue.ui.screens.table import TableScreen

__all__ = ["ReadyTable"]

TABLE_MODULE = "agent_avenue.ui.screens.table"


class ReadyTable:
    """At most one table composed ahead, for the next duel."""

    def __init__(self) -> None:
        """None composed yet."""
        self._composed: OutOfSight | None = None
        self.screen: TableScreen | None = None
        """The table being composed or composed, if any."""

    def compose(self, app: App[Any], rules: Rules) -> None:
        """Compose a duel's table out of sight, unless one is composed already or the game's
        modules are not loaded yet (a thread loads them while the start screen is first read:
        importing them here would hold the screen up)."""
        if self._composed is not None or TABLE_MODULE not in sys.modules:
            return
        from agent_avenue.ui.screens.table import TableScreen

        self.screen = TableScreen(rules)
        self._composed = OutOfSight.compose(app, self.screen)

    def take(self, app: App[Any], players: int) -> TableScreen | None:
        """The table, if it is whole and fits a game of `players`, the terminal's size and the
        language in use (it is let go otherwise); the next game composes another."""
        composed, table = self._composed, self.screen
        self._composed = self.screen = None
        if composed is None or table is None or composed.take(app) is None:
            return None
        if is_team_game(players) or not table.is_mounted:
            table.remove()
            return None
        return table
