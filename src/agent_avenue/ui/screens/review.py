"""The review of a finished game: a progress bar while the search judges every decision (in a
worker thread, on every core; Escape cancels and goes back), then the plot of each side's
winning chance with the marked decisions on it, each player's accuracy, and the marked
decisions with their sentences. `l` replays the chosen player's marked decisions ("learn from
your mistakes"), `p` chooses the player.

The numbers come from teaching/review.py, judged from each seat's own views; the game is over,
so the sentences may be read by everyone at the table.
"""

from __future__ import annotations

import threading
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from agent_avenue.engine import GameRecord, Rules
from agent_avenue.i18n import t
from agent_avenue.storage import StorageError
from agent_avenue.teaching.review import Review, all_seats
from agent_avenue.teaching.review_judge import ReviewBudget
from agent_avenue.teaching.review_marks import INACCURACY
from agent_avenue.teaching.review_report import ReviewReport, report_of
from agent_avenue.teaching.review_store import stored_or_new, stored_review
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.size import SizeWarning

__all__ = ["BUDGET", "WORKERS", "ReviewScreen"]

BUDGET = ReviewBudget()
"""The budget the app's reviews are judged with (tests give a smaller one)."""
WORKERS: int | None = None
"""Worker processes (None: one per core)."""
WIDE = 120
"""From this many columns the accuracies and marked decisions sit beside the plot."""


