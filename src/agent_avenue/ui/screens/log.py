"""The game log on its own screen, for terminals too narrow to show it beside the table."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from agent_avenue.engine import Rules
from agent_avenue.i18n import retranslate, t
from agent_avenue.play.session import LogEntry
from agent_avenue.ui.widgets import GameLog
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning


class LogScreen(Screen[None]):
    """Every public event so far, newest last; Escape or l closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("app.key_close_log")),
        Binding("l,q", "close", t("app.key_close_log"), show=False),
    ]

    def __init__(
        self,
        entries: tuple[LogEntry, ...],
        names: tuple[str, str],
        rules: Rules,
        seats: tuple[str, ...] = (),
        title: str | None = None,
    ) -> None:
        super().__init__()
        self._title = title
        """Another title than the table's (the replay's log is not the players' view)."""
        self._rules = rules
        self._entries = entries
        self._names = names
        self._seats = seats

    def compose(self) -> ComposeResult:
        """A title and the log."""
        yield SizeWarning()
        title = retranslate(self._title) if self._title else t("app.log_title")
        yield Static(Content(title), id="log-title", classes="main")
        yield GameLog(self._rules, id="log-full", classes="main")
        yield KeyBar()

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """The log again, in the language now in use."""
        self._names = names
        await self.recompose()
        self.on_mount()

    def on_mount(self) -> None:
        """Fill the log and scroll to its end."""
        log = self.query_one(GameLog)
        log.set_entries(self._entries, self._names, self._seats)
        log.focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
