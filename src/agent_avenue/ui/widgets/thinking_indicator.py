"""The thinking indicator: Textual's pulsing dots, still dots when animations are off."""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.widgets import LoadingIndicator

__all__ = ["ThinkingIndicator"]

STILL_DOTS = "● ● ●"
"""The indicator when animations are off (Textual's own says "Loading..." in English)."""


class ThinkingIndicator(LoadingIndicator):
    """Textual's pulsing dots; still dots, never an English word, when animations are off."""

    DEFAULT_CSS = """
    ThinkingIndicator.hint-thinking {
        height: 1;
        width: 12;
        min-height: 1;
        background: transparent;
    }
    """

    def render(self) -> RenderResult:
        """The pulsing dots, or still ones."""
        if self.app.animation_level == "none":
            return Content(STILL_DOTS)
        return super().render()
