"""worldgen propose: deterministic, sound (every accepted proposal re-verifies from scratch), resumable."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import worldgen
from tests.flywheel.fixtures import SEEDS, SOLVER
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.errors import WorldgenError
from worldgen.flywheel.mutate import Band
from worldgen.flywheel.propose import Settings, propose
from worldgen.flywheel.solver import read_reports
from worldgen.verify import verify_world

SETTINGS = Settings(Band(0.2, 0.8), count=2, seeds=SEEDS)


def reports(run: Path) -> list[Path]:
    return sorted((run / "round-00" / "reports").glob("*.json"))


def files(out: Path) -> dict[str, bytes]:
    """Every proposal file (suites aside: their artifacts are checked by verify)."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and "suites" not in p.parts}


def test_accepted_proposals_reverify_from_scratch(library: Path, first_round: Path, tmp_path: Path) -> None:
    summary = propose(library, read_reports(reports(first_round)), tmp_path / "out", SETTINGS)
    assert summary["accepted"] and summary["solver"] == SOLVER
    for name in summary["accepted"]:
        folder = tmp_path / "out" / name
        provenance = json.loads((folder / "provenance.json").read_text())
        assert provenance["parents"][0] in ("ledger", "vault") and provenance["proposer"] == "mutate"
        assert provenance["checks"] == ["check", "new rules", "content", "compile", "oracle", "random baseline", "new behaviour", "band"]
        measured = provenance["measured"]
        assert measured["oracle_success"] == 1.0 and measured["random_success"] < 0.8
        assert set(measured["complexity"]) == {"states", "depth", "branching", "solution_length", "random_return", "optimal_success"}
        solver = measured["solver"]  # the band test: the solver's success in the band, with its interval around it
        assert solver["policy"] == SOLVER and solver["episodes"] == 2 * measured["compiled"]["accepted"]
        assert 0.2 <= solver["success"] <= 0.8 and solver["interval"][0] <= solver["success"] <= solver["interval"][1]
        assert measured["recheck"]["episodes"] == solver["episodes"]  # re-measured with other episode seeds
        assert (tmp_path / "out" / "suites" / name / "noisy-oracle-0.3@1000.jsonl").is_file()
        scaffold = worldgen.load(folder / f"{name}.wg")  # checks again, from the file alone
        record = json.loads((folder / f"{name}.json").read_text())
        fresh = tmp_path / "fresh" / name
        compiled = compile_suite(Spec(scaffold.ir, (("r", record),), {}, worldgen.verify.Bounds(), 5), SEEDS, fresh, LocalExecutor(1))
        assert compiled.accepted >= 0.9 * len(SEEDS)
        world = scaffold.instantiate(content=record, seed=SEEDS.start)
        assert verify_world(world).oracle is not None
    for item in summary["rejected"]:
        reason = json.loads((tmp_path / "out" / "rejected" / item["name"] / "reason.json").read_text())
        assert reason["reason"] == item["reason"] and reason["reason"].split(":")[0] in (
            "check", "new rules", "content", "compile", "oracle", "random baseline", "new behaviour", "band")
    share = summary["recheck_in_band"]
    assert share["of"] == len(summary["accepted"]) and 0 <= share["count"] <= share["of"]


def test_same_inputs_give_byte_identical_proposals(library: Path, first_round: Path, tmp_path: Path) -> None:
    view = read_reports(reports(first_round))
    propose(library, view, tmp_path / "a", SETTINGS)
    propose(library, view, tmp_path / "b", SETTINGS)
    a, b = files(tmp_path / "a"), files(tmp_path / "b")
    assert a.keys() == b.keys()
    for name in a:  # rejected reasons name their own suite folder
        assert a[name].replace(b"/a/", b"/x/") == b[name].replace(b"/b/", b"/x/"), name


def test_a_killed_run_resumes_to_the_same_result(library: Path, first_round: Path, tmp_path: Path) -> None:
    view = read_reports(reports(first_round))
    whole = propose(library, view, tmp_path / "out", SETTINGS)
    before = files(tmp_path / "out")
    last = whole["accepted"][-1]
    shutil.rmtree(tmp_path / "out" / last)  # killed while its worlds were compiled: no verdict yet
    shutil.rmtree(tmp_path / "out" / "suites" / last)
    (tmp_path / "out" / "summary.json").unlink()
    assert propose(library, view, tmp_path / "out", SETTINGS) == whole
    assert files(tmp_path / "out") == before