class ReviewScreen(Screen[None]):
    """A finished game's review; `seat` is whose decisions `l` replays first (the first person
    at the table, say)."""

    DEFAULT_CSS = """
    #review-main {
        padding: 0 1;
    }
    #review-title {
        text-style: bold;
        color: $accent;
    }
    #review-waiting {
        height: auto;
        margin: 1 0;
    }
    #review-waiting.-done {
        display: none;
    }
    #review-body {
        height: 1fr;
    }
    #review-body.-waiting {
        display: none;
    }
    #review-plot {
        height: 14;
        min-height: 10;
    }
    #review-side {
        height: 1fr;
    }
    ReviewScreen.-wide #review-body {
        layout: horizontal;
    }
    ReviewScreen.-wide #review-plot {
        width: 1fr;
        height: 1fr;
    }
    ReviewScreen.-wide #review-side {
        width: 64;
        margin-left: 1;
    }
    #review-accuracy {
        margin-bottom: 1;
    }
    #review-learn {
        color: $text-muted;
        margin-bottom: 1;
    }
    .review-row {
        margin-bottom: 1;
    }
    .review-row.-mistake, .review-row.-blunder {
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("review.key_back")),
        Binding("q", "close", t("review.key_back"), show=False),
        Binding("l", "learn", t("review.key_learn")),
        Binding("p", "next_seat", t("review.key_seat")),
    ]

    def __init__(
        self,
        record: GameRecord,
        rules: Rules,
        seat: int | None = None,
        *,
        budget: ReviewBudget | None = None,
    ) -> None:
        super().__init__()
        self.record = record
        self.rules = rules
        self.budget = budget or BUDGET
        seats = all_seats(record)
        self.seat = seat if seat in seats else seats[0]
        self.review: Review | None = None
        self.report: ReviewReport | None = None
        self.problem: str | None = None
        self.cancel = threading.Event()
        """Set by Escape: the review stops (its worker processes are ended)."""
        self.finished = threading.Event()
        """Set when the review's thread has ended, whichever way."""
        self.worker: Worker[Review] | None = None

    def compose(self) -> ComposeResult:
        """The title and the progress while judging; or, for a review stored with the game (or
        already shown), the plot and the side column at once: one layout, one first frame."""
        self.set_class(self.app.size.width >= WIDE, "-wide")  # before the children are styled
        review = self.review or stored_review(self.record, None, self.budget, self.rules)
        yield SizeWarning()
        with Vertical(classes="main", id="review-main"):
            if review is None:
                yield Static(Content(t("review.screen_title")), id="review-title")
                with Vertical(id="review-waiting"):
                    line = t("review.computing", done=0, total="…")
                    yield Static(Content(line), id="review-status")
                    yield ProgressBar(id="review-progress", show_eta=False)
                yield Vertical(id="review-body", classes="-waiting")
            else:
                self.finished.set()
                body = self._body(review)
                assert self.report is not None
                yield Static(Content(self.report.title()), id="review-title")
                yield Vertical(*body, id="review-body")
        yield KeyBar()

    def on_mount(self) -> None:
        """Start judging, unless the review was stored (then it is on the screen already)."""
        if self.review is not None or self.worker is not None:
            return
        self.worker = self.run_worker(
            self._compute, name="review", thread=True, exclusive=True, exit_on_error=False
        )

    def on_resize(self) -> None:
        """Beside the plot on a wide screen, below it otherwise."""
        self.set_class(self.app.size.width >= WIDE, "-wide")

    def _compute(self) -> Review:
        """The review (worker thread): stored, or judged on every core with progress."""
        try:
            review, _ = stored_or_new(
                self.record,
                None,
                self.budget,
                rules=self.rules,
                workers=WORKERS,
                progress=self._progress_from_thread,
                cancel=self.cancel,
            )
        finally:
            self.finished.set()
        return review

    def _progress_from_thread(self, done: int, total: int) -> None:
        """Progress, told from the worker thread."""
        if not self.cancel.is_set():
            self.app.call_from_thread(self._show_progress, done, total)

    def _show_progress(self, done: int, total: int) -> None:
        """The bar and its line (while the screen is still there)."""
        if not self.is_attached:
            return
        self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)
        line = t("review.computing", done=done, total=total)
        self.query_one("#review-status", Static).update(Content(line))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The review is ready (or could not be made): show it."""
        if event.worker is not self.worker or self.cancel.is_set():
            return
        if event.state is WorkerState.SUCCESS:
            review = event.worker.result
            assert review is not None
            self.show_review(review)
        elif event.state is WorkerState.ERROR:
            error = event.worker.error
            problem = str(error) if isinstance(error, StorageError | ValueError) else repr(error)
            self.problem = t("review.failed", problem=problem)
            self.query_one("#review-status", Static).update(Content(self.problem))

    def show_review(self, review: Review) -> None:
        """Lay out a review just judged: plot, accuracies, marked decisions."""
        body_widgets = self._body(review)
        assert self.report is not None
        self.query_one("#review-waiting").set_class(True, "-done")
        body = self.query_one("#review-body", Vertical)
        body.set_class(False, "-waiting")
        self.query_one("#review-title", Static).update(Content(self.report.title()))
        # One mount for everything: the plot is drawn once the layout is known, not per row.
        body.mount_all(body_widgets)
        self.refresh_bindings()

    def _body(self, review: Review) -> list[Widget]:
        """The plot and the side column (accuracies, whose decisions `l` replays, the marked
        decisions with their sentences) of a finished review, now kept as the screen's."""
        from agent_avenue.ui.widgets.review_plot import ReviewPlot

        self.review = review
        self.report = report = report_of(review, self.rules)
        rows: list[Static] = [
            Static(Content("\n".join(report.accuracy_lines())), id="review-accuracy"),
            Static(Content(self._learn_line()), id="review-learn"),
        ]
        marked = report.marked_rows()
        if not marked:
            rows.append(
                Static(Content(t("review.no_marks", points=int(INACCURACY))), id="review-none")
            )
        for row in marked:
            text = f"{row.heading()}\n{row.why}"
            rows.append(Static(Content(text), classes=f"review-row -{row.mark.value}"))
        return [ReviewPlot(review, id="review-plot"), VerticalScroll(*rows, id="review-side")]

    def _learn_line(self) -> str:
        """Whose decisions `l` replays."""
        return t("review.for_seat", name=self.record.names[self.seat])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Learning and choosing a player wait for the review."""
        if action in ("learn", "next_seat"):
            return self.review is not None
        return True

    def action_next_seat(self) -> None:
        """Learn from the next player's decisions."""
        seats = all_seats(self.record)
        self.seat = seats[(seats.index(self.seat) + 1) % len(seats)]
        if self.review is not None:
            self.query_one("#review-learn", Static).update(Content(self._learn_line()))

    def action_learn(self) -> None:
        """Replay the chosen player's marked decisions."""
        from agent_avenue.ui.screens.learn import LearnScreen

        if self.review is None or self.report is None:
            return
        self.app.push_screen(LearnScreen(self.review, self.rules, self.seat, self.budget))

    def on_unmount(self) -> None:
        """A review still being judged stops with its screen (the app quitting, say), so that
        nothing waits for it."""
        self.cancel.set()

    def action_close(self) -> None:
        """Back (a review still being judged is cancelled)."""
        self.cancel.set()
        self.dismiss(None)
