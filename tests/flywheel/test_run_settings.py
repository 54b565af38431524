"""A loop run records the options its results depend on: resuming it with others is refused, naming
them, while more rounds, other jobs or a fixed trainer resume it."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tests.flywheel.fixtures import SEEDS, SOLVER
from worldgen.errors import WorldgenError
from worldgen.flywheel.loop import LoopSettings, loop
from worldgen.flywheel.run_settings import FILE


def test_a_run_resumed_with_other_settings_is_refused_and_left_as_it_was(library: Path, first_round: Path,
                                                                         tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(first_round, run)
    settings = LoopSettings(SOLVER, rounds=1, proposals=2, seeds=SEEDS)
    loop(library, run, settings)
    recorded = json.loads((run / FILE).read_text())
    assert recorded["seeds"] == f"{SEEDS.start}:{SEEDS.stop}" and recorded["solver"] == SOLVER
    before = sorted(p.relative_to(run) for p in run.rglob("*"))
    other = replace(settings, seeds=range(SEEDS.start, SEEDS.stop + 2), solver="random")
    with pytest.raises(WorldgenError, match=rf"a loop run with other settings \(solver was \"{SOLVER}\", now "
                                            r"\"random\"; seeds was .*\); resume it with the same options"):
        loop(library, run, other)
    assert sorted(p.relative_to(run) for p in run.rglob("*")) == before
    loop(library, run, replace(settings, jobs=2))  # what does not change the results may differ


def test_a_setting_a_run_did_not_record_yet_takes_the_one_given_now(tmp_path: Path) -> None:
    """A run recorded before `evaluations` was a setting resumes; what it did record still counts."""
    from worldgen.flywheel.run_settings import keep_or_refuse

    (tmp_path / FILE).write_text(json.dumps({"seeds": "0:10"}))
    keep_or_refuse(tmp_path, {"seeds": "0:10", "evaluations": 4}, "propose")
    with pytest.raises(WorldgenError, match=r"seeds was \"0:10\", now \"0:5\""):
        keep_or_refuse(tmp_path, {"seeds": "0:5", "evaluations": 4}, "propose")


def test_fewer_rounds_than_a_run_finished_is_refused_and_changes_nothing(library: Path, tmp_path: Path) -> None:
    """`--rounds 2` after 3 rounds wrote a 2-round summary beside round-02/ on disk."""
    run = tmp_path / "run"
    for r in range(3):
        (run / f"round-{r:02d}").mkdir(parents=True)
        (run / f"round-{r:02d}" / "round.json").write_text("{}")
    with pytest.raises(WorldgenError, match=r"the run has 3 finished rounds; --rounds 2 would leave the last 1 out of "
                                            r"its summary: ask for 3 or more"):
        loop(library, run, LoopSettings(SOLVER, rounds=2, proposals=2, seeds=SEEDS))
    assert sorted(p.name for p in run.iterdir()) == ["round-00", "round-01", "round-02"]
