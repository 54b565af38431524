"""worldgen loop: the curriculum moves a fixed-skill solver's success into the band; resumable; --train closes it."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen as cli
from tests.flywheel.fixtures import SEEDS, SOLVER, make_library
from worldgen.errors import WorldgenError
from worldgen.flywheel.loop import LoopSettings, loop
from worldgen.flywheel.mutate import Band


def test_rounds_move_the_solvers_success_into_the_band(library: Path, first_round: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(first_round, run)  # round 0 is shared with the other tests
    summary = loop(library, run, LoopSettings(SOLVER, rounds=3, proposals=2, seeds=SEEDS))
    first, *_, last = summary["rounds"]
    assert first["success"] == 1.0 and first["in_band"] == 0.0  # the solver wins everything: too easy
    assert last["in_band"] > first["in_band"] and last["success"] < first["success"]
    assert last["library"] == first["library"] + sum(r["proposals"]["accepted"] for r in summary["rounds"][:-1])
    assert last["rule_sets"] == last["library"]
    for r in summary["rounds"][1:]:  # what entered the library in band came from a parent above it
        for name in summary["rounds"][r["round"] - 1]["proposals"]["names"]:
            assert r["scaffolds"][name]["success"] is not None
    page = (run / "summary.html").read_text()
    assert "<svg" in page and "in band" in page and "ledger_horizon_down" in page
    assert "<td>None</td>" not in page  # a round with nothing accepted has no tokens per accepted: n/a
    assert "<details><summary><b class=accepted>accepted</b> ledger_horizon_down (from ledger)" in page
    assert "--- ledger.wg\n+++ ledger_horizon_down.wg" in page  # its diff against its parent
    again = summary["rounds"][0]["proposals"]["recheck_in_band"]
    assert f"<td>{again['count']} of {again['of']}</td>" in page and "accepted in band again" in page


def test_no_round_compiles_a_candidate_an_earlier_round_rejected(tmp_path: Path) -> None:
    library = make_library(tmp_path / "library", ("vault",))
    run = tmp_path / "run"
    narrow = Band(0.45, 0.55)  # few proposals land here: round 0 rejects some, round 1 meets them again
    loop(library, run, LoopSettings(SOLVER, rounds=2, band=narrow, proposals=1, seeds=range(6)))
    first, second = (json.loads((run / f"round-0{r}" / "proposals" / "summary.json").read_text()) for r in (0, 1))
    keys = [json.loads(p.read_text())["edit_hash"] for p in sorted(run.glob("round-*/proposals/rejected/*/reason.json"))]
    assert first["rejected"] and len(keys) == len(set(keys))
    skipped = {item["reason"] for item in second["skipped"]}
    assert {f"rejected before as {item['name']} ({item['reason'].partition(':')[0]})" for item in first["rejected"]} <= skipped
    assert not any(name.endswith("_cost") for r in (first, second) for name in r["accepted"] + [i["name"] for i in r["rejected"]])


def test_a_round_carries_over_the_worlds_the_previous_round_compiled(library: Path, first_round: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(first_round, run)
    loop(library, run, LoopSettings(SOLVER, rounds=2, proposals=2, seeds=SEEDS))
    index = "index.jsonl"
    assert (run / "round-01/suites/vault" / index).read_bytes() == (run / "round-00/suites/vault" / index).read_bytes()
    assert (run / "round-01/rollouts/vault.jsonl").read_bytes() == (run / "round-00/rollouts/vault.jsonl").read_bytes()
    report, before = (json.loads((run / f"round-0{r}/reports/vault.json").read_text()) for r in (1, 0))
    assert report["suite"].pop("path") == str((run / "round-01/suites/vault").resolve())  # naming this round's copies
    assert report["rollouts"].pop("files") == [str((run / "round-01/rollouts/vault.jsonl").resolve())]
    before["suite"].pop("path"), before["rollouts"].pop("files")
    assert report == before  # otherwise the same report
    for name in json.loads((run / "round-00/proposals/summary.json").read_text())["accepted"]:
        gate = run / "round-00/proposals/suites" / name
        assert (run / "round-01/suites" / name / index).read_bytes() == (gate / index).read_bytes()
        assert not list((run / "round-01/suites" / name).glob("*.partial"))


def test_a_killed_loop_resumes_without_redoing_finished_rounds(library: Path, first_round: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(first_round, run)
    whole = loop(library, run, LoopSettings(SOLVER, rounds=2, proposals=2, seeds=SEEDS))
    (run / "round-01" / "round.json").unlink()  # killed at the end of round 1
    (run / "round-01" / "proposals" / "summary.json").unlink()
    stamp = (run / "round-00" / "round.json").stat().st_mtime_ns
    assert loop(library, run, LoopSettings(SOLVER, rounds=2, proposals=2, seeds=SEEDS)) == whole
    assert (run / "round-00" / "round.json").stat().st_mtime_ns == stamp


def test_the_trainer_command_names_the_next_solver(tmp_path: Path) -> None:
    library = make_library(tmp_path / "library", ("vault",))
    trainer = tmp_path / "train.py"
    trainer.write_text("import json, os\nprint('trained on', os.environ['WORLDGEN_SUITES'])\n"
                       "print('new:', json.dumps([p for p in os.environ['WORLDGEN_NEW_SUITES'].split(os.pathsep) if p]))\n"
                       "print('frontier:', json.dumps(json.load(open(os.environ['WORLDGEN_FRONTIER']))))\n"
                       "print('solver: noisy-oracle:0.1')\n")
    summary = loop(library, tmp_path / "run", LoopSettings(SOLVER, rounds=2, proposals=1, seeds=range(6),
                                                           train=(sys.executable, str(trainer))))
    assert [r["solver"] for r in summary["rounds"]] == [SOLVER, "noisy-oracle:0.1"]
    played = {json.loads(line)["policy"] for line in (tmp_path / "run/round-01/rollouts/vault.jsonl").read_text().splitlines()}
    assert played == {"noisy-oracle:0.1"}  # the worlds carried over, the old solver's episodes not
    log = (tmp_path / "run" / "round-00" / "train.log").read_text().splitlines()
    assert log[0].startswith("trained on")
    new = json.loads(log[1].removeprefix("new: "))  # the suites of the proposals this round accepted, ready to train on
    accepted = summary["rounds"][0]["proposals"]["names"]
    assert [Path(p).name for p in new] == accepted and all((Path(p) / "index.jsonl").is_file() for p in new)
    frontier = json.loads(log[2].removeprefix("frontier: "))
    report = json.loads((tmp_path / "run" / "round-00" / "reports" / "vault.json").read_text())
    assert frontier["solver"] == SOLVER
    assert [w["world"] for w in frontier["worlds"]] == report["rollouts"]["policies"][SOLVER]["frontier"]
    assert all(0 < w["success"] < 1 and w["scaffold"] == "vault" for w in frontier["worlds"])
    assert json.loads((tmp_path / "run" / "summary.json").read_text()) == summary


def test_the_trainer_may_name_the_next_solver_in_the_file_the_loop_names(tmp_path: Path) -> None:
    library = make_library(tmp_path / "library", ("vault",))
    trainer = tmp_path / "train.py"
    trainer.write_text("import os, pathlib\n"
                       "pathlib.Path(os.environ['WORLDGEN_NEXT_SOLVER_FILE']).write_text('noisy-oracle:0.2\\n')\n"
                       "print('solver: noisy-oracle:0.9')\nprint('epoch 3 loss 0.1')\n")
    summary = loop(library, tmp_path / "run", LoopSettings(SOLVER, rounds=2, proposals=1, seeds=range(6),
                                                           train=(sys.executable, str(trainer))))
    assert [r["solver"] for r in summary["rounds"]] == [SOLVER, "noisy-oracle:0.2"]  # the file wins over stdout
    assert (tmp_path / "run" / "round-00" / "next_solver.txt").read_text() == "noisy-oracle:0.2\n"


def test_a_next_solver_file_with_no_spec_is_an_error_that_names_it(tmp_path: Path) -> None:
    library = make_library(tmp_path / "library", ("vault",))
    trainer = tmp_path / "train.py"
    trainer.write_text("import os, pathlib\npathlib.Path(os.environ['WORLDGEN_NEXT_SOLVER_FILE']).write_text('\\n')\n")
    with pytest.raises(WorldgenError, match=r"next_solver.txt: error: the trainer must write one solver spec"):
        loop(library, tmp_path / "run", LoopSettings(SOLVER, rounds=1, proposals=1, seeds=range(4),
                                                     train=(sys.executable, str(trainer))))


@pytest.mark.parametrize(("named", "why"), [("bogus-policy", "unknown policy 'bogus-policy'"),
                                             ("learner:missing.npz", "there is no such learner file")])
def test_a_next_solver_the_next_round_cannot_play_stops_this_round_so_a_rerun_trains_again(
        tmp_path: Path, named: str, why: str) -> None:
    library = make_library(tmp_path / "library", ("vault",))
    trainer = tmp_path / "train.py"
    trainer.write_text(f"print('solver: {named}')\n")
    settings = LoopSettings(SOLVER, rounds=2, proposals=0, seeds=range(4), train=(sys.executable, str(trainer)))
    with pytest.raises(WorldgenError, match=f"--train: error: the trainer named the next solver '{named}'.*{why}"):
        loop(library, tmp_path / "run", settings)
    assert not (tmp_path / "run" / "round-00" / "round.json").exists()  # not done: a rerun runs the trainer again
    trainer.write_text("print('solver: noisy-oracle:0.1')\n")
    assert [r["solver"] for r in loop(library, tmp_path / "run", settings)["rounds"]] == [SOLVER, "noisy-oracle:0.1"]


def test_with_n_0_the_loop_proposes_nothing_a_control_for_its_trainer(library: Path, tmp_path: Path) -> None:
    done = cli("loop", "--library", str(library), "--solver", SOLVER, "--rounds", "2", "-n", "0",
               "--seeds", f"{SEEDS.start}:{SEEDS.stop}", "-o", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    rounds = json.loads((tmp_path / "run" / "summary.json").read_text())["rounds"]
    assert [(r["library"], r["proposals"]["evaluated"], r["proposals"]["accepted"]) for r in rounds] == [(rounds[0]["library"], 0, 0)] * 2
    assert not (tmp_path / "run" / "round-00" / "proposals" / "suites").exists()  # no draft compiled
