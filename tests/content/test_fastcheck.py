"""The compiled fast check agrees with jsonschema on every record, valid or not."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.content.conftest import EXAMPLES, example_ir, services
from worldgen.content import Validator, content_schema
from worldgen.content.fastcheck import UnsupportedSchema, compile_check
from worldgen.content.providers.procedural import ProceduralProvider

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 70000) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.sampled_from(["host", "service", "port", "mood", "motd", "x"]), inner, max_size=6),
    max_leaves=30,
)


def _mutations(record: dict):
    """Small edits of a valid record, each likely to break one keyword."""
    for key in list(record):
        broken = copy.deepcopy(record)
        del broken[key]
        yield broken
        for bad in (None, 3, 2.5, True, "x", "", "Upper Case", [], {}, ["a"] * 9, "x" * 400):
            changed = copy.deepcopy(record)
            changed[key] = bad
            yield changed
        value = record[key]
        if isinstance(value, list) and value:
            for edit in (value[:-1], value + value[:1], [value[0]] * len(value)):
                changed = copy.deepcopy(record)
                changed[key] = edit
                yield changed
            if isinstance(value[0], dict):
                for field in value[0]:
                    for bad in (None, 7, "", "Two Words", "a" * 300, "ok"):
                        changed = copy.deepcopy(record)
                        changed[key][0][field] = bad
                        yield changed
                changed = copy.deepcopy(record)
                changed[key][0]["extra"] = "x"
                yield changed
    extra = copy.deepcopy(record)
    extra["unexpected"] = 1
    yield extra


@pytest.mark.parametrize("name", EXAMPLES)
def test_fast_check_agrees_with_jsonschema_on_mutated_records(name: str) -> None:
    ir = example_ir(name)
    schema = content_schema(ir)
    fast, slow = compile_check(schema), Draft202012Validator(schema)
    provider = ProceduralProvider(ir, Validator(ir), 3)
    seen = 0
    for i in range(5):
        for candidate in [provider.make(i).record, *_mutations(provider.make(i).record)]:
            assert fast(candidate) == slow.is_valid(candidate), json.dumps(candidate)[:300]
            seen += 1
    assert seen > 100


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_fast_check_agrees_with_jsonschema_on_any_json(value: object) -> None:
    schema = content_schema(services())
    assert compile_check(schema)(value) == Draft202012Validator(schema).is_valid(value)


def test_unknown_keywords_are_refused_not_guessed() -> None:
    with pytest.raises(UnsupportedSchema):
        compile_check({"type": "object", "properties": {"a": {"type": "string", "format": "email"}}})
    with pytest.raises(UnsupportedSchema):
        compile_check({"type": ["string", "null"]})
