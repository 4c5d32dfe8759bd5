"""Learn from your mistakes on the game table: each of one player's marked decisions comes back
on the table a player plays on, from that player's view only (their private screen: their hand
and offer; a public decision: what everyone saw), with the very panel and keys of the game. The
action chosen is not played: the search judges it (in a worker thread) as the review judged the
decision, and the panel then says whether it is as good as the best and why; n (or Enter) goes
to the next marked decision, Escape back to the review.

What comes next and the words are teaching/review_learn.py's (`LearnRun`); a coach box beside
the board says which decision this is and what was played.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.worker import Worker, WorkerState

from agent_avenue.engine import PlayerView, Rules
from agent_avenue.i18n import t
from agent_avenue.play.flow import Show
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.review import Review
from agent_avenue.teaching.review_judge import Decision, Judgement, ReviewBudget
from agent_avenue.teaching.review_learn import LearnRun, as_good
from agent_avenue.ui.messages import ActionChosen, Continue
from agent_avenue.ui.screens.table import TableScreen
from agent_avenue.ui.widgets.coach import Coach
from agent_avenue.ui.widgets.lesson_panel import LessonPanel

__all__ = ["LearnScreen", "as_good"]


class LearnScreen(TableScreen):
    """Steps through `seat`'s marked decisions of a review on the game table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("review.key_back")),
        Binding("n", "next", t("review.learn_next")),
    ]

    def __init__(self, review: Review, rules: Rules, seat: int, budget: ReviewBudget) -> None:
        record = review.record
        super().__init__(rules, tuple(record.names) if record.players > 2 else ())
        self.review = review
        self.seat = seat
        self.run = LearnRun(review, rules, seat, budget)
        self.side_names = side_names(record.names)
        self.shown: PlayerView | None = None
        """The view the table was last given (the seat's own, or the public one)."""
        self.worker: Worker[Judgement] | None = None

    # What tests and the review read -----------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The decision on show (None once every one has been replayed)."""
        position = self.run.position
        return None if position is None else position.decision

    @property
    def items(self) -> tuple[Judgement, ...]:
        """The review's judgements of the decisions replayed, in the game's order."""
        return tuple(p.judgement for p in self.run.positions)

    @property
    def answers(self) -> dict[int, Judgement]:
        """The new choices' judgements, per move number."""
        return self.run.answers

    # Showing ----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """The coach goes into the side column; then the first marked decision."""
        self._mount_coach()
        self.call_after_refresh(self.show_position)

    def _mount_coach(self) -> None:
        """At the top of the side column, or on the small board below the two collections: the
        opponent's agents are part of the position, so the coach must not push them out of
        sight (the side column scrolls to the rest of the coach's words)."""
        side = self.query_one("#table-side", VerticalScroll)
        if self._board_size == "compact":
            side.mount(Coach(id="coach"), after="#collection-1")
        else:
            side.mount(Coach(id="coach"), before=0)

    async def refresh_language(self, names: tuple[str, str]) -> None:
        """The same moment in the language now in use (the record's names, not the app's)."""
        self.side_names = side_names(self.review.record.names)
        await super().refresh_language(self.side_names)
        self._mount_coach()
        self.call_after_refresh(self._say)

    def _say(self) -> None:
        """The coach: which decision this is, what was played and the question."""
        coach = self.query_one("#coach", Coach)
        coach.border_title = t("review.learn_coach")
        coach.say("\n".join(line for line in (self.run.title(), self.run.prompt()) if line))
        self.query_one("#table-side", VerticalScroll).scroll_home(animate=False)

    def show_position(self) -> None:
        """The position on show, as the seat saw it, with the game's panel for the decision;
        or, once every one has been replayed, the end of the game with a last word."""
        position = self.run.position
        names = self.side_names
        if position is None:
            self.shown = self.run.end
            self.show_waiting(self.run.end, names, "")
            self._set_panel(lambda _: LessonPanel((), t("review.learn_back"), self.run.title()))
        else:
            view = position.decision.view
            self.set_log(position.log, names)
            if self.run.step().show is Show.PRIVATE:
                self.shown = view
                self.show_private(view, names, None)
            else:
                self.shown = position.public
                self.show_public_choice(position.public, self.seat, view.legal, names)
        self._say()

    def _show_verdict(self) -> None:
        """The panel says whether the new choice is as good as the best, and why (the table
        still shows the position)."""
        self._set_panel(
            lambda _: LessonPanel(
                (self.run.verdict((self.side_names, self.seats)),), t("review.learn_next_prompt")
            )
        )

    # Messages from the panels ----------------------------------------------------------------

    def on_action_chosen(self, message: ActionChosen) -> None:
        """The player chose again: the action is judged, never played."""
        message.stop()
        decision = self.run.new_decision(message.action)
        if decision is None or self._busy():
            self.app.bell()
            return
        assert self.shown is not None
        self.show_thinking(self.shown, self.side_names, t("review.learn_judging"))
        self.worker = self.run_worker(
            lambda: self.run.judge(decision),
            name="learn",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    def _busy(self) -> bool:
        """Whether a choice is being judged."""
        return self.worker is not None and not self.worker.is_finished

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The new choice has been judged: say how good it was (if the search failed, a beep
        and the position again, to choose once more)."""
        if event.worker is not self.worker or not self.is_attached:
            return
        if event.state is WorkerState.ERROR:
            event.stop()
            self.app.bell()
            self.show_position()
            return
        if event.state is not WorkerState.SUCCESS:
            return
        event.stop()
        new = event.worker.result
        if new is not None and self.run.record(new):
            self._show_verdict()
            self.update_footer()

    def on_continue(self, message: Continue) -> None:
        """Enter on the verdict goes on; at the end it goes back to the review."""
        message.stop()
        if self.run.position is None:
            self.action_close()
        else:
            self.action_next()

    # Keys ------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No hint here (it would give the answer); next once the decision on show has been
        judged."""
        if action == "hint":
            return False
        if action == "next":
            return self.run.answered
        return True

    def action_next(self) -> None:
        """The next marked decision."""
        if self.run.answered:
            self.run.next()
            self.show_position()

    def action_close(self) -> None:
        """Back to the review."""
        self.dismiss(None)
