"""Thousands of episodes stepped at once from their worlds' tables, with numpy.

Env ``i`` of a batch plays ``worlds[i % len(worlds)]`` (one suite, mixed scaffolds allowed) and
traces exactly what ``Env(world)`` traces when reset with the env's seed and then reset without
one at each end, so its chance stream runs on from episode to episode as Env's does. Commands are
ids into the world's command table (``Env.commands``); an id the world does not admit in its
state, or does not have at all (-1, or past its commands), is refused exactly as Env refuses an
invalid command: the turn counts, the step costs the per-step reward, the state stays.

Resets are automatic and follow Gymnasium's next-step convention: the step after an episode ends
resets that env (its command is ignored) and returns the reset observation, reward 0 and no end.
In the step an episode ends, its admissible row is all False, as Env's admissible list is empty
then.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.tables.batch_texts import BatchTexts
from worldgen.tables.build import Tables
from worldgen.tables.draws import Draws
from worldgen.tables.joined import join
from worldgen.tables.step import TableEnv

Observations = np.ndarray | None  # an object array of str per env, or None without texts
StepResult = tuple[Observations, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class Batch:
    """``num_envs`` envs over ``worlds`` (each with its tables). ``texts``: also return each env's
    text observation (rendered once per state and command, then read by id)."""

    def __init__(self, worlds: Sequence[World], tables: Sequence[Tables], num_envs: int, texts: bool = False):
        if not worlds or len(worlds) != len(tables):
            raise WorldgenError("a batch needs at least one world, each with its tables")
        if num_envs < 1:
            raise WorldgenError(f"a batch needs at least one env, not {num_envs}")
        self.worlds = list(worlds)
        self.num_envs = n = num_envs
        self._envs = [TableEnv(w, t) for w, t in zip(worlds, tables)]  # each world's rules: texts, pay-once
        self._j = j = join(tables)
        self.world = np.arange(n, dtype=np.int64) % len(worlds)  # the world each env plays
        self._start = j.state_start[self.world]
        self._commands = j.commands[self.world]
        self._horizon = np.array([e.horizon for e in self._envs], dtype=np.int64)[self.world]
        self._per_step = np.array([e.rules.per_step for e in self._envs], dtype=np.float64)[self.world]
        self._paying = any(e.rules.when_amounts for e in self._envs)
        self._texts = BatchTexts(j, self._envs) if texts else None
        self._draws = Draws(n)
        self._draws.seed(range(n), [self.worlds[w] for w in self.world.tolist()], [None] * n)
        self._s = self._start.copy()  # each env's state (global id)
        self._t = np.zeros(n, dtype=np.int64)
        self._acc = j.when[self._s]  # pay-once conditions met this episode
        self._over = np.ones(n, dtype=bool)  # ended: the next step resets it

    @property
    def max_commands(self) -> int:
        """The width of the admissible masks and of the command ids: the widest world's commands."""
        return int(self._j.edge.shape[1])

    def commands(self, env: int) -> list[str]:
        """Env ``env``'s world's commands: id ``b`` is ``commands(env)[b]``."""
        return self._envs[int(self.world[env])].commands

    # ------------------------------------------------------------------------- episodes
    def reset(self, seed: int | Sequence[int | None] | None = None) -> tuple[Observations, np.ndarray]:
        """Start every env's episode. ``seed``: an int seeds env ``i`` with ``seed + i`` (as
        Gymnasium's vector envs do), a list seeds each env, None continues each env's stream."""
        n = self.num_envs
        seeds = [seed + i for i in range(n)] if isinstance(seed, int) else [None] * n if seed is None else list(seed)
        if len(seeds) != n:
            raise WorldgenError(f"reset got {len(seeds)} seeds for {n} envs")
        chosen = [i for i, s in enumerate(seeds) if s is not None]
        self._draws.seed(chosen, [self.worlds[int(self.world[i])] for i in chosen], [seeds[i] for i in chosen])
        self._s = self._start.copy()
        self._t[:] = 0
        self._acc = self._j.when[self._s]
        self._over = self._j.ends[self._s]
        texts = None if self._texts is None else self._texts.of(self._texts.opening[self.world])
        return texts, self._masks()

    def step(self, commands: np.ndarray | Sequence[int]) -> StepResult:
        """Step every env with its command id: (observations, rewards, terminated, truncated,
        admissible masks [num_envs x max_commands])."""
        j, s = self._j, self._s
        a = np.asarray(commands, dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise WorldgenError(f"step takes one command id per env ({self.num_envs}), got shape {a.shape}")
        fresh = self._over
        live = ~fresh
        known = live & (a >= 0) & (a < self._commands)
        e = np.where(known, j.edge[s, np.where(known, a, 0)], -1)
        ok = np.flatnonzero(e >= 0)
        eo = e[ok]
        reward = self._per_step.copy()
        reward[ok] = j.gain[eo]
        r = j.root[eo]
        chance = np.flatnonzero(r >= 0)
        if len(chance):
            r[chance] = self._walk(ok[chance], r[chance])
        tr = -1 - r
        new = s.copy()
        new[ok] = j.dst[tr]
        t = self._t + live
        if self._paying:
            self._pay_once(new, reward)
        terminated = j.ends[new]
        truncated = ~terminated & (t >= self._horizon)
        over = terminated | truncated
        texts = None
        if self._texts is not None:
            refused = np.flatnonzero(live & (e < 0))
            column = np.where(known, a, j.edge.shape[1])[refused]
            ids = np.empty(self.num_envs, dtype=np.int64)
            ids[ok] = self._texts.said(tr)
            ids[refused] = self._texts.refused(self.world[refused], s[refused], column)
        f = np.flatnonzero(fresh)
        if len(f):
            start = self._start[f]
            new[f], t[f], reward[f], terminated[f], truncated[f] = start, 0, 0.0, False, False
            self._acc[f] = j.when[start]
            over[f] = j.ends[start]
            if self._texts is not None:
                ids[f] = self._texts.opening[self.world[f]]
        if self._texts is not None:
            texts = self._texts.of(ids)
        self._s, self._t, self._over = new, t, over
        return texts, reward, terminated, truncated, self._masks()

    def success(self) -> np.ndarray:
        """Per env: is it in a goal state (Env's ``info["success"]``)."""
        return self._j.done[self._s]

    # ------------------------------------------------------------------------- inside a step
    def _masks(self) -> np.ndarray:
        return self._j.admissible[np.where(self._over, self._j.over, self._s)]

    def _walk(self, envs: np.ndarray, node: np.ndarray) -> np.ndarray:
        """Each env's chance tree walked from ``node`` with its own draws, to its leaf."""
        j = self._j
        leaf = np.empty(len(envs), dtype=np.int32)
        pending = np.arange(len(envs))
        while len(pending):
            go = self._draws.take(envs[pending]) < j.node_p[node]
            node = np.where(go, j.node_yes[node], j.node_no[node])
            at_leaf = node < 0
            leaf[pending[at_leaf]] = node[at_leaf]
            pending, node = pending[~at_leaf], node[~at_leaf]
        return leaf

    def _pay_once(self, new: np.ndarray, reward: np.ndarray) -> None:
        """Add the `reward R when C` amounts met for the first time this episode (few per episode:
        one loop over the envs that met one)."""
        newly = self._j.when[new] & ~self._acc
        for i in np.flatnonzero(newly).tolist():
            w = int(self.world[i])
            paid, _ = self._envs[w].pay_once(int(newly[i]), int(new[i] - self._j.state_start[w]))
            reward[i] += paid
        self._acc |= newly
