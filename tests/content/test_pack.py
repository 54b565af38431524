"""Packs survive kill -9: a re-run completes to exactly N distinct records, regenerating nothing kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.content.chat_server import ChatServer, Reply, record_source
from tests.content.conftest import ROOT, example_ir
from worldgen.content import ContentOptions, Validator, generate_pack
from worldgen.content.normalise import fingerprint
from worldgen.content.pack import Pack, PackIdentity
from worldgen.content.providers.base import Outcome
from worldgen.errors import WorldgenError

VAULT_WG = str(ROOT / "scaffolds" / "vault.wg")


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "worldgen.cli.main", "content", VAULT_WG, *args]


def _kill_when(proc: subprocess.Popen, records: Path, lines: int, timeout: float = 30) -> int:
    """SIGKILL ``proc`` once ``records`` holds at least ``lines`` lines; returns the lines seen."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if records.exists() and records.read_bytes().count(b"\n") >= lines:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return records.read_bytes().count(b"\n")
        if proc.poll() is not None:
            pytest.fail(f"the run ended before it could be killed: {proc.stderr.read() if proc.stderr else ''}")
        time.sleep(0.005)
    proc.kill()
    pytest.fail("no records appeared")


def _records(pack: Path) -> list[dict]:
    return [json.loads(line) for line in (pack / "records.jsonl").read_text().splitlines()]


def test_procedural_run_killed_and_resumed_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    n = 6000
    reference = tmp_path / "reference"
    generate_pack(example_ir("vault"), reference, n, ContentOptions(seed=3))
    pack = tmp_path / "pack"
    proc = subprocess.Popen(_cli("-n", str(n), "-o", str(pack), "--seed", "3"), stderr=subprocess.PIPE, text=True)
    kept = _kill_when(proc, pack / "records.jsonl", 300)
    assert 300 <= kept < n
    subprocess.run(_cli("-n", str(n), "-o", str(pack), "--seed", "3"), check=True, capture_output=True, timeout=60)
    assert (pack / "records.jsonl").read_bytes() == (reference / "records.jsonl").read_bytes()
    manifest = json.loads((pack / "manifest.json").read_text())
    assert manifest["complete"] and manifest["counts"]["records"] == n


def test_openai_run_killed_and_resumed_has_exactly_n_distinct_records(tmp_path: Path) -> None:
    n = 60
    make = record_source(VAULT_WG)
    answers = [make(i) for i in range(200)]
    pack = tmp_path / "pack"
    with ChatServer(lambda body, i: Reply(content=answers[i], delay_s=0.05)) as server:
        args = ("-n", str(n), "-o", str(pack), "--provider", "openai", "--model", "gpt-4o-mini",
                "--base-url", server.base_url, "--concurrency", "4", "--no-cache")
        proc = subprocess.Popen(_cli(*args), stderr=subprocess.PIPE, text=True)
        kept = _kill_when(proc, pack / "records.jsonl", 10)
        asked_before = len(server.requests)
        subprocess.run(_cli(*args), check=True, capture_output=True, timeout=60)
        asked_after = len(server.requests) - asked_before
    records = _records(pack)
    assert len(records) == n
    assert len({r["id"] for r in records}) == n and len({r["index"] for r in records}) == n
    assert len({fingerprint(r["content"]) for r in records}) == n
    assert asked_after == n - kept  # nothing that was kept was asked for again


def test_a_torn_last_line_is_cut_and_the_run_resumes(tmp_path: Path) -> None:
    vault = example_ir("vault")
    generate_pack(vault, tmp_path / "p", 5, ContentOptions(seed=1))
    records = tmp_path / "p" / "records.jsonl"
    whole = records.read_bytes()
    records.write_bytes(whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 1] + b'{"id": "vault-1-0000')  # kill mid-write
    generate_pack(vault, tmp_path / "p", 5, ContentOptions(seed=1))
    assert records.read_bytes() == whole


def test_a_pack_is_only_extended_with_the_same_scaffold_seed_and_provider(tmp_path: Path) -> None:
    generate_pack(example_ir("vault"), tmp_path / "p", 3, ContentOptions(seed=1))
    with pytest.raises(WorldgenError, match="made with seed = 1, not 2"):
        generate_pack(example_ir("vault"), tmp_path / "p", 3, ContentOptions(seed=2))
    with pytest.raises(WorldgenError, match="made with scaffold = 'vault', not 'ledger'"):
        generate_pack(example_ir("ledger"), tmp_path / "p", 3, ContentOptions(seed=1))


def test_growing_a_pack_keeps_its_records(tmp_path: Path) -> None:
    vault = example_ir("vault")
    generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=2))
    first = (tmp_path / "p" / "records.jsonl").read_text()
    manifest = generate_pack(vault, tmp_path / "p", 9, ContentOptions(seed=2))
    assert (tmp_path / "p" / "records.jsonl").read_text().startswith(first)
    assert manifest["counts"]["records"] == 9 and manifest["target"] == 9
    assert os.path.getsize(tmp_path / "p" / "rejects.jsonl") == 0


