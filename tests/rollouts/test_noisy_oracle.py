"""noisy-oracle:P, a solver of fixed skill: the oracle's move with probability 1-P, a random one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rollouts.test_runner import rollout
from worldgen.errors import WorldgenError
from worldgen.rollouts.policies import check_spec, make_policy


def success(episodes: list[dict]) -> float:
    return sum(e["success"] for e in episodes) / len(episodes)


def test_its_skill_lies_between_random_and_the_oracle(ledger_suite: Path, tmp_path: Path) -> None:
    perfect = rollout(ledger_suite, "noisy-oracle:0", tmp_path / "p0.jsonl", episodes=4)
    noisy = rollout(ledger_suite, "noisy-oracle:0.5", tmp_path / "p5.jsonl", episodes=4)
    random = rollout(ledger_suite, "noisy-oracle:1", tmp_path / "p1.jsonl", episodes=4)
    assert success(perfect) == 1.0  # re-planned from every state, no noise: the oracle
    assert success(random) < success(noisy) < 1.0
    assert {e["policy"] for e in noisy} == {"noisy-oracle:0.5"}
    longer = [n["steps"] > p["steps"] for n, p in zip(noisy, perfect) if n["success"]]
    assert any(longer)  # random detours, then the plan from where it stands


def test_it_is_reproducible(ledger_suite: Path, tmp_path: Path) -> None:
    strip = lambda eps: [{k: v for k, v in e.items() if k != "timing"} for e in eps]  # noqa: E731
    a = rollout(ledger_suite, "noisy-oracle:0.3", tmp_path / "a.jsonl", concurrency=1)
    b = rollout(ledger_suite, "noisy-oracle:0.3", tmp_path / "b.jsonl", concurrency=3)
    assert strip(a) == strip(b)


@pytest.mark.parametrize("spec", ["noisy-oracle", "noisy-oracle:", "noisy-oracle:1.5", "noisy-oracle:-0.1",
                                  "noisy-oracle:nan", "noisy-oracle:lots"])
def test_its_noise_must_be_a_probability(spec: str) -> None:
    with pytest.raises(ValueError, match="noisy-oracle:P takes a probability P in 0..1"):
        check_spec(spec)
    with pytest.raises(WorldgenError):
        make_policy(spec)


def test_its_name_is_canonical() -> None:
    assert check_spec("noisy-oracle:0.30") == "noisy-oracle:0.3"
