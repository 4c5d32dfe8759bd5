"""The autosave files on disk: their ids, finding the one that holds a game, removing it."""

from __future__ import annotations

import contextlib
import re
import secrets
from datetime import datetime
from pathlib import Path

from agent_avenue.engine import GameRecord
from agent_avenue.storage.files import GAME_ID_PATTERN, FileProblem, SaveFile, read_document
from agent_avenue.storage.paths import save_path, saves_dir

__all__ = [
    "discard_if_same_game",
    "id_of_same_game",
    "local_now",
    "modified_time",
    "new_save_id",
    "same_game",
    "save_files",
]


def local_now() -> datetime:
    """The current local time with its time zone, to the second."""
    return datetime.now().astimezone().replace(microsecond=0)


def new_save_id(when: datetime | None = None) -> str:
    """A new game's save id: the starting date and time and six random hex digits."""
    return f"{(when or local_now()).astimezone():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def same_game(saved: GameRecord, record: GameRecord) -> bool:
    """Whether `record` is the game `saved` holds, at that moment or later."""
    same_start = (saved.mode, saved.seed, saved.first, tuple(saved.names)) == (
        record.mode,
        record.seed,
        record.first,
        tuple(record.names),
    )
    return same_start and tuple(record.moves[: len(saved.moves)]) == tuple(saved.moves)


def save_files(home: Path | str | None) -> list[Path]:
    """The per-game save files in the saves folder (bad ones included), by name."""
    folder = saves_dir(home)
    try:
        return sorted(
            path
            for path in folder.glob("*.json")
            if re.fullmatch(GAME_ID_PATTERN, path.stem) and not path.is_symlink()
        )
    except OSError:
        return []


def id_of_same_game(record: GameRecord, home: Path | str | None) -> str | None:
    """The id of the save that already holds this game (an earlier moment of it), if any."""
    for path in save_files(home):
        try:
            saved = read_document(path, SaveFile).to_record()
        except (FileNotFoundError, FileProblem):
            continue
        if same_game(saved, record):
            return path.stem
    return None


def modified_time(path: Path) -> float:
    """When a file was last written (0 if it cannot be told)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def discard_if_same_game(
    record: GameRecord, home: Path | str | None, save_id: str | None = None
) -> None:
    """Remove the save holding this game (or an earlier moment of it); quietly.

    With `save_id` only that file is looked at; else every save (and an old `save.json`).
    """
    if save_id is not None:
        paths = [save_path(home, save_id)]
    else:
        paths = [*save_files(home), save_path(home)]
    for path in paths:
        try:
            saved = read_document(path, SaveFile).to_record()
        except (FileNotFoundError, FileProblem):
            continue
        if same_game(saved, record):
            # If this fails, the next start finds the game already recorded and removes it then.
            with contextlib.suppress(OSError):
                path.unlink()
