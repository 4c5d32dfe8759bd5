"""Finished games' files: reading one (checked by replaying it) and finding one by reference."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, Rules
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import StorageError
from agent_avenue.storage.bad_files import GAME, set_aside_saying
from agent_avenue.storage.files import (
    GAME_ID_PATTERN,
    FileProblem,
    GameFile,
    ResultSummary,
    read_document,
)
from agent_avenue.storage.history import load_history
from agent_avenue.storage.paths import games_dir
from agent_avenue.storage.players import Players
from agent_avenue.storage.replaying import ReplayFailure, final_summary, replay, with_rules_note

__all__ = [
    "LAST",
    "StoredGame",
    "find_game",
    "load_game_file",
    "read_game_file",
]


LAST = "last"
"""The reference `find_game` takes for the most recent finished game."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game read from a game file and checked by replaying every move."""

    record: GameRecord
    path: Path
    game_id: str | None
    players: Players | None
    finished_at: datetime | None
    result: ResultSummary | None


def read_game_file(
    path: Path, *, rules: Rules | None = None, set_aside_bad: bool = False
) -> StoredGame:
    """Read a game file and check it by replaying every move; StorageError (one sentence) if bad.

    With `set_aside_bad` (files in our own games folder) a bad file is renamed aside; a file the
    user named is only reported, never moved.
    """
    rules = rules or default_rules()

    def bad(problem: str) -> StorageError:
        """The error for a bad file, after setting it aside if it is one of ours."""
        if set_aside_bad:
            return StorageError(set_aside_saying(GAME, path, problem)[0])
        return StorageError(t("storage.game_bad", path=path, problem=problem))

    try:
        document = read_document(path, GameFile)
    except FileNotFoundError:
        raise StorageError(t("storage.game_missing", path=path)) from None
    except FileProblem as problem:
        raise bad(problem.message) from None
    record = document.to_record()
    try:
        final = replay(rules, record, keep=False)[-1]
    except ReplayFailure as failure:
        raise bad(with_rules_note(failure.describe(reveal=True), record, rules)) from None
    actual = final_summary(final, record.names)
    if document.result is not None and document.result != actual:
        how = "unfinished" if actual is None else "different"
        raise bad(t(f"storage.problem.result_{how}"))
    return StoredGame(
        record=record,
        path=path,
        game_id=document.id,
        players=document.players,
        finished_at=document.finished_at,
        result=actual,
    )


def load_game_file(path: Path, *, rules: Rules | None = None) -> GameRecord:
    """The record in a game file (for `replay` and the referee); StorageError if it is bad."""
    return read_game_file(path, rules=rules).record


def find_game(
    ref: str | None = None, *, rules: Rules | None = None, home: Path | str | None = None
) -> StoredGame:
    """A finished game by reference: None or "last" (the most recent), a number (1 = most
    recent, as `history` numbers them), a game id, or the path of a game file.

    Raises StorageError with one sentence if there is no such game or its file is bad (a bad
    file of our games folder is set aside; a file the user named is left alone).
    """
    text = (ref or LAST).strip()
    folder = games_dir(home)
    if text == LAST or text.isdigit():
        index = 1 if text == LAST else int(text)
        rows, problem = load_history(home=home)
        if problem is not None:
            raise StorageError(problem)
        if not rows:
            raise StorageError(t("storage.no_games"))
        if not 1 <= index <= len(rows):
            if len(rows) == 1:
                raise StorageError(t("storage.no_number_one", number=index))
            raise StorageError(t("storage.no_number", number=index, count=len(rows)))
        game_id = rows[-index].game
        path = folder / f"{game_id}.json"
        if not os.path.lexists(path):
            raise StorageError(t("storage.file_missing", number=index, game=game_id, path=path))
        return read_game_file(path, rules=rules, set_aside_bad=True)
    if re.fullmatch(GAME_ID_PATTERN, text):
        path = folder / f"{text}.json"
        if not os.path.lexists(path):
            raise StorageError(t("storage.no_id", game=text, folder=folder))
        return read_game_file(path, rules=rules, set_aside_bad=True)
    path = Path(text).expanduser()
    if not os.path.lexists(path):
        raise StorageError(t("storage.no_game", name=text))
    return read_game_file(path, rules=rules)
