"""A screen that is not styled a second time when it first shows."""

from __future__ import annotations

from typing import Any, TypeVar

from textual import events, on
from textual.screen import Screen

from agent_avenue.ui.size_classes import size_classes

ResultType = TypeVar("ResultType")


class StyledOnceScreen(Screen[ResultType]):
    """A screen whose widgets are styled once, as they are mounted.

    Textual restyles every widget of a screen when it is pushed (its `ScreenResume` asks for
    it), a moment after mounting styled them all, and again when it first gets its size and
    with it the size classes (`size_classes`): on the table these two passes were most of the
    work of the game's first screen. The screen carries its size classes from the start, and
    its first showing keeps the styles; later resumes restyle as Textual decides.
    """

    _shown_once = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        try:
            size = self.app.size
        except RuntimeError:  # made outside an app (Textual then sets them on its own)
            return
        self.add_class(*size_classes(*size), update=False)

    @on(events.ScreenResume)
    def _keep_first_styles(self, event: events.ScreenResume) -> None:
        """The first showing keeps the styles just computed (Textual's own handler runs after
        this one)."""
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False
