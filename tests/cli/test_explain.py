"""`worldgen explain`: a suite's failed draws grouped by seed, or an artifact's checks and oracle,
each counterexample as numbered commands with what changed after each."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import worldgen
from tests.compiler.test_draws import DRIFT
from worldgen.cli.main import main
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.explain import explain
from worldgen.compiler.journal import MARKER
from worldgen.compiler.suite import Result, Spec, compile_suite
from worldgen.verify import Bounds


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seeds 0..15 of a scaffold whose invariant fails in some draws, three draws per seed."""
    folder = tmp_path_factory.mktemp("explain")
    (folder / "drift.wg").write_text(DRIFT)
    (folder / "empty.json").write_text("{}")
    assert main(["compile", str(folder / "drift.wg"), "--pack", str(folder / "empty.json"), "--seeds", "0:16",
                 "--attempts", "3", "-o", str(folder / "suite")]) in (0, 1)
    return folder / "suite"


def draws(suite: Path) -> list[dict]:
    return [json.loads(line) for line in (suite / "draws.jsonl").read_text().splitlines()]


def test_a_suite_lists_failed_draws_by_seed(suite, capsys):
    assert main(["explain", str(suite)]) == 0
    out = capsys.readouterr().out
    seeds = sorted({d["seed"] for d in draws(suite)})
    rejected = len((suite / "rejected.jsonl").read_text().splitlines())
    assert out.splitlines()[0] == (f"{suite}: {len(seeds)} seeds with failed draws: {rejected} rejected, "
                                   f"{len(seeds) - rejected} accepted after a re-draw")
    assert [int(line.split()[1].rstrip(":")) for line in out.splitlines() if line.startswith("seed ")] == seeds
    assert ", rejected (record empty)" in out and ", accepted at the next draw (record empty)" in out


