"""Tables on disk, beside the artifact (``worlds/<id>.tables.npz``), and the checks that make a
loaded file safe to step: nothing in it can send the runtime out of its arrays or into a loop.

The file is a NumPy ``.npz`` of plain arrays, read as data only (tables/npz.py, never a pickle).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import fields
from pathlib import Path

import numpy as np

from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.tables.build import Tables
from worldgen.tables.npz import read_arrays

PROB_TOLERANCE = 1e-9


class TableError(WorldgenError):
    """A tables file that must not be stepped: unreadable, for another world, or inconsistent."""


def encode(tables: Tables) -> bytes:
    """The bytes of a tables file (a compile worker makes them; the suite's writer saves them)."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **tables.arrays())
    return buffer.getvalue()


def save(tables: Tables, path: Path) -> bytes:
    """Write the tables file at ``path``; its bytes (what an index line's sha256 vouches for)."""
    data = encode(tables)
    write_atomic(path, data)
    return data


def load(path: Path, world_id: str) -> Tables:
    """The tables at ``path`` for the world ``world_id``; TableError naming the world (and the
    state, where one is at fault) if they are not consistent enough to step."""
    try:
        arrays = read_arrays(path, (f.name for f in fields(Tables)))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as err:
        raise TableError(f"{path}: error: world {world_id}: unreadable tables: {err}") from None
    tables = Tables(**arrays)
    problem = check(tables, world_id)
    if problem is not None:
        raise TableError(f"{path}: error: {problem}")
    return tables


_DTYPES = {"edge": np.int32, "mask": np.uint8, "gain": np.float64, "root": np.int32, "node_p": np.float64,
           "node_yes": np.int32, "node_no": np.int32, "dst": np.int32, "prob": np.float64, "trans_edge": np.int32,
           "path_start": np.int64, "path": np.bool_, "when": np.uint64, "done": np.bool_, "failed": np.bool_,
           "state_json": np.uint8, "state_start": np.int64}


def check(t: Tables, world_id: str) -> str | None:
    """The first structural problem of ``t`` as a sentence naming the world and state, or None."""
    who = f"world {world_id}"
    if t.world_id.shape != () or str(t.world_id) != world_id:
        return f"{who}: the tables were built for world {t.world_id!s}"
    for name, dtype in _DTYPES.items():
        if getattr(t, name).dtype != dtype:
            return f"{who}: table '{name}' has type {getattr(t, name).dtype}, not {np.dtype(dtype)}"
    if t.edge.ndim != 2:
        return f"{who}: the successor table is not states x commands"
    states, commands = t.edge.shape
    edges, trans, nodes = len(t.gain), len(t.dst), len(t.node_p)
    sizes = {"mask": (states, (commands + 7) // 8), "root": (edges,), "node_yes": (nodes,), "node_no": (nodes,),
             "prob": (trans,), "trans_edge": (trans,), "path_start": (trans + 1,), "when": (states,), "done": (states,),
             "failed": (states,), "state_start": (states + 1,)}
    for name, shape in sizes.items():
        if getattr(t, name).shape != shape:
            return f"{who}: table '{name}' has shape {getattr(t, name).shape}, not {shape}"
    rows, cols = np.nonzero(t.edge >= 0)
    if len(rows) != edges or np.any(t.edge < -1) or np.any(t.edge >= edges) or (edges and np.any(np.sort(t.edge[rows, cols]) != np.arange(edges))):
        bad = _first_row((t.edge < -1) | (t.edge >= edges))
        return f"{who}: state {bad if bad is not None else 0}: its command table does not number each edge once"
    src = np.empty(edges, dtype=np.int64)
    src[t.edge[rows, cols]] = rows
    bad = _first_row(np.packbits(t.edge >= 0, axis=1, bitorder="little") != t.mask)
    if bad is not None:
        return f"{who}: state {bad}: its admissible mask disagrees with its successor table"
    out = np.flatnonzero((t.dst < 0) | (t.dst >= states))
    if len(out):
        return f"{who}: state {_src_of(t, src, int(out[0]))}: successor {int(t.dst[out[0]])} out of range 0..{states - 1}"
    if trans and (np.any(t.trans_edge < 0) or np.any(t.trans_edge >= edges)):
        return f"{who}: a chance outcome belongs to no edge"
    if np.any(~np.isfinite(t.prob)) or np.any(t.prob <= 0) or np.any(t.prob > 1):
        return f"{who}: state {_src_of(t, src, int(np.flatnonzero(~(t.prob > 0) | ~(t.prob <= 1))[0]))}: a chance outcome's probability is not in (0, 1]"
    total = np.bincount(t.trans_edge, weights=t.prob, minlength=edges)
    off = np.flatnonzero(np.abs(total - 1) > PROB_TOLERANCE)
    if len(off):
        return f"{who}: state {int(src[off[0]])}: the outcomes of command {int(t.edge[src[off[0]]].tolist().index(int(off[0])))} have probabilities summing to {total[off[0]]:.12g}, not 1"
    problem = _trees(t, trans, nodes)
    if problem is not None:
        return f"{who}: {problem}"
    if np.any(np.diff(t.path_start) < 0) or t.path_start[0] != 0 or t.path_start[-1] != len(t.path):
        return f"{who}: the chance decisions of its outcomes are out of order"
    if np.any(np.diff(t.state_start) < 0) or t.state_start[0] != 0 or t.state_start[-1] != len(t.state_json):
        return f"{who}: its states' values are out of order"
    return None


def _trees(t: Tables, trans: int, nodes: int) -> str | None:
    """Every root and child inside the tables, children after their node (so walks end)."""
    if np.any((t.root < -trans) | (t.root >= nodes)):
        return "an edge's chance tree starts outside the tables"
    ids = np.arange(nodes)
    for child in (t.node_yes, t.node_no):
        if np.any((child < -trans) | ((child >= 0) & (child <= ids)) | (child >= nodes)):
            return "a chance tree's node leads outside the tables or back up the tree"
    if np.any(~np.isfinite(t.node_p)):
        return "a chance tree's probability is not a number"
    return None


def _first_row(bad: np.ndarray) -> int | None:
    rows = np.flatnonzero(bad.any(axis=1)) if bad.ndim == 2 else np.flatnonzero(bad)
    return int(rows[0]) if len(rows) else None


def _src_of(t: Tables, src: np.ndarray, transition: int) -> int:
    e = int(t.trans_edge[transition])
    return int(src[e]) if 0 <= e < len(src) else 0
