"""A batch's envs that play terminal worlds: each types its lines into its own shell.

A terminal world's observation is what its shell prints for a line, which no table holds, so each
such env of a batch is one ``TableEnv`` of its world (the world's tables, texts and kept lines
shared by all of them: ``shared.py``), stepped in turn while numpy steps the rest. A command id
types that command's line (``Env.commands``); text is typed as it is, any shell line; an id the
world does not have types an empty line (nothing runs, the turn counts). So env ``i`` traces what
``Env(world)`` traces for the same lines and seeds, automatic resets included (the batch resets a
finished env at its next step, without a seed: its chance stream runs on, as Env's does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from worldgen.ir.world import World
from worldgen.tables.build import Tables
from worldgen.tables.step import TableEnv

UNKNOWN = ""  # the line an id the world does not have types
Step = tuple[str, float, bool, bool, int, int, bool, int]  # ..., state id, steps, valid, exit status


class ShellEnvs:
    """Envs ``envs`` of a batch (indices, ascending), env ``envs[k]`` playing ``worlds[k]``."""

    def __init__(self, envs: np.ndarray, worlds: Sequence[World], tables: Sequence[Tables]):
        self.envs = envs
        self._episodes = [TableEnv(w, t) for w, t in zip(worlds, tables)]
        self._lines = [e.commands for e in self._episodes]

    def reset(self, seeds: Sequence[int | None]) -> None:
        """Start each env's episode with its seed (``seeds`` per batch env; None continues its stream)."""
        for i, episode in zip(self.envs.tolist(), self._episodes):
            episode.reset(seed=seeds[i])

    def step(self, fresh: np.ndarray, ids: np.ndarray, typed: Sequence[Any] | None) -> tuple[np.ndarray, list[Step]]:
        """The envs that stepped (of ``envs``, in order) and, per env, (observation, reward,
        terminated, truncated, state id in its world, steps, valid, the line's exit status). ``fresh``, ``ids`` and ``typed`` (a
        command per batch env, or None) are the batch's: a fresh env resets, ignoring its command,
        and is the batch's to show (its world's start); ``typed[i]``, when a string, is the line
        typed, else ``ids[i]`` names it."""
        stepped, out = [], []
        for k, i in enumerate(self.envs.tolist()):
            episode = self._episodes[k]
            if fresh[i]:
                episode.reset()
                continue
            line = typed[i] if typed is not None and isinstance(typed[i], str) else self._line(k, int(ids[i]))
            obs, reward, terminated, truncated, info = episode.step(line)
            stepped.append(i)
            out.append((obs, reward, terminated, truncated, episode.state_id, episode.steps, info["valid"],
                        info["exit_status"]))
        return np.array(stepped, dtype=np.int64), out

    def _line(self, k: int, b: int) -> str:
        lines = self._lines[k]
        return lines[b] if 0 <= b < len(lines) else UNKNOWN
