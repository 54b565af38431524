"""The built-in CPU learner: it learns (beats random on the worlds it trained on), it is seeded
and deterministic, it continues from --init, and a file of another version is refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import numpy as np
import pytest

from tests.cli.test_check_and_play import worldgen as cli
from tests.suites import compiled, with_tables
from worldgen.errors import WorldgenError
from worldgen.learner.model import Model, draw, load
from worldgen.learner.train import Settings, train
from worldgen.rollouts import records
from worldgen.rollouts.policies import check_spec, make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries
from worldgen.tables.step import TableEnv


@pytest.fixture(scope="module")
def ice(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ice (a slippery grid): random play wins about half its episodes, so there is room to learn."""
    return compiled(tmp_path_factory.mktemp("learner") / "ice", "ice", range(10))


def _success(suite: Path, spec: str, out: Path) -> float:
    asyncio.run(run(open_entries(suite), make_policy(spec), out, episodes=10))
    episodes = records.read(out)[0]
    return sum(e["success"] for e in episodes) / len(episodes)


def test_after_training_it_beats_random_on_the_worlds_it_trained_on(ice: Path, tmp_path: Path) -> None:
    done = cli("learn", str(ice), "-o", str(tmp_path / "ice.npz"), "--episodes", "1500", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{tmp_path / 'ice.npz'}: 1500 episodes over {len(open_entries(ice))} worlds in ")
    learner = _success(ice, f"learner:{tmp_path / 'ice.npz'}", tmp_path / "learner.jsonl")
    random = _success(ice, "random", tmp_path / "random.jsonl")
    assert learner >= random + 0.25, (learner, random)


def test_training_is_seeded_and_deterministic(ice: Path) -> None:
    entries = open_entries(ice)
    a, b, c = Model.new(), Model.new(), Model.new()
    first = train(a, entries, Settings(episodes=200, seed=5))
    assert train(b, entries, Settings(episodes=200, seed=5)).returns == first.returns
    assert np.array_equal(a.weights, b.weights) and a.weights.any()
    train(c, entries, Settings(episodes=200, seed=6))
    assert not np.array_equal(a.weights, c.weights)


def test_a_suite_with_step_tables_trains_from_them_to_the_same_weights(ice: Path, tmp_path: Path) -> None:
    tabled = open_entries(with_tables(ice, tmp_path / "tabled"))
    on_rules, on_tables = Model.new(), Model.new()
    assert train(on_tables, tabled, Settings(episodes=150, seed=2)).returns == \
        train(on_rules, open_entries(ice), Settings(episodes=150, seed=2)).returns
    assert np.array_equal(on_rules.weights, on_tables.weights) and on_tables.weights.any()
    assert all(len(e.idle_envs) == 1 and isinstance(e.idle_envs[0], TableEnv) for e in tabled)  # each world played from tables


def test_a_draw_is_numpys_choice_from_the_same_generator() -> None:
    ours, numpys, shapes = np.random.default_rng(7), np.random.default_rng(7), np.random.default_rng(0)
    cases = [np.array([1.0]), np.array([0.0, 1.0, 0.0]), np.array([1e-300, 1 - 1e-16, 1e-17])]
    cases += [shapes.dirichlet(np.full(n, shapes.uniform(0.05, 3))) for n in shapes.integers(1, 16, size=3000)]
    for p in cases:
        assert draw(ours, p) == numpys.choice(len(p), p=p)


def test_init_continues_from_a_trained_file(ice: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    assert cli("learn", str(ice), "-o", str(first), "--episodes", "50").returncode == 0
    done = cli("learn", str(ice), "-o", str(second), "--episodes", "30", "--init", str(first))
    assert done.returncode == 0, done.stderr
    assert "80 episodes trained in all" in done.stdout
    assert load(second).episodes == 80 and not np.array_equal(load(first).weights, load(second).weights)


def test_rollouts_of_the_learner_are_reproducible(ice: Path, tmp_path: Path) -> None:
    model = Model.new()
    train(model, open_entries(ice), Settings(episodes=100))
    model.save(tmp_path / "p.npz")
    for name in ("one.jsonl", "two.jsonl"):
        asyncio.run(run(open_entries(ice), make_policy(f"learner:{tmp_path / 'p.npz'}"), tmp_path / name, episodes=2))
    strip = [[{k: v for k, v in e.items() if k != "timing"} for e in records.read(tmp_path / n)[0]] for n in ("one.jsonl", "two.jsonl")]
    assert strip[0] == strip[1]
    assert strip[0][0]["policy"] == f"learner:{tmp_path / 'p.npz'}"


def test_a_learner_file_of_another_version_is_refused(ice: Path, tmp_path: Path) -> None:
    old = tmp_path / "old.npz"
    np.savez(old, format=np.array("worldgen.learner/0"), weights=np.zeros(8), episodes=np.array(0))
    with pytest.raises(WorldgenError, match=r"a learner file of format 'worldgen.learner/0'; this worldgen reads "
                                            r"'worldgen.learner/1': train it again with `worldgen learn"):
        load(old)
    done = cli("rollout", str(ice), "--policy", f"learner:{old}", "-o", str(tmp_path / "e.jsonl"))
    assert done.returncode == 1 and "a learner file of format 'worldgen.learner/0'" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "e.jsonl").exists()
    (tmp_path / "text.npz").write_text("not a zip")
    with pytest.raises(WorldgenError, match=r"not a learner file \(worldgen learn writes them\): not a NumPy .npz archive$"):
        load(tmp_path / "text.npz")  # numpy's own words would be about unpickling it "unsafely"
    with pytest.raises(WorldgenError, match="no such learner file"):
        load(tmp_path / "missing.npz")
    done = cli("learn", str(ice), "-o", str(tmp_path / "new.npz"), "--init", str(old))
    assert done.returncode == 1 and not (tmp_path / "new.npz").exists()


def test_the_policy_spec_names_a_file() -> None:
    assert check_spec("learner:runs/p.npz") == "learner:runs/p.npz"
    with pytest.raises(ValueError, match="learner:POLICY.npz"):
        check_spec("learner:")


def test_resuming_a_rollout_with_the_learner_trained_further_is_refused(ice: Path, tmp_path: Path) -> None:
    """The file keeps its name as it trains: episodes of the old weights and the new ones would
    be pooled under one policy name, so the resumed run stops and says why."""
    policy = tmp_path / "p.npz"
    assert cli("learn", str(ice), "-o", str(policy), "--episodes", "20").returncode == 0
    out = tmp_path / "r.jsonl"
    assert cli("rollout", str(ice), "--policy", f"learner:{policy}", "--episodes", "1", "-o", str(out)).returncode == 0
    weights = {json.loads(line)["policy_weights"] for line in out.read_text().splitlines()}
    assert len(weights) == 1 and len(next(iter(weights))) == 16
    assert cli("learn", str(ice), "-o", str(policy), "--episodes", "20", "--init", str(policy)).returncode == 0
    before = out.read_bytes()
    done = cli("rollout", str(ice), "--policy", f"learner:{policy}", "--episodes", "2", "-o", str(out))
    assert done.returncode == 1 and "played with other weights" in done.stderr and out.read_bytes() == before


def test_a_suite_given_twice_is_refused_as_split_refuses_it(ice: Path, tmp_path: Path) -> None:
    """`learn S S` trained on every world twice over, silently (split refused the same input)."""
    learned = cli("learn", str(ice), str(ice), "-o", str(tmp_path / "p.npz"), "--episodes", "10")
    assert learned.returncode == 2 and "is in more than one of the suites given" in learned.stderr
    split = cli("split", str(ice), str(ice), "--test", "content=0.5", "-o", str(tmp_path / "s"))
    assert split.returncode == 2 and "give each suite once" in split.stderr  # a usage error, as its others
    assert not (tmp_path / "p.npz").exists()
