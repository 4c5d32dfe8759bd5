"""The autosave, the score sheet and finished games' files: what the app and the CLI call."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, GameState, ReplayError, Result, Rules, replay_steps
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import (
    SHARED,
    StorageError,
    atomic_write_text,
    describe_os_error,
    remove_stale_temps,
    set_aside,
)
from agent_avenue.storage.files import (
    GAME_ID_PATTERN,
    ConditionFacts,
    Document,
    FileProblem,
    GameFile,
    HistoryFile,
    HistoryRow,
    ResultSummary,
    SaveFile,
    describe_validation,
    dump_document,
    read_document,
    stored_side_name,
)
from agent_avenue.storage.lock import data_lock
from agent_avenue.storage.paths import data_home, games_dir, history_path, save_path, saves_dir

HUMAN = "human"
LAST = "last"

Players = tuple[str, ...]
"""Each seat's kind ("human" or "bot:<level>"): two in a duel, 3 or 4 in a team game."""

__all__ = [
    "HUMAN",
    "LAST",
    "LoadResult",
    "LoadedSave",
    "Players",
    "Recorded",
    "SavesFound",
    "StoredGame",
    "discard_save",
    "export_game",
    "find_game",
    "game_file_text",
    "list_saves",
    "load_game_file",
    "load_history",
    "load_save",
    "new_save_id",
    "player_kind",
    "read_game_file",
    "record_finished",
    "replay_states",
    "save_document",
    "save_game",
]


def player_kind(bot_level: str | None = None) -> str:
    """How a seat is played, as stored: "human", or "bot:<level>" for a computer opponent."""
    return HUMAN if bot_level is None else f"bot:{bot_level}"


# Results handed to the caller ------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game read from a game file and checked by replaying every move."""

    record: GameRecord
    path: Path
    game_id: str | None
    players: Players | None
    finished_at: datetime | None
    result: ResultSummary | None


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


# Replaying -------------------------------------------------------------------------------------


