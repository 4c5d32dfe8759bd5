"""The wire models of the engine's values and the conversions both ways, derived from the
engine's dataclasses: a view on the wire is the engine's PlayerView, field for field.

Each engine type that travels (PlayerView, SideView, Event, Result, Condition, GameRecord,
sent after the end only, and the session's LogEntry) has a pydantic model made from its fields
(agent_avenue.data.derived), in their order, with their defaults: a string is at most 64
characters, a tuple a list, an enum its value, a move (`Action`) its notation, and the Rules are
not sent (each program has its own). A field added to an engine type travels with no line here.
"""

from __future__ import annotations

import functools
import operator
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from agent_avenue.data.derived import derived_model, engine_fields
from agent_avenue.engine import (
    Action,
    Condition,
    Event,
    GameRecord,
    PlayerView,
    Result,
    Rules,
    SideView,
    format_action,
    parse_action,
)
from agent_avenue.play.session import LogEntry

Word = Annotated[str, Field(max_length=64)]
"""A name or a value of the game on the wire."""
Notation = Annotated[str, Field(max_length=100)]
"""A move in the notation."""

__all__ = [
    "ConditionModel",
    "EventModel",
    "LogEntryModel",
    "Notation",
    "RecordModel",
    "ResultModel",
    "SideModel",
    "ViewModel",
    "WireModel",
    "Word",
    "entry_from_model",
    "entry_model",
    "record_from_model",
    "record_model",
    "result_from_model",
    "result_model",
    "view_from_model",
    "view_model",
    "wire_model",
]


class WireModel(BaseModel):
    """Frozen, and no field the protocol does not name."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _is_record(hint: object) -> bool:
    """Whether a type is a dataclass or a NamedTuple (a model of its own on the wire)."""
    return isinstance(hint, type) and (
        hasattr(hint, "__dataclass_fields__") or hasattr(hint, "_fields")
    )


def _optional(hint: object) -> object | None:
    """The X of `X | None`, or None for any other type."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    rest = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if len(rest) != 1 or len(rest) == len(typing.get_args(hint)):
        raise TypeError(f"no wire type for {hint!r}: only X | None unions travel")
    found: object = rest[0]
    return found


def _wire_type(hint: object) -> Any:
    """The type a value of the engine's type `hint` has on the wire."""
    if hint == Action:
        return Notation
    inner = _optional(hint)
    if inner is not None:
        return _wire_type(inner) | None
    if typing.get_origin(hint) is tuple:
        item, *rest = typing.get_args(hint)
        if rest != [Ellipsis]:
            raise TypeError(f"no wire type for {hint!r}: only tuple[X, ...] travels")
        return list[_wire_type(item)]  # type: ignore[misc]
    if hint is str or (isinstance(hint, type) and issubclass(hint, Enum)):
        return Word
    if hint in (int, bool):
        return hint
    if _is_record(hint):
        return wire_model(typing.cast(type, hint))
    raise TypeError(f"no wire type for {hint!r}")


@functools.cache
def wire_model(cls: type) -> type[WireModel]:
    """The wire model of an engine dataclass or NamedTuple."""
    skip = frozenset(field.name for field in engine_fields(cls) if field.hint is Rules)
    model = derived_model(cls, WireModel, lambda field: _wire_type(field.hint), skip=skip)
    return typing.cast(type[WireModel], model)


Encoder = Callable[[Any], Any]
Decoder = Callable[[Any, Rules | None], Any]


def _same(value: object) -> object:
    """A value that is the same on the wire."""
    return value


@functools.cache
def _encoder(hint: object) -> Encoder:
    """The function that turns an engine value of type `hint` into what its wire model is
    validated from (made once per type: a view is sent to every seat after every step)."""
    if hint == Action:
        return typing.cast(Encoder, format_action)
    inner = _optional(hint)
    if inner is not None:
        maybe = _encoder(inner)
        return lambda value: None if value is None else maybe(value)
    if typing.get_origin(hint) is tuple:
        each = _encoder(typing.get_args(hint)[0])
        return list if each is _same else lambda value: [each(part) for part in value]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return operator.attrgetter("value")
    if _is_record(hint):
        fields = tuple(
            (field.name, None if encode is _same else encode)
            for field in engine_fields(typing.cast(type, hint))
            if field.hint is not Rules
            for encode in (_encoder(field.hint),)
        )
        return lambda value: {
            name: getattr(value, name) if encode is None else encode(getattr(value, name))
            for name, encode in fields
        }
    return _same


