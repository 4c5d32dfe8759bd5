"""Lessons: a scenario and a script of steps in a TOML file, validated at the edge (pydantic).

A lesson file holds its metadata (locale keys for the title, summary and closing text), a
`[scenario]` table with the same keys as a scenario file (docs/scenarios.md) and `[[steps]]`:

* a *say* step only shows its `coach` text; Enter goes on;
* an *expect* step waits for the learner's action (`expect`, in move notation). Its `wrong`
  entries are legal actions the coach lets the learner try: the board then shows what they
  lead to (`takes`: the agent the opponent recruits after a wrong offer; `then`: further
  scripted moves) and the `why` text says why it is worse; the step then starts again.
  `after` is shown on the reveal that follows a recruit or a pick;
* an *opponent* step is the scripted computer's action (`opponent`, in move notation).

Every text is a locale key; its numbers are `facts`, queries the engine answers (facts.py).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_avenue.data.scenario import ScenarioError, scenario_from_table
from agent_avenue.engine import (
    RECRUIT_DOWN,
    RECRUIT_UP,
    Action,
    Discard,
    GameState,
    IllegalAction,
    NotationError,
    Offer,
    ReplayError,
    Rules,
    apply,
    parse_action,
    replay_from,
)
from agent_avenue.teaching.tutorial.facts import FactError, check_query

__all__ = [
    "LESSON_IDS",
    "MISTAKES",
    "Lesson",
    "LessonError",
    "Step",
    "Wrong",
    "check_script",
    "is_reveal",
    "lesson_path",
    "load_lesson",
    "load_lessons",
]

LESSON_IDS = ("simple", "advanced")
"""The lessons shipped with the package, in the order they are taught."""
MISTAKES = ("end_step", "both_move", "second_copy", "third_double_agent")
"""The common mistakes of the quick rules, which the simple lesson walks through."""


class LessonError(Exception):
    """A lesson file that cannot be used; the message is one sentence naming the file."""


# The file's shape ------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class WrongModel(_Model):
    """A legal but worse action the learner may try at an expect step."""

    action: str
    why: str
    takes: str | None = None
    then: list[str] = Field(default_factory=list)
    facts: dict[str, str] = Field(default_factory=dict)


class StepModel(_Model):
    """One `[[steps]]` table."""

    coach: str | None = None
    expect: str | None = None
    opponent: str | None = None
    after: str | None = None
    facts: dict[str, str] = Field(default_factory=dict)
    after_facts: dict[str, str] = Field(default_factory=dict)
    wrong: list[WrongModel] = Field(default_factory=list)
    mistake: Literal["end_step", "both_move", "second_copy", "third_double_agent"] | None = None


class LessonModel(_Model):
    """A whole lesson file."""

    id: str
    title: str
    summary: str
    finish: str
    finish_facts: dict[str, str] = Field(default_factory=dict)
    learner: int = Field(default=0, ge=0, le=1)
    next: str | None = None
    scenario: dict[str, Any]
    steps: list[StepModel] = Field(min_length=1)


# The lesson as the driver uses it ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wrong:
    """A wrong try: the action, the opponent's reply, further moves, and the explanation."""

    action: Action
    why: str
    takes: str | None = None
    then: tuple[Action, ...] = ()
    facts: Mapping[str, str] = field(default_factory=dict)

    def matches(self, action: Action) -> bool:
        """Whether the learner's action is this wrong try (an offer in either orientation
        when `takes` says which card the opponent recruits)."""
        if isinstance(self.action, Offer) and isinstance(action, Offer) and self.takes:
            mine = {self.action.face_up, self.action.face_down}
            return mine == {action.face_up, action.face_down}
        return action == self.action

    def reply(self, chosen: Action) -> tuple[Action, ...]:
        """The scripted moves after the learner's wrong action: the recruit, then `then`."""
        if self.takes is None or not isinstance(chosen, Offer):
            return self.then
        recruit = RECRUIT_UP if chosen.face_up == self.takes else RECRUIT_DOWN
        return (recruit, *self.then)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a lesson's script."""

    coach: str | None
    expect: Action | None = None
    opponent: Action | None = None
    after: str | None = None
    facts: Mapping[str, str] = field(default_factory=dict)
    after_facts: Mapping[str, str] = field(default_factory=dict)
    wrong: tuple[Wrong, ...] = ()
    mistake: str | None = None

    @property
    def kind(self) -> Literal["say", "expect", "opponent"]:
        """What the step waits for."""
        if self.expect is not None:
            return "expect"
        if self.opponent is not None:
            return "opponent"
        return "say"

    def wrong_for(self, action: Action) -> Wrong | None:
        """The wrong try this action is, if any."""
        return next((w for w in self.wrong if w.matches(action)), None)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson: where it starts, who the learner is, and its steps."""

    id: str
    title: str
    summary: str
    finish: str
    learner: int
    next: str | None
    start: GameState = field(repr=False)
    steps: tuple[Step, ...]
    finish_facts: Mapping[str, str] = field(default_factory=dict)

    @property
    def opponent(self) -> int:
        """The scripted computer's seat."""
        return 1 - self.learner


