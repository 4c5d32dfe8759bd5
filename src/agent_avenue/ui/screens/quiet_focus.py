"""A screen that does not repaint itself whole each time the focus moves, nor when a screen
that lets it show through is pushed over it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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
    _kept_as_drawn = False

    def set_focus(
        self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False
    ) -> None:
        """Move the focus, without the whole-screen repaint."""
        self._moving_focus = True
        try:
            super().set_focus(widget, scroll_visible, from_app_focus)
        finally:
            self._moving_focus = False

    @contextmanager
    def kept_as_drawn(self) -> Iterator[None]:
        """Meanwhile nothing repaints the screen whole: Textual repaints a screen that another
        is pushed over, and when the new one lets it show through (the result over the table)
        that renders every widget of it again for the same picture."""
        self._kept_as_drawn = True
        try:
            yield
        finally:
            self._kept_as_drawn = False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Refresh as Textual does, except the repaint a focus change or `kept_as_drawn`
        asks for."""
        if (self._moving_focus or self._kept_as_drawn) and not (regions or layout or recompose):
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
