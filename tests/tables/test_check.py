"""``verify``'s check of tables: consistent ones that the rules no longer give (an edited
successor, reward or mask) fail with the world and the first state they touch."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from tests.tables.conftest import tables_of
from worldgen.ir.world import World
from worldgen.tables.check import difference, tables_problem
from worldgen.tables.store import save
from worldgen.verify.report import Bounds


def test_the_tables_the_rules_build_pass(lake: World, tmp_path: Path) -> None:
    save(tables_of(lake), tmp_path / "t.npz")
    assert tables_problem(lake, tmp_path / "t.npz", Bounds()) is None


def test_a_successor_moved_to_another_state_disagrees_with_the_rules(ice: World) -> None:
    tables = tables_of(ice)
    dst = tables.dst.copy()
    dst[5] = (dst[5] + 1) % tables.states
    state = int(np.argwhere(tables.edge == tables.trans_edge[5])[0][0])
    assert difference(ice.id, replace(tables, dst=dst), tables) == \
        f"world {ice.id}: state {state}: the rules give other successors (dst)"


def test_a_reward_edited_disagrees_with_the_rules(ice: World) -> None:
    tables = tables_of(ice)
    gain = tables.gain.copy()
    gain[4] += 1
    state = int(np.argwhere(tables.edge == 4)[0][0])
    assert difference(ice.id, replace(tables, gain=gain), tables) == \
        f"world {ice.id}: state {state}: the rules give other rewards (gain)"


def test_a_command_removed_from_a_state_disagrees_with_the_rules(ice: World, tmp_path: Path) -> None:
    """The mask agrees with the edited successor table: only the rules can tell."""
    tables = tables_of(ice)
    row = 0
    b = int(np.flatnonzero(tables.edge[row] >= 0)[0])
    edge, mask = tables.edge.copy(), tables.mask.copy()
    edge[row, b] = -1
    mask[row] = np.packbits(edge[row] >= 0, bitorder="little")
    tampered = replace(tables, edge=edge, mask=mask)
    problem = difference(ice.id, tampered, tables)
    assert problem == f"world {ice.id}: state {row}: the rules give other successors (edge)"
