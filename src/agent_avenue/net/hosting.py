"""A hosted room on disk: its file (code, seats, token hashes), its autosave, its finished game.

Everything lives in the server's data folder: the room files and the games in progress under
`hosted/` (kept apart from the hot-seat app's own saves, so that the app never offers to
resume a networked game on one screen), finished games on the server's own score sheet.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_avenue.engine import Mode, Rules
from agent_avenue.net.room import Room, RoomConfig
from agent_avenue.storage import (
    StorageError,
    atomic_write_text,
    data_home,
    discard_save,
    list_saves,
    record_finished,
    save_game,
)

HOSTED_DIR = "hosted"
ROOMS_DIR = "rooms"
_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$")

__all__ = [
    "RoomFile",
    "forget_room",
    "hosted_home",
    "load_rooms",
    "record_room",
    "save_room",
    "write_room_file",
]


class RoomFile(BaseModel):
    """A room as kept on disk: no token, only each seat's token hash."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["agent-avenue-room"] = "agent-avenue-room"
    version: Literal[1] = 1
    save_id: Annotated[str, Field(pattern=_ID.pattern)]
    code: Annotated[str, Field(min_length=4, max_length=16)]
    mode: Mode
    players: Annotated[int, Field(ge=2, le=4)]
    seed: Annotated[int, Field(ge=0)]
    first: Annotated[int, Field(ge=0, le=1)]
    kinds: list[Annotated[str, Field(max_length=32)]]
    names: list[Annotated[str, Field(max_length=64)] | None]
    token_hashes: list[Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")] | None]
    spectators: bool = False
    started: bool = False
    seeded: bool = False
    game: Annotated[int, Field(ge=1)] = 1


def hosted_home(home: Path | str | None) -> Path:
    """The folder of hosted games inside the data folder."""
    return data_home(home) / HOSTED_DIR


def _room_path(home: Path | str | None, save_id: str) -> Path:
    """The file of one hosted room."""
    return hosted_home(home) / ROOMS_DIR / f"{save_id}.json"


def write_room_file(room: Room, home: Path | str | None) -> None:
    """Write the room's file (seats, names, token hashes) atomically; StorageError on failure."""
    cfg = room.config
    document = RoomFile(
        save_id=cfg.save_id,
        code=cfg.code,
        mode=cfg.mode,
        players=cfg.players,
        seed=cfg.seed,
        first=cfg.first,
        kinds=list(cfg.kinds),
        names=list(room.names),
        token_hashes=list(room.token_hashes),
        spectators=cfg.spectators,
        started=room.session is not None,
        seeded=cfg.seeded,
        game=cfg.game,
    )
    atomic_write_text(_room_path(home, cfg.save_id), document.model_dump_json(indent=2) + "\n")


def save_room(room: Room, home: Path | str | None) -> str | None:
    """Autosave the room's game in progress (call after every move); None or a sentence."""
    session = room.session
    if session is None:
        return None
    return save_game(
        session.record, room.config.kinds, save_id=room.config.save_id, home=hosted_home(home)
    )


def record_room(room: Room, rules: Rules, home: Path | str | None) -> str | None:
    """Write the finished game on the server's score sheet and drop its autosave and file."""
    session = room.session
    assert session is not None and session.result is not None
    problem = record_finished(session.record, room.config.kinds, rules=rules, home=home).problem
    forget_room(room, home)
    return problem


def forget_room(room: Room, home: Path | str | None) -> None:
    """Remove a room's file, then its autosave (the game is over): stopped in between, what is
    left is a save without a room, which nothing resumes."""
    with contextlib.suppress(OSError):
        _room_path(home, room.config.save_id).unlink()
    with contextlib.suppress(StorageError):
        discard_save(room.config.save_id, home=hosted_home(home))


def _config(document: RoomFile) -> RoomConfig:
    """The room a file describes."""
    return RoomConfig(
        code=document.code,
        save_id=document.save_id,
        mode=document.mode,
        players=document.players,
        seed=document.seed,
        first=document.first,
        kinds=tuple(document.kinds),
        spectators=document.spectators,
        seeded=document.seeded,
        game=document.game,
    )


def load_rooms(rules: Rules, home: Path | str | None) -> tuple[list[Room], list[str]]:
    """Every hosted room that can go on (most recent first), and sentences about bad files."""
    folder = hosted_home(home) / ROOMS_DIR
    try:
        paths = sorted(folder.glob("*.json"), reverse=True)
    except OSError:
        return [], []
    found = list_saves(rules=rules, home=hosted_home(home))
    records = {save.save_id: save.record for save in found.saves}
    rooms: list[Room] = []
    problems = list(found.problems)
    for path in paths:
        try:
            document = RoomFile.model_validate_json(path.read_bytes())
        except (OSError, ValidationError):
            problems.append(path.name)
            continue
        if len(document.kinds) != document.players or len(document.names) != document.players:
            problems.append(path.name)
            continue
        record = records.get(document.save_id)
        if document.started and record is None:
            continue  # finished and recorded, or its save was set aside
        config = _config(document)
        rooms.append(Room(rules, config, document.names, document.token_hashes, record))
    return rooms, problems
