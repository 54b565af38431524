"""A batch's envs that play terminal worlds: each types its lines into its own shell.

A terminal world's observation is what its shell prints for a line, which no table holds, so each
such env of a batch plays a ``TableEnv`` of its world (the world's tables, texts and kept lines
shared by all of them: ``shared.py``), stepped in turn while numpy steps the rest. A command id
types that command's line (``Env.commands``); text is typed as it is, any shell line; an id the
world does not have types an empty line (nothing runs, the turn counts). So env ``i`` traces what
``Env(world)`` traces for the same lines and seeds, automatic resets included (the batch begins a
finished env's next episode at its next step, ``runtime/picks.py`` saying in which world).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from worldgen.ir.world import World
from worldgen.tables.build import Tables
from worldgen.tables.draws import Draws
from worldgen.tables.step import TableEnv

UNKNOWN = ""  # the line an id the world does not have types
Step = tuple[str, float, bool, bool, int, int, bool, int]  # ..., state id, steps, valid, exit status


class ShellEnvs:
    """The envs of a batch that play terminal worlds now (``envs``, ascending): env ``i`` plays
    world ``w`` on a ``TableEnv`` of ``w`` it keeps (a shell and its session), drawing chance
    from the env's stream in ``draws``, which its episodes in other worlds read too."""

    def __init__(self, worlds: Sequence[World], tables: Sequence[Tables], draws: Draws, num_envs: int):
        self._worlds, self._tables, self._draws = worlds, tables, draws
        self.terminal = np.array([w.scaffold.terminal is not None for w in worlds])  # per world
        self._kept: dict[tuple[int, int], TableEnv] = {}  # (env, world) -> the TableEnv it plays that world on
        self._playing: dict[int, TableEnv] = {}  # env -> the episode it plays, in a terminal world
        self.envs = np.zeros(0, dtype=np.int64)
        self.playing = np.zeros(num_envs, dtype=bool)  # per batch env: in a terminal world now

    def begin(self, envs: np.ndarray, worlds: np.ndarray) -> None:
        """Envs ``envs`` start an episode in ``worlds``."""
        now = self.terminal[worlds]
        moved = now | self.playing[envs]  # in a terminal world now, or until now
        for i, w, shelled in zip(envs[moved].tolist(), worlds[moved].tolist(), now[moved].tolist()):
            if not shelled:
                del self._playing[i]
                continue
            episode = self._kept.get((i, w))
            if episode is None:
                episode = self._kept[(i, w)] = TableEnv(self._worlds[w], self._tables[w])
                episode.draw_from(functools.partial(self._draws.one, i))
            episode.reset()
            self._playing[i] = episode
        self.playing[envs] = now
        self.envs = np.flatnonzero(self.playing)

    def step(self, fresh: np.ndarray, ids: np.ndarray, typed: Sequence[Any] | None) -> tuple[np.ndarray, list[Step]]:
        """The envs that stepped (of ``envs``, in order) and, per env, (observation, reward,
        terminated, truncated, state id in its world, steps, valid, the line's exit status). ``fresh``, ``ids`` and ``typed`` (a
        command per batch env, or None) are the batch's: a fresh env began its episode (``begin``)
        and is the batch's to show (its world's start); ``typed[i]``, when a string, is the line
        typed, else ``ids[i]`` names it."""
        stepped, out = [], []
        for i in self.envs.tolist():
            if fresh[i]:
                continue
            episode = self._playing[i]
            line = typed[i] if typed is not None and isinstance(typed[i], str) else self._line(episode, int(ids[i]))
            obs, reward, terminated, truncated, info = episode.step(line)
            stepped.append(i)
            out.append((obs, reward, terminated, truncated, episode.state_id, episode.steps, info["valid"],
                        info["exit_status"]))
        return np.array(stepped, dtype=np.int64), out

    @staticmethod
    def _line(episode: TableEnv, b: int) -> str:
        lines = episode.commands
        return lines[b] if 0 <= b < len(lines) else UNKNOWN
