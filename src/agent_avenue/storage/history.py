"""The score sheet (history.json) and finished games written down: a game file and a row each."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, Result, Rules
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import StorageError, atomic_write_text
from agent_avenue.storage.bad_files import (
    HISTORY,
    HISTORY_BEFORE_RECORDING,
    Subject,
    set_aside_saying,
)
from agent_avenue.storage.files import (
    FileProblem,
    GameFile,
    HistoryFile,
    HistoryRow,
    ResultSummary,
    describe_validation,
    dump_document,
    read_document,
)
from agent_avenue.storage.lock import data_lock
from agent_avenue.storage.paths import games_dir, history_path
from agent_avenue.storage.players import Players, players_tuple
from agent_avenue.storage.replaying import ReplayFailure, final_summary, replay, result_summary
from agent_avenue.storage.save_files import discard_if_same_game, local_now

__all__ = [
    "PlayedGame",
    "Recorded",
    "load_history",
    "peek_history",
    "read_history",
    "record_digest",
    "record_finished",
    "record_played",
]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """The public facts of a game this program played a part of (a network game)."""

    room: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    mode: str
    result: Result
    turns: int


class Recorded(NamedTuple):
    """A finished game written down: its id, its score-sheet row, and a sentence to show or None
    (set when a broken score sheet had to be set aside first)."""

    game_id: str
    row: HistoryRow
    problem: str | None


def read_history(
    home: Path | str | None, subject: Subject = HISTORY
) -> tuple[list[HistoryRow], str | None, bool]:
    """The score sheet's rows, a sentence if it was bad, and whether a bad one is still there."""
    path = history_path(home)
    try:
        document = read_document(path, HistoryFile)
    except FileNotFoundError:
        return [], None, False
    except FileProblem as problem:
        message, moved = set_aside_saying(subject, path, problem.message)
        return [], message, not moved
    return list(document.games), None, False


def load_history(*, home: Path | str | None = None) -> tuple[list[HistoryRow], str | None]:
    """Every finished game's row, oldest first, and a sentence to show if the sheet was bad.

    A bad score sheet is renamed to `history.json.bad-<time>` and the rows are then empty.
    """
    with data_lock(home):
        rows, problem, _ = read_history(home)
    return rows, problem


def peek_history(home: Path | str | None = None) -> list[HistoryRow] | None:
    """The score sheet's rows as they are on disk, or None if it is missing or bad: a glance
    (the start screen's ratings) that takes no lock and never sets a bad sheet aside (the score
    sheet screen and `history` report it). Every write is atomic, so a glance never reads half
    a sheet."""
    try:
        return list(read_document(history_path(home), HistoryFile).games)
    except (FileNotFoundError, FileProblem, OSError):
        return None


