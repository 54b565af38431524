"""Many worlds' tables as one graph: states, edges, chance nodes and transitions renumbered into
shared arrays, so a batch of envs playing different worlds (mixed scaffolds allowed) steps with a
handful of numpy gathers instead of one loop per world.

The successor table is padded to the widest world's commands (-1: not admissible, or a command
id the world does not have), plus one column, ``unknown``, where every command id outside the
table goes, and one row, ``over``, where nothing is admissible: the row an env whose episode
ended shows, as Env's admissible list is empty then. The edge arrays end with one more edge, the
one -1 reads, leading to one more transition: gathers need no mask, a ``where`` picks.
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

    edge: np.ndarray  # int32 [(S + 1) * (B + 1)]: global edge of state s, command b at s * (B + 1) + b; row S is `over`
    admissible: np.ndarray  # uint64 [S + 1, ceil(B / 8)]: edge >= 0, 8 bools a word (view as bool, keep B columns)
    gain: np.ndarray  # float64 [E + 1]
    root: np.ndarray  # int32 [E + 1]: chance node >= 0, or -1 - transition
    node_p: np.ndarray  # float64 [N]
    node_yes: np.ndarray  # int32 [N]
    node_no: np.ndarray  # int32 [N]
    dst: np.ndarray  # int32 [T + 1]: global state
    when: np.ndarray  # uint64 [S]
    ends: np.ndarray  # bool [S]: goal or failure
    done: np.ndarray  # bool [S]: goal
    state_start: np.ndarray  # int64 [W + 1]
    trans_start: np.ndarray  # int64 [W + 1]
    commands: np.ndarray  # int64 [W]: each world's command count

    width: int  # B: the widest world's commands
    over: int  # S: the row of an env whose episode has ended
    depth: int  # the most chances one step can meet: the longest root-to-leaf path of any chance tree

    @property
    def unknown(self) -> int:
        """The column of a command id outside the table (B)."""
        return self.width


def join(tables: Sequence[Tables]) -> Joined:
    """One graph holding every world of ``tables`` (in order)."""
    sizes = {name: np.array([0, *(len(getattr(t, name)) for t in tables)], dtype=np.int64)
             for name in ("edge", "gain", "node_p", "dst")}
    s0, e0, n0, t0 = (np.cumsum(sizes[k]) for k in ("edge", "gain", "node_p", "dst"))
    width = max(t.commands for t in tables)
    states, words = int(s0[-1]), -(-width // 8) * 8
    edge = np.full((states + 1, width + 1), -1, dtype=np.int32)
    for w, t in enumerate(tables):
        edge[s0[w]:s0[w + 1], :t.commands] = np.where(t.edge >= 0, t.edge + e0[w], -1)
    admissible = np.zeros((states + 1, words), dtype=bool)
    admissible[:, :width] = edge[:, :width] >= 0
    last = [np.array([-1 - int(t0[-1])])]  # the edge -1 reads leads to the transition past the last
    return Joined(
        edge=edge.ravel(), admissible=admissible.view(np.uint64),
        gain=_cat([*(t.gain for t in tables), np.zeros(1)], np.float64),
        root=_cat([*(_child(t.root, n, tr) for t, n, tr in zip(tables, n0, t0)), *last], np.int32),
        node_p=_cat([t.node_p for t in tables], np.float64),
        node_yes=_cat([_child(t.node_yes, n, tr) for t, n, tr in zip(tables, n0, t0)], np.int32),
        node_no=_cat([_child(t.node_no, n, tr) for t, n, tr in zip(tables, n0, t0)], np.int32),
        dst=_cat([*(t.dst.astype(np.int64) + s for t, s in zip(tables, s0)), np.zeros(1, np.int64)], np.int32),
        when=_cat([t.when for t in tables], np.uint64),
        ends=_cat([t.done | t.failed for t in tables], np.bool_),
        done=_cat([t.done for t in tables], np.bool_),
        state_start=s0, trans_start=t0,
        commands=np.array([t.commands for t in tables], dtype=np.int64),
        width=width, over=states, depth=max((_depth(t) for t in tables), default=0),
    )


def _depth(t: Tables) -> int:
    """The longest path of the world's chance trees (children come after their node, so one
    pass from the last node up sees each child's depth first)."""
    depth = [0] * len(t.node_p)
    for n in range(len(depth) - 1, -1, -1):
        depth[n] = 1 + max(depth[c] if c >= 0 else 0 for c in (int(t.node_yes[n]), int(t.node_no[n])))
    return max(depth, default=0)


def _child(child: np.ndarray, node0: int, trans0: int) -> np.ndarray:
    """A world's node (>= 0) or leaf (-1 - transition) in the joined numbering."""
    c = child.astype(np.int64)
    return np.where(c >= 0, c + node0, c - trans0)


def _cat(parts: list[np.ndarray], dtype: type) -> np.ndarray:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)
