"""Validate agents.toml and black_market.toml strictly with pydantic and build the engine's Rules.

`loading.load_rules` comes here only for files that are not the shipped ones (and
`tools/compile_data.py` always does, to compile the shipped ones).
"""

from __future__ import annotations

import re
import tomllib
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from agent_avenue.data.derived import EngineField, derived_model, snake_name
from agent_avenue.data.files import DataError, source_digest
from agent_avenue.data.toml_values import describe_value
from agent_avenue.engine import (
    AGENT_COUNT,
    AgentSpec,
    Effect,
    Icon,
    LoseBecomesWin,
    Mark,
    MarketCardSpec,
    MoveModifier,
    OngoingEffect,
    Rules,
)

_SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


# Field types -----------------------------------------------------------------------------------


def _check_snake_case(value: str) -> str:
    """Accept a lowercase snake_case identifier such as "double_agent"."""
    if not _SNAKE_CASE.fullmatch(value):
        raise PydanticCustomError(
            "snake_case", 'should be a lowercase snake_case id such as "double_agent"'
        )
    return value


def _check_icon(value: object) -> int | Literal["WIN", "LOSE"]:
    """Accept an integer move (not a bool, float or string) or exactly "WIN" / "LOSE"."""
    if type(value) is int:
        return value
    if value == "WIN":
        return "WIN"
    if value == "LOSE":
        return "LOSE"
    raise PydanticCustomError("icon", 'should be an integer move or the string "WIN" or "LOSE"')


SnakeId = Annotated[str, AfterValidator(_check_snake_case)]
IconValue = Annotated[int | Literal["WIN", "LOSE"], PlainValidator(_check_icon)]
NonEmptyStr = Annotated[str, Field(min_length=1)]


class _Model(BaseModel):
    """Base for every data model: strict types, no unknown keys, immutable."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# Agents ----------------------------------------------------------------------------------------


class AgentModel(_Model):
    """One `[[agents]]` table of agents.toml."""

    id: SnakeId
    name: NonEmptyStr
    copies: Annotated[int, Field(ge=1)]
    icons: Annotated[list[IconValue], Field(min_length=1, max_length=3)]
    mark_reason: SnakeId | None = None

    def to_spec(self) -> AgentSpec:
        """Convert to the engine's AgentSpec ("WIN"/"LOSE" become Mark members)."""
        icons: tuple[Icon, ...] = tuple(
            icon if isinstance(icon, int) else Mark(icon) for icon in self.icons
        )
        return AgentSpec(
            id=self.id,
            name=self.name,
            copies=self.copies,
            icons=icons,
            mark_reason=self.mark_reason,
        )


class AgentsFile(_Model):
    """The whole of agents.toml."""

    agents: list[AgentModel]


# Black market effects --------------------------------------------------------------------------
# One model per effect dataclass of the engine (engine/rules.py: `Effect`), derived from its
# fields: `type` is the class's name in snake_case (MoveModifier: "move_modifier"), then the
# dataclass's own fields with their types and defaults. A new effect needs no line here.

_FIELD_TYPES: dict[tuple[str, Any], Any] = {
    ("agent", str): SnakeId,
    ("count", int): Annotated[int, Field(ge=1)],
}
"""Stricter types for fields of these names and engine types, whichever effect has them."""


def _effect_field(field: EngineField) -> Any:
    """An effect field's type in the data file: the engine's, or a stricter one."""
    return _FIELD_TYPES.get((field.name, field.hint), field.hint)


def _effect_model(cls: type[Effect]) -> type[_Model]:
    """The model of one effect dataclass (`type` first, its tag)."""
    tag = snake_name(cls)
    model = derived_model(cls, _Model, _effect_field, first={"type": (Literal[tag], ...)})
    return typing.cast(type[_Model], model)


EFFECT_MODELS: dict[type[Effect], type[_Model]] = {
    cls: _effect_model(cls) for cls in typing.get_args(Effect)
}
"""Each effect of the engine and its model."""
_ONGOING_TYPES: tuple[type[OngoingEffect], ...] = typing.get_args(OngoingEffect)
_EFFECT_OF_MODEL = {model: cls for cls, model in EFFECT_MODELS.items()}

if typing.TYPE_CHECKING:
    EffectModel = _Model
else:
    EffectModel = Annotated[
        typing.Union[tuple(EFFECT_MODELS.values())],  # noqa: UP007 (a union built at run time)
        Field(discriminator="type"),
    ]


def effect_of(model: _Model) -> Effect:
    """The engine's effect a validated effect table describes."""
    cls = _EFFECT_OF_MODEL[type(model)]
    return cls(**model.model_dump(exclude={"type"}))