class _ReplayFailure(Exception):
    """A record whose moves do not replay: which move, its text and why."""

    def __init__(self, number: int, total: int, text: str, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.number = number
        self.total = total
        self.text = text
        self.reason = reason
        self.kind = kind  # "setup", "unreadable", "illegal" or "crash"

    def describe(self, *, reveal: bool) -> str:
        """The end of a sentence; with `reveal` False the move's text and the engine's reason
        (which may name cards in a hand) are left out."""
        if self.kind == "setup":
            return t("storage.problem.setup", reason=self.reason)
        where = {"number": self.number, "total": self.total}
        if self.kind == "crash":
            return t("storage.problem.crash", **where)
        key = f"storage.problem.{self.kind}_move"  # unreadable_move or illegal_move
        if not reveal:
            return t(key, **where)
        return t(f"{key}_shown", **where, move=self.text, reason=self.reason)


def _replay(rules: Rules, record: GameRecord, *, keep: bool) -> list[GameState]:
    """Replay a record through the engine, checking each move; every state if `keep`."""
    total = len(record.moves)
    try:
        state = record.start(rules)
    except ValueError as exc:
        raise _ReplayFailure(0, total, "", str(exc), "setup") from None
    states = [state]
    number = 0
    try:
        for step in replay_steps(state, record.moves):
            number = step.number
            if keep:
                states.append(step.state)
            else:
                states[0] = step.state
    except ReplayError as exc:
        raise _ReplayFailure(exc.number, total, exc.text, exc.reason, exc.problem) from None
    except ValueError as exc:  # a value the engine cannot use
        raise _ReplayFailure(number + 1, total, record.moves[number], str(exc), "illegal") from None
    except Exception as exc:  # a stored game must never crash the program at start-up
        raise _ReplayFailure(number + 1, total, record.moves[number], repr(exc), "crash") from None
    return states


def _with_rules_note(problem: str, record: GameRecord, rules: Rules) -> str:
    """`problem`, saying that the card data changed since the record was written if it did."""
    if record.rules_version and record.rules_version != rules.version:
        return t(
            "storage.problem.rules_changed",
            problem=problem,
            old=record.rules_version,
            new=rules.version,
        )
    return problem


def replay_states(record: GameRecord, *, rules: Rules | None = None) -> tuple[GameState, ...]:
    """Every state of a game, the start first and then one after each move, for replays.

    Raises StorageError with one sentence if a move cannot be replayed.
    """
    rules = rules or default_rules()
    try:
        return tuple(_replay(rules, record, keep=True))
    except _ReplayFailure as failure:
        problem = _with_rules_note(failure.describe(reveal=True), record, rules)
        raise StorageError(t("storage.replay_failed", problem=problem)) from None


def _summary(state: GameState, names: Sequence[str]) -> ResultSummary | None:
    """The public facts of how a game ended, or None if it has not."""
    result = state.result
    if result is None:
        return None
    return _result_summary(result, state.turn, names)


def _result_summary(result: Result, turns: int, names: Sequence[str]) -> ResultSummary:
    """The public facts of a result, after `turns` turns."""
    return ResultSummary(
        winner=result.winner,
        winner_name=stored_side_name(tuple(names), result.winner),
        reasons=result.reasons,
        conditions=tuple(
            ConditionFacts(side=c.side, reason=c.reason, wins=c.wins) for c in result.conditions
        ),
        by_tie_rule=result.by_tie_rule,
        turns=turns,
    )


# Setting bad files aside -----------------------------------------------------------------------


class _Subject(NamedTuple):
    """The `storage.*` keys of the sentences about a bad file, set aside or stuck where it is."""

    # moved: placeholders path, problem, aside; stuck: path, problem, error.

    moved: str
    stuck: str


_SAVE = _Subject("save_set_aside", "save_stuck")
_SAVE_BEFORE_SAVING = _Subject("save_set_aside", "save_stuck_unsaved")
_HISTORY = _Subject("sheet_set_aside", "sheet_stuck")
_HISTORY_BEFORE_RECORDING = _Subject("sheet_set_aside", "sheet_stuck_unrecorded")
_GAME = _Subject("game_set_aside", "game_stuck")


def _set_aside(subject: _Subject, path: Path, problem: str) -> tuple[str, bool]:
    """Rename a bad file aside and say so in one sentence; the flag says whether it moved."""
    try:
        aside = set_aside(path)
    except OSError as exc:
        error = describe_os_error(exc)
        return t(f"storage.{subject.stuck}", path=path, problem=problem, error=error), False
    return t(f"storage.{subject.moved}", path=path, problem=problem, aside=aside.name), True


def _clear_bad_file(path: Path, model: type[Document], subject: _Subject) -> str | None:
    """Before replacing `path`, set it aside if it is not a good file of its kind.

    Returns the sentence to show (or None); raises StorageError if a bad file cannot be moved,
    because it must never be overwritten.
    """
    try:
        read_document(path, model)
    except FileNotFoundError:
        return None
    except FileProblem as problem:
        message, moved = _set_aside(subject, path, problem.message)
        if not moved:
            raise StorageError(message) from None
        return message
    return None


# The autosaves: one file per game in progress -------------------------------------------------


def _now() -> datetime:
    """The current local time with its time zone, to the second."""
    return datetime.now().astimezone().replace(microsecond=0)


def new_save_id(when: datetime | None = None) -> str:
    """A new game's save id: the starting date and time and six random hex digits."""
    return f"{(when or _now()).astimezone():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def _same_game(saved: GameRecord, record: GameRecord) -> bool:
    """Whether `record` is the game `saved` holds, at that moment or later."""
    same_start = (saved.mode, saved.seed, saved.first, tuple(saved.names)) == (
        record.mode,
        record.seed,
        record.first,
        tuple(record.names),
    )
    return same_start and tuple(record.moves[: len(saved.moves)]) == tuple(saved.moves)


def _save_files(home: Path | str | None) -> list[Path]:
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


def _id_of_same_game(record: GameRecord, home: Path | str | None) -> str | None:
    """The id of the save that already holds this game (an earlier moment of it), if any."""
    for path in _save_files(home):
        try:
            saved = read_document(path, SaveFile).to_record()
        except (FileNotFoundError, FileProblem):
            continue
        if _same_game(saved, record):
            return path.stem
    return None


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
                "saved_at": saved_at or _now(),
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
            save_id = _id_of_same_game(record, home) or new_save_id()
        document = save_document(record, players, save_id, saved_at)
        path = save_path(home, save_id)
        problem = _clear_bad_file(path, SaveFile, _SAVE_BEFORE_SAVING)
        atomic_write_text(path, dump_document(document))
    return problem


def _migrate_legacy(home: Path | str | None) -> str | None:
    """Move an older version's single `save.json` into the saves folder under a new id.

    A bad one is set aside (the sentence is returned); a good one keeps every field.
    """
    legacy = save_path(home)
    try:
        document = read_document(legacy, SaveFile)
    except FileNotFoundError:
        return None
    except FileProblem as problem:
        return _set_aside(_SAVE, legacy, problem.message)[0]
    save_id = document.id or new_save_id(document.saved_at)
    target = save_path(home, save_id)
    if os.path.lexists(target):
        save_id = new_save_id(document.saved_at)
        target = save_path(home, save_id)
    moved = document.model_copy(update={"id": save_id})
    atomic_write_text(target, dump_document(moved))
    with contextlib.suppress(OSError):
        legacy.unlink()
    return None


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
        return None, _set_aside(_SAVE, path, problem.message)[0]
    record = document.to_record()
    try:
        final = _replay(rules, record, keep=False)[-1]
    except _ReplayFailure as failure:
        reason = _with_rules_note(failure.describe(reveal=False), record, rules)
        return None, _set_aside(_SAVE, path, reason)[0]
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
        migrated = _migrate_legacy(home)
        if migrated is not None:
            problems.append(migrated)
        for path in _save_files(home):
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
            files = sorted(_save_files(home), key=_modified, reverse=True)
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


def _modified(path: Path) -> float:
    """When a file was last written (0 if it cannot be told)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _discard_if_same_game(
    record: GameRecord, home: Path | str | None, save_id: str | None = None
) -> None:
    """Remove the save holding this game (or an earlier moment of it); quietly.

    With `save_id` only that file is looked at; else every save (and an old `save.json`).
    """
    if save_id is not None:
        paths = [save_path(home, save_id)]
    else:
        paths = [*_save_files(home), save_path(home)]
    for path in paths:
        try:
            saved = read_document(path, SaveFile).to_record()
        except (FileNotFoundError, FileProblem):
            continue
        if _same_game(saved, record):
            # If this fails, the next start finds the game already recorded and removes it then.
            with contextlib.suppress(OSError):
                path.unlink()


def _recover_finished(
    record: GameRecord,
    document: SaveFile,
    rules: Rules,
    home: Path | str | None,
    save_id: str | None = None,
) -> str | None:
    """Record a saved game that had ended, unless that was done just before the program stopped."""
    rows, problem, _ = _read_history(home)
    digest = _digest(record)
    done = any(row.game.split("-")[2] == digest and row.date >= document.saved_at for row in rows)
    try:
        if done:
            _discard_if_same_game(record, home, save_id)
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


# The score sheet and finished games ------------------------------------------------------------


def _read_history(
    home: Path | str | None, subject: _Subject = _HISTORY
) -> tuple[list[HistoryRow], str | None, bool]:
    """The score sheet's rows, a sentence if it was bad, and whether a bad one is still there."""
    path = history_path(home)
    try:
        document = read_document(path, HistoryFile)
    except FileNotFoundError:
        return [], None, False
    except FileProblem as problem:
        message, moved = _set_aside(subject, path, problem.message)
        return [], message, not moved
    return list(document.games), None, False


def load_history(*, home: Path | str | None = None) -> tuple[list[HistoryRow], str | None]:
    """Every finished game's row, oldest first, and a sentence to show if the sheet was bad.

    A bad score sheet is renamed to `history.json.bad-<time>` and the rows are then empty.
    """
    with data_lock(home):
        rows, problem, _ = _read_history(home)
    return rows, problem


def _digest(record: GameRecord) -> str:
    """Six hex digits that identify a game's record (part of its id)."""
    text = json.dumps(
        [str(record.mode), record.seed, record.first, list(record.names), list(record.moves)],
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def _free_game_id(folder: Path, when: datetime, record: GameRecord) -> str:
    """A new game id: finishing date and time, then a digest of the record."""
    base = f"{when.astimezone():%Y%m%d-%H%M%S}-{_digest(record)}"
    for number in range(1, 1000):
        game_id = base if number == 1 else f"{base}-{number}"
        if not os.path.lexists(folder / f"{game_id}.json"):
            return game_id
    raise StorageError(t("storage.no_free_name", folder=folder, game=base))


def _players_tuple(players: Sequence[str], record: GameRecord) -> Players:
    """The seats' kinds, one per name of the record; StorageError if the counts differ."""
    if len(players) != len(record.names):
        # A caller's mistake, never a player's: it stays in English.
        raise StorageError(
            f"The game has {len(record.names)} players, but {len(players)} kinds were given."
        )
    return tuple(players)


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
) -> Recorded:
    """Write a finished game down: its game file, its score-sheet row; then drop its autosave
    (`save_id`'s, or whichever save holds this game).

    Every write is atomic, and the score sheet is read and written back under the data
    folder's lock, so games finished at once by several programs all keep their row. A bad
    score sheet is set aside and a new one started (the returned `problem` says so). Raises
    StorageError (one sentence) if the game is not finished or a write fails; nothing already
    on disk is damaged then.
    """
    rules = rules or default_rules()
    kinds = _players_tuple(players, record)
    try:
        final = _replay(rules, record, keep=False)[-1]
    except _ReplayFailure as failure:
        raise StorageError(
            t("storage.record_unreplayable", problem=failure.describe(reveal=False))
        ) from None
    summary = _summary(final, record.names)
    if summary is None:
        raise StorageError(t("storage.record_unfinished"))
    when = finished_at or _now()
    with data_lock(home):
        rows, problem, blocked = _read_history(home, _HISTORY_BEFORE_RECORDING)
        if blocked:
            raise StorageError(problem or t("storage.sheet_unreadable"))
        folder = games_dir(home)
        game_id = _free_game_id(folder, when, record)
        game, row = _finished_documents(record, kinds, summary, game_id, when)
        atomic_write_text(folder / f"{game_id}.json", dump_document(game))
        atomic_write_text(history_path(home), dump_document(HistoryFile.of((*rows, row))))
        _discard_if_same_game(record, home, save_id)
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
    when = finished_at or _now()
    names = tuple(facts.names)
    digest = hashlib.sha256(f"{facts.room}|{'|'.join(names)}".encode()).hexdigest()[:6]
    summary = _result_summary(facts.result, facts.turns, names)
    with data_lock(home):
        rows, problem, blocked = _read_history(home, _HISTORY_BEFORE_RECORDING)
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


# Game files: reading, finding, exporting -------------------------------------------------------


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
            return StorageError(_set_aside(_GAME, path, problem)[0])
        return StorageError(t("storage.game_bad", path=path, problem=problem))

    try:
        document = read_document(path, GameFile)
    except FileNotFoundError:
        raise StorageError(t("storage.game_missing", path=path)) from None
    except FileProblem as problem:
        raise bad(problem.message) from None
    record = document.to_record()
    try:
        final = _replay(rules, record, keep=False)[-1]
    except _ReplayFailure as failure:
        raise bad(_with_rules_note(failure.describe(reveal=True), record, rules)) from None
    actual = _summary(final, record.names)
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


def game_file_text(
    record: GameRecord,
    *,
    players: Sequence[str] | None = None,
    finished_at: datetime | None = None,
    game_id: str | None = None,
    rules: Rules | None = None,
    allow_unfinished: bool = False,
) -> str:
    """A game file's JSON text for a record, checked by replaying it.

    An unfinished game's file reveals the hands, so it is refused unless `allow_unfinished`.
    """
    rules = rules or default_rules()
    try:
        final = _replay(rules, record, keep=False)[-1]
    except _ReplayFailure as failure:
        raise StorageError(
            t("storage.export_unreplayable", problem=failure.describe(reveal=False))
        ) from None
    summary = _summary(final, record.names)
    if summary is None and not allow_unfinished:
        raise StorageError(t("storage.export_unfinished"))
    try:
        document = GameFile.model_validate(
            {
                **GameFile.record_fields(record),
                "id": game_id,
                "players": None if players is None else _players_tuple(players, record),
                "finished_at": finished_at,
                "result": summary,
            }
        )
    except ValidationError as exc:
        raise StorageError(t("storage.export_invalid", problem=describe_validation(exc))) from None
    return dump_document(document)


def export_game(
    record: GameRecord,
    path: Path,
    *,
    players: Sequence[str] | None = None,
    finished_at: datetime | None = None,
    game_id: str | None = None,
    rules: Rules | None = None,
    overwrite: bool = False,
    allow_unfinished: bool = False,
) -> Path:
    """Write a game file that `replay` and the referee read; returns its path.

    Refuses (StorageError, one sentence) to replace an existing file unless `overwrite`.
    """
    text = game_file_text(
        record,
        players=players,
        finished_at=finished_at,
        game_id=game_id,
        rules=rules,
        allow_unfinished=allow_unfinished,
    )
    if path.is_dir():
        raise StorageError(t("storage.export_folder", path=path))
    if not overwrite and os.path.lexists(path):
        raise StorageError(t("storage.export_exists", path=path))
    atomic_write_text(path, text, mode=SHARED)
    return path
