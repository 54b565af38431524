"""Resuming a pack whose files were edited or damaged: one located error (or a count that ignores
what it cannot read), never a traceback; found by tests/fuzz/test_content_fuzz.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.content.conftest import example_ir
from worldgen.content import ContentOptions, generate_pack
from worldgen.errors import WorldgenError


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    generate_pack(example_ir("vault"), tmp_path / "p", 2, ContentOptions(seed=1))
    return tmp_path / "p"


def resume(pack: Path) -> dict:
    return generate_pack(example_ir("vault"), pack, 3, ContentOptions(seed=1))


@pytest.mark.parametrize("line, why", [
    (b"null\n", "not a reject line"),
    (b'{"index": 0, "id": "x", "kind": "invalid"}\n', "not a reject line"),  # no reason
    (b'{"index": 0, "id": "x", "kind": "lost", "reason": "r"}\n', "not a reject line"),
    (b'{"index": 0, "id": "x", "kind": "invalid", "reason": "r", "violations": [7]}\n', "not a reject line"),
    (b'{"index": 0,\n', "corrupt line"),
    (b'{"id": "caf\xe9"}\n', "not UTF-8 text"),
])
def test_a_damaged_rejects_line_stops_the_resume_naming_its_line(pack: Path, line: bytes, why: str) -> None:
    (pack / "rejects.jsonl").write_bytes(line)
    with pytest.raises(WorldgenError, match=rf"^{pack / 'rejects.jsonl'}:1(:\d+)?: error: {why}"):
        resume(pack)


@pytest.mark.parametrize("text, why", [
    ("[]", "the pack's manifest must be a JSON object"),
    ('{"scaffold": ', "the pack's manifest is not JSON"),
])
def test_a_damaged_manifest_is_one_error_naming_it(pack: Path, text: str, why: str) -> None:
    (pack / "manifest.json").write_text(text)
    with pytest.raises(WorldgenError, match=rf"^{pack / 'manifest.json'}: error: {why}"):
        resume(pack)


def test_edited_usage_and_cost_fields_count_as_unknown_not_as_a_crash(pack: Path) -> None:
    records = pack / "records.jsonl"
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    lines[0].update(usage="lots", cost_usd="free", attempts=True, retries=-3)
    records.write_text("".join(json.dumps(line) + "\n" for line in lines))
    manifest = json.loads((pack / "manifest.json").read_text())
    (pack / "manifest.json").write_text(json.dumps({**manifest, "duration_s": "long"}))
    result = resume(pack)
    assert result["counts"]["records"] == 3 and result["cost_usd"] is None and result["tokens"]["prompt"] == 0
    assert [json.loads(line) for line in records.read_text().splitlines()][:2] == lines  # kept as they were
