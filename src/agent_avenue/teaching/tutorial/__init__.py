"""The tutorial: lessons (a scenario and a script, in TOML), their driver and saved progress."""

from agent_avenue.teaching.tutorial.driver import LessonRun, Played, Verdict
from agent_avenue.teaching.tutorial.lesson import (
    LESSON_IDS,
    MISTAKES,
    Lesson,
    LessonError,
    Step,
    Wrong,
    load_lesson,
    load_lessons,
)
from agent_avenue.teaching.tutorial.progress import finished_lessons, mark_finished

__all__ = [
    "LESSON_IDS",
    "MISTAKES",
    "Lesson",
    "LessonError",
    "LessonRun",
    "Played",
    "Step",
    "Verdict",
    "Wrong",
    "finished_lessons",
    "load_lesson",
    "load_lessons",
    "mark_finished",
]
