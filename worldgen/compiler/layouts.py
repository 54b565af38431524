"""Constructive layouts: rooms joined by compass exits, built planar instead of drawn and rejected.

``compass_tree(E)`` and ``compass_chain(E)`` place every value of the entity on an unseen square
lattice, one room at a time next to one already placed, and join the two by opposite exits
(north/south or east/west). Each square holds one room, so exits never cross and going north then
south returns where you were: the layout is planar by construction, every room is reachable from
every other, and the leaves are dead ends. The result is a ``map<E, map<direction, E>>``: the room
each exit leads to, or the room itself where there is no exit (as ``step`` stays put at a grid's edge).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

MOVES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west: the order of `direction`
MAX_RESTARTS = 1000  # chains that walked into a dead end before every room was placed


def _exits(n: int, parent_of: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Exit tables from (room, parent, direction from parent) links: parent_of[k] for room k + 1."""
    table = [[r] * len(MOVES) for r in range(n)]
    for child, (parent, d) in enumerate(parent_of, start=1):
        table[parent][d] = child
        table[child][(d + 2) % len(MOVES)] = parent
    return tuple(tuple(row) for row in table)


def _grow(n: int, rng: np.random.Generator, chain: bool) -> list[tuple[int, int]] | None:
    """Place rooms 1..n-1 one by one (room 0 at the origin); a chain always grows from its last
    room and can box itself in (None), a tree grows from a random room with a free square beside it."""
    at = {(0, 0)}
    where = [(0, 0)]
    growing = [0]  # rooms that may still have a free square beside them
    links: list[tuple[int, int]] = []
    for room in range(1, n):
        while True:
            if not growing:
                return None
            k = len(growing) - 1 if chain else int(rng.integers(len(growing)))
            p = growing[k]
            free = [d for d, (dx, dy) in enumerate(MOVES) if (where[p][0] + dx, where[p][1] + dy) not in at]
            if free:
                break
            growing.pop(k)  # boxed in: never a parent again (a chain that loses its end is stuck)
            if chain:
                return None
        d = free[int(rng.integers(len(free)))]
        spot = (where[p][0] + MOVES[d][0], where[p][1] + MOVES[d][1])
        at.add(spot)
        where.append(spot)
        growing.append(room)
        links.append((p, d))
    return links


def layouts(rng: np.random.Generator) -> dict[str, Callable[..., Any]]:
    """The layout generators of one world's build, drawing from ``rng``; rooms are numbered in a
    random order, so room 0 (a scaffold's usual start) is anywhere in the layout."""

    def build(mask: int, chain: bool) -> tuple[tuple[int, ...], ...]:
        n = mask.bit_length()
        for _ in range(MAX_RESTARTS):
            links = _grow(n, rng, chain)
            if links is not None:
                order = [int(i) for i in rng.permutation(n)]  # lattice room k is entity value order[k]
                exits = _exits(n, links)
                table: list[tuple[int, ...]] = [()] * n
                for k, row in enumerate(exits):
                    table[order[k]] = tuple(order[r] for r in row)
                return tuple(table)
        from worldgen.codegen.names import RuleError

        raise RuleError(f"compass_chain() could not lay {n} rooms in a line in {MAX_RESTARTS} tries")

    def compass_tree(mask: int) -> tuple[tuple[int, ...], ...]:
        return build(mask, chain=False)

    def compass_chain(mask: int) -> tuple[tuple[int, ...], ...]:
        return build(mask, chain=True)

    return {"G_compass_tree": compass_tree, "G_compass_chain": compass_chain}
