"""The file formats (save, game file, score sheet) as strict pydantic models, and their reading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, ClassVar, Self, TypeVar

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from agent_avenue.data.input_files import InputFileError, read_input_file
from agent_avenue.data.player_names import MAX_NAME_LENGTH
from agent_avenue.engine import GameRecord, Mode, is_team_game, seats_of
from agent_avenue.i18n import t
from agent_avenue.storage.atomic import describe_os_error

SAVE_FORMAT = "agent-avenue-save"
GAME_FORMAT = "agent-avenue-game"
HISTORY_FORMAT = "agent-avenue-history"
# Version 2 holds team games (3 or 4 names and kinds). A duel is still written as version 1, so
# that an older program keeps reading duels; it reports a team game's file as from a newer one.
SAVE_VERSION = 2
GAME_VERSION = 2
HISTORY_VERSION = 2
DUEL_VERSION = 1
MAX_FILE_BYTES = 16 * 1024 * 1024
GAME_ID_PATTERN = r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}(-[0-9]{1,3})?$"
MAX_MOVES = 2000

__all__ = [
    "DUEL_VERSION",
    "GAME_FORMAT",
    "GAME_ID_PATTERN",
    "GAME_VERSION",
    "HISTORY_FORMAT",
    "HISTORY_VERSION",
    "MAX_FILE_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "ConditionFacts",
    "Document",
    "FileProblem",
    "GameFile",
    "HistoryFile",
    "HistoryRow",
    "ResultSummary",
    "SaveFile",
    "decode_document",
    "describe_validation",
    "dump_document",
    "format_version",
    "read_document",
    "stored_side_name",
]

# Each format's `storage.kind.*` and `storage.format.*` key, to say "is a score sheet, not a
# saved game" in the current language.
_KEY_OF_FORMAT = {
    SAVE_FORMAT: "save",
    GAME_FORMAT: "game",
    HISTORY_FORMAT: "history",
}


def _printable(text: str) -> str:
    """Refuse text with control characters: names and moves are shown on the terminal."""
    if not text.isprintable():
        raise ValueError(t("storage.check.control_characters"))
    return text


Name = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_NAME_LENGTH), AfterValidator(_printable)
]
MoveText = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[ -~]+$")]
PlayerKind = Annotated[str, StringConstraints(pattern=r"^(human|bot:[a-z0-9][a-z0-9_-]{0,23})$")]
Reason = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
RulesVersion = Annotated[str, StringConstraints(pattern=r"^[0-9A-Za-z._-]{0,64}$")]
GameId = Annotated[str, StringConstraints(pattern=GAME_ID_PATTERN)]
Seat = Annotated[int, Field(ge=0, le=1)]
Names = Annotated[tuple[Name, ...], Field(min_length=2, max_length=4)]
"""One name per seat: green, blue, then (team games) green's and blue's second players."""
Kinds = Annotated[tuple[PlayerKind, ...], Field(min_length=2, max_length=4)]


def stored_side_name(names: tuple[str, ...], side: int) -> str:
    """A side's name as files store it: its player's name, or "Ann & Cid" for a team of two."""
    return " & ".join(names[seat] for seat in seats_of(side, len(names)))


def format_version(names: tuple[str, ...]) -> int:
    """The version a file holding these names is written as: 1 for a duel, 2 for a team game."""
    return SAVE_VERSION if is_team_game(len(names)) else DUEL_VERSION


def _check_seats(version: int, names: tuple[str, ...], kinds: tuple[str, ...] | None) -> None:
    """A version 1 file holds a duel; every seat has a kind when kinds are given."""
    if version < 2 and len(names) != 2:
        raise ValueError(t("storage.check.two_names"))
    if kinds is not None and len(kinds) != len(names):
        raise ValueError(t("storage.check.one_kind_per_name"))


class FileProblem(Exception):
    """What is wrong with a file's content, as the end of a sentence (e.g. "is empty")."""

    def __init__(self, message: str) -> None:
        """Keep the translated text itself (it can follow a change of language)."""
        super().__init__(message)
        self.message = message


