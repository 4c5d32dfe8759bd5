"""Bad files set aside (renamed, never deleted) with one sentence saying so."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from agent_avenue.i18n import t
from agent_avenue.storage.atomic import StorageError, describe_os_error, set_aside
from agent_avenue.storage.files import Document, FileProblem, read_document

__all__ = [
    "GAME",
    "HISTORY",
    "HISTORY_BEFORE_RECORDING",
    "SAVE",
    "SAVE_BEFORE_SAVING",
    "Subject",
    "clear_bad_file",
    "set_aside_saying",
]


class Subject(NamedTuple):
    """The `storage.*` keys of the sentences about a bad file, set aside or stuck where it is."""

    # moved: placeholders path, problem, aside; stuck: path, problem, error.

    moved: str
    stuck: str


SAVE = Subject("save_set_aside", "save_stuck")
SAVE_BEFORE_SAVING = Subject("save_set_aside", "save_stuck_unsaved")
HISTORY = Subject("sheet_set_aside", "sheet_stuck")
HISTORY_BEFORE_RECORDING = Subject("sheet_set_aside", "sheet_stuck_unrecorded")
GAME = Subject("game_set_aside", "game_stuck")


def set_aside_saying(subject: Subject, path: Path, problem: str) -> tuple[str, bool]:
    """Rename a bad file aside and say so in one sentence; the flag says whether it moved."""
    try:
        aside = set_aside(path)
    except OSError as exc:
        error = describe_os_error(exc)
        return t(f"storage.{subject.stuck}", path=path, problem=problem, error=error), False
    return t(f"storage.{subject.moved}", path=path, problem=problem, aside=aside.name), True


def clear_bad_file(path: Path, model: type[Document], subject: Subject) -> str | None:
    """Before replacing `path`, set it aside if it is not a good file of its kind.

    Returns the sentence to show (or None); raises StorageError if a bad file cannot be moved,
    because it must never be overwritten.
    """
    try:
        read_document(path, model)
    except FileNotFoundError:
        return None
    except FileProblem as problem:
        message, moved = set_aside_saying(subject, path, problem.message)
        if not moved:
            raise StorageError(message) from None
        return message
    return None