class MarketCardModel(_Model):
    """One `[[cards]]` table of black_market.toml."""

    id: SnakeId
    name: NonEmptyStr
    kind: Literal["instant", "ongoing"]
    text: NonEmptyStr
    effect: EffectModel

    def to_spec(self) -> MarketCardSpec:
        """Convert to the engine's MarketCardSpec."""
        return MarketCardSpec(
            id=self.id,
            name=self.name,
            kind=self.kind,
            effect=effect_of(self.effect),
            text=self.text,
        )


class MarketFile(_Model):
    """The whole of black_market.toml."""

    cards: list[MarketCardModel]


# Error reporting -------------------------------------------------------------------------------


def _entry_label(table: str, index: int, raw_entry: object) -> str:
    """Label an array entry as `agents[3] (id "daredevil")`, or `agents[3]` without an id."""
    if isinstance(raw_entry, Mapping) and isinstance(raw_entry.get("id"), str):
        return f'{table}[{index}] (id "{raw_entry["id"]}")'
    return f"{table}[{index}]"


def key_path(parts: Sequence[str | int]) -> str:
    """A TOML key path such as `seats[1].position`, `effect.agent` or `icons[2]`."""
    label = ""
    for part in parts:
        if isinstance(part, int):
            label += f"[{part}]"
        else:
            label += f".{part}" if label else part
    return label


def _step(node: object, part: str | int) -> tuple[bool, object]:
    """Follow one location part into the raw data: (found, child)."""
    if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
        return True, node[part]
    if isinstance(part, str) and isinstance(node, Mapping) and part in node:
        return True, node[part]
    return False, None


def _clean_loc(loc: Sequence[str | int], raw: object) -> list[str | int]:
    """Drop the tags pydantic adds to a location (discriminator values) by walking the raw data."""
    cleaned: list[str | int] = []
    node: object = raw
    for position, part in enumerate(loc):
        found, child = _step(node, part)
        if not found and position < len(loc) - 1:
            continue  # a union/discriminator tag, not a key of the data
        node = child
        cleaned.append(part)
    return cleaned


_TOML_WORDS = (
    ("a valid dictionary or object to extract fields from", "a table"),
    ("a valid dictionary", "a table"),
    ("a valid list", "an array"),
    ("a valid integer", "an integer"),
    ("a valid string", "a string"),
)


def _double_quotes(message: str) -> str:
    """Quote words in pydantic messages the TOML way: 'add' becomes "add"."""
    return re.sub(r"'(\w*)'", r'"\1"', message)


def _problem(error: ErrorDetails) -> str:
    """Turn one pydantic error into a short lowercase phrase such as `should be ...`."""
    kind = error["type"]
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    value = error.get("input")
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a known field"
    if kind == "union_tag_not_found":
        return "is missing"
    if kind == "union_tag_invalid":
        tags = _double_quotes(str(ctx.get("expected_tags")))
        return f"should be one of {tags}, not {describe_value(ctx.get('tag'))}"
    if kind in ("too_short", "too_long"):
        limit = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        bound = "at least" if kind == "too_short" else "at most"
        noun = "item" if limit == 1 else "items"
        return f"should have {bound} {limit} {noun}, not {ctx.get('actual_length')}"
    message = re.sub(r"^[A-Z][a-z]* should", "should", error["msg"])
    message = re.sub(r"a valid dictionary or instance of \w+", "a table", message)
    for pydantic_words, toml_words in _TOML_WORDS:
        message = message.replace(pydantic_words, toml_words)
    message = _double_quotes(message)
    return f"{message}, not {describe_value(value)}"


def _from_validation_error(path: Path, table: str, exc: ValidationError, raw: object) -> DataError:
    """Build one DataError sentence from the first problem pydantic found."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = _clean_loc(first["loc"], raw)
    if first["type"] in ("union_tag_not_found", "union_tag_invalid"):
        loc.append("type")
    more = len(errors) - 1
    tail = f" ({more} more problem{'s' if more != 1 else ''} in this file)" if more else ""
    if len(loc) >= 2 and loc[0] == table and isinstance(loc[1], int):
        entries = raw.get(table) if isinstance(raw, Mapping) else None
        raw_entry = entries[loc[1]] if isinstance(entries, list) else None
        entry = _entry_label(table, loc[1], raw_entry)
        if len(loc) == 2:
            return DataError(f"{path}: {entry} {_problem(first)}{tail}.")
        return _error(path, entry, key_path(loc[2:]), _problem(first) + tail)
    return DataError(f"{path}: top-level key {key_path(loc)} {_problem(first)}{tail}.")


def _error(path: Path, entry: str, field: str, problem: str) -> DataError:
    """A DataError naming the file, the entry and the field."""
    return DataError(f"{path}: {entry} field {field} {problem}.")


# Reading ---------------------------------------------------------------------------------------


def _parse_toml(path: Path, content: bytes) -> dict[str, Any]:
    """Decode and parse TOML, turning encoding and syntax errors into DataError."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not valid UTF-8 at byte {exc.start}.") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: invalid TOML: {str(exc).rstrip('.')}.") from None