class _Model(BaseModel):
    """Base of every stored model: unknown fields are refused and values never change."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Document(_Model):
    """A whole file: a `format` name and an integer `version`, checked before anything else."""

    FORMAT: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    KEY: ClassVar[str] = "file"
    """Its `storage.kind.*` and `storage.format.*` key, to name it in messages."""

    format: str
    version: int

    @field_validator("format")
    @classmethod
    def _own_format(cls, value: str) -> str:
        """A document's `format` must be its class's format name."""
        if value != cls.FORMAT:
            raise ValueError(t("storage.check.format", format=repr(cls.FORMAT)))
        return value


class ConditionFacts(_Model):
    """One end condition met: the seat it concerns, its reason, and whether it wins or loses."""

    side: Seat
    reason: Reason
    wins: bool


class ResultSummary(_Model):
    """How a game ended, in public facts: winner, conditions met, tie rule, number of turns."""

    winner: Seat
    winner_name: Name
    reasons: tuple[Reason, ...]
    conditions: tuple[ConditionFacts, ...] = Field(min_length=1)
    by_tie_rule: bool
    turns: int = Field(ge=1)


class _RecordDocument(Document):
    """A document holding a GameRecord's fields: everything that determines a game."""

    mode: Mode
    seed: int = Field(ge=0)
    first: Seat
    names: Names
    moves: tuple[MoveText, ...] = Field(max_length=MAX_MOVES)
    rules_version: RulesVersion

    def to_record(self) -> GameRecord:
        """The GameRecord these fields describe (3 or 4 names: a team game)."""
        return GameRecord(
            Mode(self.mode),
            self.seed,
            self.first,
            self.names,
            self.moves,
            self.rules_version,
            len(self.names),
        )

    @staticmethod
    def record_fields(record: GameRecord) -> dict[str, object]:
        """A GameRecord's fields as keyword arguments for a model."""
        return {
            "mode": Mode(record.mode),
            "seed": record.seed,
            "first": record.first,
            "names": tuple(record.names),
            "moves": tuple(record.moves),
            "rules_version": record.rules_version,
            "version": format_version(tuple(record.names)),
        }


class SaveFile(_RecordDocument):
    """The autosave of a game in progress. It holds secrets: never show it to the players."""

    FORMAT: ClassVar[str] = SAVE_FORMAT
    VERSION: ClassVar[int] = SAVE_VERSION
    KEY: ClassVar[str] = "save"

    format: str = SAVE_FORMAT
    version: int = Field(default=SAVE_VERSION, ge=1, le=SAVE_VERSION)
    id: GameId | None = None
    """The save's own id, its file's name (saves of older versions have none)."""
    players: Kinds
    saved_at: AwareDatetime

    @model_validator(mode="after")
    def _seats_agree(self) -> Self:
        """One kind per name; version 1 holds two."""
        _check_seats(self.version, self.names, self.players)
        return self


class GameFile(_RecordDocument):
    """An exported or recorded game, finished or not, that `replay` and the referee read."""

    FORMAT: ClassVar[str] = GAME_FORMAT
    VERSION: ClassVar[int] = GAME_VERSION
    KEY: ClassVar[str] = "game"

    format: str = GAME_FORMAT
    version: int = Field(default=GAME_VERSION, ge=1, le=GAME_VERSION)
    id: GameId | None = None
    players: Kinds | None = None
    finished_at: AwareDatetime | None = None
    result: ResultSummary | None = None

    @model_validator(mode="after")
    def _winner_named(self) -> Self:
        """The winner's name must be the name of the winner's side; one kind per name."""
        _check_seats(self.version, self.names, self.players)
        result = self.result
        if result is not None and result.winner_name != stored_side_name(self.names, result.winner):
            raise ValueError(t("storage.check.winner_name"))
        return self


class HistoryRow(_Model):
    """One finished game on the score sheet: public facts only (no moves, hands or seed)."""

    game: GameId
    date: AwareDatetime
    mode: Mode
    names: Names
    players: Kinds
    winner: Seat
    winner_name: Name
    reasons: tuple[Reason, ...]
    conditions: tuple[ConditionFacts, ...] = Field(min_length=1)
    by_tie_rule: bool
    turns: int = Field(ge=1)

    @model_validator(mode="after")
    def _winner_named(self) -> Self:
        """The winner's name must be the name of the winner's side; one kind per name."""
        _check_seats(2, self.names, self.players)
        if self.winner_name != stored_side_name(self.names, self.winner):
            raise ValueError(t("storage.check.winner_name"))
        return self

    @property
    def is_team_game(self) -> bool:
        """Whether the game had 3 or 4 players."""
        return is_team_game(len(self.names))


class HistoryFile(Document):
    """The score sheet: every finished game's row, oldest first."""

    FORMAT: ClassVar[str] = HISTORY_FORMAT
    VERSION: ClassVar[int] = HISTORY_VERSION
    KEY: ClassVar[str] = "history"

    format: str = HISTORY_FORMAT
    version: int = Field(default=HISTORY_VERSION, ge=1, le=HISTORY_VERSION)
    games: tuple[HistoryRow, ...] = ()

    @model_validator(mode="after")
    def _teams_need_version_2(self) -> Self:
        """A version 1 score sheet holds duels only."""
        if self.version < 2 and any(row.is_team_game for row in self.games):
            raise ValueError(t("storage.check.duels_only"))
        return self

    @classmethod
    def of(cls, games: tuple[HistoryRow, ...]) -> HistoryFile:
        """A score sheet of these rows: version 1 while it holds duels only."""
        team = any(row.is_team_game for row in games)
        return cls(games=games, version=HISTORY_VERSION if team else DUEL_VERSION)


DocT = TypeVar("DocT", bound=Document)


def dump_document(document: Document) -> str:
    """A document as the JSON text written to disk (indented, ending with a newline)."""
    return document.model_dump_json(indent=2) + "\n"


