"""The score sheet in the app: every finished game and the totals, and a way into replays."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from agent_avenue.engine import Rules
from agent_avenue.i18n import t
from agent_avenue.play.score_sheet import render_history
from agent_avenue.storage import HistoryRow, StorageError, find_game, load_history, replay_states
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

__all__ = ["HistoryScreen"]


class HistoryScreen(Screen[None]):
    """The score sheet (public facts only); ←/→ choose a game and r replays it."""

    DEFAULT_CSS = """
    #history-main {
        padding: 0 1;
    }
    #history-title {
        text-style: bold;
        color: $accent;
    }
    #history-problem {
        color: $text-warning;
    }
    #history-problem.-none {
        display: none;
    }
    #history-selected {
        margin-bottom: 1;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("history_screen.key_close")),
        Binding("h,q", "close", t("history_screen.key_close"), show=False),
        Binding("left", "select(1)", t("history_screen.key_previous"), priority=True),
        Binding("right", "select(-1)", t("history_screen.key_next"), priority=True),
        Binding("r", "replay", t("history_screen.key_replay")),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.rows: list[HistoryRow] = []
        self.problem: str | None = None
        self.selected = 1
        """The chosen game, numbered as the table and `agent-avenue replay` number them."""

    def compose(self) -> ComposeResult:
        """Title, a sentence if the sheet was bad, the tables and the chosen game."""
        self.rows, self.problem = load_history()
        yield SizeWarning()
        with VerticalScroll(classes="main", id="history-main"):
            yield Static(Content(t("history_screen.title")), id="history-title")
            yield Static(Content(self.problem or ""), id="history-problem")
            yield Static(id="history-selected")
            yield Static(render_history(self.rows), id="history-table")
        yield KeyBar()

    def on_mount(self) -> None:
        """Show which game is chosen."""
        self._show_problem(self.problem)
        self._show_selected()

    def _show_problem(self, problem: str | None) -> None:
        self.problem = problem
        box = self.query_one("#history-problem", Static)
        box.update(Content(problem or ""))
        box.set_class(not problem, "-none")

    def _show_selected(self) -> None:
        text = ""
        if self.rows:
            text = t("history_screen.selected", number=self.selected, total=len(self.rows))
        self.query_one("#history-selected", Static).update(Content(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Choosing and replaying need a game on the sheet."""
        if action in ("select", "replay"):
            return bool(self.rows)
        return True

    def action_select(self, delta: int) -> None:
        """Choose an older (1) or more recent (-1) game."""
        if self.rows:
            self.selected = min(max(self.selected + delta, 1), len(self.rows))
            self._show_selected()

    def action_replay(self) -> None:
        """Replay the chosen game; a bad or missing game file is reported in one sentence."""
        from agent_avenue.ui.screens.replay import ReplayScreen

        if not self.rows:
            return
        try:
            game = find_game(str(self.selected), rules=self.rules)
            states = replay_states(game.record, rules=self.rules)
        except StorageError as exc:
            self._show_problem(str(exc))
            return
        if not states[-1].is_over:
            self._show_problem(t("replay.unfinished") + ".")
            return
        self._show_problem(None)
        self.app.push_screen(ReplayScreen(game.record, states))

    def action_close(self) -> None:
        """Back to where the score sheet was opened."""
        self.dismiss(None)
