"""A crash report: the traceback without local variables and the game record, in a private
file of the data folder, never on the shared screen."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_avenue.engine import GameRecord

CRASH_NAME = "crash.txt"

__all__ = ["CRASH_NAME", "crash_dir", "save_crash_report"]


def crash_dir() -> Path:
    """Where crash reports go: the game's data folder (as for saves), never the shared screen."""
    from agent_avenue.storage.paths import data_home

    return data_home()


def save_crash_report(error: BaseException | None, record: GameRecord | None) -> Path | None:
    """Write the traceback (no local variables) and the game record to a private file.

    Written like every private file: created private (0600) in a temporary file and renamed
    over `crash.txt`, so a symlink there is replaced, never followed, and a reader never sees
    half a report.
    """
    if error is None:
        return None
    from agent_avenue.storage import StorageError, atomic_write_text

    path = crash_dir() / CRASH_NAME
    lines = traceback.format_exception(error)
    if record is not None:
        lines.append(
            f"\nmode={record.mode} seed={record.seed} first={record.first} "
            f"players={record.players}\n" + "\n".join(record.moves) + "\n"
        )
    try:
        atomic_write_text(path, "".join(lines))
    except (StorageError, OSError):
        return None
    return path
