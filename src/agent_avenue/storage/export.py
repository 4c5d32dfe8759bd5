"""Exporting a game: the checked text of its game file, written where the user asks."""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from agent_avenue.data import default_rules
from agent_avenue.engine import GameRecord, Rules
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import SHARED, StorageError, atomic_write_text
from agent_avenue.storage.files import GameFile, describe_validation, dump_document
from agent_avenue.storage.players import players_tuple
from agent_avenue.storage.replaying import ReplayFailure, final_summary, replay

__all__ = [
    "export_game",
    "game_file_text",
]


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
        final = replay(rules, record, keep=False)[-1]
    except ReplayFailure as failure:
        raise StorageError(
            t("storage.export_unreplayable", problem=failure.describe(reveal=False))
        ) from None
    summary = final_summary(final, record.names)
    if summary is None and not allow_unfinished:
        raise StorageError(t("storage.export_unfinished"))
    try:
        document = GameFile.model_validate(
            {
                **GameFile.record_fields(record),
                "id": game_id,
                "players": None if players is None else players_tuple(players, record),
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
