"""Learn from your mistakes, without the screen: each marked decision of one player comes back
as that player saw it, the player chooses again, and the new choice is judged as the review
judged the old one (same budget, same seeds, so against the very chance the review found best).

`LearnRun` drives it: the positions to replay (from one replay of the record: at each marked
decision the seat's own view, the public view and the stage, never the state), which one is
on show, whether it is decided on a private or a public screen (play/flow.py, the player alone
at the terminal), the new choices' judgements and the verdict on each, in the engine's reasons.
The game table shows a position and hands back the action chosen (ui/screens/learn.py); the
action is judged, never applied to a game. No textual imports.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent_avenue.engine import Action, PlayerView, Rules, player_view, replay_steps
from agent_avenue.i18n import t
from agent_avenue.play.flow import Flow, Next
from agent_avenue.play.session import LogEntry, Stage, public_entry, stage_of
from agent_avenue.teaching.hints import action_reason, action_words
from agent_avenue.teaching.review import Review, mark
from agent_avenue.teaching.review_judge import Decision, Judgement, ReviewBudget, judge
from agent_avenue.teaching.review_marks import INACCURACY, Mark
from agent_avenue.teaching.review_text import mark_word, percent, taken_and_best, why_better

__all__ = ["LearnPosition", "LearnRun", "as_good", "learn_positions"]

Names = tuple[tuple[str, str], tuple[str, ...]]
"""Side names and (team games) seat names, for the sentences."""


@dataclass(frozen=True, slots=True)
class LearnPosition:
    """One marked decision to replay: the review's judgement of it, the seat's view then with
    the action it took (`decision`), what everyone saw then (`public`), `stage`: who decided
    and whether on a private screen, and the game's public log until then."""

    judgement: Judgement
    decision: Decision
    public: PlayerView
    stage: Stage
    log: tuple[LogEntry, ...]


def learn_positions(
    review: Review, seat: int, rules: Rules
) -> tuple[tuple[LearnPosition, ...], PlayerView]:
    """The seat's marked decisions in the game's order, and the public view at the game's end."""
    wanted = {j.number: j for j in review.of_seat(seat) if mark(j) is not Mark.NONE}
    state = review.record.start(rules)
    log = [public_entry(state.turn, state)]
    found: list[LearnPosition] = []
    for step in replay_steps(state, review.record.moves):
        judgement = wanted.get(step.number)
        if judgement is not None and state.to_act == seat:
            decision = Decision(step.number, seat, player_view(state, seat), step.action)
            public = player_view(state, None)
            found.append(LearnPosition(judgement, decision, public, stage_of(state), tuple(log)))
        log.append(public_entry(state.turn, step.state))
        state = step.state
    return tuple(found), player_view(state, None)


def as_good(new: Judgement, original: Judgement) -> bool:
    """Whether a new choice is as good as the best the review found: within the inaccuracy
    threshold of its chance (a sure win it missed never is)."""
    if new.missed_win or new.chose_loss:
        return False
    best = max(original.chance_best, new.chance_best)
    return 100 * (best - new.chance_taken) < INACCURACY


class LearnRun:
    """One player's marked decisions, replayed one after the other."""

    def __init__(self, review: Review, rules: Rules, seat: int, budget: ReviewBudget) -> None:
        """The marked decisions of `seat` in `review`, judged again with `budget`."""
        self.seat = seat
        self.budget = budget
        self.name = review.record.names[seat]
        self.positions, self.end = learn_positions(review, seat, rules)
        self.flow = Flow(review.record.players, frozenset({seat}), frozenset())
        """The player alone at the terminal: which screen, private or public (no handoff)."""
        self.index = 0
        self.answers: dict[int, Judgement] = {}
        """The new choice's judgement, per move number replayed."""

    @property
    def position(self) -> LearnPosition | None:
        """The position on show (None once every one has been replayed)."""
        return self.positions[self.index] if self.index < len(self.positions) else None

    @property
    def answered(self) -> bool:
        """Whether the position on show has been chosen again and judged."""
        position = self.position
        return position is not None and position.decision.number in self.answers

    def step(self) -> Next:
        """How the table shows the position: the seat's private screen, or a public one."""
        position = self.position
        assert position is not None
        return self.flow.next(position.stage, None)

    def new_decision(self, action: Action) -> Decision | None:
        """The new choice, as a decision to judge: None unless it is one of the seat's legal
        actions at the position on show (and that position has not been judged again yet)."""
        position = self.position
        if position is None or self.answered or action not in position.decision.view.legal:
            return None
        old = position.decision
        return Decision(old.number, old.seat, old.view, action)

    def judge(self, decision: Decision) -> Judgement:
        """A new choice judged as the review judged the decision (slow: a worker thread)."""
        return judge(decision, self.budget)

    def record(self, new: Judgement) -> bool:
        """Keep a new choice's judgement if it is the position on show's; whether it was."""
        position = self.position
        if position is None or new.number != position.decision.number:
            return False
        self.answers[new.number] = new
        return True

    def next(self) -> None:
        """On to the next marked decision."""
        if self.position is not None:
            self.index += 1

    # Words ---------------------------------------------------------------------------------

    def title(self) -> str:
        """Which marked decision this is, or that every one has been replayed (or none was)."""
        if self.position is None:
            if self.positions:
                return t("review.learn_done")
            return t("review.learn_none", name=self.name)
        return t("review.learn_title", number=self.index + 1, total=len(self.positions))

    def prompt(self) -> str:
        """What was played here and its mark, and the question (empty once done)."""
        position = self.position
        if position is None:
            return ""
        decision = position.decision
        return t(
            "review.learn_prompt",
            move=decision.number,
            name=self.name,
            taken=action_words(decision.taken, decision.view),
            mark=mark_word(mark(position.judgement)),
        )

    def verdict(self, names: Names) -> str:
        """The verdict on the new choice at the position on show: as good as the best or not,
        with the engine's reason (empty before it has been judged)."""
        position = self.position
        new = self.answers.get(position.decision.number) if position is not None else None
        if position is None or new is None:
            return ""
        view = position.decision.view
        choice, best = taken_and_best(position.decision, new)  # read back from the judgement
        best_chance = max(position.judgement.chance_best, new.chance_best)
        words = {
            "action": action_words(choice, view),
            "chance": percent(new.chance_taken),
            "best": action_words(best, view),
            "best_chance": percent(best_chance),
        }
        if as_good(new, position.judgement):
            head = t("review.learn_good", **words)
            return t("review.why", head=head, reason=action_reason(view, choice, *names))
        head = t("review.learn_bad", **words)
        if new.sure_flag:  # the engine's sure result says it best
            chosen = Decision(new.number, new.seat, view, choice)
            return f"{head}\n{why_better(chosen, new, *names)}"
        return t("review.why", head=head, reason=action_reason(view, best, *names))