def test_a_counterexample_reads_as_numbered_commands_with_the_changes(suite, capsys):
    seed = next(d["seed"] for d in draws(suite) if d["consts"] == {"cap": 2})
    assert main(["explain", str(suite), "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    assert f"\nseed {seed}: " in out and "\n  params top=" in out and "; axes none\n" in out
    assert (": consts cap=2\n"
            "    FAIL  invariant below_cap: violated after 2 steps; shortest counterexample below (line 11)\n"
            "          start: n=0\n"
            "          1. inc  ->  n=1\n"
            "          2. inc  ->  n=2\n") in out


def test_json_gives_the_same_grouped_by_seed(suite, capsys):
    seed = draws(suite)[0]["seed"]
    assert main(["explain", str(suite), "--seed", str(seed), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (entry,) = data["seeds"]
    assert entry["seed"] == seed and entry["record_id"] == "empty"
    first = entry["draws"][0]
    assert first["attempt"] == 0 and first["failed"] == ["invariant below_cap"] and first["start"] == {"n": 0}
    assert first["checks"][0]["trace"][0] == {"command": "inc", "chance": [], "state_after": {"n": 1}}


def test_a_seed_without_failed_draws(suite, capsys):
    seed = next(s for s in range(16) if s not in {d["seed"] for d in draws(suite)})
    assert main(["explain", str(suite), "--seed", str(seed)]) == 0
    assert capsys.readouterr().out == f"{suite}: seed {seed} has no failed draws\n"


def test_a_seed_the_suite_never_compiled_is_an_error_not_a_clean_bill(suite, capsys):
    assert main(["explain", str(suite), "--seed", "999"]) == 1
    assert capsys.readouterr().err == f"{suite}: error: seed 999 is not one of the suite's seeds (0:16)\n"


def test_an_artifact_shows_its_checks_oracle_and_failing_traces(broken_counter_artifact, capsys):
    path = broken_counter_artifact
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: world counter, seed 0, draw 0: 1 check FAILED\n  params none; axes none\nchecks:\n")
    assert "  pass  bounds: explored all" in out
    assert ("  FAIL  invariant bounded: violated after 2 steps; shortest counterexample below (line 27)\n"
            "        start: broken=false, n=0\n"
            "        1. inc  ->  n=1\n"
            "        2. inc  ->  n=2\n") in out
    assert "oracle: 3 steps, probability 1, return 1\n  start: broken=false, n=0\n  1. inc  ->  n=1\n" in out


def test_a_bare_world_is_checked_first(tmp_path, capsys):
    path = tmp_path / "world.json"
    path.write_text(worldgen.loads(DRIFT, "drift.wg").instantiate({}, seed=0, params={"top": 3}).to_json())
    assert main(["explain", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["params"] == {"top": 3} and [c["name"] for c in data["checks"]][0] == "bounds"
    assert data["oracles"]["oracle"]["steps"][-1]["state_after"] == {"n": 3}


def test_user_errors_exit_1_without_a_traceback(tmp_path, suite, capsys):
    assert main(["explain", str(tmp_path / "nope")]) == 1
    assert "no such suite folder or artifact" in capsys.readouterr().err
    artifact = suite / json.loads((suite / "index.jsonl").read_text().splitlines()[0])["path"]
    assert main(["explain", str(artifact), "--seed", "1"]) == 1
    assert "--seed selects the draws of a suite folder" in capsys.readouterr().err
    old = tmp_path / "old"
    old.mkdir()
    (old / "index.jsonl").write_text("")
    assert main(["explain", str(old)]) == 1
    assert "no draws.jsonl" in capsys.readouterr().err


def _copy(suite: Path, tmp_path: Path) -> Path:
    shutil.copytree(suite, tmp_path / "copy")
    return tmp_path / "copy"


class _Stop(Exception):
    pass


def _stop_at(seed: int):
    def advance(result: Result) -> None:
        if result.seed == seed:
            raise _Stop  # as the flywheel's gate stops a compile it has judged
    return advance


def test_a_partial_suite_shows_the_draws_its_compile_recorded(suite, tmp_path, capsys):
    """What the gate's "`worldgen explain SUITE` shows why" points at: a compile stopped midway."""
    spec = Spec(worldgen.loads(DRIFT, "drift.wg").ir, (("empty", {}),), {}, Bounds(), 3)
    with pytest.raises(_Stop):
        compile_suite(spec, range(16), tmp_path / "partial", LocalExecutor(1), _stop_at(9))
    with (tmp_path / "partial" / "draws.jsonl").open("a") as torn:
        torn.write('{"seed": 10, "attem')  # a kill mid-line, past the journal's last checkpoint
    assert main(["explain", str(tmp_path / "partial"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["interrupted_before"] == 10  # seed 9 was recorded before its result stopped the compile
    expected = [s for s in explain(suite)["seeds"] if s["seed"] < 10]
    assert [s["seed"] for s in data["seeds"]] == [s["seed"] for s in expected] and expected
    assert main(["explain", str(tmp_path / "partial")]) == 0
    assert capsys.readouterr().out.startswith(f"{tmp_path / 'partial'}: a partial suite: its compile stopped before seed 10; ")


def test_a_partial_suite_without_a_recorded_seed_is_refused(suite, tmp_path, capsys):
    partial = _copy(suite, tmp_path)
    (partial / MARKER).write_text("")
    assert main(["explain", str(partial)]) == 1
    assert "a partial suite: its compile was interrupted" in capsys.readouterr().err


def test_an_edited_draws_log_is_refused_unless_trusted(suite, tmp_path, capsys):
    edited = _copy(suite, tmp_path)
    lines = (edited / "draws.jsonl").read_text().splitlines(keepends=True)
    (edited / "draws.jsonl").write_text("".join(lines[1:]))  # hide one failed draw
    assert main(["explain", str(edited)]) == 1
    assert capsys.readouterr().err == (f"{edited / 'draws.jsonl'}: error: edited after compilation: its sha256 differs "
                                       "from the one summary.json records; re-compile the suite, or pass --trust-edited "
                                       "to read it anyway\n")
    assert main(["explain", str(edited), "--trust-edited", "--json"]) == 0
    assert sum(len(s["draws"]) for s in json.loads(capsys.readouterr().out)["seeds"]) == len(lines) - 1


def test_a_suite_whose_summary_records_no_hash_is_refused_unless_trusted(suite, tmp_path, capsys):
    old = _copy(suite, tmp_path)
    summary = json.loads((old / "summary.json").read_text())
    del summary["sha256"]
    (old / "summary.json").write_text(json.dumps(summary))
    assert main(["explain", str(old)]) == 1
    assert "summary.json: error: records no sha256 for draws.jsonl" in capsys.readouterr().err
    assert main(["explain", str(old), "--trust-edited"]) == 0


def test_an_edited_artifact_is_refused_unless_trusted(broken_counter_artifact, capsys):
    data = json.loads(broken_counter_artifact.read_text())
    data["world"]["initial_state"]["n"] = 1
    broken_counter_artifact.write_text(json.dumps(data))
    assert main(["explain", str(broken_counter_artifact)]) == 1
    assert "error: edited after compilation" in capsys.readouterr().err
    assert main(["explain", str(broken_counter_artifact), "--trust-edited"]) == 0
    assert "start: broken=false, n=1" in capsys.readouterr().out


def test_a_bare_world_cannot_raise_the_bound_it_is_checked_within(tmp_path, capsys):
    source = DRIFT.replace("  horizon 10", "  horizon 10\n  check within 300_000 states")
    path = tmp_path / "world.json"
    path.write_text(worldgen.loads(source, "drift.wg").instantiate({}, seed=0, params={"top": 3}).to_json())
    assert main(["explain", str(path)]) == 1
    assert capsys.readouterr().err == (f"{path}: error: the scaffold declares check within 300,000 states; verify "
                                       "explores at most 200,000 unless you pass --max-states 300000\n")
    assert main(["explain", str(path), "--max-states", "300000", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["checks"][0] == {"name": "bounds", "status": "pass",
                                                                 "detail": "explored all 4 reachable states"}


NAMED = """world inv {
  entity spot[2]
  enum mood { calm, angry }
  state {
    at: spot = spot[0]
    m: mood = calm
  }
  action go(s: spot) "go {s}" { when s != at  do at = s, m = angry }
  observe "At {at}."
  done when at == spot[-1] and m == calm
  invariant m == calm or at != spot[0]
  horizon 10
}
"""


def test_counterexamples_name_entities_and_enum_values_as_graph_does(tmp_path, capsys):
    """They showed `at=1, m=1` (indices) where `worldgen graph` says `at = spot2, m = angry`."""
    (tmp_path / "inv.wg").write_text(NAMED)
    assert main(["compile", str(tmp_path / "inv.wg"), "--seeds", "0:1", "--attempts", "1", "-o", str(tmp_path / "s")]) == 1
    capsys.readouterr()
    assert main(["explain", str(tmp_path / "s")]) == 0
    out = capsys.readouterr().out
    assert 'start: at="spot1", m="calm"' in out and '1. go spot2  ->  at="spot2", m="angry"' in out
    assert '2. go spot1  ->  at="spot1"' in out