def _check_duplicates(path: Path, table: str, ids: Sequence[str]) -> None:
    """Reject an id that occurs twice in one table."""
    seen: dict[str, int] = {}
    for index, item_id in enumerate(ids):
        if item_id in seen:
            raise _error(
                path,
                _entry_label(table, index, {"id": item_id}),
                "id",
                f"duplicates the id of {table}[{seen[item_id]}]",
            )
        seen[item_id] = index


def _validate_agents(path: Path, raw: dict[str, Any]) -> tuple[AgentSpec, ...]:
    """Validate agents.toml data and run the cross-checks pydantic cannot express."""
    try:
        parsed = AgentsFile.model_validate(raw)
    except ValidationError as exc:
        raise _from_validation_error(path, "agents", exc, raw) from None
    agents = parsed.agents
    _check_duplicates(path, "agents", [a.id for a in agents])
    for index, agent in enumerate(agents):
        entry = _entry_label("agents", index, {"id": agent.id})
        has_mark = any(isinstance(icon, str) for icon in agent.icons)
        if has_mark and agent.mark_reason is None:
            raise _error(
                path,
                entry,
                "mark_reason",
                'is missing, but is required with a "WIN" or "LOSE" icon',
            )
        if not has_mark and agent.mark_reason is not None:
            raise _error(
                path,
                entry,
                "mark_reason",
                'is only allowed on an agent with a "WIN" or "LOSE" icon',
            )
    total = sum(a.copies for a in agents)
    if total != AGENT_COUNT:
        raise DataError(
            f"{path}: the agents' copies fields add up to {total}, "
            f"but the game has {AGENT_COUNT} agent cards."
        )
    return tuple(a.to_spec() for a in agents)


def _validate_market(
    path: Path, raw: dict[str, Any], agents: Mapping[str, AgentSpec], agents_path: Path
) -> tuple[MarketCardSpec, ...]:
    """Validate black_market.toml data against the agents and build the card specs."""
    try:
        parsed = MarketFile.model_validate(raw)
    except ValidationError as exc:
        raise _from_validation_error(path, "cards", exc, raw) from None
    cards = parsed.cards
    _check_duplicates(path, "cards", [c.id for c in cards])
    specs: list[MarketCardSpec] = []
    for index, card in enumerate(cards):
        entry = _entry_label("cards", index, {"id": card.id})
        spec = card.to_spec()
        effect = spec.effect
        agent_id = getattr(effect, "agent", None)
        if isinstance(agent_id, str) and agent_id not in agents:
            raise _error(
                path, entry, "effect.agent", f'names "{agent_id}", which is not in {agents_path}'
            )
        if isinstance(effect, MoveModifier):
            has_value = "value" in card.effect.model_fields_set
            if effect.operation == "forward" and has_value:
                raise _error(path, entry, "effect.value", 'is not allowed with operation "forward"')
            if effect.operation != "forward" and not has_value:
                raise _error(
                    path, entry, "effect.value", f'is missing (needed by "{effect.operation}")'
                )
        if isinstance(effect, LoseBecomesWin) and Mark.LOSE not in agents[effect.agent].icons:
            raise _error(
                path,
                entry,
                "effect.agent",
                f'names "{effect.agent}", which has no "LOSE" icon in {agents_path}',
            )
        ongoing = _effect_is_ongoing(spec.effect)
        if ongoing != (card.kind == "ongoing"):
            expected = "ongoing" if ongoing else "instant"
            raise _error(
                path,
                entry,
                "kind",
                f'should be "{expected}" for an effect of type "{snake_name(type(effect))}", '
                f'not "{card.kind}"',
            )
        specs.append(spec)
    return tuple(specs)


def _effect_is_ongoing(effect: Effect) -> bool:
    """Whether an engine effect is one of the ongoing kinds."""
    return isinstance(effect, _ONGOING_TYPES)


# Public API ------------------------------------------------------------------------------------


def validate_rules(
    agents_path: Path, agents_bytes: bytes, market_path: Path, market_bytes: bytes
) -> Rules:
    """Parse, validate and convert the two files' bytes into Rules; raise DataError if they're bad.

    The paths only name the files in error messages: the bytes are what is validated.
    """
    agents = _validate_agents(agents_path, _parse_toml(agents_path, agents_bytes))
    by_id = {a.id: a for a in agents}
    market = _validate_market(
        market_path, _parse_toml(market_path, market_bytes), by_id, agents_path
    )
    version = source_digest(agents_bytes, market_bytes)[:12]
    return Rules(agents=agents, market=market, version=version)
