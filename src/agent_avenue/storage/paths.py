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
SAVES_DIR = "saves"

__all__ = [
    "APP_NAME",
    "GAMES_DIR",
    "HISTORY_NAME",
    "HOME_ENV",
    "SAVES_DIR",
    "SAVE_NAME",
    "data_home",
    "games_dir",
    "history_path",
    "save_path",
    "saves_dir",
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


def save_path(home: Path | str | None = None, save_id: str | None = None) -> Path:
    """The autosave of the game in progress `save_id` (`saves/<id>.json`); without an id, the
    single `save.json` of older versions, which is moved into the saves folder when found."""
    if save_id is None:
        return data_home(home) / SAVE_NAME
    return saves_dir(home) / f"{save_id}.json"


def saves_dir(home: Path | str | None = None) -> Path:
    """The folder of games in progress, one save file each, named by the game's save id."""
    return data_home(home) / SAVES_DIR


def history_path(home: Path | str | None = None) -> Path:
    """The score sheet: one row of public facts per finished game."""
    return data_home(home) / HISTORY_NAME


def games_dir(home: Path | str | None = None) -> Path:
    """The folder of finished games' records, one game file each, for replays and exports."""
    return data_home(home) / GAMES_DIR
