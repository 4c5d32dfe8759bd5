"""The player's saved settings (the language): a small JSON file in the user's config folder.

The file is written atomically. A file that cannot be understood is set aside (renamed, never
deleted or overwritten) and the defaults are used; the caller shows one warning line.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from agent_avenue.i18n import t
from agent_avenue.storage.atomic import StorageError, atomic_write_text, set_aside
from agent_avenue.storage.paths import APP_NAME, HOME_ENV

SETTINGS_NAME = "settings.json"
LANGUAGE_FIELD = "language"

__all__ = [
    "SETTINGS_NAME",
    "Settings",
    "SettingsProblem",
    "describe_problem",
    "load_settings",
    "save_language",
    "settings_path",
]


@dataclass(frozen=True)
class Settings:
    """What the player chose last time; None where nothing was saved."""

    language: str | None = None


@dataclass(frozen=True)
class SettingsProblem:
    """Why the settings file was not used: `reason` is `unreadable` or `invalid`; `aside` is
    where the bad file was moved (None if it could not be moved)."""

    path: Path
    reason: str
    aside: Path | None


def describe_problem(problem: SettingsProblem) -> str:
    """One sentence, in the current language, about a settings file that was not used."""
    reason = t(f"settings.reason_{problem.reason}")
    if problem.aside is None:
        return t("settings.broken_kept", path=str(problem.path), reason=reason) + "."
    aside = problem.aside.name
    return t("settings.broken", path=str(problem.path), reason=reason, aside=aside) + "."


def settings_path(home: Path | str | None = None) -> Path:
    """The settings file: in `home`, else in $AGENT_AVENUE_HOME, else in the config folder."""
    if home is not None:
        return Path(home) / SETTINGS_NAME
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser() / SETTINGS_NAME
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / SETTINGS_NAME


def _read(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The file's table (None if there is no file), or the reason it cannot be used."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError):
        return None, "unreadable"
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None, "invalid"
    if not isinstance(data, dict):
        return None, "invalid"
    language = data.get(LANGUAGE_FIELD)
    if language is not None and not isinstance(language, str):
        return None, "invalid"
    return data, None


def _set_aside(path: Path, reason: str) -> SettingsProblem:
    """Move a bad file out of the way (never deleting it) and say so."""
    try:
        aside: Path | None = set_aside(path)
    except OSError:
        aside = None
    return SettingsProblem(path, reason, aside)


def load_settings(path: Path | None = None) -> tuple[Settings, SettingsProblem | None]:
    """The saved settings, and the problem if the file was bad (then the defaults are used)."""
    path = settings_path() if path is None else path
    data, reason = _read(path)
    if reason is not None:
        return Settings(), _set_aside(path, reason)
    if data is None:
        return Settings(), None
    language = data.get(LANGUAGE_FIELD)
    return Settings(language=language if isinstance(language, str) else None), None


def save_language(language: str, path: Path | None = None) -> SettingsProblem | None:
    """Remember the language for next time, keeping the file's other settings.

    A bad file is set aside first, never overwritten (its problem is returned). Raises
    StorageError if the file cannot be written, or if a bad file could not be moved away.
    """
    path = settings_path() if path is None else path
    data, reason = _read(path)
    problem: SettingsProblem | None = None
    if reason is not None:
        problem = _set_aside(path, reason)
        if problem.aside is None:
            raise StorageError(f"{path} could not be read or moved aside, so it was kept as it is.")
        data = None
    table = dict(data or {})
    table[LANGUAGE_FIELD] = language
    atomic_write_text(path, json.dumps(table, indent=2, sort_keys=True) + "\n")
    return problem