@functools.cache
def _decoder(hint: object) -> Decoder:
    """The function that turns a value of a validated wire model back into the engine's value
    of type `hint`, with this program's rules (ValueError, or the engine's NotationError, for
    values that are not the game's)."""
    if hint == Action:
        return lambda text, rules: parse_action(text, _needed(rules))
    if hint is Rules:
        return lambda _, rules: _needed(rules)
    inner = _optional(hint)
    if inner is not None:
        maybe = _decoder(inner)
        return lambda value, rules: None if value is None else maybe(value, rules)
    if typing.get_origin(hint) is tuple:
        each = _decoder(typing.get_args(hint)[0])
        if each is _kept:
            return lambda value, _: tuple(value)
        return lambda value, rules: tuple(each(part, rules) for part in value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        enum = hint
        return lambda value, _: enum(value)
    if _is_record(hint):
        cls = typing.cast(type, hint)
        fields = tuple(
            (field.name, None if decode is _kept else decode)
            for field in engine_fields(cls)
            for decode in (_decoder(field.hint),)
        )
        return lambda model, rules: cls(
            *[
                getattr(model, name)
                if decode is None
                else decode(getattr(model, name, None), rules)
                for name, decode in fields
            ]
        )
    return _kept


def _kept(value: object, rules: Rules | None) -> object:
    """A value that is the same in the engine."""
    return value


def _needed(rules: Rules | None) -> Rules:
    """The rules a move or a view needs to come back from the wire."""
    if rules is None:
        raise TypeError("a move comes back from the wire only with the rules")
    return rules


if TYPE_CHECKING:
    ViewModel: TypeAlias = WireModel
    SideModel: TypeAlias = WireModel
    EventModel: TypeAlias = WireModel
    ResultModel: TypeAlias = WireModel
    ConditionModel: TypeAlias = WireModel
    LogEntryModel: TypeAlias = WireModel
    RecordModel: TypeAlias = WireModel
else:
    ViewModel = wire_model(PlayerView)
    SideModel = wire_model(SideView)
    EventModel = wire_model(Event)
    ResultModel = wire_model(Result)
    ConditionModel = wire_model(Condition)
    LogEntryModel = wire_model(LogEntry)
    RecordModel = wire_model(GameRecord)


def view_model(view: PlayerView) -> ViewModel:
    """A PlayerView as sent: every field of it (it holds only what its seat may know)."""
    return ViewModel.model_validate(_encoder(PlayerView)(view))


def view_from_model(model: ViewModel, rules: Rules) -> PlayerView:
    """The PlayerView a view message carries, with this program's own rules (ValueError, or
    the engine's NotationError, for values that are not the game's)."""
    return typing.cast(PlayerView, _decoder(PlayerView)(model, rules))


def entry_model(entry: LogEntry) -> LogEntryModel:
    """A public log line as sent (each event as everyone may know it)."""
    public = LogEntry(entry.turn, tuple(event.public() for event in entry.events))
    return LogEntryModel.model_validate(_encoder(LogEntry)(public))


def entry_from_model(model: LogEntryModel) -> LogEntry:
    """A log line back from the wire."""
    return typing.cast(LogEntry, _decoder(LogEntry)(model, None))


def result_model(result: Result) -> ResultModel:
    """How the game ended, as sent."""
    return ResultModel.model_validate(_encoder(Result)(result))


def result_from_model(model: ResultModel) -> Result:
    """How the game ended, back from the wire."""
    return typing.cast(Result, _decoder(Result)(model, None))


def record_model(record: GameRecord) -> RecordModel:
    """A finished game's whole record as sent after the end (every move, the discards too)."""
    return RecordModel.model_validate(_encoder(GameRecord)(record))


def record_from_model(model: RecordModel) -> GameRecord:
    """A game's record back from the wire (ValueError for a mode that is not the game's)."""
    return typing.cast(GameRecord, _decoder(GameRecord)(model, None))
