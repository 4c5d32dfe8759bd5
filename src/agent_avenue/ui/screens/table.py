"""The game table: board, collections and status above, the action panel of the moment below.

A game's first screen is a handoff over the table: the table is made `later` (no widgets), the
handoff is drawn first, and the table, out of sight, is composed while the handoff counts down
(`TableScreen.compose_whole`), instead of keeping the terminal waiting for both. What the game
tells it meanwhile (the view, the log, the panel) is kept and shown once its widgets exist.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.worker import Worker

from agent_avenue.engine import Action, Event, PlayerView, Recruit, Rules
from agent_avenue.i18n import retranslate, t
from agent_avenue.play.session import LogEntry
from agent_avenue.ui.hint_worker import HintSearch
from agent_avenue.ui.meeple_walk import MeepleWalk
from agent_avenue.ui.screens.log import LogScreen
from agent_avenue.ui.screens.quiet_focus import QuietFocusScreen
from agent_avenue.ui.screens.table_layout import (
    GameWidgets,
    fit_collections,
    game_widgets,
    make_room,
    panel_box,
    table_widgets,
)
from agent_avenue.ui.widgets import BoardRing, CollectionPanel, GameLog
from agent_avenue.ui.widgets.board import board_size
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.panel_box import PanelBox
from agent_avenue.ui.widgets.panels import (
    OfferPanel,
    Panel,
    PanelChanged,
    PanelMaker,
    RevealPanel,
    SkipAnimation,
    ThinkingPanel,
    WaitingPanel,
    private_maker,
    public_maker,
    reveal_maker,
    with_prompt,
)


class TableScreen(QuietFocusScreen[None]):
    """The one game screen; the app tells it what to show, the panel says what keys do."""

    AUTO_FOCUS = "Panel"
    """Back from a handoff the keys go to the panel at once, not first to the side column
    (each focus that comes and goes restyles everything inside the widget)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        # The decision's own keys are the panel's (widgets/panels.py): it has the focus.
        Binding("l", "log", t("app.key_log")),
        Binding("h", "hint", t("hint.key")),
    ]

    def __init__(self, rules: Rules, seats: tuple[str, ...] = (), later: bool = False) -> None:
        """A table for a game with these `rules` (and the team's seat names); see `later` above."""
        super().__init__()
        self.rules = rules
        self.seats = seats
        """Every player's name by seat in a team game (3 or 4 players); empty in a duel."""
        self.panel: Panel = WaitingPanel("")
        self._walk = MeepleWalk(self, lambda: self.query_one(BoardRing), self._arrived)
        self._log_entries: list[LogEntry] = []
        self._names: tuple[str, str] = ("", "")
        self._view: PlayerView | None = None
        self._make_panel: PanelMaker | None = None
        self._hints = HintSearch(self)
        self._board_size = "compact"
        self._building: list[Awaitable[object]] = []
        """Panels being mounted (and old ones removed) since `built` last waited for them."""
        self._panel_box = PanelBox(id="panel-box")
        """The panel's box, as last composed."""
        self._parts: Literal["none", "composing", "whole"] = "none" if later else "whole"
        self._composing: asyncio.Future[None] | None = None
        self._game_widgets: GameWidgets | None = None
        """The widgets that show the game, as last composed (None: not composed yet)."""
        self._result_rows: int | None = None  # the result's rows over the panel's box, once over

    def compose(self) -> ComposeResult:
        """The table's widgets at the board size the terminal calls for (`table_layout`)."""
        if self._parts == "none":
            return  # nothing yet: `compose_whole` composes the table behind the first screen
        self._board_size = board_size(*self.app.size)
        self._panel_box = panel_box(self._board_size)
        shown = self._game_widgets = game_widgets(self.rules, self._board_size)
        shown.fill(self._view, self._names, self.seats, self._log_entries, self.app.size.height)
        yield from table_widgets(
            shown, self._board_size, self.panel, self._panel_box, self._result_rows
        )

    async def compose_whole(self) -> None:
        """Compose a table made `later` and show what it was told meanwhile (see the module's
        docstring); every caller waits for the same composing."""
        if self._parts == "whole":
            return
        if self._composing is None:
            self._composing = asyncio.ensure_future(self._compose_parts())
        await asyncio.shield(self._composing)

    async def _compose_parts(self) -> None:
        self._parts = "composing"
        view, names, logged = self._view, self._names, len(self._log_entries)
        await self.recompose()
        self._parts = "whole"
        if not self.is_attached:
            return  # the game ended meanwhile: this table is going away
        shown, told = self._game_widgets, (self._names, len(self._log_entries))
        if shown is not None and (self._view is not view or told != (names, logged)):
            # Told more while composing: the widgets were filled with what was known before.
            shown.fill(self._view, self._names, self.seats, self._log_entries, self.app.size.height)
        self._widgets_shown()
        if not self.panel.is_attached and self._make_panel is not None:
            self._set_panel(self._make_panel)  # the panel set while the table was composed

    async def on_resize(self, event: Resize) -> None:
        """The collections fit the new height; a new board size lays the table out if in sight."""
        fit_collections(self.query(CollectionPanel).results(CollectionPanel), event.size.height)
        self._panel_box.forget_height()  # the tallest panel at the new size is measured anew
        if self.is_current:
            await self.fit_board()

    async def fit_board(self) -> None:
        """Lay the table out again if the terminal's size now calls for another board (a table
        not yet composed will be composed at the size of the moment)."""
        if self._parts == "whole" and board_size(*self.app.size) != self._board_size:
            await self.refresh_language(self._names)

    def _widgets_shown(self) -> None:
        """Widgets composed or shown again: the log shows its end (none if the table is going)."""
        for log in self.query("#table-log").results(GameLog):
            log.show_newest()

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """Show everything again in the language now in use (after a switch in the settings).

        The game does not restart: the same view, log and panel are shown, a half-made offer
        keeps its choices, and a reveal shows its end at once (the meeples stop moving).
        """
        await self.compose_whole()
        self._walk.stop()
        old = self.panel
        self._names = names
        if self._make_panel is not None:
            self.panel = self._make_panel(names)
            self.panel.keep_state(old)
        await self.recompose()
        if not self.is_attached or not self.is_current:
            return  # the game ended meanwhile: this table is going away
        self._widgets_shown()
        if isinstance(self.panel, RevealPanel):
            self.panel.finish()
        await self.built()  # the keys go to the new panel at once: none is lost meanwhile
        self.update_footer()
        self._hints.show_thinking(self.panel)

    def room_for_the_result(self, rows: int) -> int:
        """The rows the result over the panel's box covers (`make_room`), kept for every later
        layout; first, a ring board's box keeps its height (the board is not drawn anew)."""
        if self._result_rows is None and self._board_size != "compact":
            self._result_rows = max(rows, self._panel_box.outer_size.height)
            return self._result_rows  # the box has that height: styling it lays the table out
        self._result_rows = rows
        for top in self.query("#table-top"):
            make_room(top, self._panel_box, self._board_size, rows)
        return rows

    # What the app calls --------------------------------------------------------------------------

    def _show_view(self, view: PlayerView, names: tuple[str, str]) -> None:
        """Board, status and both collections from one view."""
        self._names = names
        self._view = view
        if self._parts != "whole" or self._game_widgets is None:
            return  # shown once the widgets are composed
        self._game_widgets.show(view, names, self.seats)

    def _set_panel(self, make: PanelMaker) -> Panel:
        """Show the panel `make` builds for the players' names (kept, to build it again in
        another language)."""
        self._walk.stop()
        panel = make(self._names)
        self._make_panel = make
        if self._parts != "whole":
            self.panel = panel  # composed with the table
            return panel
        box = self._panel_box
        if self.focused is not None and box in self.focused.ancestors_with_self:
            # Else Textual hands the keys to the side column while the old panel goes, and
            # restyles that whole column twice on the way to the new panel.
            self.set_focus(None)
        self._building.append(box.remove_children())
        self.panel = panel
        self._building.append(box.mount(panel))
        self.call_after_refresh(self._focus_panel, panel)
        self.update_footer()
        return panel

    async def built(self) -> None:
        """Wait until the panels mounted since the last call are whole, and give the one shown
        the keys: a caller holding the screen's updates then shows it in one frame."""
        await self.compose_whole()
        building, self._building = self._building, []
        for step in building:
            await step
        panel = self.panel
        if panel.is_attached and self.focused is not panel:
            self.set_focus(panel)  # now: `focus()` would wait for the app's next message
        for bar in self.query(KeyBar):  # none while the screen is composed again
            bar.refresh()  # its keys are the focused panel's

    def _focus_panel(self, panel: Panel) -> None:
        """The panel shown takes the keys (unless another has replaced it meanwhile)."""
        if panel is self.panel and panel.is_attached:
            panel.focus()
            self._panel_box.hold_height()

    def show_waiting(self, public: PlayerView, names: tuple[str, str], text: str) -> None:
        """Public information only, with a neutral line (shown behind a handoff)."""
        self._show_view(public, names)
        self._set_panel(lambda _: WaitingPanel(retranslate(text)))

    def show_thinking(self, public: PlayerView, names: tuple[str, str], text: str) -> None:
        """Public information only, while the computer decides, with a thinking indicator."""
        self._show_view(public, names)
        self._set_panel(lambda _: ThinkingPanel(retranslate(text)))

    def show_private(self, view: PlayerView, names: tuple[str, str], note: str | None) -> None:
        """One player's private decision: their offer, their recruit, or a choice from hand."""
        self._show_view(view, names)
        self._set_panel(private_maker(view, self.seats, note))

    def show_public_choice(
        self,
        public: PlayerView,
        actor: int,
        legal: tuple[Action, ...],
        names: tuple[str, str],
    ) -> None:
        """A decision everyone may watch: a black market pick, a choice in play, a yes/no."""
        self._show_view(public, names)
        self._set_panel(public_maker(public, actor, legal, self.seats))

    def show_reveal(
        self,
        before: PlayerView,
        after: PlayerView,
        events: tuple[Event, ...],
        names: tuple[str, str],
        prompt: str,
        recruit: Recruit | None,
        delay: float,
        question: float | None = None,
        final: bool = False,
        goes_on: float | None = None,
    ) -> None:
        """The public consequences of an action, meeples moving space by space; `prompt` is
        the privacy question of the next private screen when `question` (its pause) is set,
        and the reveal goes on by itself `goes_on` seconds after the meeples stop if set."""
        self._show_view(after, names)
        make = reveal_maker(
            before, after, events, self.seats, prompt, recruit, question, final, goes_on
        )
        self._set_panel(make)
        self._walk.reveal(before, after, events, delay)

    def say_next(self, prompt: str) -> None:
        """The reveal shown says what comes next with `prompt` instead (also after a change
        of language)."""
        text = retranslate(prompt)
        if isinstance(self.panel, RevealPanel):
            self.panel.say_next(text)
        if self._make_panel is not None:
            self._make_panel = with_prompt(self._make_panel, prompt)

    def _arrived(self) -> None:
        """The meeples stand where the reveal's view says: it shows its end."""
        if isinstance(self.panel, RevealPanel) and not self.panel.done:
            self.panel.finish()

    def add_log(self, entry: LogEntry, names: tuple[str, str]) -> None:
        """Add one step's public events to the log."""
        self._log_entries.append(entry)
        if self._parts != "whole":
            return  # the whole log is shown once the widgets are composed
        for log in self.query("#table-log").results(GameLog):  # none if the table is going
            log.add_entry(entry, names, self.seats)
            log.show_newest()

    def set_log(self, entries: tuple[LogEntry, ...], names: tuple[str, str]) -> None:
        """Show these steps' public events as the whole log (a position shown again)."""
        self._log_entries = list(entries)
        if self._parts != "whole":
            return
        log = self.query_one("#table-log", GameLog)
        log.set_entries(entries, names, self.seats)
        log.show_newest()

    async def on_screen_resume(self) -> None:
        """Back from a handoff: the board fits the terminal's size now, and the log shows its
        newest lines (it grew while hidden)."""
        await self.fit_board()
        self._widgets_shown()

    # Keys ----------------------------------------------------------------------------------------

    def update_footer(self) -> None:
        """Redraw the key bar: what the panel's keys can do may have changed."""
        self.refresh_bindings()

    def on_panel_changed(self, message: PanelChanged) -> None:
        """A panel's choice changed: check the key bar; an offer being made shows in the
        board's slots (the offer panel is only ever on the offerer's private screen)."""
        message.stop()
        self.update_footer()
        self.call_after_refresh(self._panel_box.hold_height)  # the panel may have grown
        panel = self.panel
        if isinstance(panel, OfferPanel) and panel.is_attached and panel.view is self._view:
            self.query_one(BoardRing).show_offer(panel.view, panel.draft())

    def on_skip_animation(self, message: SkipAnimation) -> None:
        """Enter while the meeples move: they stop where they are going at once."""
        message.stop()
        self._walk.end()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The hint key shows only where a hint can be given (hint_worker.py)."""
        return self._hints.key_shown(self.panel) if action == "hint" else True

    def action_hint(self) -> None:
        """A suggested action with its chances and a reason, searched in a worker and shown in
        the panel (hints.py, hint_worker.py)."""
        self._hints.start(self.panel)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A hint's search has finished: show it (other workers are the app's)."""
        if self._hints.finished(event.worker, event.state, self.panel, self._names, self.seats):
            event.stop()

    def action_log(self) -> None:
        """Open the whole game log."""
        entries = tuple(self._log_entries)
        self.app.push_screen(LogScreen(entries, self._names, self.rules, self.seats))


__all__ = ["TableScreen"]