def test_asking_for_fewer_records_than_a_pack_holds_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    vault = example_ir("vault")
    generate_pack(vault, tmp_path / "p", 5, ContentOptions(seed=2))
    before = {f.name: f.read_bytes() for f in (tmp_path / "p").iterdir()}
    with pytest.raises(WorldgenError, match="already holds 5 records, more than the 3 asked for; ask for -n 5 or more"):
        generate_pack(vault, tmp_path / "p", 3, ContentOptions(seed=2))
    assert {f.name: f.read_bytes() for f in (tmp_path / "p").iterdir()} == before


def test_resuming_drops_invalid_records_and_lists_them_with_their_reason(tmp_path: Path, capsys) -> None:
    vault = example_ir("vault")
    generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=3))
    records = tmp_path / "p" / "records.jsonl"
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    lines[1]["content"]["room"][0]["name"] = "Not A Word!"  # edited by hand
    lines.append({**lines[2], "content": lines[0]["content"]})  # the same index kept twice
    records.write_text("".join(json.dumps(line) + "\n" for line in lines))
    capsys.readouterr()

    manifest = generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=3))

    err = capsys.readouterr().err
    assert f"dropped 2 invalid record(s) on resume (moved to rejects.jsonl):\n  {lines[1]['id']}: typeable: " in err
    assert f"  {lines[2]['id']}: index {lines[2]['index']} is kept twice (this copy is dropped, the first one kept)\n" in err
    kept = [json.loads(line) for line in records.read_text().splitlines()]
    assert lines[1]["id"] not in {r["id"] for r in kept} and len(kept) == manifest["counts"]["records"] == 4
    rejects = [json.loads(line) for line in (tmp_path / "p" / "rejects.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rejects] == [lines[1]["id"], lines[2]["id"]]
    assert [r["kind"] for r in rejects] == ["invalid", "duplicate"]
    assert all(r["reason"].startswith("dropped on resume: ") for r in rejects)
    assert rejects[0]["violations"][0][0] == "/room/0/name" and rejects[0]["violations"][0][1].startswith("typeable: ")
    assert manifest["reject_reasons"] == {"duplicate": 1, "typeable": 1}  # rule codes, not "dropped on resume"
    assert manifest["cost_usd"] == 0.0  # what the dropped record cost stays counted: the sum stays known
    generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=3))
    assert "dropped" not in capsys.readouterr().err  # a resumed pack is clean


def test_a_resume_killed_while_dropping_records_loses_no_reason_and_writes_none_twice(tmp_path: Path, monkeypatch) -> None:
    """The reasons reach rejects.jsonl before the records leave records.jsonl (the other order lost
    them to a kill in between); a resume after such a kill does not list them again."""
    vault = example_ir("vault")
    generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=3))
    records = tmp_path / "p" / "records.jsonl"
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    lines[1]["content"]["room"][0]["name"] = "Not A Word!"
    records.write_text("".join(json.dumps(line) + "\n" for line in lines))

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # the process dies as records.jsonl is about to be rewritten

    monkeypatch.setattr("worldgen.content.pack.write_atomic", killed)
    with pytest.raises(KeyboardInterrupt):
        generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=3))
    monkeypatch.undo()
    rejects = tmp_path / "p" / "rejects.jsonl"
    assert [json.loads(line)["id"] for line in rejects.read_text().splitlines()] == [lines[1]["id"]]
    generate_pack(vault, tmp_path / "p", 4, ContentOptions(seed=3))
    assert [json.loads(line)["id"] for line in rejects.read_text().splitlines()] == [lines[1]["id"]]
    assert lines[1]["id"] not in records.read_text()


def test_records_without_text_are_never_near_duplicates_but_records_with_text_still_are(tmp_path: Path) -> None:
    guess = generate_pack(example_ir("guess"), tmp_path / "guess", 4, ContentOptions())
    assert guess["counts"]["records"] == 4 and guess["counts"]["duplicate"] == 0

    identity = PackIdentity("vault", "scaffold-hash", "schema-hash", "procedural", "m", 0)
    pack = Pack.open(tmp_path / "vault", identity, 3, Validator(example_ir("vault")))
    room = {"name": "hall", "description": "A cold, bare hall."}
    assert pack.add(Outcome(0, "h0", record={"setting": "Night.", "room": [room]})) == "kept"
    twin = {"setting": "NIGHT!", "room": [{"name": "Hall", "description": "a cold bare  hall"}]}
    assert pack.add(Outcome(1, "h1", record=twin)) == "duplicate"
    assert pack.add(Outcome(2, "h2", record={})) == "kept" and pack.add(Outcome(3, "h3", record={})) == "kept"
    pack.close()
    rejects = [json.loads(line) for line in (tmp_path / "vault" / "rejects.jsonl").read_text().splitlines()]
    assert [(r["index"], r["reason"]) for r in rejects] == [(1, "near-duplicate of vault-0-000000")]
