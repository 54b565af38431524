"""Each env's draws read ahead are its chance stream in order, whatever a step used of them:
reading past the block keeps the unused ones first."""

from __future__ import annotations

import numpy as np

from worldgen.ir.world import World
from worldgen.runtime.env import chance_stream
from worldgen.tables.draws import BLOCK, Draws


def test_draws_read_ahead_and_used_one_by_one_are_the_stream(lake: World) -> None:
    draws = Draws(2, depth=3)
    draws.seed([0, 1], [lake, lake], [None, 42])
    envs = np.array([0, 1])
    taken: list[list[float]] = [[], []]
    for step in range(2 * BLOCK):  # across several refills, with 2 draws still unused at each
        ahead = draws.ahead(envs, 3)
        used = np.array([1, 1 + step % 2])
        for i in (0, 1):
            taken[i] += ahead[i, :used[i]].tolist()
        draws.use(envs, used)
    assert taken[0] == chance_stream(lake, None).random(len(taken[0])).tolist()  # the world's own seed
    assert taken[1] == chance_stream(lake, 42).random(len(taken[1])).tolist()

