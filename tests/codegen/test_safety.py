"""Generated code comes from the IR's structure only: a tampered IR cannot inject Python."""

from __future__ import annotations

import json

import pytest

from tests.conftest import example_record, example_scaffold
from worldgen.codegen.names import UnsafeIR
from worldgen.ir.world import World


def tampered(edit) -> World:  # noqa: ANN001 - a function editing the world's JSON data
    data = json.loads(example_scaffold("vault").instantiate(example_record("vault"), seed=1).to_json())
    edit(data)
    return World.model_validate(data)


def test_a_name_that_is_not_an_identifier_is_refused() -> None:
    def rename_argument(data: dict) -> None:
        data["scaffold"]["actions"][0]["params"][0]["name"] = "to=__import__('os').system('true')"

    with pytest.raises(UnsafeIR, match="not an identifier"):
        tampered(rename_argument).env()


def test_an_unknown_op_is_refused() -> None:
    def change_op(data: dict) -> None:
        data["scaffold"]["actions"][0]["guards"][0]["cond"]["op"] = "__class__"

    with pytest.raises(UnsafeIR, match="unknown expression op"):
        tampered(change_op).env()


def test_an_operator_outside_the_language_is_refused() -> None:
    def change_operator(data: dict) -> None:
        data["scaffold"]["invariants"][0]["cond"]["name"] = "== 1 or __import__('os') or"

    with pytest.raises(UnsafeIR, match="unknown comparison"):
        tampered(change_operator).env()


def test_content_text_never_becomes_code() -> None:
    def evil_description(data: dict) -> None:
        data["content"]["room"][0]["description"] = "' + __import__('os').getcwd() + '"

    env = tampered(evil_description).env()
    source = env.rules.source
    assert "__import__" not in source and "getcwd" not in source
