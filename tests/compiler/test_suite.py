"""Suites: streamed outputs, re-draws and rejects with reasons, identical bytes for any --jobs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import worldgen
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.packs import read_pack
from worldgen.compiler.suite import CHUNK, PROBE, Spec, _chunks, compile_suite
from worldgen.errors import WorldgenError
from worldgen.verify import Bounds


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_suite_layout_and_index(tmp_path, spec):
    out = tmp_path / "suite"
    summary = compile_suite(spec("vault"), range(0, 12), out, LocalExecutor(1))
    lines = [json.loads(line) for line in (out / "index.jsonl").read_text().splitlines()]
    rejected = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    assert len(lines) == summary.accepted and len(rejected) == summary.rejected
    assert summary.accepted + summary.rejected == 12
    assert [x["seed"] for x in lines] == sorted(x["seed"] for x in lines)
    for line in lines:
        assert (out / line["path"]).is_file()
        assert set(line) >= {"id", "path", "scaffold", "seed", "record_id", "axes", "hashes", "checks"}
        assert line["checks"]["ok"]
    for line in rejected:
        assert len(line["draws"]) == 5 and all(d["reason"] for d in line["draws"])
    stats = json.loads((out / "summary.json").read_text())
    assert stats["acceptance_rate"] == round(summary.accepted / 12, 6)
    assert stats["draws"] >= 12


def test_unsolvable_scaffold_is_rejected_with_reasons(tmp_path, root):
    source = (root / "tests" / "verify" / "counter.wg").read_text().replace("done when n == 3", "done when n == 3 and broken")
    spec = Spec(worldgen.loads(source).ir, (("empty", {}),), {}, Bounds(), 2)
    summary = compile_suite(spec, range(0, 3), tmp_path, LocalExecutor(1))
    assert summary.accepted == 0 and summary.rejected == 3
    line = json.loads((tmp_path / "rejected.jsonl").read_text().splitlines()[0])
    assert [d["attempt"] for d in line["draws"]] == [0]  # no build-time randomness: a re-draw builds the same world
    assert "solvable within 5" in line["draws"][0]["failed"]
    assert "no goal" in line["draws"][0]["reason"]


def test_jobs_do_not_change_bytes(tmp_path, spec):
    one, two = tmp_path / "one", tmp_path / "two"
    compile_suite(spec("services"), range(0, 20), one, LocalExecutor(1))
    compile_suite(spec("services"), range(0, 20), two, LocalExecutor(2))
    assert _files(one) == _files(two)


def test_bytes_identical_across_processes_and_hash_seeds(tmp_path, root):
    outs = []
    for hash_seed in ("0", "4242"):
        out = tmp_path / f"h{hash_seed}"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-m", "worldgen.cli.main", "compile", str(root / "scaffolds" / "ledger.wg"),
                        "--seeds", "0:4", "-o", str(out)], check=True, env=env, capture_output=True, cwd=root)
        outs.append(_files(out))
    assert outs[0] == outs[1] and outs[0]


def test_the_same_compile_again_is_done_already_and_another_never_overwrites(tmp_path, spec):
    first = compile_suite(spec("ledger"), range(0, 2), tmp_path, LocalExecutor(1))
    before = _files(tmp_path)
    heard: list[str] = []
    again = compile_suite(spec("ledger"), range(0, 2), tmp_path, LocalExecutor(1), notice=heard.append)
    assert again.as_dict() == first.as_dict() and _files(tmp_path) == before
    assert heard == [f"{tmp_path} already holds this suite (the same inputs): nothing to compile"]
    with pytest.raises(WorldgenError, match="already holds a suite [(]index.jsonl[)] of other inputs"):
        compile_suite(spec("ledger"), range(0, 3), tmp_path, LocalExecutor(1))
    assert _files(tmp_path) == before


def test_unknown_axis_is_a_user_error(tmp_path, spec):
    from worldgen.errors import InstantiationError

    with pytest.raises(InstantiationError, match="unknown axis"):
        compile_suite(spec("vault", colour="red"), range(0, 1), tmp_path, LocalExecutor(1))


def test_pack_reading(tmp_path, root):
    record = json.loads((root / "content_packs" / "vault" / "example.json").read_text())
    pack = tmp_path / "pack"
    pack.mkdir()
    lines = [{"id": f"r{i}", "index": i, "content": record} for i in (2, 0, 1)]
    (pack / "records.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert [rid for rid, _ in read_pack(pack)] == ["r0", "r1", "r2"]
    assert read_pack(root / "content_packs" / "vault" / "example.json")[0][0] == "example"
    (tmp_path / "bad.jsonl").write_text('{"id": "x"}\n')
    with pytest.raises(WorldgenError, match="needs an \"id\" string and a \"content\" object"):
        read_pack(tmp_path / "bad.jsonl")
    with pytest.raises(WorldgenError, match="no such content pack"):
        read_pack(tmp_path / "missing")


def test_tasks_cover_the_seeds_in_order_and_shrink_towards_the_end() -> None:
    """Probe seeds alone, then CHUNK at a time, then smaller tasks, so no worker is left with a
    whole task while the others have nothing to do."""
    tasks = list(_chunks(range(10, 210)))
    assert [s for t in tasks for s in t] == list(range(10, 210))
    assert all(len(t) == 1 for t in tasks[:PROBE]) and len(tasks[PROBE]) == CHUNK
    sizes = [len(t) for t in tasks[PROBE:]]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    assert list(_chunks(range(3, 3))) == []
