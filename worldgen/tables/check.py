"""``verify``'s check of a world's tables: consistent on their own (store.check) and equal to the
tables the model checker's exploration of the world builds now, array by array; a difference is
reported with the first state it touches."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import Tables, build, unfit
from worldgen.tables.store import TableError, load
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore

PER_STATE = {"edge": "successors", "mask": "admissible commands", "when": "pay-once conditions",
             "done": "goal flag", "failed": "failure flag"}
PER_EDGE = {"gain": "rewards", "root": "chance outcomes"}
PER_TRANSITION = {"dst": "successors", "prob": "outcome probabilities", "trans_edge": "chance outcomes",
                  "path_start": "chance decisions"}


def tables_problem(world: World, path: Path, bounds: Bounds) -> str | None:
    """Why the tables at ``path`` must not run ``world`` (None: they may)."""
    try:
        stored = load(path, world.id)
    except TableError as err:
        return str(err).removeprefix(f"{path}: error: ")
    rules, initial = load_rules(world)
    graph = explore(rules, initial, bounds)
    why = unfit(rules, graph)
    if why is not None:
        return f"world {world.id}: has tables but cannot run from them: {why}"
    return difference(world.id, stored, build(world.id, rules, graph))


def difference(world_id: str, stored: Tables, fresh: Tables) -> str | None:
    """The first way ``stored`` differs from ``fresh`` (the rules' own tables), naming the state."""
    who = f"world {world_id}"
    src = _edge_states(fresh)
    for name, what in (*PER_STATE.items(), *PER_EDGE.items(), *PER_TRANSITION.items()):
        a, b = getattr(stored, name), getattr(fresh, name)
        if a.shape != b.shape:
            return f"{who}: the rules give other {what} ({name} has shape {a.shape}, the rules' {b.shape})"
        bad = np.flatnonzero((a != b).reshape(len(a), -1).any(axis=1)) if a.size else np.zeros(0, int)
        if len(bad):
            i = int(bad[0])
            state = i if name in PER_STATE else int(src[i]) if name in PER_EDGE else _transition_state(fresh, src, i)
            return f"{who}: state {state}: the rules give other {what} ({name})"
    for name in ("node_p", "node_yes", "node_no", "path", "state_json", "state_start"):
        if not np.array_equal(getattr(stored, name), getattr(fresh, name)):
            return f"{who}: the rules give other {'states' if name.startswith('state') else 'chance trees'} ({name})"
    return None


def _edge_states(t: Tables) -> np.ndarray:
    rows, cols = np.nonzero(t.edge >= 0)
    src = np.empty(len(t.gain), dtype=np.int64)
    src[t.edge[rows, cols]] = rows
    return src


def _transition_state(t: Tables, src: np.ndarray, transition: int) -> int:
    return int(src[t.trans_edge[min(transition, len(t.trans_edge) - 1)]]) if len(t.trans_edge) else 0
