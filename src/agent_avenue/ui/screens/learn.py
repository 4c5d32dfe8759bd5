"""Learn from your mistakes: each of one player's marked decisions comes back, shown from that
player's view only (the board, both collections, their own hand and the offer as they saw
it), and the player chooses again. The search judges the new choice from the same view, with
the review's budget and seeds, so it is compared with the very chance the review found best;
the screen says whether it is as good as the best (within the inaccuracy threshold) and why,
in the engine's verdicts.

Built from the table's own widgets (board, collections, cards, offer slots); the choices are
the engine's legal actions in the hints' words.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from agent_avenue.engine import Action, Phase, PlayerView, Rules
from agent_avenue.i18n import t
from agent_avenue.play.teams import side_names
from agent_avenue.teaching.hints import action_reason, action_words
from agent_avenue.teaching.review import Review, decisions_of, mark
from agent_avenue.teaching.review_judge import Decision, Judgement, ReviewBudget, judge
from agent_avenue.teaching.review_marks import INACCURACY, Mark
from agent_avenue.teaching.review_text import mark_word, percent, taken_and_best, why_better
from agent_avenue.ui.widgets import AgentCard, BoardRing, CollectionPanel
from agent_avenue.ui.widgets.keybar import KeyBar
from agent_avenue.ui.widgets.offer_slots import OfferSlots
from agent_avenue.ui.widgets.size import SizeWarning

__all__ = ["LearnScreen", "as_good"]


def as_good(new: Judgement, original: Judgement) -> bool:
    """Whether a new choice is as good as the best the review found: within the inaccuracy
    threshold of its chance (a sure win it missed never is)."""
    if new.missed_win or new.chose_loss:
        return False
    best = max(original.chance_best, new.chance_best)
    return 100 * (best - new.chance_taken) < INACCURACY


class LearnScreen(Screen[None]):
    """Steps through `seat`'s marked decisions of a review; n goes to the next one."""

    DEFAULT_CSS = """
    #learn-main {
        padding: 0 1;
    }
    #learn-title {
        text-style: bold;
        color: $accent;
    }
    #learn-table {
        height: auto;
    }
    #learn-side {
        width: 1fr;
        height: auto;
    }
    #learn-hand {
        height: auto;
        margin-top: 1;
    }
    #learn-choices {
        height: auto;
        max-height: 12;
        margin-top: 1;
    }
    #learn-verdict {
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("review.key_back")),
        Binding("n", "next", t("review.learn_next")),
    ]

    def __init__(self, review: Review, rules: Rules, seat: int, budget: ReviewBudget) -> None:
        super().__init__()
        self.review = review
        self.rules = rules
        self.seat = seat
        self.budget = budget
        record = review.record
        self.names = side_names(record.names)
        self.seat_names = tuple(record.names) if record.players > 2 else ()
        self.items = tuple(j for j in review.of_seat(seat) if mark(j) is not Mark.NONE)
        decisions, _ = decisions_of(record, (seat,), rules)
        self.decisions = {d.number: d for d in decisions}
        self.index = 0
        self.answers: dict[int, Judgement] = {}
        """The new choice's judgement, per move number replayed."""
        self.worker: Worker[Judgement] | None = None

    def compose(self) -> ComposeResult:
        """Title, prompt, the verdict on the new choice, the seat's table and its choices."""
        yield SizeWarning()
        with VerticalScroll(classes="main", id="learn-main"):
            yield Static(id="learn-title")
            yield Static(id="learn-prompt")
            yield Static(id="learn-verdict")
            with Horizontal(id="learn-table"):
                yield BoardRing(id="learn-board")
                with Vertical(id="learn-side"):
                    yield CollectionPanel(0, id="learn-collection-0")
                    yield CollectionPanel(1, id="learn-collection-1")
            yield Horizontal(id="learn-hand")
            yield Static(Content(t("review.learn_choices")), id="learn-choices-title")
            yield OptionList(id="learn-choices")
        yield KeyBar()

    def on_mount(self) -> None:
        """The first marked decision (or why there is none)."""
        self.show_item()

    @property
    def decision(self) -> Decision | None:
        """The decision on screen."""
        if self.index >= len(self.items):
            return None
        return self.decisions[self.items[self.index].number]

    def show_item(self) -> None:
        """Draw the decision on screen from the seat's view, with its choices."""
        name = self.review.record.names[self.seat]
        title = self.query_one("#learn-title", Static)
        prompt = self.query_one("#learn-prompt", Static)
        choices = self.query_one("#learn-choices", OptionList)
        choices.clear_options()
        self.query_one("#learn-verdict", Static).update("")
        decision = self.decision
        if decision is None:
            done = t("review.learn_done") if self.items else t("review.learn_none", name=name)
            title.update(Content(done))
            prompt.update("")
            self.refresh_bindings()
            return
        judgement = self.items[self.index]
        view = decision.view
        title.update(Content(t("review.learn_title", number=self.index + 1, total=len(self.items))))
        prompt.update(
            Content(
                t(
                    "review.learn_prompt",
                    move=judgement.number,
                    name=name,
                    taken=action_words(decision.taken, view),
                    mark=mark_word(mark(judgement)),
                )
            )
        )
        self._show_table(view)
        choices.add_options(
            [Option(action_words(a, view), id=str(i)) for i, a in enumerate(view.legal)]
        )
        choices.highlighted = 0
        choices.focus()
        self.refresh_bindings()

    def _show_table(self, view: PlayerView) -> None:
        """The board, the collections, the seat's hand and the offer, as the seat saw them."""
        self.query_one(BoardRing).update_view(view, self.names)
        for side in (0, 1):
            panel = self.query_one(f"#learn-collection-{side}", CollectionPanel)
            panel.update_view(view, side, self.names, self.seat_names)
        hand = self.query_one("#learn-hand", Horizontal)
        hand.remove_children()
        me = view.me.index
        cards: list[AgentCard | OfferSlots] = [
            AgentCard(agent, i, view, me) for i, agent in enumerate(view.hand)
        ]
        if view.face_up is not None:
            slots = OfferSlots(classes="learn-offer")
            hidden = view.phase is Phase.RECRUIT and view.face_down is None  # a card on the table
            slots.show(view, me, (view.face_up, view.face_down, hidden))
            cards.append(slots)
        hand.mount_all(cards)

    @on(OptionList.OptionSelected, "#learn-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Judge the new choice in a worker thread."""
        decision = self.decision
        if decision is None or event.option.id is None or self._busy():
            return
        action = decision.view.legal[int(event.option.id)]
        self.query_one("#learn-verdict", Static).update(Content(t("review.learn_judging")))
        self.worker = self.run_worker(
            lambda: self._judge(decision, action),
            name="learn",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    def _busy(self) -> bool:
        """Whether a choice is being judged."""
        return self.worker is not None and not self.worker.is_finished

    def _judge(self, decision: Decision, action: Action) -> Judgement:
        """The new choice judged as the review judged the decision (worker thread)."""
        return judge(Decision(decision.number, decision.seat, decision.view, action), self.budget)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Say whether the new choice is as good as the best, and why."""
        if event.worker is not self.worker or event.state is not WorkerState.SUCCESS:
            return
        new = event.worker.result
        decision = self.decision
        if new is None or decision is None or new.number != decision.number:
            return
        self.answers[new.number] = new
        verdict = self.query_one("#learn-verdict", Static)
        verdict.update(Content(self.verdict(decision, new)))
        self.call_after_refresh(self.query_one("#learn-main").scroll_home, animate=False)
        self.refresh_bindings()

    def verdict(self, decision: Decision, new: Judgement) -> str:
        """The verdict on a new choice: as good as the best or not, with the engine's reason."""
        original = self.items[self.index]
        view = decision.view
        choice, best = taken_and_best(Decision(new.number, new.seat, view, decision.taken), new)
        chosen = Decision(new.number, new.seat, view, choice)
        best_chance = max(original.chance_best, new.chance_best)
        if as_good(new, original):
            head = t(
                "review.learn_good",
                action=action_words(choice, view),
                chance=percent(new.chance_taken),
                best=action_words(best, view),
                best_chance=percent(best_chance),
            )
            return t("review.why", head=head, reason=action_reason(view, choice, *self._names()))
        head = t(
            "review.learn_bad",
            action=action_words(choice, view),
            chance=percent(new.chance_taken),
            best=action_words(best, view),
            best_chance=percent(best_chance),
        )
        if new.sure_flag:  # the engine's sure result says it best
            return f"{head}\n{why_better(chosen, new, *self._names())}"
        return t("review.why", head=head, reason=action_reason(view, best, *self._names()))

    def _names(self) -> tuple[tuple[str, str], tuple[str, ...]]:
        """Side names and (team games) seat names, for the sentences."""
        return self.names, self.seat_names

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next: once the decision on screen has been replayed."""
        if action == "next":
            decision = self.decision
            return decision is not None and decision.number in self.answers
        return True

    def action_next(self) -> None:
        """The next marked decision."""
        if self.decision is not None:
            self.index += 1
            self.show_item()

    def action_close(self) -> None:
        """Back to the review."""
        self.dismiss(None)
