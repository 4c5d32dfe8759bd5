"""The autosaves: one file per game in progress, saved after every action, listed to resume."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, Rules
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import (
    StorageError,
    atomic_write_text,
    describe_os_error,
    remove_stale_temps,
)
from agent_avenue.storage.bad_files import (
    SAVE,
    SAVE_BEFORE_SAVING,
    clear_bad_file,
    set_aside_saying,
)
from agent_avenue.storage.files import (
    FileProblem,
    SaveFile,
    describe_validation,
    dump_document,
    read_document,
)
from agent_avenue.storage.history import read_history, record_digest, record_finished
from agent_avenue.storage.lock import data_lock
from agent_avenue.storage.migration import migrate_legacy
from agent_avenue.storage.paths import data_home, save_path, saves_dir
from agent_avenue.storage.players import Players
from agent_avenue.storage.replaying import ReplayFailure, replay, with_rules_note
from agent_avenue.storage.save_files import (
    discard_if_same_game,
    id_of_same_game,
    local_now,
    modified_time,
    new_save_id,
    save_files,
)

__all__ = [
    "LoadResult",
    "LoadedSave",
    "SavesFound",
    "discard_save",
    "list_saves",
    "load_save",
    "save_document",
    "save_game",
]


@dataclass(frozen=True, slots=True)
class LoadedSave:
    """A saved game in progress that replays cleanly: resume it with `Session(rules, record)`.

    `rules_changed` is True when the card data changed since the save but every move still
    replays; the record then carries the current rules version.
    """

    record: GameRecord
    players: Players
    saved_at: datetime
    turn: int
    rules_changed: bool
    save_id: str = ""
    """The name of its file in the saves folder (`saves/<id>.json`)."""

    def __repr__(self) -> str:
        # The record holds the seed and the moves, which are secret while the game runs.
        return (
            f"LoadedSave(names={self.record.names!r}, mode={self.record.mode}, "
            f"players={self.players!r}, turn={self.turn}, saved_at={self.saved_at.isoformat()})"
        )


class LoadResult(NamedTuple):
    """What `load_save` found: a game to resume or None, and a sentence to show or None."""

    save: LoadedSave | None
    problem: str | None


def save_document(
    record: GameRecord,
    players: Sequence[str],
    save_id: str,
    saved_at: datetime | None = None,
) -> SaveFile:
    """The save file of a game, checked; StorageError (one sentence) if it cannot be saved."""
    try:
        return SaveFile.model_validate(
            {
                **SaveFile.record_fields(record),
                "id": save_id,
                "players": tuple(players),
                "saved_at": saved_at or local_now(),
            }
        )
    except ValidationError as exc:
        raise StorageError(t("storage.save_invalid", problem=describe_validation(exc))) from None


def save_game(
    record: GameRecord,
    players: Sequence[str],
    *,
    save_id: str | None = None,
    home: Path | str | None = None,
    saved_at: datetime | None = None,
) -> str | None:
    """Save the game in progress atomically in its own file (call it after every action).

    `players` are the seats' kinds, e.g. ("human", "bot:normal"); `save_id` names the file
    (`saves/<id>.json`): without it the save already holding this game is used, else a new
    one. Returns None, or one sentence when an unreadable older save had to be set aside
    first. Raises StorageError (one sentence) if the save cannot be written; the previous
    save is then intact. Other games' saves are never touched.
    """
    with data_lock(home):
        if save_id is None:
            save_id = id_of_same_game(record, home) or new_save_id()
        document = save_document(record, players, save_id, saved_at)
        path = save_path(home, save_id)
        problem = clear_bad_file(path, SaveFile, SAVE_BEFORE_SAVING)
        atomic_write_text(path, dump_document(document))
    return problem


class SavesFound(NamedTuple):
    """Every game in progress that replays cleanly, the most recent first, and sentences about
    the bad saves that were set aside."""

    saves: tuple[LoadedSave, ...]
    problems: tuple[str, ...]


def _check_save_file(
    path: Path, rules: Rules, home: Path | str | None
) -> tuple[LoadedSave | None, str | None]:
    """One save file checked by replaying it: the game to offer, or a sentence, or neither."""
    try:
        document = read_document(path, SaveFile)
    except FileNotFoundError:
        return None, None
    except FileProblem as problem:
        return None, set_aside_saying(SAVE, path, problem.message)[0]
    record = document.to_record()
    try:
        final = replay(rules, record, keep=False)[-1]
    except ReplayFailure as failure:
        reason = with_rules_note(failure.describe(reveal=False), record, rules)
        return None, set_aside_saying(SAVE, path, reason)[0]
    rules_changed = bool(record.rules_version) and record.rules_version != rules.version
    if record.rules_version != rules.version:
        record = replace(record, rules_version=rules.version)
    if final.is_over:
        return None, _recover_finished(record, document, rules, home, path.stem)
    loaded = LoadedSave(
        record, document.players, document.saved_at, final.turn, rules_changed, path.stem
    )
    return loaded, None


def list_saves(*, rules: Rules | None = None, home: Path | str | None = None) -> SavesFound:
    """Every unfinished game to offer for resuming, each checked by replaying every move.

    An older version's `save.json` is moved into the saves folder first. A bad save is renamed
    to `<name>.bad-<time>`, never deleted, and a sentence says so; the sentence never quotes
    moves or cards, which are secret. A save whose game had already ended (the program stopped
    before recording it) is recorded now and removed.
    """
    rules = rules or default_rules()
    problems: list[str] = []
    saves: list[LoadedSave] = []
    with data_lock(home):
        remove_stale_temps(data_home(home))
        remove_stale_temps(saves_dir(home))
        migrated = migrate_legacy(home)
        if migrated is not None:
            problems.append(migrated)
        for path in save_files(home):
            loaded, problem = _check_save_file(path, rules, home)
            if problem is not None:
                problems.append(problem)
            if loaded is not None:
                saves.append(loaded)
    saves.sort(key=lambda save: (save.saved_at, save.save_id), reverse=True)
    return SavesFound(tuple(saves), tuple(problems))


def load_save(*, rules: Rules | None = None, home: Path | str | None = None) -> LoadResult:
    """The most recent unfinished game to offer for resuming (see `list_saves`).

    Returns (LoadedSave, None or a sentence about a bad save), or (None, None) when there is
    nothing to resume, or (None, one sentence) when the only save was bad.
    """
    found = list_saves(rules=rules, home=home)
    problem = found.problems[0] if found.problems else None
    return LoadResult(found.saves[0] if found.saves else None, problem)


def discard_save(save_id: str | None = None, *, home: Path | str | None = None) -> bool:
    """Delete a saved game (the players chose not to keep it); False if there was none.

    Without `save_id` the most recently written save goes (an older version's `save.json`
    if that is the only one).
    """
    with data_lock(home):
        if save_id is None:
            files = sorted(save_files(home), key=modified_time, reverse=True)
            path = files[0] if files else save_path(home)
        else:
            path = save_path(home, save_id)
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StorageError(
                t("storage.save_delete_failed", path=path, error=describe_os_error(exc))
            ) from None
    return True


def _recover_finished(
    record: GameRecord,
    document: SaveFile,
    rules: Rules,
    home: Path | str | None,
    save_id: str | None = None,
) -> str | None:
    """Record a saved game that had ended, unless that was done just before the program stopped."""
    rows, problem, _ = read_history(home)
    digest = record_digest(record)
    done = any(row.game.split("-")[2] == digest and row.date >= document.saved_at for row in rows)
    try:
        if done:
            discard_if_same_game(record, home, save_id)
            return problem
        recorded = record_finished(
            record,
            document.players,
            rules=rules,
            home=home,
            finished_at=document.saved_at,
            save_id=save_id,
        )
    except StorageError as exc:
        return str(exc)
    return problem or recorded.problem
