"""The experiment's arms (worldgen/flywheel/experiment.py) on a tiny configuration: every arm trains
the learner with the same episodes per round, only the flywheel proposes, only task scaling has
more worlds, the held-out suite shares no world with any training suite, and the table has every
arm and every round."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import ROOT
from tests.suites import compiled
from worldgen.compiler.journal import MARKER
from worldgen.flywheel.experiment import ARMS, Design, experiment, held_out_seeds, table, training_seeds
from worldgen.flywheel.heldout import world_hash
from worldgen.learner import hook
from worldgen.learner.model import load
from worldgen.rollouts.sources import open_entries

TINY = Design(rounds=2, proposals=1, worlds=3, scale=2, train_episodes=60, held_out=2)


@pytest.fixture(scope="module")
def done(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    root = tmp_path_factory.mktemp("experiment")
    library = root / "library"
    library.mkdir()
    for name in ("ice", "vault"):
        shutil.copy(ROOT / "scaffolds" / f"{name}.wg", library / f"{name}.wg")
        shutil.copy(ROOT / "content_packs" / name / "example.json", library / f"{name}.json")
    return experiment(library, TINY, [0], root / "run"), root / "run" / "seed-0"


def test_every_arm_trains_the_same_episodes_each_round(done: tuple[dict, Path]) -> None:
    _, out = done
    for arm in ARMS:
        for r in range(TINY.rounds):
            assert load(out / arm / f"round-{r:02d}" / "learner.npz").episodes == TINY.train_episodes * (r + 1), arm


def test_only_the_flywheel_proposes_and_only_scaling_has_more_worlds(done: tuple[dict, Path]) -> None:
    results, out = done
    last = {arm: results["arms"][arm][0][-1]["trained_on"] for arm in ARMS}
    assert last["fixed"] == last["scaling"] == (2, 2)
    assert last["flywheel"][0] >= 2 and (out / "flywheel" / "round-00" / "proposals" / "summary.json").is_file()
    assert not list((out / "fixed" / "round-00" / "proposals").glob("*/"))  # nothing drafted, nothing compiled
    worlds = {arm: len(open_entries(out / arm / "round-00" / "suites" / "vault")) for arm in ARMS}
    assert worlds == {"flywheel": 3, "fixed": 3, "scaling": 6}
    assert training_seeds(TINY, 0, "scaling") == range(6) and training_seeds(TINY, 1, "fixed") == range(10_000, 10_003)


def test_the_held_out_suite_holds_every_scaffold_and_no_training_world(done: tuple[dict, Path]) -> None:
    _, out = done
    held = open_entries(out / "held-out" / "suite")
    assert {e.world.scaffold.name for e in held} == {"ice", "vault"}
    assert not set(held_out_seeds(TINY, 0)) & set(training_seeds(TINY, 0, "scaling"))
    suites = [i.parent for i in out.glob("*/round-*/**/index.jsonl") if not (i.parent / MARKER).exists()]  # not rejected ones
    trained = {world_hash(e) for suite in suites for e in open_entries(suite)}
    assert trained and not {world_hash(e) for e in held} & trained


def test_the_table_has_every_arm_and_every_round_and_round_0_is_the_same_untrained_policy(done: tuple[dict, Path]) -> None:
    results, _ = done
    lines = table(results).splitlines()
    assert lines[0] == "| arm | after 0 | after 1 | after 2 |"
    assert [line.split(" | ")[0] for line in lines[2:]] == [f"| {arm}" for arm in ARMS]
    firsts = {(s[0]["count"], s[0]["of"]) for arm in ARMS for s in results["arms"][arm]}
    assert len(firsts) == 1 and next(iter(firsts))[1] > 0
    for line in lines[2:]:
        assert line.count("%") == TINY.rounds + 1


def test_the_hooks_seed_changes_the_weights_and_only_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    suites = tmp_path / "suites"
    compiled(suites / "ice", "ice", range(3))
    monkeypatch.setenv("WORLDGEN_SUITES", str(suites))
    monkeypatch.setenv("WORLDGEN_SOLVER", "random")
    monkeypatch.setenv("WORLDGEN_ROUND", "0")
    weights = []
    for seed, folder in (("0", "a"), ("1", "b"), ("1", "c")):
        (tmp_path / folder).mkdir()
        monkeypatch.setenv("WORLDGEN_NEXT_SOLVER_FILE", str(tmp_path / folder / "next.txt"))
        assert hook.main(["--episodes", "40", "--seed", seed]) == 0
        weights.append(load(tmp_path / folder / "learner.npz").weights)
    assert not np.array_equal(weights[0], weights[1]) and np.array_equal(weights[1], weights[2])
