"""The panel shown while the computer decides: who is thinking, with a moving indicator.

It shows nothing of any hand and has no key of its own; the rules (?), the log (l) and quitting
(q) keep working around it, because the computer thinks in a worker thread.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from agent_avenue.ui.widgets.panels.base import Panel
from agent_avenue.ui.widgets.thinking_indicator import ThinkingIndicator

__all__ = ["ThinkingPanel"]


class ThinkingPanel(Panel):
    """ "Blue (computer) is thinking…" and a loading indicator, until the computer has chosen."""

    DEFAULT_CSS = """
    ThinkingPanel {
        height: 3;
    }
    ThinkingPanel > #thinking-indicator {
        height: 1;
        width: 12;
        min-height: 1;
        background: transparent;
    }
    """

    def __init__(self, text: str) -> None:
        super().__init__(classes="panel -thinking")
        self.text = text

    def compose(self) -> ComposeResult:
        """The line about who is thinking, and the indicator."""
        yield Static(Content(self.text), id="thinking-text", classes="panel-title")
        yield ThinkingIndicator(id="thinking-indicator")
