"""Thousands of episodes stepped at once from their worlds' tables, with numpy.

Env ``i`` of a batch plays ``worlds[i % len(worlds)]`` (one suite, mixed scaffolds allowed) and
traces exactly what ``Env(world)`` traces when reset with the env's seed and then reset without
one at each end, so its chance stream runs on from episode to episode as Env's does. Commands are
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
        self.world = np.arange(n, dtype=np.int64) % len(worlds)  # the world each env plays
        self._start = j.state_start[self.world]
        self._horizon = np.array([e.horizon for e in self._envs], dtype=np.int64)[self.world]
        self._per_step = np.array([e.rules.per_step for e in self._envs], dtype=np.float64)[self.world]
        bits = max(len(e.rules.when_amounts) for e in self._envs)
        amounts = np.zeros((len(worlds), bits))
        for w, e in enumerate(self._envs):
            amounts[w, :len(e.rules.when_amounts)] = e.rules.when_amounts
        self._amounts = amounts[self.world].T.copy()  # [bit, env]: the fixed pay-once amounts
        self._live = np.array([sum(1 << bit for bit, _, _ in e.rules.live) for e in self._envs], dtype=np.uint64)[self.world]
        self._texts = BatchTexts(j, self._envs) if texts else None
        self._draws = Draws([self.worlds[w] for w in self.world.tolist()], j.depth)
        self._s = self._start.copy()  # each env's state (global id)
        self._t = np.zeros(n, dtype=np.int64)
        self._acc = j.when.take(self._s)  # pay-once conditions met this episode
        self._over = np.ones(n, dtype=bool)  # ended: the next step resets it
        self._cut = np.zeros(n, dtype=bool)  # ended at the horizon: its state still admits what it did
        self.valid = np.ones(n, dtype=bool)  # the last step's command was valid (Env's info["valid"])
        self.exit_status = np.zeros(n, dtype=np.int64)  # its exit status (Env's info["exit_status"])
        self.stepped = np.zeros(n, dtype=bool)  # False where the last step reset the env (no command ran)
        shelled = np.flatnonzero(np.array([w.scaffold.terminal is not None for w in self.worlds])[self.world])
        self._shell = ShellEnvs(shelled, [self.worlds[w] for w in self.world[shelled].tolist()],
                                [tables[w] for w in self.world[shelled].tolist()]) if len(shelled) else None

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
        Gymnasium's vector envs do), a list seeds each env, None continues each env's stream."""
        n = self.num_envs
        seeds = self._seeds(seed)
        if len(seeds) != n:
            raise WorldgenError(f"reset got {len(seeds)} seeds for {n} envs")
        chosen = [(i, s) for i, s in enumerate(seeds) if s is not None]
        self._draws.seed([i for i, _ in chosen], [s for _, s in chosen])
        self._s = self._start.copy()
        self._t[:] = 0
        self._acc = self._j.when.take(self._s)
        self._over = self._j.ends.take(self._s)
        self._cut = np.zeros(n, dtype=bool)
        self.valid, self.stepped = np.ones(n, dtype=bool), np.zeros(n, dtype=bool)
        self.exit_status = np.zeros(n, dtype=np.int64)
        if self._shell is not None:
            self._shell.reset(seeds)
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
        a = np.asarray(commands, dtype=np.int64)
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
        if len(fresh):
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
