"""REINFORCE with a baseline: play an episode by sampling the softmax policy, then move every
step's log-probability of the command played along the episode's advantage.

The advantage is the episode's return minus a running mean of returns on the same world (the
baseline), so a world that always pays teaches nothing and a lucky win on a hard world teaches
much. Episode ``k`` plays world ``k mod n`` of the suite (shuffled once by the seed) with episode
seed ``seed + k``, and every command is drawn from a generator keyed by the seed: the same suite,
seed and episodes give the same weights. A world whose suite has step tables is played from them
(``compile --tables``: the same episodes and weights, 1.25-1.4x the episodes per second on
small worlds: ``bench/bench_learner.py --tables``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from worldgen.learner.features import Featurizer
from worldgen.learner.model import Model
from worldgen.rollouts.policies.random import WAIT
from worldgen.rollouts.runtimes import open_env
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.seeding import rng
from worldgen.tables.step import TableEnv


@dataclass(frozen=True)
class Settings:
    episodes: int = 1000
    seed: int = 0
    rate: float = 0.5  # step size on unit-length features
    baseline_decay: float = 0.9  # weight of the old baseline in each world's running mean


@dataclass
class Progress:
    """What training saw: per episode, its return and whether it won (for the CLI's summary)."""

    returns: list[float] = field(default_factory=list)
    wins: list[bool] = field(default_factory=list)


def play(model: Model, featurize: Featurizer, env: Env | TableEnv, seed: int,
         chooser: np.random.Generator) -> tuple[float, bool, list[tuple[np.ndarray, np.ndarray]]]:
    """One episode sampled from the policy: (return, success, per step: its feature indices and the
    gradient of log p(command played) on each)."""
    obs, info = env.reset(seed=seed)
    total, steps, success, over = 0.0, [], bool(info["success"]), bool(info["success"])
    while not over:
        commands = info["admissible"] or [WAIT]
        k, p, features = model.choose(featurize, obs, commands, chooser)
        coef = -p  # d log p_k / d score_j = [j == k] - p_j, spread over command j's unit-length features
        coef[k] += 1.0
        sizes = [f.size for f in features]
        steps.append((np.concatenate(features), (coef / np.sqrt(sizes)).repeat(sizes)))
        obs, reward, terminated, truncated, info = env.step(commands[k])
        total += reward
        success = bool(info["success"])
        over = terminated or truncated
    return total, success, steps


def train(model: Model, entries: list[Entry], settings: Settings, advance: Callable[[float, bool], None] = lambda r, w: None) -> Progress:
    """Train ``model`` in place for ``settings.episodes`` episodes over ``entries``."""
    order = rng(settings.seed, "learner/order").permutation(len(entries))
    chooser = rng(settings.seed, "learner/choose")
    envs: dict[int, Env | TableEnv] = {}
    featurize = model.featurizer()
    baseline: dict[int, float] = {}
    done = Progress()
    for k in range(settings.episodes):
        i = int(order[k % len(entries)])
        env = envs.get(i)
        if env is None:
            env = envs[i] = open_env(entries[i])[0]
        total, success, steps = play(model, featurize, env, settings.seed + k, chooser)
        advantage = total - baseline.get(i, 0.0)
        baseline[i] = settings.baseline_decay * baseline.get(i, total) + (1 - settings.baseline_decay) * total
        if steps and advantage:
            idx = np.concatenate([s[0] for s in steps])
            grad = np.concatenate([s[1] for s in steps])
            np.add.at(model.weights, idx, settings.rate * advantage * grad)
        model.episodes += 1
        done.returns.append(total)
        done.wins.append(success)
        advance(total, success)
    for env in envs.values():
        env.close()
    return done
