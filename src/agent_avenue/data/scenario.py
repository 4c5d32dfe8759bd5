"""Load a hand-made game position (a scenario TOML file) and check it strictly."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator
from pydantic_core import ErrorDetails, PydanticCustomError

from agent_avenue.data.input_files import INPUT_LIMIT, InputFileError, read_input_file
from agent_avenue.data.printable import shown, shown_sentence
from agent_avenue.data.tables import key_path
from agent_avenue.data.toml_values import describe_value
from agent_avenue.engine import (
    BOARD_SIZE,
    DUEL_DISCARDS,
    GameState,
    InvalidPosition,
    Mode,
    PositionSetup,
    Rules,
    SeatSetup,
    from_position,
)

MAX_DEPTH = 8
"""How deeply a scenario's arrays and tables may nest (a real one nests 3 deep)."""
SUPPLY_SIZE = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 4

__all__ = ["ScenarioError", "load_scenario", "scenario_from_table"]


class ScenarioError(Exception):
    """A scenario file that is missing, not TOML, or not a position the game can reach."""


# The file's shape ------------------------------------------------------------------------------


class _Model(BaseModel):
    """Strict TOML tables: no unknown keys, no silent conversions (a bool is not an int)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SeatModel(_Model):
    """One `[[seats]]` table: a player's cards and discards, and on seats 0 and 1 the side's."""

    hand: list[str] = Field(default_factory=list)
    in_play: list[str] = Field(default_factory=list)
    position: int | None = Field(default=None, ge=0, le=BOARD_SIZE - 1)
    # None: the full allowance, 4 for a player alone on a side and 2 in a team (the engine's).
    discards_left: int | None = Field(default=None, ge=0, le=DUEL_DISCARDS)
    black_market: list[str] = Field(default_factory=list)


class MarketModel(_Model):
    """The `[market]` table: the face-up supply and the black market deck (top first)."""

    supply: list[str] = Field(default_factory=list, max_length=SUPPLY_SIZE)
    deck: list[str] = Field(default_factory=list)


class ScenarioModel(_Model):
    """A whole scenario file."""

    mode: Literal["simple", "advanced"] = "simple"
    players: int = Field(default=MIN_PLAYERS, ge=MIN_PLAYERS, le=MAX_PLAYERS)
    active: int = Field(default=0, ge=0, le=1)
    turn: int = Field(default=1, ge=1)
    deck: list[str] = Field(default_factory=list)
    seats: list[SeatModel] | None = None
    market: MarketModel = Field(default_factory=MarketModel)

    @field_validator("seats")
    @classmethod
    def _one_table_per_player(
        cls, seats: list[SeatModel] | None, info: ValidationInfo
    ) -> list[SeatModel] | None:
        """Exactly one `[[seats]]` table per player (checked once `players` itself is valid)."""
        players = info.data.get("players")
        if seats is not None and isinstance(players, int) and len(seats) != players:
            raise PydanticCustomError(
                "seat_count",
                "should have one table per player",
                {"players": players, "actual_length": len(seats)},
            )
        return seats


# Error sentences -------------------------------------------------------------------------------


def _model_at(loc: Sequence[str | int]) -> type[_Model]:
    """The model describing the table that holds the key at `loc`."""
    parents = [p for p in loc[:-1] if isinstance(p, str)]
    if parents == ["seats"]:
        return SeatModel
    if parents == ["market"]:
        return MarketModel
    return ScenarioModel


_TYPE_WORDS = {
    "int_type": "an integer",
    "string_type": "a string",
    "list_type": "an array",
    "model_type": "a table",
    "dict_type": "a table",
}


def _problem(error: ErrorDetails) -> str:
    """One pydantic error as a phrase such as `should be from 0 to 13, not the integer 14`."""
    kind = error["type"]
    loc = error["loc"]
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    got = describe_value(error.get("input"))
    if kind == "extra_forbidden":
        known = ", ".join(_model_at(loc).model_fields)
        return f"is not a known key (the keys here are {known})"
    if kind in _TYPE_WORDS:
        what = _TYPE_WORDS[kind]
        if loc == ("seats",):
            what = "an array of tables ([[seats]])"
        return f"should be {what}, not {got}"
    if kind == "literal_error":
        expected = re.sub(r"'([^']*)'", r'"\1"', str(ctx.get("expected")))
        return f"should be {expected}, not {got}"
    if kind in ("greater_than_equal", "less_than_equal"):
        field = _model_at(loc).model_fields[str(loc[-1])]
        low = next((getattr(m, "ge", None) for m in field.metadata if hasattr(m, "ge")), None)
        high = next((getattr(m, "le", None) for m in field.metadata if hasattr(m, "le")), None)
        if low is not None and high is not None:
            if high == low + 1:
                return f"should be {low} or {high}, not {got}"
            return f"should be from {low} to {high}, not {got}"
        bound = f"{low} or more" if low is not None else f"{high} or less"
        return f"should be {bound}, not {got}"
    if kind == "seat_count":
        players, count = ctx["players"], ctx["actual_length"]
        why = "per seat" if players == MIN_PLAYERS else f"per seat, as players = {players}"
        return f"should have exactly {players} entries (one [[seats]] table {why}), not {count}"
    if kind in ("too_short", "too_long"):
        return f"should have at most {ctx.get('max_length')} cards, not {ctx.get('actual_length')}"
    message = re.sub(r"^Input should", "should", error["msg"])
    return f"{message}, not {got}"


def _error(path: Path, problem: str) -> ScenarioError:
    """A ScenarioError whose message is one sentence that starts with the file's path (both
    made safe to print: a value from the file or the command line is escaped and cut)."""
    sentence = shown_sentence(problem).rstrip(".")
    return ScenarioError(f"{shown(path)}: {sentence}.")


def _from_validation_error(path: Path, exc: ValidationError) -> ScenarioError:
    """The first problem pydantic found, as one sentence naming the key."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    more = len(errors) - 1
    tail = f" (and {more} more problem{'s' if more != 1 else ''})" if more else ""
    return _error(path, f"{key_path(first['loc'])} {_problem(first)}{tail}")


