"""The lobby of a network game: how the others join (on a host's terminal) and how the
connection stands, until the game starts; later it shows the join lines again (key c)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from agent_avenue.i18n import t
from agent_avenue.ui.widgets.keybar import KeyBar

__all__ = ["LobbyScreen"]


class LobbyScreen(Screen[None]):
    """Lines about the room (the room code, the join commands) and one status line."""

    DEFAULT_CSS = """
    LobbyScreen #lobby-box { width: 100%; height: 1fr; padding: 1 2; }
    LobbyScreen #lobby-lines { width: 100%; height: auto; }
    LobbyScreen #lobby-status { width: 100%; height: auto; margin-top: 1; color: $text-accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("rules.key_close")),
    ]

    def __init__(self, lines: tuple[str, ...], status: str = "", closable: bool = False) -> None:
        """The room's lines; `closable`: shown again over the table, Escape closes it."""
        super().__init__()
        self.lines = lines
        self.status = status
        self.closable = closable

    def compose(self) -> ComposeResult:
        """The room's lines, then the status."""
        with Vertical(id="lobby-box"):
            yield Static(Content("\n".join(self.lines)), id="lobby-lines")
            yield Static(Content(self.status), id="lobby-status")
        yield KeyBar()

    def set_status(self, text: str) -> None:
        """Say how the connection stands."""
        self.status = text
        if self.is_mounted:
            self.query_one("#lobby-status", Static).update(Content(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape closes only a lobby shown again over the table."""
        return self.closable if action == "close" else True

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
