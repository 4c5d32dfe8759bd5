"""The lesson driver: the learner's moves go through the engine, the opponent's come from the
script; wrong tries are played on a copy and shown, then the step starts again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from agent_avenue.engine import Action, Event, GameState, Offer, apply, replay_steps
from agent_avenue.i18n import t
from agent_avenue.teaching.tutorial.facts import fill
from agent_avenue.teaching.tutorial.lesson import Lesson, Step, Wrong, is_reveal

__all__ = ["LessonRun", "Played", "Verdict"]


class Verdict(Enum):
    """How a learner's action fits the current step."""

    EXPECTED = "expected"
    WRONG = "wrong"  # one of the step's wrong tries
    OTHER = "other"  # legal, but not what this lesson asks for


@dataclass(frozen=True, slots=True)
class Played:
    """Moves played for one reveal: the state before the revealing move, after, and events."""

    before: GameState
    after: GameState
    events: tuple[Event, ...]
    action: Action  # the first revealing move (a recruit, a pick, a choice)


class LessonRun:
    """One attempt at a lesson, from its start (leaving and coming back starts a new one)."""

    def __init__(self, lesson: Lesson, names: tuple[str, str]) -> None:
        self.lesson = lesson
        self.names = names
        self.state = lesson.start
        self.index = 0

    @property
    def step(self) -> Step | None:
        """The current step, or None once the script is over."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        """Whether every step has been played (the game is then over)."""
        return self.index >= len(self.lesson.steps)

    def advance(self) -> None:
        """On to the next step."""
        self.index += 1

    def judge(self, action: Action) -> tuple[Verdict, Wrong | None]:
        """Whether an action is the step's expected one, one of its wrong tries, or another."""
        step = self.step
        if step is None or step.expect is None:
            return Verdict.OTHER, None
        if action == step.expect:
            return Verdict.EXPECTED, None
        wrong = step.wrong_for(action)
        if wrong is not None:
            return Verdict.WRONG, wrong
        return Verdict.OTHER, None

    def play(self, action: Action) -> Played:
        """Apply the step's action (the learner's expected one, or the opponent's scripted one)."""
        before = self.state
        self.state = apply(before, action)
        return Played(before, self.state, self.state.events, action)

    def play_opponent(self) -> Played:
        """Apply the current opponent step's scripted action."""
        step = self.step
        assert step is not None and step.opponent is not None
        return self.play(step.opponent)

    def demonstrate(self, wrong: Wrong, chosen: Action) -> Played:
        """What a wrong try leads to, played on a copy: the lesson's state does not change.

        The reveal starts at the first revealing move (after a wrong offer: the opponent's
        recruit) and gathers the events of every move from there.
        """
        steps = tuple(replay_steps(self.state, (chosen, *wrong.reply(chosen))))
        offered = isinstance(chosen, Offer)
        before = steps[0].state if offered else self.state
        first: Action = steps[1].action if offered and len(steps) > 1 else chosen
        revealed = steps[1:] if offered else steps
        events = tuple(event for step in revealed for event in step.state.events)
        return Played(before, steps[-1].state, events, first)

    def text(self, key: str | None, facts: Mapping[str, str], state: GameState) -> str:
        """A coach text with its facts computed on `state` (empty when there is no text)."""
        if key is None:
            return ""
        return t(key, **fill(facts, state, self.lesson.learner, self.names))

    def coach_text(self) -> str:
        """The current step's coach text, on the position before its action."""
        step = self.step
        return "" if step is None else self.text(step.coach, step.facts, self.state)

    def after_text(self, step: Step) -> str:
        """An expect step's `after` text, on the position after its action."""
        return self.text(step.after, step.after_facts, self.state)

    def why_text(self, wrong: Wrong) -> str:
        """A wrong try's explanation; its facts are computed on the position before the try."""
        return self.text(wrong.why, wrong.facts, self.state)

    @staticmethod
    def reveals(action: Action) -> bool:
        """Whether the action is followed by a reveal."""
        return is_reveal(action)
