"""Beliefs factored into what every state of them shares and what tells their states apart.

A belief's states often agree on much of the state: a turn counter or a flag the agent is shown
has one value in all of them. Stored once (``shared``), such components do not repeat per state,
and two beliefs that differ only there have the same ``hidden`` part, the same object to compare
and hash. ``worldgen.verify.shifts`` uses that to split such a belief from a look-alike's split.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

Element = tuple[int, tuple[Any, ...]]  # (candidate, dynamic state)
Hidden = tuple[tuple[int, tuple[Any, ...]], ...]  # (candidate, the values at the varying positions), sorted


class _Varies:
    """The mark of a position whose value differs between a belief's states."""

    def __repr__(self) -> str:
        return "VARIES"


VARIES = _Varies()


class Belief(NamedTuple):
    """A set of (candidate, state) pairs: ``shared`` is the state with VARIES where the pairs
    differ, ``hidden`` the pairs' candidates and values at those positions. Equal sets give
    equal beliefs."""

    shared: tuple[Any, ...]
    hidden: Hidden


def factor(elements: list[Element] | set[Element]) -> Belief:
    """The belief of a (non-empty) collection of (candidate, state) pairs."""
    unique = sorted(set(elements))
    cands, states = zip(*unique)
    first = states[0]
    varying = [p for p, column in enumerate(zip(*states)) if len(set(column)) > 1] if len(unique) > 1 else []
    if not varying:
        return Belief(first, tuple(zip(cands, [()] * len(cands))))
    marks = set(varying)
    shared = tuple(VARIES if p in marks else v for p, v in enumerate(first))
    pick = itemgetter(*varying)
    values = zip(map(pick, states)) if len(varying) == 1 else map(pick, states)  # always tuples
    return Belief(shared, tuple(zip(cands, values)))


def compose(shared: tuple[Any, ...], values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A full state from a belief's shared part and one state's varying values."""
    if not values:
        return shared
    it = iter(values)
    return tuple(next(it) if v is VARIES else v for v in shared)


def elements(belief: Belief) -> tuple[Element, ...]:
    """The belief's (candidate, state) pairs, sorted."""
    return tuple((ci, compose(belief.shared, values)) for ci, values in belief.hidden)
