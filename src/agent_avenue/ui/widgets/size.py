"""The "make the window larger" message every screen shows instead of its content when too small."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from agent_avenue.i18n import t

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    """Whether a terminal of this size cannot show the game."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


class SizeWarning(Widget):
    """Says how large the window must be and how large it is now (app CSS shows it when small)."""

    def render(self) -> Content:
        """The message, with the terminal's current size."""
        width, height = self.app.size
        return Content(
            t(
                "size.too_small",
                min_width=MIN_WIDTH,
                min_height=MIN_HEIGHT,
                width=width,
                height=height,
            )
        )
