"""The content schema: valid Draft 2020-12, faithful to the slots, and a strict OpenAI variant."""

from __future__ import annotations

import re
from typing import Any

import pytest

from jsonschema import Draft202012Validator

from tests.content.conftest import example_ir, example_record, services, vault
from worldgen.content import content_schema, schema_hash, strict_schema
from worldgen.content.schema import NAME_PATTERN, WORD_PATTERN

# keywords OpenAI structured outputs (strict mode) accept
STRICT_KEYWORDS = {
    "type", "properties", "required", "additionalProperties", "items", "enum", "description", "title",
    "pattern", "minimum", "maximum", "minItems", "maxItems",
}


def _objects(schema: dict[str, Any]):
    if schema.get("type") == "object":
        yield schema
        for sub in schema["properties"].values():
            yield from _objects(sub)
    if schema.get("type") == "array":
        yield from _objects(schema["items"])


def _keywords(schema: Any) -> set[str]:
    if not isinstance(schema, dict):
        return set()
    found = set(schema)
    for key in ("items",):
        if key in schema:
            found |= _keywords(schema[key])
    for sub in schema.get("properties", {}).values():
        found |= _keywords(sub)
    return found


def test_schemas_are_valid_draft_2020_12(example_name: str) -> None:
    ir = example_ir(example_name)
    for schema in (content_schema(ir), strict_schema(ir)):
        Draft202012Validator.check_schema(schema)
    assert content_schema(ir)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_example_records_match_the_schema(example_name: str) -> None:
    Draft202012Validator(content_schema(example_ir(example_name))).validate(example_record(example_name))


def test_schema_states_types_lengths_sizes_and_closed_objects() -> None:
    schema = content_schema(vault())
    room = schema["properties"]["room"]
    assert (room["minItems"], room["maxItems"]) == (6, 6)  # generated at the param's largest value
    name = room["items"]["properties"]["name"]
    assert name["type"] == "string" and (name["minLength"], name["maxLength"]) == (3, 16)
    assert name["pattern"] == WORD_PATTERN and name["description"] == "what the player types"
    assert schema["properties"]["setting"]["description"] == "where the story takes place"
    for obj in _objects(schema):
        assert obj["additionalProperties"] is False
        assert obj["required"] == list(obj["properties"])
    svc = content_schema(services())["properties"]
    assert svc["port"] == {"type": "integer", "minimum": 1024, "maximum": 65535, "description": "port"}
    assert svc["mood"]["enum"] == ["calm", "urgent"]
    assert svc["service"]["uniqueItems"] is True
    assert svc["host"]["pattern"] == NAME_PATTERN  # a multi-word entity name


@pytest.mark.parametrize("word", ["hall", "deploy.sh", "nginx.log", "my-branch", "src/main.py", "my_branch", "v2"])
def test_words_may_join_parts_with_dots_dashes_underscores_and_slashes(word: str) -> None:
    assert re.fullmatch(WORD_PATTERN, word) and re.fullmatch(NAME_PATTERN, f"old {word}")


@pytest.mark.parametrize("word", ["Hall", "2fa", ".hidden", "log.", "a..b", "a-/b", "two words", "a b", "a:b", ""])
def test_words_reject_other_shapes(word: str) -> None:
    assert not re.fullmatch(WORD_PATTERN, word)


def test_strict_variant_uses_only_supported_keywords_and_requires_everything(example_name: str) -> None:
    schema = strict_schema(example_ir(example_name))
    assert _keywords(schema) <= STRICT_KEYWORDS
    for obj in _objects(schema):
        assert obj["additionalProperties"] is False
        assert set(obj["required"]) == set(obj["properties"])


def test_strict_variant_restates_dropped_constraints_in_descriptions() -> None:
    room = strict_schema(vault())["properties"]["room"]
    description = room["items"]["properties"]["description"]["description"]
    assert "20 to 300 characters" in description and "minLength" not in room["items"]["properties"]["description"]
    assert "exactly 6 items" in room["description"]


def test_schema_hash_follows_the_slots() -> None:
    assert schema_hash(content_schema(vault())) == schema_hash(content_schema(vault()))
    assert schema_hash(content_schema(vault())) != schema_hash(content_schema(services()))