def test_a_run_resumed_with_other_settings_is_refused(library: Path, first_round: Path, tmp_path: Path) -> None:
    """Its suites were compiled for the first run's seeds: resuming with others would keep them."""
    view = read_reports(reports(first_round))
    propose(library, view, tmp_path / "out", replace(SETTINGS, count=0))
    with pytest.raises(WorldgenError, match=r"a propose run with other settings \(seeds was \"0:10\", now \"0:5\"\)"):
        propose(library, view, tmp_path / "out", replace(SETTINGS, count=0, seeds=range(5)))
    with pytest.raises(WorldgenError, match=r"other settings \(evaluations was 2, now 1\)"):  # its verdicts' budget
        propose(library, view, tmp_path / "out", replace(SETTINGS, count=0, max_evaluated=1))
    fewer = replace(view, scaffolds=dict(list(view.scaffolds.items())[:1]))  # other --report files: other verdicts
    with pytest.raises(WorldgenError, match=r"other settings \(solver_results was \{.*\}, now \{.*\}\)"):
        propose(library, fewer, tmp_path / "out", replace(SETTINGS, count=0))


def test_the_command_line(library: Path, first_round: Path, tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "worldgen.cli.main", "propose", "--library", str(library), "--report",
           *map(str, reports(first_round)), "-n", "1", "--seeds", "0:10", "-o", str(tmp_path / "out")]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "1 of" in done.stdout and "accepted" in done.stdout
    accepted = next(line for line in done.stdout.splitlines() if line.startswith("  accepted  ")).split()[-1]
    assert f"  accepted  {accepted}\n" in done.stderr  # said as the gate decided, not only at the end
    bad = subprocess.run([*cmd[:4], "--band", "0.9:0.1", *cmd[4:]], capture_output=True, text=True)
    assert bad.returncode == 2 and "LO:HI" in bad.stderr


def test_a_report_without_the_solvers_rollouts_is_refused_before_anything_is_written(first_round: Path, library: Path,
                                                                                    tmp_path: Path) -> None:
    report = json.loads(reports(first_round)[0].read_text())
    policies = report["rollouts"]["policies"]
    report["rollouts"]["policies"] = {"oracle": policies[SOLVER], "random": policies[SOLVER]}
    (tmp_path / "baselines.json").write_text(json.dumps(report))
    done = subprocess.run([sys.executable, "-m", "worldgen.cli.main", "propose", "--library", str(library), "--report",
                           str(tmp_path / "baselines.json"), "-o", str(tmp_path / "out")], capture_output=True, text=True)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "the report has rollouts of baselines only (oracle, random), none of the solver's" in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_run_written_before_profiles_had_names_resumes(library: Path, first_round: Path, tmp_path: Path) -> None:
    from worldgen.flywheel.identity import PROFILE_FIELDS

    view = read_reports(reports(first_round))
    whole = propose(library, view, tmp_path / "out", SETTINGS)
    first = tmp_path / "out" / whole["accepted"][0] / "provenance.json"
    old = json.loads(first.read_text())
    complexity = old["measured"].pop("complexity")
    old["measured"]["profile"] = [complexity[f] for f in PROFILE_FIELDS]  # as provenance.json was written before
    first.write_text(json.dumps(old))
    (tmp_path / "out" / "summary.json").unlink()
    assert propose(library, view, tmp_path / "out", SETTINGS) == whole


def test_catalogue_rules_go_through_the_gate_and_rejected_ones_keep_their_reason(tmp_path: Path) -> None:
    from tests.flywheel.fixtures import make_library
    from worldgen.flywheel.solver import SolverView

    library = make_library(tmp_path / "library", ("jugs",))
    out = tmp_path / "out"
    every_rate = Band(0.0, 1.0)  # the band test passes whatever the solver wins: this is about the rules
    summary = propose(library, SolverView(SOLVER, {}), out, Settings(every_rate, count=3, seeds=range(6)))
    assert {"jugs_slippery", "jugs_noisy_view"} <= set(summary["accepted"])
    for name in summary["accepted"]:
        worldgen.load(out / name / f"{name}.wg")
    assert summary["rejected"]  # jugs_inverted: its profile is jugs_slippery's
    for item in summary["rejected"]:
        folder = out / "rejected" / item["name"]
        assert json.loads((folder / "reason.json").read_text())["reason"] == item["reason"]
        assert (folder / f"{item['name']}.wg").is_file()
