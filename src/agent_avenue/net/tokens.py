"""A client's seat tokens, kept in its data folder per host and room, to rejoin after a drop."""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_avenue.storage import StorageError, atomic_write_text, data_home

JOINED_DIR = "joined"

__all__ = ["forget_tokens", "load_tokens", "save_tokens", "token_path"]


class _TokenFile(BaseModel):
    """What a client keeps about one room it joined."""

    model_config = ConfigDict(extra="forbid")

    host: Annotated[str, Field(max_length=300)]
    room: Annotated[str, Field(max_length=16)]
    tokens: dict[int, Annotated[str, Field(max_length=64)]]


def token_path(home: Path | str | None, host: str, room: str) -> Path:
    """The file for one host and room (named by a digest: the room code is not in the name)."""
    digest = hashlib.sha256(f"{host.lower()}\n{room.upper()}".encode()).hexdigest()[:32]
    return data_home(home) / JOINED_DIR / f"{digest}.json"


def load_tokens(home: Path | str | None, host: str, room: str) -> dict[int, str]:
    """The tokens kept for this host and room, by seat (none if nothing usable is kept)."""
    path = token_path(home, host, room)
    try:
        document = _TokenFile.model_validate_json(path.read_bytes())
    except (OSError, ValidationError):
        return {}
    if document.host.lower() != host.lower() or document.room.upper() != room.upper():
        return {}
    return dict(document.tokens)


def save_tokens(home: Path | str | None, host: str, room: str, tokens: dict[int, str]) -> None:
    """Keep these tokens (readable by this user only); StorageError if it cannot be written."""
    document = _TokenFile(host=host, room=room.upper(), tokens=tokens)
    atomic_write_text(token_path(home, host, room), document.model_dump_json() + "\n")


def forget_tokens(home: Path | str | None, host: str, room: str) -> None:
    """Drop the tokens of a room whose game is over."""
    with contextlib.suppress(OSError, StorageError):
        token_path(home, host, room).unlink()
