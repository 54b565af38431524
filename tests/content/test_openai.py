"""The openai provider with the real `openai` client against a real loopback Chat Completions server."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.content.chat_server import ChatServer, Reply, record_source
from tests.content.conftest import ROOT, example_ir
from worldgen.content import ContentOptions, generate_pack, strict_schema
from worldgen.errors import WorldgenError

VAULT = example_ir("vault")
_make = record_source(str(ROOT / "scaffolds" / "vault.wg"))
ANSWERS = [_make(n) for n in range(40)]
PRICE = (100 * 0.15 + 50 * 0.60) / 1_000_000  # gpt-4o-mini list price of one scripted answer


def good(n: int) -> Reply:
    return Reply(content=ANSWERS[n % len(ANSWERS)])


def bad_name(n: int) -> Reply:
    record = json.loads(ANSWERS[n % len(ANSWERS)])
    record["room"][0]["name"] = "Grand Hall"
    return Reply(content=json.dumps(record))


def generate(tmp_path: Path, script: Callable[[dict[str, Any], int], Reply], n: int, **options: Any) -> tuple[dict, ChatServer]:
    settings = {"provider": "openai", "model": "gpt-4o-mini", "concurrency": 1, "backoff_s": 0.01, "cache": None, **options}
    with ChatServer(script) as server:
        manifest = generate_pack(VAULT, tmp_path / "pack", n, ContentOptions(base_url=server.base_url, **settings))
    return manifest, server


def lines(tmp_path: Path, name: str) -> list[dict]:
    return [json.loads(line) for line in (tmp_path / "pack" / name).read_text().splitlines()]


def test_good_answers_fill_the_pack_with_usage_and_cost(tmp_path: Path) -> None:
    manifest, server = generate(tmp_path, lambda body, n: good(n), 6, concurrency=3)
    records = lines(tmp_path, "records.jsonl")
    assert len(records) == 6 and len({r["id"] for r in records}) == 6
    assert {r["provider"] for r in records} == {"openai"} and {r["model"] for r in records} == {"gpt-4o-mini"}
    assert all(r["usage"] == {"prompt_tokens": 100, "completion_tokens": 50} and r["cost_usd"] == pytest.approx(PRICE) for r in records)
    assert all(len(r["prompt_hash"]) == 16 for r in records)
    assert manifest["complete"] and manifest["tokens"] == {"prompt": 600, "completion": 300}
    assert manifest["cost_usd"] == pytest.approx(6 * PRICE)
    first = server.requests[0]
    assert first["response_format"]["type"] == "json_schema"
    assert first["response_format"]["json_schema"]["strict"] is True
    assert first["response_format"]["json_schema"]["schema"] == strict_schema(VAULT)
    assert "Inspiration (theme:" in first["messages"][1]["content"]
    assert len({r["messages"][1]["content"] for r in server.requests}) == 6  # a different hint per record


def test_broken_json_and_schema_violations_are_repaired_with_feedback(tmp_path: Path) -> None:
    firsts: list[int] = []

    def script(body: dict, n: int) -> Reply:
        if len(body["messages"]) == 2:  # first attempt of a record: alternately broken JSON, a bad name
            firsts.append(n)
            return Reply(content='{"setting": "unterminated') if len(firsts) % 2 else bad_name(1)
        return good(n)

    manifest, server = generate(tmp_path, script, 4)
    assert manifest["counts"]["records"] == 4 and manifest["counts"]["attempts"] == 8
    repairs = [r["messages"] for r in server.requests if len(r["messages"]) == 4]
    assert len(repairs) == 4
    assert "json: not valid JSON" in repairs[0][3]["content"]
    assert "/room/0/name: typeable" in repairs[1][3]["content"]
    assert repairs[1][2] == {"role": "assistant", "content": bad_name(1).content}
    assert manifest["tokens"]["prompt"] == 800  # every attempt is paid for


def test_unrepairable_answers_become_rejects_with_reasons(tmp_path: Path) -> None:
    manifest, server = generate(tmp_path, lambda body, n: bad_name(n) if n < 3 else good(n), 2, repairs=2)
    assert len(server.requests) == 5  # record 0: 1 + 2 repairs, then two good records
    rejects = lines(tmp_path, "rejects.jsonl")
    assert [(r["index"], r["kind"], r["attempts"]) for r in rejects] == [(0, "invalid", 3)]
    assert rejects[0]["reason"].startswith("invalid after 2 repair(s): /room/0/name: typeable")
    assert rejects[0]["violations"][0][0] == "/room/0/name"
    assert [r["index"] for r in lines(tmp_path, "records.jsonl")] == [1, 2]
    assert manifest["counts"]["invalid"] == 1 and manifest["reject_reasons"] == {"typeable": 1}
    assert manifest["rejects"][0]["id"] == "vault-0-000000"


def test_rate_limits_and_server_errors_are_retried_honouring_retry_after(tmp_path: Path) -> None:
    script = {0: Reply(status=429, headers={"Retry-After": "0.4"}), 1: Reply(status=500), 2: Reply(status=503)}
    started = time.monotonic()
    manifest, server = generate(tmp_path, lambda body, n: script.get(n) or good(n), 2)
    assert time.monotonic() - started >= 0.4
    assert len(server.requests) == 5
    records = lines(tmp_path, "records.jsonl")
    assert [r["retries"] for r in records] == [3, 0]
    assert manifest["counts"]["retries"] == 3 and manifest["counts"]["rejected"] == 0


def test_slow_responses_time_out_and_are_retried(tmp_path: Path) -> None:
    manifest, server = generate(tmp_path, lambda body, n: Reply(content=good(n).content, delay_s=2.0 if n == 0 else 0), 1, timeout_s=0.6)
    assert len(server.requests) == 2 and manifest["counts"]["retries"] == 1 and manifest["complete"]


def test_requests_that_keep_failing_are_rejected_then_the_run_stops_and_resumes(tmp_path: Path) -> None:
    with pytest.raises(WorldgenError, match="requests in a row failed"):
        generate(tmp_path, lambda body, n: Reply(status=500), 3, retries=1)
    rejects = lines(tmp_path, "rejects.jsonl")
    assert len(rejects) == 10 and {r["kind"] for r in rejects} == {"error"}
    assert "InternalServerError (500)" in rejects[0]["reason"] and "after 1 retries" in rejects[0]["reason"]
    manifest, _ = generate(tmp_path, lambda body, n: good(n), 3)  # the same command, a healthy server
    assert manifest["complete"] and [r["index"] for r in lines(tmp_path, "records.jsonl")] == [0, 1, 2]
    assert manifest["counts"]["error"] == 10  # history is kept


def test_server_without_structured_outputs_falls_back_to_json_mode(tmp_path: Path) -> None:
    def script(body: dict, n: int) -> Reply:
        if body.get("response_format", {}).get("type") == "json_schema":
            return Reply(status=400)
        return good(n)

    manifest, server = generate(tmp_path, script, 3)
    assert manifest["complete"]
    formats = [r.get("response_format", {}).get("type") for r in server.requests]
    assert formats == ["json_schema", "json_object", "json_object", "json_object"]
    assert "must match this JSON Schema" in server.requests[2]["messages"][1]["content"]


def test_near_duplicates_are_rejected(tmp_path: Path) -> None:
    same = json.loads(ANSWERS[0])
    same["setting"] = same["setting"].upper() + "!!"  # differs only in case and punctuation
    script = {1: Reply(content=json.dumps(same))}
    manifest, _ = generate(tmp_path, lambda body, n: script.get(n) or good(n), 2)
    rejects = lines(tmp_path, "rejects.jsonl")
    assert [(r["kind"], r["reason"]) for r in rejects] == [("duplicate", "near-duplicate of vault-0-000000")]
    assert manifest["counts"]["duplicate"] == 1 and manifest["counts"]["records"] == 2


def test_the_cache_makes_reruns_free(tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    generate(tmp_path, lambda body, n: good(n), 3, cache=cache)
    (tmp_path / "pack" / "records.jsonl").unlink()
    (tmp_path / "pack" / "manifest.json").unlink()
    (tmp_path / "pack" / "rejects.jsonl").unlink()
    manifest, server = generate(tmp_path, lambda body, n: Reply(status=500), 3, cache=cache)
    assert server.requests == [] and manifest["complete"]
    assert manifest["counts"]["cache_hits"] == 3 and manifest["tokens"] == {"prompt": 0, "completion": 0}


def test_a_bad_key_stops_the_run_with_an_actionable_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WG_TEST_KEY", "sk-wrong")
    with pytest.raises(WorldgenError, match=r"AuthenticationError \(401\).*\$WG_TEST_KEY"):
        generate(tmp_path, lambda body, n: Reply(status=401), 2, api_key_env="WG_TEST_KEY")


@pytest.mark.parametrize("escaped", [True, False], ids=["escaped-in-the-json", "raw-in-the-answer"])
def test_a_lone_surrogate_in_an_answer_is_a_text_violation_not_a_crash(tmp_path: Path, escaped: bool) -> None:
    def script(body: dict, n: int) -> Reply:
        if n:
            return good(n)
        record = json.loads(ANSWERS[0])
        record["room"][0]["description"] += " \ud800"
        return Reply(content=json.dumps(record, ensure_ascii=escaped))

    manifest, server = generate(tmp_path, script, 2, repairs=0)
    rejects = lines(tmp_path, "rejects.jsonl")
    assert rejects[0]["reason"].startswith("invalid after 0 repair(s): /room/0/description: text")
    assert manifest["counts"]["records"] == 2 and manifest["reject_reasons"] == {"text": 1}
