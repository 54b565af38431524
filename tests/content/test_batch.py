"""openai-batch: request files in the Batch API format, results imported through the same validation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.content.chat_server import Reply, completion, record_source
from tests.content.conftest import ROOT, example_ir
from worldgen.content import ContentOptions, import_batch_results, strict_schema, write_batch_requests
from worldgen.errors import WorldgenError

VAULT = example_ir("vault")
OPTIONS = ContentOptions(provider="openai-batch", model="gpt-4o-mini", seed=5)


def _result(custom_id: str, content: str | None = None, status: int = 200) -> str:
    response = {"status_code": status, "request_id": "req", "body": completion("gpt-4o-mini", Reply(content=content)) if status == 200 else {"error": {"message": "overloaded"}}}
    return json.dumps({"id": "batch_req_1", "custom_id": custom_id, "response": response, "error": None})


def test_requests_follow_the_batch_api_format(tmp_path: Path) -> None:
    path, count = write_batch_requests(VAULT, tmp_path / "p", 4, OPTIONS)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert count == 4 and [line["custom_id"] for line in lines] == [f"vault-5-00000{i}" for i in range(4)]
    assert {line["method"] for line in lines} == {"POST"} and {line["url"] for line in lines} == {"/v1/chat/completions"}
    body = lines[0]["body"]
    assert body["model"] == "gpt-4o-mini" and body["response_format"]["json_schema"]["schema"] == strict_schema(VAULT)
    assert [m["role"] for m in body["messages"]] == ["system", "user"]


def test_results_are_validated_into_the_pack_and_missing_records_requested_again(tmp_path: Path) -> None:
    make = record_source(str(ROOT / "scaffolds" / "vault.wg"))
    write_batch_requests(VAULT, tmp_path / "p", 4, OPTIONS)
    results = tmp_path / "results.jsonl"
    results.write_text("\n".join([  # matched by custom_id, not by order
        _result("vault-5-000003", make(3)),
        _result("vault-5-000000", make(0)),
        _result("vault-5-000001", '{"setting": '),
        _result("vault-5-000002", status=500),
    ]) + "\n")
    outcome = import_batch_results(VAULT, tmp_path / "p", 4, OPTIONS, results)
    assert outcome["imported"] == {"kept": 2, "invalid": 1, "duplicate": 0, "error": 1, "skipped": 0}
    manifest = outcome["manifest"]
    assert manifest["counts"]["records"] == 2 and not manifest["complete"]
    assert manifest["cost_usd"] == pytest.approx(2 * (100 * 0.075 + 50 * 0.30) / 1e6 + (100 * 0.075 + 50 * 0.30) / 1e6)
    reasons = {r["id"]: r["reason"] for r in manifest["rejects"]}
    assert reasons["vault-5-000001"].startswith("invalid (batch answers are not repaired): /: json")
    assert reasons["vault-5-000002"].startswith("batch request failed (500)")
    path, count = write_batch_requests(VAULT, tmp_path / "p", 4, OPTIONS)
    assert count == 2  # the failed request again, and a fresh index for the invalid one
    assert [json.loads(line)["custom_id"] for line in path.read_text().splitlines()] == ["vault-5-000002", "vault-5-000004"]
    again = import_batch_results(VAULT, tmp_path / "p", 4, OPTIONS, results)
    assert again["imported"]["kept"] == 0 and again["manifest"]["counts"]["records"] == 2


def test_results_of_another_pack_are_refused(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(_result("ledger-5-000000", "{}") + "\n")
    with pytest.raises(WorldgenError, match=r"results.jsonl:1: custom_id 'ledger-5-000000' is not a request of this pack"):
        import_batch_results(VAULT, tmp_path / "p", 4, OPTIONS, results)


def test_result_lines_of_another_shape_are_failed_requests_not_crashes(tmp_path: Path) -> None:
    """`"response": "oops"`, `"choices": ["x"]` and a text token count were internal errors."""
    make = record_source(str(ROOT / "scaffolds" / "vault.wg"))
    write_batch_requests(VAULT, tmp_path / "p", 4, OPTIONS)
    odd_choices = json.loads(_result("vault-5-000001", make(1)))
    odd_choices["response"]["body"]["choices"] = ["x"]
    odd_usage = json.loads(_result("vault-5-000002", make(2)))
    odd_usage["response"]["body"]["usage"] = {"prompt_tokens": "many", "completion_tokens": -100}
    results = tmp_path / "results.jsonl"
    results.write_text("\n".join([json.dumps({"custom_id": "vault-5-000000", "response": "oops"}), json.dumps(odd_choices),
                                  json.dumps(odd_usage)]) + "\n")
    outcome = import_batch_results(VAULT, tmp_path / "p", 4, OPTIONS, results)
    assert outcome["imported"] == {"kept": 1, "invalid": 1, "duplicate": 0, "error": 1, "skipped": 0}
    reasons = {r["id"]: r["reason"] for r in outcome["manifest"]["rejects"]}
    assert reasons["vault-5-000000"] == "batch request failed (None): the line has no response.body object"
    assert outcome["manifest"]["tokens"]["prompt"] >= 0 and outcome["manifest"]["cost_usd"] is not None


def test_a_finished_pack_keeps_no_requests_to_submit_again(tmp_path: Path) -> None:
    make = record_source(str(ROOT / "scaffolds" / "vault.wg"))
    path, _ = write_batch_requests(VAULT, tmp_path / "p", 2, OPTIONS)
    results = tmp_path / "results.jsonl"
    results.write_text(_result("vault-5-000000", make(0)) + "\n" + _result("vault-5-000001", make(1)) + "\n")
    assert import_batch_results(VAULT, tmp_path / "p", 2, OPTIONS, results)["manifest"]["complete"]
    assert not path.exists()
