"""`worldgen schema` on hostile input: mutated scaffolds and token soup (.wg), and mutated scaffold
IR files (.json, the other input `schema` and `content` accept), byte by byte or value by value. Whatever the bytes, plain or
``--strict``, it prints a schema (exit 0) or one actionable error (exit 1), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.inputs import SCAFFOLDS, hostile_scaffold, mutate, mutated_value
from tests.fuzz.test_cli_fuzz import QUICK, assert_reported_cleanly, run
from worldgen import load

IR_FILES = {path.stem: load(path).ir.to_json().encode("utf-8") for path in SCAFFOLDS}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("schema")


def schema_is_clean(path: Path, data: bytes, strict: bool) -> None:
    path.write_bytes(data)
    assert_reported_cleanly(*run(["schema", str(path), *(["--strict"] if strict else [])]))


@settings(QUICK, max_examples=150)
@given(source=hostile_scaffold, strict=st.booleans())
def test_schema_reports_hostile_scaffolds_cleanly(source: bytes, strict: bool, workdir: Path) -> None:
    schema_is_clean(workdir / "fuzz.wg", source, strict)


@settings(QUICK, max_examples=150)
@given(data=st.data(), strict=st.booleans())
def test_schema_reports_hostile_scaffold_ir_cleanly(data: st.DataObject, strict: bool, workdir: Path) -> None:
    ir = IR_FILES[data.draw(st.sampled_from(sorted(IR_FILES)), label="scaffold")]
    if data.draw(st.booleans(), label="byte by byte"):
        hostile = mutate(data.draw, ir)
    else:
        hostile = json.dumps(mutated_value(data.draw, json.loads(ir))).encode("utf-8")
    schema_is_clean(workdir / "fuzz.json", hostile, strict)
