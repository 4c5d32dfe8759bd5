"""Pydantic models derived from the engine's dataclasses and named tuples, field by field, so
data files and network messages are checked against the engine's own types, not a copy."""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, create_model
from pydantic_core import PydanticUndefined

__all__ = ["EngineField", "derived_model", "engine_fields", "snake_name"]


class EngineField(typing.NamedTuple):
    """One field an engine type's constructor takes: its name, type and default (or
    PydanticUndefined when it has none)."""

    name: str
    hint: Any
    default: Any


def engine_fields(cls: type) -> tuple[EngineField, ...]:
    """The fields a dataclass or NamedTuple of the engine is built from, in their order."""
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        found = []
        for field in dataclasses.fields(cls):
            if not field.init:
                continue
            default: Any = field.default
            if field.default_factory is not dataclasses.MISSING:
                default = field.default_factory()
            elif default is dataclasses.MISSING:
                default = PydanticUndefined
            found.append(EngineField(field.name, hints[field.name], default))
        return tuple(found)
    defaults: Mapping[str, object] = getattr(cls, "_field_defaults", {})
    names: tuple[str, ...] = getattr(cls, "_fields", ())
    if not names:
        raise TypeError(f"{cls.__qualname__} is neither a dataclass nor a NamedTuple")
    return tuple(EngineField(n, hints[n], defaults.get(n, PydanticUndefined)) for n in names)


def snake_name(cls: type) -> str:
    """A class's name in snake_case: MoveModifier is "move_modifier"."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def derived_model(
    cls: type,
    base: type[BaseModel],
    field_type: Callable[[EngineField], Any],
    *,
    name: str | None = None,
    skip: frozenset[str] = frozenset(),
    first: Mapping[str, tuple[Any, Any]] | None = None,
) -> type[BaseModel]:
    """A pydantic model (subclass of `base`, named `name`, default `<class>Model`) with one
    field per field of the engine type `cls` but those in `skip`, in their order, after the
    `first` ones: each field's type is `field_type(field)`, its default the engine's (a tuple
    default as a list)."""
    fields: dict[str, Any] = dict(first or {})
    for field in engine_fields(cls):
        if field.name in skip:
            continue
        default = list(field.default) if isinstance(field.default, tuple) else field.default
        fields[field.name] = (field_type(field), default)
    model: type[BaseModel] = create_model(
        name or f"{cls.__name__}Model", __base__=base, __module__=base.__module__, **fields
    )
    return model
