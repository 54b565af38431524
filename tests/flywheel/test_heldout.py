"""`loop --eval SUITE`: the solver plays a fixed held-out suite each round, charted per round; a
suite sharing worlds with the training suites is refused, naming them. And the learner as the
loop's shipped --train hook."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen as cli
from tests.conftest import ROOT
from tests.suites import compiled
from worldgen.errors import WorldgenError
from worldgen.flywheel.heldout import refuse_shared
from worldgen.flywheel.loop import LoopSettings, loop
from worldgen.flywheel.solver_paths import playable, recorded
from worldgen.learner.model import load
from worldgen.rollouts import records
from worldgen.rollouts.sources import open_entries


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("heldout") / "library"
    folder.mkdir()
    shutil.copy(ROOT / "scaffolds" / "ice.wg", folder / "ice.wg")
    shutil.copy(ROOT / "content_packs" / "ice" / "example.json", folder / "ice.json")
    return folder


@pytest.fixture(scope="module")
def run(library: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two rounds on ice seeds 0:6 with the learner as trainer, ice seeds 50:56 held out."""
    root = tmp_path_factory.mktemp("heldout-run")
    held = compiled(root / "held", "ice", range(50, 56))
    train = (sys.executable, "-m", "worldgen.learner.hook", "--episodes", "300")
    loop(library, root / "run", LoopSettings("random", rounds=2, proposals=1, seeds=range(6), episodes=2, train=train,
                                             eval_suite=held))
    return root / "run", held


def test_each_round_plays_the_held_out_suite_and_the_summary_charts_it(run: tuple[Path, Path]) -> None:
    out, held = run
    summary = json.loads((out / "summary.json").read_text())
    worlds = len(open_entries(held))
    for r in summary["rounds"]:
        played = records.read(out / f"round-{r['round']:02d}" / "eval.jsonl")[0]
        assert {e["policy"] for e in played} == {playable(r["solver"], out)}
        assert {e["world"] for e in played} == {e.id for e in open_entries(held)}
        wins = sum(e["success"] for e in played)
        assert r["eval"]["suite"] == str(held) and r["eval"]["worlds"] == worlds
        assert r["eval"]["success"]["count"] == wins and r["eval"]["success"]["of"] == 2 * worlds
        lo, hi = r["eval"]["success"]["interval"]
        assert lo <= r["eval"]["success"]["rate"] <= hi
    page = (out / "summary.html").read_text()
    assert f"Held-out suite: {held}" in page and "Held-out success per round" in page


def test_the_learner_hook_trains_the_next_rounds_solver(run: tuple[Path, Path]) -> None:
    out, _ = run
    summary = json.loads((out / "summary.json").read_text())
    first, second = summary["rounds"]
    policy = out / "round-00" / "learner.npz"
    assert first["solver"] == "random" and first["next_solver"] == second["solver"] == "learner:round-00/learner.npz"
    assert load(policy).episodes == 300 and load(out / "round-01" / "learner.npz").episodes == 600  # round 1 continued it
    assert "solver: learner:" in (out / "round-00" / "train.log").read_text()


def test_a_copied_run_plays_its_own_learner_files(library: Path, run: tuple[Path, Path], tmp_path: Path) -> None:
    """The solver was recorded as an absolute path into the run: a copy played the original's
    files, a moved run could not resume."""
    out, held = run
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    shutil.rmtree(copy / "round-01")  # round 1 is played again, in the copy
    train = (sys.executable, "-m", "worldgen.learner.hook", "--episodes", "300")
    loop(library, copy, LoopSettings("random", rounds=2, proposals=1, seeds=range(6), episodes=2, train=train,
                                     eval_suite=held))
    played = records.read(copy / "round-01" / "eval.jsonl")[0]
    assert {e["policy"] for e in played} == {f"learner:{(copy / 'round-00' / 'learner.npz').resolve()}"}
    assert json.loads((copy / "summary.json").read_text())["rounds"][1]["next_solver"] == "learner:round-01/learner.npz"


def test_solver_specs_are_recorded_relative_to_the_run_and_played_from_it(tmp_path: Path) -> None:
    inside = tmp_path / "run" / "round-00" / "learner.npz"
    assert recorded(f"learner:{inside}", tmp_path / "run") == "learner:round-00/learner.npz"
    assert playable("learner:round-00/learner.npz", tmp_path / "run") == f"learner:{inside.resolve()}"
    assert recorded("learner:/elsewhere/p.npz", tmp_path / "run") == "learner:/elsewhere/p.npz"
    assert recorded("random", tmp_path) == playable("random", tmp_path) == "random"


def test_a_held_out_suite_sharing_training_worlds_is_refused_naming_them(library: Path, run: tuple[Path, Path],
                                                                          tmp_path: Path) -> None:
    out, held = run
    trained = out / "round-00" / "suites" / "ice"
    done = cli("loop", "--library", str(library), "--solver", "random", "--rounds", "1", "-n", "1", "--seeds", "0:6",
               "-o", str(tmp_path / "run"), "--eval", str(trained))
    assert done.returncode == 1
    first = open_entries(trained)[0].id
    assert f"--eval: error: {trained} shares {len(open_entries(trained))} world(s) with round 0's training suites: {first}" in done.stderr
    assert "make one with `worldgen split`" in done.stderr
    assert not (tmp_path / "run" / "round-00" / "round.json").exists()


def test_worlds_are_compared_by_content_not_by_id(run: tuple[Path, Path]) -> None:
    out, held = run
    trained = open_entries(out / "round-00" / "suites" / "ice")
    renamed = [type(e)(f"renamed-{e.id}", e.world, e.stored_report, e.provenance) for e in trained[:2]]
    with pytest.raises(WorldgenError, match=rf"renamed-{trained[0].id} \(= {trained[0].id}\)"):
        refuse_shared(renamed + open_entries(held), trained, held, 3)
    refuse_shared(open_entries(held), trained, held, 0)  # disjoint seeds: nothing shared, nothing raised


def test_the_cli_prints_held_out_success_per_round(library: Path, run: tuple[Path, Path]) -> None:
    out, held = run  # done rounds are read back, so this prints the run's summary without playing again
    done = cli("loop", "--library", str(library), "--solver", "random", "--rounds", "2", "-n", "1", "--seeds", "0:6",
               "-o", str(out), "--eval", str(held))
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    for r, line in zip(summary["rounds"], done.stdout.splitlines()):
        s = r["eval"]["success"]
        lo, hi = s["interval"]
        assert line.endswith(f"; held out: {100 * s['rate']:.1f}% ({s['count']}/{s['of']}) [{100 * lo:.1f}..{100 * hi:.1f}]")
