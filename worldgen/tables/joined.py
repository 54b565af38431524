"""Many worlds' tables as one graph: states, edges, chance nodes and transitions renumbered into
shared arrays, so a batch of envs playing different worlds (mixed scaffolds allowed) steps with a
handful of numpy gathers instead of one loop per world.

The successor table is padded to the widest world's commands (-1: not admissible, or a command
id the world does not have) and has one more row, ``over``, where nothing is admissible: the
row an env whose episode ended shows, as Env's admissible list is empty then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from worldgen.tables.build import Tables


@dataclass(frozen=True)
class Joined:
    """Global ids: state ``state_start[w] + s`` is state s of world w; likewise for edges, nodes
    and transitions. Arrays as in ``Tables``, renumbered."""

    edge: np.ndarray  # int32 [S + 1, B]: global edge; row S is `over`
    admissible: np.ndarray  # bool [S + 1, B]: edge >= 0
    gain: np.ndarray  # float64 [E]
    root: np.ndarray  # int32 [E]: chance node >= 0, or -1 - transition
    node_p: np.ndarray  # float64 [N]
    node_yes: np.ndarray  # int32 [N]
    node_no: np.ndarray  # int32 [N]
    dst: np.ndarray  # int32 [T]: global state
    when: np.ndarray  # uint64 [S]
    ends: np.ndarray  # bool [S]: goal or failure
    done: np.ndarray  # bool [S]: goal
    state_start: np.ndarray  # int64 [W + 1]
    trans_start: np.ndarray  # int64 [W + 1]
    commands: np.ndarray  # int64 [W]: each world's command count
    chance: np.ndarray  # bool [W]: does the world have a chance edge

    @property
    def over(self) -> int:
        """The row of an env whose episode has ended."""
        return int(self.edge.shape[0]) - 1


def join(tables: Sequence[Tables]) -> Joined:
    """One graph holding every world of ``tables`` (in order)."""
    sizes = {name: np.array([0, *(len(getattr(t, name)) for t in tables)], dtype=np.int64)
             for name in ("edge", "gain", "node_p", "dst")}
    s0, e0, n0, t0 = (np.cumsum(sizes[k]) for k in ("edge", "gain", "node_p", "dst"))
    width = max(t.commands for t in tables)
    edge = np.full((int(s0[-1]) + 1, width), -1, dtype=np.int32)
    for w, t in enumerate(tables):
        edge[s0[w]:s0[w + 1], :t.commands] = np.where(t.edge >= 0, t.edge + e0[w], -1)
    return Joined(
        edge=edge, admissible=edge >= 0,
        gain=_cat([t.gain for t in tables], np.float64),
        root=_cat([_child(t.root, n, tr) for t, n, tr in zip(tables, n0, t0)], np.int32),
        node_p=_cat([t.node_p for t in tables], np.float64),
        node_yes=_cat([_child(t.node_yes, n, tr) for t, n, tr in zip(tables, n0, t0)], np.int32),
        node_no=_cat([_child(t.node_no, n, tr) for t, n, tr in zip(tables, n0, t0)], np.int32),
        dst=_cat([t.dst.astype(np.int64) + s for t, s in zip(tables, s0)], np.int32),
        when=_cat([t.when for t in tables], np.uint64),
        ends=_cat([t.done | t.failed for t in tables], np.bool_),
        done=_cat([t.done for t in tables], np.bool_),
        state_start=s0, trans_start=t0,
        commands=np.array([t.commands for t in tables], dtype=np.int64),
        chance=np.array([bool(np.any(t.root >= 0)) for t in tables], dtype=bool),
    )


def _child(child: np.ndarray, node0: int, trans0: int) -> np.ndarray:
    """A world's node (>= 0) or leaf (-1 - transition) in the joined numbering."""
    c = child.astype(np.int64)
    return np.where(c >= 0, c + node0, c - trans0)


def _cat(parts: list[np.ndarray], dtype: type) -> np.ndarray:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)