def record_digest(record: GameRecord) -> str:
    """Six hex digits that identify a game's record (part of its id)."""
    text = json.dumps(
        [str(record.mode), record.seed, record.first, list(record.names), list(record.moves)],
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def _free_game_id(folder: Path, when: datetime, record: GameRecord) -> str:
    """A new game id: finishing date and time, then a digest of the record."""
    base = f"{when.astimezone():%Y%m%d-%H%M%S}-{record_digest(record)}"
    for number in range(1, 1000):
        game_id = base if number == 1 else f"{base}-{number}"
        if not os.path.lexists(folder / f"{game_id}.json"):
            return game_id
    raise StorageError(t("storage.no_free_name", folder=folder, game=base))


def _row_of(record: GameRecord, rows: Sequence[HistoryRow], folder: Path) -> HistoryRow | None:
    """The score-sheet row whose game file holds this very game, if there is one."""

    def key(game: GameRecord) -> tuple[object, ...]:
        return (game.mode, game.seed, game.first, game.names, game.moves, game.players)

    digest = f"-{record_digest(record)}"
    for row in reversed(rows):
        if digest not in row.game:
            continue
        try:
            found = read_document(folder / f"{row.game}.json", GameFile).to_record()
        except (FileNotFoundError, FileProblem, OSError):
            continue
        if key(found) == key(record):
            return row
    return None


def _finished_documents(
    record: GameRecord,
    kinds: Players,
    summary: ResultSummary,
    game_id: str,
    when: datetime,
) -> tuple[GameFile, HistoryRow]:
    """A finished game's file and its score-sheet row, checked; StorageError if invalid."""
    try:
        game = GameFile.model_validate(
            {
                **GameFile.record_fields(record),
                "id": game_id,
                "players": kinds,
                "finished_at": when,
                "result": summary,
            }
        )
        row = HistoryRow.model_validate(
            {
                "game": game_id,
                "date": when,
                "mode": record.mode,
                "names": tuple(record.names),
                "players": kinds,
                **summary.model_dump(),
            }
        )
    except ValidationError as exc:
        raise StorageError(t("storage.record_invalid", problem=describe_validation(exc))) from None
    return game, row


def record_finished(
    record: GameRecord,
    players: Sequence[str],
    *,
    rules: Rules | None = None,
    home: Path | str | None = None,
    finished_at: datetime | None = None,
    save_id: str | None = None,
    once: bool = False,
) -> Recorded:
    """Write a finished game down: its game file, its score-sheet row; then drop its autosave
    (`save_id`'s, or whichever save holds this game). With `once` (a network game this program
    joined), nothing is written if the score sheet has this very game already (the host's
    server, or another seat's client, wrote it in the same data folder): its row is returned.

    Every write is atomic, and the score sheet is read and written back under the data
    folder's lock, so games finished at once by several programs all keep their row. A bad
    score sheet is set aside and a new one started (the returned `problem` says so). Raises
    StorageError (one sentence) if the game is not finished or a write fails; nothing already
    on disk is damaged then.
    """
    rules = rules or default_rules()
    kinds = players_tuple(players, record)
    try:
        final = replay(rules, record, keep=False)[-1]
    except ReplayFailure as failure:
        raise StorageError(
            t("storage.record_unreplayable", problem=failure.describe(reveal=False))
        ) from None
    summary = final_summary(final, record.names)
    if summary is None:
        raise StorageError(t("storage.record_unfinished"))
    when = finished_at or local_now()
    with data_lock(home):
        rows, problem, blocked = read_history(home, HISTORY_BEFORE_RECORDING)
        if blocked:
            raise StorageError(problem or t("storage.sheet_unreadable"))
        folder = games_dir(home)
        kept = _row_of(record, rows, folder) if once else None
        if kept is not None:
            return Recorded(kept.game, kept, problem)
        game_id = _free_game_id(folder, when, record)
        game, row = _finished_documents(record, kinds, summary, game_id, when)
        atomic_write_text(folder / f"{game_id}.json", dump_document(game))
        atomic_write_text(history_path(home), dump_document(HistoryFile.of((*rows, row))))
        discard_if_same_game(record, home, save_id)
    return Recorded(game_id, row, problem)


def record_played(
    facts: PlayedGame,
    *,
    home: Path | str | None = None,
    finished_at: datetime | None = None,
) -> Recorded:
    """Write a game played over the network on the score sheet: its row only (the names, the
    kinds, the mode, the result, the number of turns, the date), no game file: this program
    never saw the moves of the other seats, so it keeps nothing it could not see.

    Under the data folder's lock like `record_finished`; StorageError (one sentence) if the
    facts are not valid or the write fails.
    """
    when = finished_at or local_now()
    names = tuple(facts.names)
    digest = hashlib.sha256(f"{facts.room}|{'|'.join(names)}".encode()).hexdigest()[:6]
    summary = result_summary(facts.result, facts.turns, names)
    with data_lock(home):
        rows, problem, blocked = read_history(home, HISTORY_BEFORE_RECORDING)
        if blocked:
            raise StorageError(problem or t("storage.sheet_unreadable"))
        base = f"{when.astimezone():%Y%m%d-%H%M%S}-{digest}"
        taken = {row.game for row in rows}
        game_id = next(
            (g for n in range(1, 1000) if (g := base if n == 1 else f"{base}-{n}") not in taken),
            base,
        )
        try:
            row = HistoryRow.model_validate(
                {
                    "game": game_id,
                    "date": when,
                    "mode": facts.mode,
                    "names": names,
                    "players": tuple(facts.kinds),
                    **summary.model_dump(),
                }
            )
        except ValidationError as exc:
            raise StorageError(
                t("storage.record_invalid", problem=describe_validation(exc))
            ) from None
        atomic_write_text(history_path(home), dump_document(HistoryFile.of((*rows, row))))
    return Recorded(game_id, row, problem)