# Loading ----------------------------------------------------------------------------------------


def _error(where: str, problem: str) -> LessonError:
    return LessonError(f"{where}: {' '.join(problem.split()).rstrip('.')}.")


def _action(text: str, rules: Rules, where: str, key: str) -> Action:
    try:
        return parse_action(text, rules)
    except NotationError as exc:
        raise _error(where, f"{key}: {exc}") from None


def _facts(facts: Mapping[str, str], rules: Rules, where: str, key: str) -> dict[str, str]:
    agents = frozenset(rules.agent_ids)
    cards = frozenset(rules.card_ids)
    for name, query in facts.items():
        try:
            check_query(query, agents, cards)
        except FactError as exc:
            raise _error(where, f"{key}.facts.{name}: {exc}") from None
    return dict(facts)


def _step(model: StepModel, rules: Rules, where: str, index: int) -> Step:
    key = f"steps[{index}]"
    if model.expect is not None and model.opponent is not None:
        raise _error(where, f"{key} has both expect and opponent; a step is one or the other")
    if model.expect is None and model.opponent is None and model.coach is None:
        raise _error(where, f"{key} has no coach text, expect or opponent")
    if model.expect is None and (model.wrong or model.after):
        raise _error(where, f"{key}: wrong and after belong to expect steps")
    wrong = tuple(
        Wrong(
            action=_action(w.action, rules, where, f"{key}.wrong[{n}].action"),
            why=w.why,
            takes=w.takes,
            then=tuple(_action(m, rules, where, f"{key}.wrong[{n}].then") for m in w.then),
            facts=_facts(w.facts, rules, where, f"{key}.wrong[{n}]"),
        )
        for n, w in enumerate(model.wrong)
    )
    return Step(
        coach=model.coach,
        expect=None if model.expect is None else _action(model.expect, rules, where, key),
        opponent=None if model.opponent is None else _action(model.opponent, rules, where, key),
        after=model.after,
        facts=_facts(model.facts, rules, where, key),
        after_facts=_facts(model.after_facts, rules, where, f"{key}.after"),
        wrong=wrong,
        mistake=model.mistake,
    )


def lesson_path(lesson_id: str) -> Path:
    """Where a shipped lesson's file is."""
    return Path(
        str(resources.files("agent_avenue.teaching.tutorial") / "lessons" / f"{lesson_id}.toml")
    )


def load_lesson(source: str | Path, rules: Rules) -> Lesson:
    """A shipped lesson by id, or a lesson file by path; checked through the engine."""
    path = lesson_path(source) if isinstance(source, str) else source
    where = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise _error(where, f"lesson file cannot be read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise _error(where, f"invalid TOML: {exc}") from None
    try:
        model = LessonModel.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        place = ".".join(str(p) for p in first["loc"])
        raise _error(where, f"{place}: {first['msg']}") from None
    try:
        start = scenario_from_table(model.scenario, path, rules)
    except ScenarioError as exc:
        raise LessonError(f"{exc} (in the [scenario] table)") from None
    steps = tuple(_step(s, rules, where, i) for i, s in enumerate(model.steps))
    lesson = Lesson(
        id=model.id,
        title=model.title,
        summary=model.summary,
        finish=model.finish,
        learner=model.learner,
        next=model.next,
        start=start,
        steps=steps,
        finish_facts=_facts(model.finish_facts, rules, where, "finish"),
    )
    check_script(lesson, where)
    return lesson


def load_lessons(rules: Rules) -> tuple[Lesson, ...]:
    """Every shipped lesson, in teaching order."""
    return tuple(load_lesson(lesson_id, rules) for lesson_id in LESSON_IDS)


def check_script(lesson: Lesson, where: str = "lesson") -> None:
    """Walk the script through the engine: each action is legal and made by the right side."""
    state = lesson.start
    for index, step in enumerate(lesson.steps):
        key = f"steps[{index}]"
        if step.kind == "say":
            continue
        action = step.expect if step.kind == "expect" else step.opponent
        assert action is not None
        actor = lesson.learner if step.kind == "expect" else lesson.opponent
        if state.to_act != actor:
            raise _error(where, f"{key} is for seat {actor} but seat {state.to_act} decides now")
        for n, wrong in enumerate(step.wrong):
            try:
                replay_from(state, (wrong.action, *wrong.reply(wrong.action)))
            except ReplayError as exc:
                raise _error(where, f"{key}.wrong[{n}]: {exc.reason}") from None
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            raise _error(where, f"{key}: {exc}") from None
        if step.kind == "opponent" and isinstance(action, Offer) and step.coach is not None:
            raise _error(where, f"{key}: an opponent's offer shows no coach text")
    if state.result is None:
        raise _error(where, "the script ends before the game does")


def is_reveal(action: Action) -> bool:
    """Whether an action is followed by a public reveal (a recruit, a pick, a choice)."""
    return not isinstance(action, Offer | Discard)
