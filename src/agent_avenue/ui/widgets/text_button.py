"""A button drawn as one line of text: what a compact Textual Button shows, at a Static's cost.

Textual's Button brings the styles of all its variants and states; the start screen's two
buttons cost more to style at start than the rest of the screen's text together.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

__all__ = ["TextButton"]


class TextButton(Static):
    """A clickable label; `primary` draws it as the screen's main button."""

    DEFAULT_CSS = """
    TextButton {
        width: auto;
        height: 1;
        padding: 0 2;
        background: $surface-lighten-1;
        color: $text;
    }
    TextButton.-primary {
        background: $primary;
        text-style: bold;
    }
    TextButton:hover {
        background: $primary-lighten-2;
    }
    """

    class Pressed(Message):
        """The button was clicked."""

        def __init__(self, button: TextButton) -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> TextButton:
            """The button clicked (for `@on(TextButton.Pressed, "#id")`)."""
            return self.button

    def __init__(self, label: str, *, primary: bool = False, id: str | None = None) -> None:
        """A button showing `label`."""
        super().__init__(Content(label), id=id, classes="-primary" if primary else None)

    def on_click(self, event: events.Click) -> None:
        """Tell the screen."""
        event.stop()
        self.post_message(self.Pressed(self))
