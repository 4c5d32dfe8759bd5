"""Which lessons the user has finished, kept in the user's data folder (AGENT_AVENUE_HOME)."""

from __future__ import annotations

import json
from pathlib import Path

from agent_avenue.storage.atomic import StorageError, atomic_write_text, describe_os_error
from agent_avenue.storage.paths import data_home

__all__ = ["PROGRESS_NAME", "finished_lessons", "mark_finished", "progress_path"]

PROGRESS_NAME = "tutorial.json"


def progress_path(home: Path | str | None = None) -> Path:
    """The file listing the finished lessons."""
    return data_home(home) / PROGRESS_NAME


def finished_lessons(home: Path | str | None = None) -> frozenset[str]:
    """The ids of the finished lessons (none if the file is missing or unreadable)."""
    try:
        data = json.loads(progress_path(home).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    finished = data.get("finished") if isinstance(data, dict) else None
    if not isinstance(finished, list):
        return frozenset()
    return frozenset(item for item in finished if isinstance(item, str))


def mark_finished(lesson_id: str, home: Path | str | None = None) -> str | None:
    """Remember a finished lesson; returns a sentence saying why it could not be, or None."""
    finished = sorted(finished_lessons(home) | {lesson_id})
    text = json.dumps({"version": 1, "finished": finished}, indent=2) + "\n"
    try:
        atomic_write_text(progress_path(home), text)
    except StorageError as exc:
        return str(exc)
    except OSError as exc:
        return describe_os_error(exc)
    return None
