"""A tables file is data checked before a step is taken: saved and loaded whole, and refused
(naming the world and the state) when it is for another world or inconsistent in itself."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from tests.tables.conftest import tables_of
from worldgen.ir.world import World
from worldgen.tables.build import Tables
from worldgen.tables.step import TableEnv
from worldgen.tables.paths import tables_path
from worldgen.tables.store import TableError, load, save


def _saved(tables: Tables, tmp_path: Path) -> Path:
    path = tmp_path / "w.tables.npz"
    save(tables, path)
    return path


def test_tables_sit_beside_their_artifact() -> None:
    assert tables_path(Path("out/worlds/ice-3-ab.json")) == Path("out/worlds/ice-3-ab.tables.npz")


def test_saved_tables_load_unchanged(lake: World, tmp_path: Path) -> None:
    tables = tables_of(lake)
    loaded = load(_saved(tables, tmp_path), lake.id)
    for name, array in tables.arrays().items():
        np.testing.assert_array_equal(getattr(loaded, name), array)


def _tampered(tables: Tables, name: str, change) -> Tables:  # type: ignore[no-untyped-def]
    array = getattr(tables, name).copy()
    change(array)
    return replace(tables, **{name: array})


def _state_of_edge(tables: Tables, e: int) -> int:
    return int(np.argwhere(tables.edge == e)[0][0])


def test_a_successor_out_of_range_is_refused(ice: World, tmp_path: Path) -> None:
    tables = tables_of(ice)
    bad = _tampered(tables, "dst", lambda a: a.__setitem__(3, tables.states))
    with pytest.raises(TableError, match=rf"world {ice.id}: state {_state_of_edge(tables, int(tables.trans_edge[3]))}: "
                                         rf"successor {tables.states} out of range"):
        load(_saved(bad, tmp_path), ice.id)


def test_a_mask_disagreeing_with_the_successor_table_is_refused(ice: World, tmp_path: Path) -> None:
    tables = tables_of(ice)
    bad = _tampered(tables, "mask", lambda a: a.__setitem__((2, 0), a[2, 0] ^ 1))
    with pytest.raises(TableError, match=rf"world {ice.id}: state 2: its admissible mask disagrees"):
        load(_saved(bad, tmp_path), ice.id)


def test_outcomes_whose_probabilities_do_not_sum_to_one_are_refused(lake: World, tmp_path: Path) -> None:
    tables = tables_of(lake)
    t = int(np.flatnonzero(tables.prob < 1)[0])
    bad = _tampered(tables, "prob", lambda a: a.__setitem__(t, a[t] / 2))
    state = _state_of_edge(tables, int(tables.trans_edge[t]))
    with pytest.raises(TableError, match=rf"world {lake.id}: state {state}: the outcomes of command \d+ have "
                                         r"probabilities summing to 0\.\d+, not 1"):
        load(_saved(bad, tmp_path), lake.id)


def test_a_chance_tree_leading_back_up_is_refused(lake: World, tmp_path: Path) -> None:
    bad = _tampered(tables_of(lake), "node_yes", lambda a: a.__setitem__(1, 0))
    with pytest.raises(TableError, match="leads outside the tables or back up the tree"):
        load(_saved(bad, tmp_path), lake.id)


def test_tables_of_another_world_are_refused(ice: World, lake: World, tmp_path: Path) -> None:
    with pytest.raises(TableError, match=f"the tables were built for world {ice.id}"):
        load(_saved(tables_of(ice), tmp_path), lake.id)


def test_a_file_that_is_not_tables_is_refused(ice: World, tmp_path: Path) -> None:
    path = tmp_path / "w.tables.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(TableError, match=f"world {ice.id}: unreadable tables"):
        load(path, ice.id)


def test_the_runtime_refuses_to_load_tampered_tables(ice: World, tmp_path: Path) -> None:
    tables = tables_of(ice)
    bad = _tampered(tables, "edge", lambda a: a.__setitem__((0, 0), len(tables.gain) + 5))
    with pytest.raises(TableError, match=rf"world {ice.id}: state 0:"):
        TableEnv.open(ice, _saved(bad, tmp_path))
