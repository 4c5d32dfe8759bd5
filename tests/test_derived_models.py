"""The data file's effect models and the wire's view models are derived from the engine's
dataclasses: each has exactly the engine's fields, in their order, so a field or an effect added
to the engine needs no line in data/ or net/."""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass

from agent_avenue.data import tables
from agent_avenue.data.derived import engine_fields, snake_name
from agent_avenue.engine import Effect, Event, PlayerView, Result, SideView
from agent_avenue.net.views import WireModel, wire_model


def test_each_effect_has_a_model_with_its_fields_after_its_type() -> None:
    effects = typing.get_args(Effect)
    assert set(tables.EFFECT_MODELS) == set(effects)
    for cls in effects:
        fields = list(tables.EFFECT_MODELS[cls].model_fields)
        assert fields == ["type", *(f.name for f in dataclasses.fields(cls))], cls
        assert (
            tables.EFFECT_MODELS[cls].model_fields["type"].annotation
            == typing.Literal[snake_name(cls)]
        )


def test_the_wire_models_have_the_engine_fields_but_the_rules() -> None:
    for cls in (PlayerView, SideView, Event, Result):
        names = [f.name for f in engine_fields(cls) if f.name != "rules"]
        assert list(wire_model(cls).model_fields) == names, cls


def test_a_new_engine_field_travels_with_no_line_in_net() -> None:
    """A dataclass the wire has never seen gets a model whose JSON is its fields in order."""

    @dataclass(frozen=True)
    class Tally:
        name: str
        counts: tuple[int, ...]
        winner: int | None = None

    model = wire_model(Tally)
    assert issubclass(model, WireModel)
    sent = model.model_validate({"name": "a", "counts": [1, 2]})
    assert json.loads(sent.model_dump_json()) == {"name": "a", "counts": [1, 2], "winner": None}
