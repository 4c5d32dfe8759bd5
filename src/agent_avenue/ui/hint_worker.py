"""Key h: the hint is searched in a worker thread, with the thinking indicator, then shown.

The search (hints.search_chances) gets only the view the panel's decision is judged from; its
result is turned into words on the UI thread, in the language in use when it arrives, and only
if the same decision is still on screen. A second h while it searches does nothing; a panel
without a hint (the computer's turn, a handoff) never starts one.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.screen import Screen
from textual.worker import Worker, WorkerState

from agent_avenue.engine import PlayerView
from agent_avenue.i18n import t
from agent_avenue.teaching.hints import Chances
from agent_avenue.ui.widgets.panels import Panel, RevealPanel

__all__ = ["HINTS", "HintSearch"]

HINTS = "hints"
"""The worker group in which a hint is searched."""


class HintSearch:
    """A screen's hint search: at most one at a time, for the decision on screen."""

    def __init__(self, screen: Screen[Any]) -> None:
        """Searches run as workers of `screen` (they stop when it goes away)."""
        self.screen = screen
        self.worker: Worker[Chances | None] | None = None
        self.view: PlayerView | None = None

    @staticmethod
    def key_shown(panel: Panel) -> bool | None:
        """Whether the hint key works on `panel` (None: shown dimmed, as it may later); once
        the game is over, nothing is left to hint."""
        if panel.hint_view() is not None:
            return True
        return False if isinstance(panel, RevealPanel) and panel.final else None

    @property
    def busy(self) -> bool:
        """Whether a search is under way."""
        return self.worker is not None and not self.worker.is_finished

    def start(self, panel: Panel) -> None:
        """Search a hint for the panel's decision (nothing if one is already being searched)."""
        from agent_avenue.teaching.hints import search_chances

        view = panel.hint_view()
        if view is None or (self.busy and view == self.view):
            return
        if self.worker is not None:
            self.worker.cancel()
        self.view = view
        panel.show_hint(t("hint.thinking"), thinking=True)
        self.worker = self.screen.run_worker(
            partial(search_chances, view),
            name="hint",
            group=HINTS,
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    def show_thinking(self, panel: Panel) -> None:
        """The thinking line and indicator on `panel` (again after a language switch)."""
        if self.busy and panel.hint_view() == self.view:
            panel.show_hint(t("hint.thinking"), thinking=True)

    def finished(
        self,
        worker: Worker[Chances | None],
        state: WorkerState,
        panel: Panel,
        names: tuple[str, str],
        seats: tuple[str, ...],
    ) -> bool:
        """Show the hint a finished search found, if its decision is still on screen; False
        if the worker was not this search's."""
        if worker is not self.worker:
            return False
        if state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return True
        view = self.view
        self.worker = None
        self.view = None
        if state is WorkerState.CANCELLED or view is None or panel.hint_view() != view:
            return True
        from agent_avenue.teaching.hints import chances_text, hint_unavailable, suggest

        found = worker.result if state is WorkerState.SUCCESS else None
        if found is not None:
            panel.show_hint(chances_text(view, found, names, seats))
            return True
        hint = suggest(view, names, seats)
        panel.show_hint(hint.text if hint is not None else hint_unavailable())
        return True
