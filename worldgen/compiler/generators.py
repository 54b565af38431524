"""Build-time generators (sample, shuffle, choice, random_tree, ring, grid, random_dag, randint, maze;
the compass layouts come from compiler/layouts.py).

They run while a world is built, draw from one seeded Generator, and return runtime-encoded
values (sets and relations as bitmasks, lists as tuples). Relations they make are symmetric
except random_dag, whose edges point from later entities to earlier ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from worldgen.codegen.names import RuleError
from worldgen.compiler.layouts import layouts
from worldgen.ir.values import bits


def _link(rel: list[int], a: int, b: int) -> None:
    rel[a] |= 1 << b
    rel[b] |= 1 << a


def generators(rng: np.random.Generator) -> dict[str, Callable[..., Any]]:
    def sample(mask: int, n: int) -> tuple[int, ...]:
        pool = bits(mask)
        if not 0 <= n <= len(pool):
            raise RuleError(f"sample() asked for {n} of only {len(pool)} elements")
        return tuple(int(pool[i]) for i in rng.permutation(len(pool))[:n])

    def shuffle(value: int | tuple) -> tuple:
        pool = bits(value) if isinstance(value, int) else value
        return tuple(pool[i] for i in rng.permutation(len(pool)))

    def choice(mask: int) -> int:
        pool = bits(mask)
        if not pool:
            raise RuleError("choice() from an empty set")
        return int(pool[int(rng.integers(len(pool)))])

    def random_tree(mask: int) -> tuple[int, ...]:
        n = mask.bit_length()
        rel = [0] * n
        order = [int(i) for i in rng.permutation(n)]
        for k in range(1, n):
            _link(rel, order[k], order[int(rng.integers(k))])
        return tuple(rel)

    def ring(mask: int) -> tuple[int, ...]:
        n = mask.bit_length()
        rel = [0] * n
        order = [int(i) for i in rng.permutation(n)]
        if n > 1:
            for k in range(n):
                _link(rel, order[k], order[(k + 1) % n])
        return tuple(rel)

    def grid(mask: int, width: int) -> tuple[int, ...]:
        n = mask.bit_length()
        if width < 1:
            raise RuleError(f"grid() width must be at least 1, not {width}")
        rel = [0] * n
        cell = [int(i) for i in rng.permutation(n)]  # cell k holds entity cell[k]
        for k in range(n):
            if (k + 1) % width and k + 1 < n:
                _link(rel, cell[k], cell[k + 1])
            if k + width < n:
                _link(rel, cell[k], cell[k + width])
        return tuple(rel)

    def random_dag(mask: int, k: int) -> tuple[int, ...]:
        n = mask.bit_length()
        rel = [0] * n
        for i in range(1, n):
            m = int(rng.integers(0, min(k, i) + 1))
            for j in rng.permutation(i)[:m]:
                rel[i] |= 1 << int(j)
        return tuple(rel)

    def maze(mask: int, width: int) -> tuple[int, ...]:
        """A random spanning tree of the grid's neighbour graph (randomised depth-first search)."""
        n = mask.bit_length()
        rel = [0] * n
        if not n:
            return ()
        seen, stack = {0}, [0]
        while stack:
            c = stack[-1]
            x, y = c % width, c // width
            around = [k for k, ok in ((c - width, y > 0), (c + 1, x + 1 < width), (c + width, c + width < n), (c - 1, x > 0))
                      if ok and k not in seen]
            if not around:
                stack.pop()
                continue
            k = around[int(rng.integers(len(around)))]
            _link(rel, c, k)
            seen.add(k)
            stack.append(k)
        return tuple(rel)

    def randint(lo: int, hi: int) -> int:
        if lo > hi:
            raise RuleError(f"randint({lo}, {hi}) has an empty range")
        return int(rng.integers(lo, hi + 1))

    return {f"G_{f.__name__}": f for f in (sample, shuffle, choice, random_tree, ring, grid, random_dag, randint, maze)} | layouts(rng)
