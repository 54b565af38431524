"""Thousands of episodes stepped at once from their worlds' tables, with numpy.

Each episode of env ``i`` of a batch plays a world of ``worlds`` (one suite, mixed scaffolds
allowed) drawn as ``worldgen/Suite-v0`` draws it (runtime/picks.py: a counter-based hash of the
env's key, so a step works out every ending env's next world in one numpy expression), its chance
stream running on from episode to episode, and env ``i`` traces exactly what a Suite-v0 env over
the same worlds traces when reset with the env's seed and then reset without one at each end. Commands are
ids into the world's command table (``Env.commands``); an id the world does not admit in its
state, or does not have at all (-1, or past its commands), is refused exactly as Env refuses an
invalid command: the turn counts, the step costs the per-step reward, the state stays.

Resets are automatic and follow Gymnasium's next-step convention: the step after an episode ends
resets that env (its command is ignored) and returns the reset observation, reward 0 and no end.
In the step an episode ends in a terminal state, its admissible row is all False, as Env's
admissible list is empty then; one cut at its horizon keeps its state's row (a trainer
bootstraps from it).

An env of a terminal world types its command's line into its own shell (``batch_shell.py``):
commands may also be text there, any line; an id it does not have types an empty line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.env import MAX_SEED, episode_seed
from worldgen.runtime.picks import chance_seed, key_of, worlds_of
from worldgen.tables.batch_shell import ShellEnvs
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
        self._envs = [TableEnv(w, t) for w, t in zip(worlds, tables)]  # each world's rules: texts, live pay
        self._j = j = join(tables)
        # per world, read per env at each episode's start (``_begin``)
        self._w_horizon = np.array([e.horizon for e in self._envs], dtype=np.int64)
        self._w_per_step = np.array([e.rules.per_step for e in self._envs], dtype=np.float64)
        bits = max(len(e.rules.when_amounts) for e in self._envs)
        self._w_amounts = np.zeros((len(worlds), bits))
        for w, e in enumerate(self._envs):
            self._w_amounts[w, :len(e.rules.when_amounts)] = e.rules.when_amounts
        self._w_live = np.array([sum(1 << bit for bit, _, _ in e.rules.live) for e in self._envs], dtype=np.uint64)
        self.world = np.zeros(n, dtype=np.int64)  # the world each env plays this episode
        self._start = np.full(n, j.state_start[0])
        self._horizon, self._per_step = self._w_horizon[self.world], self._w_per_step[self.world]
        self._amounts = self._w_amounts[self.world].T.copy()  # [bit, env]: the fixed pay-once amounts
        self._live = self._w_live[self.world]
        self._key = np.zeros(n, dtype=np.uint64)  # each env's key and episodes since (runtime/picks.py)
        self._count = np.zeros(n, dtype=np.uint64)
        self._keyed = np.zeros(n, dtype=bool)
        self._texts = BatchTexts(j, self._envs) if texts else None
        self._draws = Draws(n, j.depth)
        self._s = self._start.copy()  # each env's state (global id)
        self._t = np.zeros(n, dtype=np.int64)
        self._acc = j.when.take(self._s)  # pay-once conditions met this episode
        self._over = np.ones(n, dtype=bool)  # ended: the next step resets it
        self._cut = np.zeros(n, dtype=bool)  # ended at the horizon: its state still admits what it did
        self.valid = np.ones(n, dtype=bool)  # the last step's command was valid (Env's info["valid"])
        self.exit_status = np.zeros(n, dtype=np.int64)  # its exit status (Env's info["exit_status"])
        self.stepped = np.zeros(n, dtype=bool)  # False where the last step reset the env (no command ran)
        terminal = any(w.scaffold.terminal is not None for w in self.worlds)
        self._shell = ShellEnvs(self.worlds, tables, self._draws, n) if terminal else None

    def _begin(self, envs: np.ndarray, seeds: Sequence[int | None] | None = None) -> None:
        """Envs ``envs`` start an episode in the world Suite-v0 would play (runtime/picks.py) and
        read their world's arrays. ``seeds``: a reset's seed per env of ``envs`` (None: an env
        keeps its key, drawn from fresh entropy the first time); a reset seeds each stream that
        starts afresh, for the world its first episode plays."""
        fresh: list[tuple[int, int | None]] = []
        if seeds is not None:
            for i, seed in zip(envs.tolist(), seeds):
                if seed is not None or not self._keyed[i]:
                    key = self._key[i] = key_of(np.random.default_rng(seed))  # as Gymnasium seeds np_random
                    self._count[i], self._keyed[i] = 0, True
                    fresh.append((i, seed if seed is not None else chance_seed(key)))
        if len(self.worlds) > 1:  # (one world: every episode plays it)
            w = worlds_of(self._key[envs], self._count[envs], len(self.worlds))
            self._count[envs] += np.uint64(1)
            self.world[envs] = w
            self._start[envs] = self._j.state_start[w]
            self._horizon[envs], self._per_step[envs], self._live[envs] = self._w_horizon[w], self._w_per_step[w], self._w_live[w]
            self._amounts[:, envs] = self._w_amounts[w].T
        else:
            w = self.world[envs]
        if fresh:
            self._draws.seed([i for i, _ in fresh], [self.worlds[self.world[i]] for i, _ in fresh], [s for _, s in fresh])
        if self._shell is not None:
            self._shell.begin(envs, w)

    @property
    def max_commands(self) -> int:
        """The width of the admissible masks and of the command ids: the widest world's commands."""
        return self._j.width

    @property
    def states(self) -> int:
        """How many states all the worlds have: ``state_ids`` lie in ``range(states)``."""
        return self._j.over

    @property
    def state_ids(self) -> np.ndarray:
        """Each env's state, numbered across the worlds (a tabular agent's observation)."""
        return self._s.copy()

    def commands(self, env: int) -> list[str]:
        """Env ``env``'s world's commands: id ``b`` is ``commands(env)[b]``."""
        return self._envs[int(self.world[env])].commands

    def command_ids(self, commands: Sequence[str | int]) -> np.ndarray:
        """One command per env, ids kept and text read as Env reads it (one the world does not
        know: -1, refused as Env refuses it)."""
        ids = [c if not isinstance(c, str) else self._envs[int(self.world[i])].parse(c)
               for i, c in enumerate(commands)]
        return np.array([-1 if b is None else b for b in ids], dtype=np.int64)

    @property
    def shell_envs(self) -> np.ndarray:
        """The envs that play terminal worlds (their commands are lines typed into their shells)."""
        return self._shell.envs.copy() if self._shell is not None else np.zeros(0, dtype=np.int64)

    # ------------------------------------------------------------------------- episodes
    def reset(self, seed: int | Sequence[int | None] | None = None) -> tuple[Observations, np.ndarray]:
        """Start every env's episode. ``seed``: an int seeds env ``i`` with ``seed + i`` (as
        Gymnasium's vector envs do), a list seeds each env, None continues each env's draws
        (fresh entropy for an env never seeded, as Gymnasium's ``np_random``)."""
        n = self.num_envs
        seeds = self._seeds(seed)
        if len(seeds) != n:
            raise WorldgenError(f"reset got {len(seeds)} seeds for {n} envs")
        self._begin(np.arange(n), seeds)
        self._s = self._start.copy()
        self._t[:] = 0
        self._acc = self._j.when.take(self._s)
        self._over = self._j.ends.take(self._s)
        self._cut = np.zeros(n, dtype=bool)
        self.valid, self.stepped = np.ones(n, dtype=bool), np.zeros(n, dtype=bool)
        self.exit_status = np.zeros(n, dtype=np.int64)
        texts = None if self._texts is None else self._texts.of(self._texts.opening[self.world])
        return texts, self._masks()

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        """Each env's seed, every one checked as ``Env.reset`` checks its seed."""
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (Sequence, np.ndarray)) and not isinstance(seed, str):
            return [episode_seed(s) for s in seed]
        first = episode_seed(seed)
        assert first is not None
        if first + self.num_envs - 1 > MAX_SEED:
            raise ValueError(f"seed {first} seeds env i with seed + i, past 2**63-1 for env {self.num_envs - 1}; "
                             f"use a seed of at most {MAX_SEED - self.num_envs + 1:_}")
        return [first + i for i in range(self.num_envs)]

    def step(self, commands: np.ndarray | Sequence[int | str]) -> StepResult:
        """Step every env with its command, an id or a text read as Env reads it (a line typed
        into a terminal world's shell): (observations, rewards, terminated, truncated, admissible
        masks [num_envs x max_commands])."""
        typed = None
        if isinstance(commands, np.ndarray) and commands.dtype.kind not in "iu":  # texts, or ids and texts
            commands = commands.tolist()
        if not isinstance(commands, np.ndarray) and any(isinstance(c, str) for c in commands):
            typed, commands = commands, self.command_ids(commands)
        j, s = self._j, self._s
        a = np.asarray(commands)
        if a.dtype.kind not in "iu":  # 1.9 is no command id; truncated it would play command 1
            raise TypeError(f"command ids are integers (or texts), not {a.dtype}")
        a = a.astype(np.int64, copy=False)
        if a.shape != (self.num_envs,):
            raise WorldgenError(f"step takes one command id per env ({self.num_envs}), got shape {a.shape}")
        column = np.minimum(a.view(np.uint64), j.unknown).view(np.int64)  # < 0 wraps past the table: unknown
        fresh = np.flatnonzero(self._over)
        column[fresh] = j.unknown  # the env resets: its command moves nothing and draws nothing
        if self._shell is not None:
            column[self._shell.envs] = j.unknown  # its shell steps it (below)
        cell = s * (j.width + 1) + column
        e = j.edge.take(cell)
        admitted = e >= 0
        r = j.root.take(e)  # -1, refused, reads the last edge, a sure one
        if r.max() >= 0:
            chance = np.flatnonzero(r >= 0)
            r[chance] = self._walk(chance, r[chance])
        tr = -1 - r
        new = np.where(admitted, j.dst.take(tr), s)
        reward = np.where(admitted, j.gain.take(e), self._per_step)
        t = self._t + 1
        if len(self._amounts):
            reward = self._pay_once(new, reward)
        terminated = j.ends.take(new)
        truncated = (t >= self._horizon) & ~terminated
        over = terminated | truncated
        ids = None if self._texts is None else self._texts.step(admitted, tr, cell, self.world)
        if len(fresh):  # each begins its next episode: a world drawn, its start shown
            self._begin(fresh)
            start = self._start[fresh]
            new[fresh], t[fresh], reward[fresh], terminated[fresh], truncated[fresh] = start, 0, 0.0, False, False
            self._acc[fresh] = j.when.take(start)
            over[fresh] = j.ends.take(start)
            if ids is not None:
                ids[fresh] = self._texts.opening[self.world[fresh]]  # type: ignore[union-attr]
        texts = None if ids is None else self._texts.of(ids)  # type: ignore[union-attr]
        valid = admitted | self._over  # a resetting env ran no command: valid, as reset's info says
        status = (~admitted).astype(np.int64)  # a world without a shell: 0 valid, 1 refused (Env's convention)
        if self._shell is not None:
            self._shelled(self._over, a, typed, new, t, reward, terminated, truncated, over, texts, valid, status)
        self.valid, self.exit_status, self.stepped = valid, status, ~self._over
        self._s, self._t, self._over, self._cut = new, t, over, truncated
        return texts, reward, terminated, truncated, self._masks()

    @property
    def steps(self) -> np.ndarray:
        """Each env's steps in its episode (Env's ``info["step"]``)."""
        return self._t.copy()

    def success(self) -> np.ndarray:
        """Per env: is it in a goal state (Env's ``info["success"]``)."""
        return self._j.done.take(self._s)

    # ------------------------------------------------------------------------- inside a step
    def _shelled(self, was_over: np.ndarray, ids: np.ndarray, typed: Sequence[Any] | None, new: np.ndarray,
                 t: np.ndarray, reward: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
                 over: np.ndarray, texts: Observations, valid: np.ndarray, status: np.ndarray) -> None:
        """Write the steps the terminal worlds' envs took in their shells into the step's arrays
        (one that reset is shown as every env that resets is, above)."""
        assert self._shell is not None
        envs, steps = self._shell.step(was_over, ids, typed)
        if not steps:
            return
        shown, paid, ended, cut, state, turns, fine, statuses = zip(*steps)
        valid[envs], status[envs] = fine, statuses
        new[envs] = self._j.state_start[self.world[envs]] + np.array(state, dtype=np.int64)
        t[envs], reward[envs] = turns, paid
        terminated[envs], truncated[envs] = ended, cut
        over[envs] = terminated[envs] | truncated[envs]
        if texts is not None:
            for i, text in zip(envs.tolist(), shown):
                texts[i] = text

    def _masks(self) -> np.ndarray:
        rows = np.where(self._over & ~self._cut, self._j.over, self._s)
        return self._j.admissible.take(rows, axis=0).view(bool)[:, :self._j.width]

    def _walk(self, envs: np.ndarray, node: np.ndarray) -> np.ndarray:
        """Each env's chance tree walked from ``node`` to its leaf with its own draws, one per
        node met as Env's ``chance`` draws: the deepest tree's count read ahead, the ones used
        counted."""
        j = self._j
        draws = self._draws.ahead(envs, j.depth)
        used = np.zeros(len(envs), dtype=np.int64)
        for level in range(j.depth):
            inside = node >= 0
            if level and not inside.any():
                break
            at = np.maximum(node, 0)
            went = np.where(draws[:, level] < j.node_p.take(at), j.node_yes.take(at), j.node_no.take(at))
            node = np.where(inside, went, node)
            used += inside
        self._draws.use(envs, used)
        return node

    def _pay_once(self, new: np.ndarray, reward: np.ndarray) -> np.ndarray:
        """``reward`` plus the `reward R when C` amounts met for the first time this episode, added
        as Env adds them: the fixed ones in bit order, then the ones read in the state (a loop
        over the few envs that met one)."""
        newly = self._j.when.take(new) & ~self._acc
        if not newly.any():
            return reward
        self._acc |= newly
        fixed = np.zeros(self.num_envs)
        for bit, amounts in enumerate(self._amounts):
            fixed += ((newly >> bit) & 1) * amounts
        reward = reward + fixed
        for i in np.flatnonzero(newly & self._live).tolist():
            w = int(self.world[i])
            reward[i] += self._envs[w].live_pay(int(newly[i]), int(new[i] - self._j.state_start[w]))[0]
        return reward
