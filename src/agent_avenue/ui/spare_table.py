"""A game table made behind the start screen while the players read it.

Against the computer a game's first screen is the table itself, with no handoff in front to
compose it behind: composing, styling and laying out its sixty-odd widgets at the start key was
most of the wait for that screen. So once the game's modules are loaded (and their styles parsed,
ui/early_styles.py), a table is put under the start screen and composed there, out of sight,
showing the public side of the game the start screen's choices would begin (the same seed, so
the same board and supply), and each of its widgets is drawn once; the game takes it (`take`)
and only shows and draws what differs. A game that comes any other way, or before the spare is
laid, makes its table as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from agent_avenue.ui.launch import new_session
from agent_avenue.ui.screens.start import StartScreen
from agent_avenue.ui.seat_words import local_names, team_seat_names

if TYPE_CHECKING:
    from agent_avenue.engine import Rules
    from agent_avenue.ui.screens.table import TableScreen

__all__ = ["SpareTable"]


class SpareTable:
    """The table laid under the start screen for the next game, if any."""

    def __init__(self, app: App[Any], rules: Rules, seed: Callable[[], int]) -> None:
        """The spare tables of `app`, for games with these `rules` and the next game's `seed`."""
        self.app = app
        self.rules = rules
        self.seed = seed
        self.table: TableScreen | None = None
        self._ready = False

    def ready(self) -> None:
        """The game's modules are loaded: from now on a start screen shown gets a spare table."""
        if self._ready:
            return
        self._ready = True
        self.app.screen_change_signal.subscribe(self.app, self._screen_changed)
        self._screen_changed(self.app.screen)

    def _screen_changed(self, screen: Screen[object]) -> None:
        if self.table is None and isinstance(screen, StartScreen):
            self.app.call_after_refresh(self._lay)  # the start screen is drawn first

    def _lay(self) -> None:
        """Put a table under the start screen and compose it there.

        Textual has no public way to insert a screen below the top one, so the start screen
        goes off the stack and back on in one step (no frame is drawn and no key is read in
        between: nothing here waits). Textual removes a screen popped only if it is no longer
        on a stack once the pop is complete, by which time it is back.
        """
        app, start = self.app, self.app.screen
        if self.table is not None or not isinstance(start, StartScreen):
            return
        from agent_avenue.ui.screens.table import TableScreen

        self.table = table = TableScreen(self.rules, later=True)
        self.follow(start)
        with app.batch_update():
            app.pop_screen()
            app.push_screen(table)
            app.push_screen(start)
        app.call_after_refresh(self._compose, table)

    async def _compose(self, table: TableScreen) -> None:
        await table.compose_whole()
        table.call_after_refresh(self._draw_ahead, table)

    def _draw_ahead(self, table: TableScreen, tries: int = 100) -> None:
        """Draw each of the spare's widgets once, out of sight, as laid out under the start
        screen: a widget keeps its lines until it changes, so the game's first frame draws only
        what the game changed (drawing every widget for the first time was half of it)."""
        if table is not self.table or not table.is_attached:
            return
        if not table.panel.region:  # not laid out yet: once it is (within a few refreshes)
            if tries:
                table.call_after_refresh(self._draw_ahead, table, tries - 1)
            return
        for widget in table.walk_children(Widget):
            size = widget.region.size
            if widget.display and size.width and size.height:
                widget.render_lines(Region(0, 0, size.width, size.height))

    def follow(self, start: StartScreen) -> None:
        """The spare shows the public side of the game `start`'s choices would begin now."""
        table = self.table
        if table is None:
            return
        session = new_session(self.rules, self.seed(), start.settings())
        table.seats = team_seat_names(session.players, session.seat_names)
        table.show_waiting(session.view(None), local_names(session.names), "")
        if table.is_attached:  # else it is drawn once composed (`_compose`)
            table.call_after_refresh(self._draw_ahead, table)

    def take(self, seats: tuple[str, ...]) -> TableScreen | None:
        """The spare table for a game with these team `seats`, if it is the screen in sight
        now (the start screen gone); a spare not taken now is never taken."""
        table, self.table = self.table, None
        if table is None or self.app.screen is not table or not table.is_attached:
            return None
        table.seats = seats
        return table
