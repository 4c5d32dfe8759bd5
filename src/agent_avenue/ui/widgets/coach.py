"""The tutorial's coach: a framed box beside the board that explains the step at hand."""

from __future__ import annotations

from textual.widgets import Static

from agent_avenue.i18n import t
from agent_avenue.ui.widgets._common import plain, set_classes

__all__ = ["Coach"]


class Coach(Static):
    """What the coach says now; `say` replaces it (texts are shown as they are, never markup)."""

    DEFAULT_CSS = """
    Coach {
        height: auto;
        width: 1fr;
        border: round $accent;
        border-title-color: $accent;
        border-title-style: bold;
        padding: 0 1;
    }
    Coach.-note {
        border: round $warning;
        border-title-color: $text-warning;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = t("tutorial.coach_title")
        self.text = ""

    def say(self, text: str, note: bool = False) -> None:
        """Show a new text; `note` marks a correction (a wrong try, another action)."""
        self.text = text
        set_classes(self, note, "-note")
        self.update(plain(text))