def read_document(path: Path, model: type[DocT]) -> DocT:
    """Read and check a file; FileNotFoundError if it is absent, FileProblem if it is bad."""
    try:
        data = read_input_file(path, MAX_FILE_BYTES)
    except InputFileError as exc:
        if exc.reason == "missing":
            raise FileNotFoundError(str(path)) from None
        if exc.reason == "too_large":
            raise FileProblem(
                t("storage.problem.too_large", kind=_kind(model.KEY), limit=MAX_FILE_BYTES)
            ) from None
        if exc.os_error is not None:
            error = describe_os_error(exc.os_error)
        elif exc.reason == "folder":
            error = t("storage.os.is_folder")
        else:  # a pipe, a device: never waited for, never read
            error = t("storage.os.not_regular")
        raise FileProblem(t("storage.problem.unreadable", error=error)) from None
    return decode_document(data, model)


def _kind(key: str) -> str:
    """What a file of this kind is called in messages ("a saved game")."""
    return t(f"storage.kind.{key}")


def decode_document(data: bytes, model: type[DocT]) -> DocT:
    """Check a file's bytes step by step (text, JSON, format, version, fields) and parse them."""
    if not data.strip():
        raise FileProblem(t("storage.problem.empty"))
    try:
        # A byte-order mark (left by some Windows editors) is not an error.
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise FileProblem(t("storage.problem.not_utf8", position=exc.start)) from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem(_describe_json_error(text, exc)) from None
    except (ValueError, RecursionError):
        raise FileProblem(t("storage.problem.json_unreadable")) from None
    kind = _kind(model.KEY)
    if not isinstance(raw, dict):
        raise FileProblem(t("storage.problem.no_object", kind=kind))
    found = raw.get("format")
    if found != model.FORMAT:
        if isinstance(found, str) and found in _KEY_OF_FORMAT:
            found_kind = _kind(_KEY_OF_FORMAT[found])
            raise FileProblem(t("storage.problem.other_kind", found=found_kind, kind=kind))
        raise FileProblem(t("storage.problem.unknown_format", kind=kind))
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileProblem(t("storage.problem.no_version"))
    if version > model.VERSION:
        raise FileProblem(
            t(
                "storage.problem.newer",
                format=t(f"storage.format.{model.KEY}"),
                version=version,
                latest=model.VERSION,
            )
        )
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise FileProblem(describe_validation(exc)) from None


def describe_validation(exc: ValidationError) -> str:
    """The first field error, as the end of a sentence; values are never quoted (they may be
    secret moves), only where they are and what is wrong."""
    errors = exc.errors(include_url=False, include_input=False)
    first = errors[0]
    where = _location(first)
    message = _message(first)
    if first["type"] == "missing":
        problem = t("storage.problem.lacks_field", field=where)
    elif first["type"] == "extra_forbidden":
        problem = t("storage.problem.unknown_field", field=where)
    elif not where:
        problem = t("storage.problem.inconsistent", message=message)
    else:
        problem = t("storage.problem.bad_value", field=where, message=message)
    more = len(errors) - 1
    if more == 1:
        return t("storage.problem.and_one_more", problem=problem)
    if more > 1:
        return t("storage.problem.and_more", problem=problem, count=more)
    return problem


def _location(error: ErrorDetails) -> str:
    """A field's place like `names[1]` or `result.turns`, stripped of anything unprintable."""
    place = ""
    for part in error["loc"]:
        if isinstance(part, int):
            place += f"[{part}]"
        else:
            place += f".{part}" if place else str(part)
    clean = "".join(ch for ch in place if ch.isprintable() and ch != '"')
    return clean if len(clean) <= 60 else clean[:57] + "..."


def _message(error: ErrorDetails) -> str:
    """Pydantic's message, shortened and lower-cased to sit inside a sentence."""
    text = error["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    text = text.split("\n", 1)[0].rstrip(".")
    return text[:1].lower() + text[1:]


_JSON_ERRORS = (
    ("Expecting value", "expecting_value"),
    ("Expecting property name", "expecting_name"),
    ("Expecting ':'", "expecting_colon"),
    ("Expecting ','", "expecting_comma"),
    ("Extra data", "extra_data"),
    ("Invalid control character", "control_character"),
    ("Invalid \\", "bad_escape"),
    ("Illegal trailing comma", "trailing_comma"),
)
"""The json module's messages and their `storage.json.*` keys (others are shown as they are)."""


def _describe_json_error(text: str, exc: json.JSONDecodeError) -> str:
    """Say whether broken JSON looks cut off (truncated) or damaged in the middle (edited)."""
    if exc.msg.startswith("Unterminated string") or exc.pos >= len(text.rstrip()):
        return t("storage.problem.json_cut_off")
    key = next((key for start, key in _JSON_ERRORS if exc.msg.startswith(start)), None)
    message = t(f"storage.json.{key}") if key else exc.msg[:1].lower() + exc.msg[1:]
    return t("storage.problem.json_broken", message=message, line=exc.lineno, column=exc.colno)
