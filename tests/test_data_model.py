"""One strict base for data models, given by the engine (components.data_model.DataModel): every ruleset's rules
model and every mod's data section use it, so no game coerces "2" to 2 or accepts an unknown key."""

from __future__ import annotations

import tomllib
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel, Field, RootModel, ValidationError

from components.data_model import DataModel
from game.content import load_app
from game.lab.rulesets import available


class Sample(DataModel):
    count: int = Field(ge=0)
    pairs: tuple[tuple[int, int], ...] = ()
    ranges: dict[str, tuple[int, int]] = {}
    names: list[str] = []
    maybe: tuple[str, ...] | None = None


def test_nothing_is_coerced_and_unknown_keys_are_errors():
    for bad in ({"count": "2"}, {"count": 2.0}, {"count": True}, {"count": 1, "colour": "red"},
                {"count": 1, "names": ["a", 2]}):
        with pytest.raises(ValidationError):
            Sample.model_validate(bad)


def test_lists_from_toml_are_read_as_tuples_where_the_field_is_one():
    sample = Sample.model_validate({"count": 2, "pairs": [[1, 2], [3, 4]], "ranges": {"a": [1, 3]},
                                    "names": ["x"], "maybe": ["y"]})
    assert sample.pairs == ((1, 2), (3, 4)) and sample.ranges == {"a": (1, 3)} and sample.maybe == ("y",)
    assert sample.names == ["x"]
    with pytest.raises(ValidationError):
        sample.count = 3  # frozen


def _models(model: type[BaseModel], seen: set[type]) -> set[type]:
    if model in seen:
        return seen
    seen.add(model)
    for field in model.model_fields.values():
        stack = [field.annotation]
        while stack:
            annotation = stack.pop()
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                _models(annotation, seen)
            stack.extend(typing.get_args(annotation))
    return seen


@pytest.mark.parametrize("ruleset", available())
def test_every_rules_model_and_data_section_is_a_data_model(ruleset):
    app = load_app(ruleset)
    assert app.rules_model is not None
    for model in _models(app.rules_model, set()):
        assert issubclass(model, DataModel), f"{ruleset}: {model.__module__}.{model.__qualname__}"


def test_every_mods_data_section_is_a_data_model():
    for mod in ("accessories", "fire", "castle-works", "ranger-skills"):
        app = load_app("base", [mod])
        for name, section in app.rules_sections.items():
            for model in _models(section, set()):
                assert issubclass(model, DataModel | RootModel), f"{mod}: {name}: {model.__qualname__}"  # a RootModel wraps them


def test_a_string_for_a_number_in_a_rulesets_data_is_refused():
    """Issue 27: a number written as a string validated as an integer in some games' data."""
    app = load_app("monstercrasher")
    assert app.rules_model is not None
    folder = Path(app.plugin_modules["monstercrasher"].__file__).parent.parent
    data = tomllib.loads((folder / "rules.toml").read_text())
    fields = set(app.rules_model.model_fields)
    data["players"]["life"] = "10"
    with pytest.raises(ValidationError, match="life"):
        app.rules_model.model_validate({k: v for k, v in data.items() if k in fields}, strict=None)
