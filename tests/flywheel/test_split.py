"""`worldgen split`: held-out worlds by scaffold, axis value, param range and content record; the
split recorded in both sides; every side a suite every command loads; refusals that write nothing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import gymnasium as gym
import pytest

import worldgen
from tests.cli.test_check_and_play import worldgen as cli
from tests.conftest import ROOT, example_record
from tests.suites import compiled, with_tables
from worldgen.adapters import SUITE_ENV_ID
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.errors import UsageError
from worldgen.flywheel.split import held_out_record, held_out_world, parse_test, read_split, split
from worldgen.report import build_report
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries
from worldgen.tables.paths import tables_path
from worldgen.verify import Bounds


@pytest.fixture(scope="module")
def suites(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """vault (axes layout, observation...; params rooms, keys) and jugs, 8 worlds each."""
    root = tmp_path_factory.mktemp("split-suites")
    return compiled(root / "vault", "vault", range(8)), compiled(root / "jugs", "jugs", range(8))


def _tests(*texts: str) -> list:
    return [parse_test(t) for t in texts]


def test_a_world_is_held_out_when_it_matches_any_spec(suites: tuple[Path, Path], tmp_path: Path) -> None:
    vault, jugs = suites
    record = split([vault, jugs], _tests("scaffold=jugs", "layout=ring", "param:keys=3:9"), tmp_path / "out")
    worlds = {e.id: e.world for s in suites for e in open_entries(s)}
    expected_test = {i for i, w in worlds.items()
                     if w.scaffold.name == "jugs" or w.axes.get("layout") == "ring" or w.params.get("keys", 0) >= 3}
    assert set(record["worlds"]["test"]) == expected_test
    assert set(record["worlds"]["train"]) == set(worlds) - expected_test
    assert 0 < len(expected_test) < len(worlds)
    for world_id, specs in record["held_out_by"].items():
        w = worlds[world_id]
        assert ("scaffold=jugs" in specs) == (w.scaffold.name == "jugs")
        assert ("layout=ring" in specs) == (w.axes.get("layout") == "ring")


def test_both_sides_are_suites_with_the_artifacts_bytes_and_the_split_recorded(suites: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    record = split(list(suites), _tests("scaffold=jugs"), out)
    for side in ("train", "test"):
        entries = open_entries(out / side)  # checks every artifact against its index's sha256
        assert [e.id for e in entries] == record["worlds"][side]
        assert read_split(out / side)["side"] == side
        for e in entries:
            source = next(s for s in suites if (s / "worlds" / f"{e.id}.json").is_file())
            assert (out / side / "worlds" / f"{e.id}.json").read_bytes() == (source / "worlds" / f"{e.id}.json").read_bytes()
    assert [e.id for e in open_entries(out)] == record["worlds"]["train"] + record["worlds"]["test"]
    assert read_split(out)["side"] == "both"
    assert {e.world.scaffold.name for e in open_entries(out / "test")} == {"jugs"}


def test_step_tables_go_with_their_worlds_so_both_sides_batch(suites: tuple[Path, Path], tmp_path: Path) -> None:
    vault, jugs = suites
    out = tmp_path / "out"
    split([with_tables(vault, tmp_path / "vault"), jugs], _tests("scaffold=jugs"), out)
    for side, has in (("train", True), ("test", False)):  # jugs was compiled without tables
        for e in open_entries(out / side):
            copied = tables_path(out / side / "worlds" / f"{e.id}.json")
            assert copied.is_file() == has
            if has:
                assert copied.read_bytes() == tables_path(tmp_path / "vault" / "worlds" / f"{e.id}.json").read_bytes()
    envs = gym.make_vec(SUITE_ENV_ID, num_envs=2, vectorization_mode="vector_entry_point", suite=str(out / "train"))
    _, infos = envs.reset(seed=0)  # the train side runs batched, from its tables
    assert infos["action_mask"].shape[0] == 2


def test_content_records_are_held_out_by_a_seeded_hash_of_their_id(tmp_path: Path) -> None:
    records = tuple((f"r{i}", example_record("vault")) for i in range(6))
    suite = tmp_path / "vault"
    compile_suite(Spec(worldgen.load(ROOT / "scaffolds" / "vault.wg").ir, records, {}, Bounds(), 5), range(12), suite, LocalExecutor(1))
    record = split([suite], _tests("content=0.5"), tmp_path / "out", seed=3)
    by_record = {e.id: e.provenance.record_id for e in open_entries(suite)}
    held = {r for r, _ in records if held_out_record(r, 0.5, 3)}
    assert {i for i, r in by_record.items() if r in held} == set(record["worlds"]["test"])
    shares = [sum(held_out_record(f"record-{i}", f, 0) for i in range(2000)) / 2000 for f in (0.1, 0.5)]
    assert abs(shares[0] - 0.1) < 0.03 and abs(shares[1] - 0.5) < 0.04
    assert held_out_record("r1", 0.5, 3) == held_out_record("r1", 0.5, 3)


def test_a_split_that_leaves_a_side_empty_writes_nothing(suites: tuple[Path, Path], tmp_path: Path) -> None:
    done = cli("split", str(suites[0]), "--test", "scaffold=vault", "-o", str(tmp_path / "out"))
    assert done.returncode == 2
    assert "the train side would be empty: all 8 worlds are held out by --test scaffold=vault; nothing was written" in done.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / "out.partial").exists()
    assert not held_out_record("example", 0.01, 0)  # every world's record: none is held out
    with pytest.raises(UsageError, match=r"the test side would be empty: .* \(content=FRACTION holds out whole content "
                                         "records, and the worlds share 1: world=FRACTION holds out worlds"):
        split([suites[0]], _tests("content=0.01"), tmp_path / "out")


def test_worlds_that_share_their_content_are_held_out_one_by_one(suites: tuple[Path, Path], tmp_path: Path) -> None:
    record = split([suites[0]], _tests("world=0.5"), tmp_path / "out", seed=1)
    held = {w for w in record["held_out_by"]}
    assert held == {e.id for e in open_entries(suites[0]) if held_out_world(e.id, 0.5, 1)}
    assert 0 < len(held) < 8 and record["worlds"]["test"] and record["worlds"]["train"]


def test_a_spec_that_matches_nothing_names_what_the_suites_hold(suites: tuple[Path, Path], tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"--test layout=circle matches no world; axis layout takes grid, ring, tree"):
        split([suites[0]], _tests("layout=circle"), tmp_path / "out")
    with pytest.raises(UsageError, match=r"no world has an axis 'colour' \(axes: feedback, interface, layout, observation\)"):
        split([suites[0]], _tests("colour=red"), tmp_path / "out")


@pytest.mark.parametrize("spec, message", [
    ("layout", "expected scaffold=NAME, AXIS=VALUE, param:NAME=LO:HI, content=FRACTION or world=FRACTION"),
    ("world=0", "world=FRACTION holds out that share of worlds, 0 < FRACTION < 1"),
    ("param:keys=5:2", "need param:NAME=LO:HI with LO <= HI"),
    ("param:keys=a:b", "a param range is LO:HI in whole numbers"),
    ("content=1.5", "0 < FRACTION < 1"),
])
def test_a_malformed_spec_is_a_usage_error(spec: str, message: str, suites: tuple[Path, Path], tmp_path: Path) -> None:
    done = cli("split", str(suites[0]), "--test", spec, "-o", str(tmp_path / "out"))
    assert done.returncode == 2 and message in done.stderr


def test_an_existing_folder_is_not_overwritten(suites: tuple[Path, Path], tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("mine")
    with pytest.raises(UsageError, match="already exists and is not empty"):
        split([suites[0]], _tests("layout=ring"), tmp_path / "out")
    assert (tmp_path / "out" / "keep.txt").read_text() == "mine"


def test_the_cli_splits_and_the_sides_roll_out_and_report(suites: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = cli("split", *map(str, suites), "--test", "scaffold=jugs", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{out}: 8 worlds in train/, 8 worlds held out in test/\n"
    rollouts = tmp_path / "oracle.jsonl"
    asyncio.run(run(open_entries(out), make_policy("oracle"), rollouts))
    report = build_report(out, [str(rollouts)], measure=False)
    assert report["warnings"] == []
    assert report["generalisation"]["worlds"] == {"train": 8, "test": 8}
    assert cli("verify", str(out / "test")).returncode == 0
    explained = cli("explain", str(out / "test"))
    assert explained.returncode == 1 and "a suite written by `worldgen split`: its worlds' failed draws are in the suites" in explained.stderr
    side = json.loads(cli("report", str(out / "test"), "--rollouts", str(rollouts), "--json").stdout)
    assert side["generalisation"]["side"] == "test"
    assert side["generalisation"]["policies"]["oracle"]["in_distribution"]["episodes"] == 0
