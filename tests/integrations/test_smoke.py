"""`smoke_trl` and `worldgen smoke trl`: one real GRPOTrainer step of TRL on CPU, rollouts played
through WorldgenEnv by generation scripted from the oracle's walkthroughs."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

pytest.importorskip("trl")

from worldgen.agent import Episode  # noqa: E402
from worldgen.cli.main import main  # noqa: E402
from worldgen.integrations import smoke  # noqa: E402
from worldgen.integrations.trl import WorldgenEnv  # noqa: E402


@pytest.fixture(scope="module")
def run(vault_suite: Path) -> smoke.SmokeRun:
    return smoke.smoke_trl(vault_suite, seeds=range(2))


def test_a_grpo_step_plays_each_rollout_through_the_environment(run: smoke.SmokeRun, vault_suite: Path) -> None:
    assert (run.rollouts, run.worlds) == (4, 3) and len(run.environments) == 4
    walkthroughs = smoke.oracle_walkthroughs(vault_suite)
    for env in run.environments:
        assert isinstance(env, WorldgenEnv)
        plain = Episode(env.episode.world, env.episode.seed)
        for command in walkthroughs[env.episode.world.id]:
            plain.act(command)
        assert env.episode.success and env.episode.commands == plain.commands
        assert env.get_reward() == plain.total_return


def test_the_reward_is_the_return_alone_and_success_is_logged_beside_it(run: smoke.SmokeRun) -> None:
    returns = sum(env.get_reward() for env in run.environments) / 4
    assert run.metrics["rewards/world_success/mean"] == 1.0
    assert run.metrics["rewards/WorldgenEnv/mean"] == pytest.approx(returns)
    assert run.metrics["reward"] == pytest.approx(returns)  # weight 0: the goal is not paid a second time
    assert run.metrics["tools/failure_frequency"] == 0.0


def test_the_command_prints_one_line_of_what_trl_logged(run: smoke.SmokeRun, vault_suite: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    asked = []
    monkeypatch.setattr(smoke, "smoke_trl", lambda suite, seeds, steps: asked.append((suite, seeds, steps)) or run)
    assert main(["smoke", "trl", str(vault_suite), "--seeds", "0:2"]) == 0
    assert asked == [(str(vault_suite), range(0, 2), 1)]
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("trl: 1 GRPO step, 4 rollouts over 3 worlds in ")
    assert f"reward {run.metrics['reward']:.3f} (the world's return), success 1.00 (logged, weight 0), tool failures 0.00" in line


def test_the_command_exits_1_when_a_rollout_missed_its_goal(run: smoke.SmokeRun, vault_suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missed = dataclasses.replace(run, metrics={**run.metrics, "rewards/world_success/mean": 0.75})
    monkeypatch.setattr(smoke, "smoke_trl", lambda suite, seeds, steps: missed)
    assert main(["smoke", "trl", str(vault_suite)]) == 1


def test_without_trl_the_command_says_what_to_install(vault_suite: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(__import__("sys").modules, "trl", None)  # what `import trl` meets where it is not installed
    assert main(["smoke", "trl", str(vault_suite)]) == 2
    assert capsys.readouterr().err.strip() == smoke.INSTALL_HINT
