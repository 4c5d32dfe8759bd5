"""Where Agent Avenue keeps its files: the user's data folder, or one chosen for tests."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "agent-avenue"
HOME_ENV = "AGENT_AVENUE_HOME"
SAVE_NAME = "save.json"
HISTORY_NAME = "history.json"
GAMES_DIR = "games"

__all__ = [
    "APP_NAME",
    "GAMES_DIR",
    "HISTORY_NAME",
    "HOME_ENV",
    "SAVE_NAME",
    "data_home",
    "games_dir",
    "history_path",
    "save_path",
]


def data_home(home: Path | str | None = None) -> Path:
    """The data folder: `home` if given, else $AGENT_AVENUE_HOME if set, else the platform's.

    The folder is not created here; writing a file creates it.
    """
    if home is not None:
        return Path(home)
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def save_path(home: Path | str | None = None) -> Path:
    """The autosave of the game in progress (there is one, at most)."""
    return data_home(home) / SAVE_NAME


def history_path(home: Path | str | None = None) -> Path:
    """The score sheet: one row of public facts per finished game."""
    return data_home(home) / HISTORY_NAME


def games_dir(home: Path | str | None = None) -> Path:
    """The folder of finished games' records, one game file each, for replays and exports."""
    return data_home(home) / GAMES_DIR
