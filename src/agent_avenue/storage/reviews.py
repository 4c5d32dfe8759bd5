"""Stored reviews of finished games: one file per game, keyed by its record's digest.

A review costs seconds of search; it is kept in `reviews/<digest>.json` in the data folder so
that a second look opens at once. The file says which game (the full digest of its record),
which rules, which review version and which budget it is for: a file that is damaged, too
large, not a regular file, or for another game, rules version, review version or budget is
never trusted (`read_review` returns None and the review is computed again). Writes are atomic
and hold the data folder's lock.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated, ClassVar

from pydantic import Field, StringConstraints

from agent_avenue.data.input_files import InputFileError, read_input_file
from agent_avenue.engine import GameRecord
from agent_avenue.storage.atomic import atomic_write_text
from agent_avenue.storage.files import (
    MAX_MOVES,
    Document,
    FileProblem,
    MoveText,
    RulesVersion,
    _Model,
    decode_document,
    dump_document,
)
from agent_avenue.storage.lock import data_lock
from agent_avenue.storage.paths import data_home

__all__ = [
    "REVIEWS_DIR",
    "REVIEW_FORMAT",
    "REVIEW_VERSION",
    "JudgementFacts",
    "ReviewFile",
    "game_digest",
    "read_review",
    "review_path",
    "write_review",
]

REVIEWS_DIR = "reviews"
REVIEW_FORMAT = "agent-avenue-review"
REVIEW_VERSION = 3
"""Raise it when the way decisions are judged changes: older files are then recomputed (2: the
actions of a decision measured on the same deals, 2026-12-07; 3: duel decisions with a doubtful
loss refined, more candidates and more playouts)."""
MAX_REVIEW_BYTES = 1024 * 1024

Chance = Annotated[float, Field(ge=0.0, le=1.0)]
Digest = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
BudgetKey = Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]{1,64}$")]


class JudgementFacts(_Model):
    """One judged decision (teaching/review_judge.py's Judgement)."""

    number: int = Field(ge=1, le=MAX_MOVES)
    seat: int = Field(ge=0, le=3)
    turn: int = Field(ge=0, le=MAX_MOVES)
    taken: MoveText
    best: MoveText
    chance_taken: Chance
    chance_best: Chance
    visits: int = Field(ge=0)
    missed_win: bool
    chose_loss: bool


class ReviewFile(Document):
    """A stored review: its game, rules, budget, seats reviewed, winner and judgements."""

    FORMAT: ClassVar[str] = REVIEW_FORMAT
    VERSION: ClassVar[int] = REVIEW_VERSION
    KEY: ClassVar[str] = "review"

    game: Digest
    rules_version: RulesVersion
    budget: BudgetKey
    seats: tuple[Annotated[int, Field(ge=0, le=3)], ...] = Field(min_length=1, max_length=4)
    winner: int = Field(ge=0, le=1)
    judgements: tuple[JudgementFacts, ...] = Field(max_length=MAX_MOVES)


def game_digest(record: GameRecord) -> str:
    """The full digest of a record (everything that determines the game, its rules version
    and number of players included): the key of its stored review."""
    text = json.dumps(
        [
            str(record.mode),
            record.seed,
            record.first,
            list(record.names),
            list(record.moves),
            record.rules_version,
            record.players,
        ],
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def review_path(record: GameRecord, home: Path | str | None = None) -> Path:
    """Where the review of this game is kept."""
    return data_home(home) / REVIEWS_DIR / f"{game_digest(record)}.json"


def read_review(
    record: GameRecord, budget: str, home: Path | str | None = None
) -> ReviewFile | None:
    """The stored review of this game for this budget, or None when there is none to trust
    (missing, damaged, too large, not a regular file, or for another game, rules version,
    review version or budget)."""
    path = review_path(record, home)
    try:
        data = read_input_file(path, MAX_REVIEW_BYTES)
        document = decode_document(data, ReviewFile)
    except (InputFileError, FileProblem, OSError):
        return None
    if (
        document.version != REVIEW_VERSION
        or document.game != game_digest(record)
        or document.rules_version != record.rules_version
        or document.budget != budget
    ):
        return None
    return document


def write_review(record: GameRecord, document: ReviewFile, home: Path | str | None = None) -> None:
    """Store a game's review (atomic, under the data folder's lock); StorageError if it cannot
    be written."""
    if document.game != game_digest(record):
        raise ValueError("a review is stored under its own game's digest")
    with data_lock(home):
        atomic_write_text(review_path(record, home), dump_document(document))
