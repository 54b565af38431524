"""`worldgen schema` and `worldgen content` as a person types them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.content.conftest import ROOT, example_ir
from worldgen.cli.main import main
from worldgen.content import content_schema, strict_schema

VAULT_WG = str(ROOT / "scaffolds" / "vault.wg")


def test_schema_prints_the_schema_and_its_strict_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", VAULT_WG]) == 0
    assert json.loads(capsys.readouterr().out) == content_schema(example_ir("vault"))
    assert main(["schema", VAULT_WG, "--strict"]) == 0
    assert json.loads(capsys.readouterr().out) == strict_schema(example_ir("vault"))


def test_schema_of_a_missing_file_is_a_user_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["schema", str(tmp_path / "nope.wg")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_content_writes_a_pack_and_reports(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["content", VAULT_WG, "-n", "25", "-o", str(tmp_path / "p"), "--seed", "4"]) == 0
    out = capsys.readouterr()
    assert "25/25 records, 0 rejected" in out.out
    (said,) = out.err.splitlines()  # no progress bar outside a terminal: only the slots' kinds
    assert said.startswith("worldgen content: procedural slot kinds (from each slot's name and description): ")
    assert main(["content", VAULT_WG, "-n", "25", "-o", str(tmp_path / "p"), "--seed", "4", "--json"]) == 0
    manifest = json.loads(capsys.readouterr().out)
    assert manifest["counts"]["records"] == 25 and manifest["provider"] == "procedural" and manifest["seed"] == 4


def test_llm_providers_need_a_model(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["content", VAULT_WG, "-n", "2", "-o", str(tmp_path / "p"), "--provider", "openai"]) == 2  # a usage error
    assert "--model is required with --provider openai" in capsys.readouterr().err


def test_batch_requests_are_written_with_instructions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["content", VAULT_WG, "-n", "3", "-o", str(tmp_path / "p"), "--provider", "openai-batch", "--model", "gpt-4.1-mini"]
    assert main(args) == 0
    assert "wrote 3 requests" in capsys.readouterr().err
    assert len((tmp_path / "p" / "batch_requests.jsonl").read_text().splitlines()) == 3
    assert main(["content", VAULT_WG, "-n", "3", "-o", str(tmp_path / "p"), "--import-results", "x.jsonl"]) == 2


def test_scaffold_ir_json_is_accepted_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ir = tmp_path / "vault.ir.json"
    ir.write_text(example_ir("vault").to_json())
    assert main(["schema", str(ir)]) == 0
    assert json.loads(capsys.readouterr().out) == content_schema(example_ir("vault"))
    ir.write_text('{"name": 3}')
    assert main(["schema", str(ir)]) == 1
    assert capsys.readouterr().err.startswith(f"{ir}: error: not a scaffold IR file: at /name: ")


@pytest.mark.parametrize("data, why", [(b"", "not a scaffold IR file: at /: Invalid JSON"),
                                       (b'{"name": "caf\xe9"}', "not UTF-8 text")])
def test_a_broken_scaffold_ir_file_is_one_error_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     data: bytes, why: str) -> None:
    """Found by tests/fuzz/test_schema_fuzz.py: pydantic's own message ran over several lines."""
    ir = tmp_path / "broken.json"
    ir.write_bytes(data)
    assert main(["schema", str(ir)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{ir}") and f"error: {why}" in err and err.count("\n") == 1


def test_a_content_free_scaffold_gets_a_pack_of_any_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    guess = str(ROOT / "scaffolds" / "guess.wg")
    assert main(["content", guess, "-n", "5", "-o", str(tmp_path / "p")]) == 0
    assert "5/5 records, 0 rejected" in capsys.readouterr().out
    records = [json.loads(line) for line in (tmp_path / "p" / "records.jsonl").read_text().splitlines()]
    assert [r["content"] for r in records] == [{}] * 5  # nothing to vary: identical, and none a near-duplicate
    assert [r["index"] for r in records] == [0, 1, 2, 3, 4]
