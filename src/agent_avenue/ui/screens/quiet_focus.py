"""A screen that does not repaint itself whole each time the focus moves."""

from __future__ import annotations

from typing import Self, TypeVar

from textual.geometry import Region
from textual.widget import Widget

from agent_avenue.ui.screens.styled_once import StyledOnceScreen

ResultType = TypeVar("ResultType")


class QuietFocusScreen(StyledOnceScreen[ResultType]):
    """A screen whose focus changes repaint only the widgets they restyle.

    Textual's `Screen.focused` is a reactive that repaints the whole screen when it changes.
    The widgets that gain and lose the focus restyle and repaint themselves anyway, so on a
    screen as full as the table that repaint only renders every widget again: it was a third
    of the work of each change of panel.
    """

    _moving_focus = False

    def set_focus(
        self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False
    ) -> None:
        """Move the focus, without the whole-screen repaint."""
        self._moving_focus = True
        try:
            super().set_focus(widget, scroll_visible, from_app_focus)
        finally:
            self._moving_focus = False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Refresh as Textual does, except the repaint a focus change asks for."""
        if self._moving_focus and not (regions or layout or recompose):
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
