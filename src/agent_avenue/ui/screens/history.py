"""The score sheet in the app: every finished game and the totals, a way into replays, and
the ratings (a table and a plot of each player's rating over the games) on a second tab."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from agent_avenue.engine import Rules
from agent_avenue.i18n import t
from agent_avenue.play.ratings import Ratings, rate_games
from agent_avenue.play.score_sheet import ratings_note, ratings_table, render_history
from agent_avenue.storage import HistoryRow, StorageError, find_game, load_history, replay_states
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.rating_plot import MAX_PLOTTED, RatingChart
from agent_avenue.ui.widgets.size import SizeWarning

GAMES_TAB = "history-games"
RATINGS_TAB = "history-ratings"

__all__ = ["HistoryScreen"]


class HistoryScreen(Screen[None]):
    """The score sheet (public facts only); ←/→ choose a game and r replays it."""

    DEFAULT_CSS = """
    #history-main {
        padding: 0 1;
    }
    #history-tabs {
        height: 1fr;
    }
    #history-tabs > ContentSwitcher, #history-tabs TabPane {
        height: 1fr;
        padding: 0;
    }
    #history-ratings-body {
        height: 1fr;
    }
    #history-plot {
        height: 1fr;
        min-height: 12;
    }
    #history-rating-side {
        height: auto;
    }
    HistoryScreen.-wide #history-ratings-body {
        layout: horizontal;
    }
    HistoryScreen.-wide #history-rating-side {
        width: 62;
        height: 1fr;
        margin-left: 2;
    }
    HistoryScreen.-wide #history-plot {
        width: 1fr;
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
        Binding("v", "review", t("review.key_open")),
        Binding("g", "switch", t("history_screen.key_switch")),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules
        self.rows: list[HistoryRow] = []
        self.ratings: Ratings | None = None
        self.problem: str | None = None
        self.selected = 1
        """The chosen game, numbered as the table and `agent-avenue replay` number them."""

    def compose(self) -> ComposeResult:
        """Title, a sentence if the sheet was bad, then two tabs: the games (the chosen one,
        the tables) and the ratings (their table and plot)."""
        self.rows, self.problem = load_history()
        self.ratings = rate_games(self.rows)
        yield SizeWarning()
        with Container(classes="main", id="history-main"):
            yield Static(Content(t("history_screen.title")), id="history-title")
            yield Static(Content(self.problem or ""), id="history-problem")
            with TabbedContent(id="history-tabs", initial=GAMES_TAB):
                with (
                    TabPane(t("history_screen.tab_games"), id=GAMES_TAB),
                    VerticalScroll(id="history-games-body"),
                ):
                    yield Static(id="history-selected")
                    yield Static(render_history(self.rows), id="history-table")
                with TabPane(t("history_screen.tab_ratings"), id=RATINGS_TAB):
                    yield from self._compose_ratings(self.ratings)
        yield KeyBar()

    def _compose_ratings(self, ratings: Ratings) -> ComposeResult:
        """The plot, and the ratings' table with what its numbers mean (beside the plot on a
        wide screen, below it otherwise: the tab then scrolls)."""
        if not ratings.players:
            yield Static(Content(t("ratings.plot_empty")), id="history-no-ratings")
            return
        with VerticalScroll(id="history-ratings-body"):
            yield RatingChart(ratings, id="history-plot")
            with VerticalScroll(id="history-rating-side"):
                yield Static(ratings_table(ratings), id="history-rating-table")
                yield Static(ratings_note(), id="history-rating-note")
                if len(ratings.players) > MAX_PLOTTED:
                    note = t("ratings.plot_some", shown=MAX_PLOTTED)
                    yield Static(Content(note), id="history-plot-some")

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
        """Choosing and replaying need a game on the sheet, and the games' tab."""
        if action in ("select", "replay", "review"):
            return bool(self.rows) and self._tab() == GAMES_TAB
        return True

    def _tab(self) -> str:
        """The tab shown: the games' or the ratings'."""
        return self.query_one(TabbedContent).active or GAMES_TAB

    def action_switch(self) -> None:
        """Show the other tab: the ratings after the games, the games after the ratings."""
        tabs = self.query_one(TabbedContent)
        tabs.active = RATINGS_TAB if self._tab() == GAMES_TAB else GAMES_TAB

    @on(TabbedContent.TabActivated)
    def _tab_changed(self) -> None:
        """The keys for choosing and replaying a game come and go with the games' tab."""
        self.refresh_bindings()

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

    def action_review(self) -> None:
        """Review the chosen game; a bad or missing game file is reported in one sentence."""
        from agent_avenue.ui.screens.review import ReviewScreen

        if not self.rows:
            return
        try:
            game = find_game(str(self.selected), rules=self.rules)
        except StorageError as exc:
            self._show_problem(str(exc))
            return
        if game.result is None:
            self._show_problem(t("review.unfinished") + ".")
            return
        self._show_problem(None)
        self.app.push_screen(ReviewScreen(game.record, self.rules))

    def action_close(self) -> None:
        """Back to where the score sheet was opened."""
        self.dismiss(None)