# Reading ---------------------------------------------------------------------------------------


_FILE_PROBLEMS = {
    "missing": "scenario file not found",
    "folder": "is a directory, not a scenario file",
    "not_regular": "is not a regular file (a pipe or a device, say), so it was not read",
    "too_large": f"is larger than {INPUT_LIMIT // 1024} KiB, too large for a scenario file",
}


def _depth(value: object) -> int:
    """How deeply arrays and tables nest in a parsed value (counted without recursion)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest


def _read_toml(path: Path) -> dict[str, Any]:
    """The parsed TOML document, or a ScenarioError saying why it cannot be read."""
    try:
        content = read_input_file(path)
    except InputFileError as exc:
        problem = _FILE_PROBLEMS.get(exc.reason, f"scenario file cannot be read ({exc.error})")
        raise _error(path, problem) from None
    table = _parse_toml(path, content)
    if _depth(table) > MAX_DEPTH:
        raise _error(path, f"arrays and tables nest more than {MAX_DEPTH} deep")
    return table


def _parse_toml(path: Path, content: bytes) -> dict[str, Any]:
    """Parse a scenario file's bytes as TOML, or raise a ScenarioError saying where it fails."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _error(path, f"not valid UTF-8 at byte {exc.start}") from None
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise _error(path, f"arrays and tables nest more than {MAX_DEPTH} deep") from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        where = re.search(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)", message)
        if where is None:
            raise _error(path, f"invalid TOML: {message}") from None
        what = message[: where.start()] + message[where.end() :]
        what = what[:1].lower() + what[1:]
        if where.group(1) is None:  # tomllib gives no line for an error at the very end
            lines = text.split("\n")
            place = f"at line {len(lines)}, column {len(lines[-1]) + 1} (the end of the file)"
        else:
            place = f"at line {where.group(1)}, column {where.group(2)}"
        raise _error(path, f"invalid TOML {place}: {what}") from None


def _setup(model: ScenarioModel) -> PositionSetup:
    """The engine's position setup for a validated scenario (one seat per player)."""
    seats = model.seats if model.seats is not None else [SeatModel()] * model.players
    seat_setups = tuple(
        SeatSetup(
            hand=tuple(seat.hand),
            in_play=tuple(seat.in_play),
            position=seat.position,
            discards_left=seat.discards_left,
            black_market=tuple(seat.black_market),
        )
        for seat in seats
    )
    return PositionSetup(
        mode=Mode(model.mode),
        active=model.active,
        deck=tuple(model.deck),
        seats=seat_setups,
        supply=tuple(model.market.supply),
        market_deck=tuple(model.market.deck),
        turn=model.turn,
    )


# Public API ------------------------------------------------------------------------------------


def load_scenario(path: Path, rules: Rules) -> GameState:
    """Read a scenario file into a game at that position; raise ScenarioError if it is bad."""
    return scenario_from_table(_read_toml(path), path, rules)


def scenario_from_table(raw: dict[str, Any], path: Path, rules: Rules) -> GameState:
    """A game at the position a parsed scenario table describes (a whole scenario file, or a
    table inside another file such as a tutorial lesson); errors name `path`."""
    try:
        model = ScenarioModel.model_validate(raw)
    except ValidationError as exc:
        raise _from_validation_error(path, exc) from None
    try:
        return from_position(rules, _setup(model))
    except InvalidPosition as exc:
        raise _error(path, str(exc)) from None
